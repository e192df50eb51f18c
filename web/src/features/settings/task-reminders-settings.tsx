import { useState } from "react";
import { Field, Select } from "../../ui/input";
import { Switch } from "../../ui/switch";
import {
  desktopReminders,
  notificationPermission,
  reminderLead,
  reminderLeadChoices,
} from "../tasks/reminder-settings";

/** Why a desktop notification cannot show, or null when it can. */
function desktopProblem(permission: ReturnType<typeof notificationPermission>): string | null {
  if (permission === "unsupported") return "This browser does not show notifications from websites.";
  if (permission === "denied")
    return "The browser blocks notifications from this site. Allow them in the site's settings (the icon beside the address), then turn this on again.";
  if (permission === "default") return "Turn this on again and allow notifications when the browser asks.";
  return null;
}

/** When the caller's tasks remind them, and whether as desktop notifications too. */
export function TaskRemindersSettings() {
  const lead = reminderLead.use();
  const desktop = desktopReminders.use();
  const [permission, setPermission] = useState(notificationPermission);
  // While the browser asks, the switch is on and nothing is said yet.
  const [asking, setAsking] = useState(false);
  const problem = desktop && !asking ? desktopProblem(permission) : null;

  const handleDesktop = async (on: boolean) => {
    if (!on) return desktopReminders.set(undefined);
    desktopReminders.set("on");
    // Asked on the click that turns it on (browsers ignore a request no gesture made); already allowed or blocked, the
    // browser answers at once, so an answer changed in the site's settings since the page opened is read too.
    if (permission === "unsupported") return;
    setAsking(true);
    try {
      setPermission(await Notification.requestPermission());
    } finally {
      setAsking(false);
    }
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
      <Field label="Remind me of my tasks">
        {(props) => (
          <Select
            {...props}
            name="taskReminders"
            value={String(lead)}
            onChange={(event) => reminderLead.set(event.target.value)}
          >
            {reminderLeadChoices.map((choice) => (
              <option key={choice.value} value={String(choice.value)}>
                {choice.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="space-y-2 sm:pt-6">
        <Switch
          checked={desktop && !problem}
          onChange={(on) => void handleDesktop(on)}
          disabled={lead === "off"}
          label="Desktop notifications"
          description="Also when the app's tab is in the background."
        />
        {problem && (
          <p role="alert" className="text-xs text-danger">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
