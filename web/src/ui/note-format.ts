/**
 * The little formatting a note keeps as plain text, as people type it in a chat or an email: "- " or "1. " lists and
 * **bold**. What it reads as (noteBlocks), and the composer's help typing it (continueList, toggleBold).
 */

/** A text's change and where its selection goes. */
export type TextEdit = { text: string; start: number; end: number };

const LIST_ITEM = /^\s*(?:([-*•])|(\d{1,3})[.)])\s+(.*)$/;

export type NoteBlock =
  | { kind: "text"; text: string }
  | { kind: "bullets"; items: string[] }
  | { kind: "numbers"; start: number; items: string[] };

/** A note's lines as blocks: runs of "- " items, runs of "1. " items, and the text between them as written. */
export function noteBlocks(text: string): NoteBlock[] {
  const blocks: NoteBlock[] = [];
  for (const line of text.split("\n")) {
    const item = LIST_ITEM.exec(line);
    const last = blocks.at(-1);
    if (item?.[1] !== undefined) {
      if (last?.kind === "bullets") last.items.push(item[3]);
      else blocks.push({ kind: "bullets", items: [item[3]] });
    } else if (item?.[2] !== undefined) {
      if (last?.kind === "numbers") last.items.push(item[3]);
      else blocks.push({ kind: "numbers", start: Number(item[2]), items: [item[3]] });
    } else if (last?.kind === "text") last.text += `\n${line}`;
    else blocks.push({ kind: "text", text: line });
  }
  return blocks;
}

/**
 * Enter at the end of a list item ("- call back") goes on with the list on the next line ("- ", "2. "); on an item
 * with nothing written yet, it ends the list instead. Null where Enter is just a line break.
 */
export function continueList(text: string, start: number, end: number): TextEdit | null {
  if (start !== end) return null;
  const after = text.slice(end);
  if (after !== "" && !after.startsWith("\n")) return null;
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const line = text.slice(lineStart, start);
  const item = LIST_ITEM.exec(line);
  if (!item) return null;
  if (!item[3].trim()) return { text: text.slice(0, lineStart) + after, start: lineStart, end: lineStart };
  const indent = /^\s*/.exec(line)![0];
  const marker = item[1] ?? `${Number(item[2]) + 1}${line.trimStart()[item[2]!.length]}`;
  const next = `\n${indent}${marker} `;
  const at = start + next.length;
  return { text: text.slice(0, start) + next + after, start: at, end: at };
}

/** Ctrl/⌘+B: the selection made **bold**, or made plain again; with nothing selected, a pair to type between. */
export function toggleBold(text: string, start: number, end: number): TextEdit {
  const selected = text.slice(start, end);
  if (text.slice(start - 2, start) === "**" && text.slice(end, end + 2) === "**")
    return { text: text.slice(0, start - 2) + selected + text.slice(end + 2), start: start - 2, end: end - 2 };
  return { text: `${text.slice(0, start)}**${selected}**${text.slice(end)}`, start: start + 2, end: end + 2 };
}
