import { Download, Upload } from "lucide-react";
import { useState } from "react";
import type { RecordListInput } from "../../../../worker/src/schemas/records";
import { toast } from "../../lib/toast";
import { Button } from "../../ui/button";
import { usePropertyDefinitions } from "../records/property-columns";
import { exportRecordsCsv } from "./export-csv";
import { ImportDialog } from "./import-dialog";
import type { ImportObjectConfig } from "./import-objects";

type ImportExportButtonsProps = {
  config: ImportObjectConfig;
  /** The list as it is filtered, searched and sorted now: what Export writes, every page of it. */
  view: Omit<RecordListInput, "cursor" | "limit">;
};

/** A list page's Import (with its dialog) and Export buttons. */
export function ImportExportButtons({ config, view }: ImportExportButtonsProps) {
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState<number | null>(null);
  const properties = usePropertyDefinitions(config.object);

  const handleExport = async () => {
    setExporting(0);
    try {
      const count = await exportRecordsCsv(config, view, properties.data ?? [], setExporting);
      toast.success(`Exported ${count.toLocaleString()} ${count === 1 ? config.noun[0] : config.noun[1]}.`);
    } catch (error) {
      toast.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setExporting(null);
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setImporting(true)}>
        <Upload className="size-4" aria-hidden />
        Import
      </Button>
      <Button
        variant="secondary"
        onClick={() => void handleExport()}
        pending={exporting !== null}
        title={exporting ? `${exporting.toLocaleString()} rows so far` : `Export this view as CSV`}
      >
        <Download className="size-4" aria-hidden />
        Export
      </Button>
      <ImportDialog config={config} open={importing} onOpenChange={setImporting} />
    </>
  );
}
