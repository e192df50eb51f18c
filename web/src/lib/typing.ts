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
  return !(event.metaKey || event.ctrlKey || event.altKey) && isPageChord(event);
}

/** The same with ctrl or ⌘ allowed: a shortcut the page answers (⌘A selects a list's rows). */
export function isPageChord(event: KeyboardEvent): boolean {
  if (isTyping(event.target)) return false;
  return !document.querySelector('[role="dialog"]:not([data-sheet]), [role="menu"], [role="listbox"]');
}

/**
 * A page key for what the page shows (a list's c, a table's arrows, a task list's x), while the address is still
 * on that page. React Router keeps a page on screen until the next one's code arrives, and the address has left
 * it by then: "g o" then "c" made a new contact on the contacts page being left, not a company. Such keys wait
 * for the page the address names (the shell's `main` says which page it shows).
 */
export function isShownPageKey(event: KeyboardEvent, { chord = false } = {}): boolean {
  const shown = document.getElementById("main")?.dataset.path;
  return (chord ? isPageChord(event) : isPageKey(event)) && (shown === undefined || shown === location.pathname);
}

/** ↓ alone in a list's search box (`data-list-search`): the list takes it as a way on to what the search found. */
export function isDownFromListSearch(event: KeyboardEvent): boolean {
  return (
    event.key === "ArrowDown" &&
    !(event.shiftKey || event.metaKey || event.ctrlKey || event.altKey) &&
    event.target instanceof HTMLElement &&
    event.target.matches("[data-list-search]")
  );
}
