import * as chrono from "chrono-node";

/** When a logged call, meeting or email took place, read from what the person typed. */
export type When = { at: Date | null; error: string | null };

/** A minute's grace: "now" typed a moment ago is not the future. */
const GRACE_MS = 60_000;

/**
 * "yesterday 3pm", "last friday", "2 hours ago" → that time; nothing typed → now (null: the server's
 * clock). A day without a time keeps the current time of day. What is logged has happened, so a time
 * ahead of now is an error, as is text that holds no date.
 */
export function parseWhen(text: string, now = new Date()): When {
  if (!text.trim()) return { at: null, error: null };
  const [match] = chrono.parse(text, now);
  if (!match) return { at: null, error: "Write a time like 'yesterday 3pm' or '2 hours ago'." };
  const at = match.start.date();
  if (!match.start.isCertain("hour")) at.setHours(now.getHours(), now.getMinutes(), 0, 0);
  if (+at > +now + GRACE_MS) return { at: null, error: "That is in the future: log what has happened." };
  return { at, error: null };
}
