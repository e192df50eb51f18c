import { ListFilter, Trash } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import {
  DataTable,
  FilterBuilder,
  formatTotal,
  SearchBox,
  SelectionBar,
  useListState,
  type CellPatch,
  type DataTableColumn,
  type FilterField,
  type TablePages,
} from "../../ui/data-table";
import { InlineEmpty } from "../../ui/inline-empty";
import { PageHeader } from "../../ui/page";

type RecordListPageProps<Row> = {
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
  onEditCell: (row: Row, columnId: string, patch: CellPatch) => Promise<unknown>;
  onDeleteSelected: (ids: string[]) => void;
  deletePending: boolean;
  /** The empty state when nothing is searched or filtered: the object has no records yet. */
  empty: ReactNode;
  /** Dialogs and the side panel. */
  children: ReactNode;
};

/** Every object's list page: header with the live total, search, filters, the table, bulk bar. */
export function RecordListPage<Row>(props: RecordListPageProps<Row>) {
  const { title, noun, description, action, list, pages, columns, filterFields, openRowId } = props;
  const { setSearchInput, setFilter, selection, clearSelection } = list;
  const total = formatTotal(pages.total, noun[0], noun[1]);

  const empty = list.isFiltered ? (
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
    // While the side panel is open the page makes room for it, so no column hides behind it.
    <div className={cn("flex h-full flex-col", openRowId !== null && "pr-[28rem]")}>
      <PageHeader
        title={title}
        description={
          <span data-testid="record-total">{total ? (list.isFiltered ? `${total} match` : total) : description}</span>
        }
        actions={action}
      />
      <div className="flex min-h-0 flex-1 flex-col gap-3 px-8 pt-4 pb-6">
        <div className="flex flex-wrap items-center gap-2">
          <SearchBox
            ref={list.searchRef}
            value={list.searchInput}
            onChange={setSearchInput}
            placeholder={`Search ${noun[1]}…`}
            label={`Search ${noun[1]}`}
          />
          <FilterBuilder fields={filterFields} value={list.filter} onChange={setFilter} />
        </div>
        <div className="relative flex min-h-0 flex-1 flex-col">
          <DataTable
            label={title}
            columns={columns}
            pages={pages}
            getRowId={props.getRowId}
            sort={list.sort}
            onSortChange={list.setSort}
            selection={selection}
            onSelectionChange={list.setSelection}
            onOpenRow={props.onOpenRow}
            onEditCell={props.onEditCell}
            empty={empty}
            storageKey={`table:${noun[1]}`}
            resetKey={list.resetKey}
            openRowId={openRowId}
          />
          <SelectionBar count={selection.size} onClear={clearSelection}>
            <Button
              size="sm"
              variant="ghost"
              pending={props.deletePending}
              onClick={() => props.onDeleteSelected([...selection])}
            >
              {!props.deletePending && <Trash className="size-3.5" aria-hidden />}
              Delete
            </Button>
          </SelectionBar>
        </div>
      </div>
      {props.children}
    </div>
  );
}
