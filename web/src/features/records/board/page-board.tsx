import type { CellEditStart, CellPatch, useListState } from "../../../ui/data-table";
import type { Versioned } from "../list-cache";
import type { RecordObject } from "../use-record-actions";
import { laneStart, type BoardGrouping } from "./board-groups";
import type { LayoutChoice } from "./layout-toggle";
import { NoBoardField } from "./no-board-field";
import { RecordBoard, type RecordBoardProps } from "./record-board";

/** What the board takes of a list page (useRecordPage's). */
type ListPage<Row> = {
  list: ReturnType<typeof useListState>;
  openId: string | null;
  setOpenId: (id: string | null) => void;
  listProps: { onEditCell: (row: Row, columnId: string, patch: CellPatch, start?: CellEditStart<Row>) => Promise<Row> };
};

type PageBoardProps<Row extends Versioned> = Pick<
  RecordBoardProps<Row>,
  "noun" | "fields" | "card" | "nameOf" | "panel" | "useList" | "listKey"
> & {
  object: RecordObject;
  page: ListPage<Row>;
  choice: LayoutChoice;
  /** What the lanes are; null when the object has nothing to group by (the board says what would). */
  grouping: BoardGrouping<Row> | null;
  /** A lane's "+": a new record starting with the lane's value (laneStart). */
  onAdd: (start: ReturnType<typeof laneStart>) => void;
};

/**
 * A list page's board, filled the same way for every object: its lanes read as the list is, a card opened in the
 * page's panel, and a move saved as the table's cell edit of the grouped field (checked against the value the card
 * showed).
 */
export function PageBoard<Row extends Versioned>({
  object,
  page,
  choice,
  grouping,
  onAdd,
  ...card
}: PageBoardProps<Row>) {
  if (!grouping) return <NoBoardField object={object} />;
  const { list, listProps } = page;
  return (
    <RecordBoard<Row>
      // Another grouping is another board: its moves and focus start anew.
      key={grouping.field}
      {...card}
      // Tags too: "Remove tag…" offers those of the selected cards.
      fields={[...card.fields, "tags"]}
      grouping={grouping}
      label={`${card.noun[1][0]!.toUpperCase()}${card.noun[1].slice(1)} by ${grouping.label.toLowerCase()}`}
      view={list.input}
      openId={page.openId}
      onOpen={page.setOpenId}
      onAdd={(value) => onAdd(laneStart(grouping.field, value))}
      save={(row, value, from) =>
        listProps.onEditCell(
          row,
          grouping.field,
          { [grouping.field]: value },
          from === undefined ? undefined : { row, holds: (copy) => grouping.valueOf(copy) === from },
        )
      }
      selection={list.selection}
      onSelectionChange={list.setSelection}
      onMatchEvery={() => list.setFilter({ ...list.filter, combinator: "and" })}
      onShowTable={() => choice.set("table")}
    />
  );
}
