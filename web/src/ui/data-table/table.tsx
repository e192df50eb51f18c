import { useVirtualizer } from "@tanstack/react-virtual";
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from "react";
import { isDownFromListSearch, isShownPageKey } from "../../lib/typing";
import { ErrorState } from "../empty-state";
import { BodyOverlay, LoaderRow, SkeletonRows } from "./body-states";
import { handFocusTo } from "./hand-focus";
import { HeaderRow } from "./header";
import { CHECKBOX_WIDTH, HEADER_HEIGHT, ROW_HEIGHT, TRAILING_WIDTH, widthVarName } from "./layout";
import { useMoreToScroll } from "../use-more-to-scroll";
import { DataRow, type RowHandlers } from "./row";
import type { DataTableProps } from "./types";
import { useCellClipboard } from "./use-cell-clipboard";
import { useColumnModel } from "./use-column-model";
import { useHoveredCell } from "./use-hovered-cell";
import { movingKeys, rowKeys, useGridKeyboard } from "./use-keyboard";
import { useOptimisticEdits } from "./use-optimistic-edits";
import { useRowSelection } from "./use-selection";

/** The cell being edited, and its row as the edit found it (the save compares against it). */
type Editing<Row> = { rowId: string; columnId: string; base: Row; search?: string } | null;

