import { useEffect, useState } from "react";

/** `value` once it has stayed the same for `ms` (what is typed, once typing pauses): searches as you type ask once. */
export function useSettledValue<T>(value: T, ms: number, initial: T = value): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
