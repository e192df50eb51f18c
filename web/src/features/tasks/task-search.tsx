import { useEffect, useRef, useState } from "react";
import { useSettledValue } from "../../lib/use-settled-value";
import { SearchBox, useSlashToSearch } from "../../ui/data-table/search-box";

const SEARCH_DEBOUNCE_MS = 150;

/**
 * The task list's search: by words of a title, or of the linked record's name, email or domain (tasks.list). What is
 * typed shows at once; the list, and the address, follow once typing pauses. "/" focuses it, Escape clears it.
 */
export function TaskSearch({ search, onSearchChange }: { search: string; onSearchChange: (search: string) => void }) {
  const [typed, setTyped] = useState(search);
  const settled = useSettledValue(typed.trim(), SEARCH_DEBOUNCE_MS, search);
  const box = useRef<HTMLInputElement>(null);
  useSlashToSearch(box);
  const latest = useRef({ search, onSearchChange });
  latest.current = { search, onSearchChange };
  useEffect(() => {
    if (settled !== latest.current.search) latest.current.onSearchChange(settled);
  }, [settled]);
  return (
    <SearchBox
      ref={box}
      value={typed}
      onChange={setTyped}
      label="Search tasks"
      placeholder="Search tasks…"
      className="w-64 @max-[48rem]:w-64"
    />
  );
}
