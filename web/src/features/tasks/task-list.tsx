import { useEffect, useRef, useState, type RefObject } from "react";
import { Card } from "../../ui/card";
import type { Member } from "../members/use-members";
import { TaskRow } from "./task-row";
import type { TaskRow as Row } from "./task-types";
import { useListKeys } from "./use-list-keys";
import { formatDue } from "./due-format";
import { useTaskChange, useTaskDelete, useTaskUpdate, useToggleTask } from "./use-task-mutations";

type TaskListProps = {
  rows: Row[];
  /** Undefined until the member list loads. */
  members: Map<string, Member> | undefined;
  quickAddRef: RefObject<HTMLInputElement | null>;
};

export function TaskList({ rows, members, quickAddRef }: TaskListProps) {
  const [activeIndex, setActiveIndex] = useState(0);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [picking, setPicking] = useState<{ id: string; field: "due" | "assignee" } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const update = useTaskUpdate();
  const toggle = useToggleTask();
  const remove = useTaskDelete();
  const change = useTaskChange();
  const now = new Date();

  // When a row leaves the list (completed, deleted), the next one takes its place as active.
  const index = Math.min(activeIndex, rows.length - 1);
  const active = rows[index]?.task;

  useEffect(() => {
    listRef.current?.children[index]?.scrollIntoView({ block: "nearest" });
  }, [index]);

  useListKeys(
    {
      move: (delta) => setActiveIndex(Math.max(0, Math.min(rows.length - 1, index + delta))),
      toggle: () => active && toggle(active),
      edit: () => active && setEditingId(active.id),
      remove: () => active && remove.mutate({ id: active.id }),
      focusQuickAdd: () => quickAddRef.current?.focus(),
      reschedule: () => active && setPicking({ id: active.id, field: "due" }),
      assign: () => active && setPicking({ id: active.id, field: "assignee" }),
    },
    editingId === null && picking === null,
  );

  return (
    <Card className="overflow-hidden">
      <ul ref={listRef} className="divide-y divide-border" data-testid="task-list" aria-label="Tasks">
        {rows.map((row, i) => (
          <TaskRow
            key={row.task.id}
            row={row}
            active={i === index}
            editing={editingId === row.task.id}
            overdue={row.task.dueAt !== null && row.task.dueAt < now}
            assignee={members ? (row.task.assigneeId ? members.get(row.task.assigneeId) : undefined) : null}
            onActivate={() => setActiveIndex(i)}
            onToggle={() => toggle(row.task)}
            onEdit={() => {
              setActiveIndex(i);
              setEditingId(row.task.id);
            }}
            onSaveTitle={(title, startedFrom) => {
              setEditingId(null);
              update.mutate({ id: row.task.id, patch: { title }, startedFrom });
            }}
            onCancelEdit={() => setEditingId(null)}
            onPriority={(priority) => update.mutate({ id: row.task.id, patch: { priority } })}
            onDelete={() => remove.mutate({ id: row.task.id })}
            picking={picking?.id === row.task.id ? picking.field : null}
            onPicking={(field) => setPicking(field ? { id: row.task.id, field } : null)}
            onReschedule={(dueAt) => {
              setPicking(null);
              const { title } = row.task;
              change(
                row.task,
                { dueAt },
                dueAt ? `“${title}” is due ${formatDue(dueAt)}` : `“${title}” has no due date`,
              );
            }}
            onAssign={(assignee) => {
              setPicking(null);
              const { title } = row.task;
              change(
                row.task,
                { assigneeId: assignee?.id ?? null },
                assignee ? `Assigned “${title}” to ${assignee.name}` : `“${title}” is unassigned`,
              );
            }}
          />
        ))}
      </ul>
    </Card>
  );
}
