import { SettingsSection, SettingsStack } from "./settings-section";
import { ThemePicker } from "./theme-picker";
import { TimeLocalePicker } from "./time-locale-picker";

export default function PreferencesPage() {
  return (
    <SettingsStack>
      <SettingsSection title="Theme" description="Saved in this browser. Switch any time from the command palette too.">
        <ThemePicker />
      </SettingsSection>
      <SettingsSection
        title="Dates and times"
        description="How every date in the app is written. Saved in this browser."
      >
        <TimeLocalePicker />
      </SettingsSection>
    </SettingsStack>
  );
}
