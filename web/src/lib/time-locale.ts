import { useSyncExternalStore } from "react";

/** The browser-stored `timeLocale` preference (SPEC §3); empty means the browser's own. */
const TIME_LOCALE_KEY = "timeLocale";
const listeners = new Set<() => void>();

export function getTimeLocale(): string | undefined {
  return localStorage.getItem(TIME_LOCALE_KEY) || undefined;
}

export function setTimeLocale(locale: string | undefined): void {
  if (locale) localStorage.setItem(TIME_LOCALE_KEY, locale);
  else localStorage.removeItem(TIME_LOCALE_KEY);
  listeners.forEach((notify) => notify());
}

export function useTimeLocale(): string | undefined {
  return useSyncExternalStore((notify) => {
    listeners.add(notify);
    return () => listeners.delete(notify);
  }, getTimeLocale);
}

export const timeLocaleChoices = [
  { value: "", label: "Browser default" },
  { value: "en-US", label: "English (United States) — 12/31/2026, 3:45 PM" },
  { value: "en-GB", label: "English (United Kingdom) — 31/12/2026, 15:45" },
  { value: "de-DE", label: "Deutsch — 31.12.2026, 15:45" },
  { value: "fr-FR", label: "Français — 31/12/2026 15:45" },
  { value: "es-ES", label: "Español — 31/12/2026, 15:45" },
  { value: "ja-JP", label: "日本語 — 2026/12/31 15:45" },
] as const;
