import { Select } from "../../ui/input";
import { cn } from "../../ui/cn";
import { TabBar } from "../../ui/tab-bar";
import { memberName, type Member } from "../members/use-members";
import { Play, Trash2 } from "lucide-react";
import { countOf } from "../../lib/format";
import { Button } from "../../ui/button";
import { pageTabLabels, pageTabs, type AssigneeFilter, type PageTab, type TaskTab } from "./task-types";
import { countText, type TabCount } from "./task-counts";
import { taskTypePlurals, taskTypes, type TaskType } from "./task-type";

type TaskToolbarProps = {
  tab: PageTab;
  onTabChange: (tab: PageTab) => void;
  counts: Record<TaskTab, TabCount> | undefined;
  assignee: AssigneeFilter;
  onAssigneeChange: (assignee: AssigneeFilter) => void;
  /** Every type when undefined. */
  type: TaskType | undefined;
  onTypeChange: (type: TaskType | null) => void;
  /** Works through the open tasks shown, one by one (a queue); undefined when there are none. */
  onStart: (() => void) | undefined;
  startCount: number;
  members: Member[];
  currentUserId: string | undefined;
};

function TabLabel({ tab, count }: { tab: PageTab; count: TabCount | undefined }) {
  const alert = tab === "overdue" && (count?.count ?? 0) > 0;
  return (
    <>
      {tab === "trash" && <Trash2 className="size-3.5" aria-hidden />}
      <span className={cn(alert && "text-danger")}>{pageTabLabels[tab]}</span>
      {count !== undefined && (
        <span
          data-testid={`task-tab-count-${tab}`}
          className={cn(
            "min-w-5 rounded-full px-1.5 text-center text-[11px] leading-[18px] tabular-nums",
            alert ? "bg-danger-soft font-semibold text-danger" : "bg-surface-2 text-muted",
          )}
        >
          {countText(count)}
        </span>
      )}
    </>
  );
}

export function TaskToolbar({
  tab,
  onTabChange,
  counts,
  assignee,
  onAssigneeChange,
  type,
  onTypeChange,
  onStart,
  startCount,
  members,
  currentUserId,
}: TaskToolbarProps) {
  return (
    // The filters sit above the tabs at every width. Five tabs with their counts ("Upcoming 200+") and the filters
    // beside them need more than the page's widest body (64rem): in one row, the tab bar scrolled and hid Trash.
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Select
          name="type"
          aria-label="Type of task"
          data-testid="task-type-filter"
          value={type ?? ""}
          onChange={(event) => onTypeChange(taskTypes.find((t) => t === event.target.value) ?? null)}
          className="h-8 w-32 text-[13px] text-foreground"
        >
          <option value="">All types</option>
          {taskTypes.map((t) => (
            <option key={t} value={t}>
              {taskTypePlurals[t]}
            </option>
          ))}
        </Select>
        <AssigneeFilterSelect
          assignee={assignee}
          onAssigneeChange={onAssigneeChange}
          members={members}
          currentUserId={currentUserId}
        />
        {tab !== "done" && tab !== "trash" && (
          <Button
            size="sm"
            variant="secondary"
            className="h-8 @min-[40rem]:ml-auto"
            onClick={onStart}
            disabled={!onStart}
            aria-keyshortcuts="Q"
            aria-label={startCount > 0 ? `Start ${countOf(startCount, ["task", "tasks"])}` : "Start"}
            title="Work through these tasks one by one, each where it is done (q)"
          >
            <Play className="size-3.5" aria-hidden />
            Start
          </Button>
        )}
      </div>
      <TabBar
        label="Task lists"
        value={tab}
        onChange={onTabChange}
        tabs={pageTabs.map((value) => ({
          value,
          testId: `task-tab-${value}`,
          label: <TabLabel tab={value} count={value === "trash" ? undefined : counts?.[value]} />,
        }))}
      />
    </div>
  );
}

function AssigneeFilterSelect({
  assignee,
  onAssigneeChange,
  members,
  currentUserId,
}: Pick<TaskToolbarProps, "assignee" | "onAssigneeChange" | "members" | "currentUserId">) {
  return (
    // Where the filters wrap (a phone), the type and Start share the first line and this one takes the next.
    <label className="flex items-center gap-2 text-[13px] whitespace-nowrap text-muted @max-[40rem]:order-last">
      Assigned to
      <Select
        name="assignee"
        data-testid="task-assignee-filter"
        value={assignee}
        onChange={(event) => onAssigneeChange(event.target.value)}
        className="h-8 w-40 text-[13px] text-foreground"
      >
        <option value="me">Me</option>
        <option value="anyone">Anyone</option>
        {members
          .filter((member) => member.userId !== currentUserId)
          .map((member) => (
            <option key={member.userId} value={member.userId}>
              {memberName(member)}
            </option>
          ))}
      </Select>
    </label>
  );
}
