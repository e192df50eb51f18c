/** Whether a key press goes into text the user is writing (a field, a text area, an editable area). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * A plain key press meant for the page: not typed into a field, without ctrl, ⌘ or alt, and with no dialog or menu over
 * the page (a record's or a task's side sheet is part of it).
 */
export function isPageKey(event: KeyboardEvent): boolean {
  if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return false;
  return !document.querySelector('[role="dialog"]:not([data-sheet]), [role="menu"], [role="listbox"]');
}
