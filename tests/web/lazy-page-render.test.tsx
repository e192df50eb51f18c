import { act, render, screen } from "@testing-library/react";
import { Suspense, useEffect, useLayoutEffect, useState, type ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { lazyPage, lazyPagesIn } from "../../web/src/lib/lazy-page";

/** A page's module, resolved when the test says: a counter that keeps state and counts its mounts. */
function deferredModule() {
  let resolve!: () => void;
  const mounted = { times: 0 };
  function Counter() {
    const [count, setCount] = useState(0);
    useEffect(() => {
      mounted.times++;
    }, []);
    return (
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Count {count}
      </button>
    );
  }
  const ready = new Promise<{ default: ComponentType }>((done) => (resolve = () => done({ default: Counter })));
  return { load: () => ready, resolve, mounted };
}

/** A Suspense fallback that counts how often it was put on screen. */
function countedFallback() {
  const shown = { times: 0 };
  function Fallback() {
    useLayoutEffect(() => {
      shown.times++;
    }, []);
    return <p>Loading…</p>;
  }
  return { shown, fallback: <Fallback /> };
}

describe("lazyPage", () => {
  it("renders a preloaded page at once, without the Suspense fallback", async () => {
    const module = deferredModule();
    const Page = lazyPage(module.load);
    const preloaded = Page.preload();
    module.resolve();
    await preloaded;
    const { shown, fallback } = countedFallback();
    render(
      <Suspense fallback={fallback}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole("button", { name: "Count 0" })).toBeTruthy();
    expect(shown.times).toBe(0);
  });

  it("shows the fallback for a page not loaded yet, then the page, which keeps its state when it renders again", async () => {
    const { shown, fallback } = countedFallback();
    const module = deferredModule();
    const Page = lazyPage(module.load);
    function Host() {
      const [title, setTitle] = useState("First");
      return (
        <Suspense fallback={fallback}>
          <h1>{title}</h1>
          <Page />
          <button type="button" onClick={() => setTitle("Second")}>
            Rename
          </button>
        </Suspense>
      );
    }
    render(<Host />);
    expect(screen.getByText("Loading…")).toBeTruthy();
    expect(shown.times).toBe(1);
    await act(async () => module.resolve());
    const counter = await screen.findByRole("button", { name: "Count 0" });
    act(() => counter.click());
    act(() => screen.getByRole("button", { name: "Rename" }).click());
    // Loaded by now, the page is still the instance React.lazy mounted: its count survives the render.
    expect(screen.getByRole("heading", { name: "Second" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Count 1" })).toBeTruthy();
    expect(module.mounted.times).toBe(1);
  });

  it("says nothing when a preload fails, and the render loads the page again", async () => {
    let attempts = 0;
    const Page = lazyPage(() => {
      attempts++;
      return attempts === 1
        ? Promise.reject(new Error("Failed to fetch dynamically imported module"))
        : Promise.resolve({ default: () => <p>Loaded on the second try</p> });
    });
    await expect(Page.preload()).resolves.toBeUndefined();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText("Loaded on the second try")).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it("is found in the element a route renders, inside wrappers", () => {
    const Contacts = lazyPage(() => Promise.resolve({ default: () => null }));
    const Layout = lazyPage(() => Promise.resolve({ default: () => null }));
    const Wrapper = ({ children }: { children: React.ReactNode }) => <section>{children}</section>;
    expect(
      lazyPagesIn(
        <Wrapper>
          <Contacts />
        </Wrapper>,
      ),
    ).toEqual([Contacts]);
    expect(lazyPagesIn(<Layout />)).toEqual([Layout]);
    expect(lazyPagesIn(<Wrapper>text</Wrapper>)).toEqual([]);
    expect(lazyPagesIn(undefined)).toEqual([]);
  });
});
