import { ListChecks } from "lucide-react";
import { AreaPage } from "../../ui/area-page";

export default function AgentRulePage() {
  return (
    <AreaPage
      title="Rule"
      description="Conditions and actions of one rule, with a dry run on live data."
      icon={ListChecks}
      emptyTitle="Rule not found"
      emptyDescription="This rule does not exist in your workspace, or it was deleted."
    />
  );
}
