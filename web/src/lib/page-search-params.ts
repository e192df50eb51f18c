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
      const init = typeof next === "function" ? next(new URLSearchParams(search)) : next;
      const query = createSearchParams(init).toString();
      navigate({ pathname, search: query ? `?${query}` : "" }, options);
    },
    [navigate, pathname, search],
  );
  return [params, setParams] as const;
}
