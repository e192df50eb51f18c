import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferInput, inferOutput } from "@trpc/tanstack-react-query";
import { trpc } from "../../lib/trpc";
import { toastError } from "../../lib/toast";
import { isConflict } from "../../lib/trpc-errors";
import { useKeyedMutation } from "../../lib/use-keyed-mutation";
import type { FilterState, SortState } from "../../ui/data-table";
import type { CurrentUser } from "../auth/use-current-user";
import type { ListLayout } from "../records/board/layout-toggle";
import type { RecordObject } from "../records/use-record-actions";

export type SavedView = inferOutput<typeof trpc.views.list>[number];
export type ViewDefinitionInput = inferInput<typeof trpc.views.create>["definition"];

/** A view as the list page applies it: what the table can show (the web's filter subset). */
export type ViewDefinition = {
  filters: FilterState;
  sort: SortState | null;
  columns: string[];
  search?: string;
  /** A list with a board: shown as rows (also when not saved) or as the board. */
  layout?: ListLayout;
  /** The field the board's lanes are the values of; absent, the object's first. */
  groupBy?: string;
};

export const viewPaths: Record<RecordObject, string> = { contact: "/contacts", company: "/companies" };

/** The address that opens a view, shareable and reload-proof. */
export function viewHref(object: RecordObject, viewId: string): string {
  return `${viewPaths[object]}?view=${encodeURIComponent(viewId)}`;
}

/**
 * Shared views and the caller's own, for one object, by name. Read again whenever a list page or
 * the sidebar mounts: an admin's change to a shared view shows on the next visit.
 */
export function useViews(object: RecordObject) {
  return useQuery({ ...trpc.views.list.queryOptions({ object }), staleTime: 0 });
}

export function definitionOf(view: SavedView): ViewDefinition {
  const d = view.definition;
  return {
    // Views saved by this app only hold the operators its filter builder offers.
    filters: d.filters as FilterState,
    sort: d.sort ?? null,
    columns: d.columns,
    search: d.search || undefined,
    layout: d.layout,
    groupBy: d.groupBy,
  };
}

/** Private views are their author's; shared views are admins' to change (as the worker enforces). */
export function mayChangeView(view: SavedView, user: CurrentUser | null | undefined): boolean {
  if (!user) return false;
  const admin = user.role === "owner" || user.role === "admin";
  return view.shared ? admin : view.createdBy === user.id;
}

export function isAdmin(user: CurrentUser | null | undefined): boolean {
  return user?.role === "owner" || user?.role === "admin";
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether the list shows something other than `base` (columns in their order; none saved means any). Its layout counts
 * against a saved view's (`layout`), not against the plain list's: the board is not a change to save or reset. So does
 * the board's grouping, `firstGroupBy` standing in for a view saved without one.
 */
export function differs(
  current: ViewDefinition,
  base: ViewDefinition,
  { layout = false, firstGroupBy }: { layout?: boolean; firstGroupBy?: string } = {},
): boolean {
  if (layout) {
    const shown = current.layout ?? "table";
    if (shown !== (base.layout ?? "table")) return true;
    if (shown === "board" && (current.groupBy ?? firstGroupBy) !== (base.groupBy ?? firstGroupBy)) return true;
  }
  if ((current.search ?? "") !== (base.search ?? "")) return true;
  if (!sameJson(current.sort, base.sort)) return true;
  const conditions = (f: FilterState) => (f.conditions.length ? f : { combinator: "and", conditions: [] });
  if (!sameJson(conditions(current.filters), conditions(base.filters))) return true;
  if (base.columns.length === 0) return false;
  return current.columns.join(",") !== base.columns.join(",");
}

/**
 * Create, update and delete. An update carries the version the person's change was made on: when
 * someone saved the view meanwhile it is refused (CONFLICT, naming them) and the views are read again,
 * so their version shows; `latestVersion` is then what "Save mine" saves over.
 */
export function useViewMutations(object: RecordObject) {
  const queryClient = useQueryClient();
  const listKey = trpc.views.list.queryKey({ object });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: listKey });
  // Keyed: a save whose answer was lost is sent again and answered as made (one view, no conflict with itself).
  const create = useKeyedMutation(trpc.views.create.mutationOptions({ onSuccess: invalidate }));
  const update = useKeyedMutation(
    trpc.views.update.mutationOptions({
      onSuccess: invalidate,
      onError: (error) => (isConflict(error) ? invalidate() : undefined),
    }),
  );
  const remove = useKeyedMutation(trpc.views.delete.mutationOptions({ onSuccess: invalidate }));
  const latestVersion = (view: SavedView) =>
    queryClient.getQueryData<SavedView[]>(listKey)?.find((v) => v.id === view.id)?.version ?? view.version;
  // Marked at once (the sidebar, the menu's check), put back if refused.
  const setDefault = useMutation(
    trpc.views.setDefault.mutationOptions({
      onMutate: async ({ viewId }) => {
        await queryClient.cancelQueries({ queryKey: listKey });
        const before = queryClient.getQueryData<SavedView[]>(listKey);
        queryClient.setQueryData<SavedView[]>(listKey, (views) =>
          views?.map((v) => ({ ...v, isDefault: v.id === viewId })),
        );
        return { before };
      },
      onError: (error, _variables, context) => {
        queryClient.setQueryData(listKey, context?.before);
        toastError(error, "Could not set the default view");
      },
      onSettled: invalidate,
    }),
  );
  return { create, update, remove, latestVersion, setDefault };
}
