import { beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_BULK_PAGE } from "../../worker/src/schemas/records";
import { exportSelectedCsv } from "../../web/src/features/import/export-csv";
import type { ImportObjectConfig } from "../../web/src/features/import/import-objects";

const downloads = vi.hoisted(() => [] as { name: string; rows: Record<string, unknown>[] }[]);
vi.mock("../../web/src/features/import/csv-download", () => ({
  downloadCsv: (name: string, rows: Record<string, unknown>[]) => downloads.push({ name, rows }),
}));

const at = new Date("2026-11-27T08:00:00Z");
/** A server of `count` contacts whose `byIds` answers the live records among the ids it is given. */
function contactsServer(count: number, deleted: string[] = []) {
  const records = Array.from({ length: count }, (_, i) => ({
    id: `con_${String(i).padStart(5, "0")}`,
    firstName: `P${i}`,
    // Every third record is Ann's; the others have no owner.
    ownerId: i % 3 ? null : "usr_ann",
    properties: { tier: i % 2 ? "gold" : null },
    createdAt: at,
    updatedAt: at,
  })).filter((r) => !deleted.includes(r.id));
  const asked: string[][] = [];
  const calls = { inFlight: 0, most: 0 };
  const byIds = vi.fn(async (wanted: string[]) => {
    calls.most = Math.max(calls.most, ++calls.inFlight);
    asked.push(wanted);
    await new Promise((resolve) => setTimeout(resolve, 0));
    calls.inFlight--;
    // The server's order (here: by id, descending), not the selection's.
    const items = records.filter((r) => wanted.includes(r.id)).sort((a, b) => b.id.localeCompare(a.id));
    return { items };
  });
  const config = {
    object: "contact",
    noun: ["contact", "contacts"],
    byIds,
    toCsv: (c: { firstName: string }) => ({ "First name": c.firstName }),
  } as unknown as ImportObjectConfig;
  return { config, asked, calls };
}

const tier = { key: "tier", label: "Tier", type: "select" as const, options: ["gold"], required: false };
const members = [
  { userId: "usr_ann", email: "ann@team.example", displayName: "Ann Lee" },
  { userId: "usr_bob", email: "bob@team.example", displayName: "Ann Lee" },
];

describe("exporting a table's selection", () => {
  beforeEach(() => (downloads.length = 0));

  it("writes the selected records whole, in the selection's order, from chunks of 2,000 ids asked two at a time", async () => {
    const { config, asked, calls } = contactsServer(5000);
    const ids = Array.from({ length: 4500 }, (_, i) => `con_${String(4999 - i).padStart(5, "0")}`).reverse();
    const progress: number[] = [];
    const count = await exportSelectedCsv(config, ids, { properties: [tier], members }, (rows) => progress.push(rows));
    expect(count).toBe(4500);
    expect(asked.map((chunk) => chunk.length)).toEqual([MAX_BULK_PAGE, MAX_BULK_PAGE, 500]);
    expect(asked.flat()).toEqual(ids);
    // Once a chunk, counting up to every record; two chunks are asked for side by side.
    expect(progress).toHaveLength(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(4500);
    expect(calls.most).toBe(2);
    const [{ name, rows }] = downloads;
    expect(name).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows.map((r) => r.Id)).toEqual(ids);
    expect(rows[0]).toEqual({
      "First name": "P500",
      Owner: "",
      Tier: "",
      "Created at": "2026-11-27T08:00:00.000Z",
      "Updated at": "2026-11-27T08:00:00.000Z",
      Id: "con_00500",
    });
    expect(rows[1].Tier).toBe("gold");
    // The owner by email: two members share the name "Ann Lee", one has this address.
    expect(rows.map((r) => r.Owner).slice(0, 4)).toEqual(["", "ann@team.example", "", ""]);
  });

  it("leaves out a record deleted since it was selected", async () => {
    const { config } = contactsServer(5, ["con_00002"]);
    const ids = ["con_00003", "con_00002", "con_00001"];
    expect(await exportSelectedCsv(config, ids, { properties: [], members })).toBe(2);
    expect(downloads[0].rows.map((r) => r.Id)).toEqual(["con_00003", "con_00001"]);
  });
});
