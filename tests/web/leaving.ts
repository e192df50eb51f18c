/** Whether closing or reloading the tab now asks first: a beforeunload as the browser sends it, and its answer. */
export function leavingAsks(target: Window = window): boolean {
  const event = new Event("beforeunload", { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}
