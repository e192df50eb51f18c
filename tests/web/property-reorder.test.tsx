import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";

// The reorder hook builds its mutation from the tRPC options proxy: each move it sends is answered by the test.
const sendReorder = vi.hoisted(() => vi.fn());
vi.mock("../../web/src/lib/trpc", () => ({
  trpc: {
    properties: {
      reorder: {
        mutationOptions: (options?: object) => ({
          ...options,
          mutationKey: [["properties", "reorder"]],
          mutationFn: sendReorder,
        }),
      },
      list: { queryKey: (input: unknown) => [["properties", "list"], { input, type: "query" }] },
    },
  },
}));

const { usePropertyReorder } = await import("../../web/src/features/settings/use-property-mutations");

const listKey = [["properties", "list"], { input: { object: "contact" }, type: "query" }];
const property = (id: string) => ({ id, label: id });
const order = (queryClient: QueryClient) => queryClient.getQueryData<{ id: string }[]>(listKey)?.map((p) => p.id);

function answerable() {
  let answer = (_value: unknown) => {};
  const answered = new Promise((resolve) => (answer = resolve));
  return { answered, answer };
}

describe("moving properties quickly, one move after another", () => {
  it("reads the list again only once the last move is answered, so an earlier move's read cannot undo a later one", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(listKey, ["tier", "manager", "seats"].map(property));
    const first = answerable();
    const second = answerable();
    sendReorder.mockImplementationOnce(() => first.answered).mockImplementationOnce(() => second.answered);
    const { result } = renderHook(() => usePropertyReorder("contact"), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    });

    act(() => result.current.mutate({ object: "contact", ids: ["manager", "tier", "seats"] }));
    await waitFor(() => expect(sendReorder).toHaveBeenCalledTimes(1));
    act(() => result.current.mutate({ object: "contact", ids: ["tier", "manager", "seats"] }));
    await waitFor(() => expect(sendReorder).toHaveBeenCalledTimes(2));
    expect(order(queryClient)).toEqual(["tier", "manager", "seats"]);

    // The first move is answered while the second is on its way: the list is not read yet.
    await act(async () => first.answer(["manager", "tier", "seats"].map(property)));
    await waitFor(() => expect(queryClient.isMutating()).toBe(1));
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false);
    expect(order(queryClient)).toEqual(["tier", "manager", "seats"]);

    // The last one answered: now the list is read again.
    await act(async () => second.answer(["tier", "manager", "seats"].map(property)));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });
});
