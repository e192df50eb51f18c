import { useEffect, useState } from "react";

export type DayRange = { dayStart: Date; dayEnd: Date };

export function dayRangeOf(now: Date): DayRange {
  const dayStart = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const dayEnd = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { dayStart, dayEnd };
}

/** The caller's local day; rolls over at midnight so a page left open all night stays right. */
export function useDayRange(): DayRange {
  const [range, setRange] = useState(() => dayRangeOf(new Date()));
  useEffect(() => {
    const timer = window.setTimeout(() => setRange(dayRangeOf(new Date())), range.dayEnd.getTime() - Date.now() + 1000);
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
