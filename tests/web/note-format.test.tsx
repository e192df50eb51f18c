import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { continueList, noteBlocks, toggleBold } from "../../web/src/ui/note-format";
import { NoteText } from "../../web/src/ui/note-text";

describe("noteBlocks", () => {
  it("reads runs of '- ' and '1. ' lines as lists, and keeps the rest as written", () => {
    expect(noteBlocks("Call notes:\n- budget approved\n* pilot in May\n\n2. send deck\n3) book demo\nThanks")).toEqual([
      { kind: "text", text: "Call notes:" },
      { kind: "bullets", items: ["budget approved", "pilot in May"] },
      { kind: "text", text: "" },
      { kind: "numbers", start: 2, items: ["send deck", "book demo"] },
      { kind: "text", text: "Thanks" },
    ]);
    // Not a list: a dash inside a sentence, or a number without its mark.
    expect(noteBlocks("Q3 - maybe\n2026 was good")).toEqual([{ kind: "text", text: "Q3 - maybe\n2026 was good" }]);
  });
});

describe("continueList", () => {
  it("goes on with the list at the end of an item, numbered on", () => {
    expect(continueList("- budget", 8, 8)).toEqual({ text: "- budget\n- ", start: 11, end: 11 });
    expect(continueList("Plan\n  9. ship", 14, 14)).toEqual({ text: "Plan\n  9. ship\n  10. ", start: 21, end: 21 });
    expect(continueList("1) a", 4, 4)).toEqual({ text: "1) a\n2) ", start: 8, end: 8 });
  });

  it("ends the list on an empty item, and is a plain line break elsewhere", () => {
    expect(continueList("- a\n- ", 6, 6)).toEqual({ text: "- a\n", start: 4, end: 4 });
    expect(continueList("just text", 9, 9)).toBeNull();
    // Inside an item's words, or over a selection: the line breaks there.
    expect(continueList("- budget", 4, 4)).toBeNull();
    expect(continueList("- budget", 2, 8)).toBeNull();
  });
});

describe("toggleBold", () => {
  it("makes the selection bold, and plain again", () => {
    expect(toggleBold("a big deal", 2, 5)).toEqual({ text: "a **big** deal", start: 4, end: 7 });
    expect(toggleBold("a **big** deal", 4, 7)).toEqual({ text: "a big deal", start: 2, end: 5 });
    expect(toggleBold("x", 1, 1)).toEqual({ text: "x****", start: 3, end: 3 });
  });
});

describe("NoteText", () => {
  it("shows lists as lists and bold as bold, with links and mentions as ever", () => {
    const { container } = render(
      <NoteText text={"Next:\n- **call** @Nina Owner\n- see https://acme.example"} mentions={["Nina Owner"]} />,
    );
    expect([...container.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "call @Nina Owner",
      "see https://acme.example",
    ]);
    expect(container.querySelector("strong")?.textContent).toBe("call");
    expect(container.querySelector("[data-mention]")?.textContent).toBe("@Nina Owner");
    expect(container.querySelector("a")?.getAttribute("href")).toBe("https://acme.example");
    expect(container.querySelector("p")?.textContent).toBe("Next:");
  });
});
