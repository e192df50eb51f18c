import { CheckSquare } from "lucide-react";
import { AreaPage } from "../../ui/area-page";

export default function TasksPage() {
  return (
    <AreaPage
      title="Tasks"
      description="What to do today, next, and what is overdue."
      icon={CheckSquare}
      emptyTitle="Nothing to do yet"
      emptyDescription="Tasks you or your agents create show up here, overdue first."
    />
  );
}
