import { Search, X } from "lucide-react";
import { forwardRef, useEffect, type RefObject } from "react";
import { isShownPageKey } from "../../lib/typing";
import { cn } from "../cn";
import { Kbd } from "../kbd";

/**
 * "/" focuses the page's search box, as the page's other keys act: not while the user types somewhere or a dialog or
 * menu is open, nor while the address has already left this page.
 */
export function useSlashToSearch(search: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.defaultPrevented || !isShownPageKey(event)) return;
      event.preventDefault();
      search.current?.focus();
    };
    window.addEventListener("keydown", handleKeyDown);
    return () => window.removeEventListener("keydown", handleKeyDown);
  }, [search]);
}

type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
  /** Its width where the default (a list's toolbar) is too wide. */
  className?: string;
};

/** The list's full-text search; Escape clears it, "/" (anywhere on the page) focuses it, ↓ goes on to the rows. */
export const SearchBox = forwardRef<HTMLInputElement, SearchBoxProps>(function SearchBox(
  { value, onChange, placeholder, label, className },
  ref,
) {
  return (
    <div className={cn("relative w-72 @max-[48rem]:w-56 max-sm:basis-full", className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-muted"
        aria-hidden
      />
      <input
        ref={ref}
        type="search"
        data-list-search
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && value) {
            event.preventDefault();
            onChange("");
          }
        }}
        className="h-8 w-full rounded-md border border-border bg-background pr-8 pl-8 text-[13px] text-foreground shadow-xs placeholder:text-muted focus:border-primary focus:ring-2 focus:ring-primary/20 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      <span className="absolute top-1/2 right-2 -translate-y-1/2">
        {value ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => onChange("")}
            className="flex rounded p-0.5 text-muted hover:text-foreground"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        ) : (
          <Kbd>/</Kbd>
        )}
      </span>
    </div>
  );
});
