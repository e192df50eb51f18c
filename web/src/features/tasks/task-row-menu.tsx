import * as Menu from "@radix-ui/react-dropdown-menu";
import { MoreHorizontal, PanelRight, Pencil, Trash2 } from "lucide-react";
import { taskPriorities } from "../../../../drizzle/values";
import { PriorityMarker, priorityLabels } from "./priority-marker";
import { taskTypeIcons, taskTypeLabels, taskTypes, type TaskType } from "./task-type";
import type { Task, TaskPriority } from "./task-types";
import { menuContent, menuSeparator } from "../../ui/menu";

const itemBase = "flex h-8 cursor-default items-center gap-2 rounded-md px-2 text-[13px] outline-none";
const item = `${itemBase} text-foreground data-[highlighted]:bg-surface-2`;

type TaskRowMenuProps = {
  task: Task;
  onOpen: () => void;
  onEdit: () => void;
  onPriority: (priority: TaskPriority) => void;
  onType: (type: TaskType) => void;
  onDelete: () => void;
};

export function TaskRowMenu({ task, onOpen, onEdit, onPriority, onType, onDelete }: TaskRowMenuProps) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={`Actions for ${task.title}`}
        data-testid="task-row-menu"
        onClick={(event) => event.stopPropagation()}
        className="rounded-md p-1 text-muted opacity-0 group-hover:opacity-100 group-data-[active=true]:opacity-100 hover:bg-surface-2 hover:text-foreground focus-visible:opacity-100 data-[state=open]:opacity-100"
      >
        <MoreHorizontal className="size-4" aria-hidden />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          onClick={(event) => event.stopPropagation()}
          className={`${menuContent} min-w-44`}
        >
          <Menu.Item className={item} onSelect={onOpen}>
            <PanelRight className="size-3.5 text-muted" aria-hidden />
            Open details
          </Menu.Item>
          <Menu.Item className={item} onSelect={onEdit}>
            <Pencil className="size-3.5 text-muted" aria-hidden />
            Edit title
          </Menu.Item>
          <Menu.Separator className={menuSeparator} />
          <PriorityAndTypeItems priority={task.priority} type={task.type} onPriority={onPriority} onType={onType} />
          <Menu.Separator className={menuSeparator} />
          <Menu.Item className={`${itemBase} text-danger data-[highlighted]:bg-danger-soft`} onSelect={onDelete}>
            <Trash2 className="size-3.5" aria-hidden />
            Delete…
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

type PriorityAndTypeProps = {
  /** What the task has (a selection of several: undefined, none ticked). */
  priority: TaskPriority | undefined;
  type: TaskType | undefined;
  onPriority: (priority: TaskPriority) => void;
  onType: (type: TaskType) => void;
};

/** A task's priority and type as a menu's two sections (a row's menu, the selection bar's "Set"). */
export function PriorityAndTypeItems({ priority, type, onPriority, onType }: PriorityAndTypeProps) {
  return (
    <>
      <Menu.Label className="px-2 py-1 text-[11px] font-medium text-muted">Priority</Menu.Label>
      <Menu.RadioGroup value={priority ?? ""} onValueChange={(value) => onPriority(value as TaskPriority)}>
        {[...taskPriorities].reverse().map((option) => (
          <Menu.RadioItem key={option} value={option} className={item}>
            <PriorityMarker priority={option} />
            {priorityLabels[option]}
            <Menu.ItemIndicator className="ml-auto text-xs text-primary">✓</Menu.ItemIndicator>
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
      <Menu.Separator className={menuSeparator} />
      <Menu.Label className="px-2 py-1 text-[11px] font-medium text-muted">Type</Menu.Label>
      <Menu.RadioGroup value={type ?? ""} onValueChange={(value) => onType(value as TaskType)}>
        {taskTypes.map((option) => {
          const Icon = taskTypeIcons[option];
          return (
            <Menu.RadioItem key={option} value={option} className={item}>
              <Icon className="size-3.5 text-muted" aria-hidden />
              {taskTypeLabels[option]}
              <Menu.ItemIndicator className="ml-auto text-xs text-primary">✓</Menu.ItemIndicator>
            </Menu.RadioItem>
          );
        })}
      </Menu.RadioGroup>
    </>
  );
}
