import { useEffect, useState } from "react";
import { IMPORT_HELD_KEYS_LIMIT } from "../../../../worker/src/schemas/imports";
import type { FileCheck } from "./use-file-check";

/**
 * Which of the checked file's emails or domains a record here already holds (`ask`: the object's importHeldKeys),
 * asked 5,000 at a time once the whole file is checked: undefined while asking, null when it could not be asked (the
 * preview's own rows still say it, and the import is not held up by it).
 */
export function useHeldKeys(
  ask: (keys: string[]) => Promise<string[]>,
  check: FileCheck | undefined,
): Set<string> | null | undefined {
  const [answer, setAnswer] = useState<{ of: FileCheck; held: Set<string> | null } | undefined>(undefined);
  useEffect(() => {
    if (!check) return;
    let wanted = true;
    const keys = [...check.keys.keys()];
    void (async () => {
      const held = new Set<string>();
      for (let at = 0; at < keys.length && wanted; at += IMPORT_HELD_KEYS_LIMIT)
        for (const key of await ask(keys.slice(at, at + IMPORT_HELD_KEYS_LIMIT))) held.add(key);
      return held;
    })().then(
      (held) => wanted && setAnswer({ of: check, held }),
      () => wanted && setAnswer({ of: check, held: null }),
    );
    return () => {
      wanted = false;
    };
  }, [ask, check]);
  return answer && answer.of === check ? answer.held : undefined;
}
