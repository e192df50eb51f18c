import { useCallback, useEffect, useState } from "react";
import { toast } from "./toast";

/**
 * Copies `text` to the clipboard and says so (`done`: "Invite link copied."), or says how to copy it
 * by hand (`failed`) when the browser refuses; `copied` stays true for two seconds, for a check mark.
 */
export function useCopy(text: string, done: string, failed: string) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = useCallback(async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(done);
    } catch {
      toast.error(failed);
    }
  }, [text, done, failed]);
  return { copied, copy };
}
