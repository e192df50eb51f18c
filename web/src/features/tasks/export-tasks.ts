import type { OwnerCandidate } from "../../../../worker/src/schemas/imports";
import { trpcClient } from "../../lib/trpc";
import { untilAnswered } from "../../lib/until-answered";
import { downloadCsv } from "../import/csv-download";
import type { DayRange } from "./day-range";
import { priorityLabels } from "./priority-marker";
import { repeatLabel } from "./repeat-options";
import { taskTypeLabels } from "./task-type";
import type { TaskRow, TaskTab } from "./task-types";
import { feeding, pageSize, type TaskFilter } from "./use-task-lists";

/** A page that got no answer is asked for again, four times (about 15 s of waiting) before the export fails. */
const PAGE_ATTEMPTS = 5;

/** Every task of one of the server's views, as the list filters it, page by page after the last task of the one before. */
async function* tasksOf(view: (typeof feeding)[TaskTab][number], filter: TaskFilter, range: DayRange) {
  let after: string | undefined;
  for (;;) {
    const limit = pageSize(view);
    const page = await untilAnswered(() => trpcClient.tasks.list.query({ view, ...filter, ...range, limit, after }), {
      attempts: PAGE_ATTEMPTS,
    });
    yield page;
    if (page.length < limit) return;
    after = page[page.length - 1].task.id;
  }
}

const isoOrEmpty = (date: Date | null) => (date ? date.toISOString() : "");

/**
 * A task as a CSV row: what it is, when it is due (ISO, as a spreadsheet reads it), whose it is (by email, which names
 * one member where names may repeat), what it links to, and how it repeats.
 */
function csvRow({ task, recordName }: TaskRow, emails: Map<string, string>) {
  return {
    Title: task.title,
    Type: taskTypeLabels[task.type],
    Priority: priorityLabels[task.priority],
    Status: task.status === "done" ? "Done" : "Open",
    "Due at": isoOrEmpty(task.dueAt),
    Assignee: (task.assigneeId && emails.get(task.assigneeId)) ?? "",
    "Linked record": recordName ?? "",
    "Linked record type":
      task.recordObject === "company" ? "Company" : task.recordObject === "contact" ? "Contact" : "",
    Repeats: task.repeat ? repeatLabel(task.repeat, task.dueAt, "en-US") : "",
    Notes: task.notes ?? "",
    "Completed at": isoOrEmpty(task.completedAt),
    "Created at": task.createdAt.toISOString(),
    Id: task.id,
  };
}

/**
 * Every task of a tab as it is filtered now (whose, which type, the search), not only the pages read, as a CSV
 * download in the tab's order; resolves to how many.
 */
export async function exportTasksCsv(
  tab: TaskTab,
  filter: TaskFilter,
  range: DayRange,
  members: OwnerCandidate[],
  onProgress?: (rows: number) => void,
) {
  const emails = new Map(members.map((member) => [member.userId, member.email]));
  const rows: ReturnType<typeof csvRow>[] = [];
  for (const view of feeding[tab])
    for await (const page of tasksOf(view, filter, range)) {
      for (const row of page) rows.push(csvRow(row, emails));
      onProgress?.(rows.length);
    }
  downloadCsv(`tasks-${tab}-${new Date().toISOString().slice(0, 10)}.csv`, rows);
  return rows.length;
}
