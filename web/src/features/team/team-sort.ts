/** What /team's table can be sorted by: a member's name, when they last did something, their counts, when they joined. */
export const teamSortFields = ["name", "latest", "activity", "open", "overdue", "doneRecently", "joined"] as const;
export type TeamSortField = (typeof teamSortFields)[number];
export type TeamSort = { field: TeamSortField; direction: "asc" | "desc" };

/** A first click sorts names A to Z, and counts and times the most or the latest first: who to look at. */
export const firstDirection = (field: TeamSortField): TeamSort["direction"] => (field === "name" ? "asc" : "desc");

/** The sort the address holds (`?sort=overdue`, `?sort=name.desc`); null for none, or for one it does not know. */
export function parseTeamSort(value: string | null): TeamSort | null {
  const [field, direction] = (value ?? "").split(".");
  if (!(teamSortFields as readonly string[]).includes(field)) return null;
  const known = field as TeamSortField;
  return { field: known, direction: direction === "asc" || direction === "desc" ? direction : firstDirection(known) };
}

/** The sort as the address writes it: the field alone in its first direction. */
export const teamSortParam = (sort: TeamSort) =>
  sort.direction === firstDirection(sort.field) ? sort.field : `${sort.field}.${sort.direction}`;

/** The sort after a click on `field`'s header: the other way when it is the one sorted, else its first way. */
export function nextTeamSort(current: TeamSort | null, field: TeamSortField): TeamSort {
  if (current?.field !== field) return { field, direction: firstDirection(field) };
  return { field, direction: current.direction === "asc" ? "desc" : "asc" };
}

/**
 * `rows` sorted by `sort` (as they are without one): `valueOf` gives a row's value (a name, a number, or null for
 * none, such as no activity yet, which comes last either way); ties keep their order by name.
 */
export function sortTeam<Row>(
  rows: Row[],
  sort: TeamSort | null,
  valueOf: (row: Row, field: TeamSortField) => string | number | null,
): Row[] {
  if (!sort) return rows;
  const sign = sort.direction === "asc" ? 1 : -1;
  const compare = (a: string | number, b: string | number) =>
    typeof a === "string" && typeof b === "string"
      ? a.localeCompare(b, undefined, { sensitivity: "base" })
      : a < b
        ? -1
        : a > b
          ? 1
          : 0;
  return [...rows].sort((a, b) => {
    const [x, y] = [valueOf(a, sort.field), valueOf(b, sort.field)];
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else {
      const order = compare(x, y);
      if (order !== 0) return sign * order;
    }
    return compare(String(valueOf(a, "name")), String(valueOf(b, "name")));
  });
}
