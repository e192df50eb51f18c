import { and, asc, eq, exists, gt, gte, isNull, lt, ne, not, notExists, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias, type SQLiteColumn, type SQLiteTable, type SubqueryWithSelection } from "drizzle-orm/sqlite-core";
import { companies, contactEmails, contacts, duplicateDismissals, type TaggedObject } from "../../../../drizzle";
import { organizationRowsById, type Database } from "../../db";
import { notFound } from "./conflict";
import { contactCardColumns } from "./fields";
import { contactDisplayName } from "./normalize";

/** How a record looks like another: the same email, or the same name (see contactDuplicates). */
export type DuplicateReason = "email" | "name";

/** A live record of the organization that may be the same person or company as the one asked about. */
export type PossibleDuplicate = {
  id: string;
  name: string;
  /** What tells them apart at a glance: a contact's email and company, a company's domain. */
  detail: string | null;
  reason: DuplicateReason;
};

/** What the panel offers: a handful, the likeliest (the same email) first. */
export const MAX_DUPLICATES = 5;
/** Same-name candidates read before the company rule sifts them (a common name recurs in 100,000). */
const NAME_CANDIDATES = 50;

export type DuplicatesReader = {
  db: Database;
  orgScope: SQL;
  readAsMember: (statements: BatchItem<"sqlite">[]) => Promise<{ results: unknown[] }>;
};

/**
 * Reads the record (`statements[0]`) and its candidates in one batch: the record's row, then each
 * candidate statement's rows. NOT_FOUND unless the record is live in the organization.
 */
async function readWithRecord<Asked, Candidates extends unknown[][]>(
  reader: DuplicatesReader,
  object: "contact" | "company",
  statements: BatchItem<"sqlite">[],
): Promise<[Asked, ...Candidates]> {
  const { results } = await reader.readAsMember(statements);
  const [asked] = results[0] as Asked[];
  if (!asked) throw notFound(object);
  return [asked, ...(results.slice(1) as Candidates)];
}

/**
 * The pair of `one` and `other` was not dismissed (see duplicateDismissals): one primary key lookup,
 * whichever of the two holds the smaller id.
 */
function notDismissed(
  db: Database,
  object: TaggedObject,
  organizationId: SQLiteColumn,
  one: SQL | SQLiteColumn,
  other: SQL | SQLiteColumn,
) {
  const x = duplicateDismissals;
  return notExists(
    db
      .select({ one: sql`1` })
      .from(x)
      .where(
        and(
          eq(x.organizationId, organizationId),
          eq(x.object, object),
          eq(x.firstId, sql`min(${one}, ${other})`),
          eq(x.secondId, sql`max(${one}, ${other})`),
        ),
      ),
  );
}

/** `column` of the record `asked` picks, as a value (a subquery): the candidates' table alone is read, by its index. */
const valueOf = (db: Database, table: SQLiteTable, column: SQLiteColumn | SQL, asked: SQL | undefined) =>
  sql`(${db.select({ value: column }).from(table).where(asked)})`;

type ContactShown = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  companyId: string | null;
  companyName: string | null;
};

/** A contact as a duplicate's card shows it: its name, and its email and company to tell it apart. */
const contactSide = (row: Omit<ContactShown, "companyId">) => ({
  id: row.id,
  name: contactDisplayName(row.firstName, row.lastName, row.email),
  detail: [row.email, row.companyName].filter(Boolean).join(" · ") || null,
});

/**
 * A contact's likely duplicates: live contacts sharing one of its emails (any of theirs), then those
 * with the same full name, unless both work at companies and those differ (two Jane Smiths at two
 * companies are two people; one without a company may be the other captured twice). Index reads
 * only: contact_emails for the emails, contacts_org_name_idx for the name.
 */
