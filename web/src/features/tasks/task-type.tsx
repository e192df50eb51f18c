import { CalendarDays, CircleCheck, Mail, Phone, type LucideIcon } from "lucide-react";
import { taskTypes } from "../../../../drizzle/values";
import { ChoiceGroup } from "../../ui/choice-group";
import { cn } from "../../ui/cn";

export type TaskType = (typeof taskTypes)[number];
export { taskTypes };

export const taskTypeLabels: Record<TaskType, string> = {
  todo: "To-do",
  call: "Call",
  email: "Email",
  meeting: "Meeting",
};
/** The filter's words for a list of one type. */
export const taskTypePlurals: Record<TaskType, string> = {
  todo: "To-dos",
  call: "Calls",
  email: "Emails",
  meeting: "Meetings",
};
/** "a call", "an email", "a meeting", "a to-do". */
export const aTaskType = (type: TaskType) => `${type === "email" ? "an" : "a"} ${taskTypeLabels[type].toLowerCase()}`;

export const taskTypeIcons: Record<TaskType, LucideIcon> = {
  todo: CircleCheck,
  call: Phone,
  email: Mail,
  meeting: CalendarDays,
};

/** The kinds a done task is logged as on its record (a call's outcome, a meeting's): every type but a to-do. */
export type LoggedType = Exclude<TaskType, "todo">;
export const isLogged = (type: TaskType): type is LoggedType => type !== "todo";

/**
 * A call's, an email's or a meeting's mark before its title; a to-do, most tasks, has none. Named by its type, so a
 * screen reader says "Call, Call Ann".
 */
export function TaskTypeIcon({ type, className }: { type: TaskType; className?: string }) {
  if (!isLogged(type)) return null;
  const Icon = taskTypeIcons[type];
  return (
    <Icon
      role="img"
      aria-label={taskTypeLabels[type]}
      data-testid="task-type"
      data-type={type}
      className={cn("size-3.5 shrink-0 text-muted", className)}
    >
      <title>{taskTypeLabels[type]}</title>
    </Icon>
  );
}

// The words a task's title starts with, or the noun its first word qualifies, closing the title or followed by whom
// it is with ("Intro call with Acme", "Follow up call", but not "Check email settings").
const leadingWords: Record<LoggedType, RegExp> = {
  call: /^(?:call|ring|phone|dial)\b/i,
  email: /^(?:e-?mail|mail|reply)\b/i,
  meeting: /^(?:meet|meeting|lunch|coffee|demo)\b/i,
};
const qualified = (noun: string) =>
  new RegExp(`^(?:follow[- ]?up|\\S+)\\s+${noun}(?=$|\\s+(?:with|to|for|at|about|re|on)\\b|\\s+@)`, "i");
const nouns: Record<LoggedType, RegExp> = {
  call: qualified("call"),
  email: qualified("e-?mail"),
  meeting: qualified("meeting"),
};

/**
 * The type a title reads as: "Call Ann" a call, "Email the deck to Bo" an email, "Kickoff meeting with Acme" a
 * meeting; anything else a to-do. Quick add shows what it read, one click from a to-do.
 */
export function typeOfTitle(title: string): TaskType {
  const text = title.trim();
  const loggedTypes = taskTypes.filter(isLogged);
  return (
    loggedTypes.find((type) => leadingWords[type].test(text)) ??
    loggedTypes.find((type) => nouns[type].test(text)) ??
    "todo"
  );
}

/** The four types side by side, each with its mark (a task's details, a task for each selected record). */
export function TaskTypeChoice({ value, onChange }: { value: TaskType; onChange: (type: TaskType) => void }) {
  return (
    <ChoiceGroup
      label="Type"
      options={taskTypes}
      value={value}
      onChange={onChange}
      labelOf={(type) => {
        const Icon = taskTypeIcons[type];
        return (
          <span className="inline-flex items-center gap-1">
            <Icon className="size-3.5" aria-hidden />
            {taskTypeLabels[type]}
          </span>
        );
      }}
    />
  );
}
