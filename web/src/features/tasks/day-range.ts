import { useEffect, useState } from "react";
import { formsTypedInCount } from "../../lib/unsaved-edits";

export type DayRange = { dayStart: Date; dayEnd: Date };

export function dayRangeOf(now: Date): DayRange {
  const dayStart = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const dayEnd = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { dayStart, dayEnd };
}

/** How often a day that has ended looks again whether it may roll over. */
const ROLLOVER_RETRY_MS = 1000;

/**
 * The caller's local day; rolls over at midnight so a page left open all night stays right. Not while something
 * typed is not saved yet (a task's title): the lists would change under it, and a task moving from Today to Overdue
 * would take the editor, and what was typed, with it. The day ends once that is saved or put back.
 */
export function useDayRange(): DayRange {
  const [range, setRange] = useState(() => dayRangeOf(new Date()));
  useEffect(() => {
    let timer = 0;
    const rollOver = () => {
      if (formsTypedInCount() > 0) timer = window.setTimeout(rollOver, ROLLOVER_RETRY_MS);
      else setRange(dayRangeOf(new Date()));
    };
    timer = window.setTimeout(rollOver, range.dayEnd.getTime() - Date.now() + 1000);
    return () => window.clearTimeout(timer);
  }, [range]);
  return range;
}

/** A due date without a time of day means "by the end of that day". */
export function endOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 0, 0);
}

export function isAllDay(date: Date): boolean {
  return date.getHours() === 23 && date.getMinutes() === 59;
}
