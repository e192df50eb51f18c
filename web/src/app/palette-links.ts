import { useCallback, useEffect, useRef, useState } from "react";
import { usePageSearchParams } from "../lib/page-search-params";

/** The address follows the open record at most this often (arrow keys move the panel row by row). */
export const OPEN_ADDRESS_INTERVAL_MS = 250;

/**
 * What the address asks a record page for: `?open=<id>` (show that record), `?new=1` (start
 * creating one) and, with it, `&company=<id>` (a new contact at that company, from the company's
 * panel). The palette and links set it while the page is already open, a reload keeps the open
 * record, and a copied address opens it for a teammate.
 *
 * The open record is shown at once (a double-click's second click must already find the panel open
 * and the list narrowed beside it; the address follows as a transition). The address is written at
 * most every 250 ms, the last record last: moving through the list with the panel open would
 * otherwise replace the history entry on every key press (Safari refuses more than 100 in 10
 * seconds). An address this page did not write (the palette, a link, Back or Forward) is followed,
 * and wins over a write still waiting.
 */
export function usePaletteLink() {
  const [params, setParams] = usePageSearchParams();
  // Two changes in one event (open the new record, close the dialog) must both land: each builds on
  // the last one asked for, not on the address React Router rendered before the event.
  const latest = useRef(params);
  latest.current = params;
  const change = useCallback(
    (edit: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current);
      edit(next);
      latest.current = next;
      // Replaced, not pushed: opening records one after another should not fill the history.
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const addressOpenId = params.get("open");
  const [openId, setOpenState] = useState(addressOpenId);
  /** What the address holds as far as this page knows: written here, or followed. */
  const known = useRef(addressOpenId);
  const waiting = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (addressOpenId === known.current) return;
    clearTimeout(waiting.current);
    waiting.current = undefined;
    known.current = addressOpenId;
    setOpenState(addressOpenId);
  }, [addressOpenId]);
  useEffect(() => () => clearTimeout(waiting.current), []);

  const lastWrite = useRef(0);
  const setOpenId = useCallback(
    (id: string | null) => {
      setOpenState(id);
      clearTimeout(waiting.current);
      const write = () => {
        waiting.current = undefined;
        known.current = id;
        lastWrite.current = Date.now();
        change((next) => (id ? next.set("open", id) : next.delete("open")));
      };
      const wait = lastWrite.current + OPEN_ADDRESS_INTERVAL_MS - Date.now();
      if (wait <= 0) write();
      else waiting.current = setTimeout(write, wait);
    },
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
    openId,
    create: params.get("new") === "1",
    companyId: params.get("company"),
    setOpenId,
    setCreating,
  };
}
