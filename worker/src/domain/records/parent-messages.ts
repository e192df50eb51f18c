/** Why a company cannot be another's parent: it is one of that company's subsidiaries. Pure: the web says it too. */
export const loopMessage = (parentName: string) =>
  `${parentName} belongs to this company, so it cannot be its parent company.`;

/** The advice when every company a cell names has a domain. */
export const NAME_IT_BY_DOMAIN = "put the domain of the one you mean in this cell instead.";

/** How many domains a "several companies" message names before it counts the rest. */
const DOMAINS_NAMED = 3;

/** How many lines a message names before it counts the rest. */
const LINES_NAMED = 5;

/** "line 4", "lines 3 and 4", "lines 3, 4, 7, 9, 12 and 2 more": the lines of a file, in order. */
export function linesSaid(lines: readonly number[]) {
  const sorted = [...lines].sort((a, b) => a - b);
  if (sorted.length === 1) return `line ${sorted[0]}`;
  const named = sorted.slice(0, LINES_NAMED).map(String);
  if (sorted.length > LINES_NAMED) named.push(`${sorted.length - LINES_NAMED} more`);
  return `lines ${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}

/**
 * Why the import refuses a Company or Parent company cell (`field`) naming more than one company: the domain of each
 * (`domains`, one a company, null for one without), so the person can name the one they mean by it. Those without a
 * domain that are rows of the file being imported are named by their `lines`, so the person can find them and give one
 * a domain. Pure: the web's whole-file check says it too.
 */
export function severalNamedMessage(
  field: string,
  cell: string,
  domains: readonly (string | null)[],
  lines: readonly number[] = [],
) {
  const known = [...new Set(domains.filter((domain): domain is string => !!domain))].sort();
  const withoutDomain = domains.filter((domain) => !domain).length;
  const parts = known.slice(0, DOMAINS_NAMED);
  if (known.length > DOMAINS_NAMED) parts.push(`${known.length - DOMAINS_NAMED} more`);
  if (withoutDomain) {
    const where = !lines.length
      ? ""
      : `, ${lines.length < withoutDomain ? `${lines.length} of them ` : ""}on ${linesSaid(lines)} of this file`;
    parts.push(`${withoutDomain} with no domain${where}`);
  }
  const which = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  const advice =
    withoutDomain === 0
      ? NAME_IT_BY_DOMAIN
      : known.length === 0
        ? "give the one you mean a domain, then put that domain in this cell."
        : "put the domain of the one you mean in this cell (give it one first if it has none).";
  return `${field}: several companies are named “${cell}” (${which}); ${advice}`;
}
