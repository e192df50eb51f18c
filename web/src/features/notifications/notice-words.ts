import type { NotificationKind } from "../../../../drizzle/values";

type Notice = { kind: NotificationKind; count: number; title: string; subject: string | null };

/**
 * What a notification says after who did it: "gave you a task: Call Ann back", "gave you 3 tasks: Follow-up call and 2
 * more", "mentioned you on Ann Lee: Can you call her?".
 */
export function noticeWords({ kind, count, title, subject }: Notice) {
  if (kind === "note-mention")
    return { did: subject ? `mentioned you on ${subject}` : "mentioned you in a note", what: title };
  return count === 1
    ? { did: "gave you a task", what: title }
    : { did: `gave you ${count} tasks`, what: `${title} and ${count - 1} more` };
}
