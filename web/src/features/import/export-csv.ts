import type { RecordListInput } from "../../../../worker/src/schemas/records";
import { untilAnswered } from "../../lib/until-answered";
import { propertyToText, type PropertyDefinition } from "../records/property-values";
import { downloadCsv } from "./csv-download";
import type { ImportObjectConfig } from "./import-objects";

const EXPORT_PAGE = 200;
/** A page that got no answer is asked for again, four times (about 15 s of waiting) before the export fails. */
const PAGE_ATTEMPTS = 5;

type Exported = { id: string; properties: Record<string, unknown>; createdAt: Date; updatedAt: Date };

/**
 * Every record matching the view (not only the loaded page), fetched page by page, as a CSV
 * download: the object's columns, then one per custom property (by label, so the file imports
 * back), then the dates and the id.
 */
export async function exportRecordsCsv(
  config: ImportObjectConfig,
  view: Omit<RecordListInput, "cursor" | "limit">,
  properties: PropertyDefinition[],
  onProgress?: (rows: number) => void,
) {
  const rows: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await untilAnswered(() => config.listPage({ ...view, cursor, limit: EXPORT_PAGE }), {
      attempts: PAGE_ATTEMPTS,
    });
    for (const item of page.items) {
      const record = item as Exported;
      rows.push({
        ...config.toCsv(record as never),
        ...Object.fromEntries(properties.map((p) => [p.label, propertyToText(record.properties[p.key])])),
        "Created at": record.createdAt.toISOString(),
        "Updated at": record.updatedAt.toISOString(),
        Id: record.id,
      });
    }
    onProgress?.(rows.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  downloadCsv(`${config.noun[1]}-${new Date().toISOString().slice(0, 10)}.csv`, rows);
  return rows.length;
}
