import { CalendarClock, Check, RotateCcw, Trash2, UserRound } from "lucide-react";
import { useState } from "react";
import { countOf } from "../../lib/format";
import { Button } from "../../ui/button";
import { bulkActionLabel, SelectionBar, underList } from "../../ui/data-table/selection-bar";
import { formatDue } from "./due-format";
import { AssigneePicker, DuePicker } from "./task-pickers";
import type { Task } from "./task-types";
import { useTaskBulk } from "./use-task-mutations";

const counted = (n: number) => countOf(n, ["task", "tasks"]);

type BulkPicker = "due" | "assignee";

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
    remove: () => apply(selected, { deleted: true }, `Deleted ${counted(n)}`),
  };
}

type SelectedTaskActions = ReturnType<typeof useSelectedTaskActions>;

/** Under the list while tasks are selected: how many, and what to do to them all (each button names its key). */
export function TaskSelectionBar({
  tasks,
  actions,
  onClear,
}: {
  tasks: Task[];
  actions: SelectedTaskActions;
  onClear: () => void;
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
      <Button size="sm" variant="ghost" onClick={actions.remove} title="Move them to the trash (Delete)">
        <Trash2 className="size-3.5" aria-hidden />
        <span className={bulkActionLabel}>Delete</span>
      </Button>
    </SelectionBar>
  );
}
