import type { KeyboardEvent } from "react";
import { flushSync } from "react-dom";
import { continueList, toggleBold, type TextEdit } from "./note-format";

/**
 * The keys that help type a note's formatting (note-format): Enter at the end of a "- " or "1. " item goes on with the
 * list, Ctrl/⌘+B makes the selection bold. Whether it took the key; `setText` sets the field's controlled text.
 */
export function formatKeyDown(event: KeyboardEvent<HTMLTextAreaElement>, setText: (text: string) => void): boolean {
  const field = event.currentTarget;
  const mod = event.metaKey || event.ctrlKey;
  const edit: TextEdit | null =
    event.key === "Enter" && !mod && !event.shiftKey && !event.altKey && !event.nativeEvent.isComposing
      ? continueList(field.value, field.selectionStart, field.selectionEnd)
      : mod && !event.shiftKey && !event.altKey && event.key.toLowerCase() === "b"
        ? toggleBold(field.value, field.selectionStart, field.selectionEnd)
        : null;
  if (!edit) return false;
  event.preventDefault();
  // Rendered before the handler returns, so the caret lands at once (see member-mention).
  flushSync(() => setText(edit.text));
  field.setSelectionRange(edit.start, edit.end);
  return true;
}
