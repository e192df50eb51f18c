import { useEffect } from "react";
import { toast } from "../../lib/toast";
import type { FilterState, SortState } from "../../ui/data-table";
import { propertyKeyOf, type PropertyDefinition } from "./property-values";

type ListParts = {
  filter: FilterState;
  sort: SortState | null;
  setFilter: (filter: FilterState) => void;
  setSort: (sort: SortState | null) => void;
};

type Definitions = {
  definitions: PropertyDefinition[];
  /** Fetched since the page opened: a property missing from them is archived, not just unseen. */
  current: boolean;
  refetch: () => unknown;
};

/**
 * A list restored where it was left, or a saved view, can filter or sort by a custom property an
 * admin has archived since; the server refuses such a list (BAD_REQUEST). Once the definitions are
 * current, those conditions and that sort are dropped, and the user is told. A refused list fetches
 * the definitions again, in case the cached ones were too old to show the archiving.
 */
export function useGoneProperties(list: ListParts, properties: Definitions, listError: unknown) {
  const { filter, sort, setFilter, setSort } = list;
  const { definitions, current, refetch } = properties;
  const refused = isBadRequest(listError);

  useEffect(() => {
    if (refused) void refetch();
  }, [refused, refetch]);

  useEffect(() => {
    if (!current) return;
    const live = new Set(definitions.map((d) => d.key));
    const gone = (field: string) => {
      const key = propertyKeyOf(field);
      return key !== null && !live.has(key);
    };
    const conditions = filter.conditions.filter((condition) => !gone(condition.field));
    const sortGone = sort !== null && gone(sort.field);
    if (conditions.length === filter.conditions.length && !sortGone) return;
    if (conditions.length !== filter.conditions.length) setFilter({ ...filter, conditions });
    if (sortGone) setSort(null);
    toast.info("A property this list used was archived, so the list no longer filters or sorts by it.");
  }, [current, definitions, filter, sort, setFilter, setSort]);
}

function isBadRequest(error: unknown): boolean {
  const data = (error as { data?: { code?: unknown } } | null)?.data;
  return data?.code === "BAD_REQUEST";
}
