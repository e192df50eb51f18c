import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { trpc } from "../../lib/trpc";
import { usePaletteLink } from "../../app/palette-links";
import {
  useListState,
  useTablePages,
  type CellPatch,
  type DataTableColumn,
  type FilterField,
} from "../../ui/data-table";
import { memberName, useMembers } from "../members/use-members";
import { recordPatchOf, useRecordProperties } from "./property-columns";
import { useBulkDelete } from "./use-bulk-delete";
import type { createRecordHooks, RecordTypes } from "./use-record-hooks";

type PageTypes = RecordTypes & { row: { properties: Record<string, unknown> } };

type RecordPageOptions<T extends PageTypes> = {
  object: "contact" | "company";
  noun: [singular: string, plural: string];
  hooks: ReturnType<typeof createRecordHooks<T>>;
  columns: DataTableColumn<T["row"]>[];
  filterFields: FilterField[];
  /** The object's own fields of an inline edit as its update patch (custom properties are added). */
  toPatch: (fields: CellPatch) => T["patch"];
};

const getRowId = (row: { id: string }) => row.id;

/** The object's filters with "Owner is …" (the members) before Tags, and the tags in use offered as values. */
function useOwnershipFilters(object: "contact" | "company", filterFields: FilterField[]): FilterField[] {
  const members = useMembers();
  const tags = useQuery({ ...trpc.tags.list.queryOptions({ object }), staleTime: 30_000 });
  return useMemo(() => {
    const owner: FilterField = {
      field: "ownerId",
      label: "Owner",
      kind: "select",
      options: (members.data ?? []).map((member) => ({ value: member.userId, label: memberName(member) })),
    };
    const suggestions = tags.data?.map((tag) => tag.name);
    return filterFields.flatMap((field) => (field.field === "tags" ? [owner, { ...field, suggestions }] : [field]));
  }, [filterFields, members.data, tags.data]);
}

/**
 * What every record list page holds: the list state and its pages, custom property columns and
 * filters, inline edits, bulk delete with undo, the open record (also from the palette's ?open=)
 * and the create dialog (?new=1). A page adds its title, actions, empty state and panel.
 */
export function useRecordPage<T extends PageTypes>({
  object,
  noun,
  hooks,
  columns,
  filterFields,
  toPatch,
}: RecordPageOptions<T>) {
  const list = useListState({ field: "name", direction: "asc" });
  const pages = useTablePages(hooks.useList(list.input));
  const update = hooks.useUpdate();
  const { deleteRecords, restoreRecords } = hooks.useDeleteRecords();
  const link = usePaletteLink();
  const [openId, setOpenId] = useState<string | null>(link.openId);
  const [creating, setCreating] = useState(link.create);
  const { clearSelection } = list;

  const properties = useRecordProperties<T["row"]>(object, columns, useOwnershipFilters(object, filterFields));
  const { definitions } = properties;
  const handleEditCell = useCallback(
    async (row: T["row"], _columnId: string, patch: CellPatch) =>
      update(row, recordPatchOf(definitions, patch, toPatch)),
    [update, definitions, toPatch],
  );
  const handleOpenRow = useCallback((row: T["row"]) => setOpenId(row.id), []);
  const bulkDelete = useBulkDelete({
    noun,
    remove: deleteRecords,
    restore: restoreRecords,
    onDeleted: (ids) => {
      clearSelection();
      if (openId && ids.includes(openId)) setOpenId(null);
    },
  });
  const preview = useMemo(() => pages.rows.find((row) => row.id === openId), [pages.rows, openId]);

  return {
    list,
    openId,
    setOpenId,
    creating,
    setCreating,
    /** The open record as the list has it, so the panel's header shows before the record loads. */
    preview,
    /** RecordListPage's props that every object fills the same way. */
    listProps: {
      object,
      noun,
      list,
      pages,
      columns: properties.columns,
      filterFields: properties.filterFields,
      getRowId,
      onOpenRow: handleOpenRow,
      openRowId: openId,
      onEditCell: handleEditCell,
      onDeleteSelected: bulkDelete.deleteSelected,
      deletePending: bulkDelete.pending,
    },
  };
}
