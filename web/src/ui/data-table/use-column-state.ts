import type { ColumnSizingState, VisibilityState } from "@tanstack/react-table";
import { useEffect, useState } from "react";
import type { DataTableColumn } from "./types";

type Stored = { sizing: ColumnSizingState; visibility: VisibilityState };

function read(storageKey: string | undefined): Stored | null {
  if (!storageKey) return null;
  try {
    const value = JSON.parse(localStorage.getItem(storageKey) ?? "null") as Stored | null;
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

/** Column widths and visibility, remembered per table in localStorage. */
export function useColumnState<Row>(columns: DataTableColumn<Row>[], storageKey?: string) {
  const [initial] = useState(() => read(storageKey));
  const [sizing, setSizing] = useState<ColumnSizingState>(initial?.sizing ?? {});
  // Stored choices win; columns added since keep their default.
  const [visibility, setVisibility] = useState<VisibilityState>(() => ({
    ...Object.fromEntries(columns.filter((c) => c.defaultHidden).map((c) => [c.id, false] as const)),
    ...initial?.visibility,
  }));

  useEffect(() => {
    if (!storageKey) return;
    // Debounced: a resize drag changes the sizing on every mouse move.
    const timer = setTimeout(() => localStorage.setItem(storageKey, JSON.stringify({ sizing, visibility })), 300);
    return () => clearTimeout(timer);
  }, [storageKey, sizing, visibility]);

  return { sizing, setSizing, visibility, setVisibility };
}
