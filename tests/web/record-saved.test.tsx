import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import type { ListPage } from "../../web/src/ui/data-table";

// list-cache names other objects' keys through the options proxy; these tests build their own router.
vi.mock("../../web/src/lib/trpc", () => ({ trpc: {} }));

const { createRecordHooks } = await import("../../web/src/features/records/use-record-hooks");

type Contact = { id: string; version: number; title: string | null; companyName: string | null };
type Details = { contact: Contact; timeline: string[] };

const getKey = (input: unknown) => [["contacts", "get"], { input, type: "query" }];
const sendUpdate = vi.fn();
const readRecord = vi.fn();
const mutationOf = (name: string, mutationFn: unknown) => ({
  mutationOptions: () => ({ mutationKey: [["contacts", name]], mutationFn }),
});
const router = {
  list: { infiniteQueryKey: () => [["contacts", "list"]], infiniteQueryOptions: () => ({}) },
  get: { queryKey: getKey, queryOptions: (input: unknown) => ({ queryKey: getKey(input), queryFn: readRecord }) },
  create: mutationOf("create", vi.fn()),
  update: mutationOf("update", sendUpdate),
  delete: mutationOf("delete", vi.fn()),
};
const hooks = createRecordHooks<{
  row: Contact;
  page: ListPage<Contact>;
  patch: Partial<Contact>;
  details: Details;
  createInput: unknown;
  created: unknown;
}>(router as never, "contact");

const grace: Contact = { id: "con_1", version: 1, title: null, companyName: "Acme Robotics" };

function render(queryClient: QueryClient) {
  return renderHook(() => ({ update: hooks.useUpdate(), record: hooks.useRecord("con_1") }), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    ),
  });
}

describe("a record's panel after one of its fields is saved", () => {
  it("shows the saved value at once, while the record is read again for its timeline", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    queryClient.setQueryData(getKey({ id: "con_1" }), { contact: grace, timeline: ["created"] });
    // The read after the save stays on its way for the whole test.
    readRecord.mockReset().mockImplementation(() => new Promise(() => {}));
    sendUpdate.mockReset().mockResolvedValue({ ...grace, version: 2, title: "Rear Admiral" });
    const { result } = render(queryClient);

    await act(() => result.current.update(grace, { title: "Rear Admiral" }).then(() => undefined));
    await waitFor(() => expect(readRecord).toHaveBeenCalled());
    expect(result.current.record.data).toEqual({
      contact: { ...grace, version: 2, title: "Rear Admiral" },
      timeline: ["created"],
    });
  });

  it("keeps a later version it has read over the save's answer", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const later = { ...grace, version: 3, title: "Commodore" };
    queryClient.setQueryData(getKey({ id: "con_1" }), { contact: later, timeline: [] });
    readRecord.mockReset().mockImplementation(() => new Promise(() => {}));
    sendUpdate.mockReset().mockResolvedValue({ ...grace, version: 2, title: "Rear Admiral" });
    const { result } = render(queryClient);

    await act(() => result.current.update(grace, { title: "Rear Admiral" }).then(() => undefined));
    expect(result.current.record.data?.contact).toEqual(later);
  });
});
