import { useSearchParams } from "react-router-dom";

/** What the command palette asks a page for: `?open=<id>` (show that record) and `?new=1` (start creating one). */
export function usePaletteLink(): { openId: string | null; create: boolean } {
  const [params] = useSearchParams();
  return { openId: params.get("open"), create: params.get("new") === "1" };
}
