import { BarChart3 } from "lucide-react";
import { AreaPage } from "../../ui/area-page";

export default function ReportsPage() {
  return (
    <AreaPage
      title="Reports"
      description="Pipeline, forecast, win rate and activity."
      icon={BarChart3}
      emptyTitle="No data to report yet"
      emptyDescription="Reports fill in as your team works deals: pipeline by stage, forecast, win rate and sales cycle length."
    />
  );
}
