import { useQuery } from "@tanstack/react-query";
import { CopyCheck } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { recordPath } from "../../app/recent-records";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { MergeDialog } from "./merge-dialog";
import { useDismissDuplicate } from "./use-dismiss-duplicate";
import { recordNouns, type RecordObject } from "./use-record-actions";

const reasons = { email: "· same email", name: "· same name" } as const;

/** The live records that may be this one entered twice (the server's duplicates), each a click from a merge. */
function usePossibleDuplicates(object: RecordObject, id: string | null) {
  const input = { id: id ?? "" };
  // Read again whenever the panel opens (staleTime 0): a teammate's edit may make or unmake a look-alike.
  const contacts = useQuery({
    ...trpc.contacts.duplicates.queryOptions(input),
    enabled: id !== null && object === "contact",
    staleTime: 0,
  });
  const companies = useQuery({
    ...trpc.companies.duplicates.queryOptions(input),
    enabled: id !== null && object === "company",
    staleTime: 0,
  });
  return (object === "contact" ? contacts.data : companies.data) ?? [];
}

/**
 * A note above the record's details when other records look like it: their names open them, "Merge"
 * compares the two side by side, "Not a duplicate" stops offering one. Nothing when there are none (or
 * while they load).
 */
export function PossibleDuplicates({ object, id, name }: { object: RecordObject; id: string | null; name: string }) {
  const duplicates = usePossibleDuplicates(object, id);
  const dismiss = useDismissDuplicate(object);
  const [merging, setMerging] = useState<string | null>(null);
  const navigate = useNavigate();
  if (!id || duplicates.length === 0) return null;
  const noun = recordNouns[object];
  return (
    <div className="px-5 pt-4">
      <section
        aria-label="Possible duplicates"
        className="rounded-lg border border-amber-300/70 bg-amber-50 px-3 py-2 text-[13px] dark:border-amber-500/30 dark:bg-amber-500/10"
      >
        <p className="flex items-center gap-1.5 font-medium text-foreground">
          <CopyCheck className="size-3.5 text-amber-600 dark:text-amber-400" aria-hidden />
          {duplicates.length === 1
            ? `Possible duplicate ${noun[0]}`
            : `${duplicates.length} possible duplicate ${noun[1]}`}
        </p>
        <ul className="mt-1.5 space-y-1.5">
          {duplicates.map((duplicate) => (
            // The buttons move under the name, together, when the panel is too narrow for both (a phone).
            <li key={duplicate.id} className="flex min-w-0 flex-wrap items-center justify-end gap-x-2 gap-y-1">
              <div className="min-w-0 flex-[1_1_10rem]">
                <p className="flex min-w-0 items-baseline gap-1.5">
                  <Link
                    to={recordPath({ object, id: duplicate.id })}
                    className="truncate font-medium text-primary hover:underline"
                  >
                    {duplicate.name}
                  </Link>
                  <span className="shrink-0 text-xs text-muted">{reasons[duplicate.reason]}</span>
                </p>
                {duplicate.detail && <p className="truncate text-xs text-muted">{duplicate.detail}</p>}
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setMerging(duplicate.id)}
                  aria-label={`Merge with ${duplicate.name}`}
                >
                  Merge…
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void dismiss({ id, name }, duplicate)}
                  aria-label={`${duplicate.name} is not a duplicate`}
                  title="Not the same: do not offer it again"
                >
                  Not a duplicate
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <MergeDialog
          object={object}
          noun={noun}
          rows={merging ? [{ id }, { id: merging }] : null}
          onOpenChange={(open) => !open && setMerging(null)}
          onMerged={(survivorId) => {
            setMerging(null);
            if (survivorId !== id) navigate(recordPath({ object, id: survivorId }));
          }}
        />
      </section>
    </div>
  );
}
