import * as Dropdown from "@radix-ui/react-dropdown-menu";
import { Check, X } from "lucide-react";
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { toast } from "../../lib/toast";
import { holdPageForForm } from "../../lib/unsaved-edits";
import { keepClicksInside, OptionPicker } from "../option-picker";
import { lookupPatch, parseMulti } from "./editing";
import type { CellEditor, CellPatch } from "./types";
import { menuContent, menuSeparator } from "../menu";

type EditorProps<Row> = {
  editor: CellEditor<Row>;
  /** The row edited: what a lookup leaves out of its list for it (`useExcluded`). */
  row: Row;
  initial: CellPatch;
  /** A picker's search to open on (what was pasted into the cell). */
  search?: string;
  /** `refocus` is false when the edit ended because focus went elsewhere (a click outside). */
  onSave: (patch: CellPatch, refocus: boolean) => void;
  onCancel: () => void;
};

/** The inline editor drawn over a cell: Enter saves, Escape cancels, clicking away saves. */
export function CellEditorView<Row>(props: EditorProps<Row>) {
  switch (props.editor.kind) {
    case "text":
      return <TextEditor {...props} />;
    case "select":
      return <SelectEditor {...props} />;
    case "multi":
      return <MultiEditor {...props} />;
    case "lookup":
      return <LookupEditorView {...props} />;
    case "tags":
      return <TagsEditorView {...props} />;
  }
}

function TextEditor<Row>({ editor, initial, onSave, onCancel }: EditorProps<Row>) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  // The message grows the editor past its cell: scroll the table so a cell at its right edge shows it whole.
  useEffect(() => {
    if (error) box.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [error]);
  const fields = editor.kind === "text" ? editor.fields : [];
  // Typed and not saved yet: closing the tab asks first, as a form typed into does.
  const typed = fields.some(({ key }) => (values[key] ?? "") !== (initial[key] ?? ""));
  useEffect(() => (typed ? holdPageForForm() : undefined), [typed]);

  const finish = (save: boolean, refocus: boolean) => {
    if (done.current) return;
    const problem = save ? (editor.validate?.(values) ?? null) : null;
    if (problem && refocus) {
      // Enter on a bad value: say why and keep editing.
      setError(problem);
      return;
    }
    done.current = true;
    if (problem) {
      // Focus left with a bad value: the old one stays, and the toast says why.
      toast.error(problem);
      onCancel();
    } else if (save) onSave(values, refocus);
    else onCancel();
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === "Enter") {
      event.preventDefault();
      finish(true, true);
    } else if (event.key === "Escape") {
      event.preventDefault();
      finish(false, true);
    }
  };

  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) finish(true, false);
  };

  return (
    <div
      ref={box}
      data-cell-editor
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
      className={
        "absolute inset-y-0 left-0 z-30 flex min-w-full items-center gap-1 rounded-sm bg-background px-1 shadow-lg ring-2 " +
        (error ? "ring-danger" : "ring-primary")
      }
    >
      {fields.map((field, index) => (
        <input
          key={field.key}
          aria-label={field.label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "cell-editor-error" : undefined}
          placeholder={field.label}
          type={field.inputType ?? "text"}
          step={field.inputType === "number" ? "any" : undefined}
          autoFocus={index === 0}
          onFocus={(event) => {
            // Number and date inputs have no text selection to set.
            if (!field.inputType || field.inputType === "text") event.currentTarget.select();
          }}
          value={values[field.key] ?? ""}
          onChange={(event) => {
            setError(null);
            setValues((v) => ({ ...v, [field.key]: event.target.value }));
          }}
          className="h-6 w-36 min-w-0 flex-1 rounded-sm bg-transparent px-1.5 text-[13px] text-foreground outline-none placeholder:text-muted focus:bg-surface-2 focus-visible:outline-none"
        />
      ))}
      {error && (
        // Inside the editor (which grows past the cell): the row clips anything drawn outside it.
        <span id="cell-editor-error" role="alert" className="shrink-0 pr-1.5 text-xs whitespace-nowrap text-danger">
          {error}
        </span>
      )}
    </div>
  );
}

const item =
  "flex cursor-pointer items-center gap-2 rounded-md py-1.5 pr-2 pl-7 text-[13px] text-foreground outline-none data-[highlighted]:bg-surface-2 relative";
const content = `${menuContent} max-h-80 min-w-44 overflow-y-auto`;

