import { parseOptions } from "./property-labels";

/** One option as edited: `was` is its name when the dialog opened (a saved option), so a new name is a rename. */
export type OptionRow = { id: number; text: string; was?: string };

/** A select's options being edited: its rows, and what is typed in "Add an option" (saved with them). */
export type OptionsDraft = { rows: OptionRow[]; adding: string };

let nextRowId = 0;
const rowOf = (text: string, was?: string): OptionRow => ({ id: nextRowId++, text, ...(was !== undefined && { was }) });

export const draftOf = (options: readonly string[]): OptionsDraft => ({
  rows: options.map((option) => rowOf(option, option)),
  adding: "",
});

/** The draft with what is typed in "Add an option" as rows of their own (a pasted list, one each). */
export function withAdded(draft: OptionsDraft): OptionsDraft {
  const added = parseOptions(draft.adding);
  return added.length === 0 ? draft : { rows: [...draft.rows, ...added.map((text) => rowOf(text))], adding: "" };
}

/** The options the draft saves, in order: its rows' names, then what is still typed in "Add an option". */
export const optionsOf = (draft: OptionsDraft): string[] =>
  withAdded(draft)
    .rows.map((row) => row.text.trim())
    .filter(Boolean);

/** Saved options given a new name: the records holding them move with them. */
export const renamesOf = (draft: OptionsDraft): { from: string; to: string }[] =>
  draft.rows.flatMap((row) => {
    const to = row.text.trim();
    return row.was !== undefined && to && to !== row.was ? [{ from: row.was, to }] : [];
  });

/** Saved options the draft takes off: their row removed or emptied, and the name not in the list again. */
export function removedOf(saved: readonly string[], draft: OptionsDraft): string[] {
  const kept = new Set([...draft.rows.filter((row) => row.text.trim()).map((row) => row.was), ...optionsOf(draft)]);
  return saved.filter((option) => !kept.has(option));
}

/** Why a row cannot be saved as it is: the same name (however capitalised) as a row above it. */
export function rowProblems(draft: OptionsDraft): Map<number, string> {
  const seen = new Set<string>();
  const problems = new Map<number, string>();
  for (const row of draft.rows) {
    const name = row.text.trim().toLowerCase();
    if (!name) continue;
    if (seen.has(name)) problems.set(row.id, "Already an option above.");
    seen.add(name);
  }
  return problems;
}

/** The draft with the row at `from` moved to `to` (both in range). */
export function moved(draft: OptionsDraft, from: number, to: number): OptionsDraft {
  const rows = [...draft.rows];
  const [row] = rows.splice(from, 1);
  rows.splice(to, 0, row!);
  return { ...draft, rows };
}
