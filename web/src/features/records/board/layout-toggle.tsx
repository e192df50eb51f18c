import { Columns3, Rows3 } from "lucide-react";
import { storedPreference } from "../../../lib/stored-preference";
import { cn } from "../../../ui/cn";
import { Select } from "../../../ui/input";
import { headerActionLabel } from "../../../ui/page";

export type ListLayout = "table" | "board";

/** The field a board groups its cards by, and the others it can (a select field's, each). */
export type BoardGroupChoice = {
  value: string;
  options: { value: string; label: string }[];
  /** Another field; undefined: the object's first (a view saved without one). */
  set: (field: string | undefined) => void;
  /** The object's first, which a view saved without a field groups by. */
  first: string | undefined;
  /**
   * The field a board saved with `field` groups by now: itself, or the first when it is no longer offered (a property
   * archived since). While the properties load, itself.
   */
  resolve: (field: string | undefined) => string | undefined;
};

/** An object's list as a table or a board (Table | Board beside the view's controls; a view keeps both choices). */
export type LayoutChoice = {
  value: ListLayout;
  set: (layout: ListLayout) => void;
  /** What the board's lanes are, for the toggle's title: "Cards in a lane per lead status". */
  board: string;
  groupBy?: BoardGroupChoice;
};

const preferences = new Map<string, ReturnType<typeof storedPreference<string | null>>>();
const preference = (key: string) => {
  if (!preferences.has(key))
    preferences.set(
      key,
      storedPreference<string | null>(key, (stored) => stored),
    );
  return preferences.get(key)!;
};

/** Each object's list as a table or a board, as this browser last showed it. */
export function useListLayout(object: string): [ListLayout, (layout: ListLayout) => void] {
  const stored = preference(`listLayout:${object}`);
  return [stored.use() === "board" ? "board" : "table", stored.set];
}

/** The field each object's board groups by, as this browser last showed it (null: the object's first). */
export function useBoardGroup(object: string): [string | null, (field: string | undefined) => void] {
  const stored = preference(`boardGroup:${object}`);
  return [stored.use(), stored.set];
}

const choices = [
  { layout: "table", label: "Table", icon: Rows3 },
  { layout: "board", label: "Board", icon: Columns3 },
] as const;

/** Table | Board, beside the view's controls; on the board, what its lanes group the cards by. */
export function LayoutToggle({ value, set, board, groupBy }: LayoutChoice) {
  return (
    <>
      <div role="group" aria-label="Layout" className="inline-flex rounded-md border border-border p-0.5">
        {choices.map(({ layout, label, icon: Icon }) => (
          <button
            key={layout}
            type="button"
            aria-pressed={value === layout}
            onClick={() => set(layout)}
            title={layout === "board" ? board : "Rows and columns"}
            className={cn(
              "inline-flex h-6 items-center gap-1.5 rounded px-2 text-xs font-medium transition-colors",
              value === layout ? "bg-primary-soft text-primary" : "text-muted hover:bg-surface-2 hover:text-foreground",
            )}
          >
            <Icon className="size-3.5" aria-hidden />
            {/* Beside an open record's panel, the icons alone, as the header's buttons do. */}
            <span className={headerActionLabel}>{label}</span>
          </button>
        ))}
      </div>
      {value === "board" && groupBy && groupBy.options.length > 1 && (
        <label className="flex items-center gap-1.5 text-xs text-muted">
          {/* Beside an open record's panel, the choice alone. */}
          <span className={headerActionLabel}>Group by</span>
          <Select
            aria-label="Group by"
            value={groupBy.value}
            onChange={(event) => groupBy.set(event.target.value)}
            className="h-7 w-auto max-w-40 text-xs text-foreground"
          >
            {groupBy.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </label>
      )}
    </>
  );
}
