import { useEffect, useRef } from "react";
import { usePageSearchParams } from "../../lib/page-search-params";
import { usePaletteLink } from "../../app/palette-links";
import { cn } from "../../ui/cn";
import { ErrorState } from "../../ui/empty-state";
import { PageBody, PageHeader } from "../../ui/page";
import { useCurrentUser } from "../auth/use-current-user";
import { useMembers } from "../members/use-members";
import { useDayRange } from "./day-range";
import { KeyboardHints } from "../../ui/keyboard-hints";
import { taskKeyHints, trashKeyHints } from "./key-hints";
import { QuickAdd } from "./quick-add";
import { TaskList } from "./task-list";
import { TasksEmpty, TasksMore, TasksSkeleton } from "./task-states";
import { TaskExportButton } from "./task-export-button";
import { TaskSearch } from "./task-search";
import { TaskToolbar } from "./task-toolbar";
import { TaskTrash } from "./task-trash";
import { TaskDetails } from "./task-details";
import { taskTypes, type TaskType } from "./task-type";
import { pageTabs, taskTabs, type PageTab, type Task, type TaskRow as TaskRowData, type TaskTab } from "./task-types";
import { useTaskQueue } from "./task-queue";
import { TaskQueueResume } from "./task-queue-strip";
import { useTaskLists } from "./use-task-lists";
import { useTaskActions } from "./use-task-mutations";

/**
 * The tab, the assignee, the type, the search and the task open beside the list live in the address, so each can be
 * bookmarked or shared.
 */
function useTaskParams() {
  const [params, setParams] = usePageSearchParams();
  const view = params.get("view");
  const tab: PageTab = pageTabs.includes(view as PageTab) ? (view as PageTab) : "today";
  const assignee = params.get("assignee") ?? "me";
  const typeParam = params.get("type");
  const type = taskTypes.find((t) => t === typeParam);
  const openId = params.get("task");
  const search = params.get("q")?.trim() ?? "";
  const set = (next: {
    tab?: PageTab;
    assignee?: string;
    type?: TaskType | null;
    search?: string;
    openId?: string | null;
  }) => {
    const nextTab = next.tab ?? tab;
    const nextAssignee = next.assignee ?? assignee;
    const nextType = next.type === undefined ? type : next.type;
    const nextSearch = next.search ?? search;
    const nextOpen = next.openId === undefined ? openId : next.openId;
    const address = new URLSearchParams();
    if (nextTab !== "today") address.set("view", nextTab);
    if (nextAssignee !== "me") address.set("assignee", nextAssignee);
    if (nextType) address.set("type", nextType);
    if (nextSearch) address.set("q", nextSearch);
    if (nextOpen) address.set("task", nextOpen);
    setParams(address, { replace: true });
  };
  return { tab, assignee, type, search, openId, set };
}

/** The day each tab's tasks are grouped under: when they are due, or were done; Today's all share one. */
const dayOfTab: Record<TaskTab, ((row: TaskRowData) => Date | null) | undefined> = {
  today: undefined,
  upcoming: (row) => row.task.dueAt,
  overdue: (row) => row.task.dueAt,
  done: (row) => row.task.completedAt,
};

