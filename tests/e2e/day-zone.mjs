// The time zone the browser tests run in: one whose day is hours from its end, so no test sees "today" change
// under it. Tasks are today's, overdue or upcoming by the browser's clock; a run that began near midnight had its
// tasks move to Overdue mid-test (or waited, up to 25 minutes, for the day to turn).

/** Real zones, one per offset from UTC−11 to UTC+14: whatever the hour, one of them is within an hour of noon. */
const ZONES = [
  "Pacific/Pago_Pago",
  "Pacific/Honolulu",
  "America/Anchorage",
  "America/Los_Angeles",
  "America/Denver",
  "America/Chicago",
  "America/New_York",
  "America/Halifax",
  "America/Sao_Paulo",
  "America/Noronha",
  "Atlantic/Cape_Verde",
  "UTC",
  "Europe/Paris",
  "Europe/Athens",
  "Europe/Istanbul",
  "Asia/Dubai",
  "Asia/Karachi",
  "Asia/Dhaka",
  "Asia/Bangkok",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Brisbane",
  "Pacific/Noumea",
  "Pacific/Fiji",
  "Pacific/Tongatapu",
  "Pacific/Kiritimati",
];

/** Minutes since midnight on `zone`'s wall clock at `at`. */
export function minutesIntoDay(zone, at = new Date()) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    hour: "numeric",
    minute: "numeric",
  })
    .formatToParts(at)
    .reduce((all, { type, value }) => ({ ...all, [type]: Number(value) }), {});
  return parts.hour * 60 + parts.minute;
}

/**
 * The machine's own zone while its clock reads between 03:00 and 21:00 (a whole run, even at CI's 90-minute limit,
 * then ends before midnight), else the zone whose clock is nearest noon.
 */
export function dayZone(machineZone = Intl.DateTimeFormat().resolvedOptions().timeZone, at = new Date()) {
  const minutes = minutesIntoDay(machineZone, at);
  if (minutes >= 3 * 60 && minutes < 21 * 60) return machineZone;
  const fromNoon = (zone) => Math.abs(minutesIntoDay(zone, at) - 12 * 60);
  return ZONES.reduce((best, zone) => (fromNoon(zone) < fromNoon(best) ? zone : best));
}
