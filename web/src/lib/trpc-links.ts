import { httpBatchLink, httpBatchStreamLink, splitLink, type TRPCLink } from "@trpc/client";
import superjson from "superjson";
import { MAX_BATCH_SIZE } from "../../../worker/src/batch-limit";
import type { AppRouter } from "../../../worker/src/routers";
import { deserializeResponse } from "../../../worker/src/serialize";

/** superjson both ways, and the worker's packed record rows unpacked on the way in (worker/src/serialize.ts). */
const transformer = { serialize: superjson.serialize, deserialize: deserializeResponse };

export type IdTokenSource = () => Promise<string | null>;

/**
 * SPEC §7: every request carries `Authorization: Bearer <ID token>` when a user exists; when the
 * token cannot be fetched the error is logged and the request goes out without the header.
 */
export function authorizationHeaders(getIdToken: IdTokenSource) {
  return async (): Promise<Record<string, string>> => {
    try {
      const token = await getIdToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    } catch (error) {
      console.error("Could not get the sign-in token; sending the request without it.", error);
      return {};
    }
  };
}

/**
 * A server error that is not the API's answer: a gateway's page, or the development server's "Your
 * worker restarted mid-request" (503). tRPC would report it as JSON it cannot parse; it is a request
 * that got no answer, like a dropped connection, so it fails as fetch does then (a TypeError), and
 * the app treats it the same way: "Retry" on a failed save, a kept offline edit sent again.
 */
export class NoAnswerError extends TypeError {
  constructor(status: number) {
    super(`The server is not available right now (HTTP ${status}). Try again in a moment.`);
    this.name = "NoAnswerError";
  }
}

/** How long the local development server may take to start answering a query before it is taken as lost. */
export const LOST_QUERY_MS = 10_000;
const DEV_PROXY_DROPPED = "Your worker restarted mid-request";

/**
 * Local runs only: wrangler 4.86's dev proxy (the newest that runs on Node 20) loses a request now and then. When
 * its pooled connection to the Worker sat idle about 5 s, both ends close it at once and the request written into it
 * never reaches the Worker (workers-sdk#14641, fixed in #15252): a POST is answered 503 "Your worker restarted
 * mid-request", a GET waits for a restart that never comes. Such a request is sent once more: the 503 names the
 * drop, and a query that has not started answering in LOST_QUERY_MS is dropped too (none takes a second here).
 */
function resendingDropped(send: typeof fetch): typeof fetch {
  const attempt = async (input: RequestInfo | URL, init?: RequestInit) => {
    if ((init?.method ?? "GET") !== "GET") return send(input, init);
    const lost = new AbortController();
    const timer = setTimeout(() => lost.abort(new NoAnswerError(504)), LOST_QUERY_MS);
    const signal = init?.signal ? AbortSignal.any([init.signal, lost.signal]) : lost.signal;
    try {
      return await send(input, { ...init, signal });
    } finally {
      clearTimeout(timer);
    }
  };
  return async (input, init) => {
    try {
      const response = await attempt(input, init);
      if (response.status !== 503 || !(await response.clone().text()).startsWith(DEV_PROXY_DROPPED)) return response;
    } catch (error) {
      if (!(error instanceof NoAnswerError) || init?.signal?.aborted) throw error;
    }
    return attempt(input, init);
  };
}

/** `fetchImpl` (else the global fetch, looked up per call) with NoAnswerError for answers not from the API. */
function answeredByApi(fetchImpl: typeof fetch | undefined, devServer: boolean): typeof fetch {
  const plain: typeof fetch = (input, init) => (fetchImpl ?? fetch)(input, init);
  const send = devServer ? resendingDropped(plain) : plain;
  return async (input, init) => {
    const response = await send(input, init);
    const json = response.headers.get("content-type")?.includes("application/json") ?? false;
    if (response.status >= 500 && !json) throw new NoAnswerError(response.status);
    return response;
  };
}

/** Streaming batches (one item) when the call's context asks for `stream`, plain batches otherwise. */
export function createLinks(
  getIdToken: IdTokenSource,
  url = "/trpc",
  fetchImpl?: typeof fetch,
  { devServer = false } = {},
): TRPCLink<AppRouter>[] {
  const headers = authorizationHeaders(getIdToken);
  const fetchAnswer = answeredByApi(fetchImpl, devServer);
  return [
    splitLink({
      condition: (op) => Boolean(op.context.stream),
      true: httpBatchStreamLink({ url, transformer, headers, maxItems: 1, fetch: fetchAnswer }),
      false: httpBatchLink({ url, transformer, headers, maxItems: MAX_BATCH_SIZE, fetch: fetchAnswer }),
    }),
  ];
}