export async function contactDuplicates(reader: DuplicatesReader, id: string): Promise<PossibleDuplicate[]> {
  const { db, orgScope } = reader;
  const r = alias(contacts, "r");
  const d = alias(contacts, "d");
  const [x, y] = [alias(contactEmails, "x"), alias(contactEmails, "y")];
  const asked = and(eq(r.id, id), eq(r.organizationId, orgScope), isNull(r.deletedAt));
  const others = and(
    eq(d.organizationId, orgScope),
    isNull(d.deletedAt),
    ne(d.id, id),
    notDismissed(db, "contact", d.organizationId, d.id, sql`${id}`),
  );
  const shown = {
    id: d.id,
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.primaryEmail,
    companyId: d.companyId,
    companyName: d.listedCompanyName,
  };
  const [record, byEmail, byName] = await readWithRecord<
    { companyId: string | null },
    [ContactShown[], ContactShown[]]
  >(reader, "contact", [
    db.select({ companyId: r.companyId }).from(r).where(asked),
    // From its emails (contact_emails_contact_idx) to the live contacts holding one, any of theirs
    // (contact_emails' key), then those contacts by id. CROSS JOINs keep that order: without
    // statistics, SQLite walked every email, or every contact, of the organization instead.
    db
      .select(shown)
      .from(x)
      .crossJoin(y)
      .crossJoin(d)
      .where(
        and(
          eq(x.organizationId, orgScope),
          eq(x.contactId, id),
          eq(y.organizationId, x.organizationId),
          eq(y.email, x.email),
          ne(y.contactId, x.contactId),
          eq(d.id, y.contactId),
          others,
        ),
      )
      .limit(MAX_DUPLICATES),
    db
      .select(shown)
      .from(d)
      .where(and(others, eq(d.sortName, valueOf(db, r, r.sortName, and(asked, ne(r.sortName, ""))))))
      .limit(NAME_CANDIDATES),
  ]);

  const describe = (row: ContactShown, reason: DuplicateReason): PossibleDuplicate => ({
    ...contactSide(row),
    reason,
  });
  const found = new Map(byEmail.map((row) => [row.id, describe(row, "email")]));
  for (const row of byName) {
    const elsewhere = row.companyId !== null && record.companyId !== null && row.companyId !== record.companyId;
    if (!elsewhere && !found.has(row.id)) found.set(row.id, describe(row, "name"));
  }
  return [...found.values()].slice(0, MAX_DUPLICATES);
}

/**
 * A company's likely duplicates: live companies with the same name, any case, punctuation or legal
 * form ("Acme, Inc." and "ACME Corp": match_name; domains are unique already). One range of companies_org_match_idx.
 */
export async function companyDuplicates(reader: DuplicatesReader, id: string): Promise<PossibleDuplicate[]> {
  const { db, orgScope } = reader;
  const r = alias(companies, "r");
  const d = alias(companies, "d");
  const asked = and(eq(r.id, id), eq(r.organizationId, orgScope), isNull(r.deletedAt));
  const [, byName] = await readWithRecord<{ id: string }, [{ id: string; name: string; domain: string | null }[]]>(
    reader,
    "company",
    [
      db.select({ id: r.id }).from(r).where(asked),
      db
        .select({ id: d.id, name: d.name, domain: d.domain })
        .from(d)
        .where(
          and(
            eq(d.organizationId, orgScope),
            isNull(d.deletedAt),
            eq(d.matchName, valueOf(db, r, r.matchName, asked)),
            ne(d.id, id),
            notDismissed(db, "company", d.organizationId, d.id, sql`${id}`),
          ),
        )
        .limit(MAX_DUPLICATES),
    ],
  );
  return byName.map((row) => ({ id: row.id, name: row.name, detail: row.domain, reason: "name" }));
}

/** Two live records that look like the same one, why, and where the list of them goes on after this pair. */
export type DuplicatePair = { reason: DuplicateReason; key: string; records: [DuplicateSide, DuplicateSide] };
export type DuplicateSide = Omit<PossibleDuplicate, "reason">;
/** After this pair: the list walks the pairs sharing an email first (by email), then those sharing a name. */
export type DuplicatePairCursor = { reason?: DuplicateReason; key: string; firstId: string; secondId: string };
export type DuplicatePairsPage = { pairs: DuplicatePair[]; next: DuplicatePairCursor | null };

/** A column under a name of its own. */
const named = <T>(column: SQLiteColumn, as: string) => sql<T>`${column}`.as(as);

type PairsInput = { cursor?: DuplicatePairCursor | null; limit: number };

/**
 * After the cursor's pair, in the order the pairs are walked: by the shared key, then the first
 * record's id, then the second's. The key's own `>=` gives the index a range to start from.
 */
function afterPair(key: SQL, first: SQLiteColumn, second: SQLiteColumn, cursor?: DuplicatePairCursor | null) {
  if (!cursor) return undefined;
  return and(
    gte(key, cursor.key),
    or(
      gt(key, cursor.key),
      and(
        eq(key, cursor.key),
        or(gt(first, cursor.firstId), and(eq(first, cursor.firstId), gt(second, cursor.secondId))),
      ),
    ),
  );
}

