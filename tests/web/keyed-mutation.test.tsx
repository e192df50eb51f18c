import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { RESEND_DELAYS_MS } from "../../web/src/lib/resend";
import { useKeyedMutation } from "../../web/src/lib/use-keyed-mutation";

function withClient(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

type NewTask = { title: string; key?: string };

describe("a keyed write (useKeyedMutation)", () => {
  it("sends each call under a key of its own, the same key each time that call is sent again after no answer", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let attempts = 0;
      const send = vi.fn(async (task: NewTask) => {
        attempts++;
        // The first send of the first call gets no answer (the connection dropped on the way back).
        if (attempts === 1) throw new TypeError("Failed to fetch");
        return { id: `tsk_${task.key}` };
      });
      const { result } = renderHook(() => useKeyedMutation({ mutationKey: [["tasks", "create"]], mutationFn: send }), {
        wrapper: withClient(new QueryClient()),
      });
      let first: unknown;
      await act(async () => {
        const sending = result.current.mutateAsync({ title: "Call Ann" });
        await vi.advanceTimersByTimeAsync(RESEND_DELAYS_MS[0]);
        first = await sending;
      });
      expect(send).toHaveBeenCalledTimes(2);
      const [[one], [two]] = send.mock.calls;
      expect(one.key).toMatch(/^[0-9a-f]{32}$/);
      expect(two.key, "sent again under the same key").toBe(one.key);
      expect(first).toEqual({ id: `tsk_${one.key}` });

      await act(() => result.current.mutateAsync({ title: "Call Ann" }));
      expect(send.mock.calls[2][0].key, "another call, another key").not.toBe(one.key);
      await act(() => result.current.mutateAsync({ title: "Call Ann", key: "given-key-1" }));
      expect(send.mock.calls[3][0].key, "a key already given is kept").toBe("given-key-1");
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
    } finally {
      vi.useRealTimers();
    }
  });
});
