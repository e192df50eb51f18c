/**
 * Moves the keyboard to `target` (in a panel or toolbar beside the grid), and has Shift+Tab from it call `back`, until
 * the keyboard leaves that panel or toolbar for somewhere else.
 */
export function handFocusTo(target: HTMLElement, back: () => void) {
  target.focus();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Tab" || !event.shiftKey) return;
    event.preventDefault();
    back();
  };
  const region = target.closest<HTMLElement>("[role=dialog],[role=toolbar]") ?? target;
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && region.contains(event.relatedTarget)) return;
    target.removeEventListener("keydown", onKeyDown);
    region.removeEventListener("focusout", onFocusOut);
  };
  target.addEventListener("keydown", onKeyDown);
  region.addEventListener("focusout", onFocusOut);
}
