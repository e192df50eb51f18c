/**
 * The order a table shows its columns in. The first column (the record's name) stays first: it is the sticky one
 * that names each row. The person's order lists the rest; columns it does not name yet (a custom property added
 * since) follow in their default order.
 */
export function orderedColumnIds(columnIds: readonly string[], order: readonly string[]): string[] {
  const [first, ...rest] = columnIds;
  if (first === undefined) return [];
  const known = new Set(rest);
  const ordered = order.filter((id) => known.has(id));
  const placed = new Set(ordered);
  return [first, ...ordered, ...rest.filter((id) => !placed.has(id))];
}

/**
 * `ids` (a whole order, the first column first) with `id` moved next to `target`: before it or after it. The first
 * column neither moves nor lets another go before it.
 */
export function moveColumnId(ids: readonly string[], id: string, target: string, side: "before" | "after"): string[] {
  if (id === target || id === ids[0] || !ids.includes(id) || !ids.includes(target)) return [...ids];
  const without = ids.filter((other) => other !== id);
  const at = Math.max(1, without.indexOf(target) + (side === "after" ? 1 : 0));
  return [...without.slice(0, at), id, ...without.slice(at)];
}

/** `ids` with `id` one place earlier (-1) or later (+1) among `among` (the columns a picker lists), if it can go. */
export function stepColumnId(ids: readonly string[], among: readonly string[], id: string, step: -1 | 1): string[] {
  const listed = ids.filter((other) => among.includes(other));
  const neighbour = listed[listed.indexOf(id) + step];
  if (neighbour === undefined || !listed.includes(id)) return [...ids];
  return moveColumnId(ids, id, neighbour, step < 0 ? "before" : "after");
}
