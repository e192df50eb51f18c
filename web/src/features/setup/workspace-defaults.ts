import { localTimeZone } from "../../lib/format";

/** Currencies a new workspace is most likely to use; the server accepts any ISO 4217 code. */
export const COMMON_CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "CAD",
  "AUD",
  "NZD",
  "JPY",
  "CHF",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "INR",
  "BRL",
  "MXN",
  "SGD",
  "HKD",
  "CNY",
  "KRW",
  "ZAR",
  "AED",
  "ILS",
  "TRY",
] as const;

const EURO_REGIONS = new Set([
  "AT",
  "BE",
  "CY",
  "DE",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PT",
  "SI",
  "SK",
]);

const REGION_CURRENCY: Record<string, string> = {
  US: "USD",
  GB: "GBP",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
  JP: "JPY",
  CH: "CHF",
  LI: "CHF",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  PL: "PLN",
  CZ: "CZK",
  IN: "INR",
  BR: "BRL",
  MX: "MXN",
  SG: "SGD",
  HK: "HKD",
  CN: "CNY",
  KR: "KRW",
  ZA: "ZAR",
  AE: "AED",
  IL: "ILS",
  TR: "TRY",
};

/** The currency of the browser locale's region when it is one we list, else USD. */
export function defaultCurrency(locale: string | undefined = globalThis.navigator?.language): string {
  try {
    const region = locale ? new Intl.Locale(locale).maximize().region : undefined;
    if (!region) return "USD";
    if (EURO_REGIONS.has(region)) return "EUR";
    return REGION_CURRENCY[region] ?? "USD";
  } catch {
    return "USD";
  }
}

export function currencyLabel(code: string): string {
  try {
    const name = new Intl.DisplayNames(["en"], { type: "currency" }).of(code);
    return name && name !== code ? `${code} — ${name}` : code;
  } catch {
    return code;
  }
}

/** Every zone the browser knows, always including the default and UTC (some lists omit them). */
export function timeZoneChoices(current = localTimeZone()): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = [];
  }
  const all = new Set([...zones, current, "UTC"]);
  return [...all].sort((a, b) => a.localeCompare(b));
}
