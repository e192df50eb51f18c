/** D1 wraps SQLite's message; a UNIQUE or PRIMARY KEY clash reads "UNIQUE constraint failed". */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof Error && /UNIQUE constraint failed|PRIMARY KEY/i.test(e.message)) return true;
  }
  return false;
}
