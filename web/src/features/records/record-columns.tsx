import { formatDateTime, formatRelative } from "../../lib/format";
import type { DataTableColumn, FilterField } from "../../ui/data-table";

/** An empty cell: a quiet dash, so a blank reads as "not set" rather than as a rendering gap. */
export const Empty = () => <span className="text-muted/60">—</span>;

/** A relative time ("3 days ago") with the exact date and time on hover. */
export function When({ date }: { date: Date }) {
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)} className="text-muted">
      {formatRelative(date)}
    </time>
  );
}

type Timestamped = { createdAt: Date; updatedAt: Date };

/** Updated (shown) and Created (in the picker): every object has both. */
export function timestampColumns<Row extends Timestamped>(): DataTableColumn<Row>[] {
  return [
    {
      id: "updatedAt",
      fields: ["updatedAt"],
      header: "Updated",
      width: 136,
      sortField: "updatedAt",
      cell: (row) => <When date={row.updatedAt} />,
    },
    {
      id: "createdAt",
      fields: ["createdAt"],
      header: "Created",
      width: 136,
      sortField: "createdAt",
      defaultHidden: true,
      cell: (row) => <When date={row.createdAt} />,
    },
  ];
}

/** The trash's "Deleted" column, after the name: when each record went to the trash (see withTrashColumns). */
function deletedColumn<Row extends { deletedAt: Date | null }>(): DataTableColumn<Row> {
  return {
    id: "deletedAt",
    fields: ["deletedAt"],
    header: "Deleted",
    width: 136,
    sortField: "deletedAt",
    cell: (row) => (row.deletedAt ? <When date={row.deletedAt} /> : <Empty />),
  };
}

/** An object's columns as its trash shows them: the first (the name), then when each was deleted, then the rest. */
export function withTrashColumns<Row extends { deletedAt: Date | null }>(
  columns: DataTableColumn<Row>[],
): DataTableColumn<Row>[] {
  return [...columns.slice(0, 1), deletedColumn<Row>(), ...columns.slice(1)];
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
