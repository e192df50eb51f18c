import { useInfiniteQuery } from "@tanstack/react-query";
import { AtSign, CaseSensitive, CopyCheck } from "lucide-react";
import { recordIconOf } from "./record-icon";
import { useEffect, useRef, useState } from "react";
import { usePageSearchParams } from "../../lib/page-search-params";
import { DUPLICATE_PAIRS_PAGE } from "../../../../worker/src/schemas/records";
import { trpc } from "../../lib/trpc";
import { isTyping } from "../../lib/typing";
import { Button } from "../../ui/button";
import { NextPageButton } from "../../ui/next-page-button";
import { cn } from "../../ui/cn";
import { Dialog } from "../../ui/dialog";
import { InlineEmpty } from "../../ui/inline-empty";
import { headerActionLabel } from "../../ui/page";
import { KeyboardHints, type KeyHint } from "../../ui/keyboard-hints";
import { MergeDialog } from "./merge-dialog";
import { LoadingLines } from "./record-panel";
import { useDismissDuplicate, type PairsPage } from "./use-dismiss-duplicate";
import { recordNouns, type RecordObject } from "./use-record-actions";

type Pair = PairsPage["pairs"][number];
type Side = Pair["records"][number];

const pairKeyHints: KeyHint[] = [
  [["j", "k"], "move"],
  [["m"], "merge"],
  [["n"], "not duplicates"],
];

const explained: Record<RecordObject, string> = {
  contact: "Contacts sharing an email, or with the same name unless they work at two different companies.",
  company: "Companies with the same name, whatever its case, punctuation or legal form (Inc., Ltd, GmbH…).",
};

/** Both objects' pairs, pages of them; only the open object's are read. */
function useDuplicatePairs(object: RecordObject, open: boolean) {
  const options = { getNextPageParam: (page: PairsPage) => page.next, staleTime: 0 };
  const contacts = useInfiniteQuery({
    ...trpc.contacts.duplicatePairs.infiniteQueryOptions({ limit: DUPLICATE_PAIRS_PAGE }, options),
    enabled: open && object === "contact",
  });
  const companies = useInfiniteQuery({
    ...trpc.companies.duplicatePairs.infiniteQueryOptions({ limit: DUPLICATE_PAIRS_PAGE }, options),
    enabled: open && object === "company",
  });
  return object === "contact" ? contacts : companies;
}

const pairId = (pair: Pair) => `${pair.records[0].id}:${pair.records[1].id}`;

/** Why the two are listed: the email they share, or their name (a company's whatever its form). */
function PairReason({ object, pair }: { object: RecordObject; pair: Pair }) {
  const byEmail = pair.reason === "email";
  const Icon = byEmail ? AtSign : CaseSensitive;
  return (
    <p className="flex min-w-0 items-center gap-1.5 px-1 pb-1.5 text-xs text-muted">
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">
        {byEmail ? `Same email: ${pair.key}` : object === "company" ? "Similar names" : "Same name"}
      </span>
    </p>
  );
}

function SideCard({ object, side }: { object: RecordObject; side: Side }) {
  const Icon = recordIconOf(object);
  return (
    // On a phone each record takes a line of its own (side by side they would show only their icons).
    <div className="flex min-w-0 flex-1 items-start gap-2 rounded-md border border-border bg-background px-3 py-2 max-sm:basis-full">
      <Icon className="mt-0.5 size-3.5 shrink-0 text-muted" aria-hidden />
      <div className="min-w-0">
        <p className="truncate text-[13px] font-medium text-foreground">{side.name}</p>
        <p className="truncate text-xs text-muted">{side.detail ?? "No other details"}</p>
      </div>
    </div>
  );
}

/**
 * The organization's possible duplicates, two by two: each pair a click from the side-by-side merge,
 * or marked as not duplicates so it is not offered again.
 */
