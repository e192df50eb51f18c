import { formatDateTime } from "../../lib/format";
import { RelativeTime } from "../../ui/relative-time";
import type { DataTableColumn, FilterField } from "../../ui/data-table";
import { DueTime } from "../tasks/due-time";

/** An empty cell: a quiet dash, so a blank reads as "not set" rather than as a rendering gap. */
export const Empty = () => <span className="text-muted/60">—</span>;

type Timestamped = { createdAt: Date; updatedAt: Date };
type TimeField = "createdAt" | "updatedAt" | "deletedAt" | "lastActivityAt";

/** A record's time as a sortable column of relative times (a dash when it has none). */
export function timeColumn<Row extends Partial<Record<TimeField, Date | null>>>(
  field: TimeField,
  header: string,
  options: { defaultHidden?: boolean } = {},
): DataTableColumn<Row> {
  return {
    id: field,
    fields: [field] as (keyof Row & string)[],
    header,
    width: 136,
    sortField: field,
    ...options,
    cell: (row) => {
      const date = row[field];
      return date ? <RelativeTime date={date} className="text-muted" /> : <Empty />;
    },
    // The time itself, not "3 days ago", which would be wrong wherever it is pasted.
    copyText: (row) => (row[field] ? formatDateTime(row[field]) : ""),
  };
}

/**
 * When the record's next open task is due (kept by the database, see migrations/0033): the short form
 * a task row shows ("Tomorrow 3:00 PM"), red once it is past; a dash for a record with no next step.
 */
export function nextTaskColumn<Row extends { nextTaskAt: Date | null }>(): DataTableColumn<Row> {
  return {
    id: "nextTaskAt",
    fields: ["nextTaskAt"] as (keyof Row & string)[],
    header: "Next task",
    width: 160,
    sortField: "nextTaskAt",
    defaultHidden: true,
    cell: ({ nextTaskAt }) =>
      nextTaskAt ? <DueTime dueAt={nextTaskAt} overdue={nextTaskAt.getTime() < Date.now()} /> : <Empty />,
    copyText: ({ nextTaskAt }) => (nextTaskAt ? formatDateTime(nextTaskAt) : ""),
  };
}

/** The filter on a record's next task: "is empty" finds the records without a next step. */
export const nextTaskFilterField: FilterField = { field: "nextTaskAt", label: "Next task", kind: "date" };

/** Updated (shown) and Created (in the picker): every object has both. */
export function timestampColumns<Row extends Timestamped>(): DataTableColumn<Row>[] {
  return [timeColumn<Row>("updatedAt", "Updated"), timeColumn<Row>("createdAt", "Created", { defaultHidden: true })];
}

/** An object's columns as its trash shows them: the first (the name), then when each was deleted, then the rest. */
export function withTrashColumns<Row extends { deletedAt: Date | null }>(
  columns: DataTableColumn<Row>[],
): DataTableColumn<Row>[] {
  return [...columns.slice(0, 1), timeColumn<Row>("deletedAt", "Deleted"), ...columns.slice(1)];
}

/** Filters every object offers after its own fields. */
export const commonFilterFields: FilterField[] = [
  { field: "tags", label: "Tags", kind: "array" },
  { field: "createdAt", label: "Created", kind: "date" },
  { field: "updatedAt", label: "Updated", kind: "date" },
];

/** Timeline labels every object shares. */
export const commonFieldLabels: Record<string, string> = {
  linkedinUrl: "LinkedIn",
  ownerId: "Owner",
  tags: "Tags",
  properties: "Custom properties",
};
