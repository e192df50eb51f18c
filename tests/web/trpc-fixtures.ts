import { TRPCClientError } from "@trpc/client";

/** What the tRPC client throws when the server answered with an error of `code` (and more `data`). */
export const answered = (code: string, message = "refused", data: Record<string, unknown> = {}) =>
  TRPCClientError.from({ error: { message, code: -32000, data: { code, httpStatus: 409, ...data } } });

/** What the tRPC client throws when the request got no answer (offline, the connection reset). */
export const noAnswer = () => new TRPCClientError("Failed to fetch", { cause: new TypeError("Failed to fetch") });
