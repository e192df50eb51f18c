import type { NotificationKind } from "../../../../drizzle/values";

type Notice = {
  kind: NotificationKind;
  count: number;
  title: string;
  subject: string | null;
  recordObject: "contact" | "company" | "deal" | null;
};

const nouns = { contact: ["contact", "contacts"], company: ["company", "companies"], deal: ["deal", "deals"] } as const;

/**
 * What a notification says after who did it: "gave you a task: Call Ann back", "gave you 3 tasks: Follow-up call and 2
 * more", "mentioned you on Ann Lee: Can you call her?", "gave you 40 contacts: Ann Lee and 39 more".
 */
export function noticeWords({ kind, count, title, subject, recordObject }: Notice) {
  // A task's notes name the task, quoted; a contact's or company's name is as it is.
  if (kind === "note-mention" && !recordObject)
    return { did: subject ? `mentioned you on “${subject}”` : "mentioned you on a task", what: title };
  if (kind === "note-mention")
    return { did: subject ? `mentioned you on ${subject}` : "mentioned you in a note", what: title };
  const first = kind === "record-assigned" ? (subject ?? "") : title;
  const [one, many] = kind === "record-assigned" ? nouns[recordObject ?? "contact"] : ["task", "tasks"];
  return count === 1
    ? { did: `gave you a ${one}`, what: first }
    : {
        did: `gave you ${count.toLocaleString("en-US")} ${many}`,
        what: `${first} and ${(count - 1).toLocaleString("en-US")} more`,
      };
}
