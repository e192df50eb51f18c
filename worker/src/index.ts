import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { MAX_BATCH_SIZE } from "./batch-limit";
import type { Env } from "./env";
import { appRouter } from "./routers";
import { createContext } from "./trpc";

const app = new Hono<{ Bindings: Env }>();

app.use("*", secureHeaders({ crossOriginOpenerPolicy: "same-origin-allow-popups" }));

app.get("/health", (c) => c.json({ ok: true }));

/** Readiness: the Worker reaches D1 (one `SELECT 1` round trip). 503 when it cannot. */
app.get("/health/db", async (c) => {
  try {
    await c.env.DB.prepare("SELECT 1").first();
    return c.json({ ok: true });
  } catch (error) {
    console.error("D1 health check failed", error);
    return c.json({ ok: false }, 503);
  }
});

// An answer holds one person's view of their organization: no browser or proxy may keep it (a shared computer's disk
// cache after sign-out). The app keeps what it needs in its own query cache, which sign-out clears.
app.use("/trpc/*", async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "private, no-store");
});

app.use(
  "/trpc/*",
  trpcServer({
    router: appRouter,
    endpoint: "/trpc",
    maxBatchSize: MAX_BATCH_SIZE,
    createContext: (_opts, c) => createContext({ env: c.env, request: c.req.raw, overHttp: true }),
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
