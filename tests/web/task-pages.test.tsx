import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TaskListInput } from "../../worker/src/schemas/tasks";

type Row = {
  task: {
    id: string;
    title: string;
    dueAt: Date;
    priority: "normal";
    status: "open";
    createdAt: Date;
    completedAt: null;
    version: number;
  };
  recordName: null;
};

/**
 * tasks.list as the server answers it, for overdue tasks only (the other views are empty): in due order, a page after
 * the task named by `after`, from where that task stands. Each answer waits until `release`.
 */
const server = vi.hoisted(() => {
  const rows: Row[] = [];
  const asked: TaskListInput[] = [];
  const pending: (() => void)[] = [];
  const add = (n: number, dueAt: number) => {
    const task = {
      id: `tsk_${String(n).padStart(4, "0")}`,
      title: `Task ${n}`,
      dueAt: new Date(dueAt),
      priority: "normal" as const,
      status: "open" as const,
      createdAt: new Date(0),
      completedAt: null,
      version: 1,
    };
    rows.push({ task, recordName: null });
    rows.sort((a, b) => a.task.dueAt.getTime() - b.task.dueAt.getTime());
  };
  const list = async (input: TaskListInput) => {
    asked.push(input);
    await new Promise<void>((resolve) => pending.push(resolve));
    if (input.view !== "overdue") return [];
    const start = input.after ? rows.findIndex((r) => r.task.id === input.after) + 1 : 0;
    return rows.slice(start, start + (input.limit ?? 100));
  };
  /** Answers what is asked now; what that makes the page ask next waits. */
  const answer = async () => {
    while (pending.length) pending.shift()!();
    for (let tick = 0; tick < 5; tick++) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  /** Answers until nothing more is asked. */
  const release = async () => {
    for (let round = 0; round < 10; round++) await answer();
  };
  return { rows, asked, add, list, answer, release };
});

vi.mock("../../web/src/lib/trpc", async () => {
  const { createTRPCClient } = await import("@trpc/client");
  const { observable } = await import("@trpc/server/observable");
  const { createTRPCOptionsProxy } = await import("@trpc/tanstack-react-query");
  const { QueryClient } = await import("@tanstack/react-query");
  const client = createTRPCClient({
    links: [
      () =>
        ({ op }) =>
          observable((observer) => {
            if (op.path !== "tasks.list") throw new Error(`unexpected ${op.path}`);
            void server.list(op.input as TaskListInput).then((data) => {
              observer.next({ result: { type: "data", data } });
              observer.complete();
            });
          }),
    ],
  });
  // The hook reads the cache through the query client it is given (the Provider's); this one only builds options.
  return { trpc: createTRPCOptionsProxy({ client, queryClient: new QueryClient() }) };
});
const { useTaskLists } = await import("../../web/src/features/tasks/use-task-lists");

const day = { dayStart: new Date("2030-06-15T00:00:00Z"), dayEnd: new Date("2030-06-16T00:00:00Z") };
const overdueAt = (minutes: number) => Date.UTC(2030, 5, 1) + minutes * 60_000;

function renderLists() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useTaskLists(day, { assignee: "me" }), { wrapper }) };
}

const ids = (rows: { task: { id: string } }[] | undefined) => (rows ?? []).map((r) => r.task.id);

afterEach(() => {
  server.rows.length = 0;
  server.asked.length = 0;
});

describe("useTaskLists: a tab read page by page", () => {
  it("reads the next page after the last task of the page before, and counts what it holds", async () => {
    for (let n = 0; n < 450; n++) server.add(n, overdueAt(n));
    const { result } = renderLists();
    await act(server.release);
    await waitFor(() => expect(result.current.counts?.overdue).toEqual({ count: 200, more: true }));

    act(() => result.current.showMore("overdue"));
    expect(result.current.nextPage("overdue")).toEqual({ loading: true, error: null });
    expect(result.current.counts?.overdue).toEqual({ count: 200, more: true });
    await act(server.release);
    await waitFor(() => expect(result.current.counts?.overdue).toEqual({ count: 400, more: true }));
    expect(server.asked.filter((input) => input.view === "overdue").map((input) => input.after)).toEqual([
      undefined,
      "tsk_0199",
    ]);
    expect(ids(result.current.byTab?.overdue)).toEqual(ids(server.rows.slice(0, 400)));

    act(() => result.current.showMore("overdue"));
    await act(server.release);
    await waitFor(() => expect(result.current.counts?.overdue).toEqual({ count: 450, more: false }));
    expect(ids(result.current.byTab?.overdue)).toEqual(ids(server.rows));
  });

  it("goes on after the first page as it is read again: a task added before it leaves no gap, and the next page never empties meanwhile", async () => {
    for (let n = 0; n < 450; n++) server.add(n, overdueAt(n));
    const { result, queryClient } = renderLists();
    await act(server.release);
    act(() => result.current.showMore("overdue"));
    await act(server.release);
    await waitFor(() => expect(result.current.counts?.overdue.count).toBe(400));

    // A teammate adds a task due before all of them: read again, the first page ends one task earlier.
    server.add(999, overdueAt(-1));
    await act(async () => void queryClient.invalidateQueries());
    await act(server.answer);
    const afters = () => server.asked.filter((input) => input.view === "overdue").map((input) => input.after);
    await waitFor(() => expect(afters().at(-1)).toBe("tsk_0198"));
    // The second page, asked again after the first page's new last task, has not answered: its rows stand meanwhile.
    expect(result.current.counts?.overdue.count).toBe(400);
    expect(ids(result.current.byTab?.overdue)).toContain("tsk_0399");
    expect(result.current.nextPage("overdue").loading).toBe(true);

    await act(server.release);
    await waitFor(() => expect(ids(result.current.byTab?.overdue)).toEqual(ids(server.rows.slice(0, 400))));
    expect(ids(result.current.byTab?.overdue)).toContain("tsk_0199");
    expect(result.current.counts?.overdue).toEqual({ count: 400, more: true });
  });
});
