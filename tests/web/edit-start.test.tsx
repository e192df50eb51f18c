import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";

// The tasks hooks build their mutation from the tRPC options proxy: the save it sends is what is checked.
const sendTaskUpdate = vi.hoisted(() => vi.fn());
vi.mock("../../web/src/lib/trpc", () => ({
  trpc: {
    tasks: {
      update: { mutationOptions: () => ({ mutationKey: [["tasks", "update"]], mutationFn: sendTaskUpdate }) },
      list: { pathFilter: () => ({ queryKey: [["tasks", "list"]] }) },
      get: {
        pathFilter: () => ({ queryKey: [["tasks", "get"]] }),
        queryFilter: (input: unknown) => ({ queryKey: [["tasks", "get"], { input, type: "query" }] }),
      },
      dueCount: { pathFilter: () => ({ queryKey: [["tasks", "dueCount"]] }) },
    },
    timeline: { recent: { pathFilter: () => ({ queryKey: [["timeline", "recent"]] }) } },
    contacts: {
      list: { pathFilter: () => ({ queryKey: [["contacts", "list"]] }) },
      get: { pathFilter: () => ({ queryKey: [["contacts", "get"]] }) },
    },
    companies: {
      list: { pathFilter: () => ({ queryKey: [["companies", "list"]] }) },
      get: { pathFilter: () => ({ queryKey: [["companies", "get"]] }) },
    },
    favorites: { list: { queryKey: () => [["favorites", "list"]] } },
  },
}));

const { useQueuedUpdate, versionToSave } = await import("../../web/src/features/records/list-cache");
const { useTaskUpdate } = await import("../../web/src/features/tasks/use-task-mutations");

type Contact = { id: string; version: number; title?: string; properties?: Record<string, unknown> };

const listKey = [["contacts", "list"]];
const regionStart = (value: unknown, version: number) => ({
  version,
  holds: (copy: Contact) => copy.properties !== undefined && copy.properties.region === value,
});

/** The query client, inside a router as in the app (a completed call's toast opens its record). */
function withClient(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
}

