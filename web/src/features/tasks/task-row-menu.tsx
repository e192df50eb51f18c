import * as Menu from "@radix-ui/react-dropdown-menu";
import { MoreHorizontal, PanelRight, Pencil, Trash2 } from "lucide-react";
import { taskPriorities } from "../../../../drizzle/values";
import { PriorityMarker, priorityLabels } from "./priority-marker";
import type { Task, TaskPriority } from "./task-types";
import { menuContent, menuSeparator } from "../../ui/menu";

const itemBase = "flex h-8 cursor-default items-center gap-2 rounded-md px-2 text-[13px] outline-none";
const item = `${itemBase} text-foreground data-[highlighted]:bg-surface-2`;

type TaskRowMenuProps = {
  task: Task;
  onOpen: () => void;
  onEdit: () => void;
  onPriority: (priority: TaskPriority) => void;
  onDelete: () => void;
};

export function TaskRowMenu({ task, onOpen, onEdit, onPriority, onDelete }: TaskRowMenuProps) {
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
          <Menu.Label className="px-2 py-1 text-[11px] font-medium text-muted">Priority</Menu.Label>
          <Menu.RadioGroup value={task.priority} onValueChange={(value) => onPriority(value as TaskPriority)}>
            {[...taskPriorities].reverse().map((priority) => (
              <Menu.RadioItem key={priority} value={priority} className={item}>
                <PriorityMarker priority={priority} />
                {priorityLabels[priority]}
                <Menu.ItemIndicator className="ml-auto text-xs text-primary">✓</Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
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
