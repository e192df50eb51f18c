import { useEffect, useMemo, useState } from "react";
import { IMPORT_HELD_KEYS_LIMIT } from "../../../../worker/src/schemas/imports";

/**
 * What the server answers of `items` (`ask`: importHeldKeys, importParentCells, importCompanyCells), asked 5,000 at a
 * time, one call after another, the answers put together: undefined while asking (or with no items yet), null when it
 * could not be asked. Asked again for another array of items.
 */
export function useAskedInChunks<Answer>(
  ask: ((items: string[]) => Promise<Answer[]>) | undefined,
  items: string[] | undefined,
): Answer[] | null | undefined {
  const [answer, setAnswer] = useState<{ of: string[]; answers: Answer[] | null } | undefined>(undefined);
  useEffect(() => {
    if (!ask || !items) return;
    let wanted = true;
    void (async () => {
      const answers: Answer[] = [];
      for (let at = 0; at < items.length && wanted; at += IMPORT_HELD_KEYS_LIMIT)
        answers.push(...(await ask(items.slice(at, at + IMPORT_HELD_KEYS_LIMIT))));
      return answers;
    })().then(
      (answers) => wanted && setAnswer({ of: items, answers }),
      () => wanted && setAnswer({ of: items, answers: null }),
    );
    return () => {
      wanted = false;
    };
  }, [ask, items]);
  return answer && answer.of === items ? answer.answers : undefined;
}

/** The items the server picked (useAskedInChunks, where it answers with items), as a set. */
export function useAskedSet(
  ask: ((items: string[]) => Promise<string[]>) | undefined,
  items: string[] | undefined,
): Set<string> | null | undefined {
  const picked = useAskedInChunks(ask, items);
  return useMemo(() => (picked ? new Set(picked) : picked), [picked]);
}