type Found<Side> = { reason: DuplicateReason; key: string; a: Side; b: Side };

/** The first `limit` pairs found, and the cursor after the last when more were. */
function pageOf<Side extends { id: string }>(
  rows: Found<Side>[],
  limit: number,
  side: (row: Side) => DuplicateSide,
): DuplicatePairsPage {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    pairs: shown.map((row) => ({ reason: row.reason, key: row.key, records: [side(row.a), side(row.b)] })),
    next:
      rows.length > limit && last
        ? { reason: last.reason, key: last.key, firstId: last.a.id, secondId: last.b.id }
        : null,
  };
}

/** Pairs found, in the order they are walked: the shared key, the first (smaller) id, the second. */
type FoundPairs = SubqueryWithSelection<
  { key: SQL.Aliased<string>; firstId: SQL.Aliased<string>; secondId: SQL.Aliased<string> },
  "p"
>;

type PairTable = typeof contacts | typeof companies;
type PairsSpec<T extends PairTable> = {
  object: TaggedObject;
  table: T;
  /** What two look-alikes share: a key the table's name index holds. */
  key: (t: T) => SQL<string>;
  /** Any other rule two look-alikes must meet. */
  alike?: (a: T, b: T, db: Database) => SQL | undefined;
  /** What a card shows of each side; columns named apart (`as`), a batch's rows come as objects. */
  side: (t: T, as: "a" | "b") => Record<string, SQL.Aliased>;
};

/** One more than a page of pairs sharing the spec's key, from the index holding it (key, then ids), the dismissed left out. */
function pairsByKey<T extends PairTable>(reader: DuplicatesReader, spec: PairsSpec<T>, input: PairsInput): FoundPairs {
  const { db, orgScope } = reader;
  const [a, b] = [alias(spec.table, "a") as T, alias(spec.table, "b") as T];
  return db
    .select({
      key: spec.key(a).as("pair_key"),
      firstId: named<string>(a.id, "first_id"),
      secondId: named<string>(b.id, "second_id"),
    })
    .from(a)
    .innerJoin(
      b,
      and(eq(b.organizationId, a.organizationId), isNull(b.deletedAt), eq(spec.key(b), spec.key(a)), gt(b.id, a.id)),
    )
    .where(
      and(
        eq(a.organizationId, orgScope),
        isNull(a.deletedAt),
        spec.alike?.(a, b, db),
        notDismissed(db, spec.object, a.organizationId, a.id, b.id),
        afterPair(spec.key(a), a.id, b.id, input.cursor),
      ),
    )
    .orderBy(asc(spec.key(a)), asc(a.id), asc(b.id))
    .limit(input.limit + 1)
    .as("p");
}

/** The pairs found, with only their rows read, by id, as the spec's cards show them. */
function readPairs<T extends PairTable>(reader: DuplicatesReader, spec: PairsSpec<T>, found: FoundPairs) {
  const [one, other] = [alias(spec.table, "one") as T, alias(spec.table, "other") as T];
  return reader.db
    .select({ key: found.key, a: spec.side(one, "a"), b: spec.side(other, "b") })
    .from(found)
    .innerJoin(one, eq(one.id, found.firstId))
    .innerJoin(other, eq(other.id, found.secondId))
    .orderBy(asc(found.key), asc(found.firstId), asc(found.secondId));
}

/**
 * Whether the contacts `one` and `other` share an email (contact_emails), one before `before` if
 * given: from one's emails (contact_emails_contact_idx), each looked up for the other (its key).
 */
function shareAnEmail(
  db: Database,
  organizationId: SQLiteColumn,
  one: SQLiteColumn,
  other: SQLiteColumn,
  before?: SQLiteColumn,
) {
  const [x, y] = [alias(contactEmails, "x2"), alias(contactEmails, "y2")];
  return exists(
    db
      .select({ one: sql`1` })
      .from(x)
      .innerJoin(y, and(eq(y.organizationId, x.organizationId), eq(y.email, x.email), eq(y.contactId, other)))
      .where(and(eq(x.organizationId, organizationId), eq(x.contactId, one), before && lt(x.email, before))),
  );
}

