import { describe, expect, it } from "vitest";
import { noticeWords } from "../../web/src/features/notifications/notice-words";

describe("noticeWords", () => {
  it("names the task given, or the first of several and how many more", () => {
    const given = { kind: "task-assigned" as const, subject: null, recordObject: null };
    expect(noticeWords({ ...given, count: 1, title: "Call Ann back" })).toEqual({
      did: "gave you a task",
      what: "Call Ann back",
    });
    expect(noticeWords({ ...given, count: 3, title: "Follow-up call" })).toEqual({
      did: "gave you 3 tasks",
      what: "Follow-up call and 2 more",
    });
  });

  it("says on which record a note named the reader, with what it says", () => {
    const mention = {
      kind: "note-mention" as const,
      count: 1,
      title: "@Bo can you call her?",
      recordObject: "contact" as const,
    };
    expect(noticeWords({ ...mention, subject: "Ann Lee" })).toEqual({
      did: "mentioned you on Ann Lee",
      what: "@Bo can you call her?",
    });
    expect(noticeWords({ ...mention, subject: null }).did).toBe("mentioned you in a note");
    // A task's notes: the task, quoted.
    expect(noticeWords({ ...mention, recordObject: null, subject: "Renewal call" }).did).toBe(
      "mentioned you on “Renewal call”",
    );
  });

  it("names the contact or company given, or the first of thousands", () => {
    const given = { kind: "record-assigned" as const, title: "" };
    expect(noticeWords({ ...given, count: 1, subject: "Acme", recordObject: "company" })).toEqual({
      did: "gave you a company",
      what: "Acme",
    });
    expect(noticeWords({ ...given, count: 40_000, subject: "Ann Lee", recordObject: "contact" })).toEqual({
      did: "gave you 40,000 contacts",
      what: "Ann Lee and 39,999 more",
    });
  });
});
