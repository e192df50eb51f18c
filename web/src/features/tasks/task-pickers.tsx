import type { ReactNode } from "react";
import { useRecordSearch } from "../../app/use-record-search";
import { OptionPicker, type OptionSource, type PickerOption } from "../../ui/option-picker";
import { recordIconOf } from "../records/record-icon";
import { useMemberOptions } from "../records/reference-fields";
import { dueOptions } from "./due-options";
import { repeatOptions, type TaskRepeat } from "./repeat-options";
import { taskPriorities } from "../../../../drizzle/values";
import { PriorityMarker, priorityLabels } from "./priority-marker";
import { taskTypeIcons, taskTypeLabels, taskTypes, type TaskType } from "./task-type";
import { type LinkableRecord, type LinkedRecord, type Task, type TaskPriority } from "./task-types";
import { foundRecords } from "../../app/found-records";
import { useFavoritesToPick } from "../favorites/use-favorites";

type PickerProps = {
  /** The task picked for, or null for a selection of tasks (nothing shown as chosen). */
  task: Task | null;
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
      chosen={task?.dueAt ? [task.dueAt.toISOString()] : []}
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
      chosen={task?.assigneeId ? [task.assigneeId] : []}
      onPick={(option) => onPick({ id: option.value, name: option.label })}
      onClear={() => onPick(null)}
      clearLabel="Unassign"
      align="end"
    />
  );
}

const linkOption = ({ object, id, name, hint }: LinkableRecord): PickerOption => {
  const Icon = recordIconOf(object);
  return {
    value: `${object}:${id}`,
    label: name,
    hint,
    icon: <Icon className="size-3.5 shrink-0 text-muted" aria-hidden />,
  };
};

/** Contacts, then companies, whose name, email or domain matches what is typed; the reader's favorites before. */
const useLinkOptions: OptionSource = (text) => {
  const { query, found } = useRecordSearch(text, { limit: 6, minLength: 1 });
  const favorites = useFavoritesToPick();
  const untyped = !text.trim();
  return {
    searched: true,
    loading: found.isFetching || query !== text.trim(),
    options: untyped
      ? favorites.map(({ recordObject, recordId, name, detail }) =>
          linkOption({ object: recordObject, id: recordId, name, hint: detail }),
        )
      : foundRecords(query ? found.data : undefined).map(linkOption),
  };
};

/** Link the task to a contact or a company (found as typed), or unlink it. */
export function RecordPicker({
  task,
  anchor,
  open,
  onOpenChange,
  onPick,
}: PickerProps & { onPick: (record: LinkedRecord | null) => void }) {
  return (
    <OptionPicker
      anchor={anchor}
      open={open}
      onOpenChange={onOpenChange}
      label="Linked record"
      placeholder="Link to a contact or company…"
      prompt="Type a name, an email or a domain."
      useOptions={useLinkOptions}
      chosen={task?.recordObject && task.recordId ? [`${task.recordObject}:${task.recordId}`] : []}
      onPick={(option) => {
        const [object, id] = option.value.split(":") as [LinkedRecord["object"], string];
        onPick({ object, id, name: option.label });
      }}
      onClear={() => onPick(null)}
      clearLabel="Unlink"
      align="end"
    />
  );
}

/** How often a dated task repeats (each choice with when the next one would be due), or that it does not. */
export function RepeatPicker({
  task,
  dueAt,
  anchor,
  open,
  onOpenChange,
  onPick,
}: PickerProps & { dueAt: Date; onPick: (repeat: TaskRepeat | null) => void }) {
  // Not a hook despite the name OptionPicker gives its source: it reads no state, only the due date.
  const useRepeatOptions: OptionSource = () => ({ options: repeatOptions(dueAt) });
  return (
    <OptionPicker
      anchor={anchor}
      open={open}
      onOpenChange={onOpenChange}
      label="Repeat"
      placeholder="Repeat…"
      useOptions={useRepeatOptions}
      chosen={task?.repeat ? [task.repeat] : []}
      onPick={(option) => onPick(option.value as TaskRepeat)}
      onClear={() => onPick(null)}
      clearLabel="Does not repeat"
      align="end"
      wide
    />
  );
}

/** One of a few fixed values of a task (its type, its priority), each with its mark. */
function FixedPicker<T extends string>({
  task,
  anchor,
  open,
  onOpenChange,
  onPick,
  label,
  placeholder,
  options,
  valueOf,
}: PickerProps & {
  onPick: (value: T) => void;
  label: string;
  placeholder: string;
  options: PickerOption[];
  valueOf: (task: Task) => T;
}) {
  // Not a hook despite the name OptionPicker gives its source: the options are fixed.
  const useFixedOptions: OptionSource = () => ({ options });
  return (
    <OptionPicker
      anchor={anchor}
      open={open}
      onOpenChange={onOpenChange}
      label={label}
      placeholder={placeholder}
      useOptions={useFixedOptions}
      chosen={task ? [valueOf(task)] : []}
      onPick={(option) => onPick(option.value as T)}
    />
  );
}

const typeOptions: PickerOption[] = taskTypes.map((type) => {
  const Icon = taskTypeIcons[type];
  return {
    value: type,
    label: taskTypeLabels[type],
    icon: <Icon className="size-3.5 shrink-0 text-muted" aria-hidden />,
  };
});

/** A to-do, a call, an email or a meeting (t). */
export function TypePicker(props: PickerProps & { onPick: (type: TaskType) => void }) {
  return (
    <FixedPicker
      {...props}
      label="Type"
      placeholder="Type of task…"
      options={typeOptions}
      valueOf={(task) => task.type}
    />
  );
}

const priorityOptions: PickerOption[] = [...taskPriorities].reverse().map((priority) => ({
  value: priority,
  label: priorityLabels[priority],
  icon: <PriorityMarker priority={priority} />,
}));

/** High, normal or low (p). */
export function PriorityPicker(props: PickerProps & { onPick: (priority: TaskPriority) => void }) {
  return (
    <FixedPicker
      {...props}
      label="Priority"
      placeholder="Priority…"
      options={priorityOptions}
      valueOf={(task) => task.priority}
    />
  );
}
