import { GitMerge, ListFilter, Trash } from "lucide-react";
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { cn } from "../../ui/cn";
import {
  bulkActionLabel,
  DataTable,
  FilterBuilder,
  formatTotal,
  SearchBox,
  SelectionBar,
  useListState,
  type DataTableColumn,
  type DataTableProps,
  type EditCell,
  type FilterBuilderHandle,
  type FilterField,
  type TablePages,
} from "../../ui/data-table";
import { InlineEmpty } from "../../ui/inline-empty";
import { PageHeader, pageGutter } from "../../ui/page";
import { useSavedView } from "../views/use-saved-view";
import { ViewControls } from "../views/view-controls";
import { ExportSelectedButton } from "../import/export-selected-button";
import { AddTasksButton } from "./bulk-task-dialog";
import { BulkActions } from "./bulk-actions";
import { DuplicatesButton } from "./duplicates-dialog";
import { MergeDialog } from "./merge-dialog";
import { SelectAllMatching } from "./select-all-matching";
import { RestoreButton, TrashToggle } from "./trash";
import { UNDO_LIMIT } from "./use-bulk-delete";
import { countOf } from "../../lib/format";
import type { RecordObject } from "./use-record-actions";
import { tableStorageKey } from "./list-fields";
import { LayoutToggle, type LayoutChoice } from "./board/layout-toggle";

type RecordListPageProps<Row> = {
  /** Which saved views, bulk actions, merge and trash the page offers. */
  object: RecordObject;
  title: string;
  noun: [singular: string, plural: string];
  /** Shown under the title until the first count arrives. */
  description: string;
  /** The header's create button. */
  action: ReactNode;
  list: ReturnType<typeof useListState>;
  pages: TablePages<Row>;
  columns: DataTableColumn<Row>[];
  filterFields: FilterField[];
  getRowId: (row: Row) => string;
  onOpenRow: (row: Row) => void;
  openRowId: string | null;
  scrollMemory: DataTableProps<Row>["scrollMemory"];
  readRows: DataTableProps<Row>["readRows"];
  onEditCell: EditCell<Row>;
  onDeleteSelected: (ids: string[]) => void;
  deletePending: boolean;
  /** A delete of many records, waiting for its confirmation (useBulkDelete). */
  deleteAsking: { open: boolean; count: number; confirm: () => void; cancel: () => void };
  /** The empty state when nothing is searched or filtered: the object has no records yet. */
  empty: ReactNode;
  /** Dialogs and the side panel. */
  children: ReactNode;
  /** An object with a board: the layout shown and the board's grouping (beside the view's controls; a view keeps both). */
  layout?: LayoutChoice;
  /** The board, shown instead of the table while chosen (the trash is always a table). */
  board?: ReactNode;
};

/**
 * Where Tab from the list goes: the open record's first field in the side panel (the panel itself while its fields
 * load, so the next Tab goes on inside it), else the bulk actions' first.
 */
const tabTarget = () =>
  document.querySelector<HTMLElement>("[data-sheet] dd[data-field] button") ??
  document.querySelector<HTMLElement>("[data-sheet]") ??
  document.querySelector<HTMLElement>("[data-selection-bar] button");

/** The filter on what a column shows, where it is not named as the column is. */
const filterFieldOfColumn: Record<string, string> = {
  company: "companyId",
  parentCompany: "parentCompanyId",
  owner: "ownerId",
};

