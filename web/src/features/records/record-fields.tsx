import { Pencil } from "lucide-react";
import { useId, useMemo, useRef, useState, type ReactNode } from "react";
import {
  carriesFields,
  CellEditorView,
  copyValue,
  historyKey,
  readPatch,
  sayUndone,
  useOptimisticEdits,
  type DataTableColumn,
  type EditCell,
} from "../../ui/data-table";
import { Skeleton } from "../../ui/empty-state";

/** A section of a record's panel: a small heading (with an optional action beside it), then its content. */
export function PanelSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="border-b border-border px-5 py-4 last:border-b-0">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 className="text-[11px] font-semibold tracking-wide text-muted uppercase">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * A column shown as a panel field; `aside` adds something beside its value (a link to open it), `required` marks a
 * value the record must have.
 */
export type PanelField<Row> = DataTableColumn<Row> & { aside?: (row: Row) => ReactNode; required?: boolean };

type EditableFieldsProps<Row> = {
  row: Row;
  /** The object's columns to show as fields, in order; those with an editor edit in place. */
  fields: PanelField<Row>[];
  onEdit: EditCell<Row>;
};

/**
 * Columns as the panel shows them: `asides` by field id add what a value lets one do beside it (write, call, open),
 * `cells` by field id show a value otherwise than the table's cell does (whole and wrapping, where a cell cuts it).
 */
export function forPanel<Row>(
  fields: PanelField<Row>[],
  {
    asides = {},
    cells = {},
  }: {
    asides?: Partial<Record<string, (row: Row) => ReactNode>>;
    cells?: Partial<Record<string, (row: Row) => ReactNode>>;
  },
): PanelField<Row>[] {
  return fields.map((field) => {
    const aside = asides[field.id] ?? field.aside;
    return { ...field, cell: cells[field.id] ?? field.cell, ...(aside && { aside }) };
  });
}

const rowIdOf = (row: unknown) => (row as { id: string }).id;

/** The grid of a record's fields: its labels in a column, its values beside them. */
const fieldsGrid = "grid grid-cols-[8.5rem_1fr] gap-x-3 gap-y-1.5 text-[13px]";

/**
 * Fields while their record loads: each label, with the value the list's copy of the record (`preview`) already holds,
 * else a bar as tall as the field, so that what is below does not move when the values come (a click aimed at it
 * would land elsewhere). Nothing is edited until the record is read.
 */
export function FieldsLoading<Row>({
  fields,
  preview,
  label = "Loading",
}: {
  fields: PanelField<Row>[];
  preview: Row | undefined;
  label?: string;
}) {
  return (
    <dl className={fieldsGrid} aria-busy="true" aria-label={label}>
      {fields.map((field) => (
        <div key={field.id} className="contents">
          <dt className="pt-0.5 text-muted">{field.header}</dt>
          <dd className="flex min-h-6 min-w-0 items-center text-foreground">
            {preview && carriesFields(preview, field) ? (
              <div className="min-w-0 flex-1 py-0.5 break-words">{field.cell(preview)}</div>
            ) : (
              <Skeleton className="h-3.5 w-2/3" />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The panel's fields, edited in place with the table's own editors: the value shows at once and
 * comes back if the save fails (with a toast saying why), exactly as in a cell.
 */
export function EditableFields<Row>({ row, fields, onEdit }: EditableFieldsProps<Row>) {
  const rows = useMemo(() => [row], [row]);
  const { displayRows, commit, undo, redo } = useOptimisticEdits({ rows, getRowId: rowIdOf, onEditCell: onEdit });
  const shown = displayRows[0];
  // The field being edited, and the record as the edit found it (the save compares against it).
  const [editing, setEditing] = useState<{ fieldId: string; base: Row } | null>(null);
  const id = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  /** Ends an edit; focus left nowhere (the editor is gone) goes back to the field, for the keyboard. */
  const stopEditing = (fieldId: string, refocus = true) => {
    setEditing(null);
    if (!refocus) return;
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body) buttons.current.get(fieldId)?.focus();
    });
  };

  return (
    <dl
      className={fieldsGrid}
      data-testid="record-fields"
      // Ctrl/⌘+C on a field copies its value as a cell's is copied (a value selected as text copies as the browser does).
      onCopy={(event) => {
        const target = event.target instanceof Element ? event.target : null;
        if (!window.getSelection()?.isCollapsed || target?.closest("input, textarea, [data-cell-editor]")) return;
        const value = target?.closest<HTMLElement>("dd[data-field]");
        const field = fields.find((f) => f.id === value?.dataset.field);
        // The words of the value itself, not of the actions beside it.
        const words = value?.querySelector<HTMLElement>("[id$='-value']")?.innerText ?? value?.innerText ?? "";
        if (value && field && carriesFields(shown, field)) copyValue(event, shown, field, words);
      }}
      // Ctrl/⌘+Z on a field (not inside its editor, whose text undoes as typed): the panel's last edits put back;
      // Ctrl/⌘+Shift+Z (or Ctrl+Y) makes them again.
      onKeyDown={(event) => {
        const history = event.metaKey || event.ctrlKey ? historyKey(event) : null;
        if (!history) return;
        if (event.target instanceof Element && event.target.closest("input, textarea, [data-cell-editor]")) return;
        event.preventDefault();
        if (history === "undo") sayUndone(undo());
        else sayUndone(redo(), undefined, true);
      }}
    >
      {fields.map((field) => {
        const labelId = `${id}-${field.id}`;
        const editor = field.editor;
        return (
          <div key={field.id} className="contents">
            <dt id={labelId} className="pt-0.5 text-muted">
              {field.header}
              {field.required && <span className="text-danger"> *</span>}
            </dt>
            <dd className="relative flex min-h-6 min-w-0 items-start gap-1 text-foreground" data-field={field.id}>
              {editor ? (
                <button
                  ref={(element) => {
                    if (element) buttons.current.set(field.id, element);
                    else buttons.current.delete(field.id);
                  }}
                  type="button"
                  // The field, then its value: the value is what a person using voice control sees on it.
                  aria-labelledby={`${labelId} ${labelId}-value`}
                  aria-description="Edit"
                  onClick={() => setEditing({ fieldId: field.id, base: shown })}
                  className="group/value -ml-1.5 flex min-h-6 min-w-0 flex-1 items-center gap-2 rounded-md px-1.5 py-0.5 text-left hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none"
                >
                  <span id={`${labelId}-value`} className="min-w-0 flex-1 break-words">
                    {field.cell(shown)}
                  </span>
                  <Pencil className="size-3 shrink-0 text-muted opacity-0 group-hover/value:opacity-100" aria-hidden />
                </button>
              ) : (
                <div className="min-w-0 flex-1 py-0.5">{field.cell(shown)}</div>
              )}
              {field.aside?.(shown)}
              {editing?.fieldId === field.id && editor && (
                <CellEditorView
                  editor={editor}
                  row={shown}
                  initial={readPatch(shown, editor)}
                  onSave={(patch, refocus) => {
                    stopEditing(field.id, refocus);
                    commit(shown, field, patch, editing.base);
                  }}
                  onCancel={() => stopEditing(field.id)}
                />
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
