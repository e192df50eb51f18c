import { Bot } from "lucide-react";
import { AreaPage } from "../../ui/area-page";

export default function AgentsPage() {
  return (
    <AreaPage
      title="Agents"
      description="Automations that watch your records and act on rules."
      icon={Bot}
      emptyTitle="No agents yet"
      emptyDescription="Agents run on a schedule or on record events, and post what they did to their updates feed."
    />
  );
}
