type ErrorWithZod = { data?: { zodError?: { fieldErrors?: Partial<Record<string, string[]>> } | null } | null };

/** The first zod message per field of a tRPC error (the worker's error formatter flattens them). */
export function fieldErrorsOf(error: unknown): Partial<Record<string, string>> {
  const fieldErrors = (error as ErrorWithZod | null)?.data?.zodError?.fieldErrors ?? {};
  const result: Partial<Record<string, string>> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) if (messages?.[0]) result[field] = messages[0];
  return result;
}
