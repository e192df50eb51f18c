import { Star } from "lucide-react";
import { cn } from "../../ui/cn";
import { useIsFavorite, useSetFavorite, type FavoriteRecord } from "./use-favorites";

/** Makes the record one of the reader's favorites, or no longer one: what the star, `f` and the palette do. */
export function useFavoriteToggle(record: FavoriteRecord | null) {
  const favorite = useIsFavorite(record?.recordId);
  const setFavorite = useSetFavorite();
  const toggle = record ? () => setFavorite.mutate({ record, favorite: !favorite }) : null;
  return { favorite, toggle };
}

/**
 * The open record's star, in its panel's header: a favorite is a click away in the sidebar. `f` from inside the panel
 * does the same (the panel's "Add to favorites" command, RecordCommand.key).
 */
export function FavoriteButton({
  favorite,
  toggle,
  className,
}: ReturnType<typeof useFavoriteToggle> & { className?: string }) {
  return (
    <button
      type="button"
      onClick={toggle ?? undefined}
      disabled={!toggle}
      aria-pressed={favorite}
      aria-label="Favorite"
      aria-keyshortcuts="F"
      title={favorite ? "Remove from favorites (f)" : "Add to favorites (f)"}
      data-testid="favorite-button"
      className={className}
    >
      <Star className={cn("size-4", favorite && "fill-star text-star")} aria-hidden />
    </button>
  );
}
