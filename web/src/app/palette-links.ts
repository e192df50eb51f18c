import { useSearchParams } from "react-router-dom";

/**
 * What a link asks a record page for: `?open=<id>` (show that record), `?new=1` (start creating one)
 * and, with it, `&company=<id>` (a new contact at that company, from the company's panel).
 */
export function usePaletteLink(): { openId: string | null; create: boolean; companyId: string | null } {
  const [params] = useSearchParams();
  return { openId: params.get("open"), create: params.get("new") === "1", companyId: params.get("company") };
}
