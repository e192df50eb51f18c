import type { RecordListInput } from "../../../../worker/src/schemas/records";
import { trpcClient } from "../../lib/trpc";
import { downloadCsv } from "./csv-download";

const EXPORT_PAGE = 200;

/** Every contact matching the view (not only the loaded page), fetched page by page, as a CSV download. */
export async function exportContactsCsv(
  view: Omit<RecordListInput, "cursor" | "limit">,
  onProgress?: (rows: number) => void,
) {
  const rows: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await trpcClient.contacts.list.query({ ...view, cursor, limit: EXPORT_PAGE });
    for (const c of page.items)
      rows.push({
        "First name": c.firstName,
        "Last name": c.lastName,
        Email: c.emails.join("; "),
        Phone: c.phones.join("; "),
        Title: c.title ?? "",
        "Lead status": c.leadStatus,
        "Lead score": c.leadScore,
        Source: c.source ?? "",
        Tags: c.tags.join("; "),
        ...Object.fromEntries(
          Object.entries(c.properties).map(([k, v]) => [k, Array.isArray(v) ? v.join("; ") : (v ?? "")]),
        ),
        "Created at": c.createdAt.toISOString(),
        "Updated at": c.updatedAt.toISOString(),
        Id: c.id,
      });
    onProgress?.(rows.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  downloadCsv(`contacts-${new Date().toISOString().slice(0, 10)}.csv`, rows);
  return rows.length;
}