/**
 * One more than a page of contacts sharing an email, two by two, by email (the primary key of
 * contact_emails), each pair once: at the first email they share. The dismissed left out.
 */
function contactPairsByEmail(reader: DuplicatesReader, input: PairsInput): FoundPairs {
  const { db, orgScope } = reader;
  const [x, y] = [alias(contactEmails, "x"), alias(contactEmails, "y")];
  return db
    .select({
      key: sql<string>`${x.email}`.as("pair_key"),
      firstId: named<string>(x.contactId, "first_id"),
      secondId: named<string>(y.contactId, "second_id"),
    })
    .from(x)
    .innerJoin(y, and(eq(y.organizationId, x.organizationId), eq(y.email, x.email), gt(y.contactId, x.contactId)))
    .where(
      and(
        eq(x.organizationId, orgScope),
        not(shareAnEmail(db, x.organizationId, x.contactId, y.contactId, x.email)),
        notDismissed(db, "contact", x.organizationId, x.contactId, y.contactId),
        afterPair(sql`${x.email}`, x.contactId, y.contactId, input.cursor),
      ),
    )
    .orderBy(asc(x.email), asc(x.contactId), asc(y.contactId))
    .limit(input.limit + 1)
    .as("p");
}

const contactPairsSpec: PairsSpec<typeof contacts> = {
  object: "contact",
  table: contacts,
  key: (t) => sql<string>`${t.sortName}`,
  // Pairs sharing an email are listed as such (contactPairsByEmail), not again by their name.
  alike: (a, b, db) =>
    and(
      ne(a.sortName, ""),
      or(isNull(a.companyId), isNull(b.companyId), eq(a.companyId, b.companyId)),
      not(shareAnEmail(db, a.organizationId, a.id, b.id)),
    ),
  side: (t, as) => ({
    id: named<string>(t.id, `${as}_id`),
    firstName: named<string>(t.firstName, `${as}_first_name`),
    lastName: named<string>(t.lastName, `${as}_last_name`),
    email: named<string | null>(t.primaryEmail, `${as}_email`),
    companyName: named<string | null>(t.listedCompanyName, `${as}_company_name`),
  }),
};
/**
 * The organization's live contacts that look alike, two by two: first those sharing an email, whichever
 * of their emails (by email), then those sharing a full name unless both work at companies and those
 * differ (the panel's rule, contactDuplicates), by name; never a pair someone said is not one. The
 * first page reads both in one batch; a page in the names reads only them.
 */
export async function contactDuplicatePairs(reader: DuplicatesReader, input: PairsInput): Promise<DuplicatePairsPage> {
  type Side = Omit<ContactShown, "companyId">;
  const inNames = !!input.cursor && input.cursor.reason !== "email";
  const byName = readPairs(
    reader,
    contactPairsSpec,
    pairsByKey(reader, contactPairsSpec, { ...input, cursor: inNames ? input.cursor : null }),
  );
  // The email walk only while the list is still in it (or starts).
  const sections: [DuplicateReason, BatchItem<"sqlite">][] = inNames
    ? [["name", byName]]
    : [
        ["email", readPairs(reader, contactPairsSpec, contactPairsByEmail(reader, input))],
        ["name", byName],
      ];
  const { results } = await reader.readAsMember(sections.map(([, statement]) => statement));
  const rows = sections.flatMap(([reason], i) =>
    (results[i] as Omit<Found<Side>, "reason">[]).map((row) => ({ ...row, reason })),
  );
  return pageOf(rows, input.limit, contactSide);
}

const companyPairsSpec: PairsSpec<typeof companies> = {
  object: "company",
  table: companies,
  key: (t) => sql<string>`${t.matchName}`,
  side: (t, as) => ({
    id: named<string>(t.id, `${as}_id`),
    name: named<string>(t.name, `${as}_name`),
    domain: named<string | null>(t.domain, `${as}_domain`),
  }),
};

/**
 * The organization's live companies that share a name, two by two, unless dismissed: the name as
 * match_name has it ("Acme, Inc." and "ACME Corp" alike), from companies_org_match_idx.
 */
export async function companyDuplicatePairs(reader: DuplicatesReader, input: PairsInput): Promise<DuplicatePairsPage> {
  type Side = { id: string; name: string; domain: string | null };
  const { results } = await reader.readAsMember([
    readPairs(reader, companyPairsSpec, pairsByKey(reader, companyPairsSpec, input)),
  ]);
  const rows = (results[0] as Omit<Found<Side>, "reason">[]).map((row) => ({ ...row, reason: "name" as const }));
  return pageOf(rows, input.limit, (c) => ({ id: c.id, name: c.name, detail: c.domain }));
}

