/** What the composer can be asked to log: a call or an email a click started, a call, email or meeting a task was. */
export type LogKind = "call" | "email" | "meeting";

type LogRequest = { kind: LogKind; recordId?: string };

const requests = new EventTarget();
/** A request for a record whose panel is not open yet: its composer takes it as it mounts. */
let pending: Required<LogRequest> | null = null;

/**
 * Asks a record's note composer to log a call, an email or a meeting: a rep who clicked to call or write says how it
 * went next, as HubSpot offers to log the call it placed; one who completed a call task logs how the call went. With
 * no `recordId`, the open record's composer; with one, that record's, now or once its panel opens.
 */
export function requestLog(kind: LogKind, recordId?: string): void {
  pending = recordId ? { kind, recordId } : null;
  requests.dispatchEvent(new CustomEvent<LogRequest>("log", { detail: { kind, recordId } }));
}

/** The request waiting for `recordId`'s composer, taken (once). */
export function takeLogRequest(recordId: string): LogKind | null {
  if (pending?.recordId !== recordId) return null;
  const { kind } = pending;
  pending = null;
  return kind;
}

/** Follows requestLog for the composer of `recordId`; returns the unsubscribe. */
export function onLogRequest(recordId: string, listener: (kind: LogKind) => void): () => void {
  const handle = (event: Event) => {
    const { kind, recordId: asked } = (event as CustomEvent<LogRequest>).detail;
    if (asked !== undefined && asked !== recordId) return;
    if (asked !== undefined) pending = null;
    listener(kind);
  };
  requests.addEventListener("log", handle);
  return () => requests.removeEventListener("log", handle);
}

/**
 * Asks `recordId`'s panel to start a follow-up task with `text` ("Follow-up call tomorrow"), in its task box, focused
 * for the person to finish or change it: a logged call that answered no open task suggests the next one.
 */
export function requestFollowUp(recordId: string, text: string): void {
  requests.dispatchEvent(new CustomEvent("follow-up", { detail: { recordId, text } }));
}

/** Follows requestFollowUp for `recordId`'s task box; returns the unsubscribe. */
export function onFollowUpRequest(recordId: string, listener: (text: string) => void): () => void {
  const handle = (event: Event) => {
    const { recordId: asked, text } = (event as CustomEvent<{ recordId: string; text: string }>).detail;
    if (asked === recordId) listener(text);
  };
  requests.addEventListener("follow-up", handle);
  return () => requests.removeEventListener("follow-up", handle);
}
