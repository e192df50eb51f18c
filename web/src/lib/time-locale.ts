import { storedPreference } from "./stored-preference";

/** The browser-stored `timeLocale` preference (SPEC §3); empty means the browser's own. */
const timeLocale = storedPreference("timeLocale", (stored) => stored || undefined);

export const getTimeLocale = timeLocale.get;
export const setTimeLocale = timeLocale.set;
export const useTimeLocale = timeLocale.use;

export const timeLocaleChoices = [
  { value: "", label: "Browser default" },
  { value: "en-US", label: "English (United States) — 12/31/2026, 3:45 PM" },
  { value: "en-GB", label: "English (United Kingdom) — 31/12/2026, 15:45" },
  { value: "de-DE", label: "Deutsch — 31.12.2026, 15:45" },
  { value: "fr-FR", label: "Français — 31/12/2026 15:45" },
  { value: "es-ES", label: "Español — 31/12/2026, 15:45" },
  { value: "ja-JP", label: "日本語 — 2026/12/31 15:45" },
] as const;
