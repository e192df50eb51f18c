import { z } from "zod";

/** Whether the runtime knows an IANA time zone ("Europe/Paris", "UTC"). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneName = z.string().trim().max(64).refine(isTimeZone, "Choose a valid time zone.");
