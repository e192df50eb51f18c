import { domainIn, normalizeDomain } from "../../../../worker/src/domain/records/normalize";

type Row = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** What a Parent company cell may name a row by: its name in any case, its domain. */
function namesOf(row: Row): string[] {
  const domain = normalizeDomain(text(row.domain));
  return [text(row.name).toLowerCase(), domain ?? ""].filter(Boolean);
}

/** A cell as namesOf keys it: a domain when the server reads it as one ("https://www.acme.com" is acme.com), else a name. */
const keyOf = (cell: string): string => domainIn(cell) ?? cell.toLowerCase();

/**
 * The order to send mapped company rows in: each row after the row its Parent company cell names, so the server has
 * written the parent when it reads the subsidiary (it sends batches in order, and looks a parent up among what is
 * written). Otherwise as in the file. In a loop of rows naming each other, the row that closes it counts as naming
 * none; the server refuses each row whose parent is not written when it comes. Null when no row names a parent.
 */
export function parentsFirst(rows: Row[]): number[] | null {
  const cells = rows.map((row) => text(row.parentCompany));
  if (!cells.some(Boolean)) return null;
  // The first row holding each name or domain: the one the file means.
  const holder = new Map<string, number>();
  rows.forEach((row, i) => {
    for (const name of namesOf(row)) if (!holder.has(name)) holder.set(name, i);
  });
  // How many parents of the file are above each row; -1 while it is being worked out (a loop reads as 0).
  const depth = new Array<number | undefined>(rows.length);
  const depthOf = (start: number): number => {
    const chain: number[] = [];
    let at: number | undefined = start;
    let base = 0;
    while (at !== undefined) {
      const known = depth[at];
      if (known !== undefined) {
        base = known === -1 ? 0 : known + 1;
        break;
      }
      depth[at] = -1;
      chain.push(at);
      const parent: number | undefined = cells[at] ? holder.get(keyOf(cells[at])) : undefined;
      at = parent === at ? undefined : parent;
    }
    // The chain's last row is the highest: it sits at `base`, each row below one deeper.
    for (let i = chain.length - 1, d = base; i >= 0; i--, d++) depth[chain[i]] = d;
    return depth[start]!;
  };
  const order = rows.map((_, i) => i);
  const depths = order.map(depthOf);
  // Stable: rows at one depth keep the file's order.
  return order.sort((a, b) => depths[a] - depths[b] || a - b);
}

/**
 * The name of the file's company a Parent company cell names, by name in any case or by domain (null when none): the
 * import writes it first, so the preview's row links to it though no company here has it yet. `rows`: the file's, as
 * read.
 */
export function fileCompanyNamed(
  rows: Record<string, string>[],
  mapping: Record<string, string>,
  cell: string,
): string | null {
  const headerOf = (target: string) => Object.keys(mapping).find((header) => mapping[header] === target);
  const [nameHeader, domainHeader] = [headerOf("name"), headerOf("domain")];
  if (!nameHeader) return null;
  const wanted = keyOf(cell.trim());
  const holder = rows.find((row) =>
    namesOf({ name: row[nameHeader], domain: domainHeader && row[domainHeader] }).includes(wanted),
  );
  return holder ? holder[nameHeader].trim() : null;
}
