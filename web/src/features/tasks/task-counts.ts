/** A tab's rows, and whether a list feeding it came back full (there are more than it holds). */
export type TabCount = { count: number; more: boolean };

/** "12", or "200+" when the server has more than the list holds. */
export const countText = ({ count, more }: TabCount) => `${count.toLocaleString()}${more ? "+" : ""}`;

/** What the tabs hold beyond the first `shown`: "3", or "594+" when a tab has more than its lists hold. */
export function countBeyond(counts: TabCount[], shown: number): string {
  const sum = counts.reduce((total, { count }) => total + count, 0);
  return countText({ count: Math.max(0, sum - shown), more: counts.some(({ more }) => more) });
}

/** What the sidebar's Tasks link says beside its name: how many are due, and whether some are late. */
export type DueBadge = { text: string; urgent: boolean; said: string };

/** "3" (red when some are overdue), and in words for its link's name: "2 overdue, 1 due today". Null when none. */
export function dueBadge(count: { overdue: number; today: number } | undefined): DueBadge | null {
  if (!count || count.overdue + count.today === 0) return null;
  const total = count.overdue + count.today;
  const parts = [
    ...(count.overdue ? [`${count.overdue.toLocaleString()} overdue`] : []),
    ...(count.today ? [`${count.today.toLocaleString()} due today`] : []),
  ];
  return { text: total > 99 ? "99+" : String(total), urgent: count.overdue > 0, said: parts.join(", ") };
}
