import { localDayInput } from "./format";

/**
 * A number as a spreadsheet writes it, or null: "1,234.50", "$1,200", "1.234,50 €", "12 500", "EUR 99", "-$40".
 * Where both marks appear, the last is the decimal one. A lone mark before groups of three digits is the thousands
 * one when the file writes decimals with the other (`decimalComma`: a file whose columns Excel separated with ";",
 * as it does where "," is the decimal mark): "12.000" is twelve thousand there, "1,234" elsewhere.
 */
export function numberFromCsv(cell: string, decimalComma = false): number | null {
  let text = cell.replace(/[$€£¥₹]|\b[A-Z]{3}\b/g, "").replace(/[\s\u00a0\u202f']/g, "");
  const dot = text.lastIndexOf(".");
  const comma = text.lastIndexOf(",");
  if (dot >= 0 && comma >= 0) {
    text = comma > dot ? text.replace(/\./g, "").replace(",", ".") : text.replace(/,/g, "");
  } else if (dot >= 0 || comma >= 0) {
    const mark = dot >= 0 ? "." : ",";
    const grouped = new RegExp(`^[-+]?\\d{1,3}(\\${mark}\\d{3})+$`).test(text);
    const thousandsMark = (mark === ",") !== decimalComma;
    text =
      grouped && (thousandsMark || text.split(mark).length > 2) ? text.replaceAll(mark, "") : text.replace(mark, ".");
  }
  const number = Number(text);
  return text !== "" && Number.isFinite(number) ? number : null;
}

/**
 * A calendar day as a spreadsheet writes it ("2026-03-15"), or null. Day first with dots ("15.03.2026", "15.3.26"),
 * and with slashes when the first number cannot be a month ("15/03/2026"); other slashed days are month first, as
 * in the US ("3/15/2026"), as are written ones ("Mar 15, 2026").
 */
export function dayFromCsv(cell: string): string | null {
  const text = cell.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})([./])(\d{1,2})\2(\d{2}|\d{4})$/.exec(text);
  if (numeric) {
    const [, a, mark, b, y] = numeric;
    const dayFirst = mark === "." || Number(a) > 12;
    const [day, month] = dayFirst ? [Number(a), Number(b)] : [Number(b), Number(a)];
    return calendarDay(y.length === 2 ? 2000 + Number(y) : Number(y), month, day);
  }
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : localDayInput(time);
}

/** "2026-03-15" for a day that exists; null for the 31st of February. */
function calendarDay(year: number, month: number, day: number): string | null {
  const date = new Date(year, month - 1, day);
  return date.getMonth() === month - 1 && date.getDate() === day ? localDayInput(date) : null;
}
