import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { useId, useLayoutEffect, useRef, type KeyboardEvent } from "react";
import { cn } from "../../ui/cn";
import { Input } from "../../ui/input";
import { moved, optionsOf, rowProblems, withAdded, type OptionsDraft } from "./options-draft";

type OptionsEditorProps = {
  draft: OptionsDraft;
  onChange: (draft: OptionsDraft) => void;
  /** The server's refusal of the options, said under them. */
  error?: string;
};

const iconButton =
  "inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40 disabled:pointer-events-none disabled:opacity-30";

// The move buttons show on the row under the pointer or the cursor, but for the way an end row cannot go.
const revealed = "opacity-0 group-focus-within/option:opacity-100 group-hover/option:opacity-100 disabled:invisible";

/**
 * A select's options, one row each: rename in place (a saved option keeps its records under its new name), move with
 * the arrows or Alt+↑↓, take off with × or Backspace in an empty row. "Add an option" adds on Enter, and a pasted list
 * (commas or lines) becomes one row each; what is left typed there is saved with the rest.
 */
export function OptionsEditor({ draft, onChange, error }: OptionsEditorProps) {
  const id = useId();
  const inputs = useRef(new Map<number | "add", HTMLInputElement>());
  const focusNext = useRef<{ id: number | "add"; at?: "end" } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const rowsAdded = useRef(false);
  useLayoutEffect(() => {
    // Rows added from "Add an option" are shown, at the end of a list that scrolls.
    if (rowsAdded.current && list.current) list.current.scrollTop = list.current.scrollHeight;
    rowsAdded.current = false;
    const target = focusNext.current && inputs.current.get(focusNext.current.id);
    if (!target) return;
    target.focus();
    if (focusNext.current?.at === "end") target.setSelectionRange(target.value.length, target.value.length);
    focusNext.current = null;
  });

  const { rows } = draft;
  const problems = rowProblems(draft);
  const count = optionsOf(draft).length;
  const renamedCount = rows.filter(
    (row) => row.was !== undefined && row.text.trim() && row.text.trim() !== row.was,
  ).length;
  const hint = [
    count === 0
      ? "Type an option and press Enter, or paste a list."
      : `${count} ${count === 1 ? "option" : "options"}.`,
    renamedCount > 0 && "Records holding a renamed option keep it under its new name.",
  ]
    .filter(Boolean)
    .join(" ");

  const change = (next: OptionsDraft, focus?: { id: number | "add"; at?: "end" }) => {
    focusNext.current = focus ?? null;
    onChange(next);
  };
  const rowInput = (index: number) => rows[index] ?? null;

  function onRowKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    const row = rows[index]!;
    if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      event.preventDefault();
      const to = index + (event.key === "ArrowUp" ? -1 : 1);
      if (to >= 0 && to < rows.length) change(moved(draft, index, to), { id: row.id });
    } else if (event.key === "ArrowUp" || event.key === "ArrowDown" || event.key === "Enter") {
      // Enter goes on to the next option (the form is saved from "Add an option", or with the button).
      event.preventDefault();
      const next = rowInput(index + (event.key === "ArrowUp" ? -1 : 1));
      const target = next ? next.id : event.key === "ArrowUp" ? null : "add";
      if (target !== null) inputs.current.get(target)?.focus();
    } else if (event.key === "Backspace" && row.text === "") {
      event.preventDefault();
      const previous = rowInput(index - 1) ?? rowInput(index + 1);
      change(
        { ...draft, rows: rows.filter((r) => r.id !== row.id) },
        previous ? { id: previous.id, at: "end" } : { id: "add" },
      );
    }
  }

  function onAddKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" && draft.adding.trim()) {
      event.preventDefault();
      rowsAdded.current = true;
      change(withAdded(draft), { id: "add" });
    } else if (event.key === "ArrowUp" && rows.length > 0) {
      event.preventDefault();
      inputs.current.get(rows[rows.length - 1]!.id)?.focus();
    } else if (event.key === "Backspace" && draft.adding === "" && rows.length > 0) {
      event.preventDefault();
      inputs.current.get(rows[rows.length - 1]!.id)?.focus();
    }
  }

  const register = (key: number | "add") => (element: HTMLInputElement | null) => {
    if (element) inputs.current.set(key, element);
    else inputs.current.delete(key);
  };

  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-${error ? "error" : "hint"}`}
      className="flex flex-col gap-1.5"
    >
      <span id={`${id}-label`} className="text-sm font-medium text-foreground">
        Options
      </span>
      {/* Padded by the focus ring's width, which the scroller would otherwise cut. */}
      {rows.length > 0 && (
        <ol ref={list} className="-m-1 flex max-h-64 flex-col gap-1 overflow-y-auto p-1">
          {rows.map((row, index) => {
            const problem = problems.get(row.id);
            const renamedFrom =
              row.was !== undefined && row.text.trim() && row.text.trim() !== row.was ? row.was : null;
            const name = row.text.trim() || `option ${index + 1}`;
            return (
              <li key={row.id} className="group/option flex items-center gap-1">
                <div className="relative min-w-0 flex-1">
                  <Input
                    ref={register(row.id)}
                    aria-label={`Option ${index + 1}`}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-row-${row.id}` : renamedFrom ? `${id}-was-${row.id}` : undefined}
                    autoComplete="off"
                    className={cn("h-8", renamedFrom && "pr-28")}
                    value={row.text}
                    onChange={(e) =>
                      change({
                        ...draft,
                        rows: rows.map((r) => (r.id === row.id ? { ...r, text: e.target.value } : r)),
                      })
                    }
                    onKeyDown={(e) => onRowKeyDown(e, index)}
                  />
                  {renamedFrom && (
                    <span
                      id={`${id}-was-${row.id}`}
                      className="pointer-events-none absolute top-1/2 right-2 max-w-24 -translate-y-1/2 truncate text-xs text-muted"
                    >
                      was {renamedFrom}
                    </span>
                  )}
                  {problem && (
                    <p id={`${id}-row-${row.id}`} className="mt-0.5 text-xs text-danger">
                      {problem}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className={cn(iconButton, revealed)}
                  aria-label={`Move “${name}” up`}
                  disabled={index === 0}
                  onClick={() => change(moved(draft, index, index - 1))}
                >
                  <ArrowUp className="size-3.5" aria-hidden />
                </button>
                <button
                  type="button"
                  className={cn(iconButton, revealed)}
                  aria-label={`Move “${name}” down`}
                  disabled={index === rows.length - 1}
                  onClick={() => change(moved(draft, index, index + 1))}
                >
                  <ArrowDown className="size-3.5" aria-hidden />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Remove “${name}”`}
                  onClick={() => {
                    const neighbour = rowInput(index + 1) ?? rowInput(index - 1);
                    change({ ...draft, rows: rows.filter((r) => r.id !== row.id) }, { id: neighbour?.id ?? "add" });
                  }}
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <div className="relative">
        <Plus
          className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-muted"
          aria-hidden
        />
        <Input
          ref={register("add")}
          aria-label="Add an option"
          aria-invalid={error && rows.length === 0 ? true : undefined}
          autoComplete="off"
          className="h-8 pl-8"
          placeholder={rows.length === 0 ? "Gold, Silver, Bronze" : "Add an option"}
          value={draft.adding}
          onChange={(e) => change({ ...draft, adding: e.target.value })}
          onKeyDown={onAddKeyDown}
          onPaste={(e) => {
            const text = e.clipboardData.getData("text");
            if (!/[,\n]/.test(text)) return;
            // A pasted list becomes its rows at once.
            e.preventDefault();
            rowsAdded.current = true;
            change(withAdded({ ...draft, adding: draft.adding + text }), { id: "add" });
          }}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
