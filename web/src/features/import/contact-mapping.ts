/** What a CSV column can become on a contact. */
export type ContactTarget =
  | "firstName"
  | "lastName"
  | "fullName"
  | "email"
  | "phone"
  | "title"
  | "leadStatus"
  | "source"
  | "leadScore"
  | "tags"
  | "linkedinUrl"
  | `prop:${string}`;

export const contactTargets: { value: ContactTarget; label: string; aliases: string[] }[] = [
  { value: "firstName", label: "First name", aliases: ["first name", "firstname", "given name", "first"] },
  { value: "lastName", label: "Last name", aliases: ["last name", "lastname", "surname", "family name", "last"] },
  { value: "fullName", label: "Full name", aliases: ["name", "full name", "contact name", "contact"] },
  { value: "email", label: "Email", aliases: ["email", "e-mail", "email address", "mail", "work email"] },
  { value: "phone", label: "Phone", aliases: ["phone", "phone number", "mobile", "telephone", "tel"] },
  { value: "title", label: "Title", aliases: ["title", "job title", "position", "role"] },
  { value: "leadStatus", label: "Lead status", aliases: ["status", "lead status", "stage"] },
  { value: "source", label: "Source", aliases: ["source", "lead source", "origin"] },
  { value: "leadScore", label: "Lead score", aliases: ["score", "lead score"] },
  { value: "tags", label: "Tags", aliases: ["tags", "labels", "tag"] },
  { value: "linkedinUrl", label: "LinkedIn URL", aliases: ["linkedin", "linkedin url", "linkedin profile", "url"] },
];

export type Mapping = Record<string, ContactTarget | "">;
export type PropertyTarget = { key: string; label: string; type: string };

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_\-.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Guesses each header's target from its name; each target is used at most once. */
export function autoMap(headers: string[], properties: PropertyTarget[]): Mapping {
  const used = new Set<string>();
  const mapping: Mapping = {};
  for (const header of headers) {
    const name = normalise(header);
    const builtIn = contactTargets.find((t) => t.aliases.includes(name) && !used.has(t.value));
    const property = properties.find(
      (p) => (normalise(p.label) === name || p.key === name.replace(/ /g, "_")) && !used.has(`prop:${p.key}`),
    );
    const target: ContactTarget | "" = builtIn?.value ?? (property ? `prop:${property.key}` : "");
    if (target) used.add(target);
    mapping[header] = target;
  }
  return mapping;
}

const list = (text: string) =>
  text
    .split(/[;,]/)
    .map((t) => t.trim())
    .filter(Boolean);

/** One CSV row as the fields contacts.import expects; only mapped, non-empty cells are set. */
export function mapRow(
  row: Record<string, string>,
  mapping: Mapping,
  properties: PropertyTarget[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const values: Record<string, unknown> = {};
  for (const [header, target] of Object.entries(mapping)) {
    const cell = (row[header] ?? "").trim();
    if (!target || !cell) continue;
    switch (target) {
      case "fullName": {
        const [first, ...rest] = cell.split(/\s+/);
        out.firstName ??= first;
        out.lastName ??= rest.join(" ");
        break;
      }
      case "email":
        out.emails = list(cell).map((e) => e.toLowerCase());
        break;
      case "phone":
        out.phones = list(cell);
        break;
      case "tags":
        out.tags = list(cell);
        break;
      case "leadStatus":
        out.leadStatus = cell.toLowerCase();
        break;
      case "leadScore":
        out.leadScore = Number(cell);
        break;
      default:
        if (target.startsWith("prop:")) {
          const key = target.slice(5);
          const type = properties.find((p) => p.key === key)?.type;
          values[key] =
            type === "number" || type === "currency"
              ? Number(cell)
              : type === "boolean"
                ? /^(true|yes|1|y)$/i.test(cell)
                : type === "multi-select"
                  ? list(cell)
                  : cell;
        } else out[target] = cell;
    }
  }
  if (Object.keys(values).length) out.properties = values;
  return out;
}
