/** D1 wraps SQLite's message; a UNIQUE or PRIMARY KEY clash reads "UNIQUE constraint failed". */
/** `column` narrows it to one constraint, e.g. "organizations.slug". */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof Error && /UNIQUE constraint failed|PRIMARY KEY/i.test(e.message))
      return column === undefined || e.message.includes(column);
  }
  return false;
}
