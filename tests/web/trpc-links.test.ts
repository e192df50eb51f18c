import { createTRPCClient } from "@trpc/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppRouter } from "../../worker/src/routers";
import { createLinks, LOST_QUERY_MS, NoAnswerError } from "../../web/src/lib/trpc-links";
import { errorCode, isNetworkFailure, saveAgainLabel } from "../../web/src/lib/trpc-errors";
import { MAX_BATCH_SIZE } from "../../worker/src/batch-limit";

type Call = { url: string; method: string; headers: Headers };

/** A fetch that records requests and answers like the tRPC endpoint would (one null result each). */
function recordingFetch(calls: Call[]) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, method: init?.method ?? "GET", headers: new Headers(init?.headers) });
    const count = new URL(url, "http://x").pathname.replace("/trpc/", "").split(",").length;
    const body = Array.from({ length: count }, () => ({ result: { data: { json: null } } }));
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
}

afterEach(() => vi.restoreAllMocks());

describe("tRPC links (SPEC §7)", () => {
  it("sends queries as GET with the bearer token of the current user", async () => {
    const calls: Call[] = [];
    const client = createTRPCClient<AppRouter>({
      links: createLinks(async () => "token-123", "http://x/trpc", recordingFetch(calls)),
    });
    await client.user.getUser.query();
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe("GET");
    expect(calls[0].url).toContain("/trpc/user.getUser?batch=1");
    expect(calls[0].headers.get("authorization")).toBe("Bearer token-123");
  });

  it("batches queries made together into one request", async () => {
    const calls: Call[] = [];
    const client = createTRPCClient<AppRouter>({
      links: createLinks(async () => "t", "http://x/trpc", recordingFetch(calls)),
    });
    await Promise.all([client.user.getUser.query(), client.user.getConnectedAccounts.query()]);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toContain("/trpc/user.getUser,user.getConnectedAccounts");
  });

  it("splits a batch larger than the server takes into requests of MAX_BATCH_SIZE calls at most", async () => {
    const calls: Call[] = [];
    const client = createTRPCClient<AppRouter>({
      links: createLinks(async () => "t", "http://x/trpc", recordingFetch(calls)),
    });
    await Promise.all(Array.from({ length: MAX_BATCH_SIZE + 10 }, () => client.user.getUser.query()));
    const sizes = calls.map((call) => new URL(call.url).pathname.split(",").length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(MAX_BATCH_SIZE + 10);
    expect(Math.max(...sizes)).toBe(MAX_BATCH_SIZE);
  });

  it("sends mutations as POST", async () => {
    const calls: Call[] = [];
    const client = createTRPCClient<AppRouter>({
      links: createLinks(async () => "t", "http://x/trpc", recordingFetch(calls)),
    });
    await client.feedback.create.mutate({ text: "Great app", category: "praise", page: "/home" });
    expect(calls[0].method).toBe("POST");
  });

  it("sends no Authorization header when nobody is signed in", async () => {
    const calls: Call[] = [];
    const client = createTRPCClient<AppRouter>({
      links: createLinks(async () => null, "http://x/trpc", recordingFetch(calls)),
    });
    await client.user.getUser.query();
    expect(calls[0].headers.has("authorization")).toBe(false);
  });

  it("logs an error and still sends the request when the token cannot be fetched", async () => {
    const calls: Call[] = [];
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = async (): Promise<string> => {
      throw new Error("network down");
    };
    const client = createTRPCClient<AppRouter>({ links: createLinks(failing, "http://x/trpc", recordingFetch(calls)) });
    await client.user.getUser.query();
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.has("authorization")).toBe(false);
    expect(consoleError).toHaveBeenCalled();
  });

  it("uses the streaming link, one item per request, when the context asks for stream", async () => {
    const calls: Call[] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), method: init?.method ?? "GET", headers: new Headers(init?.headers) });
      return new Response(JSON.stringify([{ result: { data: { json: null } } }]), {
        headers: { "content-type": "application/json" },
      });
    }) as unknown as typeof fetch;
    const client = createTRPCClient<AppRouter>({ links: createLinks(async () => "t", "http://x/trpc", fetchImpl) });
    // The canned answer is not a valid stream; only the requests matter here.
    await Promise.allSettled([
      client.user.getUser.query(undefined, { context: { stream: true } }),
      client.user.getConnectedAccounts.query(undefined, { context: { stream: true } }),
    ]);
    // maxItems 1: two streamed calls made together still go out as two requests,
    // each announcing the streaming format.
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call.headers.get("trpc-accept")).toBe("application/jsonl");
  });

  it("fails a server error that is not the API's answer as one that got no answer, and keeps the API's own errors", async () => {
    const answers = [
      new Response("Your worker restarted mid-request. Please try sending the request again.", {
        status: 503,
        headers: { "content-type": "text/plain", "retry-after": "0" },
      }),
      new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }),
      new Response(
        JSON.stringify([
          {
            error: {
              json: {
                message: "Something went wrong on our side.",
                code: -32603,
                data: { code: "INTERNAL_SERVER_ERROR" },
              },
            },
          },
        ]),
        { status: 500, headers: { "content-type": "application/json" } },
      ),
    ];
    const fetchImpl = vi.fn(async () => answers.shift()!) as unknown as typeof fetch;
    const client = createTRPCClient<AppRouter>({ links: createLinks(async () => "t", "http://x/trpc", fetchImpl) });
    const send = () => client.feedback.create.mutate({ text: "Great app", category: "praise", page: "/home" });

    const restarted = await send().catch((error: unknown) => error);
    expect((restarted as Error).message).toBe(
      "The server is not available right now (HTTP 503). Try again in a moment.",
    );
    expect((restarted as Error).cause).toBeInstanceOf(NoAnswerError);
    expect(isNetworkFailure(restarted)).toBe(true);
    expect(saveAgainLabel(restarted)).toBe("Retry");

    const gateway = await send().catch((error: unknown) => error);
    expect((gateway as Error).message).toBe("The server is not available right now (HTTP 502). Try again in a moment.");
    expect(isNetworkFailure(gateway)).toBe(true);

    const serverError = await send().catch((error: unknown) => error);
    expect(errorCode(serverError)).toBe("INTERNAL_SERVER_ERROR");
    expect((serverError as Error).message).toBe("Something went wrong on our side.");
    expect(isNetworkFailure(serverError)).toBe(false);
  });

  describe("against the local development server, which drops a request now and then", () => {
    const dropped = () =>
      new Response("Your worker restarted mid-request. Please try sending the request again.", {
        status: 503,
        headers: { "content-type": "text/plain" },
      });
    const answer = () =>
      new Response(JSON.stringify([{ result: { data: { json: { id: "fb_1" } } } }]), {
        headers: { "content-type": "application/json" },
      });
    const clientWith = (fetchImpl: typeof fetch, devServer = true) =>
      createTRPCClient<AppRouter>({ links: createLinks(async () => "t", "http://x/trpc", fetchImpl, { devServer }) });
    /** Never answers: resolves only when its signal aborts, as fetch rejects then. */
    const silent = (init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));

    it("sends a change the proxy dropped (503 'restarted mid-request') once more, and takes its answer", async () => {
      const answers = [dropped(), answer()];
      const fetchImpl = vi.fn(async () => answers.shift()!) as unknown as typeof fetch;
      const result = await clientWith(fetchImpl).feedback.create.mutate({ text: "Hi", category: "praise", page: "/" });
      expect(result).toEqual({ id: "fb_1" });
      expect(fetchImpl).toHaveBeenCalledTimes(2);
    });

    it("sends it once more only: a second drop fails as a request that got no answer", async () => {
      const fetchImpl = vi.fn(async () => dropped()) as unknown as typeof fetch;
      const error = await clientWith(fetchImpl)
        .feedback.create.mutate({ text: "Hi", category: "praise", page: "/" })
        .catch((e: unknown) => e);
      expect(isNetworkFailure(error)).toBe(true);
      expect(fetchImpl).toHaveBeenCalledTimes(2);
    });

    it("asks again for a query that has not started answering in LOST_QUERY_MS", async () => {
      vi.useFakeTimers();
      let calls = 0;
      const fetchImpl = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        ++calls === 1 ? silent(init) : answer(),
      ) as unknown as typeof fetch;
      const query = clientWith(fetchImpl).user.getUser.query();
      await vi.advanceTimersByTimeAsync(LOST_QUERY_MS - 1);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await query).toEqual({ id: "fb_1" });
      expect(calls).toBe(2);
    });

    it("does not ask again for a query its caller gave up", async () => {
      const fetchImpl = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        silent(init),
      ) as unknown as typeof fetch;
      const caller = new AbortController();
      const query = clientWith(fetchImpl).user.getUser.query(undefined, { signal: caller.signal });
      await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalled());
      caller.abort();
      await expect(query).rejects.toThrow();
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    });

    it("leaves a built app's requests alone: a 503 is not sent again", async () => {
      const fetchImpl = vi.fn(async () => dropped()) as unknown as typeof fetch;
      const error = await clientWith(fetchImpl, false)
        .feedback.create.mutate({ text: "Hi", category: "praise", page: "/" })
        .catch((e: unknown) => e);
      expect(isNetworkFailure(error)).toBe(true);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    });
  });
});
