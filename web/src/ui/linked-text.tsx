import { textLinkClass } from "./text-link";

/** A web address (with its scheme or from "www.") or an email address, in text someone wrote. */
const LINKABLE = /\b(?:https?:\/\/|www\.)[^\s<>"]+|[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;
const TRAILING = /[.,;:!?'"*]$/;

export type TextPart = { text: string; href?: string };

/**
 * Text split into plain parts and links: the punctuation a sentence ends with stays out of a link,
 * and so does a closing bracket the address did not open ("(see https://acme.com/a)").
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINKABLE)) {
    let found = match[0];
    for (;;) {
      if (TRAILING.test(found)) found = found.slice(0, -1);
      else if (found.endsWith(")") && count(found, "(") < count(found, ")")) found = found.slice(0, -1);
      else if (found.endsWith("]") && count(found, "[") < count(found, "]")) found = found.slice(0, -1);
      else break;
    }
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    const web = /^(?:https?:\/\/|www\.)/i.test(found);
    parts.push({ text: found, href: web ? (/^www\./i.test(found) ? `https://${found}` : found) : `mailto:${found}` });
    last = start + found.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** What someone wrote (a note, a call's summary, feedback), its web and email addresses as links. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, i) =>
        part.href ? (
          <a
            key={i}
            href={part.href}
            className={textLinkClass}
            {...(part.href.startsWith("mailto:") ? {} : { target: "_blank", rel: "noopener noreferrer" })}
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
