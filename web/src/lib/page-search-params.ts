import { useCallback, useMemo } from "react";
import {
  createSearchParams,
  useLocation,
  useNavigate,
  type NavigateOptions,
  type URLSearchParamsInit,
} from "react-router-dom";

type NextParams = URLSearchParamsInit | ((current: URLSearchParams) => URLSearchParamsInit);

/**
 * React Router's useSearchParams, except that a change stays on the page that made it.
 *
 * A link to another page is shown in a transition: until that page's code arrives, the one on screen
 * stays mounted and clickable. useSearchParams navigates to "?…", which the router resolves against
 * the page it is going to, so a contact clicked in that moment opened its id on /companies (a
 * record not found). This names the page's own path: what the person did last wins, on the page
 * where they did it.
 */
export function usePageSearchParams() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: NextParams, options?: NavigateOptions) => {
      const init = typeof next === "function" ? next(new URLSearchParams(latestSearch(pathname, search))) : next;
      const query = createSearchParams(init).toString();
      navigate({ pathname, search: query ? `?${query}` : "" }, options);
    },
    [navigate, pathname, search],
  );
  return [params, setParams] as const;
}

/**
 * The page's query as the address bar holds it now. The router writes the history entry before React shows it
 * (as a transition, which a busy page renders a moment later): a change built on the rendered query would undo
 * one made just before it (a saved view opened as the open record's address lands). `rendered` serves where
 * the address bar is not the router's (tests in memory).
 */
export function latestSearch(pathname: string, rendered: string) {
  return typeof window !== "undefined" && window.location.pathname === pathname ? window.location.search : rendered;
}
