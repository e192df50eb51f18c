import { Fragment, useRef, useState, type RefObject } from "react";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { useRowSelection } from "../../ui/data-table/use-selection";
import { dayHeading } from "./due-format";
import { taskListContainer } from "./task-layout";
import type { Member } from "../members/use-members";
import { TaskRow } from "./task-row";
import type { RowPicker, Task, TaskRow as Row } from "./task-types";
import { useActiveRow } from "./active-row";
import { useListKeys } from "./use-list-keys";
import { useTaskActions } from "./use-task-mutations";
import { TaskSelectionBar, useSelectedTaskActions } from "./task-selection";

type TaskListProps = {
  rows: Row[];
  /** Undefined until the member list loads. */
  members: Map<string, Member> | undefined;
  quickAddRef: RefObject<HTMLInputElement | null>;
  /** The task open in the details panel, which follows the active row while it is open. */
  openId: string | null;
  onOpen: (id: string | null) => void;
  /** Moving down from the last row: read the next page, when there is one. */
  onEndReached?: () => void;
  /** Works through tasks one by one (q: the selected ones, or every one shown). */
  onStart: (tasks: Task[]) => void;
  /** The day each row is grouped under, a heading above each day's first (Upcoming by due date); none: no headings. */
  dayOf?: (row: Row) => Date | null;
};

/** A key of the day `date` falls on, locally; "none" for no date. */
const dayKey = (date: Date | null) => (date ? date.toDateString() : "none");

export function TaskList({ rows, members, quickAddRef, openId, onOpen, onEndReached, onStart, dayOf }: TaskListProps) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [picking, setPicking] = useState<{ id: string; field: RowPicker } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const ids = rows.map((row) => row.task.id);
  const { index, setActiveId, step } = useActiveRow(ids, openId, listRef, onEndReached);
  const active = rows[index]?.task;
  const act = useTaskActions();
  const now = new Date();
  const [selection, setSelection] = useState<Set<string>>(() => new Set());
  const selecting = useRowSelection({ ids, selection, onSelectionChange: setSelection });
  // Those still in the list: a task completed or moved elsewhere leaves the selection with it.
  const selected = rows.filter((row) => selection.has(row.task.id)).map((row) => row.task);
  const bulk = useSelectedTaskActions(selected, selecting.clear);

  // The details panel shows the active task while it is open.
  const activate = (i: number) => {
    const row = rows[i];
    if (!row) return;
    setActiveId(row.task.id);
    if (openId !== null) onOpen(row.task.id);
  };

  // With tasks selected, x, d, a and Delete act on them all, as the bar's buttons do.
  const some = selected.length > 0;
  useListKeys(
    {
      move: (delta) => activate(step(delta)),
      toggle: () => (some ? bulk.toggle() : active && act.toggle(active)),
      edit: () => active && setEditingId(active.id),
      remove: () => (some ? bulk.remove() : active && act.remove(active)),
      focusQuickAdd: () => quickAddRef.current?.focus(),
      reschedule: () => (some ? bulk.setPicking("due") : active && setPicking({ id: active.id, field: "due" })),
      assign: () => (some ? bulk.setPicking("assignee") : active && setPicking({ id: active.id, field: "assignee" })),
      select: () => selecting.toggle(index),
      extend: (delta) => {
        const next = step(delta);
        selecting.extend(index, next);
        activate(next);
      },
      selectAll: selecting.toggleAll,
      clearSelection: some ? selecting.clear : undefined,
      link: () => active && setPicking({ id: active.id, field: "record" }),
      type: () => (some ? bulk.setPicking("set") : active && setPicking({ id: active.id, field: "type" })),
      priority: () => (some ? bulk.setPicking("set") : active && setPicking({ id: active.id, field: "priority" })),
      start: () => onStart(some ? selected : rows.map((row) => row.task)),
      open: () => {
        if (!active) return;
        setActiveId(active.id);
        onOpen(active.id);
      },
    },
    editingId === null && picking === null && bulk.picking === null,
  );

  return (
    <>
      <Card className={cn("overflow-hidden", taskListContainer)}>
        <ul ref={listRef} className="divide-y divide-border" data-testid="task-list" aria-label="Tasks">
          {rows.map((row, i) => (
            <Fragment key={row.task.id}>
              {dayOf && (i === 0 || dayKey(dayOf(rows[i - 1]!)) !== dayKey(dayOf(row))) && (
                <li
                  data-testid="task-day"
                  className="bg-surface-2/60 px-4 py-1.5 text-xs font-medium text-muted first:rounded-t-[inherit]"
                >
                  {dayHeading(dayOf(row), now)}
                </li>
              )}
              <TaskRow
                row={row}
                active={i === index}
                selected={selection.has(row.task.id)}
                selecting={some}
                onSelect={({ range }) => {
                  setActiveId(row.task.id);
                  selecting.toggle(i, { range });
                }}
                editing={editingId === row.task.id}
                overdue={row.task.dueAt !== null && row.task.dueAt < now}
                assignee={members ? (row.task.assigneeId ? members.get(row.task.assigneeId) : undefined) : null}
                onActivate={() => activate(i)}
                onOpen={() => {
                  setActiveId(row.task.id);
                  onOpen(row.task.id);
                }}
                onToggle={() => act.toggle(row.task)}
                onEdit={() => {
                  setActiveId(row.task.id);
                  setEditingId(row.task.id);
                }}
                onSaveTitle={(title, startedFrom) => {
                  setEditingId(null);
                  act.edit(row.task, { title }, startedFrom);
                }}
                onCancelEdit={() => setEditingId(null)}
                onPriority={(priority) => {
                  setPicking(null);
                  act.prioritize(row.task, priority);
                }}
                onType={(type) => {
                  setPicking(null);
                  act.retype(row.task, type);
                }}
                onDelete={() => act.remove(row.task)}
                picking={picking?.id === row.task.id ? picking.field : null}
                onPicking={(field) => setPicking(field ? { id: row.task.id, field } : null)}
                onReschedule={(dueAt) => {
                  setPicking(null);
                  act.reschedule(row.task, dueAt);
                }}
                onAssign={(assignee) => {
                  setPicking(null);
                  act.assign(row.task, assignee);
                }}
                onRelink={(record) => {
                  setPicking(null);
                  act.relink(row, record);
                }}
              />
            </Fragment>
          ))}
        </ul>
      </Card>
      <TaskSelectionBar tasks={selected} actions={bulk} onClear={selecting.clear} onStart={() => onStart(selected)} />
    </>
  );
}
