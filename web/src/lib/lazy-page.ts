import { Children, createElement, isValidElement, lazy, type ComponentType, type ReactNode } from "react";

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

/** A page loaded on first use, which can also be loaded ahead (`preload`): loaded, it renders without suspending. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A page's chunk, loaded when it is first rendered or preloaded. A page whose chunk is already loaded renders at
 * once: React.lazy would still suspend on its first render, and a Suspense fallback shown while the app starts holds
 * the page back until 300 ms after it appeared (React's throttle), though its chunk had long been there.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  const keep = (module: { default: ComponentType }) => {
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(() => loadWithReload(load).then(keep));
  // React keeps the instance it mounted through React.lazy when the same page later renders as itself (a web test
  // holds it to that): the switch loses no state.
  const Page = (props: object) => createElement(loaded ?? Lazy, props);
  // The browser fetches a module once, so a render while it loads waits for the same request. A preload that fails
  // says nothing: the render loads it again, and reloads the page if it fails again (loadWithReload).
  Page.preload = () =>
    load()
      .then(keep, () => undefined)
      .then(() => undefined);
  return Page;
}

/** The lazy pages an element renders: itself, or those among its children (`<PageVisit><page.contacts /></PageVisit>`). */
export function lazyPagesIn(node: ReactNode): LazyPage[] {
  if (!isValidElement(node)) return [];
  const type = node.type as Partial<LazyPage>;
  if (typeof type.preload === "function") return [node.type as LazyPage];
  return Children.toArray((node.props as { children?: ReactNode }).children).flatMap(lazyPagesIn);
}
