import { Repeat } from "lucide-react";
import { cn } from "../../ui/cn";
import { formatDue, formatDueShort } from "./due-format";

type DueTimeProps = {
  dueAt: Date;
  /** Past due and not done: said in red, and in the title. */
  overdue: boolean;
  now?: Date;
  /** The full moment on hover; by default "Due Tue, Nov 24, 3:00 PM" ("Overdue" once past). */
  title?: string;
  className?: string;
  "data-testid"?: string;
  /** The rule of a repeating task ("Every week on Friday"): a repeat mark before the date, named so. */
  repeats?: string | null;
};

/** A due date in the short form a row shows ("Tomorrow 3:00 PM"), red once it is past: tasks and a record's Next task. */
export function DueTime({ dueAt, overdue, now, title, className, "data-testid": testId, repeats }: DueTimeProps) {
  const time = (
    <time
      data-testid={testId}
      dateTime={dueAt.toISOString()}
      title={title ?? `${overdue ? "Overdue" : "Due"} ${formatDue(dueAt, now)}`}
      className={cn("whitespace-nowrap", overdue ? "font-medium text-danger" : "text-muted", className)}
    >
      {formatDueShort(dueAt, now)}
    </time>
  );
  if (!repeats) return time;
  return (
    <span className="inline-flex items-center gap-1">
      <Repeat role="img" className="size-3 shrink-0 text-muted" aria-label={repeats} data-testid="task-repeats">
        <title>{repeats}</title>
      </Repeat>
      {time}
    </span>
  );
}