function SelectEditor<Row>({ editor, initial, onSave, onCancel }: EditorProps<Row>) {
  if (editor.kind !== "select") return null;
  const current = initial[editor.field] ?? "";
  return (
    <Dropdown.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dropdown.Trigger asChild>
        <span className="absolute inset-0 rounded-sm ring-2 ring-primary" />
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content
          data-cell-editor
          align="start"
          sideOffset={4}
          {...keepClicksInside}
          onCloseAutoFocus={(event) => event.preventDefault()}
          className={content}
        >
          <Dropdown.RadioGroup value={current} onValueChange={(value) => onSave({ [editor.field]: value }, true)}>
            {editor.options.map((option) => (
              <Dropdown.RadioItem key={option.value} value={option.value} className={item}>
                <Dropdown.ItemIndicator className="absolute left-2 inline-flex">
                  <Check className="size-3.5 text-primary" aria-hidden />
                </Dropdown.ItemIndicator>
                {option.label}
              </Dropdown.RadioItem>
            ))}
          </Dropdown.RadioGroup>
          {editor.clearable && current !== "" && (
            <>
              <Dropdown.Separator className={menuSeparator} />
              <Dropdown.Item className={`${item} text-muted`} onSelect={() => onSave({ [editor.field]: "" }, true)}>
                <X className="absolute left-2 size-3.5" aria-hidden />
                Clear
              </Dropdown.Item>
            </>
          )}
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}

/** Checkboxes that stay open while toggling; closing the menu saves, Escape cancels. */
function MultiEditor<Row>({ editor, initial, onSave, onCancel }: EditorProps<Row>) {
  const field = editor.kind === "multi" ? editor.field : "";
  const [chosen, setChosen] = useState(() => parseMulti(initial[field]));
  const cancelled = useRef(false);
  if (editor.kind !== "multi") return null;

  const handleOpenChange = (open: boolean) => {
    if (open) return;
    if (cancelled.current) onCancel();
    // Kept in the options' order, so the same choice always saves the same value.
    else
      onSave({ [field]: JSON.stringify(editor.options.map((o) => o.value).filter((v) => chosen.includes(v))) }, true);
  };

  return (
    <Dropdown.Root open onOpenChange={handleOpenChange}>
      <Dropdown.Trigger asChild>
        <span className="absolute inset-0 rounded-sm ring-2 ring-primary" />
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content
          data-cell-editor
          align="start"
          sideOffset={4}
          {...keepClicksInside}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onEscapeKeyDown={() => {
            cancelled.current = true;
          }}
          // A menu keeps Tab to itself (it moves nothing); here Tab saves the choice, as the footer says.
          onKeyDown={(event) => {
            if (event.key !== "Tab") return;
            event.preventDefault();
            handleOpenChange(false);
          }}
          className={content}
        >
          {editor.options.map((option) => (
            <Dropdown.CheckboxItem
              key={option.value}
              className={item}
              checked={chosen.includes(option.value)}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(checked) =>
                setChosen((list) => (checked ? [...list, option.value] : list.filter((v) => v !== option.value)))
              }
            >
              <Dropdown.ItemIndicator className="absolute left-2 inline-flex">
                <Check className="size-3.5 text-primary" aria-hidden />
              </Dropdown.ItemIndicator>
              {option.label}
            </Dropdown.CheckboxItem>
          ))}
          <p className="px-2 pt-1.5 pb-1 text-[11px] text-muted">Click outside or press Tab to save · Esc cancels</p>
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}

/** The ring over the cell that a picker opens against. */
const anchorRing = <span className="absolute inset-0 rounded-sm ring-2 ring-primary" />;

const noneExcluded = (): string[] => [];

/** Pick one (a company, an owner) from a searchable list; picking saves, Escape or clicking away cancels. */
function LookupEditorView<Row>({ editor, row, initial, search, onSave, onCancel }: EditorProps<Row>) {
  const useExcluded = editor.useExcluded ?? noneExcluded;
  const excluded = useExcluded(row);
  if (editor.kind !== "lookup") return null;
  const { field, labelField } = editor;
  const save = (value: string, label: string) => onSave(lookupPatch(editor, value, label), true);
  return (
    <OptionPicker
      anchor={anchorRing}
      open
      onOpenChange={(open) => !open && onCancel()}
      label={editor.label}
      useOptions={editor.useOptions}
      initialText={search}
      excluded={excluded}
      chosen={initial[field] ? [initial[field]] : []}
      current={
        initial[field] && labelField && initial[labelField]
          ? { value: initial[field], label: initial[labelField] }
          : null
      }
      onPick={(option) => save(option.value, option.label)}
      onClear={editor.clearable ? () => save("", "") : undefined}
    />
  );
}

/** Tags: pick or create several; closing the list saves, Escape cancels. */
function TagsEditorView<Row>({ editor, initial, onSave, onCancel }: EditorProps<Row>) {
  const field = editor.kind === "tags" ? editor.field : "";
  const [tags, setTags] = useState(() => parseMulti(initial[field]));
  const cancelled = useRef(false);
  if (editor.kind !== "tags") return null;
  const toggle = (tag: string) =>
    setTags((list) =>
      list.some((t) => t.toLowerCase() === tag.toLowerCase())
        ? list.filter((t) => t.toLowerCase() !== tag.toLowerCase())
        : [...list, tag],
    );
  return (
    <OptionPicker
      anchor={anchorRing}
      open
      onOpenChange={(open) => {
        if (open) return;
        if (cancelled.current) onCancel();
        else onSave({ [field]: JSON.stringify(tags) }, true);
      }}
      onTab={() => onSave({ [field]: JSON.stringify(tags) }, true)}
      onEscape={() => {
        cancelled.current = true;
      }}
      label={editor.label}
      placeholder="Find or create a tag…"
      useOptions={editor.useOptions}
      // Tags just created here are not in the organization's list yet: offered all the same.
      pinned={tags.map((tag) => ({ value: tag, label: tag }))}
      chosen={tags}
      onPick={(option) => toggle(option.value)}
      create={{ label: (text) => `Create tag “${text}”`, onCreate: toggle }}
      footer="Click outside or press Tab to save · Esc cancels"
    />
  );
}