/** Every object's list page: header with the live total, search, filters, the table, bulk bar. */
export function RecordListPage<Row>(props: RecordListPageProps<Row>) {
  const { title, noun, description, action, list, pages, columns, filterFields, openRowId } = props;
  const { setSearchInput, setFilter, selection, clearSelection } = list;
  const total = formatTotal(pages.total, noun[0], noun[1]);
  const storageKey = tableStorageKey(noun);
  const saved = useSavedView({ object: props.object, list, columns, storageKey, layout: props.layout });
  const { trash } = list;
  const { getRowId, onOpenRow } = props;
  const selectedRows = useMemo(
    () => pages.rows.filter((row) => selection.has(getRowId(row))),
    [pages.rows, selection, getRowId],
  );
  // The selection in the table's order (an export keeps it), then any selected row no longer loaded:
  // what every bulk action acts on.
  const selectedIds = useMemo(() => {
    const inTable = selectedRows.map(getRowId);
    const shown = new Set(inTable);
    return [...inTable, ...[...selection].filter((id) => !shown.has(id))];
  }, [selectedRows, selection, getRowId]);
  // A column's "Filter by …": a new condition on the field it shows (a company and an owner by who they are).
  const filterBar = useRef<FilterBuilderHandle>(null);
  const filterByColumn = useCallback(
    (columnId: string) => {
      const field = filterFieldOfColumn[columnId] ?? columnId;
      return !trash && filterFields.some((f) => f.field === field) ? () => filterBar.current?.addOn(field) : undefined;
    },
    [filterFields, trash],
  );
  const [merging, setMerging] = useState<[{ id: string }, { id: string }] | null>(null);
  const handleMerged = (survivorId: string) => {
    setMerging(null);
    clearSelection();
    const survivor = pages.rows.find((row) => getRowId(row) === survivorId);
    if (survivor) onOpenRow(survivor);
  };
  // The trash is read-only: rows do not open (their panel reads live records) or edit.
  const ignoreOpen = useCallback(() => undefined, []);

  // What the selected rows (the table's) or cards (the board's) can have done to them.
  const selectionBar = (
    <SelectionBar count={selection.size} onClear={clearSelection}>
      <SelectAllMatching
        object={props.object}
        noun={noun}
        view={list.input}
        viewKey={list.resetKey}
        total={pages.total}
        allLoadedSelected={pages.rows.length > 0 && selectedRows.length === pages.rows.length}
        selectedCount={selection.size}
        onSelect={list.setSelection}
      />
      {trash ? (
        <RestoreButton object={props.object} noun={noun} ids={selectedIds} onRestored={clearSelection} />
      ) : (
        <>
          <BulkActions object={props.object} noun={noun} ids={selectedIds} />
          <AddTasksButton object={props.object} noun={noun} ids={selectedIds} />
          {selectedIds.length === 2 && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setMerging([{ id: selectedIds[0] }, { id: selectedIds[1] }])}
              title="Merge the two into one"
            >
              <GitMerge className="size-3.5" aria-hidden />
              <span className={bulkActionLabel}>Merge</span>
            </Button>
          )}
          <ExportSelectedButton object={props.object} ids={selectedIds} />
          <Button
            size="sm"
            variant="ghost"
            pending={props.deletePending}
            onClick={() => props.onDeleteSelected(selectedIds)}
            title="Move to the trash"
          >
            {!props.deletePending && <Trash className="size-3.5" aria-hidden />}
            <span className={bulkActionLabel}>Delete</span>
          </Button>
        </>
      )}
    </SelectionBar>
  );

  const empty = trash ? (
    <InlineEmpty icon={Trash} title="The trash is empty">
      {`Deleted ${noun[1]} wait here until you restore them.`}
    </InlineEmpty>
  ) : list.isFiltered ? (
    <InlineEmpty icon={ListFilter} title={`No ${noun[1]} match`}>
      <button
        type="button"
        className="font-medium text-primary hover:underline"
        onClick={() => {
          setSearchInput("");
          setFilter({ combinator: "and", conditions: [] });
        }}
      >
        Clear search and filters
      </button>
    </InlineEmpty>
  ) : (
    props.empty
  );

  return (
    // While the side panel is open the page makes room for it, so no column hides behind it; a container, so the
    // header's buttons drop their labels then (headerActionLabel).
    <div className={cn("@container flex h-full flex-col", openRowId !== null && "pr-[28rem]")}>
      <PageHeader
        title={trash ? `${title} · Trash` : title}
        description={
          <span data-testid="record-total">
            {total
              ? `${total}${list.isFiltered ? (pages.total?.count === 1 ? " matches" : " match") : ""}${trash ? " in the trash" : ""}` +
                (list.bestMatches ? " · best matches first" : "")
              : trash
                ? `Deleted ${noun[1]}: select them to restore.`
                : description}
          </span>
        }
        actions={
          trash ? undefined : (
            <>
              <DuplicatesButton object={props.object} />
              {action}
            </>
          )
        }
      />
      <div className={cn("flex min-h-0 flex-1 flex-col gap-3 pt-4 pb-6", pageGutter)}>
        <div className="flex flex-wrap items-center gap-2">
          <SearchBox
            ref={list.searchRef}
            value={list.searchInput}
            onChange={setSearchInput}
            placeholder={`Search ${noun[1]}…`}
            label={`Search ${noun[1]}`}
          />
          <FilterBuilder ref={filterBar} fields={filterFields} value={list.filter} onChange={setFilter} />
          {/* The view's actions and the trash wrap together, to the right. */}
          <div className="ml-auto flex items-center gap-1.5">
            {!trash && props.layout && <LayoutToggle {...props.layout} />}
            {!trash && <ViewControls object={props.object} saved={saved} />}
            <TrashToggle trash={trash} onChange={list.setTrash} />
          </div>
        </div>
        {props.board && !trash ? (
          // The object has no records yet: its empty state says how to add them, rather than empty lanes.
          !list.isFiltered && pages.status === "success" && pages.rows.length === 0 ? (
            props.empty
          ) : (
            <div className="@container relative flex min-h-0 flex-1 flex-col">
              {props.board}
              {selectionBar}
            </div>
          )
        ) : (
          /* A container: with the side panel open, the bulk bar's buttons drop their labels to fit. */
          <div className="@container relative flex min-h-0 flex-1 flex-col">
            <DataTable
              label={title}
              columns={columns}
              pages={pages}
              getRowId={props.getRowId}
              sort={list.shownSort}
              onSortChange={list.setSort}
              selection={selection}
              onSelectionChange={list.setSelection}
              onOpenRow={trash ? ignoreOpen : props.onOpenRow}
              onEditCell={trash ? undefined : props.onEditCell}
              onDeleteRows={trash ? undefined : props.onDeleteSelected}
              filterByColumn={filterByColumn}
              tabTarget={tabTarget}
              empty={empty}
              storageKey={storageKey}
              resetKey={list.resetKey}
              openRowId={openRowId}
              scrollMemory={props.scrollMemory}
              readRows={trash ? undefined : props.readRows}
            />
            {selectionBar}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={props.deleteAsking.open}
        onOpenChange={(open) => !open && props.deleteAsking.cancel()}
        title={`Move ${countOf(props.deleteAsking.count, noun)} to the trash?`}
        description={`You can restore them from the trash. With more than ${UNDO_LIMIT} there is no Undo.`}
        confirmLabel="Move to trash"
        onConfirm={props.deleteAsking.confirm}
      />
      <MergeDialog
        object={props.object}
        noun={noun}
        rows={merging}
        onOpenChange={(open) => !open && setMerging(null)}
        onMerged={handleMerged}
      />
      {props.children}
    </div>
  );
}
