import { Plug } from "lucide-react";
import { EmptyState } from "../../ui/empty-state";
import { SettingsSection } from "./settings-section";

export default function IntegrationsPage() {
  return (
    <SettingsSection title="Integrations" description="Outgoing webhooks and API tokens.">
      <EmptyState
        icon={Plug}
        title="No integrations yet"
        description="Webhooks send your records' changes to other tools; API tokens let your own scripts call the CRM."
      />
    </SettingsSection>
  );
}
