import { describe, expect, it } from "vitest";
import { noticeWords } from "../../web/src/features/notifications/notice-words";

describe("noticeWords", () => {
  it("names the task given, or the first of several and how many more", () => {
    expect(noticeWords({ count: 1, title: "Call Ann back" })).toEqual({
      did: "gave you a task",
      what: "Call Ann back",
    });
    expect(noticeWords({ count: 3, title: "Follow-up call" })).toEqual({
      did: "gave you 3 tasks",
      what: "Follow-up call and 2 more",
    });
  });
});
