import {
  ArrowRightLeft,
  Bot,
  CalendarDays,
  GitMerge,
  ListChecks,
  Mail,
  Pencil,
  Phone,
  Pin,
  PinOff,
  Plus,
  RotateCcw,
  StickyNote,
  Trash,
  type LucideIcon,
} from "lucide-react";
import { readTaskLine, type ActivityKind, type TaskLineEvent } from "../../../../drizzle/values";
import { aTaskType } from "../tasks/task-type";
import { useCurrentUser } from "../auth/use-current-user";
import { memberName, mentionHandles, useMembers } from "../members/use-members";

/** An activity as its words are made from it: what kind it is and what its summary says. */
type Described = { kind: ActivityKind; summary: string | null };

/** Each kind of activity: its icon, and its verb for a record of `noun`. */
export const activityKinds: Record<ActivityKind, { icon: LucideIcon; verb: (noun: string) => string }> = {
  created: { icon: Plus, verb: (noun) => `created this ${noun}` },
  updated: { icon: Pencil, verb: () => "updated" },
  deleted: { icon: Trash, verb: (noun) => `moved this ${noun} to the trash` },
  restored: { icon: RotateCcw, verb: (noun) => `restored this ${noun}` },
  merged: { icon: GitMerge, verb: () => "merged a duplicate into this record" },
  note: { icon: StickyNote, verb: () => "added a note" },
  call: { icon: Phone, verb: () => "logged a call" },
  meeting: { icon: CalendarDays, verb: () => "logged a meeting" },
  email: { icon: Mail, verb: () => "logged an email" },
  task: { icon: ListChecks, verb: () => "added a task" },
  stage: { icon: ArrowRightLeft, verb: () => "moved the stage" },
  agent: { icon: Bot, verb: () => "acted on this record" },
};

/** Entries whose summary is what someone wrote: a note, or what a logged call, meeting or email said. */
export const writtenKinds = new Set<ActivityKind>(["note", "call", "meeting", "email"]);

const taskVerbs: Record<TaskLineEvent, string> = {
  created: "added",
  completed: "completed",
  deleted: "deleted",
  restored: "restored",
  linked: "linked",
  unlinked: "unlinked",
};

/**
 * An entry's icon and words. Note edits and deletions are "note" activities too (a logged call's are "call" ones),
 * told apart by their summary; a merge's summary names record ids, which the verb already says in words.
 */
export function describeActivity(
  item: Described,
  noun: string,
): { icon: LucideIcon; verb: string; summary: string | null; hidden: string[] } {
  const kind = activityKinds[item.kind] ?? activityKinds.updated;
  const summary = item.summary;
  const edited = `Edited a ${item.kind}: `;
  if (summary?.startsWith(edited))
    return { icon: kind.icon, verb: `edited a ${item.kind}`, summary: summary.slice(edited.length), hidden: ["body"] };
  for (const [said, icon] of [
    ["Pinned", Pin],
    ["Unpinned", PinOff],
    ["Restored", RotateCcw],
  ] as const) {
    const pinLine = `${said} a ${item.kind}: `;
    if (summary?.startsWith(pinLine))
      return { icon, verb: `${said.toLowerCase()} a ${item.kind}`, summary: summary.slice(pinLine.length), hidden: [] };
  }
  if (summary === `Deleted a ${item.kind}`)
    return { icon: kind.icon, verb: `deleted a ${item.kind}`, summary: null, hidden: [] };
  if (item.kind === "merged") return { icon: kind.icon, verb: kind.verb(noun), summary: null, hidden: [] };
  // Task entries say what happened to the task, of which type, in their summary: "Call completed: Call Ann back".
  const task = item.kind === "task" && summary ? readTaskLine(summary) : null;
  if (task) {
    const { type } = task;
    return {
      icon: activityKinds[type === "todo" ? "task" : type].icon,
      verb: `${taskVerbs[task.event]} ${type === "todo" ? "a task" : aTaskType(type)}`,
      summary: task.title,
      hidden: [],
    };
  }
  return { icon: kind.icon, verb: kind.verb(noun), summary, hidden: [] };
}

/** Members' names by user id, and who did an activity as the reader says it: "You", a name, or "Someone" (a former member). */
export function useActorNames() {
  const members = useMembers();
  const { data: user } = useCurrentUser();
  const names = new Map(members.data?.map((m) => [m.userId, memberName(m)]));
  const who = (actorId: string) => (actorId === user?.id ? "You" : (names.get(actorId) ?? "Someone"));
  // What a note names teammates by, to mark them (LinkedText).
  const mentionable = [...mentionHandles(members.data ?? []).values()];
  return { names, who, mentionable };
}

/** A change to a custom property, as the timeline lists it: `prop:<key>`, the list engine's name for it. */
const PROPERTY_CHANGE = "prop:";

/** Two stored values alike (JSON-compared, as the server tells changes apart); unset and null alike. */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * An entry's changes, one a field: a change to the record's custom properties (stored as the whole set before and
 * after) is one change for each property whose value moved, named `prop:<key>`, in the order they are held.
 */
export function fieldChanges(changes: Record<string, [unknown, unknown]> | null): [string, [unknown, unknown]][] {
  return Object.entries(changes ?? {}).flatMap(([field, [from, to]]): [string, [unknown, unknown]][] => {
    if (field !== "properties") return [[field, [from, to]]];
    const before = (from ?? {}) as Record<string, unknown>;
    const after = (to ?? {}) as Record<string, unknown>;
    return [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((key) => !sameValue(before[key], after[key]))
      .map((key) => [`${PROPERTY_CHANGE}${key}`, [before[key] ?? null, after[key] ?? null]]);
  });
}

/** The property key a change names, if it is a custom property's. */
export const changedPropertyKey = (field: string) =>
  field.startsWith(PROPERTY_CHANGE) ? field.slice(PROPERTY_CHANGE.length) : null;
