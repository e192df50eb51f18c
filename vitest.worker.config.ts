import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  // wrangler.toml names ./dist as the assets folder; tests exercise the Worker, not the SPA build.
  fs.mkdirSync("dist", { recursive: true });
  const migrations = await readD1Migrations(path.resolve("migrations"));
  return {
    plugins: [
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // Production-like: emulator tokens refused unless a test says otherwise.
          bindings: { TEST_MIGRATIONS: migrations, JWKS_URL: inject("jwksUrl"), AUTH_EMULATOR: "0" },
        },
      })),
    ],
    test: {
      include: ["tests/worker/**/*.test.ts"],
      globalSetup: ["./tests/worker/global-setup.ts"],
      setupFiles: ["./tests/worker/apply-migrations.ts"],
      // A file spends most of its time starting its workerd isolate and migrating its D1, not on a core: three
      // side by side take the suite from 115 s to 54 s on 2 cores (vitest's default is one fewer than the cores).
      maxWorkers: Math.max(3, os.availableParallelism() - 1),
      // Three files share two cores: a loaded machine (another build beside the run) took a case past vitest's 5 s.
      testTimeout: 15_000,
    },
  };
});
