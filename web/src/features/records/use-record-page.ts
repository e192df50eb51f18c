import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { trpc } from "../../lib/trpc";
import { VIEWER } from "../../../../worker/src/schemas/records";
import { isShownPageKey } from "../../lib/typing";
import { usePaletteLink } from "../../app/palette-links";
import {
  useListState,
  useTablePages,
  useVisibleFields,
  type CellEditStart,
  type CellPatch,
  type DataTableColumn,
  type FilterField,
  type FilterState,
} from "../../ui/data-table";
import {
  listOfLinkState,
  recallList,
  recallScroll,
  rememberList,
  rememberScroll,
} from "../../ui/data-table/list-memory";
import { memberName, useMembers } from "../members/use-members";
import { recordPatchOf, useRecordProperties } from "./property-columns";
import { useCompanyOptions } from "./reference-fields";
import { useBulkDelete } from "./use-bulk-delete";
import { useRestoreRecords } from "./use-record-actions";
import { useRecordStepping } from "./use-record-stepping";
import { useGoneProperties } from "./use-gone-properties";
import { LISTED_BESIDE_COLUMNS, tableStorageKey } from "./list-fields";
import { withTrashColumns } from "./record-columns";
import type { createRecordHooks, RecordTypes } from "./use-record-hooks";
import { changedPropertyKey } from "./activity-words";
import { recordsOf } from "../import/export-csv";
import { importConfigs } from "../import/import-objects";

type PageTypes = RecordTypes & { row: { properties: Record<string, unknown>; deletedAt: Date | null } };

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
const DEFAULT_SORT = { field: "name", direction: "asc" } as const;

/** The filters that name companies by id, and their labels. */
const contactCompanyFields = [
  ["companyId", "Company"],
  // Its people and those of every company below it (the server's companyGroup).
  ["companyGroup", "Company with subsidiaries"],
] as const;
const companyParentFields = [
  ["parentCompanyId", "Parent company"],
  // The company itself and every company below it (the server's companyGroup).
  ["companyGroup", "Company with subsidiaries"],
] as const;

/**
 * The object's filters with the references before Tags: "Company is …" (contacts), "Parent company is …" (companies),
 * "Company with subsidiaries is …" (both; each searched as you type, the ids the filter holds named by
 * companies.names) and "Owner is …" (the members); the tags in use are offered as values.
 */
