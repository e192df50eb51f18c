import { TRPCError } from "@trpc/server";
import { and, asc, eq, getTableColumns, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { unionAll, type SelectedFields } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { companies, contactEmails, contacts, memberships, propertyDefinitions } from "../../../../drizzle";
import { inValues, organizationRowsById, type Database } from "../../db";
import {
  ownerOfCell,
  rowIssueMessage,
  type ImportBatch,
  type ImportBatchResult,
  type ImportMatch,
} from "../../schemas/imports";
import { companyCreateInput, contactCreateInput } from "../../schemas/records";
import { isUniqueViolation } from "../constraint-error";
import { amendAnswer, answeredBefore, isKeyClash, rememberWrite } from "../write-keys";
import { newId } from "../ids";
import { organizationMembers } from "../members";
import { companyActivityRefresh } from "./company-activity";
import { matchNameOf } from "./duplicates";
import { activityRow, diffFields, insertActivity, insertActivityWhere } from "./activity";
import { countChange } from "./list";
import {
  contactDisplayName,
  domainIn,
  lowerNameKeys,
  normalizeDomain,
  normalizeEmail,
  sortNameOf,
  uniteIgnoringCase,
} from "./normalize";
import { checkPropertyValue } from "./properties";
import { parentCell, parentLinker, type BatchCompany } from "./import-parents";
import { NAME_IT_BY_DOMAIN, severalNamedMessage } from "./parent-messages";
import { blank, companyNameCellProblem, domainCellProblem, unfilledRequired } from "./cell-problems";

type Values = Record<string, unknown>;

/** A row that cannot be imported, with a sentence the person can act on. */
class RowError extends Error {}

/** A reference a row may carry (company, owner): which of the given ids are the organization's. */
type Reference = {
  field: string;
  message: string;
  known: (db: Database, organizationId: string, ids: string[]) => Promise<Set<string>>;
};

/** What differs between importing contacts and companies; the engine below is shared. */
export type ImportObject = {
  object: "contact" | "company";
  plural: string;
  idPrefix: "con" | "cmp";
  table: typeof contacts | typeof companies;
  schema: z.ZodType<Values>;
  /** Field names as the import dialog shows them, for row messages. */
  labels: Record<string, string>;
  /** The column holding the normalised duplicate key (unique per organization among live rows). */
  keyColumn: "primaryEmail" | "domain";
  /** The parsed row with its values normalised as stored; throws RowError for a malformed one. */
  normalize: (data: Values) => Values;
  /** The duplicate key of a normalised row, or null when it has none (then it is always created). */
  keyOf: (data: Values) => string | null;
  /**
   * The live records of the organization holding any of `keys`: as their unique key, or as one of
   * their other keys (`otherKeysOf`). Read key by key through an index (a CROSS JOIN from the keys:
   * without statistics, SQLite walked every record of the organization for an IN list).
   */
  holders: (db: Database, organizationId: string, keys: string[], columns?: HolderColumns) => Promise<Values[]>;
  /** A key as the import stores and matches it ("ANN@Acme.com " → "ann@acme.com"), null for none. */
  normalizeKey: (key: string) => string | null;
  /**
   * Other keys a record holds, besides its unique one (a contact's other emails): a row whose key is
   * one of them is that record's duplicate too, unless another record holds it as its own.
   */
  otherKeysOf?: (record: Values) => string[];
  /** Stored columns computed from the others (not shown as changes). */
  derived: (record: Values) => Values;
  /** What a stored record is called, as lists show it. */
  nameOf: (record: Values) => string;
  /** List fields that an update unites with what the record has, instead of replacing. */
  lists: string[];
  references: Reference[];
  /** Rows may name their company in `company` (a name or a domain): linked, or created if new. */
  linksCompanies?: true;
};

const owner: Reference = {
  field: "ownerId",
  message: "Owner: that person is not a member of this workspace.",
  known: async (db, organizationId, userIds) =>
    new Set(
      (
        await db
          .select({ id: memberships.userId })
          .from(memberships)
          .where(and(eq(memberships.organizationId, organizationId), inValues(memberships.userId, userIds)))
      ).map((m) => m.id),
    ),
};

export const contactImport: ImportObject = {
  object: "contact",
  plural: "contacts",
  idPrefix: "con",
  table: contacts,
  schema: contactCreateInput as unknown as z.ZodType<Values>,
  labels: {
    firstName: "First name",
    lastName: "Last name",
    emails: "Email",
    phones: "Phone",
    title: "Title",
    companyId: "Company",
    linkedinUrl: "LinkedIn URL",
    leadStatus: "Lead status",
    source: "Source",
    leadScore: "Lead score",
    ownerId: "Owner",
    tags: "Tags",
    properties: "Properties",
  },
  keyColumn: "primaryEmail",
  normalize: (data) => data,
  keyOf: (data) => normalizeEmail((data.emails as string[])[0]),
  // contact_emails holds every email of every live contact, the primary one too.
  normalizeKey: normalizeEmail,
  holders: (db, organizationId, keys, columns = getTableColumns(contacts)) =>
    db
      .select(columns)
      .from(sql`json_each(${JSON.stringify(keys)}) AS k`)
      .crossJoin(contactEmails)
      .crossJoin(contacts)
      .where(
        and(
          eq(contactEmails.organizationId, organizationId),
          eq(contactEmails.email, sql`k.value`),
          eq(contacts.id, contactEmails.contactId),
          eq(contacts.organizationId, organizationId),
          isNull(contacts.deletedAt),
        ),
      ),
  otherKeysOf: (record) => (record.emails as string[]).map(normalizeEmail).filter((email): email is string => !!email),
  derived: (c) => {
    const primaryEmail = normalizeEmail((c.emails as string[])[0]);
    return { primaryEmail, sortName: sortNameOf(c.firstName as string, c.lastName as string, primaryEmail) };
  },
  nameOf: (c) => contactDisplayName(c.firstName as string, c.lastName as string, c.primaryEmail as string | null),
  lists: ["emails", "phones", "tags"],
  references: [
    {
      field: "companyId",
      message: "Company: that company does not exist or was deleted.",
      known: async (db, organizationId, companyIds) =>
        new Set(
          (
            await db
              .select({ id: companies.id })
              .from(companies)
              .where(and(organizationRowsById(companies, organizationId, companyIds), isNull(companies.deletedAt)))
          ).map((c) => c.id),
        ),
    },
    owner,
  ],
  linksCompanies: true,
};

export const companyImport: ImportObject = {
  object: "company",
  plural: "companies",
  idPrefix: "cmp",
  table: companies,
  // A file names a parent in its Parent company cell (parentLinker), never by id.
  schema: companyCreateInput.omit({ parentCompanyId: true }) as unknown as z.ZodType<Values>,
  labels: {
    name: "Name",
    domain: "Domain",
    industry: "Industry",
    size: "Size",
    address: "Address",
    linkedinUrl: "LinkedIn URL",
    ownerId: "Owner",
    parentCompanyId: "Parent company",
    tags: "Tags",
    properties: "Properties",
  },
  keyColumn: "domain",
  normalize: (data) => {
    const raw = data.domain as string | null | undefined;
    const problem = domainCellProblem(raw);
    if (problem) throw new RowError(problem);
    return { ...data, domain: normalizeDomain(raw) };
  },
  keyOf: (data) => (data.domain as string | null) ?? null,
  normalizeKey: normalizeDomain,
  holders: (db, organizationId, keys, columns = getTableColumns(companies)) =>
    db
      .select(columns)
      .from(sql`json_each(${JSON.stringify(keys)}) AS k`)
      .crossJoin(companies)
      .where(
        and(
          eq(companies.organizationId, organizationId),
          isNull(companies.deletedAt),
          eq(companies.domain, sql`k.value`),
        ),
      ),
  derived: () => ({}),
  nameOf: (c) => c.name as string,
  lists: ["tags"],
  references: [owner],
};

function issueMessage(config: ImportObject, raw: Values, issues: z.core.$ZodIssue[]): string {
  return rowIssueMessage(raw, issues[0], (field) => config.labels[field] ?? field);
}

/**
 * `state` with what `row` fills in: an import never blanks what the file left empty, unites lists
 * and adds custom values to the record's.
 */
function applyRow(config: ImportObject, state: Values, raw: Values, data: Values): Values {
  const next = { ...state };
  for (const key of Object.keys(raw)) {
    const value = data[key];
    if (blank(value)) continue;
    if (key === "properties") next.properties = { ...(state.properties as Values), ...(value as Values) };
    else if (config.lists.includes(key))
      next[key] = uniteIgnoringCase((state[key] as string[]) ?? [], value as string[]);
    else next[key] = value;
  }
  return next;
}

type Valid = { line: number; raw: Values; data: Values; key: string | null };

/** A row's company cell, trimmed ("" when it has none). */
const companyCell = (row: Valid) => (typeof row.raw.company === "string" ? row.raw.company.trim() : "");

/** The domain of a contact row's first email ("ann@acme.com" → "acme.com"), if it is one. */
function emailDomainOf(row: Valid): string | null {
  const email = (row.data.emails as string[] | undefined)?.[0];
  const at = email ? email.lastIndexOf("@") : -1;
  return at > 0 ? domainIn(email!.slice(at + 1)) : null;
}

/**
 * A company created by name has no unique index to stop a teammate's import, running at the same
 * moment, from creating its twin. This statement fails the batch, as a unique clash does (so with
 * CONFLICT, and the web sends the batch again, which then links the company they created), when a
 * live company of that name has appeared since the batch looked: it copies that company's row, id
 * included, which the primary key refuses. Nothing of the batch is written.
 */
function sameNameGuard(db: Database, organizationId: string, company: { id: string; name: string }) {
  return db.insert(companies).select(
    db
      .select()
      .from(companies)
      .where(
        and(
          eq(companies.organizationId, organizationId),
          isNull(companies.deletedAt),
          or(eq(sql`lower(${companies.name})`, company.name.toLowerCase()), eq(companies.name, company.name)),
          ne(companies.id, company.id),
        ),
      )
      .limit(1),
  );
}

/**
 * Sets the ownerId of rows that name their owner in an `owner` cell (an export's Owner column: the
 * member's email; or a name one member has), with one read of the members; what names nobody, or
 * several, is the row's error.
 */
async function ownersByCell(db: Database, organizationId: string, rows: Valid[]): Promise<Map<Valid, string>> {
  const problems = new Map<Valid, string>();
  const naming = rows.filter((r) => blank(r.data.ownerId) && typeof r.raw.owner === "string" && r.raw.owner.trim());
  if (naming.length === 0) return problems;
  const members = await organizationMembers(db, organizationId);
  for (const row of naming) {
    const owner = ownerOfCell(row.raw.owner as string, members);
    if ("error" in owner) problems.set(row, owner.error);
    else {
      // raw too: an update fills in what the file gave (see applyRow).
      row.data = { ...row.data, ownerId: owner.userId };
      row.raw = { ...row.raw, ownerId: owner.userId };
    }
  }
  return problems;
}

/**
 * Links contact rows to the company their `company` cell names: a live company of the organization
 * with that domain, else with that name (ignoring case), else the one whose name it looks like whatever
 * its legal form ("Acme, Inc." for Acme); a company not found is created once per
 * batch (with its own "created" activity and count). Only rows that are written ask, so a skipped
 * row never creates a company.
 */
async function companyLinker(db: Database, organizationId: string, rows: Valid[]) {
  const texts = rows
    .filter((r) => blank(r.data.companyId) && typeof r.raw.company === "string" && r.raw.company.trim())
    .map((r) => (r.raw.company as string).trim());
  const emailDomains = rows.filter((r) => blank(r.data.companyId) && !companyCell(r)).map(emailDomainOf);
  const domains = [...new Set([...texts.map(domainIn), ...emailDomains].filter((d): d is string => Boolean(d)))];
  const names = lowerNameKeys(texts);
  // Key by key from the keys (a CROSS JOIN), in one statement: a cell's company by its name in any case
  // (companies_org_name_idx), by its domain (companies_org_domain_uq), or by its name whatever its legal
  // form, "Acme, Inc." for Acme (match_name, companies_org_match_idx).
  const lookup = (how: "name" | "domain" | "alike", key: SQL, values: string[], value: SQL = sql`k.value`) =>
    db
      .select({
        how: sql<typeof how>`${how}`.as("how"),
        typed: sql<string>`k.value`.as("typed"),
        id: companies.id,
        name: companies.name,
        domain: companies.domain,
      })
      .from(sql`json_each(${JSON.stringify(values)}) AS k`)
      .crossJoin(companies)
      .where(and(eq(companies.organizationId, organizationId), isNull(companies.deletedAt), eq(key, value)));
  const read =
    domains.length || texts.length
      ? await unionAll(
          lookup("name", sql`lower(${companies.name})`, names),
          lookup("domain", sql`${companies.domain}`, domains),
          lookup(
            "alike",
            sql`${companies.matchName}`,
            [...new Set(texts.filter((t) => !domainIn(t)))],
            matchNameOf(sql`k.value`),
          ),
        )
      : [];
  const found = [...new Map(read.filter((c) => c.how !== "alike").map((c) => [c.id, c])).values()];
  const byDomain = new Map(found.filter((c) => c.domain).map((c) => [c.domain as string, c.id]));
  const byName = new Map<string, { id: string; domain: string | null }[]>();
  for (const c of found) byName.set(c.name.toLowerCase(), [...(byName.get(c.name.toLowerCase()) ?? []), c]);
  const alike = new Map<string, { id: string; name: string }[]>();
  for (const c of read.filter((r) => r.how === "alike")) alike.set(c.typed, [...(alike.get(c.typed) ?? []), c]);
  const fresh = new Map<string, { id: string; name: string; domain: string | null }>();

  return {
    /** Sets the row's companyId from its `company` cell; throws RowError when that cannot be done. */
    link(row: Valid) {
      const text = companyCell(row);
      if (!blank(row.data.companyId) || !text) return;
      const problem = companyNameCellProblem("Company", text);
      if (problem) throw new RowError(problem);
      const domain = domainIn(text);
      const named = byName.get(text.toLowerCase()) ?? [];
      // Only when no company has the name itself: "Acme, Inc." is Acme if Acme is the one like it.
      const alikes = named.length ? [] : (alike.get(text) ?? []);
      if (!(domain && byDomain.has(domain)) && named.length > 1)
        throw new RowError(
          severalNamedMessage(
            "Company",
            text,
            named.map((c) => c.domain),
          ),
        );
      if (!(domain && byDomain.has(domain)) && alikes.length > 1)
        throw new RowError(
          `Company: several companies have a name like “${text}” (${alikes
            .map((c) => c.name)
            .sort()
            .join(", ")}); ${NAME_IT_BY_DOMAIN}`,
        );
      const key = domain ?? `name:${text.toLowerCase()}`;
      let id = (domain && byDomain.get(domain)) || named[0]?.id || alikes[0]?.id || fresh.get(key)?.id;
      if (!id) {
        id = newId("cmp");
        fresh.set(key, { id, name: domain ?? text, domain });
      }
      row.data = { ...row.data, companyId: id };
      row.raw = { ...row.raw, companyId: id };
    },
    /**
     * Links a row naming no company, of a contact that has none, to the live company holding its first email's domain
     * ("ann@acme.com" at Acme, acme.com), as HubSpot links contacts to companies; never creates one.
     */
    linkByEmail(row: Valid, companyOfContact: unknown) {
      if (!blank(row.data.companyId) || companyCell(row) || !blank(companyOfContact)) return;
      const domain = emailDomainOf(row);
      // Or one an earlier row of this batch creates from its company cell, a domain: "acme.com".
      const id = domain && (byDomain.get(domain) ?? fresh.get(domain)?.id);
      if (!id) return;
      row.data = { ...row.data, companyId: id };
      row.raw = { ...row.raw, companyId: id };
    },
    /** The name of a company a row was linked to that exists already (null for one this batch creates). */
    nameOf: (id: string) => found.find((c) => c.id === id)?.name ?? null,
    /** The companies to create, to run before the contacts that name them. */
    statements(actorId: string, now: Date) {
      const made = [...fresh.values()];
      return made.length
        ? [
            ...made.flatMap((c) => [
              db.insert(companies).values({
                ...c,
                organizationId,
                createdBy: actorId,
                createdAt: now,
                updatedAt: now,
              }),
              insertActivity(
                db,
                activityRow({
                  organizationId,
                  object: "company",
                  recordId: c.id,
                  kind: "created",
                  actorId,
                  summary: "Created by a contact import",
                  at: now,
                }),
              ),
              ...(c.domain ? [] : [sameNameGuard(db, organizationId, c)]),
            ]),
            countChange(db, organizationId, "company", made.length),
          ]
        : [];
    },
  };
}
/**
 * The keys (emails, domains) a live record of the organization holds, among `keys`: the rows of a file an import
 * would skip or let fill a record in. Each key read through an index (see holders), only the key itself returned.
 */
export async function heldKeys(
  db: Database,
  config: ImportObject,
  organizationId: string,
  keys: string[],
): Promise<string[]> {
  const wanted = [...new Set(keys.map(config.normalizeKey).filter((key): key is string => Boolean(key)))];
  if (wanted.length === 0) return [];
  const held = await config.holders(db, organizationId, wanted, { key: sql<string>`k.value` });
  return [...new Set(held.map((row) => row.key as string))];
}

/**
 * The live record of the organization each key finds, as an import matches rows: the one holding it
 * as its unique key, else one holding it among its others (a contact's other emails).
 */
async function holdersByKey(
  db: Database,
  config: ImportObject,
  organizationId: string,
  rowKeys: (string | null)[],
): Promise<Map<string, Values>> {
  const keys = [...new Set(rowKeys.filter((k): k is string => Boolean(k)))];
  // A record holding two of the keys is read twice.
  const held = new Map((keys.length ? await config.holders(db, organizationId, keys) : []).map((r) => [r.id, r]));
  const byKey = new Map([...held.values()].map((record) => [record[config.keyColumn] as string, record]));
  const wanted = new Set(keys);
  for (const record of held.values())
    for (const key of config.otherKeysOf?.(record) ?? [])
      if (wanted.has(key) && !byKey.has(key)) byKey.set(key, record);
  return byKey;
}

/** A mapped row as an import reads it, with its key; null when it would fail. */
function previewRowOf(config: ImportObject, raw: Values, line: number): Valid | null {
  const outcome = config.schema.safeParse(raw);
  if (!outcome.success) return null;
  try {
    const data = config.normalize(outcome.data);
    return { line, raw, data, key: config.keyOf(data) };
  } catch (error) {
    if (error instanceof RowError) return null;
    throw error;
  }
}

/**
 * For each mapped row (the import's preview), the live record its email or domain already names, or null: the record
 * an import would skip the row for, or fill in. And for a contact row naming no company, of a contact without one,
 * the live company holding its email's domain, which the import links it to (companyLinker's linkByEmail).
 */
export async function importMatches(
  db: Database,
  config: ImportObject,
  organizationId: string,
  rows: Values[],
): Promise<ImportMatch[]> {
  const parsed = rows.map((raw, i) => previewRowOf(config, raw, i + 1));
  const holders = await holdersByKey(
    db,
    config,
    organizationId,
    parsed.map((row) => row?.key ?? null),
  );
  const naming = parsed.filter((row): row is Valid => row !== null && blank(row.data.companyId) && !companyCell(row));
  const linker = config.linksCompanies && naming.length ? await companyLinker(db, organizationId, naming) : null;
  const valid = parsed.filter((row): row is Valid => row !== null);
  const parents =
    config.object === "company" && valid.some((row) => parentCell(row.raw))
      ? await parentLinker(
          db,
          organizationId,
          valid.map((row) => row.raw),
        )
      : null;
  const matches: ImportMatch[] = [];
  for (const row of parsed) {
    const record = row?.key ? holders.get(row.key) : undefined;
    const match = record ? { id: record.id as string, name: config.nameOf(record) } : null;
    // Said only of a row naming a parent.
    const parent = row && parents && parentCell(row.raw) ? { parent: await previewParent(parents, row, record) } : {};
    if (!row || !linker || !naming.includes(row)) {
      matches.push({ match, company: null, ...parent });
      continue;
    }
    linker.linkByEmail(row, record?.companyId);
    const id = row.data.companyId as string | undefined;
    const name = id ? linker.nameOf(id) : null;
    matches.push({ match, company: id && name ? { id, name } : null, ...parent });
  }
  return matches;
}

/**
 * The contact import's Company cells it would refuse, each with why: a name several companies here have, or that
 * several have a name like, where the cell's domain names none. The others name one, or a new company. For the web's
 * whole-file check; linked as the import links them (companyLinker), writing nothing.
 */
export async function refusedCompanyCells(
  db: Database,
  organizationId: string,
  cells: string[],
): Promise<{ cell: string; error: string }[]> {
  const rows: Valid[] = [...new Set(cells.map((cell) => cell.trim()).filter(Boolean))].map((cell, i) => ({
    line: i + 2,
    raw: { company: cell },
    data: {},
    key: null,
  }));
  if (rows.length === 0) return [];
  const linker = await companyLinker(db, organizationId, rows);
  const refused: { cell: string; error: string }[] = [];
  for (const row of rows)
    try {
      linker.link(row);
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      refused.push({ cell: row.raw.company as string, error: error.message });
    }
  return refused;
}

/** The company a row writes (`id`): new, or `stored` with what the row fills in. */
function companyAsWritten(row: Valid, id: string, stored: Values | undefined): BatchCompany {
  const state = stored ? applyRow(companyImport, stored, row.raw, row.data) : row.data;
  return {
    id,
    name: state.name as string,
    domain: (state.domain as string | null | undefined) ?? null,
    parentId: (state.parentCompanyId as string | null | undefined) ?? null,
    isNew: !stored,
  };
}

/** The parent a preview row's Parent company cell names, as the import will find it among what is stored. */
async function previewParent(
  parents: Awaited<ReturnType<typeof parentLinker>>,
  row: Valid,
  record: Values | undefined,
): Promise<ImportMatch["parent"]> {
  const found = await parents.parentOf(
    row.raw,
    companyAsWritten(row, (record?.id as string | undefined) ?? "", record),
  );
  if ("error" in found) return found.missing ? { missing: found.missing } : { error: found.error };
  return found.name ? { name: found.name } : null;
}

/** A batch's answer kept from its first send; one kept before answers listed what they created had no ids. */
const answeredAgain = (answer: ImportBatchResult): ImportBatchResult => ({
  ...answer,
  createdIds: answer.createdIds ?? [],
});

/** A record this batch writes: a new one, or an existing one (`before`) it updates. */
/** What `holders` reads of each record: the whole row by default. */
type HolderColumns = SelectedFields;

type Target = { id: string; before: Values | null; state: Values; createdLine?: number; updatedLines: number[] };

/**
 * Sets a company row's parentCompanyId from its Parent company cell (see parentLinker): the company as the row writes
 * it, or the row's error.
 */
async function linkParent(
  parents: Awaited<ReturnType<typeof parentLinker>>,
  row: Valid,
  id: string,
  target: Target | undefined,
): Promise<BatchCompany | { error: string; missing?: string }> {
  const company = companyAsWritten(row, id, target?.state);
  const parent = await parents.parentOf(row.raw, company);
  if ("error" in parent) return parent;
  if (!parent.id) return company;
  // raw too: an update fills in what the file gave (see applyRow).
  row.data = { ...row.data, parentCompanyId: parent.id };
  row.raw = { ...row.raw, parentCompanyId: parent.id };
  return { ...company, parentId: parent.id };
}

/**
 * Imports one batch (≤ 100 mapped rows) of contacts or companies in one atomic D1 batch. Each row
 * counts once: created, updated, skipped or failed (with its line and a readable message; a bad
 * row never blocks the others). A row whose key (email, domain) matches a live record of the
 * organization, or an earlier row of the batch, is skipped or, with `update`, fills that record in.
 */
export async function importRecords(
  db: Database,
  config: ImportObject,
  organizationId: string,
  actorId: string,
  input: Omit<ImportBatch, "onNew"> & Partial<Pick<ImportBatch, "onNew">>,
): Promise<ImportBatchResult> {
  const sentBefore = input.key ? await answeredBefore<ImportBatchResult>(db, organizationId, input.key) : undefined;
  if (sentBefore) return answeredAgain(sentBefore);
  const result: ImportBatchResult = { created: 0, updated: 0, skipped: 0, failed: [], createdIds: [] };
  // Contacts and companies share every column used here; drizzle cannot query a union of tables.
  const table = config.table as unknown as typeof contacts;
  const definitions = await db
    .select()
    .from(propertyDefinitions)
    .where(
      and(
        eq(propertyDefinitions.organizationId, organizationId),
        eq(propertyDefinitions.object, config.object),
        isNull(propertyDefinitions.archivedAt),
      ),
    )
    // A row missing several required values is told of the first as the settings list them, as the web's check does.
    .orderBy(asc(propertyDefinitions.position));
  const byKey = new Map(definitions.map((d) => [d.key, d]));

  const parsed: Valid[] = [];
  input.rows.forEach((raw, i) => {
    const line = input.lineNumbers[i] ?? i + 1;
    const outcome = config.schema.safeParse(raw);
    if (!outcome.success)
      return void result.failed.push({ line, message: issueMessage(config, raw, outcome.error.issues) });
    try {
      const properties: Values = {};
      for (const [key, value] of Object.entries(outcome.data.properties as Values)) {
        const definition = byKey.get(key);
        if (!definition) throw new RowError(`There is no property "${key}" on ${config.plural}.`);
        properties[key] = checkPropertyValue(definition, value);
      }
      const data = config.normalize({ ...outcome.data, properties });
      parsed.push({ line, raw, data, key: config.keyOf(data) });
    } catch (error) {
      if (!(error instanceof RowError || error instanceof TRPCError)) throw error;
      result.failed.push({ line, message: error.message });
    }
  });

  // References (company, owner) must be the organization's: one query each for the whole batch.
  const unknownRef = await ownersByCell(db, organizationId, parsed);
  for (const reference of config.references) {
    const wanted = [...new Set(parsed.map((v) => v.data[reference.field]).filter((v): v is string => !blank(v)))];
    if (wanted.length === 0) continue;
    const known = await reference.known(db, organizationId, wanted);
    for (const row of parsed) {
      const value = row.data[reference.field] as string | null | undefined;
      if (!blank(value) && !known.has(value as string) && !unknownRef.has(row)) unknownRef.set(row, reference.message);
    }
  }
  const valid = parsed.filter((row) => {
    const message = unknownRef.get(row);
    if (message) result.failed.push({ line: row.line, message });
    return !message;
  });

  const holders = await holdersByKey(
    db,
    config,
    organizationId,
    valid.map((v) => v.key),
  );
  const targets = new Map<string, Target>();
  // One target per record, though it holds several of the keys (its emails).
  const targetOf = new Map<string, Target>();
  for (const [key, record] of holders) {
    const id = record.id as string;
    const target = targetOf.get(id) ?? { id, before: record, state: record, updatedLines: [] };
    targetOf.set(id, target);
    targets.set(key, target);
  }
  const created: Target[] = [];
  const linker = config.linksCompanies ? await companyLinker(db, organizationId, valid) : null;
  const parents =
    config.object === "company"
      ? await parentLinker(
          db,
          organizationId,
          valid.map((row) => row.raw),
        )
      : null;

  for (const row of valid) {
    const target = row.key ? targets.get(row.key) : undefined;
    if (target ? input.onDuplicate === "skip" : input.onNew === "skip") {
      result.skipped++;
      continue;
    }
    const unfilled = target ? null : unfilledRequired(definitions, row.data.properties as Values);
    if (unfilled) {
      result.failed.push({ line: row.line, message: unfilled });
      continue;
    }
    try {
      linker?.link(row);
      linker?.linkByEmail(row, target?.state.companyId);
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      result.failed.push({ line: row.line, message: error.message });
      continue;
    }
    const id = target?.id ?? newId(config.idPrefix);
    if (parents) {
      const written = await linkParent(parents, row, id, target);
      if ("error" in written) {
        const { error: message, missing } = written;
        result.failed.push({ line: row.line, message, ...(missing && { missingParent: missing }) });
        continue;
      }
      parents.remember(written);
    }
    if (target) {
      const next = applyRow(config, target.state, row.raw, row.data);
      if (JSON.stringify(next) === JSON.stringify(target.state)) result.skipped++;
      else {
        target.state = next;
        target.updatedLines.push(row.line);
        result.updated++;
      }
      continue;
    }
    const fresh: Target = {
      id,
      before: null,
      state: row.data,
      createdLine: row.line,
      updatedLines: [],
    };
    created.push(fresh);
    if (row.key) targets.set(row.key, fresh);
    result.created++;
    result.createdIds.push(fresh.id);
  }

  const now = new Date();
  const at = (recordId: string) => ({ organizationId, object: config.object, recordId, actorId, at: now });
  const statements: BatchItem<"sqlite">[] = [...(linker?.statements(actorId, now) ?? [])];
  for (const target of created) {
    const values = { ...target.state, ...config.derived(target.state) };
    statements.push(
      db.insert(table).values({
        ...(values as typeof contacts.$inferInsert),
        id: target.id,
        organizationId,
        createdBy: actorId,
        createdAt: now,
        updatedAt: now,
      }),
      insertActivity(db, activityRow({ ...at(target.id), kind: "created", summary: "Imported" })),
    );
  }
  const updates: Target[] = [];
  // Once each, though a record may be the target of several keys (its emails).
  for (const target of new Set(targets.values())) {
    const before = target.before;
    if (!before || target.updatedLines.length === 0) continue;
    const derived = config.derived(target.state);
    const changes = diffFields(before, target.state);
    for (const field of Object.keys(derived)) delete changes[field];
    const patch = { ...Object.fromEntries(Object.keys(changes).map((f) => [f, target.state[f]])), ...derived };
    // The version it was read at: a record changed meanwhile is left alone and its rows reported.
    const current = and(
      eq(table.id, target.id),
      eq(table.organizationId, organizationId),
      eq(table.version, before.version as number),
      isNull(table.deletedAt),
    );
    updates.push(target);
    statements.push(
      insertActivityWhere(
        db,
        activityRow({ ...at(target.id), kind: "updated", changes, summary: "Updated by import" }),
        sql`EXISTS (SELECT 1 FROM ${table} WHERE ${current})`,
      ),
      db
        .update(table)
        .set({ ...patch, version: (before.version as number) + 1, updatedAt: now })
        .where(current)
        .returning({ id: table.id }),
    );
  }
  if (created.length) statements.push(countChange(db, organizationId, config.object, created.length));
  // Contacts the import moved to another company move both companies' last activity.
  const companiesMoved =
    config.object === "contact"
      ? companyActivityRefresh(
          db,
          organizationId,
          updates
            .filter((target) => target.before?.companyId !== target.state.companyId)
            .flatMap((target) => [target.before?.companyId as string | null, target.state.companyId as string | null]),
        )
      : [];
  statements.push(...companiesMoved);
  if (statements.length === 0) return result;
  // Kept under the batch's key with what it wrote (the rows refused below amend it after), first in the batch.
  const remembered = input.key ? rememberWrite(db, organizationId, input.key, result, now) : [];
  const [first, ...rest] = [...remembered, ...statements];
  let results: unknown[];
  try {
    results = (await db.batch([first, ...rest])).slice(remembered.length);
  } catch (error) {
    // The same batch sent again at once (its first send still running): answered as that one was.
    const earlier =
      input.key && isKeyClash(error)
        ? await answeredBefore<ImportBatchResult>(db, organizationId, input.key)
        : undefined;
    if (earlier) return answeredAgain(earlier);
    if (isUniqueViolation(error))
      throw new TRPCError({
        code: "CONFLICT",
        message: `Someone added one of these records while this batch was importing. Run the import again to skip or update them.`,
      });
    throw error;
  }
  // Updates come right after the linked companies and the creates, two statements each (activity, then
  // the update), before the count and the companies' last activity.
  const firstUpdate = statements.length - updates.length * 2 - (created.length ? 1 : 0) - companiesMoved.length;
  let refused = false;
  updates.forEach((target, i) => {
    const written = results[firstUpdate + i * 2 + 1] as { id: string }[];
    if (written.length > 0) return;
    refused = true;
    for (const line of target.updatedLines) {
      result.updated--;
      result.failed.push({ line, message: "Someone changed this record during the import; import this row again." });
    }
  });
  result.failed.sort((a, b) => a.line - b.line);
  if (refused && input.key) await amendAnswer(db, organizationId, input.key, result);
  return result;
}
