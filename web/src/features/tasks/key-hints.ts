import type { KeyHint } from "../../ui/keyboard-hints";

/** What the task list answers to, shown under it. */
export const taskKeyHints: KeyHint[] = [
  [["j", "k"], "move"],
  [["x"], "complete"],
  [["s"], "select"],
  [["↵"], "edit"],
  [["o"], "open"],
  [["d"], "reschedule"],
  [["a"], "assign"],
  [["l"], "link"],
  [["⌫"], "delete"],
  [["c"], "add"],
  [["q"], "start"],
  [["/"], "search"],
  [["?"], "all shortcuts"],
];

/** What the trash answers to. */
export const trashKeyHints: KeyHint[] = [
  [["j", "k"], "move"],
  [["r"], "restore"],
  [["?"], "all shortcuts"],
];
