import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import type { ExportColumns } from "./export-csv";
import type { ImportObjectConfig } from "./import-objects";

/** Rows read before the toast starts counting them: one page's worth goes by too fast to need it. */
const PROGRESS_FROM = 200;

type Export = (columns: ExportColumns, onProgress: (rows: number) => void) => Promise<number>;

/**
 * An export of `noun`s in progress (`rows` read so far, null when none) and how to start one, which resolves to how
 * many it wrote: "Exported 120 tasks.", or why it failed. Past the first page the toast counts the rows read.
 */
export function useCsvExport(noun: readonly [one: string, many: string]) {
  const [rows, setRows] = useState<number | null>(null);
  const run = async (exportRows: (onProgress: (rows: number) => void) => Promise<number>) => {
    setRows(0);
    const counted = (count: number) => `${count.toLocaleString()} ${count === 1 ? noun[0] : noun[1]}`;
    // Past the first page (100,000 contacts take about 20 s), the toast counts the rows read.
    let toastId: string | number | undefined;
    const onProgress = (read: number) => {
      setRows(read);
      if (read > PROGRESS_FROM) toastId = toast.loading(`Exporting… ${counted(read)} so far`, { id: toastId });
    };
    try {
      const count = await exportRows(onProgress);
      toast.success(`Exported ${counted(count)}.`, { id: toastId });
    } catch (error) {
      toast.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`, { id: toastId });
    } finally {
      setRows(null);
    }
  };
  return { rows, run };
}

/**
 * The same for a list of contacts or companies: with the object's custom properties and the workspace's members as
 * they are now (read if not loaded yet, so the file has their columns and owners).
 */
export function useExport(config: ImportObjectConfig) {
  const queryClient = useQueryClient();
  const csv = useCsvExport(config.noun);
  const run = (exportRows: Export) =>
    csv.run(async (onProgress) => {
      const [properties, members] = await Promise.all([
        queryClient.fetchQuery(trpc.properties.list.queryOptions({ object: config.object })),
        queryClient.fetchQuery(trpc.organization.listMembers.queryOptions()),
      ]);
      return exportRows({ properties, members }, onProgress);
    });
  return { rows: csv.rows, run };
}
