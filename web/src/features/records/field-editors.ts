import type { z } from "zod";
import { issueInWords } from "../../../../worker/src/schemas/imports";
import type { CellEditor, CellPatch } from "../../ui/data-table";

/** "ann@x.com, ann@y.com" (or one a line) as a list, blanks dropped. */
export const splitList = (text: string | undefined): string[] =>
  (text ?? "")
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * An editor's check from the server's own field schema (worker/src/schemas/records.ts), so the
 * cell says what the server would: "Enter a valid email address.", bounds in words ("Lead score must be 1,000 at
 * most."), as an import's preview says them.
 */
export function checkWith(schema: z.ZodType, toValue: (patch: CellPatch) => unknown, label: string) {
  return (patch: CellPatch): string | null => {
    const result = schema.safeParse(toValue(patch));
    if (result.success) return null;
    const [issue] = result.error.issues;
    return issue ? (issueInWords(issue, label) ?? issue.message) : "This value is not valid.";
  };
}

/** Optional text: blank clears it (null), as the server stores blanks. */
export const blankToNull = (text: string | undefined) => (text?.trim() ? text.trim() : null);

/**
 * A one-input text editor of `key`, checked by the server's schema of that field: a blank is sent
 * as null, unless the field is `required` (then the schema says why a blank will not do).
 */
export function textEditor<Row>(
  key: string,
  label: string,
  options: { schema?: z.ZodType; inputType?: "text" | "number" | "url" | "email"; required?: boolean } = {},
): CellEditor<Row> {
  const { schema, inputType, required } = options;
  const toValue = (patch: CellPatch) => (required ? (patch[key] ?? "").trim() : blankToNull(patch[key]));
  return {
    kind: "text",
    fields: [{ key, label, inputType }],
    ...(schema && { validate: checkWith(schema, toValue, label) }),
  };
}

/** A list kept as an array (emails, phones), edited as one line of comma-separated items. */
export function listEditor<Row>(key: string, label: string, schema: z.ZodType): CellEditor<Row> {
  return {
    kind: "text",
    fields: [{ key, label }],
    get: (row) => ({ [key]: ((row as Record<string, unknown>)[key] as string[]).join(", ") }),
    apply: (row, patch) => ({ ...row, [key]: splitList(patch[key]) }),
    validate: checkWith(schema, (patch) => splitList(patch[key]), label),
  };
}
