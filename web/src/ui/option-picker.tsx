import * as Popover from "@radix-ui/react-popover";
import { Command } from "cmdk";
import { Check, ChevronDown, Plus, X } from "lucide-react";
import { useRef, useState, type ReactNode, type SyntheticEvent } from "react";
import { cn } from "./cn";

export type PickerOption = { value: string; label: string; hint?: string | null; icon?: ReactNode };

/**
 * Where a picker's options come from: a hook called with what is typed. `searched` options are
 * already the server's answer for that text (shown as they come); otherwise the picker filters them.
 */
export type OptionSource = (text: string) => { options: PickerOption[]; loading?: boolean; searched?: boolean };

const stop = (event: SyntheticEvent) => event.stopPropagation();
/**
 * For a popover or menu drawn over a row: it lives in a portal, but React bubbles its events to the row
 * or field it opened from, where a click (a menu item's Enter clicks it too) would open the record.
 */
export const keepClicksInside = { onClick: stop, onDoubleClick: stop };

type OptionPickerProps = {
  /** The element the list opens against (a cell, a field's value). */
  anchor: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The search box's accessible name, e.g. "Company". */
  label: string;
  placeholder?: string;
  /** What the list says before anything is typed when it has nothing to offer yet. */
  prompt?: string;
  useOptions: OptionSource;
  /** What the search box holds as the list opens (pasted into a cell). */
  initialText?: string;
  /** Options listed first whatever the source says (each once, by value, case-insensitively). */
  pinned?: PickerOption[];
  /** Values never offered, whatever the source says (a company as its own parent). */
  excluded?: string[];
  /** Values shown as chosen (a check mark): the list opens on the first of them it holds. */
  chosen: string[];
  /**
   * The chosen option as it reads, listed while nothing is typed when the source has nothing to show
   * yet (a company search before a letter): the list then opens on it, and Enter keeps it.
   */
  current?: PickerOption | null;
  onPick: (option: PickerOption) => void;
  /** Offered when something is chosen: "Clear" (or `clearLabel`). */
  onClear?: () => void;
  clearLabel?: string;
  /** Offered for typed text no option has, e.g. "Create tag “vip”". */
  create?: { label: (text: string) => string; onCreate: (text: string) => void };
  /** Under the list, e.g. how to save a multiple choice. */
  footer?: ReactNode;
  onEscape?: () => void;
  /** Tab leaves the list: what it means (save a multiple choice); without it, Tab closes the list. */
  onTab?: () => void;
  /** Which edge of the anchor the list lines up with: its start (default), or its end for an anchor at a row's end. */
  align?: "start" | "end";
  /** Room for longer labels beside their hints ("Every 2 weeks on Saturday"). */
  wide?: boolean;
};

