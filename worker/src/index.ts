import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Env } from "./env";
import { appRouter } from "./routers";
import { createContext } from "./trpc";

const app = new Hono<{ Bindings: Env }>();

app.use("*", secureHeaders({ crossOriginOpenerPolicy: "same-origin-allow-popups" }));

app.get("/health", (c) => c.json({ ok: true }));

app.use(
  "/trpc/*",
  trpcServer({
    router: appRouter,
    endpoint: "/trpc",
    createContext: (_opts, c) => createContext({ env: c.env, request: c.req.raw }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC ${path ?? "?"} failed`, error.cause ?? error);
    },
  }),
);

// Everything else is the SPA (assets with index.html fallback for client routes).
app.all("*", async (c) => {
  if (!c.env.ASSETS) return c.notFound();
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  // A fresh Response: the assets one has immutable headers, and secureHeaders adds its own.
  return new Response(asset.body, asset);
});

export default { fetch: app.fetch } satisfies ExportedHandler<Env>;
