import { z } from "zod";
import { recordObjects, taskPriorities, taskRepeats, taskTypes } from "../../../drizzle/values";
import { timeZoneName } from "./time-zone";
import { singleLineText, multiLineText } from "./text";

/** A due date a calendar shows: years 1900 to 9999 (a Date reaches year 275760, which no one means). */
const DUE_DATE_RANGE = "Pick a due date between the years 1900 and 9999.";
const dueDate = z
  .date()
  .min(new Date(Date.UTC(1900, 0, 1)), DUE_DATE_RANGE)
  .max(new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999)), DUE_DATE_RANGE);

/** How often a task repeats, and the time zone whose wall clock it keeps: both set, or both null (it does not repeat). */
const repeatRule = {
  repeat: z.enum(taskRepeats, {
    message: `Choose how often the task repeats: ${taskRepeats.join(", ")}.`,
  }),
  repeatZone: timeZoneName,
};
const bothOrNeither = (p: { repeat?: string | null; repeatZone?: string | null }) =>
  (p.repeat === undefined) === (p.repeatZone === undefined) && !p.repeat === !p.repeatZone;
const REPEAT_PAIR = "Say how often the task repeats together with the time zone it keeps, or neither.";
export const REPEAT_NEEDS_DUE = "A repeating task needs a due date: pick one first.";

type NewRepeat = { repeat?: string | null; repeatZone?: string | null; dueAt?: Date | null };
/** A new task's repeat (create, and a task for each record): with its zone, and dated. */
const withRepeatChecked = <T extends z.ZodType<NewRepeat>>(schema: T) =>
  schema
    .refine((t) => !t.repeat === !t.repeatZone, { message: REPEAT_PAIR, path: ["repeat"] })
    .refine((t) => !t.repeat || t.dueAt, { message: REPEAT_NEEDS_DUE, path: ["repeat"] });

/** A to-do unless said: a call, an email or a meeting. */
const taskType = z.enum(taskTypes, { message: `Choose the task's type: ${taskTypes.join(", ")}.` });

const recordLink = { recordObject: z.enum(recordObjects).nullish(), recordId: z.string().min(4).max(40).nullish() };

export const taskCreateInput = withRepeatChecked(
  z
    .object({
      title: singleLineText().min(1, "Say what needs doing.").max(300),
      notes: multiLineText().max(5000).nullish(),
      dueAt: dueDate.nullish(),
      priority: z.enum(taskPriorities).default("normal"),
      type: taskType.default("todo"),
      /** Defaults to the caller. */
      assigneeId: z.string().min(1).max(128).nullish(),
      ...recordLink,
      repeat: repeatRule.repeat.nullish(),
      repeatZone: repeatRule.repeatZone.nullish(),
    })
    .refine((t) => Boolean(t.recordObject) === Boolean(t.recordId), {
      message: "Link a task to a record with both its kind and id.",
      path: ["recordId"],
    }),
);
export type TaskCreateInput = z.input<typeof taskCreateInput>;

const taskFields = {
  title: singleLineText().min(1).max(300),
  notes: multiLineText().max(5000).nullable(),
  dueAt: dueDate.nullable(),
  priority: z.enum(taskPriorities),
  type: taskType,
  assigneeId: z.string().min(1).max(128).nullable(),
  status: z.enum(["open", "done"]),
  /** Relinks the task (both set), or unlinks it (both null). */
  recordObject: z.enum(recordObjects).nullable(),
  recordId: z.string().min(4).max(40).nullable(),
  /** Repeats (both set), or no longer (both null). A due date set to none ends the repeat too. */
  repeat: repeatRule.repeat.nullable(),
  repeatZone: repeatRule.repeatZone.nullable(),
};

const taskPatch = z
  .object(taskFields)
  .partial()
  .refine((p) => (p.recordObject === undefined) === (p.recordId === undefined) && !p.recordObject === !p.recordId, {
    message: "Link a task to a record with both its kind and id, or unlink it with neither.",
    path: ["recordId"],
  })
  .refine(bothOrNeither, { message: REPEAT_PAIR, path: ["repeat"] })
  .refine((p) => !p.repeat || p.dueAt !== null, { message: REPEAT_NEEDS_DUE, path: ["repeat"] });
export type TaskPatch = z.infer<typeof taskPatch>;

export const taskUpdateInput = z.object({
  id: z.string().min(4).max(40),
  version: z.number().int().min(1),
  patch: taskPatch,
});

/** Tasks one bulk change acts on, as many as a list shows at once. */
export const MAX_BULK_TASKS = 200;

/**
 * What a bulk change sets on one task: its status, due date, assignee, priority or type (Undo sends each task's own
 * values back, a repeat too), or
 * `deleted` alone: to the trash (true) or back (false).
 */
