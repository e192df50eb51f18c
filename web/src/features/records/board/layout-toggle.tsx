import { Columns3, Rows3 } from "lucide-react";
import { storedPreference } from "../../../lib/stored-preference";
import { cn } from "../../../ui/cn";
import { headerActionLabel } from "../../../ui/page";

export type ListLayout = "table" | "board";

/** Each object's list as a table or a board, as this browser last showed it. */
export const listLayout = (object: string) =>
  storedPreference<ListLayout>(`listLayout:${object}`, (stored) => (stored === "board" ? "board" : "table"));

const choices = [
  { layout: "table", label: "Table", icon: Rows3 },
  { layout: "board", label: "Board", icon: Columns3 },
] as const;

/** Table | Board, beside the view's controls; `board` says what the board's lanes are. */
export function LayoutToggle({
  value,
  onChange,
  board,
}: {
  value: ListLayout;
  onChange: (layout: ListLayout) => void;
  board: string;
}) {
  return (
    <div role="group" aria-label="Layout" className="inline-flex rounded-md border border-border p-0.5">
      {choices.map(({ layout, label, icon: Icon }) => (
        <button
          key={layout}
          type="button"
          aria-pressed={value === layout}
          onClick={() => onChange(layout)}
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
  );
}
