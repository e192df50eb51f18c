import { useSyncExternalStore } from "react";

/**
 * A preference kept in this browser (localStorage): read where it is used, followed by the components showing it,
 * in this tab at once and in the browser's other tabs through the storage event.
 */
export function storedPreference<T>(key: string, parse: (stored: string | null) => T) {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  // The parsed value is kept per stored text: useSyncExternalStore wants the same value while nothing changed.
  let cached: { stored: string | null; value: T } | null = null;
  const get = (): T => {
    const stored = localStorage.getItem(key);
    if (cached?.stored !== stored) cached = { stored, value: parse(stored) };
    return cached.value;
  };
  const set = (value: string | undefined) => {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
    notify();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const fromOtherTab = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener("storage", fromOtherTab);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", fromOtherTab);
    };
  };
  const use = (): T => useSyncExternalStore(subscribe, get);
  return { get, set, use };
}