/**
 * The one record table: virtualised rows over an infinite query, server-side sort, resizable
 * and hideable columns, checkbox selection, keyboard navigation and optimistic inline edits.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, pages, getRowId, sort, onSortChange, selection, onSelectionChange } = props;
  const { onOpenRow, onEditCell, onDeleteRows, empty, storageKey, resetKey, openRowId, tabTarget } = props;
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);

  const { headers, visibleColumns, columnsById, style, picker, reorderColumn } = useColumnModel(columns, storageKey);
  // What the sticky header, first column and column picker cover: a cell scrolled into view (an
  // inline editor taking focus, a test's click) stops beside them, not under them.
  const firstWidth = visibleColumns.length
    ? (style as Record<string, string>)[widthVarName(visibleColumns[0].id)]
    : "0px";
  const scrollPadding = {
    scrollPaddingTop: HEADER_HEIGHT,
    scrollPaddingLeft: `calc(${CHECKBOX_WIDTH}px + ${firstWidth})`,
    scrollPaddingRight: TRAILING_WIDTH,
  };

  const { displayRows, commit, undo, redo } = useOptimisticEdits({ rows: pages.rows, getRowId, onEditCell });
  const ids = useMemo(() => displayRows.map(getRowId), [displayRows, getRowId]);
  const selecting = useRowSelection({ ids, selection, onSelectionChange });

  const [activeId, setActiveId] = useState<string | null>(null);
  // The cell cursor's column (← →), within the active row; null until an arrow picks one.
  const [activeColumnId, setActiveColumnId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const pointer = useHoveredCell();
  const activeIndex = activeId === null ? -1 : ids.indexOf(activeId);

  const showLoader = displayRows.length > 0 && (pages.hasNextPage || pages.isFetchingNextPage);
  const virtualizer = useVirtualizer({
    count: displayRows.length + (showLoader ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    getItemKey: (index) => ids[index] ?? "loader",
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastVisible = virtualRows[virtualRows.length - 1]?.index ?? -1;

  // A record opened from elsewhere than the list's keys (the panel's previous and next): the cursor goes to its row,
  // in view, so the list shows where the panel is and ↑ ↓ go on from there. Not the one open as the table mounts,
  // whose place a scroll being restored holds.
  const shownOpenRowId = useRef(openRowId);
  useEffect(() => {
    if (shownOpenRowId.current === openRowId) return;
    shownOpenRowId.current = openRowId;
    const index = openRowId == null ? -1 : ids.indexOf(openRowId);
    if (index < 0 || index === activeIndex) return;
    setActiveId(openRowId!);
    virtualizer.scrollToIndex(index, { align: "auto" });
  }, [openRowId, ids, activeIndex, virtualizer]);

  // Infinite scroll: ask for the next page while a screenful of loaded rows is still ahead. Not while
  // any read of the list is on its way (a refetch of its pages, after a reload or a write): TanStack
  // drops a next page asked for then, and someone already at the bottom would scroll no further.
  // Asked again once that read is done.
  const { hasNextPage, isFetching, fetchNextPage, status } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetching && status !== "error" && lastVisible >= displayRows.length - 25) fetchNextPage();
  }, [hasNextPage, isFetching, status, lastVisible, displayRows.length, fetchNextPage]);

  // A new search, filter or sort starts from the top; coming back to the list (scrollMemory) starts
  // where it was left, once its rows are there to scroll to.
  const restoreTop = useRef(props.scrollMemory?.top ?? 0);
  // Compared, not counted: StrictMode runs a new table's effects twice, and a table starts at the top
  // (or where it is being restored to) without being told.
  const shownResetKey = useRef(resetKey);
  useEffect(() => {
    if (shownResetKey.current === resetKey) return;
    shownResetKey.current = resetKey;
    restoreTop.current = 0;
    scrollRef.current?.scrollTo({ top: 0 });
    setActiveId(null);
    setEditing(null);
  }, [resetKey]);
  useLayoutEffect(() => {
    if (restoreTop.current === 0 || displayRows.length === 0 || !scrollRef.current) return;
    scrollRef.current.scrollTop = restoreTop.current;
    restoreTop.current = 0;
  }, [displayRows.length]);
  // Where the list is scrolled, told once scrolling pauses, and at once when the table goes (a click
  // on a link right after scrolling still leaves the place to come back to).
  const scrollSaving = useRef<{ timer?: ReturnType<typeof setTimeout>; top: number; onChange?: (top: number) => void }>(
    { top: 0 },
  );
  scrollSaving.current.onChange = props.scrollMemory?.onChange;
  useEffect(
    () => () => {
      const saving = scrollSaving.current;
      if (saving.timer === undefined) return;
      clearTimeout(saving.timer);
      saving.onChange?.(saving.top);
    },
    [],
  );
  const handleScroll = useCallback(() => {
    const saving = scrollSaving.current;
    if (!saving.onChange) return;
    saving.top = scrollRef.current?.scrollTop ?? 0;
    clearTimeout(saving.timer);
    saving.timer = setTimeout(() => {
      saving.timer = undefined;
      saving.onChange?.(saving.top);
    }, 150);
  }, []);

  const focusGrid = useCallback(() => scrollRef.current?.focus({ preventScroll: true }), []);
  const moveTo = useCallback(
    (index: number) => {
      setActiveId(ids[index] ?? null);
      virtualizer.scrollToIndex(index, { align: "auto" });
      // With a record open beside the list, the panel follows the keyboard.
      const row = displayRows[index];
      if (openRowId != null && row !== undefined && ids[index] !== openRowId) onOpenRow(row);
    },
    [ids, virtualizer, displayRows, openRowId, onOpenRow],
  );
  const moveColumn = useCallback(
    (delta: 1 | -1) => {
      if (visibleColumns.length === 0) return;
      const at = visibleColumns.findIndex((c) => c.id === activeColumnId);
      const next = at < 0 ? 0 : Math.max(0, Math.min(visibleColumns.length - 1, at + delta));
      const columnId = visibleColumns[next].id;
      setActiveColumnId(columnId);
      // Beside the sticky first column, not under it (the grid's scroll padding).
      requestAnimationFrame(() =>
        scrollRef.current
          ?.querySelector(`[data-active] [data-column-id="${CSS.escape(columnId)}"]`)
          ?.scrollIntoView({ block: "nearest", inline: "nearest" }),
      );
    },
    [visibleColumns, activeColumnId],
  );
  const startEdit = useCallback(
    (index: number, columnId?: string, search?: string) => {
      const row = displayRows[index];
      const column = columnId ? columnsById.get(columnId) : visibleColumns.find((c) => c.editor !== undefined);
      if (!onEditCell || !row || !column?.editor) return;
      setActiveId(ids[index] ?? null);
      setActiveColumnId(column.id);
      setEditing({ rowId: getRowId(row), columnId: column.id, base: row, search });
      virtualizer.scrollToIndex(index, { align: "auto" });
    },
    [displayRows, columnsById, visibleColumns, onEditCell, ids, getRowId, virtualizer],
  );
  const open = useCallback(
    (index: number) => {
      const row = displayRows[index];
      if (row) onOpenRow(row);
    },
    [displayRows, onOpenRow],
  );

  const remove = useCallback(
    (index: number) => {
      if (!onDeleteRows) return;
      const going = selection.size ? new Set(selection) : new Set([ids[index]]);
      // The keyboard stays in the list: on the next row that stays, else the one before.
      const next =
        ids.slice(index + 1).find((id) => !going.has(id)) ?? ids.slice(0, index).findLast((id) => !going.has(id));
      setActiveId(next ?? null);
      onDeleteRows([...going]);
    },
    [onDeleteRows, selection, ids],
  );

  // Rows are memoised: they get one stable handlers object that reads the latest state.
  const latest = useRef({ selecting, startEdit, open, commit, focusGrid, ids, editing });
  useLayoutEffect(() => {
    latest.current = { selecting, startEdit, open, commit, focusGrid, ids, editing };
  });
  const handlers = useMemo<RowHandlers<Row>>(
    () => ({
      onRowClick: (index, event) => {
        const l = latest.current;
        setActiveId(l.ids[index] ?? null);
        // The cell clicked takes the cell cursor: ← → go on from it, e edits it.
        const cell = event.target instanceof Element ? event.target.closest("[data-column-id]") : null;
        const columnId = cell?.getAttribute("data-column-id");
        if (columnId) setActiveColumnId(columnId);
        l.focusGrid();
        if (event.shiftKey) l.selecting.toggle(index, { range: true });
        else if (event.metaKey || event.ctrlKey) l.selecting.toggle(index);
        else l.open(index);
      },
      onToggle: (index, event) => {
        const l = latest.current;
        setActiveId(l.ids[index] ?? null);
        l.selecting.toggle(index, { range: event.shiftKey });
        l.focusGrid();
      },
      onStartEdit: (index, columnId) => latest.current.startEdit(index, columnId),
      onSaveEdit: (row, column, patch, refocus) => {
        const base = latest.current.editing?.base;
        setEditing(null);
        latest.current.commit(row, column, patch, base);
        if (refocus) latest.current.focusGrid();
      },
      onCancelEdit: () => {
        setEditing(null);
        latest.current.focusGrid();
      },
    }),
    [],
  );

  // Ctrl/⌘+C, V and Z on the cell cursor, as in a spreadsheet (useCellClipboard).
  const clipboard = useCellClipboard({
    rows: displayRows,
    activeIndex,
    selection,
    getRowId,
    columns: visibleColumns,
    column: visibleColumns.find((c) => c.id === activeColumnId) ?? null,
    firstColumn: visibleColumns[0] ?? null,
    cellText: (columnId) =>
      scrollRef.current?.querySelector<HTMLElement>(`[data-active] [data-column-id="${CSS.escape(columnId)}"]`)
        ?.innerText ?? "",
    editable: Boolean(onEditCell),
    save: commit,
    pick: (columnId, search) => startEdit(activeIndex, columnId, search),
    undo,
    redo,
    readRows: props.readRows,
  });

  const handleKeyDown = useGridKeyboard({
    rowCount: displayRows.length,
    activeIndex,
    firstVisibleIndex: () => {
      const top = (scrollRef.current?.scrollTop ?? 0) + HEADER_HEIGHT;
      return virtualizer.getVirtualItems().find((v) => v.start >= top)?.index ?? 0;
    },
    moveTo,
    open,
    toggle: selecting.toggle,
    extend: selecting.extend,
    startEdit: (index) =>
      startEdit(index, visibleColumns.some((c) => c.id === activeColumnId) ? (activeColumnId ?? undefined) : undefined),
    moveColumn,
    remove,
    selectAll: selecting.toggleAll,
    clearSelection: selecting.clear,
    undo: () => clipboard.undo(),
    redo: () => clipboard.redo(),
  });

  // The list's keys work as on /tasks, without a click on the list first, from anywhere but a field, a menu or the
  // side sheet: j on a fresh /contacts lands on its first row, x after a toast's Undo still selects. Buttons and links
  // keep their own Enter and Space.
  const gridKeys = useRef(handleKeyDown);
  gridKeys.current = handleKeyDown;
  useEffect(() => {
    const enterGrid = (event: KeyboardEvent) => {
      // ↓ in the list's search box goes on to its results, as in a palette.
      if (event.defaultPrevented || !(isShownPageKey(event) || isDownFromListSearch(event))) return;
      if (!movingKeys.has(event.key) && !rowKeys.has(event.key)) return;
      const target = event.target instanceof Element ? event.target : null;
      if ((event.key === "Enter" || event.key === " ") && target?.closest("button, a, summary")) return;
      if (target?.closest("[role=grid],[data-sheet],[role=listbox],[role=radiogroup],[role=tablist]")) return;
      focusGrid();
      gridKeys.current(event);
    };
    window.addEventListener("keydown", enterGrid);
    return () => window.removeEventListener("keydown", enterGrid);
  }, [focusGrid]);

  // Tab goes where the person is headed (the open record's fields, the bulk actions) rather than through the column
  // headers first; Shift+Tab from there comes back.
  const handleGridKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const into = event.key === "Tab" && !event.shiftKey && event.target === event.currentTarget;
    const target = into ? tabTarget?.() : null;
    if (!target) return handleKeyDown(event);
    event.preventDefault();
    handFocusTo(target, focusGrid);
  };

  const noRows = displayRows.length === 0;
  const total = pages.total;
  const moreColumns = useMoreToScroll(scrollRef, "x", style.width);
  return (
    <div className="relative flex min-h-0 flex-1 flex-col overflow-hidden rounded-lg border border-border bg-background">
      {moreColumns && (
        <div
          aria-hidden
          data-testid="more-columns"
          className="pointer-events-none absolute inset-y-0 z-30 w-5 bg-gradient-to-l from-foreground/10 to-transparent"
          style={{ right: TRAILING_WIDTH }}
        />
      )}
      {pages.isRefreshing && (
        <div aria-hidden className="absolute inset-x-0 top-0 z-30 h-0.5 animate-pulse bg-primary" />
      )}
      <div
        ref={scrollRef}
        role="grid"
        aria-label={label}
        aria-rowcount={total?.exact ? total.count + 1 : -1}
        aria-multiselectable
        aria-activedescendant={activeIndex >= 0 ? `${gridId}-row-${activeIndex}` : undefined}
        aria-busy={pages.status === "pending" || pages.isRefreshing || undefined}
        tabIndex={0}
        onKeyDown={handleGridKeyDown}
        onCopy={clipboard.onCopy}
        onPaste={clipboard.onPaste}
        onScroll={handleScroll}
        data-testid="record-table"
        className="group/grid @container relative min-h-0 flex-1 overflow-auto focus-visible:outline-none"
        style={scrollPadding}
      >
        <div className="relative" style={style}>
          <HeaderRow
            headers={headers}
            columnsById={columnsById}
            sort={sort}
            onSortChange={onSortChange}
            allSelected={selecting.allSelected}
            someSelected={selecting.someSelected}
            onToggleAll={selecting.toggleAll}
            picker={picker}
            onMoveColumn={reorderColumn}
            onFilterColumn={props.filterByColumn}
          />
          {noRows && pages.status === "pending" ? (
            <SkeletonRows columnIds={visibleColumns.map((c) => c.id)} />
          ) : (
            <div
              className="relative"
              style={{ height: virtualizer.getTotalSize() }}
              onPointerOver={pointer.onPointerOver}
              onPointerLeave={pointer.onPointerLeave}
            >
              {virtualRows.map((item) => {
                const row = displayRows[item.index];
                if (row === undefined)
                  return (
                    <div
                      key={item.key}
                      className="absolute top-0 left-0 w-full"
                      style={{ height: ROW_HEIGHT, transform: `translateY(${item.start - HEADER_HEIGHT}px)` }}
                    >
                      <LoaderRow failed={pages.status === "error"} onRetry={pages.fetchNextPage} />
                    </div>
                  );
                const rowId = ids[item.index];
                return (
                  <DataRow
                    key={item.key}
                    row={row}
                    rowId={rowId}
                    domId={`${gridId}-row-${item.index}`}
                    index={item.index}
                    start={item.start - HEADER_HEIGHT}
                    columns={visibleColumns}
                    selected={selection.has(rowId)}
                    active={item.index === activeIndex}
                    activeColumnId={item.index === activeIndex ? activeColumnId : null}
                    open={rowId === openRowId}
                    editingColumnId={editing?.rowId === rowId ? editing.columnId : null}
                    editingSearch={editing?.rowId === rowId ? (editing.search ?? null) : null}
                    hoveredColumnId={pointer.hovered?.rowId === rowId ? pointer.hovered.columnId : null}
                    handlers={handlers}
                  />
                );
              })}
            </div>
          )}
        </div>
      </div>
      {noRows && pages.status === "error" && (
        <BodyOverlay>
          <ErrorState message={pages.error?.message ?? "Could not load this list."} onRetry={pages.refetch} />
        </BodyOverlay>
      )}
      {noRows && pages.status === "success" && <BodyOverlay>{empty}</BodyOverlay>}
    </div>
  );
}
