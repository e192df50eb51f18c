import { useCallback, useRef, useState } from "react";

/**
 * Text a person has typed but not saved yet (a note being written), kept in localStorage so that
 * closing the panel, opening another record or closing the tab does not lose it. Cleared when it is
 * saved or emptied, and all of them when the account signs out (the next person sees none).
 */
const PREFIX = "team-crm-draft:";

export function readDraft(key: string): string {
  try {
    return localStorage.getItem(PREFIX + key) ?? "";
  } catch {
    return ""; // storage blocked: drafts live only as long as the component
  }
}

export function writeDraft(key: string, text: string): void {
  try {
    if (text.trim()) localStorage.setItem(PREFIX + key, text);
    else localStorage.removeItem(PREFIX + key);
  } catch {
    // storage blocked or full: the draft stays on screen, as before drafts were kept
  }
}

export function clearDrafts(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // storage blocked: nothing was kept
  }
}

/**
 * A text field's value that outlives the component: `key` names what the draft is for, `base` is
 * the text saved already (an edited note's body), which is not kept as a draft. `kept`: a draft was
 * waiting when the component appeared. `saved(text)` ends the draft once `text` has been saved,
 * unless the person has typed on since (then it answers false); it works after the component is
 * gone too (a note saved as its panel closes must not come back as a draft).
 */
export function useDraft(key: string, base = "") {
  const [kept] = useState(() => readDraft(key) !== "");
  const [text, setState] = useState(() => readDraft(key) || base);
  const latest = useRef(text);
  const setText = useCallback(
    (next: string) => {
      latest.current = next;
      setState(next);
      writeDraft(key, next === base ? "" : next);
    },
    [key, base],
  );
  const saved = useCallback(
    (sent: string): boolean => {
      if (latest.current !== sent) return false;
      writeDraft(key, "");
      return true;
    },
    [key],
  );
  return { text, setText, saved, kept };
}
