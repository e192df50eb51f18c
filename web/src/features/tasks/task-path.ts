import type { DayRange } from "./day-range";
import { tabOf } from "./task-sort";
import type { AssigneeFilter, Task, TaskTab } from "./task-types";

/**
 * A tab of /tasks: the reader's own tasks ("me"), everyone's ("anyone") or one member's (their id), with a task's
 * details open over it when `taskId` is given.
 */
export function tasksPath(assignee: AssigneeFilter, tab: TaskTab = "today", taskId?: string): string {
  const params = new URLSearchParams();
  if (tab !== "today") params.set("view", tab);
  if (assignee !== "me") params.set("assignee", assignee);
  if (taskId) params.set("task", taskId);
  const query = params.toString();
  return query ? `/tasks?${query}` : "/tasks";
}

/**
 * Where a task's details open on /tasks: over the tab it is in, among everyone's tasks when it may be
 * someone else's (a record's tasks), one member's (their id), else among the reader's own.
 */
export function taskPath(task: Task, range: DayRange, assignee: AssigneeFilter = "me"): string {
  return tasksPath(assignee, tabOf({ task, recordName: null }, range), task.id);
}