function useReferenceFilters(
  object: "contact" | "company",
  filterFields: FilterField[],
  filter: FilterState,
): FilterField[] {
  const members = useMembers();
  const tags = useQuery({ ...trpc.tags.list.queryOptions({ object }), staleTime: 30_000 });
  // Companies by id, named by companies.names: a contact's company (alone, or with its subsidiaries), a company's parent.
  const companyFields = object === "contact" ? contactCompanyFields : companyParentFields;
  const companyIds = [
    ...new Set(
      filter.conditions
        .filter((c) => companyFields.some(([field]) => field === c.field) && c.value !== undefined)
        .flatMap((c) => (Array.isArray(c.value) ? c.value : [c.value]).map(String)),
    ),
  ];
  const companyNames = useQuery({
    ...trpc.companies.names.queryOptions({ ids: companyIds }),
    enabled: companyIds.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  return useMemo(() => {
    const labels = Object.fromEntries((companyNames.data ?? []).map((c) => [c.id, c.name]));
    const companies = companyFields.map(([field, label]): FilterField => ({
      field,
      label,
      kind: "reference",
      useOptions: useCompanyOptions,
      labels,
      // A company's own group always holds it: never empty.
      ...(object === "company" && field === "companyGroup" ? { operators: ["eq", "neq"] } : {}),
    }));
    const owner: FilterField = {
      field: "ownerId",
      label: "Owner",
      kind: "select",
      // "Me" first: whoever reads the list, so a shared "My contacts" view shows each teammate their own.
      options: [
        { value: VIEWER, label: "Me" },
        ...(members.data ?? []).map((member) => ({ value: member.userId, label: memberName(member) })),
      ],
    };
    const suggestions = tags.data?.map((tag) => tag.name);
    const references = [...companies, owner];
    return filterFields.flatMap((field) =>
      field.field === "tags" ? [...references, { ...field, suggestions }] : [field],
    );
  }, [object, companyFields, filterFields, members.data, tags.data, companyNames.data]);
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
  // Coming back to this page (Back, a reload) finds the list as it was left at that history entry.
  // Or as a link asked for it (a company's people): that start is then remembered like any other.
  const { key: historyEntry, state: linkState } = useLocation();
  const [restored] = useState(() => recallList(object, historyEntry) ?? listOfLinkState(linkState));
  const list = useListState(DEFAULT_SORT, restored);
  const { definition, trash } = list;
  useEffect(
    () =>
      rememberList(object, historyEntry, {
        search: definition.search ?? "",
        filter: definition.filters,
        sort: definition.sort,
        trash,
      }),
    [object, historyEntry, definition, trash],
  );
  // And scrolled where it was: remembered as it scrolls, and carried to the entry the open record's
  // address replaces this one with (the key changes), so Back from a record's link finds it too.
  const [restoredTop] = useState(() => recallScroll(object, historyEntry));
  const lastTop = useRef(restoredTop);
  useEffect(() => {
    if (lastTop.current > 0) rememberScroll(object, historyEntry, lastTop.current);
  }, [object, historyEntry]);
  const scrollMemory = useMemo(
    () => ({
      top: restoredTop,
      onChange: (top: number) => {
        lastTop.current = top;
        rememberScroll(object, historyEntry, top);
      },
    }),
    [restoredTop, object, historyEntry],
  );
  const shownColumns = useMemo(() => (list.trash ? withTrashColumns(columns) : columns), [list.trash, columns]);
  const fields = useVisibleFields(shownColumns, tableStorageKey(noun), LISTED_BESIDE_COLUMNS);
  const pages = useTablePages(hooks.useList({ ...list.input, fields }));
  // The list's rows as the table has them, read through the export's pages: for a copy of rows not loaded.
  const readRows = useCallback(
    () => recordsOf(importConfigs[object], { ...list.input, fields }) as AsyncIterable<T["row"][]>,
    [object, list.input, fields],
  );
  const update = hooks.useUpdate();
  const { deleteRecords } = hooks.useDeleteRecords();
  const restoreRecords = useRestoreRecords(object);
  const link = usePaletteLink();
  const { openId, setOpenId, create: creating, setCreating } = link;
  const { clearSelection } = list;
  // c starts a new record, as it adds a task on /tasks.
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "c" || event.defaultPrevented || !isShownPageKey(event)) return;
      event.preventDefault();
      setCreating(true);
    };
    window.addEventListener("keydown", handleKeyDown);
    return () => window.removeEventListener("keydown", handleKeyDown);
  }, [setCreating]);

  const properties = useRecordProperties<T["row"]>(
    object,
    shownColumns,
    useReferenceFilters(object, filterFields, list.filter),
  );
  const { definitions } = properties;
  useGoneProperties(list, properties, pages.error);
  const handleEditCell = useCallback(
    async (row: T["row"], _columnId: string, patch: CellPatch, start?: CellEditStart<T["row"]>) =>
      update(
        row,
        recordPatchOf(definitions, patch, toPatch),
        start && { version: start.row.version, holds: start.holds },
      ),
    [update, definitions, toPatch],
  );
  // A value put back from the timeline: an edit like any other, from the version the panel shows.
  const restoreValue = useCallback(
    (row: T["row"], field: string, value: unknown) => {
      const key = changedPropertyKey(field);
      return update(row, (key === null ? { [field]: value } : { properties: { [key]: value } }) as T["patch"]);
    },
    [update],
  );
  const handleOpenRow = useCallback((row: T["row"]) => setOpenId(row.id), [setOpenId]);
  const bulkDelete = useBulkDelete({
    noun,
    remove: deleteRecords,
    // Undo: every one back, or an error that says why some stayed in the trash.
    restore: async (ids) => {
      const { failures } = await restoreRecords(ids);
      if (failures.length > 0) throw new Error([...new Set(failures)].join(" "));
    },
    onDeleted: (ids) => {
      clearSelection();
      if (openId && ids.includes(openId)) setOpenId(null);
    },
  });
  const preview = useMemo(() => pages.rows.find((row) => row.id === openId), [pages.rows, openId]);
  // The trash's rows do not open; a record opened while it is shown is a live one, not among them.
  const stepping = useRecordStepping(pages, list.trash ? null : openId, setOpenId);

  return {
    list,
    openId,
    setOpenId,
    creating,
    setCreating,
    /** A new record starts at this company (`?new=1&company=<id>`): a contact's (its People), a company's parent. */
    newAtCompanyId: link.companyId,
    /** Moves the open record to the trash, with Undo on the toast; its panel closes. */
    deleteOpen: () => openId && bulkDelete.deleteSelected([openId]),
    /** Moves these records to the trash as the bulk bar's Delete does (asking first past 50): an import's. */
    deleteRecords: bulkDelete.deleteSelected,
    /** The open record as the list has it, so the panel's header shows before the record loads. */
    preview,
    /** The panel's steps to the records before and after the open one in the list. */
    stepping,
    /** Puts a field's earlier value back, from a change in the open record's timeline. */
    restoreValue,
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
      scrollMemory,
      readRows,
      onEditCell: handleEditCell,
      onDeleteSelected: bulkDelete.deleteSelected,
      deletePending: bulkDelete.pending,
      deleteAsking: bulkDelete.asking,
    },
  };
}
