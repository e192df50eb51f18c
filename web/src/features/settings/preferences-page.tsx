import { SettingsSection, SettingsStack } from "./settings-section";
import { TaskRemindersSettings } from "./task-reminders-settings";
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
      <SettingsSection
        title="Task reminders"
        description="For your tasks due today at a set time, while the app is open in a tab: open, complete or snooze each from its reminder. Saved in this browser."
      >
        <TaskRemindersSettings />
      </SettingsSection>
    </SettingsStack>
  );
}
