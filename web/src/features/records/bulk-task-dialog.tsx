import { useQueryClient } from "@tanstack/react-query";
import { CalendarClock, ListPlus } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { MAX_BULK_TASKS } from "../../../../worker/src/schemas/tasks";
import { countOf } from "../../lib/format";
import { progressToast, toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { useKeyedMutation } from "../../lib/use-keyed-mutation";
import { Button } from "../../ui/button";
import { ChoiceGroup } from "../../ui/choice-group";
import { bulkActionLabel } from "../../ui/data-table/selection-bar";
import { Dialog } from "../../ui/dialog";
import { Field, Input } from "../../ui/input";
import { formatDue } from "../tasks/due-format";
import { newTaskFields, parseQuickAdd } from "../tasks/parse-quick-add";
import { priorityLabels } from "../tasks/priority-marker";
import { repeatLabel } from "../tasks/repeat-options";
import { TaskTypeChoice, type TaskType } from "../tasks/task-type";
import { useTaskBulk } from "../tasks/use-task-mutations";
import type { RecordObject } from "./use-record-actions";

type AssignTo = "me" | "owner";
const assignLabels: Record<AssignTo, string> = { me: "Me", owner: "Each record's owner" };
const tasksCounted = (n: number) => countOf(n, ["task", "tasks"]);

/**
 * A task for each selected record ("Follow-up call tomorrow 10am" to 40 leads), as HubSpot's "Create tasks": written
 * 200 records at a time, told in one toast whose Undo moves them all to the trash (itself with an Undo).
 */
function useTasksForRecords(object: RecordObject) {
  const queryClient = useQueryClient();
  const create = useKeyedMutation(trpc.tasks.createForRecords.mutationOptions());
  const bulk = useTaskBulk();
  const refresh = () => {
    // Every read of tasks: the lists, and the sidebar's count of those due today.
    void queryClient.invalidateQueries(trpc.tasks.pathFilter());
    void queryClient.invalidateQueries(object === "contact" ? trpc.contacts.pathFilter() : trpc.companies.pathFilter());
  };
  return async (ids: string[], task: ReturnType<typeof newTaskFields> & { assignTo: AssignTo }) => {
    const progress = progressToast(
      ids.length > MAX_BULK_TASKS,
      (done) => `Adding ${done} of ${tasksCounted(ids.length)}…`,
    );
    const made: string[] = [];
    try {
      for (let at = 0; at < ids.length; at += MAX_BULK_TASKS) {
        const chunk = ids.slice(at, at + MAX_BULK_TASKS);
        const { ids: added } = await create.mutateAsync({
          object,
          ids: chunk,
          ...task,
          dueAt: task.dueAt ?? undefined,
        });
        made.push(...added);
        progress.update(made.length);
      }
      toast.success(`Added ${tasksCounted(made.length)}: “${task.title}”.`, {
        id: progress.id,
        action: { label: "Undo", onClick: () => bulk.trash(made, `Moved ${tasksCounted(made.length)} to the trash.`) },
      });
    } catch (error) {
      const saved = made.length > 0 ? ` (${tasksCounted(made.length)} added)` : "";
      toast.error(`Could not add the tasks${saved}: ${error instanceof Error ? error.message : String(error)}`, {
        id: progress.id,
      });
      throw error;
    } finally {
      refresh();
    }
  };
}

type AddTaskButtonProps = { object: RecordObject; noun: [string, string]; ids: string[] };

/** The selection bar's "Add task": one task for each selected record, in words ("Call tomorrow 10am"). */
export function AddTasksButton({ object, noun, ids }: AddTaskButtonProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [assignTo, setAssignTo] = useState<AssignTo>("me");
  // Read from the words ("Follow-up call": a call) until one is picked.
  const [pickedType, setPickedType] = useState<TaskType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const addTasks = useTasksForRecords(object);
  useEffect(() => {
    if (open) {
      setText("");
      setError(null);
      setPickedType(null);
    }
  }, [open]);
  const now = new Date();
  const parsed = text.trim() ? parseQuickAdd(text, now) : null;
  const records = countOf(ids.length, noun);
  const type = pickedType ?? parsed?.type ?? "todo";

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed?.title) return setError("Say what needs doing, e.g. “Follow-up call tomorrow 10am”.");
    setPending(true);
    addTasks(ids, { ...newTaskFields({ ...parsed, type }), assignTo })
      .then(() => setOpen(false))
      .catch(() => undefined)
      .finally(() => setPending(false));
  };

  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} title="Add a task to each selected record">
        <ListPlus className="size-3.5" aria-hidden />
        <span className={bulkActionLabel}>Add task</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={`Add a task to each of ${records}`} className="max-w-md">
        <form onSubmit={handleSubmit} className="space-y-4">
          <Field label="Task" error={error}>
            {(field) => (
              <Input
                {...field}
                name="task"
                autoFocus
                value={text}
                maxLength={300}
                placeholder="e.g. Follow-up call tomorrow 10am"
                onChange={(event) => {
                  setText(event.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          <p className="-mt-2 flex items-center gap-1.5 text-xs text-muted" data-testid="bulk-task-due">
            <CalendarClock className="size-3.5" aria-hidden />
            {parsed?.dueAt ? `Due ${formatDue(parsed.dueAt, now)}` : "No due date: type one, e.g. “friday 3pm”"}
            {parsed?.repeat && ` · ${repeatLabel(parsed.repeat, parsed.dueAt)}`}
            {parsed && parsed.priority !== "normal" && ` · ${priorityLabels[parsed.priority]} priority`}
          </p>
          <div className="space-y-1.5">
            <p className="text-[13px] font-medium text-foreground">Type</p>
            <TaskTypeChoice value={type} onChange={setPickedType} />
          </div>
          <div className="space-y-1.5">
            <p className="text-[13px] font-medium text-foreground">Assign to</p>
            <ChoiceGroup
              label="Assign to"
              options={["me", "owner"] as const}
              value={assignTo}
              onChange={setAssignTo}
              labelOf={(choice) => assignLabels[choice]}
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" pending={pending}>
              Add {tasksCounted(ids.length)}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
