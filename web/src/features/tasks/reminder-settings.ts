import { storedPreference } from "../../lib/stored-preference";
import type { ReminderLead } from "./reminder-schedule";

const leads: ReminderLead[] = [0, 5, 15, 30];

/** When reminders show, saved in this browser: minutes before a task's due time, or "off". At the due time unless set. */
export const reminderLead = storedPreference<ReminderLead | "off">("taskReminders", (stored) => {
  if (stored === "off") return "off";
  const minutes = Number(stored ?? 0);
  return leads.find((lead) => lead === minutes) ?? 0;
});

export const reminderLeadChoices: { value: ReminderLead | "off"; label: string }[] = [
  { value: 0, label: "At the due time" },
  { value: 5, label: "5 minutes before" },
  { value: 15, label: "15 minutes before" },
  { value: 30, label: "30 minutes before" },
  { value: "off", label: "Off" },
];

/** Whether a reminder also shows as a desktop notification while the app's tab is in the background. */
export const desktopReminders = storedPreference("taskRemindersOnDesktop", (stored) => stored === "on");

/** What the browser lets this site do: "unsupported" where it has no notifications (an iPhone's Safari tab). */
export function notificationPermission(): NotificationPermission | "unsupported" {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}
