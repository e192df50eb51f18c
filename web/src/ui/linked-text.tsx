import { textLinkClass } from "./text-link";

/** A web address (with its scheme or from "www.") or an email address, in text someone wrote. */
const LINKABLE = /\b(?:https?:\/\/|www\.)[^\s<>"]+|[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;
const TRAILING = /[.,;:!?'"*]$/;

export type TextPart = { text: string; href?: string; mention?: boolean; bold?: boolean };

/**
 * Text split into plain parts and links (not an email right after an "@", a mention): the punctuation a sentence ends with stays out of a link,
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
    // "@dana@acme.example" names a teammate by their email (mentionHandles): a mention to mark, not an address to write.
    if (text[start - 1] === "@") continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    const web = /^(?:https?:\/\/|www\.)/i.test(found);
    parts.push({ text: found, href: web ? (/^www\./i.test(found) ? `https://${found}` : found) : `mailto:${found}` });
    last = start + found.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

const count = (text: string, char: string) => text.split(char).length - 1;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Plain parts split further at each "@Name" of `names` (any case, the name ending there), marked as mentions. */
export function mentionParts(parts: TextPart[], names: readonly string[]): TextPart[] {
  const named = names.filter(Boolean);
  if (named.length === 0) return parts;
  // Longest first: "@Ann Lee" before "@Ann".
  const alternatives = [...named].sort((a, b) => b.length - a.length).map(escaped);
  const pattern = new RegExp(`@(?:${alternatives.join("|")})(?![\\p{L}\\p{N}])`, "giu");
  return parts.flatMap((part) => {
    if (part.href) return [part];
    const split: TextPart[] = [];
    let last = 0;
    for (const match of part.text.matchAll(pattern)) {
      if (match.index > last) split.push({ text: part.text.slice(last, match.index) });
      split.push({ text: match[0], mention: true });
      last = match.index + match[0].length;
    }
    if (last < part.text.length) split.push({ text: part.text.slice(last) });
    return split;
  });
}

/** Plain parts split further at each **bold** run (on one line), marked bold, its stars dropped. */
export function boldParts(parts: TextPart[]): TextPart[] {
  return parts.flatMap((part) => {
    if (part.href || part.mention) return [part];
    const split: TextPart[] = [];
    let last = 0;
    for (const match of part.text.matchAll(/\*\*(?=\S)([^\n]*?\S)\*\*/g)) {
      if (match.index > last) split.push({ text: part.text.slice(last, match.index) });
      split.push({ text: match[1], bold: true });
      last = match.index + match[0].length;
    }
    if (last < part.text.length) split.push({ text: part.text.slice(last) });
    return split;
  });
}

/**
 * What someone wrote (a note, a call's summary, feedback), its web and email addresses as links, the teammates it
 * names with "@" (`mentions`: their names) marked, and its **bold** runs bold.
 */
export function LinkedText({ text, mentions = [] }: { text: string; mentions?: readonly string[] }) {
  return (
    <>
      {boldParts(mentionParts(linkParts(text), mentions)).map((part, i) =>
        part.bold ? (
          <strong key={i} className="font-semibold">
            {part.text}
          </strong>
        ) : part.mention ? (
          <span key={i} data-mention className="rounded-sm bg-primary-soft px-0.5 font-medium text-primary">
            {part.text}
          </span>
        ) : part.href ? (
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
