import { createContext, Fragment, useContext, useState, type ReactNode } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

type Visit = { key: string; fromSamePage: boolean };

/**
 * Which visit of a page the address is on. A new one starts whenever the address lands on another
 * history entry that the page did not make for itself: a link to the page (the sidebar's), Back or
 * Forward. The page's own changes (the open record, replaced) and the palette opening a record or
 * a new one on it (`?open=`, `?new=1`) stay in the visit. `fromSamePage`: the visit began on this page
 * (its own link, clicked on it), not from another page.
 */
function useVisit(): Visit {
  const { key, search } = useLocation();
  const navigation = useNavigationType();
  const [seen, setSeen] = useState({ entry: key, visit: { key, fromSamePage: false } });
  if (seen.entry === key) return seen.visit;
  const params = new URLSearchParams(search);
  const sameVisit = navigation === "REPLACE" || (navigation === "PUSH" && (params.has("open") || params.has("new")));
  const next = { entry: key, visit: sameVisit ? seen.visit : { key, fromSamePage: true } };
  setSeen(next);
  return next.visit;
}

const VisitFromSamePage = createContext(false);

/** Whether this visit of the page began on the page itself (its own link clicked there), not on another page. */
export const useVisitFromSamePage = () => useContext(VisitFromSamePage);

/**
 * Renders the page afresh on each visit, so it starts from what that history entry remembers.
 * React Router shows a page in a transition: while the next page's code is still loading, the one
 * on screen stays mounted, and a click back to it before the other arrived would otherwise keep the
 * state it had (a filtered list opened from the sidebar as filtered).
 */
export function PageVisit({ children }: { children: ReactNode }) {
  const visit = useVisit();
  return (
    <VisitFromSamePage.Provider value={visit.fromSamePage}>
      <Fragment key={visit.key}>{children}</Fragment>
    </VisitFromSamePage.Provider>
  );
}
