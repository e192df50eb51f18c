import { useCallback, useMemo } from "react";
import { usePropertyDefinitions } from "../property-columns";
import type { RecordObject } from "../property-values";
import { groupingOf, propertyGrouping, type BoardGrouping, type WithProperties } from "./board-groups";
import { useBoardGroup, useListLayout, type LayoutChoice } from "./layout-toggle";

/**
 * The ways an object's board can group its cards: the object's own select fields (`builtIn`: contacts' lead status),
 * then each single-select custom property, as Settings orders them. A property added or archived shows at once.
 */
export function useBoardGroupings<Row extends WithProperties>(
  object: RecordObject,
  builtIn: readonly BoardGrouping<Row>[],
): { groupings: BoardGrouping<Row>[]; loading: boolean } {
  const definitions = usePropertyDefinitions(object);
  const groupings = useMemo(
    () => [
      ...builtIn,
      ...(definitions.data ?? [])
        .filter((definition) => definition.type === "select" && definition.options?.length)
        .map((definition) => propertyGrouping<Row>(definition)),
    ],
    [builtIn, definitions.data],
  );
  return { groupings, loading: definitions.isPending };
}

/**
 * An object's list layout and its board's grouping, as this browser last showed them (a view sets both): the choice
 * for the toolbar, and the grouping the board shows (null when the object has no select field to group by).
 */
export function useBoardChoice<Row extends WithProperties>(
  object: RecordObject,
  builtIn: readonly BoardGrouping<Row>[],
) {
  const [layout, setLayout] = useListLayout(object);
  const [wanted, setGroup] = useBoardGroup(object);
  const { groupings, loading } = useBoardGroupings(object, builtIn);
  const grouping = groupingOf(groupings, wanted);
  const first = groupings[0]?.field;
  const resolve = useCallback(
    (field: string | undefined) =>
      loading || field === undefined || groupings.some((g) => g.field === field) ? field : first,
    [loading, groupings, first],
  );
  const choice = useMemo<LayoutChoice>(
    () => ({
      value: layout,
      set: setLayout,
      board: `Cards in a lane per ${grouping ? grouping.label.toLowerCase() : "option of a select property"}`,
      groupBy: {
        // While the properties load, the field asked for (a view's), not the first that stands in for it; "" when
        // the object has no select field (a view then keeps none).
        value: loading && wanted ? wanted : (grouping?.field ?? ""),
        options: groupings.map(({ field, label }) => ({ value: field, label })),
        set: setGroup,
        first,
        resolve,
      },
    }),
    [layout, setLayout, grouping, groupings, loading, wanted, setGroup, first, resolve],
  );
  return { choice, grouping: loading && wanted && grouping?.field !== wanted ? null : grouping, loading };
}
