import { Download, FileUp, Upload } from "lucide-react";
import { useState } from "react";
import type { RecordListInput } from "../../../../worker/src/schemas/records";
import { Button } from "../../ui/button";
import { headerActionLabel } from "../../ui/page";
import { exportRecordsCsv } from "./export-csv";
import { ImportDialog } from "./import-dialog";
import type { ImportObjectConfig } from "./import-objects";
import { useExport } from "./use-export";
import { useImportFromPage } from "./use-import-from-page";

type ImportExportButtonsProps = {
  config: ImportObjectConfig;
  /** The list as it is filtered, searched and sorted now: what Export writes, every page of it. */
  view: Omit<RecordListInput, "cursor" | "limit">;
  /** The list page's delete, for the import summary's "Trash the N contacts it created". */
  onTrash?: (ids: string[]) => void;
};

/**
 * A list page's Import (with its dialog) and Export buttons. The import also starts from a CSV file dropped on the
 * page, or a table pasted into it from a spreadsheet (useImportFromPage).
 */
export function ImportExportButtons({ config, view, onTrash }: ImportExportButtonsProps) {
  const [importing, setImporting] = useState(false);
  const [startFile, setStartFile] = useState<File | null>(null);
  const exporting = useExport(config);
  const { dragging } = useImportFromPage((file) => {
    setStartFile(file);
    setImporting(true);
  }, !importing);

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
      <ImportDialog
        config={config}
        open={importing}
        onOpenChange={(open) => {
          setImporting(open);
          if (!open) setStartFile(null);
        }}
        onTrashCreated={onTrash}
        startFile={startFile}
      />
      {dragging && (
        <div
          role="status"
          className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-background/80 p-6 backdrop-blur-sm"
        >
          <div className="flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-primary bg-background px-10 py-8 text-center shadow-xl">
            <FileUp className="size-7 text-primary" aria-hidden />
            <p className="text-sm font-medium text-foreground">Drop the CSV file to import its {config.noun[1]}</p>
            <p className="text-xs text-muted">Its columns are matched to fields next; nothing is imported yet.</p>
          </div>
        </div>
      )}
    </>
  );
}
