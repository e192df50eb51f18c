import { recordIconOf } from "../records/record-icon";
import { Link } from "react-router-dom";
import { recordPath } from "../../app/recent-records";
import { cn } from "../../ui/cn";
import { OwnerName } from "../records/reference-fields";
import { DueTime } from "./due-time";
import { repeatLabel } from "./repeat-options";
import { TaskCheckbox } from "./task-checkbox";
import { TaskTypeIcon } from "./task-type";
import type { Task } from "./task-types";
import { taskRecordLayoutShort, taskTitleLayout } from "./task-layout";

type TaskLineProps = {
  task: Task;
  now: Date;
  onToggle: () => void;
  /** The record the task is linked to, shown as a link to it (left out where that record is open). */
  recordName?: string | null;
  /** Left out in a list of the reader's own tasks. */
  showAssignee?: boolean;
  /** Where the title leads (the task's details on /tasks), if anywhere. */
  to?: string;
};

/** A task in a short list (a record's panel, the home page): tick to complete, due date, assignee. */
export function TaskLine({ task, now, onToggle, recordName, showAssignee = true, to }: TaskLineProps) {
  const done = task.status === "done";
  const overdue = !done && task.dueAt !== null && task.dueAt < now;
  const titleClass = cn(taskTitleLayout, done ? "text-muted line-through" : "text-foreground");
  const RecordIcon = recordIconOf(task.recordObject);
  const object = task.recordObject === "contact" || task.recordObject === "company" ? task.recordObject : null;
  const link = recordName && object && task.recordId ? recordPath({ object, id: task.recordId }) : null;
  return (
    <li className="flex min-h-8 items-center gap-2.5 text-[13px]" data-testid="record-task">
      <TaskCheckbox task={task} onToggle={onToggle} />
      <TaskTypeIcon type={task.type} className="-mx-1" />
      {to ? (
        <Link to={to} className={cn(titleClass, "hover:text-primary hover:underline")}>
          {task.title}
        </Link>
      ) : (
        <span className={titleClass}>{task.title}</span>
      )}
      {link && (
        <Link
          to={link}
          data-testid="task-record"
          className={cn(
            "hidden items-center gap-1 truncate rounded-md border border-border px-1.5 py-0.5 text-xs text-muted hover:border-primary/40 hover:text-primary sm:inline-flex",
            taskRecordLayoutShort,
          )}
        >
          <RecordIcon className="size-3 shrink-0" aria-hidden />
          <span className="truncate">{recordName}</span>
        </Link>
      )}
      {task.dueAt && (
        <DueTime
          dueAt={task.dueAt}
          overdue={overdue}
          now={now}
          repeats={task.repeat && repeatLabel(task.repeat, task.dueAt)}
          className="shrink-0 text-xs"
        />
      )}
      {showAssignee && (
        <span className="w-5 shrink-0" title="Assignee">
          <OwnerName userId={task.assigneeId} avatarOnly />
        </span>
      )}
    </li>
  );
}
