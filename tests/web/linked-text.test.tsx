import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LinkedText, linkParts, mentionParts } from "../../web/src/ui/linked-text";

describe("linkParts", () => {
  it("links web and email addresses, leaving the sentence's punctuation out", () => {
    expect(linkParts("Deck: https://acme.com/deck?v=2#s3. Mail ann@acme.co.uk, or www.acme.com!")).toEqual([
      { text: "Deck: " },
      { text: "https://acme.com/deck?v=2#s3", href: "https://acme.com/deck?v=2#s3" },
      { text: ". Mail " },
      { text: "ann@acme.co.uk", href: "mailto:ann@acme.co.uk" },
      { text: ", or " },
      { text: "www.acme.com", href: "https://www.acme.com" },
      { text: "!" },
    ]);
  });

  it("keeps a bracket the address holds, and leaves out one that closes the sentence's", () => {
    expect(linkParts("(see https://en.wikipedia.org/wiki/Acme_(company))")).toEqual([
      { text: "(see " },
      { text: "https://en.wikipedia.org/wiki/Acme_(company)", href: "https://en.wikipedia.org/wiki/Acme_(company)" },
      { text: ")" },
    ]);
  });

  it("links nothing a link could run, and leaves text without addresses whole", () => {
    expect(linkParts("javascript:alert(1) and data:text/html,hi")).toEqual([
      { text: "javascript:alert(1) and data:text/html,hi" },
    ]);
    expect(linkParts("Call back on Monday.\nShe wants pricing.")).toEqual([
      { text: "Call back on Monday.\nShe wants pricing." },
    ]);
    expect(linkParts("")).toEqual([]);
  });
});

describe("LinkedText", () => {
  it("opens web links in a new tab without handing it this page, and emails in the mail app", () => {
    render(
      <p>
        <LinkedText text="Notes at https://docs.acme.com/q3 — ask bo@acme.com" />
      </p>,
    );
    const web = screen.getByRole("link", { name: "https://docs.acme.com/q3" });
    expect(web.getAttribute("href")).toBe("https://docs.acme.com/q3");
    expect(web.getAttribute("target")).toBe("_blank");
    expect(web.getAttribute("rel")).toBe("noopener noreferrer");
    const mail = screen.getByRole("link", { name: "bo@acme.com" });
    expect(mail.getAttribute("href")).toBe("mailto:bo@acme.com");
    expect(mail.getAttribute("target")).toBeNull();
    expect(web.closest("p")?.textContent).toBe("Notes at https://docs.acme.com/q3 — ask bo@acme.com");
  });
});

describe("mentionParts", () => {
  const names = ["Ann", "Ann Lee", "Bo (Sales)"];
  it("marks each teammate named after an @, the longest name first, any case, the name ending there", () => {
    const parts = mentionParts(
      linkParts("@ann lee and @ANN, not @Annabel; cc @Bo (Sales) at https://x.example/@Ann"),
      names,
    );
    expect(parts.filter((part) => part.mention).map((part) => part.text)).toEqual(["@ann lee", "@ANN", "@Bo (Sales)"]);
    expect(parts.map((part) => part.text).join("")).toBe(
      "@ann lee and @ANN, not @Annabel; cc @Bo (Sales) at https://x.example/@Ann",
    );
    // Inside a link, a name is the link's.
    expect(parts.at(-1)).toEqual({ text: "https://x.example/@Ann", href: "https://x.example/@Ann" });
  });

  it("marks a teammate named by their email, not making it a link", () => {
    const parts = mentionParts(linkParts("cc @dana@acme.example, or write to bo@acme.example"), ["dana@acme.example"]);
    expect(parts).toEqual([
      { text: "cc " },
      { text: "@dana@acme.example", mention: true },
      { text: ", or write to " },
      { text: "bo@acme.example", href: "mailto:bo@acme.example" },
    ]);
  });

  it("leaves text as it is without names", () => {
    expect(mentionParts([{ text: "@Ann" }], [])).toEqual([{ text: "@Ann" }]);
  });
});