/**
 * Records the pair as not duplicates. Both must be live records of the organization (else NOT_FOUND,
 * naming neither); saying it twice is no error.
 */
export async function dismissDuplicate(
  db: Database,
  object: TaggedObject,
  organizationId: string,
  userId: string,
  ids: [string, string],
): Promise<void> {
  const table = object === "contact" ? contacts : companies;
  const live = await db
    .select({ id: table.id })
    .from(table)
    .where(and(organizationRowsById(table, organizationId, ids), isNull(table.deletedAt)));
  if (live.length !== 2) throw notFound(object);
  const [firstId, secondId] = [...ids].sort();
  await db
    .insert(duplicateDismissals)
    .values({ organizationId, object, firstId, secondId, dismissedBy: userId, dismissedAt: new Date() })
    .onConflictDoNothing();
}

/** Takes back a dismissal (Undo): the pair is offered again. Nothing to take back is no error. */
export async function undismissDuplicate(
  db: Database,
  object: TaggedObject,
  organizationId: string,
  ids: [string, string],
): Promise<void> {
  const [firstId, secondId] = [...ids].sort();
  const x = duplicateDismissals;
  await db
    .delete(x)
    .where(
      and(eq(x.organizationId, organizationId), eq(x.object, object), eq(x.firstId, firstId), eq(x.secondId, secondId)),
    );
}

/**
 * `name` as companies.match_name holds it: the expression migrations/0021's triggers write, for a
 * name that is not stored yet (a test holds the two to the same answers).
 */
export function matchNameOf(name: string | SQL): SQL<string> {
  const strip = (v: string) =>
    sql.raw(`coalesce((SELECT rtrim(substr(${v}, 1, length(${v}) - length(s.suffix) - 1)) FROM company_legal_suffixes s
      WHERE length(${v}) > length(s.suffix) + 1 AND substr(${v}, -length(s.suffix) - 1) = ' ' || s.suffix), ${v})`);
  let folded: SQL = sql`lower(${name})`;
  for (const mark of [".", ",", "'", '"', "(", ")"])
    folded = sql`replace(${folded}, ${sql.raw(`'${mark.replace("'", "''")}'`)}, '')`;
  return sql<string>`(SELECT ${strip("w")} FROM (SELECT ${strip("v")} AS w FROM (SELECT trim(replace(replace(${folded}, '  ', ' '), '  ', ' ')) AS v)))`;
}

/** What a new company's form warns of: up to three live companies whose name `name` looks like (match_name). */
export async function companyLookAlikes(reader: DuplicatesReader, name: string) {
  const { db, orgScope } = reader;
  const { results } = await reader.readAsMember([
    db
      .select({ id: companies.id, name: companies.name, domain: companies.domain })
      .from(companies)
      .where(
        and(
          eq(companies.organizationId, orgScope),
          isNull(companies.deletedAt),
          eq(companies.matchName, matchNameOf(name)),
        ),
      )
      .orderBy(asc(companies.name))
      .limit(3),
  ]);
  return results[0] as { id: string; name: string; domain: string | null }[];
}

/**
 * What a new contact's form warns of: up to three live contacts holding `email` (normalised), as
 * their primary email first, then as another address. From contact_emails' key, then by id.
 */
export async function contactEmailHolders(reader: DuplicatesReader, email: string) {
  const { db, orgScope } = reader;
  const e = contactEmails;
  const { results } = await reader.readAsMember([
    db
      .select(contactCardColumns)
      .from(e)
      .crossJoin(contacts)
      .where(
        and(
          eq(e.organizationId, orgScope),
          eq(e.email, email),
          eq(contacts.id, e.contactId),
          isNull(contacts.deletedAt),
        ),
      )
      .orderBy(sql`${contacts.primaryEmail} IS NOT ${email}`, asc(contacts.sortName))
      .limit(3),
  ]);
  return (results[0] as (Omit<ContactShown, "companyId" | "companyName"> & { title: string | null })[]).map((c) => ({
    id: c.id,
    name: contactDisplayName(c.firstName, c.lastName, c.email),
    email: c.email,
    title: c.title,
  }));
}
