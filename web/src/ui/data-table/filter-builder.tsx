import { ListFilter, Plus, X } from "lucide-react";
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { MAX_FILTER_CONDITIONS } from "../../../../worker/src/schemas/records";
import { toast } from "../../lib/toast";
import { ChoiceGroup } from "../choice-group";
import { cn } from "../cn";
import { FilterForm } from "./filter-form";
import { conditionLabel, pickedLabels, type FilterCondition, type FilterField, type FilterState } from "./filters";

type FilterBuilderProps = { fields: FilterField[]; value: FilterState; onChange: (value: FilterState) => void };

/** What a list page asks of its filter bar: a new condition on a field (a column's "Filter by …"). */
export type FilterBuilderHandle = { addOn: (field: string) => void };

/**
 * "Filter" opens a small form; each condition becomes a chip, which opens the same form to change it, or goes with its
 * ×; and/or when there are two.
 */
export const FilterBuilder = forwardRef<FilterBuilderHandle, FilterBuilderProps>(function FilterBuilder(
  { fields, value, onChange },
  handle,
) {
  const [open, setOpen] = useState(false);
  // The field a new condition starts on, when a column's menu asked for it.
  const [startField, setStartField] = useState<string | undefined>(undefined);
  // The chip whose condition is being changed, by its place in the list.
  const [editing, setEditing] = useState<number | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const chipRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const { conditions, combinator } = value;
  const close = (refocus: boolean) => {
    setOpen(false);
    setStartField(undefined);
    if (refocus) buttonRef.current?.focus();
  };
  const closeEdit = (refocus: boolean) => {
    const index = editing;
    setEditing(null);
    if (refocus && index !== null) chipRefs.current[index]?.focus();
  };

  const remember = (condition: FilterCondition, label?: string) => {
    if (label && condition.value !== undefined) pickedLabels.set(String(condition.value), label);
  };
  const handleAdd = (condition: FilterCondition, label?: string) => {
    remember(condition, label);
    onChange({ ...value, conditions: [...conditions, condition] });
    close(true);
  };
  const handleUpdate = (index: number, condition: FilterCondition, label?: string) => {
    remember(condition, label);
    onChange({ ...value, conditions: conditions.map((c, i) => (i === index ? condition : c)) });
    closeEdit(true);
  };
  const full = conditions.length >= MAX_FILTER_CONDITIONS;
  useImperativeHandle(handle, () => ({
    addOn: (field: string) => {
      if (full) return void toast(`A list filters on ${MAX_FILTER_CONDITIONS} conditions at most: remove one first.`);
      setEditing(null);
      // Once the menu that asked is gone: its focus trap would keep the form's first field from the keyboard.
      setTimeout(() => {
        setStartField(field);
        setOpen(true);
      });
    },
  }));
  const handleRemove = (index: number) => onChange({ ...value, conditions: conditions.filter((_, i) => i !== index) });

  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="filter-bar">
      {conditions.length >= 2 && (
        <ChoiceGroup
          label="Combine filters"
          options={["and", "or"] as const}
          value={combinator}
          onChange={(option) => onChange({ ...value, combinator: option })}
          titleOf={(option) => (option === "and" ? "Match every filter" : "Match any filter")}
        />
      )}
      {conditions.map((condition, index) => {
        const label = conditionLabel(fields, condition);
        return (
          <span
            key={`${index}-${label}`}
            data-testid="filter-chip"
            className="relative inline-flex h-7 items-center gap-0.5 rounded-md border border-border bg-surface pr-1 text-xs text-foreground"
          >
            <button
              ref={(element) => {
                chipRefs.current[index] = element;
              }}
              type="button"
              aria-label={`Change filter ${label}`}
              aria-expanded={editing === index}
              aria-haspopup="dialog"
              onClick={() => setEditing((current) => (current === index ? null : index))}
              className="h-full rounded-l-md pl-2 hover:text-primary"
            >
              {label}
            </button>
            {editing === index && (
              <Popover label="Change filter" onClose={closeEdit}>
                <FilterForm
                  fields={fields}
                  initial={condition}
                  onAdd={(next, pickedLabel) => handleUpdate(index, next, pickedLabel)}
                />
              </Popover>
            )}
            <button
              type="button"
              aria-label={`Remove filter ${label}`}
              onClick={() => handleRemove(index)}
              className="rounded p-0.5 text-muted hover:bg-surface-2 hover:text-foreground"
            >
              <X className="size-3" aria-hidden />
            </button>
          </span>
        );
      })}
      <div className="relative">
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-haspopup="dialog"
          disabled={full}
          title={full ? `A list filters on ${MAX_FILTER_CONDITIONS} conditions at most` : undefined}
          onClick={() => {
            setStartField(undefined);
            setOpen((o) => !o);
          }}
          className={cn(
            "inline-flex h-7 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-muted hover:bg-surface-2 hover:text-foreground",
            "disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent disabled:hover:text-muted",
            open && "bg-surface-2 text-foreground",
          )}
        >
          {conditions.length ? (
            <Plus className="size-3.5" aria-hidden />
          ) : (
            <ListFilter className="size-3.5" aria-hidden />
          )}
          {conditions.length ? "Add filter" : "Filter"}
        </button>
        {open && !full && (
          <Popover label="Add filter" onClose={close}>
            <FilterForm
              key={startField ?? ""}
              fields={fields}
              onAdd={handleAdd}
              startField={startField}
              onCancel={() => close(true)}
            />
          </Popover>
        )}
      </div>
      {conditions.length > 0 && (
        <button
          type="button"
          onClick={() => onChange({ ...value, conditions: [] })}
          className="h-7 rounded-md px-2 text-xs text-muted hover:text-foreground"
        >
          Clear
        </button>
      )}
    </div>
  );
});

/** The least room kept between a popover and the window's edge. */
const EDGE_MARGIN = 8;

/** Closes on Escape and on a click outside it. */
function Popover({
  label,
  onClose,
  children,
}: {
  label: string;
  onClose: (refocus: boolean) => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const handlePointerDown = (event: PointerEvent) => {
      const trigger = ref.current?.parentElement;
      const target = event.target as HTMLElement;
      // A picker the form opened lives in a portal: a click in it is a click in the form.
      if (trigger && !trigger.contains(target) && !target.closest("[data-picker]")) onClose(false);
    };
    document.addEventListener("pointerdown", handlePointerDown);
    return () => document.removeEventListener("pointerdown", handlePointerDown);
  }, [onClose]);
  // It opens under its trigger, to the right; a trigger near the window's right edge (a phone's) moves it left
  // enough to show it whole.
  const [shiftLeft, setShiftLeft] = useState(0);
  useLayoutEffect(() => {
    const box = ref.current?.getBoundingClientRect();
    if (!box) return;
    const over = box.right - (document.documentElement.clientWidth - EDGE_MARGIN);
    if (over > 0) setShiftLeft(Math.min(over, box.left - EDGE_MARGIN));
  }, []);
  return (
    <div
      ref={ref}
      style={shiftLeft > 0 ? { left: -shiftLeft } : undefined}
      role="dialog"
      aria-label={label}
      onKeyDown={(event) => {
        // Escape in a picker closes the picker only.
        if (event.key === "Escape" && !(event.target as HTMLElement).closest("[data-picker]")) {
          event.stopPropagation();
          onClose(true);
        }
      }}
      className="absolute top-full left-0 z-40 mt-1 w-80 max-w-[calc(100vw-1rem)] rounded-lg border border-border bg-background p-3 shadow-xl"
    >
      {children}
    </div>
  );
}
