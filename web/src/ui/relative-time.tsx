import { formatDateTime, formatRelative } from "../lib/format";

/** A relative time ("3 days ago") with the exact date and time on hover. */
export function RelativeTime({ date, className }: { date: Date; className?: string }) {
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)} className={className}>
      {formatRelative(date)}
    </time>
  );
}
