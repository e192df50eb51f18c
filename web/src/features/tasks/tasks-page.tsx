import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { usePaletteLink } from "../../app/palette-links";
import { ErrorState } from "../../ui/empty-state";
import { PageBody, PageHeader } from "../../ui/page";
import { useCurrentUser } from "../auth/use-current-user";
import { useMembers } from "../members/use-members";
import { useDayRange } from "./day-range";
import { KeyboardHints } from "./keyboard-hints";
import { QuickAdd } from "./quick-add";
import { TaskList } from "./task-list";
import { TasksEmpty, TasksSkeleton } from "./task-states";
import { TaskToolbar } from "./task-toolbar";
import { TaskTrash } from "./task-trash";
import { pageTabs, type PageTab } from "./task-types";
import { useTaskLists } from "./use-task-lists";

/** The tab and the assignee live in the address, so a filtered list can be bookmarked. */
function useTaskParams() {
  const [params, setParams] = useSearchParams();
  const view = params.get("view");
  const tab: PageTab = pageTabs.includes(view as PageTab) ? (view as PageTab) : "today";
  const assignee = params.get("assignee") ?? "me";
  const set = (next: { tab?: PageTab; assignee?: string }) => {
    const search = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    const nextAssignee = next.assignee ?? assignee;
    if (nextTab !== "today") search.set("view", nextTab);
    if (nextAssignee !== "me") search.set("assignee", nextAssignee);
    setParams(search, { replace: true });
  };
  return { tab, assignee, set };
}

export default function TasksPage() {
  const { tab, assignee, set } = useTaskParams();
  const range = useDayRange();
  const { data: user } = useCurrentUser();
  const members = useMembers();
  const lists = useTaskLists(range, assignee);
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
  const counts = lists.byTab && {
    today: lists.byTab.today.length,
    upcoming: lists.byTab.upcoming.length,
    overdue: lists.byTab.overdue.length,
    done: lists.byTab.done.length,
  };
  const specificAssignee = assignee !== "me" && assignee !== "anyone" ? assignee : undefined;

  return (
    <>
      <PageHeader title="Tasks" description="What to do today, what comes next, and what slipped." />
      <PageBody className="max-w-5xl">
        <QuickAdd ref={quickAddRef} tab={tab === "trash" ? "upcoming" : tab} assigneeId={specificAssignee} />
        <div className="mt-5">
          <TaskToolbar
            tab={tab}
            onTabChange={(next) => set({ tab: next })}
            counts={counts}
            assignee={assignee}
            onAssigneeChange={(next) => set({ assignee: next })}
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
            <TasksEmpty tab={tab} filtered={assignee !== "me"} />
          ) : (
            <TaskList key={`${tab}-${assignee}`} rows={rows} members={memberById} quickAddRef={quickAddRef} />
          )}
        </div>
        <KeyboardHints />
      </PageBody>
    </>
  );
}
