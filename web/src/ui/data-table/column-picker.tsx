import * as Dropdown from "@radix-ui/react-dropdown-menu";
import { Check, Columns3, RotateCcw } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { Kbd, altKey } from "../kbd";
import { menuContent, menuItem, menuSeparator } from "../menu";

type PickerColumn = {
  id: string;
  header: string;
  visible: boolean;
  onToggle: (visible: boolean) => void;
  /** Moves the column one place earlier (-1) or later (+1). */
  onStep: (step: -1 | 1) => void;
};

const item =
  "relative flex cursor-pointer items-center rounded-md py-1.5 pr-3 pl-7 text-[13px] text-foreground outline-none select-none data-[highlighted]:bg-surface-2";

/**
 * Show or hide columns, in the order the table shows them; Alt+↑↓ moves the highlighted one (as in the property
 * and option lists). The menu stays open while toggling or moving several.
 */
export function ColumnPicker({ columns, onReset }: { columns: PickerColumn[]; onReset: () => void }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // The column just moved keeps the highlight: React may re-insert its item, which drops the focus.
  const [moved, setMoved] = useState<{ id: string } | null>(null);
  useLayoutEffect(() => {
    if (!moved) return;
    const moving = content.current?.querySelector<HTMLElement>(`[data-column-id="${CSS.escape(moved.id)}"]`);
    if (moving && document.activeElement !== moving) moving.focus();
  }, [moved]);
  return (
    <Dropdown.Root>
      <Dropdown.Trigger
        ref={trigger}
        aria-label="Columns"
        title="Show, hide or move columns"
        className="flex size-7 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-foreground data-[state=open]:bg-surface-2 data-[state=open]:text-foreground"
      >
        <Columns3 className="size-4" aria-hidden />
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content
          ref={content}
          align="end"
          sideOffset={4}
          // The trigger sits in the grid's sticky right edge: Chrome scrolls the grid sideways when focus comes back to
          // it, as if it were not sticky. It gets the focus back without the scroll.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus({ preventScroll: true });
          }}
          className={`${menuContent} max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-56 overflow-y-auto`}
        >
          <Dropdown.Label className="px-2 pt-1 pb-1.5 text-[11px] font-semibold tracking-wide text-muted uppercase">
            Columns
          </Dropdown.Label>
          {columns.map((column) => (
            <Dropdown.CheckboxItem
              key={column.id}
              data-column-id={column.id}
              className={item}
              checked={column.visible}
              onCheckedChange={(checked) => column.onToggle(checked === true)}
              onSelect={(event) => event.preventDefault()}
              onKeyDown={(event) => {
                if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
                // Before the menu's own arrow keys, which would move the highlight instead.
                event.preventDefault();
                event.stopPropagation();
                column.onStep(event.key === "ArrowUp" ? -1 : 1);
                setMoved({ id: column.id });
              }}
            >
              <Dropdown.ItemIndicator className="absolute left-2 inline-flex">
                <Check className="size-3.5 text-primary" aria-hidden />
              </Dropdown.ItemIndicator>
              {column.header}
            </Dropdown.CheckboxItem>
          ))}
          <Dropdown.Separator className={menuSeparator} />
          <Dropdown.Item className={menuItem} onSelect={onReset}>
            <RotateCcw className="size-3.5 text-muted" aria-hidden />
            Reset columns
          </Dropdown.Item>
          <p className="px-2 pt-1 pb-1 text-[11px] leading-5 text-muted">
            Drag a header to move its column
            <span className="pointer-coarse:hidden">
              , or press <Kbd>{altKey}</Kbd> <Kbd>↑</Kbd> <Kbd>↓</Kbd> here
            </span>
            .
          </p>
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}