/** A client whose cached contacts list holds `rows` (as a list re-read after a teammate's save would). */
function listed(...rows: Contact[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData([...listKey, { input: { sort: "name" }, type: "infinite" }], {
    pages: [{ items: rows, nextCursor: null, total: { count: rows.length, exact: true } }],
    pageParams: [null],
  });
  return queryClient;
}

/** Saves `patch` through the record queue as an edit begun at `start` would, and returns the version sent. */
async function versionSent(queryClient: QueryClient, shown: Contact, start?: ReturnType<typeof regionStart>) {
  const save = vi.fn(async (input: { id: string; version: number }) => ({ ...shown, version: input.version + 1 }));
  const { result } = renderHook(
    () => useQueuedUpdate<Contact, object>({ queryClient, listKey, save, refresh: async () => shown }),
    { wrapper: withClient(queryClient) },
  );
  await act(() => result.current(shown, { properties: { region: "APAC" } }, start));
  expect(save).toHaveBeenCalledTimes(1);
  return save.mock.calls[0][0].version;
}

describe("the version an edit is saved against", () => {
  it("is the one the edit started from when the cache already holds a teammate's value the screen does not show yet", async () => {
    // The panel still renders version 1 (no region); the re-read list has the teammate's EMEA at version 2.
    const shown = { id: "con_1", version: 1, properties: {} };
    const queryClient = listed({ id: "con_1", version: 2, properties: { region: "EMEA" } });
    expect(await versionSent(queryClient, shown, regionStart(undefined, 1))).toBe(1);
  });

  it("is the newest when the teammate changed another field, so the edit goes through", async () => {
    const shown = { id: "con_1", version: 1, title: "Engineer", properties: {} };
    const queryClient = listed({ id: "con_1", version: 2, title: "Manager", properties: {} });
    expect(await versionSent(queryClient, shown, regionStart(undefined, 1))).toBe(2);
  });

  it("is the newest after the person's own save of the value they started this edit from", async () => {
    // They saved APAC (now version 2 in the list) and typed again from APAC before the screen caught up.
    const shown = { id: "con_1", version: 1, properties: {} };
    const queryClient = listed({ id: "con_1", version: 2, properties: { region: "APAC" } });
    expect(await versionSent(queryClient, shown, regionStart("APAC", 1))).toBe(2);
  });

  it("is the newest cached one for a choice made without typing (no start)", async () => {
    const shown = { id: "con_1", version: 1, properties: {} };
    const queryClient = listed({ id: "con_1", version: 3, properties: { region: "EMEA" } });
    expect(await versionSent(queryClient, shown)).toBe(3);
  });

  it("does not trust a copy that does not carry the edited field (a list showing other columns)", () => {
    const copies: Contact[] = [
      { id: "con_1", version: 1, properties: {} },
      { id: "con_1", version: 4, title: "Manager" },
    ];
    expect(versionToSave(copies, regionStart(undefined, 1))).toBe(1);
    expect(
      versionToSave([{ id: "con_1", version: 2, properties: { region: "EMEA" } }], regionStart(undefined, 1)),
    ).toBe(1);
  });
});

describe("a task's title typed while a teammate renamed it", () => {
  type Task = { id: string; version: number; title: string; priority: string };
  const task = (version: number, title: string, priority = "none"): Task => ({ id: "tsk_1", version, title, priority });

  async function titleSaved(cached: Task, startedFrom: Task) {
    sendTaskUpdate.mockReset();
    sendTaskUpdate.mockImplementation(async (input: { version: number }) => ({
      ...cached,
      version: input.version + 1,
    }));
    const queryClient = new QueryClient();
    queryClient.setQueryData([["tasks", "list"], { input: { tab: "today" }, type: "query" }], [{ task: cached }]);
    const { result } = renderHook(() => useTaskUpdate(), { wrapper: withClient(queryClient) });
    act(() => result.current.mutate({ id: "tsk_1", patch: { title: "Mine" }, startedFrom: startedFrom as never }));
    await waitFor(() => expect(sendTaskUpdate).toHaveBeenCalledTimes(1));
    return sendTaskUpdate.mock.calls[0][0] as { version: number; patch: object };
  }

  it("is saved against the version it started from, though the row on screen still shows the old title", async () => {
    const sent = await titleSaved(task(2, "Teammate's title"), task(1, "Call Ann"));
    expect(sent).toMatchObject({ version: 1, patch: { title: "Mine" } });
  });

  it("goes through against the newest version when only another field changed", async () => {
    const sent = await titleSaved(task(2, "Call Ann", "high"), task(1, "Call Ann"));
    expect(sent).toMatchObject({ version: 2, patch: { title: "Mine" } });
  });

  it("holds, as the edit was made, the procedure's input: a tab that sends it later (kept offline) sends it as is", async () => {
    const cached = task(3, "Call Ann");
    const queryClient = new QueryClient();
    queryClient.setQueryData([["tasks", "list"], { input: { tab: "today" }, type: "query" }], [{ task: cached }]);
    sendTaskUpdate.mockReset();
    sendTaskUpdate.mockImplementation(() => new Promise(() => undefined));
    const { result } = renderHook(() => useTaskUpdate(), { wrapper: withClient(queryClient) });
    act(() => result.current.mutate({ id: "tsk_1", patch: { priority: "high" } }));
    await waitFor(() => expect(queryClient.isMutating()).toBe(1));
    const [edit] = queryClient.getMutationCache().getAll();
    expect(edit.state.variables).toMatchObject({ id: "tsk_1", version: 3, patch: { priority: "high" } });
    expect(edit.options.mutationKey).toEqual([["tasks", "update"]]);
  });
});

describe("a second edit of a record while the first is still on its way", () => {
  it("waits for the first, and is counted as unsaved work meanwhile (closing the tab asks), then is sent", async () => {
    const { workInProgressCount, unkeptEditCount } = await import("../../web/src/lib/unsaved-edits");
    const queryClient = listed();
    let answerFirst!: () => void;
    const first = new Promise<void>((resolve) => (answerFirst = resolve));
    const save = vi.fn(async (input: { id: string; version: number }) => {
      if (save.mock.calls.length === 1) await first;
      return { id: "con_1", version: input.version + 1 };
    });
    const { result } = renderHook(
      () => useQueuedUpdate<Contact, object>({ queryClient, listKey, save, refresh: async () => shown }),
      { wrapper: withClient(queryClient) },
    );
    const shown = { id: "con_1", version: 1 };
    let saves!: Promise<unknown>[];
    act(() => {
      saves = [result.current(shown, { title: "CTO" }), result.current(shown, { title: "CEO" })];
    });
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(workInProgressCount()).toBe(1);
    expect(unkeptEditCount(queryClient)).toBe(1);
    answerFirst();
    await act(() => Promise.all(saves));
    expect(workInProgressCount()).toBe(0);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
