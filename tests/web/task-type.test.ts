import { describe, expect, it } from "vitest";
import { newTaskFields, parseQuickAdd } from "../../web/src/features/tasks/parse-quick-add";
import { typeOfTitle } from "../../web/src/features/tasks/task-type";
import { logLabel, logOf, taskLoggedBy } from "../../web/src/features/tasks/log-task";
import { finishedText, parseQueue, workPath } from "../../web/src/features/tasks/task-queue-store";
import { dueBadge } from "../../web/src/features/tasks/task-counts";

const now = new Date(2026, 10, 22, 14, 0);

describe("typeOfTitle", () => {
  it("reads a call, an email or a meeting from the title's first word", () => {
    expect(
      ["Call Ann", "ring Bo back", "Phone the office", "Email the deck to Bo", "e-mail pricing", "Reply to Yuki"].map(
        typeOfTitle,
      ),
    ).toEqual(["call", "call", "call", "email", "email", "email"]);
    expect(["Meet Ann at the fair", "Lunch with Bo", "Coffee with Yuki", "Demo for Acme"].map(typeOfTitle)).toEqual([
      "meeting",
      "meeting",
      "meeting",
      "meeting",
    ]);
  });

  it("reads the noun a first word qualifies", () => {
    expect(
      ["Intro call with Acme", "Follow-up call", "follow up call", "Welcome email to Bo", "Kickoff meeting"].map(
        typeOfTitle,
      ),
    ).toEqual(["call", "call", "call", "email", "meeting"]);
  });

  it("leaves anything else a to-do, a verb's look-alikes and a noun further on too", () => {
    expect(
      [
        "Recall the invoice",
        "Callback form fix",
        "Prepare for call with Ann",
        "Check email setup later",
        "Send proposal",
        "Schedule demo with Bo",
        "Meetup planning",
        "",
      ].map(typeOfTitle),
    ).toEqual(["todo", "todo", "todo", "todo", "todo", "todo", "todo", "todo"]);
  });
});

describe("quick add's type", () => {
  it("reads it from the title left once the date and priority are out", () => {
    const parsed = parseQuickAdd("Call Ann tomorrow 3pm !high", now);
    expect(parsed).toMatchObject({ title: "Call Ann", type: "call", priority: "high" });
    expect(parsed.dueAt).toEqual(new Date(2026, 10, 23, 15, 0));
    expect(parseQuickAdd("tomorrow call Ann", now)).toMatchObject({ title: "call Ann", type: "call" });
    expect(parseQuickAdd("Renew contract friday", now).type).toBe("todo");
  });

  it("gives tasks.create the type with the rest, and a repeat with its zone", () => {
    const fields = newTaskFields(parseQuickAdd("Standup meeting every weekday 9am", now));
    expect(fields).toMatchObject({ title: "Standup meeting", type: "meeting", priority: "normal", repeat: "weekdays" });
    expect(typeof fields.repeatZone).toBe("string");
    expect(newTaskFields(parseQuickAdd("Send the deck", now))).toEqual({
      title: "Send the deck",
      dueAt: null,
      priority: "normal",
      type: "todo",
    });
  });
});

describe("logging a done task", () => {
  it("offers a call, an email or a meeting linked to a contact or company, and nothing else", () => {
    expect(logOf({ type: "call", recordObject: "contact", recordId: "con_1" })).toEqual({
      kind: "call",
      object: "contact",
      id: "con_1",
    });
    expect(logOf({ type: "meeting", recordObject: "company", recordId: "com_1" })?.kind).toBe("meeting");
    expect(logOf({ type: "todo", recordObject: "contact", recordId: "con_1" })).toBeNull();
    expect(logOf({ type: "call", recordObject: null, recordId: null })).toBeNull();
    expect(["call", "email", "meeting"].map((kind) => logLabel(kind as "call"))).toEqual([
      "Log call",
      "Log email",
      "Log meeting",
    ]);
  });
});

