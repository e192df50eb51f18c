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
import { TaskToolbar } from "./task-toolbar";
import { TaskTrash } from "./task-trash";
import { TaskDetails } from "./task-details";
import { taskTypes, type TaskType } from "./task-type";
import { pageTabs, taskTabs, type PageTab } from "./task-types";
import { useTaskLists } from "./use-task-lists";
import { useTaskActions } from "./use-task-mutations";

/** The tab, the assignee, the type and the task open beside the list live in the address, so each can be bookmarked or shared. */
function useTaskParams() {
  const [params, setParams] = usePageSearchParams();
  const view = params.get("view");
  const tab: PageTab = pageTabs.includes(view as PageTab) ? (view as PageTab) : "today";
  const assignee = params.get("assignee") ?? "me";
  const typeParam = params.get("type");
  const type = taskTypes.find((t) => t === typeParam);
  const openId = params.get("task");
  const set = (next: { tab?: PageTab; assignee?: string; type?: TaskType | null; openId?: string | null }) => {
    const search = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    const nextAssignee = next.assignee ?? assignee;
    const nextType = next.type === undefined ? type : next.type;
    const nextOpen = next.openId === undefined ? openId : next.openId;
    if (nextTab !== "today") search.set("view", nextTab);
    if (nextAssignee !== "me") search.set("assignee", nextAssignee);
    if (nextType) search.set("type", nextType);
    if (nextOpen) search.set("task", nextOpen);
    setParams(search, { replace: true });
  };
  return { tab, assignee, type, openId, set };
}

export default function TasksPage() {
  const { tab, assignee, type, openId, set } = useTaskParams();
  const act = useTaskActions();
  const range = useDayRange();
  const { data: user } = useCurrentUser();
  const members = useMembers();
  const lists = useTaskLists(range, { assignee, type });
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

  return (
    <>
      <PageHeader title="Tasks" description="What to do today, what comes next, and what slipped." />
      {/* The details panel covers the page's right side: the list makes room for it. */}
      <PageBody className={cn("@container max-w-5xl", openRow && "lg:pr-[29rem]")}>
        <QuickAdd ref={quickAddRef} tab={tab === "trash" ? "upcoming" : tab} assigneeId={specificAssignee} />
        <div className="mt-5">
          <TaskToolbar
            tab={tab}
            onTabChange={(next) => set({ tab: next })}
            counts={lists.counts}
            assignee={assignee}
            onAssigneeChange={(next) => set({ assignee: next })}
            type={type}
            onTypeChange={(next) => set({ type: next })}
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
            <TasksEmpty tab={tab} filtered={{ assignee: assignee !== "me", type }} />
          ) : (
            <>
              <TaskList
                key={`${tab}-${assignee}-${type}`}
                rows={rows}
                members={memberById}
                quickAddRef={quickAddRef}
                openId={openRow ? openId : null}
                onOpen={(id) => set({ openId: id })}
                onEndReached={more ? () => lists.showMore(tab) : undefined}
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
