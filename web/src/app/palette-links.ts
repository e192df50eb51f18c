import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { latestSearch, usePageSearchParams } from "../lib/page-search-params";

/** The address follows the open record at most this often (arrow keys move the panel row by row). */
export const OPEN_ADDRESS_INTERVAL_MS = 250;

/** Where a write of this hook marks the history entry it replaces: which page wrote it, and its turn. */
const WRITE_MARK = "openLinkWrite";
type WriteMark = { by: string; turn: number };

function markOf(state: unknown): WriteMark | undefined {
  if (typeof state !== "object" || state === null || !(WRITE_MARK in state)) return undefined;
  return (state as Record<typeof WRITE_MARK, WriteMark>)[WRITE_MARK];
}

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
 *
 * The page's own writes are marked in the history entry's state: a transition may land after a later
 * record was asked for (the router renders it late on a busy machine), and the record it names is
 * then not a link to follow back to.
 */
export function usePaletteLink() {
  const [params, setParams] = usePageSearchParams();
  const location = useLocation();
  // A history entry's state outlives the document (a reload, Back from another site): the writer is named uniquely
  // (not by crypto.randomUUID, which a page served over plain http to another machine does not have).
  const [self] = useState(() => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);
  const shown = useRef(location);
  useEffect(() => {
    shown.current = location;
  });
  const turns = useRef(0);
  /** This page's last write's turn when it followed an address from elsewhere: marks up to it are history. */
  const followedAt = useRef(0);
  // Two changes in one event, or in two before the first lands (open the new record, close the
  // dialog), must both land: while the address is still the one the last change was built on, the next
  // builds on that change.
  const asked = useRef<{ next: URLSearchParams; from: string } | null>(null);
  const change = useCallback(
    (edit: (next: URLSearchParams) => void) => {
      const { pathname, search, state: entryState } = shown.current;
      const address = latestSearch(pathname, search);
      const next = new URLSearchParams(asked.current?.from === address ? asked.current.next : address);
      edit(next);
      asked.current = { next, from: address };
      const mark: WriteMark = { by: self, turn: ++turns.current };
      const state = typeof entryState === "object" && entryState !== null ? entryState : {};
      // Replaced, not pushed: opening records one after another should not fill the history.
      setParams(next, { replace: true, state: { ...state, [WRITE_MARK]: mark } });
    },
    [setParams, self],
  );

  const addressOpenId = params.get("open");
  const [openId, setOpenState] = useState(addressOpenId);
  /** The open record the address held when last looked at. */
  const seen = useRef(addressOpenId);
  const waiting = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const mark = markOf(location.state);
    const own = mark?.by === self && mark.turn > followedAt.current;
    const moved = addressOpenId !== seen.current;
    seen.current = addressOpenId;
    // This page's own write landing (perhaps after a later one was asked for), or another part of the
    // address changing (a saved view): the page already shows what it asked for last.
    if (own || !moved) return;
    clearTimeout(waiting.current);
    waiting.current = undefined;
    followedAt.current = turns.current;
    setOpenState(addressOpenId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each entry once, as the router shows it
  }, [location.key]);
  useEffect(() => () => clearTimeout(waiting.current), []);

  const lastWrite = useRef(0);
  const setOpenId = useCallback(
    (id: string | null) => {
      setOpenState(id);
      clearTimeout(waiting.current);
      const write = () => {
        waiting.current = undefined;
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
