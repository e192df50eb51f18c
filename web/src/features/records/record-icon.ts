import { Building2, UserRound, type LucideIcon } from "lucide-react";

/** A record's icon by its kind: a building for a company, a person otherwise. */
export function recordIconOf(object: string | null | undefined): LucideIcon {
  return object === "company" ? Building2 : UserRound;
}
