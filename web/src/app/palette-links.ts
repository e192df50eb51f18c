import { useCallback, useRef } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * What the address asks a record page for: `?open=<id>` (show that record), `?new=1` (start
 * creating one) and, with it, `&company=<id>` (a new contact at that company, from the company's
 * panel). The address is the state: the palette and links set it while the page is already open,
 * a reload keeps the open record, and a copied address opens it for a teammate.
 */
export function usePaletteLink() {
  const [params, setParams] = useSearchParams();
  // Two changes in one event (open the new record, close the dialog) must both land: each builds on
  // the last one asked for, not on the address React Router rendered before the event.
  const latest = useRef(params);
  latest.current = params;
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, flushSync = false) => {
      const next = new URLSearchParams(latest.current);
      edit(next);
      latest.current = next;
      // Replaced, not pushed: opening records one after another should not fill the history.
      setParams(next, { replace: true, flushSync });
    },
    [setParams],
  );
  const setOpenId = useCallback(
    // Rendered at once rather than as a transition: a double-click's second click must already find
    // the panel open and the list narrowed beside it.
    (id: string | null) => change((next) => (id ? next.set("open", id) : next.delete("open")), true),
    [change],
  );
  const setCreating = useCallback(
    (creating: boolean) =>
      change((next) => {
        if (creating) return next.set("new", "1");
        next.delete("new");
        next.delete("company");
      }),
    [change],
  );
  return {
    openId: params.get("open"),
    create: params.get("new") === "1",
    companyId: params.get("company"),
    setOpenId,
    setCreating,
  };
}