export function DuplicatesDialog({
  object,
  open,
  onOpenChange,
}: {
  object: RecordObject;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const noun = recordNouns[object];
  const pairs = useDuplicatePairs(object, open);
  const dismiss = useDismissDuplicate(object);
  const [merging, setMerging] = useState<Pair | null>(null);
  const [dismissing, setDismissing] = useState<string | null>(null);
  const shown = pairs.data?.pages.flatMap((page) => page.pairs) ?? [];
  // The pair the keys act on; when it leaves the list (merged, dismissed) the next one takes its place.
  const [activeIndex, setActiveIndex] = useState(0);
  const active = Math.min(activeIndex, shown.length - 1);
  // Opened again, the list starts from its top.
  useEffect(() => {
    if (!open) setActiveIndex(0);
  }, [open]);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    listRef.current?.children[active]?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const notDuplicates = async (pair: Pair) => {
    setDismissing(pairId(pair));
    await dismiss(...pair.records);
    setDismissing(null);
  };
  // j/k or ↓/↑ move, m merges, n says not duplicates: a long list is worked through from the keyboard.
  // On the window, as the dialog's first focus is its close button, outside the list.
  const handleKeyDown = (event: KeyboardEvent) => {
    if (merging || event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
    if (shown.length === 0 || isTyping(event.target)) return;
    const pair = shown[active];
    const keys: Record<string, () => void> = {
      j: () => {
        if (active === shown.length - 1 && pairs.hasNextPage) void pairs.fetchNextPage();
        setActiveIndex(Math.min(active + 1, shown.length - 1));
      },
      ArrowDown: () => keys.j(),
      k: () => setActiveIndex(Math.max(active - 1, 0)),
      ArrowUp: () => keys.k(),
      m: () => setMerging(pair),
      n: () => void notDuplicates(pair),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  const latestKeyDown = useRef(handleKeyDown);
  useEffect(() => {
    latestKeyDown.current = handleKeyDown;
  });
  useEffect(() => {
    if (!open) return;
    const listener = (event: KeyboardEvent) => latestKeyDown.current(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, [open]);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Possible duplicate ${noun[1]}`}
      description={`${explained[object]} Merge the ones that are the same ${noun[0]}; mark the others as not duplicates.`}
      className="max-w-3xl"
    >
      {pairs.isPending ? (
        <LoadingLines count={4} label={`Looking for duplicate ${noun[1]}`} />
      ) : pairs.isError ? (
        <p className="text-sm text-danger">{`Could not look for duplicates: ${pairs.error.message}`}</p>
      ) : shown.length === 0 ? (
        <InlineEmpty icon={CopyCheck} title="No possible duplicates">
          {`No two ${noun[1]} look alike. Pairs show here when they do.`}
        </InlineEmpty>
      ) : (
        <div className="-mx-1 max-h-[60vh] space-y-2 overflow-y-auto px-1 py-1">
          <ul ref={listRef} className="space-y-2" aria-label={`Possible duplicate ${noun[1]}`}>
            {shown.map((pair, index) => (
              <li
                key={pairId(pair)}
                data-testid="duplicate-pair"
                aria-current={index === active || undefined}
                onClick={() => setActiveIndex(index)}
                className={cn("rounded-lg bg-surface px-2 py-2", index === active && "ring-2 ring-primary/60")}
              >
                <PairReason object={object} pair={pair} />
                <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
                  <SideCard object={object} side={pair.records[0]} />
                  <SideCard object={object} side={pair.records[1]} />
                  <div className="flex shrink-0 gap-1.5 max-sm:w-full max-sm:justify-end">
                    <Button size="sm" variant="secondary" onClick={() => setMerging(pair)}>
                      Merge…
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      pending={dismissing === pairId(pair)}
                      onClick={() => void notDuplicates(pair)}
                    >
                      Not duplicates
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <KeyboardHints hints={pairKeyHints} className="pt-1" />
          <NextPageButton
            pages={pairs}
            label="Show more"
            failed="Could not load more pairs"
            variant="ghost"
            className="justify-center pt-1"
          />
        </div>
      )}
      <MergeDialog
        object={object}
        noun={noun}
        rows={merging ? [{ id: merging.records[0].id }, { id: merging.records[1].id }] : null}
        onOpenChange={(isOpen) => !isOpen && setMerging(null)}
        onMerged={() => setMerging(null)}
      />
    </Dialog>
  );
}

/** The list page's header button that opens the duplicates; open, they are in the address (`?duplicates=1`), as the palette links them. */
export function DuplicatesButton({ object }: { object: RecordObject }) {
  const [params, setParams] = usePageSearchParams();
  const open = params.get("duplicates") === "1";
  const setOpen = (next: boolean) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next) changed.set("duplicates", "1");
        else changed.delete("duplicates");
        return changed;
      },
      { replace: true },
    );
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} title="Possible duplicates">
        <CopyCheck className="size-4" aria-hidden />
        <span className={headerActionLabel}>Duplicates</span>
      </Button>
      <DuplicatesDialog object={object} open={open} onOpenChange={setOpen} />
    </>
  );
}
