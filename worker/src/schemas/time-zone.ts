import { z } from "zod";
import { isTimeZone } from "../domain/time-zones";

export const timeZoneName = z.string().trim().max(64).refine(isTimeZone, "Choose a valid time zone.");
