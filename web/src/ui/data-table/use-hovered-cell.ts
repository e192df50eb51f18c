import { useCallback, useState, type PointerEvent } from "react";

type HoveredCell = { rowId: string; columnId: string } | null;

/**
 * The cell under the pointer, for the one edit button the table shows there. Rendering a hidden button in every
 * editable cell instead doubled each row's elements, and every page of a list paid for them in style and layout.
 */
export function useHoveredCell() {
  const [hovered, setHovered] = useState<HoveredCell>(null);
  const onPointerOver = useCallback((event: PointerEvent) => {
    // A tap is no hover: on a touch screen the pencil stays away, as CSS's hover media query kept it before.
    if (event.pointerType !== "mouse") return;
    const cell = event.target instanceof Element ? event.target.closest("[data-column-id]") : null;
    const rowId = cell?.closest("[data-row-id]")?.getAttribute("data-row-id");
    const columnId = cell?.getAttribute("data-column-id");
    const next = rowId && columnId ? { rowId, columnId } : null;
    setHovered((current) => (current?.rowId === next?.rowId && current?.columnId === next?.columnId ? current : next));
  }, []);
  const onPointerLeave = useCallback(() => setHovered(null), []);
  return { hovered, onPointerOver, onPointerLeave };
}
