import type { CellEditStart, CellPatch, useListState } from "../../../ui/data-table";
import type { Versioned } from "../list-cache";
import type { BoardGrouping } from "./board-groups";
import type { RecordBoardProps } from "./record-board";

/** What the board takes of a list page (useRecordPage's). */
type ListPage<Row> = {
  list: ReturnType<typeof useListState>;
  openId: string | null;
  setOpenId: (id: string | null) => void;
  listProps: { onEditCell: (row: Row, columnId: string, patch: CellPatch, start?: CellEditStart<Row>) => Promise<Row> };
};

/**
 * A list page's board props that every object fills the same way: its lanes read as the list is, the card opened in
 * its panel, and a move saved as the table's cell edit of the grouped field (checked against the value the card showed).
 */
export function pageBoardProps<Row extends Versioned>(
  page: ListPage<Row>,
  hooks: Pick<RecordBoardProps<Row>, "useList" | "listKey">,
  grouping: BoardGrouping<Row>,
  showTable: () => void,
): Pick<
  RecordBoardProps<Row>,
  "grouping" | "view" | "useList" | "listKey" | "openId" | "onOpen" | "save" | "onMatchEvery" | "onShowTable"
> {
  const { list, listProps } = page;
  return {
    grouping,
    view: list.input,
    useList: hooks.useList,
    listKey: hooks.listKey,
    openId: page.openId,
    onOpen: page.setOpenId,
    save: (row, value, from) =>
      listProps.onEditCell(
        row,
        grouping.field,
        { [grouping.field]: value },
        from === undefined ? undefined : { row, holds: (copy) => grouping.valueOf(copy) === from },
      ),
    onMatchEvery: () => list.setFilter({ ...list.filter, combinator: "and" }),
    onShowTable: showTable,
  };
}
