import { SlidersHorizontal } from "lucide-react";
import { EmptyState } from "../../ui/empty-state";
import { SettingsSection } from "./settings-section";

export default function PropertiesPage() {
  return (
    <SettingsSection title="Properties" description="Custom fields for contacts, companies and deals.">
      <EmptyState
        icon={SlidersHorizontal}
        title="No custom properties yet"
        description="Add fields your team needs, such as Industry tier or Renewal date; they appear in forms, tables, filters and imports."
      />
    </SettingsSection>
  );
}
