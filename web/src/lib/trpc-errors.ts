import type { StaleChange } from "../../../worker/src/trpc";
import { formatDateTime, formatTime } from "./format";

/** The tRPC code of a failed call (`CONFLICT`, `BAD_REQUEST` …), when the server answered. */
export function errorCode(error: unknown): string | undefined {
  return (error as { data?: { code?: string } | null } | null)?.data?.code;
}

/** The server refused what clashes with what it holds: a stale version (isStale), a value another record holds… */
export function isConflict(error: unknown): boolean {
  return errorCode(error) === "CONFLICT";
}

/** The record is not there (deleted, or never the organization's). */
export function isNotFound(error: unknown): boolean {
  return errorCode(error) === "NOT_FOUND";
}

/** A teammate saved first: the save carried a stale version, and the CONFLICT says who changed it and when. */
export function isStale(error: unknown): boolean {
  return isConflict(error) && Boolean((error as { data?: { change?: StaleChange | null } }).data?.change);
}

/** The request never got an answer (offline, the server unreachable): trying again may work. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const failed = error as { data?: unknown; cause?: unknown } | null;
  return failed !== null && typeof failed === "object" && !failed.data && failed.cause instanceof TypeError;
}

/**
 * What a failed save may offer to do with the same value: "Save mine" when a teammate saved first
 * (the record has been re-read, so the person chooses to overwrite), "Retry" when the request got
 * no answer; nothing for a refusal that would only repeat (an invalid value, a value another record
 * holds, no permission).
 */
export function saveAgainLabel(error: unknown): "Save mine" | "Retry" | undefined {
  if (isStale(error)) return "Save mine";
  if (isNetworkFailure(error)) return "Retry";
  return undefined;
}

/**
 * What a failed call says to the person: the server's message, except for a save refused because a
 * teammate saved first (CONFLICT with `data.change`), said in their own time zone and without the
 * server's "Reload to see their change": where the app shows this, it has re-read the record and offers
 * "Save mine", and a reload would throw away what was typed.
 */
export function errorMessage(error: unknown, now = new Date()): string {
  const change = (error as { data?: { change?: StaleChange | null } | null } | null)?.data?.change;
  if (!change) return error instanceof Error ? error.message : String(error);
  const who = change.by.charAt(0).toUpperCase() + change.by.slice(1); // "a teammate" starts a sentence
  if (!change.at) return `${who} changed this ${change.noun} meanwhile.`;
  const at = new Date(change.at);
  const when = at.toDateString() === now.toDateString() ? `at ${formatTime(at)}` : `on ${formatDateTime(at)}`;
  return `${who} changed this ${change.noun} ${when}.`;
}
