import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useVisitFromSamePage } from "../../app/page-visit";
import { usePageSearchParams } from "../../lib/page-search-params";
import { toast } from "../../lib/toast";
import { emptyFilter } from "../../ui/data-table/filters";
import type { DataTableColumn } from "../../ui/data-table";
import { orderedColumnIds } from "../../ui/data-table/column-order";
import { showColumns, useColumnLayout } from "../../ui/data-table/use-column-state";
import type { useListState } from "../../ui/data-table";
import type { LayoutChoice } from "../records/board/layout-toggle";
import type { RecordObject } from "../records/use-record-actions";
import { definitionOf, differs, useViews, type SavedView, type ViewDefinition } from "./use-views";

type SavedViewOptions<Row> = {
  object: RecordObject;
  list: ReturnType<typeof useListState>;
  columns: DataTableColumn<Row>[];
  /** The table's column storage key, through which a view shows its columns. */
  storageKey: string;
  /** A list with a board: the layout shown and the board's grouping, which a view keeps, and ways to change them. */
  layout?: Pick<LayoutChoice, "value" | "set" | "groupBy">;
};

/**
 * The open saved view lives in the address (`?view=<id>`), so it survives a reload and can be
 * sent to a teammate. Opening one applies its search, filter, sort and columns to the list;
 * `changed` says whether the list has moved away from it since.
 */
export function useSavedView<Row>({ object, list, columns, storageKey, layout: shown }: SavedViewOptions<Row>) {
  const [params, setParams] = usePageSearchParams();
  const viewId = params.get("view");
  const views = useViews(object);
  const view = (viewId && views.data?.find((v) => v.id === viewId)) || null;
  const { applyDefinition, setTrash } = list;
  const setLayout = shown?.set;
  const setGroupBy = shown?.groupBy?.set;
  const firstGroupBy = shown?.groupBy?.first;
  const resolveGroupBy = shown?.groupBy?.resolve;
  // A view as the list can show it now: the columns it has (not a property archived since), its grouping (or the
  // first, when that property was archived).
  const columnIds = useMemo(() => new Set(columns.map((c) => c.id)), [columns]);
  const asShown = useCallback(
    (saved: SavedView): ViewDefinition => {
      const definition = definitionOf(saved);
      return {
        ...definition,
        columns: definition.columns.filter((id) => columnIds.has(id)),
        ...(resolveGroupBy && { groupBy: resolveGroupBy(definition.groupBy) }),
      };
    },
    [resolveGroupBy, columnIds],
  );

  const layout = useColumnLayout(storageKey);
  // The columns shown, in the order shown: a view keeps both.
  const visibleColumns = useMemo(() => {
    const shown = new Set(
      columns.filter((c) => c.hideable === false || (layout?.visibility[c.id] ?? !c.defaultHidden)).map((c) => c.id),
    );
    return orderedColumnIds(
      columns.map((c) => c.id),
      layout?.order ?? [],
    ).filter((id) => shown.has(id));
  }, [columns, layout]);
  const shownLayout = shown?.value;
  const shownGroupBy = shownLayout === "board" ? shown?.groupBy?.value : undefined;
  const current = useMemo<ViewDefinition>(
    () => ({
      ...list.definition,
      columns: visibleColumns,
      ...(shownLayout && { layout: shownLayout }),
      ...(shownGroupBy && { groupBy: shownGroupBy }),
    }),
    [list.definition, visibleColumns, shownLayout, shownGroupBy],
  );
  const base = useMemo<ViewDefinition>(
    () => (view ? asShown(view) : { filters: emptyFilter, sort: null, columns: [] }),
    [view, asShown],
  );
  const changed = differs(current, base, { layout: view !== null, firstGroupBy });

  const openView = useCallback(
    (id: string | null, options?: { replace?: boolean }) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set("view", id);
        else next.delete("view");
        return next;
      }, options),
    [setParams],
  );

  // Arriving at the list from another page (not back at it where it was left, nor by a view's own link, nor by the
  // list's link clicked on the list), the member's default view opens, as if chosen; unless something was done to the
  // list before the views came.
  const fromSamePage = useVisitFromSamePage();
  const arriving = useRef(viewId === null && !list.wasRestored && !fromSamePage);
  const defaultView = views.data?.find((v) => v.isDefault) ?? null;
  useEffect(() => {
    if (!arriving.current || !views.data) return;
    arriving.current = false;
    if (defaultView && viewId === null && !changed) openView(defaultView.id, { replace: true });
  }, [views.data, defaultView, viewId, changed, openView]);

  const apply = useCallback(
    (target: SavedView | null) => {
      setTrash(false);
      if (!target) return applyDefinition(null);
      const definition = definitionOf(target);
      applyDefinition(definition);
      if (definition.columns.length) showColumns(storageKey, definition.columns);
      setLayout?.(definition.layout ?? "table");
      if (definition.layout === "board") setGroupBy?.(definition.groupBy);
    },
    [applyDefinition, setTrash, storageKey, setLayout, setGroupBy],
  );

  // Apply a view once when it is opened (the plain list needs nothing on the first render). A list
  // restored where the user left it (Back, a reload) keeps its own search, filter and sort: the
  // view it came from is taken as applied, and only followed from then on.
  const applied = useRef<{ key: string; view: SavedView | null }>({
    key: list.wasRestored ? (viewId ?? "") : "",
    view: null,
  });
  // A view this cache does not hold (a teammate's link, or one saved just before a reload while
  // the cache on disk was older) is looked up on the server before the address is given up.
  const notCached = views.isSuccess && viewId !== null && view === null;
  const [lookup, setLookup] = useState<{ id: string; at: number } | null>(null);
  const { refetch, isFetching, dataUpdatedAt } = views;
  useEffect(() => {
    if (!notCached || isFetching || lookup?.id === viewId) return;
    setLookup({ id: viewId, at: Date.now() });
    void refetch();
  }, [notCached, isFetching, lookup, viewId, refetch]);
  const missing = notCached && !isFetching && lookup?.id === viewId && dataUpdatedAt >= lookup.at;
  useEffect(() => {
    const key = viewId ?? "";
    const last = applied.current;
    if (last.key === key) {
      if (view && !last.view) {
        applied.current = { key, view };
        return;
      }
      // The open view changed on the server (a teammate updated it, or the cache was stale):
      // follow it, unless the list has changes of its own that this would throw away.
      if (view && last.view && +view.updatedAt !== +last.view.updatedAt) {
        const clean = !differs(current, asShown(last.view), { layout: true, firstGroupBy });
        applied.current = { key, view };
        if (clean) apply(view);
      }
      return;
    }
    if (missing) {
      applied.current = { key, view: null };
      toast.error("That view was deleted, or it is not shared with you.");
      openView(null);
      return;
    }
    if (viewId && !view) return;
    applied.current = { key, view };
    apply(view);
  }, [viewId, view, missing, apply, openView, current, firstGroupBy, asShown]);

  return {
    views: views.data,
    view,
    viewId,
    defaultView,
    current,
    changed,
    openView,
    /** Back to the open view's definition (or the plain list), dropping unsaved changes. */
    reset: () => apply(view),
  };
}

export type SavedViewState = ReturnType<typeof useSavedView>;
