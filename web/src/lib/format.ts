import { dateTimeFormat, numberFormat, relativeTimeFormat } from "../../../worker/src/domain/intl-formats";
import { getTimeLocale } from "./time-locale";

/** Every date the app shows goes through here, so the timeLocale preference applies everywhere. */
export function formatDate(value: Date | number, locale = getTimeLocale()): string {
  return dateTimeFormat(locale, { dateStyle: "medium" }).format(value);
}

export function formatDateTime(value: Date | number, locale = getTimeLocale()): string {
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(value);
}

export function formatTime(value: Date | number, locale = getTimeLocale()): string {
  return dateTimeFormat(locale, { timeStyle: "short" }).format(value);
}

export function formatRelative(value: Date | number, now = Date.now(), locale = getTimeLocale()): string {
  const seconds = Math.round((Number(value) - now) / 1000);
  const rtf = relativeTimeFormat(locale, { numeric: "auto" });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return rtf.format(seconds, "second");
}

export function formatMoney(amount: number, currency: string, locale = getTimeLocale()): string {
  return numberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 }).format(amount);
}

/** The local calendar day of a time, as a date input holds it: "2026-05-05". */
export function localDayInput(value: Date | number): string {
  const day = new Date(value);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** This browser's time zone ("Europe/Paris"), or UTC where it cannot say. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** "1 contact" / "3 contacts". */
export function countOf(count: number, noun: [singular: string, plural: string]): string {
  return `${count.toLocaleString()} ${count === 1 ? noun[0] : noun[1]}`;
}