const bulkTaskPatch = z
  .object({
    status: taskFields.status,
    dueAt: taskFields.dueAt,
    assigneeId: taskFields.assigneeId,
    priority: taskFields.priority,
    type: taskFields.type,
    /** Only to put back a repeat that taking the due date away ended (Undo). */
    repeat: taskFields.repeat,
    repeatZone: taskFields.repeatZone,
    deleted: z.boolean(),
  })
  .partial()
  .refine(bothOrNeither, { message: REPEAT_PAIR, path: ["repeat"] })
  .refine((p) => Object.keys(p).length > 0, "Say what to change on the tasks.")
  .refine((p) => p.deleted === undefined || Object.keys(p).length === 1, {
    message: "Delete or restore tasks on their own, without other changes.",
    path: ["deleted"],
  });
export type BulkTaskPatch = z.infer<typeof bulkTaskPatch>;

export const taskBulkInput = z.object({
  changes: z
    .array(z.object({ id: z.string().min(4).max(40), patch: bulkTaskPatch }))
    .min(1, "Select at least one task.")
    .max(MAX_BULK_TASKS, `Act on at most ${MAX_BULK_TASKS} tasks at once.`)
    .refine((changes) => new Set(changes.map((c) => c.id)).size === changes.length, "Name each task once."),
});

/**
 * "undated": open tasks without a due date, which no dated view holds (Upcoming shows them). "open": one record's open
 * tasks, dated then undated (its panel), however many done ones it has.
 */
export const taskViews = ["today", "upcoming", "overdue", "done", "undated", "open", "all"] as const;

/** Deleted tasks per page of the trash. */
export const TRASH_PAGE = 100;

export const taskListInput = z
  .object({
    view: z.enum(taskViews).default("all"),
    /** The caller's local day, so "today" means their today. */
    dayStart: z.date(),
    dayEnd: z.date(),
    /** "me" (default), "anyone", or a member's user id. */
    assignee: z.string().min(1).max(128).default("me"),
    /** Calls only, say; every type when left out. */
    type: taskType.optional(),
    recordId: z.string().min(4).max(40).optional(),
    /** Only tasks whose title holds these words, or linked to a record they find (as tasks.search); none when blank. */
    search: z.string().trim().max(200).optional(),
    limit: z.number().int().min(1).max(200).default(100),
    /** The next page: the id of the last task of the page before; the view goes on after it, in its order. */
    after: z.string().min(4).max(40).optional(),
  })
  .refine((input) => !input.after || (input.view !== "all" && input.view !== "open"), {
    message: "Only the today, upcoming, overdue, undated and done views go on page by page.",
    path: ["after"],
  })
  .refine((input) => input.view !== "open" || input.recordId, {
    message: "The open view lists one record's tasks: say which record.",
    path: ["recordId"],
  });
export type TaskListInput = z.input<typeof taskListInput>;

/** A page of the trash: `cursor` is the last task of the page before (tRPC's infinite queries name it so). */
export const taskTrashInput = z
  .object({
    cursor: z.string().min(4).max(40).nullish(),
    limit: z.number().int().min(1).max(100).default(TRASH_PAGE),
  })
  .default({ limit: TRASH_PAGE });

/**
 * One task for each of up to 200 selected records of one object (a call to each lead): the same title, due date and
 * priority, assigned to the caller or to each record's owner (the caller for a record without one).
 */
export const taskCreateForRecordsInput = withRepeatChecked(
  z.object({
    object: z.enum(["contact", "company"]),
    ids: z
      .array(z.string().min(4).max(40))
      .min(1, "Select at least one record.")
      .max(MAX_BULK_TASKS, `Add tasks to at most ${MAX_BULK_TASKS} records at once.`)
      .refine((ids) => new Set(ids).size === ids.length, "Name each record once."),
    title: taskFields.title.min(1, "Say what needs doing."),
    dueAt: taskFields.dueAt.optional(),
    priority: taskFields.priority.default("normal"),
    type: taskFields.type.default("todo"),
    assignTo: z.enum(["me", "owner"]).default("me"),
    repeat: taskFields.repeat.optional(),
    repeatZone: taskFields.repeatZone.optional(),
  }),
);

/** Tasks found by the words of their title or of the record they link to (the command palette). */
export const taskSearchInput = z.object({
  query: z.string().trim().min(1, "Type something to search for.").max(200),
  limit: z.number().int().min(1).max(20).default(5),
});

/** The caller's local day, for counting their tasks overdue (before it) and due in it. */
export const taskDueCountInput = z
  .object({ dayStart: z.date(), dayEnd: z.date() })
  .refine((day) => day.dayStart < day.dayEnd, { message: "The day must end after it starts.", path: ["dayEnd"] });

/** The caller's local day (tasks due before it are overdue) and the start of the days whose done tasks are counted. */
export const taskTeamCountsInput = z
  .object({ dayStart: z.date(), doneSince: z.date() })
  .refine((range) => range.doneSince <= range.dayStart, {
    message: "Done tasks are counted from a moment before the day starts.",
    path: ["doneSince"],
  });
