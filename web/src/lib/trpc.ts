import { createTRPCClient } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../../worker/src/routers";
import { auth } from "./firebase";
import { queryClient } from "./query-client";
import { createLinks } from "./trpc-links";

export const trpcClient = createTRPCClient<AppRouter>({
  links: createLinks(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null)),
});

/** Query and mutation options for every procedure: the only way pages build query keys. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
