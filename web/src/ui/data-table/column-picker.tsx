import * as Dropdown from "@radix-ui/react-dropdown-menu";
import { Check, Columns3 } from "lucide-react";
import { useRef } from "react";

type PickerColumn = { id: string; header: string; visible: boolean; onToggle: (visible: boolean) => void };

const item =
  "relative flex cursor-pointer items-center rounded-md py-1.5 pr-3 pl-7 text-[13px] text-foreground outline-none select-none data-[highlighted]:bg-surface-2";

/** Show or hide columns; the menu stays open while toggling several. */
export function ColumnPicker({ columns }: { columns: PickerColumn[] }) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Dropdown.Root>
      <Dropdown.Trigger
        ref={trigger}
        aria-label="Columns"
        title="Show or hide columns"
        className="flex size-7 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-foreground data-[state=open]:bg-surface-2 data-[state=open]:text-foreground"
      >
        <Columns3 className="size-4" aria-hidden />
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content
          align="end"
          sideOffset={4}
          // The trigger sits in the grid's sticky right edge: Chrome scrolls the grid sideways when focus comes back to
          // it, as if it were not sticky. It gets the focus back without the scroll.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus({ preventScroll: true });
          }}
          className="z-50 min-w-48 rounded-lg border border-border bg-background p-1 shadow-xl"
        >
          <Dropdown.Label className="px-2 pt-1 pb-1.5 text-[11px] font-semibold tracking-wide text-muted uppercase">
            Columns
          </Dropdown.Label>
          {columns.map((column) => (
            <Dropdown.CheckboxItem
              key={column.id}
              className={item}
              checked={column.visible}
              onCheckedChange={(checked) => column.onToggle(checked === true)}
              onSelect={(event) => event.preventDefault()}
            >
              <Dropdown.ItemIndicator className="absolute left-2 inline-flex">
                <Check className="size-3.5 text-primary" aria-hidden />
              </Dropdown.ItemIndicator>
              {column.header}
            </Dropdown.CheckboxItem>
          ))}
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}
