import { Activity } from "lucide-react";
import { AreaPage } from "../../ui/area-page";

export default function AgentPage() {
  return (
    <AreaPage
      title="Agent activity"
      description="Every run of this agent, with what it matched and did."
      icon={Activity}
      emptyTitle="No runs recorded"
      emptyDescription="This agent has not run yet, or it does not exist in your workspace."
    />
  );
}
