import { env } from "cloudflare:test";
import type { RecordListInput } from "../../worker/src/schemas/records";
import { callerForToken, signIdToken, type Identity } from "./helpers";

/**
 * env.DB that counts D1 round trips (a batch is one; so is each statement run on its own) and
 * keeps the SQL of every statement prepared.
 */
export function countingDatabase() {
  const seen = { trips: 0, statements: [] as string[], bound: [] as { sql: string; values: unknown[] }[] };
  const watch = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    const target = statement as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const name of ["all", "first", "run", "raw"]) {
      const original = target[name].bind(statement);
      target[name] = (...args: unknown[]) => {
        seen.trips += 1;
        return original(...args);
      };
    }
    const bind = target.bind.bind(statement);
    target.bind = (...values: unknown[]) => {
      seen.bound.push({ sql: query, values });
      return watch(bind(...values) as D1PreparedStatement, query);
    };
    return statement;
  };
  const db = new Proxy(env.DB, {
    get(database, property) {
      if (property === "prepare")
        return (query: string) => {
          seen.statements.push(query);
          return watch(database.prepare(query), query);
        };
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => {
          seen.trips += 1;
          return database.batch(statements);
        };
      const value: unknown = Reflect.get(database, property, database);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(database) : value;
    },
  });
  return { db, seen };
}

export async function countedCaller(identity: Identity) {
  const counter = countingDatabase();
  const caller = await callerForToken(await signIdToken(identity), { DB: counter.db });
  /** Round trips and statements of one call. */
  async function measure<T>(call: (c: typeof caller) => Promise<T>) {
    counter.seen.trips = 0;
    counter.seen.statements = [];
    counter.seen.bound = [];
    const result = await call(caller);
    return {
      result,
      trips: counter.seen.trips,
      statements: [...counter.seen.statements],
      bound: [...counter.seen.bound],
    };
  }
  return measure;
}

/** SQLite's plan for a statement as it was bound: one line per step ("SEARCH x USING INDEX …"). */
export async function planOf({ sql, values }: { sql: string; values: unknown[] }): Promise<string> {
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...values)
    .all<{ detail: string }>();
  return plan.results.map((row) => row.detail).join("\n");
}

/** A step walking every (live) row of an organization, or a whole table: what a lookup by key or id must never do. */
export const WALKS_THE_ORGANIZATION =
  /USING (COVERING )?(INDEX \w+|PRIMARY KEY) \(organization_id=\?( AND deleted_at=\?)?\)$|^SCAN (contacts|companies|contact_emails)\b/m;

/**
 * For `identity`: the page statement (its text and bound values, the membership query left out) of
 * a contacts.list call, to run again for its plan or D1's rows_read.
 */
export async function pageStatements(identity: Identity) {
  const seen: { sql: string; values: unknown[] }[] = [];
  const db = new Proxy(env.DB, {
    get(database, property) {
      if (property === "prepare")
        return (query: string) => {
          const statement = database.prepare(query);
          const bind = statement.bind.bind(statement);
          statement.bind = (...values: unknown[]) => {
            seen.push({ sql: query, values });
            return bind(...values);
          };
          return statement;
        };
      const value: unknown = Reflect.get(database, property, database);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(database) : value;
    },
  });
  const caller = await callerForToken(await signIdToken(identity), { DB: db });
  return async (input: RecordListInput) => {
    seen.length = 0;
    await caller.contacts.list(input);
    const [page] = seen.filter((s) => !s.sql.includes('from "users"'));
    return page;
  };
}
