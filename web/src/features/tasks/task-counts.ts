/** A tab's rows, and whether a list feeding it came back full (there are more than it holds). */
export type TabCount = { count: number; more: boolean };

/** "12", or "200+" when the server has more than the list holds. */
export const countText = ({ count, more }: TabCount) => `${count.toLocaleString()}${more ? "+" : ""}`;

/** What the tabs hold beyond the first `shown`: "3", or "594+" when a tab has more than its lists hold. */
export function countBeyond(counts: TabCount[], shown: number): string {
  const sum = counts.reduce((total, { count }) => total + count, 0);
  return countText({ count: Math.max(0, sum - shown), more: counts.some(({ more }) => more) });
}
