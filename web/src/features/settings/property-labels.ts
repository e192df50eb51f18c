import type { inferOutput } from "@trpc/tanstack-react-query";
import {
  Calendar,
  CircleChevronDown,
  Coins,
  Hash,
  Link2,
  ListChecks,
  Mail,
  ToggleLeft,
  Type,
  type LucideIcon,
} from "lucide-react";
import { propertyTypes, recordObjects, type PropertyType, type RecordObject } from "../../../../drizzle/values";
import { uniqueIgnoringCase } from "../../../../worker/src/domain/records/normalize";
import type { trpc } from "../../lib/trpc";

export type Property = inferOutput<typeof trpc.properties.list>[number];
export { propertyTypes, recordObjects, type PropertyType, type RecordObject };

export const objectLabels: Record<RecordObject, string> = { contact: "Contacts", company: "Companies", deal: "Deals" };

export const typeMeta: Record<PropertyType, { label: string; icon: LucideIcon }> = {
  text: { label: "Text", icon: Type },
  number: { label: "Number", icon: Hash },
  currency: { label: "Currency", icon: Coins },
  date: { label: "Date", icon: Calendar },
  boolean: { label: "Yes / no", icon: ToggleLeft },
  select: { label: "Select", icon: CircleChevronDown },
  "multi-select": { label: "Multi-select", icon: ListChecks },
  url: { label: "URL", icon: Link2 },
  email: { label: "Email", icon: Mail },
};

/** Whether a type has options (select, multi-select): the server's rule. */
export { hasOptions } from "../../../../worker/src/schemas/customization";

/** "Renewal date" → "renewal_date": what the server's key rule accepts (a letter first, 40 at most). */
export function keyFromLabel(label: string): string {
  const key = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  const lettered = /^[a-z]/.test(key) ? key : key ? `f_${key}` : "";
  return lettered.slice(0, 40).replace(/_+$/, "");
}

/** Options typed comma-separated or one per line, trimmed and without repeats. */
export function parseOptions(text: string): string[] {
  // Each option once, however capitalised (the first spelling stays), as the server requires.
  return uniqueIgnoringCase(
    text
      .split(/[,\n]/)
      .map((option) => option.trim())
      .filter(Boolean),
  );
}
