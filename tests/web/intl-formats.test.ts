import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat, relativeTimeFormat } from "../../worker/src/domain/intl-formats";

describe("Intl formatters kept per locale and options", () => {
  it("makes each once and formats as Intl does", () => {
    const day = new Date(2026, 11, 7, 15, 45);
    const medium = dateTimeFormat("en-US", { dateStyle: "medium" });
    expect(dateTimeFormat("en-US", { dateStyle: "medium" })).toBe(medium);
    expect(medium.format(day)).toBe("Dec 7, 2026");
    // Another locale, or other options, is another formatter.
    expect(dateTimeFormat("de-DE", { dateStyle: "medium" }).format(day)).toBe("07.12.2026");
    expect(dateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(day)).toBe(
      "Dec 7, 2026, 3:45 PM",
    );
    expect(dateTimeFormat(undefined, { dateStyle: "medium" })).not.toBe(medium);
    expect(relativeTimeFormat("en-US", { numeric: "auto" }).format(-1, "day")).toBe("yesterday");
    expect(relativeTimeFormat("en-US", { numeric: "auto" })).toBe(relativeTimeFormat("en-US", { numeric: "auto" }));
    expect(numberFormat("en-US", { style: "currency", currency: "EUR" }).format(1234.5)).toBe("€1,234.50");
    expect(numberFormat("en-US", { style: "currency", currency: "USD" }).format(1234.5)).toBe("$1,234.50");
  });
});
