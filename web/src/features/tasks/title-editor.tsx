import { useEffect, useState } from "react";
import { holdPageForForm } from "../../lib/unsaved-edits";
import type { Task } from "./task-types";
import { cn } from "../../ui/cn";
import { taskTitleNarrowLayout } from "./task-layout";

type TitleEditorProps = {
  task: Task;
  /** `startedFrom`: the task as the editor opened on it (see useTaskUpdate). */
  onSave: (title: string, startedFrom: Task) => void;
  onCancel: () => void;
};

/** The row's title, editable in place: Enter or leaving the field saves, Escape cancels. */
export function TitleEditor({ task, onSave, onCancel }: TitleEditorProps) {
  const [value, setValue] = useState(task.title);
  // What the edit started from: left as it was, nothing is saved (not even over a teammate's change).
  const [startedFrom] = useState(task);
  // Typed and not saved yet: closing the tab asks first, as a cell's editor does.
  const typed = value.trim() !== "" && value.trim() !== startedFrom.title;
  useEffect(() => (typed ? holdPageForForm() : undefined), [typed]);
  const save = () => {
    const next = value.trim();
    if (next && next !== startedFrom.title && next !== task.title) onSave(next, startedFrom);
    else onCancel();
  };
  return (
    <input
      autoFocus
      aria-label="Task title"
      data-testid="task-title-input"
      value={value}
      maxLength={300}
      onChange={(event) => setValue(event.target.value)}
      onFocus={(event) => event.currentTarget.select()}
      onBlur={save}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === "Enter") save();
        if (event.key === "Escape") onCancel();
      }}
      className={cn(
        "h-7 min-w-28 flex-1 rounded-md border border-primary bg-background px-2 text-[13px] text-foreground ring-2 ring-primary/20 focus:outline-none",
        taskTitleNarrowLayout,
      )}
      style={{ outline: "none" }}
    />
  );
}
