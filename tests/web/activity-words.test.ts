import { describe, expect, it, vi } from "vitest";
import { taskLineSummary } from "../../drizzle/values";
import {
  activityKinds,
  changedPropertyKey,
  describeActivity,
  fieldChanges,
} from "../../web/src/features/records/activity-words";

// The words are pure; the module's hook (who did it) reads the signed-in user, which needs Firebase.
vi.mock("../../web/src/features/auth/use-current-user", () => ({ useCurrentUser: () => ({}) }));
vi.mock("../../web/src/features/members/use-members", () => ({ useMembers: () => ({}), memberName: () => "" }));

describe("describeActivity", () => {
  const words = ({ verb, summary, hidden }: ReturnType<typeof describeActivity>) => ({ verb, summary, hidden });

  it("tells what happened to a task from its summary, and keeps the task's title as the summary", () => {
    const said = (summary: string) => words(describeActivity({ kind: "task", summary }, "contact"));
    expect(said("Task created: Send the deck")).toEqual({ verb: "added a task", summary: "Send the deck", hidden: [] });
    expect(said("Task completed: Send the deck").verb).toBe("completed a task");
    expect(said("Task linked: Send the deck")).toEqual({ verb: "linked a task", summary: "Send the deck", hidden: [] });
    expect(said("Task unlinked: Send the deck")).toEqual({
      verb: "unlinked a task",
      summary: "Send the deck",
      hidden: [],
    });
  });

  it("names a call, an email or a meeting by its type, with its icon", () => {
    const said = (summary: string) => describeActivity({ kind: "task", summary }, "contact");
    expect(words(said("Call completed: Call Ann back"))).toEqual({
      verb: "completed a call",
      summary: "Call Ann back",
      hidden: [],
    });
    expect(said("Email created: Send the deck").verb).toBe("added an email");
    expect(said("Meeting deleted: Kickoff").verb).toBe("deleted a meeting");
    expect(said("Call completed: x").icon).toBe(activityKinds.call.icon);
    expect(said("Email created: x").icon).toBe(activityKinds.email.icon);
    expect(said("Meeting linked: x").icon).toBe(activityKinds.meeting.icon);
    expect(said("Task created: x").icon).toBe(activityKinds.task.icon);
    // What the worker writes is what is read.
    expect(words(said(taskLineSummary("email", "restored", "Send the deck")))).toEqual({
      verb: "restored an email",
      summary: "Send the deck",
      hidden: [],
    });
  });

  it("says a note or logged call was pinned or unpinned, with a pin, keeping what it says", () => {
    const pinned = describeActivity({ kind: "call", summary: "Pinned a call: Connected · Budget in March" }, "contact");
    expect(words(pinned)).toEqual({ verb: "pinned a call", summary: "Connected · Budget in March", hidden: [] });
    const unpinned = describeActivity({ kind: "note", summary: "Unpinned a note: Decides with the CFO" }, "company");
    expect(words(unpinned)).toEqual({ verb: "unpinned a note", summary: "Decides with the CFO", hidden: [] });
    expect(pinned.icon).not.toBe(unpinned.icon);
    expect(pinned.icon).not.toBe(activityKinds.call.icon);
    // A note that merely starts so is a note.
    expect(describeActivity({ kind: "note", summary: "Pinned a note on the board" }, "contact").verb).toBe(
      "added a note",
    );
  });

  it("says a deleted note or call was restored, keeping what it says", () => {
    const restored = describeActivity(
      { kind: "call", summary: "Restored a call: Connected · Budget in March" },
      "contact",
    );
    expect(words(restored)).toEqual({ verb: "restored a call", summary: "Connected · Budget in March", hidden: [] });
    expect(restored.icon).not.toBe(activityKinds.call.icon);
  });

  it("falls back to the kind's verb for a summary it does not know", () => {
    expect(words(describeActivity({ kind: "task", summary: "Task renamed: x" }, "contact"))).toEqual({
      verb: "added a task",
      summary: "Task renamed: x",
      hidden: [],
    });
    expect(describeActivity({ kind: "merged", summary: "con_a into con_b" }, "company").verb).toBe(
      "merged a duplicate into this record",
    );
  });
});

describe("fieldChanges", () => {
  it("lists a change to the custom properties as one change a property that moved", () => {
    expect(
      fieldChanges({
        title: [null, "CEO"],
        properties: [
          { tier: "Gold", seats: 10, tags: ["a"] },
          { tier: "Silver", seats: 10, tags: ["a"], renewal: "2026-06-01" },
        ],
      }),
    ).toEqual([
      ["title", [null, "CEO"]],
      ["prop:tier", ["Gold", "Silver"]],
      ["prop:renewal", [null, "2026-06-01"]],
    ]);
    expect(changedPropertyKey("prop:tier")).toBe("tier");
    expect(changedPropertyKey("title")).toBeNull();
  });

  it("reads a property taken away, and none at all", () => {
    expect(fieldChanges({ properties: [{ tier: "Gold" }, {}] })).toEqual([["prop:tier", ["Gold", null]]]);
    expect(fieldChanges(null)).toEqual([]);
  });
});
