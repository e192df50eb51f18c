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

/** Streaming batches (one item) when the call's context asks for `stream`, plain batches otherwise. */
export function createLinks(getIdToken: IdTokenSource, url = "/trpc", fetchImpl?: typeof fetch): TRPCLink<AppRouter>[] {
  const headers = authorizationHeaders(getIdToken);
  return [
    splitLink({
      condition: (op) => Boolean(op.context.stream),
      true: httpBatchStreamLink({ url, transformer, headers, maxItems: 1, fetch: fetchImpl }),
      false: httpBatchLink({ url, transformer, headers, maxItems: MAX_BATCH_SIZE, fetch: fetchImpl }),
    }),
  ];
}
