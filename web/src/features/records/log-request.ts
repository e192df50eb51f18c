/** What a click on a record's phone or email action asks its panel to log next. */
export type LogKind = "call" | "email";

const requests = new EventTarget();

/**
 * Asks the open record's note composer to log a call or an email: a rep who clicked to call or write says how it
 * went next, as HubSpot offers to log the call it placed.
 */
export function requestLog(kind: LogKind): void {
  requests.dispatchEvent(new CustomEvent<LogKind>("log", { detail: kind }));
}

/** Follows requestLog; returns the unsubscribe. */
export function onLogRequest(listener: (kind: LogKind) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<LogKind>).detail);
  requests.addEventListener("log", handle);
  return () => requests.removeEventListener("log", handle);
}
