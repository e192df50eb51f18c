import { useEffect, useState } from "react";
import { formatDate, formatDateTime, formatRelative } from "../../lib/format";
import { setTimeLocale, timeLocaleChoices, useTimeLocale } from "../../lib/time-locale";
import { Field, Select } from "../../ui/input";

function useNow(intervalMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function TimeLocalePicker() {
  const locale = useTimeLocale();
  const now = useNow();
  const threeHoursAgo = now.getTime() - 3 * 3_600_000;

  return (
    <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
      <Field label="Date and time format">
        {(props) => (
          <Select
            {...props}
            name="timeLocale"
            value={locale ?? ""}
            onChange={(e) => setTimeLocale(e.target.value || undefined)}
          >
            {timeLocaleChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="rounded-md border border-border bg-surface px-3 py-2.5" aria-live="polite">
        <p className="text-xs font-medium text-muted">Preview</p>
        <p className="mt-1 text-sm font-medium text-foreground tabular-nums" data-testid="time-locale-preview">
          {formatDateTime(now, locale)}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs text-muted tabular-nums">
          <dt>Date</dt>
          <dd className="text-foreground">{formatDate(now, locale)}</dd>
          <dt>Relative</dt>
          <dd className="text-foreground">{formatRelative(threeHoursAgo, now.getTime(), locale)}</dd>
        </dl>
      </div>
    </div>
  );
}
