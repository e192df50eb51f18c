import { recordPath } from "../../app/recent-records";
import type { Task } from "./task-types";

/**
 * A run through tasks one by one, as HubSpot's task queue: each opens where it is worked (its contact's or company's
 * panel, or its details), done, rescheduled or skipped, then the next. Kept for this tab (sessionStorage), for whoever started it.
 */
export type TaskQueue = {
  user: string;
  ids: string[];
  /** The task being worked, as an index into `ids`. */
  at: number;
  done: number;
  rescheduled: number;
  skipped: number;
  /** The task list it was started from, gone back to at the end. */
  from: string;
};

const STORAGE_KEY = "team-crm:task-queue";
const CHANGED = "team-crm:task-queue-changed";

export function readQueue(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeQueue(queue: TaskQueue | null) {
  try {
    if (queue) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(queue));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage blocked: the queue ends with the page
  }
  window.dispatchEvent(new Event(CHANGED));
}

export function subscribeToQueue(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  return () => window.removeEventListener(CHANGED, onChange);
}

/** The stored queue, if it is `user`'s and well formed. */
export function parseQueue(text: string | null, user: string | undefined): TaskQueue | null {
  if (!text || !user) return null;
  try {
    const queue = JSON.parse(text) as Partial<TaskQueue>;
    const ok =
      queue.user === user &&
      Array.isArray(queue.ids) &&
      queue.ids.every((id) => typeof id === "string") &&
      typeof queue.at === "number" &&
      queue.at >= 0 &&
      queue.at < queue.ids.length &&
      typeof queue.from === "string" &&
      queue.from.startsWith("/tasks");
    const count = (n: unknown) => (typeof n === "number" && n >= 0 ? n : 0);
    return ok
      ? {
          ...(queue as TaskQueue),
          done: count(queue.done),
          rescheduled: count(queue.rescheduled),
          skipped: count(queue.skipped),
        }
      : null;
  } catch {
    return null;
  }
}

/** Where a task is worked: its record's panel, or its own details beside the list it came from. */
export function workPath(task: Pick<Task, "id" | "type" | "recordObject" | "recordId">, from: string): string {
  const object = task.recordObject === "contact" || task.recordObject === "company" ? task.recordObject : null;
  if (object && task.recordId) return recordPath({ object, id: task.recordId });
  const url = new URL(from, "http://app");
  url.searchParams.set("task", task.id);
  return `${url.pathname}${url.search}`;
}

/** "Queue finished: 3 done, 1 rescheduled, 1 skipped." (no rescheduled ones, none said). */
export function finishedText({ done, rescheduled, skipped }: Pick<TaskQueue, "done" | "rescheduled" | "skipped">) {
  const parts = [`${done} done`, ...(rescheduled ? [`${rescheduled} rescheduled`] : []), `${skipped} skipped`];
  return `Queue finished: ${parts.join(", ")}.`;
}

/** The task a queue is on, or null without a queue. */
export const queuedTaskId = (queue: TaskQueue | null): string | null => (queue ? queue.ids[queue.at]! : null);
