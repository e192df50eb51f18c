import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../drizzle";
import type { Env } from "./env";

export type Database = DrizzleD1Database<typeof schema>;

/**
 * The one place that picks a database. Today every organization shares `DB`; when the largest
 * customers move to databases of their own, this is where an organization id maps to a binding.
 */
export function databaseFor(env: Env, _organizationId?: string): Database {
  return drizzle(env.DB, { schema });
}
