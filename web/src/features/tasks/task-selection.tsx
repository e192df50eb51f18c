import * as Menu from "@radix-ui/react-dropdown-menu";
import { CalendarClock, Check, Play, RotateCcw, SlidersHorizontal, Trash2, UserRound } from "lucide-react";
import { useState } from "react";
import { countOf } from "../../lib/format";
import { Button } from "../../ui/button";
import { bulkActionLabel, SelectionBar, underList } from "../../ui/data-table/selection-bar";
import { formatDue } from "./due-format";
import { AssigneePicker, DuePicker } from "./task-pickers";
import { menuContent } from "../../ui/menu";
import { priorityLabels } from "./priority-marker";
import { PriorityAndTypeItems } from "./task-row-menu";
import { aTaskType, taskTypePlurals, type TaskType } from "./task-type";
import type { Task, TaskPriority } from "./task-types";
import { useTaskBulk } from "./use-task-mutations";

const counted = (n: number) => countOf(n, ["task", "tasks"]);

/** The bar's lists: a due date, an assignee, or the Set menu (priority and type). */
type BulkPicker = "due" | "assignee" | "set";

/** The value every one of `values` has, else undefined (a menu ticks nothing for a mixed selection). */
const same = <T,>(values: T[]): T | undefined => (values.every((value) => value === values[0]) ? values[0] : undefined);

/** "1 task is now", "3 tasks are now": what a change of priority or type says first. */
const areNow = (n: number) => `${counted(n)} ${n === 1 ? "is" : "are"} now`;
/** "a call", "calls". */
const typeNoun = (type: TaskType, n: number) => (n === 1 ? aTaskType(type) : taskTypePlurals[type].toLowerCase());

/**
 * What the selection bar and the list's keys do to the selected tasks: complete them (or reopen them, when all are
 * done), reschedule, reassign or delete them, each in one write told in one toast with Undo; the selection is then
 * cleared (`clear`).
 */
export function useSelectedTaskActions(selected: Task[], clear: () => void) {
  const bulk = useTaskBulk();
  const [picking, setPicking] = useState<BulkPicker | null>(null);
  const allDone = selected.length > 0 && selected.every((task) => task.status === "done");
  const apply = (...args: Parameters<typeof bulk.apply>) => {
    setPicking(null);
    bulk.apply(...args);
    clear();
  };
  const n = selected.length;
  return {
    picking,
    setPicking,
    allDone,
    toggle: () =>
      apply(selected, { status: allDone ? "open" : "done" }, `${allDone ? "Reopened" : "Completed"} ${counted(n)}`),
    reschedule: (dueAt: Date | null) =>
      apply(
        selected,
        { dueAt },
        dueAt ? `${counted(n)} ${n === 1 ? "is" : "are"} due ${formatDue(dueAt)}` : `${counted(n)} without a due date`,
      ),
    assign: (assignee: { id: string; name: string } | null) =>
      apply(
        selected,
        { assigneeId: assignee?.id ?? null },
        assignee ? `Assigned ${counted(n)} to ${assignee.name}` : `${counted(n)} unassigned`,
      ),
    setPriority: (priority: TaskPriority) =>
      apply(selected, { priority }, `${areNow(n)} ${priorityLabels[priority].toLowerCase()} priority`),
    setType: (type: TaskType) => apply(selected, { type }, `${areNow(n)} ${typeNoun(type, n)}`),
    remove: () => apply(selected, { deleted: true }, `Deleted ${counted(n)}`),
  };
}

type SelectedTaskActions = ReturnType<typeof useSelectedTaskActions>;

/** Under the list while tasks are selected: how many, and what to do to them all (each button names its key). */
export function TaskSelectionBar({
  tasks,
  actions,
  onClear,
  onStart,
}: {
  tasks: Task[];
  actions: SelectedTaskActions;
  onClear: () => void;
  /** Works through them one by one. */
  onStart: () => void;
}) {
  const { picking, setPicking } = actions;
  return (
    <SelectionBar count={tasks.length} onClear={onClear} placement={underList}>
      <Button
        size="sm"
        variant="ghost"
        onClick={actions.toggle}
        title={actions.allDone ? "Reopen them (x)" : "Complete them (x)"}
      >
        {actions.allDone ? <RotateCcw className="size-3.5" aria-hidden /> : <Check className="size-3.5" aria-hidden />}
        <span className={bulkActionLabel}>{actions.allDone ? "Reopen" : "Complete"}</span>
      </Button>
      {!actions.allDone && (
        <Button size="sm" variant="ghost" onClick={onStart} title="Work through them one by one (q)">
          <Play className="size-3.5" aria-hidden />
          <span className={bulkActionLabel}>Start</span>
        </Button>
      )}
      {!actions.allDone && (
        <DuePicker
          task={null}
          open={picking === "due"}
          onOpenChange={(open) => setPicking(open ? "due" : null)}
          onPick={actions.reschedule}
          anchor={
            <Button size="sm" variant="ghost" onClick={() => setPicking("due")} title="Reschedule them (d)">
              <CalendarClock className="size-3.5" aria-hidden />
              <span className={bulkActionLabel}>Reschedule</span>
            </Button>
          }
        />
      )}
      <AssigneePicker
        task={null}
        open={picking === "assignee"}
        onOpenChange={(open) => setPicking(open ? "assignee" : null)}
        onPick={actions.assign}
        anchor={
          <Button size="sm" variant="ghost" onClick={() => setPicking("assignee")} title="Assign them (a)">
            <UserRound className="size-3.5" aria-hidden />
            <span className={bulkActionLabel}>Assign</span>
          </Button>
        }
      />
      <Menu.Root modal={false} open={picking === "set"} onOpenChange={(open) => setPicking(open ? "set" : null)}>
        <Menu.Trigger asChild>
          <Button size="sm" variant="ghost" title="Set their priority (p) or type (t)">
            <SlidersHorizontal className="size-3.5" aria-hidden />
            <span className={bulkActionLabel}>Set</span>
          </Button>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content side="top" align="start" sideOffset={6} className={`${menuContent} min-w-44`}>
            <PriorityAndTypeItems
              priority={same(tasks.map((task) => task.priority))}
              type={same(tasks.map((task) => task.type))}
              onPriority={actions.setPriority}
              onType={actions.setType}
            />
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      <Button size="sm" variant="ghost" onClick={actions.remove} title="Move them to the trash (Delete)">
        <Trash2 className="size-3.5" aria-hidden />
        <span className={bulkActionLabel}>Delete</span>
      </Button>
    </SelectionBar>
  );
}
