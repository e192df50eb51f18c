import { createTRPCClient, getUntypedClient } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../../worker/src/routers";
import { auth } from "./firebase";
import { queryClient } from "./query-client";
import { createLinks } from "./trpc-links";

export const trpcClient = createTRPCClient<AppRouter>({
  links: createLinks(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null), undefined, undefined, {
    // Local runs (the Auth emulator's build) go through wrangler's dev proxy, which drops a request now and then.
    devServer: Boolean(import.meta.env.VITE_AUTH_EMULATOR_URL),
  }),
});

/** Query and mutation options for every procedure: the only way pages build query keys. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/**
 * A mutation by its key alone ([path segments], as tRPC's mutationOptions key them): edits kept from
 * an earlier tab (lib/offline-edits.ts) come back without the hooks that made them. A live mutation's
 * own mutationFn overrides this default.
 */
queryClient.setMutationDefaults([], {
  mutationFn: (variables: unknown, { mutationKey }) => {
    const [path] = (mutationKey ?? []) as [string[] | undefined];
    if (!Array.isArray(path)) return Promise.reject(new Error("This change cannot be sent: it names no procedure."));
    return getUntypedClient(trpcClient).mutation(path.join("."), variables);
  },
});
