import { Download, Upload } from "lucide-react";
import { useState } from "react";
import type { RecordListInput } from "../../../../worker/src/schemas/records";
import { Button } from "../../ui/button";
import { headerActionLabel } from "../../ui/page";
import { exportRecordsCsv } from "./export-csv";
import { ImportDialog } from "./import-dialog";
import type { ImportObjectConfig } from "./import-objects";
import { useExport } from "./use-export";

type ImportExportButtonsProps = {
  config: ImportObjectConfig;
  /** The list as it is filtered, searched and sorted now: what Export writes, every page of it. */
  view: Omit<RecordListInput, "cursor" | "limit">;
  /** The list page's delete, for the import summary's "Trash the N contacts it created". */
  onTrash?: (ids: string[]) => void;
};

/** A list page's Import (with its dialog) and Export buttons. */
export function ImportExportButtons({ config, view, onTrash }: ImportExportButtonsProps) {
  const [importing, setImporting] = useState(false);
  const exporting = useExport(config);

  return (
    <>
      <Button variant="secondary" onClick={() => setImporting(true)} title="Import from a CSV file">
        <Upload className="size-4" aria-hidden />
        <span className={headerActionLabel}>Import</span>
      </Button>
      <Button
        variant="secondary"
        onClick={() => void exporting.run((columns, onProgress) => exportRecordsCsv(config, view, columns, onProgress))}
        pending={exporting.rows !== null}
        title={exporting.rows ? `${exporting.rows.toLocaleString()} rows so far` : `Export this view as CSV`}
      >
        {!exporting.rows && <Download className="size-4" aria-hidden />}
        <span className={headerActionLabel}>Export</span>
      </Button>
      <ImportDialog config={config} open={importing} onOpenChange={setImporting} onTrashCreated={onTrash} />
    </>
  );
}
