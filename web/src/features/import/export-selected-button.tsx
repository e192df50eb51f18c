import { Download } from "lucide-react";
import { Button } from "../../ui/button";
import { exportSelectedCsv } from "./export-csv";
import { importConfigs, type ImportObjectConfig } from "./import-objects";
import { useExport } from "./use-export";
import { bulkActionLabel } from "../../ui/data-table";

/** The bulk bar's Export: the selected records, whole, as a CSV download. */
export function ExportSelectedButton({ object, ids }: { object: ImportObjectConfig["object"]; ids: string[] }) {
  const config = importConfigs[object];
  const exporting = useExport(config);
  return (
    <Button
      size="sm"
      variant="ghost"
      pending={exporting.rows !== null}
      onClick={() => void exporting.run((columns, onProgress) => exportSelectedCsv(config, ids, columns, onProgress))}
      title="Export the selected as CSV"
    >
      {exporting.rows === null && <Download className="size-3.5" aria-hidden />}
      <span className={bulkActionLabel}>Export</span>
    </Button>
  );
}
