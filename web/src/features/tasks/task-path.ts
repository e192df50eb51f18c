import type { DayRange } from "./day-range";
import { tabOf } from "./task-sort";
import type { AssigneeFilter, Task } from "./task-types";

/**
 * Where a task's details open on /tasks: over the tab it is in, among everyone's tasks when it may be
 * someone else's (a record's tasks), one member's (their id), else among the reader's own.
 */
export function taskPath(task: Task, range: DayRange, assignee: AssigneeFilter = "me"): string {
  const params = new URLSearchParams();
  const tab = tabOf({ task, recordName: null }, range);
  if (tab !== "today") params.set("view", tab);
  if (assignee !== "me") params.set("assignee", assignee);
  params.set("task", task.id);
  return `/tasks?${params.toString()}`;
}

/** One person's tasks under a tab of /tasks: the reader's own ("me") or a teammate's by user id. */
export function assigneeTasksPath(assignee: string, tab: "today" | "overdue" | "done" = "today"): string {
  const params = new URLSearchParams();
  if (tab !== "today") params.set("view", tab);
  if (assignee !== "me") params.set("assignee", assignee);
  const query = params.toString();
  return query ? `/tasks?${query}` : "/tasks";
}
