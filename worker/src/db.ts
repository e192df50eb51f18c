import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../drizzle";
import type { Env } from "./env";

export type Database = DrizzleD1Database<typeof schema>;

/** One drizzle instance per D1 binding: building one reads the whole schema (a tenth of a list's CPU). */
const instances = new WeakMap<D1Database, Database>();

/**
 * The one place that picks a database. Today every organization shares `DB`; when the largest
 * customers move to databases of their own, this is where an organization id maps to a binding.
 */
export function databaseFor(env: Env, _organizationId?: string): Database {
  let db = instances.get(env.DB);
  if (!db) {
    db = drizzle(env.DB, { schema });
    instances.set(env.DB, db);
  }
  return db;
}
