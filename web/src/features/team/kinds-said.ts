import type { FeedKind } from "../../../../drizzle/values";

/** Each kind of feed entry as a count names it, in the order a sales manager reads them: the conversations first. */
const kindNames: [FeedKind, string, string][] = [
  ["call", "call", "calls"],
  ["meeting", "meeting", "meetings"],
  ["email", "email", "emails"],
  ["note", "note", "notes"],
  ["task", "task", "tasks"],
  ["stage", "stage move", "stage moves"],
  ["merged", "merge", "merges"],
];

/** A member's entries by kind in words: "3 calls, 1 meeting, 12 notes"; empty for none. */
export function kindsSaid(byKind: Partial<Record<FeedKind, number>>): string {
  return kindNames
    .filter(([kind]) => (byKind[kind] ?? 0) > 0)
    .map(([kind, one, many]) => {
      const count = byKind[kind]!;
      return `${count.toLocaleString()} ${count === 1 ? one : many}`;
    })
    .join(", ");
}
