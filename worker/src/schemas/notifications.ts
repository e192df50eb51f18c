import { z } from "zod";

/** A page of the caller's notifications, newest first. */
export const NOTIFICATIONS_LISTED = 30;
export const notificationListInput = z
  .object({
    /** The next page: the last notification of the page before (tRPC's infinite queries name it so). */
    cursor: z.string().min(4).max(40).nullish(),
    limit: z.number().int().min(1).max(100).default(NOTIFICATIONS_LISTED),
  })
  .default({ limit: NOTIFICATIONS_LISTED });

/** The unread count stops here ("99+"): a badge has no use for more. */
export const UNREAD_COUNTED = 100;

/** Notifications read: those named, or every one of the caller's when none are. */
export const notificationReadInput = z
  .object({ ids: z.array(z.string().min(4).max(40)).min(1).max(100).optional() })
  .default({});
