import { useRef, useState, type RefObject } from "react";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { taskListContainer } from "./task-layout";
import type { Member } from "../members/use-members";
import { TaskRow } from "./task-row";
import type { RowPicker, TaskRow as Row } from "./task-types";
import { useActiveRow } from "./active-row";
import { useListKeys } from "./use-list-keys";
import { useTaskActions } from "./use-task-mutations";

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
};

export function TaskList({ rows, members, quickAddRef, openId, onOpen, onEndReached }: TaskListProps) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [picking, setPicking] = useState<{ id: string; field: RowPicker } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { index, setActiveId, step } = useActiveRow(
    rows.map((row) => row.task.id),
    openId,
    listRef,
    onEndReached,
  );
  const active = rows[index]?.task;
  const act = useTaskActions();
  const now = new Date();

  // The details panel shows the active task while it is open.
  const activate = (i: number) => {
    const row = rows[i];
    if (!row) return;
    setActiveId(row.task.id);
    if (openId !== null) onOpen(row.task.id);
  };

  useListKeys(
    {
      move: (delta) => activate(step(delta)),
      toggle: () => active && act.toggle(active),
      edit: () => active && setEditingId(active.id),
      remove: () => active && act.remove(active),
      focusQuickAdd: () => quickAddRef.current?.focus(),
      reschedule: () => active && setPicking({ id: active.id, field: "due" }),
      assign: () => active && setPicking({ id: active.id, field: "assignee" }),
      link: () => active && setPicking({ id: active.id, field: "record" }),
      open: () => {
        if (!active) return;
        setActiveId(active.id);
        onOpen(active.id);
      },
    },
    editingId === null && picking === null,
  );

  return (
    <Card className={cn("overflow-hidden", taskListContainer)}>
      <ul ref={listRef} className="divide-y divide-border" data-testid="task-list" aria-label="Tasks">
        {rows.map((row, i) => (
          <TaskRow
            key={row.task.id}
            row={row}
            active={i === index}
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
            onPriority={(priority) => act.edit(row.task, { priority })}
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
        ))}
      </ul>
    </Card>
  );
}
