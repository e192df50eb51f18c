import { useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { headerActionLabel } from "../../ui/page";
import { useCsvExport } from "../import/use-export";
import type { DayRange } from "./day-range";
import { exportTasksCsv } from "./export-tasks";
import type { TaskTab } from "./task-types";
import type { TaskFilter } from "./use-task-lists";

/** The page's Export: every task of the tab shown, as it is filtered and searched, as a CSV file. */
export function TaskExportButton({
  tab,
  filter,
  range,
  empty,
}: {
  tab: TaskTab;
  filter: TaskFilter;
  range: DayRange;
  /** The tab holds no task: nothing to write. */
  empty: boolean;
}) {
  const queryClient = useQueryClient();
  const exporting = useCsvExport(["task", "tasks"]);
  const run = () =>
    exporting.run(async (onProgress) => {
      const members = await queryClient.fetchQuery(trpc.organization.listMembers.queryOptions());
      return exportTasksCsv(tab, filter, range, members, onProgress);
    });
  return (
    <Button
      variant="secondary"
      onClick={() => void run()}
      disabled={empty}
      pending={exporting.rows !== null}
      title={exporting.rows ? `${exporting.rows.toLocaleString()} rows so far` : "Export these tasks as CSV"}
    >
      {!exporting.rows && <Download className="size-4" aria-hidden />}
      <span className={headerActionLabel}>Export</span>
    </Button>
  );
}