describe("a task queue", () => {
  const stored = (queue: object) => JSON.stringify(queue);
  const queue = {
    user: "u1",
    ids: ["tsk_a", "tsk_b"],
    at: 1,
    done: 1,
    rescheduled: 0,
    skipped: 0,
    from: "/tasks?view=upcoming",
  };

  it("is its starter's alone, and only while well formed", () => {
    expect(parseQueue(stored(queue), "u1")).toEqual(queue);
    expect(parseQueue(stored(queue), "u2")).toBeNull();
    expect(parseQueue(stored(queue), undefined)).toBeNull();
    expect(parseQueue(stored({ ...queue, at: 2 }), "u1")).toBeNull();
    expect(parseQueue(stored({ ...queue, from: "https://evil.example/tasks" }), "u1")).toBeNull();
    expect(parseQueue("{not json", "u1")).toBeNull();
    expect(parseQueue(stored({ ...queue, done: "3", skipped: -1 }), "u1")).toMatchObject({ done: 0, skipped: 0 });
    const { rescheduled: _, ...older } = queue;
    expect(parseQueue(stored(older), "u1")?.rescheduled).toBe(0);
  });

  it("says how it went once finished, rescheduled ones when there are any", () => {
    expect(finishedText({ done: 3, rescheduled: 0, skipped: 1 })).toBe("Queue finished: 3 done, 1 skipped.");
    expect(finishedText({ done: 3, rescheduled: 2, skipped: 0 })).toBe(
      "Queue finished: 3 done, 2 rescheduled, 0 skipped.",
    );
  });

  it("works a linked task on its record's panel, and another beside the list it came from", () => {
    const task = { id: "tsk_a", type: "call" as const, recordObject: "company" as const, recordId: "com_1" };
    expect(workPath(task, "/tasks?view=today")).toBe("/companies?open=com_1");
    expect(workPath({ ...task, recordObject: null, recordId: null }, "/tasks?view=upcoming&type=call")).toBe(
      "/tasks?view=upcoming&type=call&task=tsk_a",
    );
    expect(workPath({ ...task, recordObject: null, recordId: null }, "/tasks")).toBe("/tasks?task=tsk_a");
  });
});

describe("the task a logged call answers", () => {
  const dayEnd = new Date(2026, 10, 23, 0, 0);
  const task = (id: string, type: string, dueAt: Date | null, status = "open") =>
    ({ id, type, dueAt, status }) as unknown as Parameters<typeof taskLoggedBy>[0][number];

  it("is the earliest open one of that kind due by today's end, or undated", () => {
    const tasks = [
      task("later", "call", new Date(2026, 10, 25, 9)),
      task("undated", "call", null),
      task("today", "call", new Date(2026, 10, 22, 15)),
      task("overdue-email", "email", new Date(2026, 10, 20, 9)),
      task("done", "call", new Date(2026, 10, 21, 9), "done"),
    ];
    expect(taskLoggedBy(tasks, "call", dayEnd)?.id).toBe("today");
    expect(taskLoggedBy(tasks, "email", dayEnd)?.id).toBe("overdue-email");
    expect(taskLoggedBy(tasks, "meeting", dayEnd)).toBeNull();
    expect(taskLoggedBy([tasks[0]!], "call", dayEnd)).toBeNull();
    expect(taskLoggedBy([tasks[1]!], "call", dayEnd)?.id).toBe("undated");
  });
});

describe("the sidebar's count of tasks due", () => {
  it("adds overdue and today's, red when some are late, said in words, none when nothing is due", () => {
    expect(dueBadge({ overdue: 2, today: 1 })).toEqual({ text: "3", urgent: true, said: "2 overdue, 1 due today" });
    expect(dueBadge({ overdue: 0, today: 4 })).toEqual({ text: "4", urgent: false, said: "4 due today" });
    expect(dueBadge({ overdue: 120, today: 0 })).toMatchObject({ text: "99+", said: "120 overdue" });
    expect(dueBadge({ overdue: 0, today: 0 })).toBeNull();
    expect(dueBadge(undefined)).toBeNull();
  });
});
