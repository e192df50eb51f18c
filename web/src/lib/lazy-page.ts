import { lazy, type ComponentType } from "react";

const RELOAD_FLAG = "chunk-reload-at";
const RELOAD_WINDOW_MS = 10_000;

/**
 * SPEC §8: a page chunk that fails to load (usually a deploy replaced it) reloads the page,
 * once: a second failure within the window is thrown to the error boundary, not looped.
 */
export function loadWithReload<T>(
  load: () => Promise<T>,
  storage: Storage = sessionStorage,
  reload = () => location.reload(),
): Promise<T> {
  return load().then(
    (module) => {
      storage.removeItem(RELOAD_FLAG);
      return module;
    },
    (error: unknown) => {
      const last = Number(storage.getItem(RELOAD_FLAG) ?? 0);
      if (Date.now() - last > RELOAD_WINDOW_MS) {
        storage.setItem(RELOAD_FLAG, String(Date.now()));
        reload();
        return new Promise<T>(() => {}); // the page is going away
      }
      throw error;
    },
  );
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => loadWithReload(load));
}