/** A searchable list in a popover: one component for companies, owners and tags, in cells and in panels. */
export function OptionPicker({
  anchor,
  open,
  onOpenChange,
  label,
  placeholder,
  prompt,
  useOptions,
  initialText,
  pinned,
  excluded,
  chosen,
  current,
  onPick,
  onClear,
  clearLabel,
  create,
  footer,
  onEscape,
  onTab,
  align = "start",
  wide = false,
}: OptionPickerProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor asChild>{anchor}</Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          data-cell-editor
          data-picker
          align={align}
          sideOffset={4}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onEscapeKeyDown={() => onEscape?.()}
          {...keepClicksInside}
          // Focus may be trapped by a dialog around the anchor (the side panel): Tab is handled here.
          onKeyDown={(event) => {
            if (event.key !== "Tab") return;
            event.preventDefault();
            if (onTab) onTab();
            else onOpenChange(false);
          }}
          className={cn(
            "z-50 overflow-hidden rounded-lg border border-border bg-background shadow-xl",
            wide ? "w-80" : "w-72",
          )}
        >
          <PickerList
            label={label}
            placeholder={placeholder}
            prompt={prompt}
            useOptions={useOptions}
            initialText={initialText}
            pinned={pinned}
            excluded={excluded}
            chosen={chosen}
            current={current}
            onPick={onPick}
            onClear={onClear}
            clearLabel={clearLabel}
            create={create}
          />
          {footer && <p className="border-t border-border px-3 py-1.5 text-[11px] text-muted">{footer}</p>}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

type PickerListProps = Pick<
  OptionPickerProps,
  | "label"
  | "placeholder"
  | "prompt"
  | "useOptions"
  | "initialText"
  | "pinned"
  | "excluded"
  | "chosen"
  | "current"
  | "onPick"
  | "onClear"
  | "clearLabel"
  | "create"
>;

/** No item highlighted: cmdk highlights its first item (Clear, when nothing else is listed) only on an empty value. */
const NOTHING = "\u0000";

/** An option's value for cmdk: what its filter reads, and what names the highlighted item. */
const itemValue = (option: PickerOption) => `${option.label} ${option.hint ?? ""} ${option.value}`;

function PickerList({
  label,
  placeholder,
  prompt = "Nothing to choose yet.",
  useOptions,
  initialText = "",
  pinned = [],
  excluded = [],
  chosen,
  current,
  onPick,
  onClear,
  clearLabel = "Clear",
  create,
}: PickerListProps) {
  const [text, setText] = useState(initialText);
  const source = useOptions(text);
  const { loading, searched } = source;
  // A source's options are its own to list (two due presets may be one day: Sunday's "Tomorrow" and
  // "Next week"); only those repeating a pinned one go.
  const pinnedValues = new Set(pinned.map((option) => option.value.toLowerCase()));
  const listed = [
    ...pinned,
    ...source.options.filter(
      (option) => !pinnedValues.has(option.value.toLowerCase()) && !excluded.includes(option.value),
    ),
  ];
  const typed = text.trim();
  const options =
    current && !typed && !listed.some((option) => option.value === current.value) ? [current, ...listed] : listed;
  // The highlight opens on the chosen option (Enter keeps the value), else the first; never on Clear by
  // itself, so an Enter that meant "keep" never empties the field. Moving or typing takes it from there.
  const [highlight, setHighlight] = useState<string | null>(null);
  const opening = options.find((option) => chosen.includes(option.value)) ?? options[0];
  const offerCreate = create && typed.length > 0 && !options.some((o) => o.label.toLowerCase() === typed.toLowerCase());
  const item =
    "relative flex cursor-pointer items-center gap-2 rounded-md py-1.5 pr-2 pl-7 text-[13px] text-foreground data-[selected=true]:bg-surface-2";

  return (
    <Command
      label={label}
      shouldFilter={!searched}
      loop
      value={highlight ?? (opening ? itemValue(opening) : NOTHING)}
      onValueChange={setHighlight}
      className="flex flex-col"
    >
      <Command.Input
        value={text}
        onValueChange={setText}
        placeholder={placeholder ?? `Search ${label.toLowerCase()}…`}
        aria-label={label}
        autoFocus
        className="h-9 w-full border-b border-border bg-transparent px-3 text-[13px] text-foreground placeholder:text-muted focus:outline-none"
      />
      <Command.List className="max-h-64 overflow-y-auto p-1">
        {!offerCreate && (
          <Command.Empty className="px-3 py-4 text-center text-xs text-muted">
            {loading ? "Searching…" : typed ? "Nothing matches." : prompt}
          </Command.Empty>
        )}
        {options.map((option) => (
          <Command.Item
            key={`${option.label}\u0000${option.value}`}
            value={itemValue(option)}
            onSelect={() => onPick(option)}
            className={item}
          >
            {chosen.includes(option.value) && (
              <Check className="absolute left-2 size-3.5 text-primary" aria-label="chosen" />
            )}
            {option.icon}
            {/* The name whole where it fits; the hint has what room is left. */}
            <span className="max-w-full shrink-0 truncate">{option.label}</span>
            {option.hint && <span className="ml-auto min-w-0 truncate pl-1 text-xs text-muted">{option.hint}</span>}
          </Command.Item>
        ))}
        {offerCreate && (
          <Command.Item
            forceMount
            value={`create ${typed}`}
            onSelect={() => {
              create.onCreate(typed);
              setText("");
            }}
            className={item}
          >
            <Plus className="absolute left-2 size-3.5 text-muted" aria-hidden />
            <span className="truncate">{create.label(typed)}</span>
          </Command.Item>
        )}
        {onClear && chosen.length > 0 && !typed && (
          <Command.Item value="clear choice" onSelect={onClear} className={cn(item, "text-muted")}>
            <X className="absolute left-2 size-3.5" aria-hidden />
            {clearLabel}
          </Command.Item>
        )}
      </Command.List>
    </Command>
  );
}

type PickerFieldProps = {
  id?: string;
  label: string;
  placeholder: string;
  value: PickerOption | null;
  onChange: (value: PickerOption | null) => void;
  useOptions: OptionSource;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-label"?: string;
  autoFocus?: boolean;
  /** The small size of the filter form's controls. */
  compact?: boolean;
  /** Offers "Clear" once something is chosen (not for a choice that must stay made). */
  clearable?: boolean;
  /** Opens with its list showing, its search box focused (the first thing a form asks). */
  defaultOpen?: boolean;
  /** Escape closed the list (after it the control has the focus). */
  onEscape?: () => void;
};

/** A form control that picks one option from a searchable list (a contact's company in a dialog). */
export function PickerField({
  label,
  placeholder,
  value,
  onChange,
  useOptions,
  compact = false,
  clearable = true,
  defaultOpen = false,
  onEscape,
  ...control
}: PickerFieldProps) {
  const [open, setOpen] = useState(defaultOpen);
  const trigger = useRef<HTMLButtonElement>(null);
  // Back on the control once the list closes with a choice or Escape, as a select keeps it: Tab goes on to the next
  // field, a second Escape reaches what holds the form.
  const refocus = () => trigger.current?.focus();
  const choose = (option: PickerOption | null) => {
    onChange(option);
    setOpen(false);
    refocus();
  };
  return (
    <OptionPicker
      anchor={
        <button
          ref={trigger}
          type="button"
          {...control}
          // A name without the value it shows reads as a mismatch (axe's label-content-name-mismatch): "Field: Name".
          aria-label={control["aria-label"] && `${control["aria-label"]}: ${value?.label ?? placeholder}`}
          aria-haspopup="listbox"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          className={cn(
            "flex w-full items-center justify-between gap-2 rounded-md border border-border bg-background px-3 text-left shadow-xs focus:border-primary focus:ring-2 focus:ring-primary/20 focus:outline-none aria-[invalid=true]:border-danger",
            compact ? "h-8 text-[13px]" : "h-9 text-sm",
          )}
        >
          <span className={cn("truncate", value ? "text-foreground" : "text-muted")}>
            {value?.label ?? placeholder}
          </span>
          <ChevronDown className="size-4 shrink-0 text-muted" aria-hidden />
        </button>
      }
      open={open}
      onOpenChange={setOpen}
      label={label}
      useOptions={useOptions}
      chosen={value ? [value.value] : []}
      onPick={choose}
      onClear={clearable ? () => choose(null) : undefined}
      onEscape={() => {
        refocus();
        onEscape?.();
      }}
    />
  );
}
