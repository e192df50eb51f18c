import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { trpc } from "../../lib/trpc";
import type { PickerOption } from "../../ui/option-picker";

/**
 * The company picked in a new record's form that opens at `startId` (`?new=1&company=<id>`: a company's "Add person",
 * its "Add subsidiary"): that company once its name is read, until another is picked. Undefined while none is picked
 * nor named yet; null when the picker was cleared. Each opening at a company starts there again.
 */
export function useStartingCompany(open: boolean, startId: string | null | undefined) {
  const [chosen, setChosen] = useState<PickerOption | null | undefined>(undefined);
  const named = useQuery({
    ...trpc.companies.names.queryOptions({ ids: startId ? [startId] : [] }),
    enabled: open && Boolean(startId),
  });
  const start = named.data?.[0];
  // The opening the start was applied to: closing the form ends it, so the next opening applies its own.
  const appliedTo = useRef<string | null>(null);
  useEffect(() => {
    if (!open) {
      appliedTo.current = null;
      return;
    }
    if (!start || appliedTo.current === start.id) return;
    appliedTo.current = start.id;
    setChosen({ value: start.id, label: start.name });
  }, [open, start]);
  /** Whether a company other than the start was picked (a form to ask about before it is thrown away). */
  const changed = chosen != null && chosen.value !== startId;
  return { chosen, setChosen, changed };
}
