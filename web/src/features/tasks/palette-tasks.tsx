import { useQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { useNavigate } from "react-router-dom";
import { keptWhileTypedOn } from "../../app/use-record-search";
import { trpc } from "../../lib/trpc";
import { useSettledValue } from "../../lib/use-settled-value";
import { useCurrentUser } from "../auth/use-current-user";
import { useDayRange } from "./day-range";
import { formatDueShort } from "./due-format";
import { taskPath } from "./task-path";
import { taskTypeIcons } from "./task-type";

type FoundTasks = inferOutput<typeof trpc.tasks.search>;

/** Tasks whose title, or whose record's name, holds what is typed in the palette, 150 ms after typing stops. */
export function useTaskSearch(text: string) {
  const query = useSettledValue(text.trim(), 150, "");
  const found = useQuery({
    ...trpc.tasks.search.queryOptions({ query, limit: 5 }),
    enabled: query.length >= 2,
    placeholderData: keptWhileTypedOn(query),
    staleTime: 10_000,
  });
  return { query, found };
}

/**
 * The palette's found tasks: each opens its details on /tasks, over the tab it is in (among everyone's tasks when it is
 * a teammate's). `text` keeps them among cmdk's matches; `run` closes the palette and does what it is given.
 */
export function PaletteTasks({
  found,
  text,
  run,
}: {
  found: FoundTasks | undefined;
  text: string;
  run: (action: () => void) => void;
}) {
  const navigate = useNavigate();
  const range = useDayRange();
  const me = useCurrentUser().data?.id;
  if (!found?.length) return null;
  return (
    <Command.Group heading="Tasks">
      {found.map(({ task, recordName }) => {
        const Icon = taskTypeIcons[task.type];
        const done = task.status === "done";
        const hint = [recordName, done ? "Done" : task.dueAt && formatDueShort(task.dueAt)].filter(Boolean).join(" · ");
        return (
          <Command.Item
            key={task.id}
            value={`${text} task ${task.title} ${recordName ?? ""} ${task.id}`}
            onSelect={() => run(() => navigate(taskPath(task, range, task.assigneeId === me ? "me" : "anyone")))}
          >
            <Icon className="size-4 text-muted" aria-hidden />
            <span className={done ? "max-w-[70%] shrink-0 truncate line-through" : "max-w-[70%] shrink-0 truncate"}>
              {task.title}
            </span>
            {hint && <span className="ml-auto min-w-0 truncate text-xs text-muted">{hint}</span>}
          </Command.Item>
        );
      })}
    </Command.Group>
  );
}
