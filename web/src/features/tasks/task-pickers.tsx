import type { ReactNode } from "react";
import { OptionPicker, type OptionSource } from "../../ui/option-picker";
import { useMemberOptions } from "../records/reference-fields";
import { dueOptions } from "./due-options";
import type { Task } from "./task-types";

type PickerProps = {
  task: Task;
  /** What the list opens against: the row's due date or assignee. */
  anchor: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const useDueOptions: OptionSource = (text) => ({ options: dueOptions(text), searched: true });

/** Reschedule: today, tomorrow, next week, or a date in words ("fri 3pm"); or no due date. */
export function DuePicker({
  task,
  anchor,
  open,
  onOpenChange,
  onPick,
}: PickerProps & { onPick: (due: Date | null) => void }) {
  return (
    <OptionPicker
      anchor={anchor}
      open={open}
      onOpenChange={onOpenChange}
      label="Due date"
      placeholder="Type a date: fri 3pm, in 2 weeks…"
      useOptions={useDueOptions}
      chosen={task.dueAt ? [task.dueAt.toISOString()] : []}
      onPick={(option) => onPick(new Date(option.value))}
      onClear={() => onPick(null)}
      clearLabel="No due date"
      align="end"
    />
  );
}

/** Reassign to a member of the organization, or to no one. */
export function AssigneePicker({
  task,
  anchor,
  open,
  onOpenChange,
  onPick,
}: PickerProps & { onPick: (assignee: { id: string; name: string } | null) => void }) {
  return (
    <OptionPicker
      anchor={anchor}
      open={open}
      onOpenChange={onOpenChange}
      label="Assignee"
      placeholder="Assign to…"
      useOptions={useMemberOptions}
      chosen={task.assigneeId ? [task.assigneeId] : []}
      onPick={(option) => onPick({ id: option.value, name: option.label })}
      onClear={() => onPick(null)}
      clearLabel="Unassign"
      align="end"
    />
  );
}
