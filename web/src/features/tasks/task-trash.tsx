import { useInfiniteQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { TaskTypeIcon } from "./task-type";
import { TRASH_PAGE } from "../../../../worker/src/schemas/tasks";
import { RotateCcw, Trash2 } from "lucide-react";
import { recordIconOf } from "../records/record-icon";
import { formatDateTime, formatRelative } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { ErrorState } from "../../ui/empty-state";
import { InlineEmpty } from "../../ui/inline-empty";
import { TasksMore, TasksSkeleton } from "./task-states";
import { ActiveRowBar, activeRowClass, useActiveRow } from "./active-row";
import { useListKeys } from "./use-list-keys";
import { useTaskRestore } from "./use-task-mutations";
import { taskRecordLayout, taskTitleLayout } from "./task-layout";

/** Deleted tasks of the workspace, newest deletion first, each with Restore. */
export function TaskTrash() {
  const trash = useInfiniteQuery(
    trpc.tasks.trash.infiniteQueryOptions(
      { limit: TRASH_PAGE },
      { getNextPageParam: (page) => (page.length < TRASH_PAGE ? undefined : page[page.length - 1].task.id) },
    ),
  );
  const restore = useTaskRestore();
  const deleted = trash.data?.pages.flat();
  const listRef = useRef<HTMLUListElement>(null);
  const { index, setActiveId, step } = useActiveRow(
    (deleted ?? []).map(({ task }) => task.id),
    null,
    listRef,
    () => trash.hasNextPage && !trash.isFetchingNextPage && void trash.fetchNextPage(),
  );
  const active = deleted?.[index]?.task;
  const activate = (i: number) => {
    const row = deleted?.[i];
    if (row) setActiveId(row.task.id);
  };
  // j/k move (j past the last reads the next page), r puts the active task back.
  useListKeys(
    {
      move: (delta) => activate(step(delta)),
      restore: () => active && !restore.isPending && restore.mutate({ id: active.id }),
    },
    deleted !== undefined && deleted.length > 0,
  );
  if (deleted === undefined)
    return trash.isError ? (
      <ErrorState message={`Could not load the trash: ${trash.error.message}`} onRetry={() => void trash.refetch()} />
    ) : (
      <TasksSkeleton />
    );
  if (deleted.length === 0)
    return (
      <Card data-testid="tasks-empty-trash">
        <InlineEmpty icon={Trash2} title="The trash is empty">
          Deleted tasks wait here, so a task deleted by mistake can come back.
        </InlineEmpty>
      </Card>
    );
  return (
    <>
      <Card className="overflow-hidden">
        <ul ref={listRef} className="divide-y divide-border" data-testid="task-trash" aria-label="Deleted tasks">
          {deleted.map(({ task, recordName }, i) => {
            const RecordIcon = recordIconOf(task.recordObject);
            const restoring = restore.isPending && restore.variables?.id === task.id;
            return (
              <li
                key={task.id}
                data-testid="trash-row"
                data-row
                data-active={i === index}
                aria-current={i === index || undefined}
                onClick={() => activate(i)}
                className={cn("relative flex h-11 items-center gap-3 px-4 text-[13px]", activeRowClass(i === index))}
              >
                <ActiveRowBar active={i === index} />
                <Trash2 className="size-4 shrink-0 text-muted" aria-hidden />
                <TaskTypeIcon type={task.type} className="-mr-1.5" />
                <span data-testid="task-title" className={cn(taskTitleLayout, "text-foreground")}>
                  {task.title}
                </span>
                {recordName && (
                  <span
                    data-testid="task-record"
                    className={cn(
                      "hidden items-center gap-1 truncate rounded-md border border-border px-1.5 py-0.5 text-xs text-muted sm:inline-flex",
                      taskRecordLayout,
                    )}
                  >
                    <RecordIcon className="size-3 shrink-0" aria-hidden />
                    <span className="truncate">{recordName}</span>
                  </span>
                )}
                {task.deletedAt && (
                  <time
                    dateTime={task.deletedAt.toISOString()}
                    title={`Deleted ${formatDateTime(task.deletedAt)}`}
                    className="w-40 shrink-0 text-right text-xs whitespace-nowrap text-muted"
                  >
                    Deleted {formatRelative(task.deletedAt)}
                  </time>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  pending={restoring}
                  onClick={() => restore.mutate({ id: task.id })}
                  aria-label={`Restore “${task.title}”`}
                >
                  {!restoring && <RotateCcw className="size-3.5" aria-hidden />}
                  Restore
                </Button>
              </li>
            );
          })}
        </ul>
      </Card>
      {trash.hasNextPage && (
        <TasksMore
          shown={deleted.length}
          loading={trash.isFetchingNextPage}
          error={trash.isFetchNextPageError ? trash.error : null}
          onShowMore={() => void trash.fetchNextPage()}
        />
      )}
    </>
  );
}
