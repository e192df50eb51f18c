import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import { companies } from "../../../../drizzle";
import type { Database } from "../../db";
import { domainIn, lowerNameKeys } from "./normalize";
import { companiesAbove } from "./parent-company";
import { loopMessage, severalNamedMessage } from "./parent-messages";
import { namedBy, OWN_PARENT, parentCellProblem } from "./cell-problems";

type Values = Record<string, unknown>;

/** A company a row of the batch writes: created, or updated with what the row fills in. */
export type BatchCompany = { id: string; name: string; domain: string | null; parentId: string | null; isNew: boolean };

/** The parent a row's cell names (null for none), or why the row fails; `missing`: the name nobody has yet. */
export type ParentFound = { id: string; name: string } | { id: null; name: null } | { error: string; missing?: string };

/** A row's Parent company cell, trimmed ("" when it has none). */
export const parentCell = (raw: Values) => (typeof raw.parentCompany === "string" ? raw.parentCompany.trim() : "");

/** How far up the batch's own parents are followed before the stored ones take over. */
const MAX_DEPTH = 50;

/** The live companies of the organization that Parent company cells (`texts`) may name: by name in any case, or by domain. */
async function companiesNamedBy(db: Database, organizationId: string, texts: string[]) {
  if (texts.length === 0) return [];
  const domains = [...new Set(texts.map(domainIn).filter((d): d is string => d !== null))];
  const names = lowerNameKeys(texts);
  // Key by key (a CROSS JOIN from the keys): by name (companies_org_name_idx), by domain (companies_org_domain_uq).
  const lookup = (key: SQL, values: string[]) =>
    db
      .select({ id: companies.id, name: companies.name, domain: companies.domain })
      .from(sql`json_each(${JSON.stringify(values)}) AS k`)
      .crossJoin(companies)
      .where(and(eq(companies.organizationId, organizationId), isNull(companies.deletedAt), eq(key, sql`k.value`)));
  return unionAll(lookup(sql`lower(${companies.name})`, names), lookup(sql`${companies.domain}`, domains));
}

/** A Parent company cell naming companies here: the domain of each (null for one without). */
export type StoredNamed = { cell: string; domains: (string | null)[] };

/**
 * The Parent company cells that name live companies of the organization, as the import reads a cell (by domain when
 * it is one, else by name in any case), each with the domains of those it names: more than one, and the import refuses
 * the cell. The others must name a row of the file. For the web's whole-file check.
 */
export async function cellsNamingStored(db: Database, organizationId: string, cells: string[]): Promise<StoredNamed[]> {
  const texts = [...new Set(cells.map((cell) => cell.trim()).filter(Boolean))];
  const stored = await companiesNamedBy(db, organizationId, texts);
  // As namedBy reads a cell, for thousands of cells at once. A company found both by name and by domain is one.
  const byKey = new Map<string, Map<string, string | null>>();
  for (const company of stored)
    for (const key of [`name ${company.name.toLowerCase()}`, company.domain && `domain ${company.domain}`])
      if (key) byKey.set(key, (byKey.get(key) ?? new Map()).set(company.id, company.domain));
  return texts.flatMap((text) => {
    const domain = domainIn(text);
    const named = byKey.get(domain ? `domain ${domain}` : `name ${text.toLowerCase()}`);
    return named ? [{ cell: text, domains: [...named.values()] }] : [];
  });
}

/**
 * Links company rows to the parent their Parent company cell names (an export's column): a company of the
 * organization, live, or one an earlier row of the batch writes, by domain when the cell is one, else by its name in
 * any case. It must name exactly one; never the company itself nor one below it. The file's rows come parents first
 * (the web orders them so), so a row's parent is written by then. Reads once for the whole batch, and once more for
 * its rows that update a company.
 */
export async function parentLinker(db: Database, organizationId: string, raws: Values[]) {
  const stored = await companiesNamedBy(db, organizationId, [...new Set(raws.map(parentCell).filter(Boolean))]);
  // The stored companies above each one found, read once when a row updating a company first asks: what it cannot be
  // put under.
  let storedAbove: Map<string, Set<string>> | undefined;
  const companiesAboveStored = async (id: string) => {
    storedAbove ??= await companiesAbove(
      db,
      organizationId,
      stored.map((company) => company.id),
    );
    // A company met only up a chain the batch writes: read once, then kept with the others.
    if (!storedAbove.has(id)) storedAbove.set(id, (await companiesAbove(db, organizationId, [id])).get(id)!);
    return storedAbove.get(id)!;
  };
  const written = new Map<string, BatchCompany>();

  /** The companies a cell names, the batch's own over what is stored (a row may rename or re-domain one). */
  function named(text: string): { id: string; name: string; domain: string | null }[] {
    const matches = namedBy(text);
    const found = new Map<string, { id: string; name: string; domain: string | null }>();
    for (const company of stored) if (!written.has(company.id) && matches(company)) found.set(company.id, company);
    for (const company of written.values()) if (matches(company)) found.set(company.id, company);
    return [...found.values()];
  }

  return {
    /**
     * The parent `raw`'s cell names for `company` (null when it names none), or the row's error: what names nobody or
     * several, the company itself, or one below it.
     */
    async parentOf(raw: Values, company: BatchCompany): Promise<ParentFound> {
      const text = parentCell(raw);
      if (!text) return { id: null, name: null };
      const problem = parentCellProblem(text, company);
      if (problem) return { error: problem };
      const found = named(text);
      if (found.length === 0)
        return {
          error: `Parent company: no company here is named “${text}”. Import it first, or put its row above this one.`,
          missing: text,
        };
      if (found.length > 1)
        return {
          error: severalNamedMessage(
            "Parent company",
            text,
            found.map((company) => company.domain),
          ),
        };
      const [parent] = found;
      if (parent.id === company.id) return { error: OWN_PARENT };
      if (company.isNew) return parent;
      // Up the batch's own parents first: a company this batch put under this one cannot head it. Then the stored
      // ones, from the first company the batch does not write.
      const loop = { error: `Parent company: ${loopMessage(parent.name)}` };
      let above: string | null = parent.id;
      for (let depth = 0; above && written.has(above) && depth < MAX_DEPTH; depth++) {
        if (above === company.id) return loop;
        above = written.get(above)!.parentId;
      }
      if (above === company.id) return loop;
      if (!above || written.has(above)) return parent;
      return (await companiesAboveStored(above)).has(company.id) ? loop : parent;
    },
    /** A company the batch writes, for the rows after it to name. */
    remember(company: BatchCompany) {
      written.set(company.id, company);
    },
  };
}
