import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearDrafts, readDraft, useDraft, writeDraft } from "../../web/src/lib/drafts";

afterEach(() => localStorage.clear());

describe("drafts of unsaved text", () => {
  it("come back when the component is rendered again (panel closed and reopened, tab reloaded)", () => {
    const first = renderHook(() => useDraft("note:contact:con_1"));
    act(() => first.result.current.setText("Called Ann, she wants"));
    first.unmount();

    const again = renderHook(() => useDraft("note:contact:con_1"));
    expect(again.result.current.text).toBe("Called Ann, she wants");
    expect(renderHook(() => useDraft("note:contact:con_2")).result.current.text).toBe("");
  });

  it("end once saved, even after the component is gone, unless the person typed on", () => {
    const { result, unmount } = renderHook(() => useDraft("note:contact:con_1"));
    act(() => result.current.setText("First thought"));
    const { saved } = result.current;
    act(() => result.current.setText("First thought, and a second"));
    act(() => saved("First thought"));
    expect(readDraft("note:contact:con_1")).toBe("First thought, and a second");

    unmount();
    act(() => saved("First thought, and a second"));
    expect(readDraft("note:contact:con_1")).toBe("");
  });

  it("of an edit: the saved text is no draft; a changed one is kept and reopens as one", () => {
    const first = renderHook(() => useDraft("note-edit:nte_1", "Met at the fair"));
    expect(first.result.current).toMatchObject({ text: "Met at the fair", kept: false });
    act(() => first.result.current.setText("Met at the fair"));
    expect(readDraft("note-edit:nte_1")).toBe("");
    act(() => first.result.current.setText("Met at the fair in Lyon"));
    first.unmount();

    const again = renderHook(() => useDraft("note-edit:nte_1", "Met at the fair"));
    expect(again.result.current).toMatchObject({ text: "Met at the fair in Lyon", kept: true });
    expect(again.result.current.saved("something else")).toBe(false);
    expect(again.result.current.saved("Met at the fair in Lyon")).toBe(true);
    expect(readDraft("note-edit:nte_1")).toBe("");
  });

  it("keep nothing for blank text, and all go at sign-out", () => {
    writeDraft("note:contact:con_1", "   ");
    expect(localStorage.length).toBe(0);
    writeDraft("note:contact:con_1", "one");
    writeDraft("note:company:cmp_1", "two");
    localStorage.setItem("team-crm-edited-at", "1");
    clearDrafts();
    expect(readDraft("note:contact:con_1")).toBe("");
    expect(readDraft("note:company:cmp_1")).toBe("");
    expect(localStorage.getItem("team-crm-edited-at")).toBe("1");
  });
});
