import { z } from "zod";
import { EMPTY_CONTACT_MESSAGE } from "./records";
import { writeKey } from "./write-key";
import { COMPANY_NAME_MAX } from "../domain/records/cell-problems";

/** Rows per server batch: each batch is one atomic D1 batch. */
export const IMPORT_BATCH_LIMIT = 100;

/**
 * One server batch of a contacts or companies import: rows already mapped to the create input's
 * field names by the web (custom values under `properties` by key), ≤ 100 at a time.
 */
export const importBatchInput = z
  .object({
    rows: z.array(z.record(z.string(), z.unknown())).min(1).max(IMPORT_BATCH_LIMIT),
    /** Row numbers in the file, for the summary (same length as rows). */
    lineNumbers: z.array(z.number().int().min(1)).min(1).max(IMPORT_BATCH_LIMIT),
    /** A row whose email (contacts) or domain (companies) a live record already has: leave it, or fill it in. */
    onDuplicate: z.enum(["skip", "update"]).default("skip"),
    /** A row no live record holds: create it, or leave it (an import that only updates, as from an enrichment file). */
    onNew: z.enum(["create", "skip"]).default("create"),
    /** The web's name for this batch (see writeKey); kept a day. */
    key: writeKey.optional(),
  })
  .refine((batch) => batch.lineNumbers.length === batch.rows.length, {
    message: "Give one line number per row.",
    path: ["lineNumbers"],
  });
export type ImportBatchInput = z.input<typeof importBatchInput>;

/** Mapped rows of an import's preview: which records already hold their email or domain. */
export const importMatchesInput = z.object({
  rows: z.array(z.record(z.string(), z.unknown())).min(1).max(IMPORT_BATCH_LIMIT),
});
export type ImportBatch = z.output<typeof importBatchInput>;

/** Keys asked of the workspace at once by an import's whole-file check (see importHeldKeys). */
export const IMPORT_HELD_KEYS_LIMIT = 5000;
/**
 * Their characters in all: D1 takes a string value of 2 MB at most, and the keys go to it as one JSON text (a name
 * twice, in two lowercase forms, and up to 4 bytes a character). Typical emails make 5,000 in one call.
 */
export const IMPORT_ASKED_CHARS_LIMIT = 200_000;

/** The cells or keys of one of the whole-file check's questions: as many, and as long, as one call can take. */
const askedCells = (cell: z.ZodString) =>
  z
    .array(cell)
    .min(1)
    .max(IMPORT_HELD_KEYS_LIMIT)
    .refine((cells) => cells.reduce((chars, text) => chars + text.length, 0) <= IMPORT_ASKED_CHARS_LIMIT, {
      message: `Ask about at most ${IMPORT_ASKED_CHARS_LIMIT.toLocaleString("en-US")} characters at once.`,
    });

/**
 * Cells naming a company: a contacts file's Company cells (which the import would refuse, refusedCompanyCells), a
 * companies file's Parent company cells (which name live companies of the organization, cellsNamingStored).
 */
export const importCompanyCellsInput = z.object({
  cells: askedCells(z.string().trim().min(1).max(COMPANY_NAME_MAX)),
});

/** A file's emails (contacts) or domains (companies): which a live record of the organization already holds. */
export const importHeldKeysInput = z.object({ keys: askedCells(z.string().max(320)) });

/**
 * What the preview says of a mapped row: the live record it matches, the company it would be linked to, and a company
 * row's parent (by name; `missing`: a name no company here has, which a row of the file may; `error`: why it fails).
 */
export type ImportMatch = {
  match: { id: string; name: string } | null;
  company: { id: string; name: string } | null;
  parent?: { name: string } | { missing: string } | { error: string } | null;
};

/** Each row counts once: created, updated, skipped (a duplicate left alone, or nothing new) or failed. */
export type ImportBatchResult = {
  created: number;
  updated: number;
  skipped: number;
  /** `missingParent`: the Parent company cell of a row that failed as no company had that name when it came. */
  failed: { line: number; message: string; missingParent?: string }[];
  /** The records of the imported object the batch created, for the summary's "move them to the trash". */
  createdIds: string[];
};

/**
 * Why `row` fails, worded alike in the import's preview (the web) and its summary (the server): "<field>: <message>",
 * and where zod can only name the type it expected, "<field> is required." (the row has none) or "<field> must be a
 * number.".
 */
export function rowIssueMessage(
  row: Record<string, unknown>,
  issue: z.core.$ZodIssue | undefined,
  labelOf: (field: string) => string | undefined,
): string {
  if (!issue) return "This row is not valid.";
  const field = issue.path.find((p) => typeof p === "string");
  const label = field === undefined ? undefined : labelOf(field);
  if (!label || issue.message === EMPTY_CONTACT_MESSAGE) return issue.message;
  const missing = field !== undefined && issue.path.length === 1 && row[field] === undefined;
  if (issue.code === "invalid_type" && missing) return `${label} is required.`;
  return issueInWords(issue, label) ?? `${label}: ${issue.message}`;
}

/**
 * A field's issue said as a person would, where zod's own words are a type or a bound ("Too big: expected
 * number to be <=1000" → "Lead score must be 1,000 at most.", an unknown lead status → "Lead status must be one
 * of: new, contacted, qualified, unqualified, customer."); null where its message already reads well
 * ("Enter a valid email address."). The import's rows and the table's cells both say it so.
 */
export function issueInWords(issue: z.core.$ZodIssue, label: string): string | null {
  if (issue.code === "invalid_type" && issue.expected === "number") return `${label} must be a number.`;
  if (issue.code === "invalid_type" && issue.expected === "int") return `${label} must be a whole number.`;
  const limit = (bound: number | bigint) => Number(bound).toLocaleString("en-US");
  if (issue.code === "too_big" && issue.origin === "number") return `${label} must be ${limit(issue.maximum)} at most.`;
  if (issue.code === "too_small" && issue.origin === "number")
    return `${label} must be at least ${limit(issue.minimum)}.`;
  if (issue.code === "too_big" && issue.origin === "string")
    return `${label} must be ${limit(issue.maximum)} characters at most.`;
  if (issue.code === "too_big" && issue.origin === "array") return `${label}: ${limit(issue.maximum)} at most.`;
  // zod's 'Invalid option: expected one of "new"|"contacted"|…'.
  // As a select property's refusal says it ("Tier must be one of: gold, silver.").
  if (issue.code === "invalid_value" && issue.values.length > 1)
    return `${label} must be one of: ${issue.values.map(String).join(", ")}.`;
  return null;
}

/** A member as an import's Owner column may name them. */
export type OwnerCandidate = { userId: string; email: string; displayName: string | null };

const spaced = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The member an Owner cell names: their email (as an export writes it, or "Ann Lee <ann@team.example>"),
 * else their name when one member has it. The server imports by this and the preview checks by it, in the
 * same words.
 */
export function ownerOfCell(cell: string, members: OwnerCandidate[]): { userId: string } | { error: string } {
  const text = cell.trim();
  const email = spaced(/<([^<>]+)>\s*$/.exec(text)?.[1] ?? text);
  const byEmail = members.find((m) => m.email.toLowerCase() === email);
  if (byEmail) return { userId: byEmail.userId };
  const named = members.filter((m) => m.displayName && spaced(m.displayName) === spaced(text));
  if (named.length === 1) return { userId: named[0].userId };
  if (named.length > 1) return { error: `Owner: ${named.length} members are called “${text}”; give their email.` };
  return { error: `Owner: “${text}” is not a member of this workspace.` };
}
