import type { Role } from "../../../../drizzle/values";
import { Badge } from "../../ui/badge";

const tones = { owner: "primary", admin: "success", member: "neutral" } as const;

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={tones[role]}>{role}</Badge>;
}
