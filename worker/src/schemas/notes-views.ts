import { z } from "zod";
import {
  noteKinds,
  noteOutcomeLabels,
  noteOutcomes,
  recordObjects,
  type NoteKind,
  type NoteOutcome,
} from "../../../drizzle/values";
import { recordFilter, recordSort } from "./records";
import { singleLineText, multiLineText } from "./text";

const noteBody = multiLineText().min(1, "Write something first.").max(20_000);
const outcome = z.enum(Object.values(noteOutcomes).flat() as [NoteOutcome, ...NoteOutcome[]]);
/** Later than this is a clock a little ahead, not a call logged before it happened. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const occurredAt = z
  .date()
  .min(new Date(Date.UTC(1900, 0, 1)), "Pick a date after the year 1900.")
  .refine(
    (at) => +at <= Date.now() + CLOCK_SKEW_MS,
    "What you log has happened: pick a time that is not in the future.",
  );

/** Why `value` is no outcome of a `kind` (null when it is one, or when none is given). */
export function outcomeProblem(kind: NoteKind, value: NoteOutcome | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (kind !== "call" && kind !== "meeting") return `A logged ${kind} has no outcome: only calls and meetings do.`;
  const allowed: readonly string[] = noteOutcomes[kind];
  return allowed.includes(value)
    ? null
    : `A ${kind}'s outcome is one of: ${allowed.map((o) => noteOutcomeLabels[o as NoteOutcome].toLowerCase()).join(", ")}.`;
}

export const noteCreateInput = z
  .object({
    recordObject: z.enum(["contact", "company"]),
    recordId: z.string().min(4).max(40),
    kind: z.enum(noteKinds).default("note"),
    body: noteBody,
    outcome: outcome.nullish(),
    /** When the call, meeting or email took place; now when not given. */
    occurredAt: occurredAt.optional(),
  })
  .superRefine((note, ctx) => {
    const problem = outcomeProblem(note.kind, note.outcome);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["outcome"] });
  });
export const noteUpdateInput = z.object({
  id: z.string().min(4).max(40),
  version: z.number().int().min(1),
  body: noteBody,
  /** Checked against the note's kind by the procedure; absent leaves it as it is. */
  outcome: outcome.nullish(),
  occurredAt: occurredAt.optional(),
});
/** A record's pinned notes are its few standing facts ("Decides with the CFO; no calls before 10"), not a second list. */
export const PINNED_NOTES_MAX = 3;
export const notePinInput = z.object({
  id: z.string().min(4).max(40),
  /** Pinned above the record's other notes, or back among them. */
  pinned: z.boolean(),
});
export const pinnedNotesInput = z.object({ recordId: z.string().min(4).max(40) });
/** A page of a record's notes and logged activities, newest first. */
export const NOTES_LISTED = 200;
export const noteListInput = z.object({
  recordId: z.string().min(4).max(40),
  /** The next page: the last note of the page before (tRPC's infinite queries name it so). */
  cursor: z.string().min(4).max(40).nullish(),
  limit: z.number().int().min(1).max(NOTES_LISTED).default(NOTES_LISTED),
});

export const viewDefinition = z.object({
  filters: recordFilter.default({ combinator: "and", conditions: [] }),
  sort: recordSort.nullable().default(null),
  columns: z.array(z.string().min(1).max(60)).max(60).default([]),
  search: z.string().max(200).optional(),
  /** How the list shows it: rows, or a board of cards (contacts by lead status). A view saved without: rows. */
  layout: z.enum(["table", "board"]).optional(),
  /**
   * The field a board's lanes are the values of: a built-in select (`leadStatus`) or a select property
   * (`prop:<key>`). Without it, the object's first: contacts by lead status.
   */
  groupBy: z
    .string()
    .regex(/^([a-zA-Z]{1,40}|prop:[a-z][a-z0-9_]{0,39})$/, "A board groups by a field, or by prop:<key>.")
    .optional(),
});
export const viewCreateInput = z.object({
  object: z.enum(recordObjects),
  name: singleLineText().min(1, "Name the view.").max(80),
  definition: viewDefinition,
  shared: z.boolean().default(false),
});
export const viewUpdateInput = z.object({
  id: z.string().min(4).max(40),
  /** The version the change was made on: a view saved meanwhile by someone else is CONFLICT. */
  version: z.number().int().min(1),
  name: singleLineText().min(1).max(80).optional(),
  definition: viewDefinition.optional(),
  shared: z.boolean().optional(),
});

/** The view a member's list of `object` opens on, or none (`viewId` null). */
export const viewDefaultInput = z.object({
  object: z.enum(recordObjects),
  viewId: z.string().min(4).max(40).nullable(),
});
