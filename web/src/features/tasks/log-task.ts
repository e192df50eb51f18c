import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { recordPath } from "../../app/recent-records";
import { requestLog, type LogKind } from "../records/log-request";
import { isLogged, taskTypeLabels, type LoggedType } from "./task-type";
import type { Task } from "./task-types";

/** A done call, email or meeting that can be logged on the record it is linked to. */
export type LoggableTask = Pick<Task, "type" | "recordObject" | "recordId">;

/** What to log once `task` is done, or null: a to-do, or a task linked to no contact or company. */
export function logOf(task: LoggableTask): { kind: LoggedType; object: "contact" | "company"; id: string } | null {
  const object = task.recordObject === "contact" || task.recordObject === "company" ? task.recordObject : null;
  if (!isLogged(task.type) || !object || !task.recordId) return null;
  return { kind: task.type, object, id: task.recordId };
}

/** "Log call", "Log email", "Log meeting". */
export const logLabel = (kind: LoggedType) => `Log ${taskTypeLabels[kind].toLowerCase()}`;

/**
 * Opens the record a done call (email, meeting) is linked to, its composer ready to log how it went, as HubSpot
 * offers once a call task is completed. A record already open beside the list is not opened again.
 */
export function useLogTask() {
  const navigate = useNavigate();
  return useCallback(
    (task: LoggableTask) => {
      const log = logOf(task);
      if (!log) return;
      requestLog(log.kind, log.id);
      const path = recordPath(log);
      const { pathname, search } = window.location;
      const open = new URLSearchParams(search).get("open") === log.id && path.startsWith(`${pathname}?`);
      if (!open) navigate(path);
    },
    [navigate],
  );
}

/** The record's open task a call (email, meeting) just logged answers: the earliest of that type due by today's end, or undated. */
export function taskLoggedBy(tasks: Task[], kind: LogKind, dayEnd: Date): Task | null {
  const due = tasks
    .filter((task) => task.status === "open" && task.type === kind && (!task.dueAt || task.dueAt < dayEnd))
    .sort((a, b) => (a.dueAt?.getTime() ?? Infinity) - (b.dueAt?.getTime() ?? Infinity));
  return due[0] ?? null;
}
