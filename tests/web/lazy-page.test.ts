import { describe, expect, it, vi } from "vitest";
import { loadWithReload } from "../../web/src/lib/lazy-page";

describe("loadWithReload (SPEC §8)", () => {
  it("reloads the page when a chunk fails to load", async () => {
    sessionStorage.clear();
    const reload = vi.fn();
    void loadWithReload(
      () => Promise.reject(new Error("Failed to fetch dynamically imported module")),
      sessionStorage,
      reload,
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("does not reload in a loop: a second failure right after reloading is thrown", async () => {
    sessionStorage.clear();
    const reload = vi.fn();
    void loadWithReload(() => Promise.reject(new Error("chunk")), sessionStorage, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await expect(loadWithReload(() => Promise.reject(new Error("chunk")), sessionStorage, reload)).rejects.toThrow(
      "chunk",
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("returns the module and clears the marker on success", async () => {
    sessionStorage.setItem("chunk-reload-at", String(Date.now()));
    const module = await loadWithReload(() => Promise.resolve({ default: "page" }), sessionStorage, vi.fn());
    expect(module.default).toBe("page");
    expect(sessionStorage.getItem("chunk-reload-at")).toBeNull();
  });
});
