/** Enumerations shared by the schema, the routers' inputs and the web (no ORM import here). */
export const roles = ["owner", "admin", "member"] as const;
export type Role = (typeof roles)[number];

export const stageKinds = ["open", "won", "lost"] as const;

export const feedbackCategories = ["bug", "idea", "praise", "other"] as const;
export type FeedbackCategory = (typeof feedbackCategories)[number];
export const feedbackStatuses = ["new", "planned", "done", "dismissed"] as const;

export const leadStatuses = ["new", "contacted", "qualified", "unqualified", "customer"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** Objects that carry custom properties, saved views and a timeline. */
export const recordObjects = ["contact", "company", "deal"] as const;
export type RecordObject = (typeof recordObjects)[number];

/** Objects that carry tags (a `tags` JSON column, mirrored in `record_tags`). */
export const taggedObjects = ["contact", "company"] as const;
export type TaggedObject = (typeof taggedObjects)[number];

/** What an activity can be about: a record's timeline, or a task's own history. */
export const activityObjects = [...recordObjects, "task"] as const;
export type ActivityObject = (typeof activityObjects)[number];

export const propertyTypes = [
  "text",
  "number",
  "currency",
  "date",
  "boolean",
  "select",
  "multi-select",
  "url",
  "email",
] as const;
export type PropertyType = (typeof propertyTypes)[number];

/** What a record's note is: a plain note, or a call, meeting or email someone logged. */
export const noteKinds = ["note", "call", "meeting", "email"] as const;
export type NoteKind = (typeof noteKinds)[number];
/** How a logged call or meeting went (CRMs' usual outcomes); a note or email has none. */
export const noteOutcomes = {
  call: ["connected", "left-voicemail", "no-answer", "busy", "wrong-number"],
  meeting: ["completed", "rescheduled", "no-show", "canceled"],
} as const;
export type NoteOutcome = (typeof noteOutcomes)[keyof typeof noteOutcomes][number];
export const noteOutcomeLabels: Record<NoteOutcome, string> = {
  connected: "Connected",
  "left-voicemail": "Left voicemail",
  "no-answer": "No answer",
  busy: "Busy",
  "wrong-number": "Wrong number",
  completed: "Completed",
  rescheduled: "Rescheduled",
  "no-show": "No-show",
  canceled: "Canceled",
};

export const taskStatuses = ["open", "done"] as const;
export const taskPriorities = ["low", "normal", "high"] as const;
/** What kind of work a task is: a call, an email or a meeting is logged as one once done (HubSpot's task types). */
export const taskTypes = ["todo", "call", "email", "meeting"] as const;

/** What befell a task, as the line on its linked record's timeline says. */
export const taskLineEvents = ["created", "completed", "deleted", "restored", "linked", "unlinked"] as const;
export type TaskLineEvent = (typeof taskLineEvents)[number];

/** A task's line names its type; a to-do's, and the lines written before tasks had types, say "Task". */
const taskLineNouns: Record<(typeof taskTypes)[number], string> = {
  todo: "Task",
  call: "Call",
  email: "Email",
  meeting: "Meeting",
};
const taskLinePattern = new RegExp(
  `^(${Object.values(taskLineNouns).join("|")}) (${taskLineEvents.join("|")}): (.*)$`,
  "s",
);

/** The summary of a task's line, as the worker writes it: "Call completed: Call Ann back". */
export const taskLineSummary = (type: (typeof taskTypes)[number], event: TaskLineEvent, title: string) =>
  `${taskLineNouns[type]} ${event}: ${title}`;

/** A task line's summary read back, as the timeline tells it; null for any other summary. */
export function readTaskLine(
  summary: string,
): { type: (typeof taskTypes)[number]; event: TaskLineEvent; title: string } | null {
  const match = taskLinePattern.exec(summary);
  if (!match) return null;
  const type = taskTypes.find((candidate) => taskLineNouns[candidate] === match[1])!;
  return { type, event: match[2] as TaskLineEvent, title: match[3]! };
}

/** How often a repeating task comes back once done (worker/src/domain/tasks/repeat.ts). */
export const taskRepeats = ["daily", "weekdays", "weekly", "biweekly", "monthly", "quarterly", "yearly"] as const;

export const activityKinds = [
  "created",
  "updated",
  "deleted",
  "restored",
  "merged",
  "note",
  "call",
  "meeting",
  "email",
  "task",
  "stage",
  "agent",
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/**
 * What the home page's recent activity lists: what people did with records (notes, logged calls,
 * meetings and emails, tasks, stage moves, merges), not every field change, creation or import row.
 */
export const feedKinds = [
  "note",
  "call",
  "meeting",
  "email",
  "task",
  "stage",
  "merged",
] as const satisfies readonly ActivityKind[];
export type FeedKind = (typeof feedKinds)[number];

/**
 * What a notification tells: tasks a teammate gave the reader, a note of theirs naming the reader, contacts or
 * companies they made the reader the owner of.
 */
export const notificationKinds = ["task-assigned", "note-mention", "record-assigned"] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** How a member is named (in the app, and after an "@" in a note): their display name, else their email. */
export function memberName(member: { displayName: string | null; email: string }): string {
  return member.displayName?.trim() || member.email;
}

type Mentionable = { userId: string; displayName: string | null; email: string };

/**
 * What follows the "@" that names each member in a note, by user id: their name (memberName), or their email while
 * another member has the same name, any case, so that two "Ann Lee"s are told apart and only the one meant is told.
 */
export function mentionHandles(members: readonly Mentionable[]): Map<string, string> {
  const named = new Map<string, number>();
  for (const member of members) {
    const name = memberName(member).toLowerCase();
    named.set(name, (named.get(name) ?? 0) + 1);
  }
  return new Map(
    members.map((member) => [
      member.userId,
      named.get(memberName(member).toLowerCase())! > 1 ? member.email : memberName(member),
    ]),
  );
}

/**
 * The members a note names with "@" and their handle (mentionHandles), any case, as the note composer writes it
 * ("@Nina Owner"), the name ending there ("@Ann" is not "@Anna"). At each "@" the longest handle found there counts,
 * so "@Ann Lee" names Ann Lee and not also a member called Ann, and a name two members share names no one. Their user
 * ids, in the members' order.
 */
export function mentionsIn(body: string, members: readonly Mentionable[]): string[] {
  const text = body.toLowerCase();
  // A name two members share names neither, yet is still the longest there: "@Bo Brandt" is not "@Bo".
  const handles = [
    ...[...mentionHandles(members)].map(([userId, handle]) => ({ userId, mention: handle })),
    ...members.map((member) => ({ userId: null, mention: memberName(member) })),
  ]
    .map(({ userId, mention }) => ({ userId, mention: `@${mention.toLowerCase()}` }))
    .sort((a, b) => b.mention.length - a.mention.length || (a.userId ? -1 : 1));
  const named = new Set<string>();
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    const found = handles.find(
      ({ mention }) => text.startsWith(mention, at) && !/[\p{L}\p{N}]/u.test(text[at + mention.length] ?? ""),
    );
    if (found?.userId) named.add(found.userId);
  }
  return members.filter((member) => named.has(member.userId)).map((member) => member.userId);
}