export default function TasksPage() {
  const { tab, assignee, type, search, openId, set } = useTaskParams();
  const act = useTaskActions();
  const range = useDayRange();
  const { data: user } = useCurrentUser();
  const members = useMembers();
  const filter = { assignee, type, search: search || undefined };
  const lists = useTaskLists(range, filter);
  const quickAddRef = useRef<HTMLInputElement>(null);
  // "New task" in the command palette lands here with ?new=1: start typing at once.
  // The address is then put back, so choosing "New task" again while here focuses it again.
  const { create, setCreating } = usePaletteLink();
  useEffect(() => {
    if (!create) return;
    quickAddRef.current?.focus();
    setCreating(false);
  }, [create, setCreating]);
  const memberById = members.data && new Map(members.data.map((member) => [member.userId, member]));
  const rows = tab === "trash" ? undefined : lists.byTab?.[tab];
  // The open task as the lists hold it now, in whichever tab it has moved to.
  const openRow =
    (openId && lists.byTab && taskTabs.flatMap((t) => lists.byTab![t]).find((row) => row.task.id === openId)) || null;
  const more = tab !== "trash" && lists.counts?.[tab].more;
  const specificAssignee = assignee !== "me" && assignee !== "anyone" ? assignee : undefined;
  const queue = useTaskQueue();
  // From this list, as it is filtered now (without the task open beside it), gone back to once the queue is through.
  const listPath = () => {
    const params = new URLSearchParams(window.location.search);
    params.delete("task");
    return `/tasks${params.size ? `?${params}` : ""}`;
  };
  const startQueue = (tasks: Task[]) =>
    queue.start(
      tasks.filter((task) => task.status === "open").map((task) => task.id),
      listPath(),
    );
  const openTasks = rows?.filter((row) => row.task.status === "open").map((row) => row.task) ?? [];

  return (
    <>
      {/* The details panel covers the page's right side: the header's search and export, as the list, make room. */}
      <div className={cn(openRow && "lg:pr-[27rem]")}>
        <PageHeader
          title="Tasks"
          description="What to do today, what comes next, and what slipped."
          actions={
            tab !== "trash" && (
              <>
                <TaskSearch search={search} onSearchChange={(next) => set({ search: next })} />
                <TaskExportButton
                  tab={tab}
                  filter={filter}
                  range={range}
                  empty={lists.counts !== undefined && lists.counts[tab].count === 0}
                />
              </>
            )
          }
        />
      </div>
      <PageBody className={cn("@container max-w-5xl", openRow && "lg:pr-[29rem]")}>
        <QuickAdd ref={quickAddRef} shown={tab} assigneeId={specificAssignee} />
        <TaskQueueResume openId={openId} />
        <div className="mt-5">
          <TaskToolbar
            tab={tab}
            onTabChange={(next) => set({ tab: next })}
            counts={lists.counts}
            assignee={assignee}
            onAssigneeChange={(next) => set({ assignee: next })}
            type={type}
            onTypeChange={(next) => set({ type: next })}
            onStart={openTasks.length > 0 ? () => startQueue(openTasks) : undefined}
            startCount={openTasks.length}
            members={members.data ?? []}
            currentUserId={user?.id}
          />
        </div>
        <div className="mt-4" role="tabpanel" aria-label={`${tab} tasks`}>
          {tab === "trash" ? (
            <TaskTrash />
          ) : rows === undefined ? (
            lists.error ? (
              <ErrorState
                message={`Could not load tasks: ${lists.error.message}`}
                onRetry={() => {
                  lists.retry();
                  if (members.isError) void members.refetch();
                }}
              />
            ) : (
              <TasksSkeleton />
            )
          ) : rows.length === 0 ? (
            <TasksEmpty tab={tab} filtered={{ assignee: assignee !== "me", type, search }} />
          ) : (
            <>
              <TaskList
                key={`${tab}-${assignee}-${type}-${search}`}
                rows={rows}
                members={memberById}
                quickAddRef={quickAddRef}
                openId={openRow ? openId : null}
                onOpen={(id) => set({ openId: id })}
                onEndReached={more ? () => lists.showMore(tab) : undefined}
                onStart={startQueue}
                dayOf={dayOfTab[tab]}
              />
              {more && (
                <TasksMore shown={rows.length} {...lists.nextPage(tab)} onShowMore={() => lists.showMore(tab)} />
              )}
            </>
          )}
        </div>
        <KeyboardHints hints={tab === "trash" ? trashKeyHints : taskKeyHints} className="mt-3" />
      </PageBody>
      <TaskDetails
        row={openRow}
        members={memberById}
        onClose={() => set({ openId: null })}
        onToggle={act.toggle}
        onReschedule={act.reschedule}
        onRepeat={act.repeat}
        onAssign={act.assign}
        onRelink={act.relink}
        onEdit={act.edit}
        onDelete={(task) => {
          act.remove(task);
          set({ openId: null });
        }}
      />
    </>
  );
}
