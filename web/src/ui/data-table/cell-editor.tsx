import * as Dropdown from "@radix-ui/react-dropdown-menu";
import { Check } from "lucide-react";
import { useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import type { CellEditor, CellPatch } from "./types";

type EditorProps<Row> = {
  editor: CellEditor<Row>;
  initial: CellPatch;
  /** `refocus` is false when the edit ended because focus went elsewhere (a click outside). */
  onSave: (patch: CellPatch, refocus: boolean) => void;
  onCancel: () => void;
};

/** The inline editor drawn over a cell: Enter saves, Escape cancels, clicking away saves. */
export function CellEditorView<Row>(props: EditorProps<Row>) {
  return props.editor.kind === "text" ? <TextEditor {...props} /> : <SelectEditor {...props} />;
}

function TextEditor<Row>({ editor, initial, onSave, onCancel }: EditorProps<Row>) {
  const [values, setValues] = useState(initial);
  const done = useRef(false);
  const fields = editor.kind === "text" ? editor.fields : [];

  const finish = (save: boolean, refocus: boolean) => {
    if (done.current) return;
    done.current = true;
    if (save) onSave(values, refocus);
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
      data-cell-editor
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
      className="absolute inset-y-0 left-0 z-30 flex min-w-full items-center gap-1 rounded-sm bg-background px-1 shadow-lg ring-2 ring-primary"
    >
      {fields.map((field, index) => (
        <input
          key={field.key}
          aria-label={field.label}
          placeholder={field.label}
          autoFocus={index === 0}
          onFocus={(event) => event.currentTarget.select()}
          value={values[field.key] ?? ""}
          onChange={(event) => setValues((v) => ({ ...v, [field.key]: event.target.value }))}
          className="h-6 w-36 min-w-0 flex-1 rounded-sm bg-transparent px-1.5 text-[13px] text-foreground outline-none placeholder:text-muted focus:bg-surface-2 focus-visible:outline-none"
        />
      ))}
    </div>
  );
}

const item =
  "flex cursor-pointer items-center gap-2 rounded-md py-1.5 pr-2 pl-7 text-[13px] text-foreground outline-none data-[highlighted]:bg-surface-2 relative";

function SelectEditor<Row>({ editor, initial, onSave, onCancel }: EditorProps<Row>) {
  if (editor.kind !== "select") return null;
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
          onCloseAutoFocus={(event) => event.preventDefault()}
          className="z-50 min-w-44 rounded-lg border border-border bg-background p-1 shadow-xl"
        >
          <Dropdown.RadioGroup
            value={initial[editor.field] ?? ""}
            onValueChange={(value) => onSave({ [editor.field]: value }, true)}
          >
            {editor.options.map((option) => (
              <Dropdown.RadioItem key={option.value} value={option.value} className={item}>
                <Dropdown.ItemIndicator className="absolute left-2 inline-flex">
                  <Check className="size-3.5 text-primary" aria-hidden />
                </Dropdown.ItemIndicator>
                {option.label}
              </Dropdown.RadioItem>
            ))}
          </Dropdown.RadioGroup>
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}
