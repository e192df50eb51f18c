import { useEffect, useRef, useState } from "react";
import type { RecordListInput } from "../../../../worker/src/schemas/records";
import { toastError } from "../../lib/toast";
import { formatTotal, type TableTotal } from "../../ui/data-table";
import { recordsOf } from "../import/export-csv";
import { importConfigs } from "../import/import-objects";
import type { RecordObject } from "./use-record-actions";

type SelectAllMatchingProps = {
  object: RecordObject;
  noun: [singular: string, plural: string];
  /** The list as it is searched, filtered and sorted now. */
  view: Omit<RecordListInput, "cursor" | "limit">;
  /** Changes with the view; a selection read for another view is dropped. */
  viewKey: string;
  total: TableTotal;
  /** Every loaded row is selected: the offer stands only then. */
  allLoadedSelected: boolean;
  selectedCount: number;
  onSelect: (ids: Set<string>) => void;
};

/**
 * The selection bar's "Select all 10,000 contacts", once every loaded row is selected and more
 * match: the matching records' ids are read page by page (ids only), then selected, so bulk
 * actions reach the rows not loaded yet.
 */
export function SelectAllMatching(props: SelectAllMatchingProps) {
  const { object, noun, view, viewKey, total, onSelect } = props;
  const [read, setRead] = useState<number | null>(null);
  // A read stops counting once the view changes, a row is deselected or the selection is cleared
  // (Esc unmounts the bar): what it read then would select rows the person let go of.
  const currentView = useRef(viewKey);
  const wanted = useRef(false);
  useEffect(() => {
    currentView.current = viewKey;
  }, [viewKey]);
  useEffect(() => {
    if (!props.allLoadedSelected) wanted.current = false;
  }, [props.allLoadedSelected]);
  useEffect(
    () => () => {
      wanted.current = false;
    },
    [],
  );

  // What it selected last: an inexact total ("1,000+") cannot tell that every match is selected.
  const [selectedAll, setSelectedAll] = useState<{ viewKey: string; count: number } | null>(null);

  const more = total !== null && (!total.exact || total.count > props.selectedCount);
  const done = selectedAll?.viewKey === viewKey && selectedAll.count === props.selectedCount;
  if (!props.allLoadedSelected || !more || done) return null;

  const run = async () => {
    const startedFor = viewKey;
    const stillWanted = () => wanted.current && currentView.current === startedFor;
    wanted.current = true;
    setRead(0);
    try {
      const ids = new Set<string>();
      for await (const records of recordsOf(importConfigs[object], { ...view, fields: [] })) {
        if (!stillWanted()) return;
        for (const record of records) ids.add(record.id);
        setRead(ids.size);
      }
      if (!stillWanted()) return;
      onSelect(ids);
      setSelectedAll({ viewKey: startedFor, count: ids.size });
    } catch (error) {
      toastError(error, `Could not select every matching ${noun[0]}`);
    } finally {
      setRead(null);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void run()}
      disabled={read !== null}
      className="mr-1 h-7 rounded-md px-2 text-xs font-medium whitespace-nowrap text-primary hover:bg-surface-2 disabled:text-muted"
    >
      {read === null
        ? `Select all ${formatTotal(total, noun[0], noun[1])}`
        : `Selecting ${read.toLocaleString()} of ${total.count.toLocaleString()}${total.exact ? "" : "+"}…`}
    </button>
  );
}
