const ISO_DAY_OR_TIME = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * The day a date property stores ("2030-06-15") for an ISO day or an ISO date and time (its day in UTC), or null.
 * JavaScript's own parsing rolls a day that does not exist over into the next month ("2026-02-30" is 2 March)
 * and reads "1" as 2001-01-01; neither is what anyone sending them meant.
 */
export function calendarDayOf(text: string): string | null {
  const match = ISO_DAY_OR_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (!match[4]) return text.trim();
  const time = Date.parse(text.trim());
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}
