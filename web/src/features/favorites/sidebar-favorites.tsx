import * as Dropdown from "@radix-ui/react-dropdown-menu";
import { ArrowDown, ArrowUp, ChevronRight, MoreHorizontal, StarOff } from "lucide-react";
import { useState, type DragEvent } from "react";
import { Link, useLocation } from "react-router-dom";
import { recordPath } from "../../app/recent-records";
import { storedPreference } from "../../lib/stored-preference";
import { usePageSearchParams } from "../../lib/page-search-params";
import { cn } from "../../ui/cn";
import { menuContent, menuItem, menuSeparator } from "../../ui/menu";
import { recordIconOf } from "../records/record-icon";
import { useFavorites, useReorderFavorites, useSetFavorite, type Favorite } from "./use-favorites";

/** Folded away by its heading, in this browser. */
const folded = storedPreference("team-crm:favorites-folded", (stored) => stored === "1");

/** `ids` with `moved` put at `index` (counted in the list without it). */
function movedTo(ids: string[], moved: string, index: number): string[] {
  const others = ids.filter((id) => id !== moved);
  return [...others.slice(0, index), moved, ...others.slice(index)];
}

/**
 * The reader's favorite contacts and companies under the main links, each opening its record beside its list; dragged
 * into another order, or moved and removed from each one's menu (the keyboard's way).
 */
export function SidebarFavorites() {
  const { data: favorites } = useFavorites();
  const isFolded = folded.use();
  const reorder = useReorderFavorites();
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  if (!favorites?.length) return null;

  const ids = favorites.map((f) => f.recordId);
  const move = (recordId: string, index: number) => {
    const next = movedTo(ids, recordId, index);
    if (next.join() !== ids.join()) reorder.mutate({ recordIds: next });
  };
  const dragEnded = () => {
    setDragged(null);
    setDropAt(null);
  };
  // Dropped on a row's upper half: before it; its lower half: after it.
  const dropIndexOf = (event: DragEvent<HTMLElement>, index: number) => {
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientY < box.top + box.height / 2 ? index : index + 1;
  };

  return (
    <section aria-labelledby="favorites-heading" className="pt-3" data-testid="sidebar-favorites">
      <h2 id="favorites-heading">
        <button
          type="button"
          aria-expanded={!isFolded}
          onClick={() => folded.set(isFolded ? undefined : "1")}
          className="flex h-6 w-full items-center gap-1 rounded-md px-2.5 text-[11px] font-semibold tracking-wide text-muted uppercase hover:text-foreground"
        >
          Favorites
          <ChevronRight className={cn("size-3 transition-transform", !isFolded && "rotate-90")} aria-hidden />
        </button>
      </h2>
      {!isFolded && (
        <ul className="mt-0.5 space-y-0.5" aria-label="Favorites" onDragLeave={() => setDropAt(null)}>
          {favorites.map((favorite, index) => (
            <li
              key={favorite.recordId}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", favorite.name);
                setDragged(favorite.recordId);
              }}
              onDragOver={(event) => {
                if (!dragged) return;
                event.preventDefault();
                setDropAt(dropIndexOf(event, index));
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged) {
                  const at = dropIndexOf(event, index);
                  // Counted without the dragged row, which sat above the drop when its index is lower.
                  move(dragged, at > ids.indexOf(dragged) ? at - 1 : at);
                }
                dragEnded();
              }}
              onDragEnd={dragEnded}
              data-testid="sidebar-favorite"
              className={cn(
                "group/favorite relative rounded-md",
                dragged === favorite.recordId && "opacity-50",
                dropAt === index && "shadow-[inset_0_2px_0_var(--color-primary)]",
                dropAt === index + 1 &&
                  index === favorites.length - 1 &&
                  "shadow-[inset_0_-2px_0_var(--color-primary)]",
              )}
            >
              <FavoriteLink favorite={favorite} />
              <FavoriteMenu
                favorite={favorite}
                onMove={index > 0 || index < favorites.length - 1 ? (by) => move(favorite.recordId, index + by) : null}
                first={index === 0}
                last={index === favorites.length - 1}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FavoriteLink({ favorite }: { favorite: Favorite }) {
  const { pathname } = useLocation();
  const [params] = usePageSearchParams();
  const to = recordPath({ object: favorite.recordObject, id: favorite.recordId });
  const open = pathname === to.split("?")[0] && params.get("open") === favorite.recordId;
  const Icon = recordIconOf(favorite.recordObject);
  // Its earliest open task gone past: a key account waiting on its rep.
  const overdue = favorite.nextTaskAt !== null && +favorite.nextTaskAt < Date.now();
  return (
    <Link
      to={to}
      aria-current={open ? "page" : undefined}
      // What it shows first, as a person using voice control reads it, then what the dot says.
      aria-label={overdue ? `${favorite.name || "Unnamed"}, a task overdue` : undefined}
      title={[favorite.name, favorite.detail, overdue && "A task is overdue"].filter(Boolean).join(" · ")}
      className={cn(
        "flex h-7 items-center gap-2 rounded-md pr-7 pl-2.5 text-[13px] transition-colors",
        open ? "bg-primary-soft font-medium text-primary" : "text-muted hover:bg-surface-2 hover:text-foreground",
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">{favorite.name || "Unnamed"}</span>
      {overdue && <span className="ml-auto size-1.5 shrink-0 rounded-full bg-danger" aria-hidden />}
    </Link>
  );
}

function FavoriteMenu({
  favorite,
  onMove,
  first,
  last,
}: {
  favorite: Favorite;
  onMove: ((by: -1 | 1) => void) | null;
  first: boolean;
  last: boolean;
}) {
  const setFavorite = useSetFavorite();
  return (
    <Dropdown.Root>
      <Dropdown.Trigger
        aria-label={`${favorite.name}: more`}
        title="Move or remove"
        className="absolute top-0.5 right-0.5 rounded p-1 text-muted opacity-0 group-hover/favorite:opacity-100 hover:bg-surface-2 hover:text-foreground focus-visible:opacity-100 data-[state=open]:opacity-100 [@media(hover:none)]:opacity-100"
      >
        <MoreHorizontal className="size-3.5" aria-hidden />
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content align="start" side="right" sideOffset={4} className={`${menuContent} w-52`}>
          {onMove && (
            <>
              <Dropdown.Item className={menuItem} disabled={first} onSelect={() => onMove(-1)}>
                <ArrowUp className="size-4 text-muted" aria-hidden /> Move up
              </Dropdown.Item>
              <Dropdown.Item className={menuItem} disabled={last} onSelect={() => onMove(1)}>
                <ArrowDown className="size-4 text-muted" aria-hidden /> Move down
              </Dropdown.Item>
              <Dropdown.Separator className={menuSeparator} />
            </>
          )}
          <Dropdown.Item
            className={menuItem}
            onSelect={() => setFavorite.mutate({ record: favorite, favorite: false })}
          >
            <StarOff className="size-4 text-muted" aria-hidden /> Remove from favorites
          </Dropdown.Item>
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}
