import { Megaphone } from "lucide-react";
import { AreaPage } from "../../ui/area-page";

export default function AgentUpdatesPage() {
  return (
    <AreaPage
      title="Agent updates"
      description="What this agent reported."
      icon={Megaphone}
      emptyTitle="No updates yet"
      emptyDescription="Updates the agent posts appear here, newest first."
    />
  );
}
