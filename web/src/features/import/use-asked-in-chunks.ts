import { useEffect, useState } from "react";
import { IMPORT_HELD_KEYS_LIMIT } from "../../../../worker/src/schemas/imports";

/**
 * Which of `items` the server picks (`ask`: importHeldKeys, importParentCells), asked 5,000 at a time, one call after
 * another: undefined while asking (or with no items yet), null when it could not be asked. Asked again for another
 * array of items.
 */
export function useAskedInChunks(
  ask: ((items: string[]) => Promise<string[]>) | undefined,
  items: string[] | undefined,
): Set<string> | null | undefined {
  const [answer, setAnswer] = useState<{ of: string[]; picked: Set<string> | null } | undefined>(undefined);
  useEffect(() => {
    if (!ask || !items) return;
    let wanted = true;
    void (async () => {
      const picked = new Set<string>();
      for (let at = 0; at < items.length && wanted; at += IMPORT_HELD_KEYS_LIMIT)
        for (const item of await ask(items.slice(at, at + IMPORT_HELD_KEYS_LIMIT))) picked.add(item);
      return picked;
    })().then(
      (picked) => wanted && setAnswer({ of: items, picked }),
      () => wanted && setAnswer({ of: items, picked: null }),
    );
    return () => {
      wanted = false;
    };
  }, [ask, items]);
  return answer && answer.of === items ? answer.picked : undefined;
}
