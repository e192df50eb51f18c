import { useEffect, useMemo, useState } from "react";
import { IMPORT_ASKED_CHARS_LIMIT, IMPORT_HELD_KEYS_LIMIT } from "../../../../worker/src/schemas/imports";

/** `items` in calls the server takes: 5,000 at most, and 200,000 characters at most, each. */
export function chunksOf(items: string[]): string[][] {
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let chars = 0;
  for (const item of items) {
    if (
      chunk.length === IMPORT_HELD_KEYS_LIMIT ||
      (chunk.length > 0 && chars + item.length > IMPORT_ASKED_CHARS_LIMIT)
    ) {
      chunks.push(chunk);
      chunk = [];
      chars = 0;
    }
    chunk.push(item);
    chars += item.length;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/**
 * What the server answers of `items` (`ask`: importHeldKeys, importParentCells, importCompanyCells), asked in calls of
 * 5,000 at most (chunksOf), one after another, the answers put together: undefined while asking (or with no items yet), null when it
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
      for (const chunk of chunksOf(items)) {
        if (!wanted) break;
        answers.push(...(await ask(chunk)));
      }
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
