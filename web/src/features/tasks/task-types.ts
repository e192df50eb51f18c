import type { inferInput, inferOutput } from "@trpc/tanstack-react-query";
import type { taskPriorities } from "../../../../drizzle/values";
import type { trpc } from "../../lib/trpc";

export type TaskRow = inferOutput<typeof trpc.tasks.list>[number];
export type Task = TaskRow["task"];
export type TaskPatch = inferInput<typeof trpc.tasks.update>["patch"];
export type TaskPriority = (typeof taskPriorities)[number];

export const taskTabs = ["today", "upcoming", "overdue", "done"] as const;
export type TaskTab = (typeof taskTabs)[number];
/** The lists, then the trash (deleted tasks, to restore). */
export const pageTabs = [...taskTabs, "trash"] as const;
export type PageTab = (typeof pageTabs)[number];
export const pageTabLabels: Record<PageTab, string> = {
  today: "Today",
  upcoming: "Upcoming",
  overdue: "Overdue",
  done: "Done",
  trash: "Trash",
};

/** What a task links to, as a picker chose it. */
export type LinkedRecord = { object: "contact" | "company"; id: string; name: string };
/** A record a task can link to, as a search found it: with what tells it apart (email, title, domain). */
export type LinkableRecord = LinkedRecord & { hint: string | null };

/** The pickers a task row (or its details) opens: its due date, repeat, assignee, linked record, type, priority. */
export type RowPicker = "due" | "repeat" | "assignee" | "record" | "type" | "priority";

/** "me", "anyone" or a member's user id, as tasks.list takes it. */
export type AssigneeFilter = string;
