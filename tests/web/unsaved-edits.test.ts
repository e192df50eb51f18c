import { MutationObserver, QueryClient, onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connectionNotice, guardUnsavedEdits, holdPageWhile, unsavedEditCount } from "../../web/src/lib/unsaved-edits";
import { leavingAsks } from "./leaving";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => onlineManager.setOnline(true));

describe("leaving the page with edits on their way", () => {
  it("asks first while an edit is pending, and lets the page go once it has landed", async () => {
    const client = new QueryClient();
    const stop = guardUnsavedEdits(client);
    const server = deferred();
    const edit = new MutationObserver(client, { mutationFn: () => server.promise });

    expect(leavingAsks()).toBe(false);
    const saving = edit.mutate();
    expect(unsavedEditCount(client)).toBe(1);
    expect(leavingAsks()).toBe(true);

    server.resolve();
    await saving;
    expect(unsavedEditCount(client)).toBe(0);
    expect(leavingAsks()).toBe(false);
    stop();
  });

  it("counts an edit made offline (held back, not sent) until it is sent after reconnecting", async () => {
    const client = new QueryClient();
    const stop = guardUnsavedEdits(client);
    const send = vi.fn(() => Promise.resolve("saved"));
    onlineManager.setOnline(false);
    const saving = new MutationObserver(client, { mutationFn: send }).mutate();
    await Promise.resolve();

    expect(send).not.toHaveBeenCalled();
    expect(unsavedEditCount(client)).toBe(1);
    expect(leavingAsks()).toBe(true);

    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await saving;
    expect(send).toHaveBeenCalledTimes(1);
    expect(leavingAsks()).toBe(false);
    stop();
  });

  it("asks while work held outside React Query runs (an import's batches), failed work included", async () => {
    const client = new QueryClient();
    const stop = guardUnsavedEdits(client);
    const batches = deferred();
    const importing = holdPageWhile(batches.promise);
    expect(leavingAsks()).toBe(true);
    batches.resolve();
    await importing;
    expect(leavingAsks()).toBe(false);

    await expect(holdPageWhile(Promise.reject(new Error("offline")))).rejects.toThrow("offline");
    expect(unsavedEditCount(client)).toBe(0);
    stop();
  });

  it("stops asking once the guard is removed", async () => {
    const client = new QueryClient();
    const stop = guardUnsavedEdits(client);
    void new MutationObserver(client, { mutationFn: () => new Promise(() => {}) }).mutate();
    stop();
    expect(leavingAsks()).toBe(false);
  });
});

describe("the connection notice", () => {
  it("says nothing online, and offline says how many changes wait", () => {
    expect(connectionNotice(true, 3)).toBeNull();
    expect(connectionNotice(false, 0)).toBe("You're offline. Changes are saved when you reconnect.");
    expect(connectionNotice(false, 1)).toBe(
      "You're offline. 1 change will be saved when you reconnect: keep this tab open.",
    );
    expect(connectionNotice(false, 1200)).toBe(
      "You're offline. 1,200 changes will be saved when you reconnect: keep this tab open.",
    );
  });
});
