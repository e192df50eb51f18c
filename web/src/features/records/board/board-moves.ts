import {
  MAX_FILTER_CONDITIONS,
  type RecordFilter,
  type RecordListInput,
} from "../../../../../worker/src/schemas/records";
import type { TableTotal } from "../../../ui/data-table";
import type { Versioned } from "../list-cache";

/**
 * A card moved to another lane: shown there at once, and kept there until a lane reads the record as changed after
 * the move was saved (a teammate's edit), or the save fails. `seq` tells this move from a later one of the same card;
 * `saved` is the version its save made, unknown while it is on its way. A card moved into a lane that has not loaded
 * it (it sorts onto a page not read yet) stays at the lane's top.
 */
export type BoardMove<Row> = { row: Row; to: string; seq: number; saved?: number };

/**
 * The record as a lane read it was changed after the move was saved (a teammate's edit): it goes where it says. While
 * the save is on its way, no read is newer than the move: the save decides, and a refusal takes the move back.
 */
export const outdates = (row: Versioned, move: BoardMove<unknown>) =>
  move.saved !== undefined && row.version > move.saved;

/**
 * The view's filter with "<field> is <value>" added ("<field> is empty" for the lane of records with none, value ""):
 * one lane's records. Null when the filter cannot take it: any of several conditions ("or") would need a group the
 * filter does not have, or the filter is full.
 */
export function laneFilter(filter: RecordListInput["filter"], field: string, value: string): RecordFilter | null {
  const conditions = filter?.conditions ?? [];
  if (filter?.combinator === "or" && conditions.length > 1) return null;
  if (conditions.length >= MAX_FILTER_CONDITIONS) return null;
  const lane = value === "" ? { field, operator: "empty" as const } : { field, operator: "eq" as const, value };
  return { combinator: "and", conditions: [...conditions, lane] };
}

/**
 * One lane as shown: the cards moved into it first (the latest first), then the records it read that are still its
 * own (not moved away, not changed to another value by an edit elsewhere); its count follows them.
 */
export function laneView<Row extends Versioned>(
  lane: string,
  read: Row[],
  total: TableTotal,
  moves: ReadonlyMap<string, BoardMove<Row>>,
  valueOf: (row: Row) => string,
): { rows: Row[]; total: TableTotal } {
  const readIds = new Set(read.map((row) => row.id));
  const movedIn = [...moves.values()]
    .filter((move) => move.to === lane && !readIds.has(move.row.id))
    .map((move) => move.row)
    .reverse();
  const stays = read.flatMap((row) => {
    const move = moves.get(row.id);
    // The move decides, and its record is the card: the lane's copy may be an earlier save's (a card moved out and
    // back), whose value would start the card's next move from the wrong one.
    if (move && !outdates(row, move)) return move.to === lane ? [move.row] : [];
    return valueOf(row) === lane ? [row] : [];
  });
  const count = total && Math.max(0, total.count + movedIn.length - (read.length - stays.length));
  return { rows: [...movedIn, ...stays], total: total && { ...total, count: count ?? 0 } };
}
