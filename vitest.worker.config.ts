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
      // A file alone in its pool worker spends ~7 s starting a workerd and importing the Worker's module graph, and
      // ~1 s on its tests. Files share their pool worker instead (`isolate: false`): the suite's 801 cases took 52 s
      // on 2 cores instead of 105 s, half the CPU. Each file still starts on an empty D1 (apply-migrations.ts).
      isolate: false,
      // One pool worker per core (vitest's default is one fewer): on 2 cores, 1 took 72 s, 2 took 52 s, 3 and 4 58 s.
      maxWorkers: Math.max(2, os.availableParallelism()),
      // A loaded machine (another build beside the run) took a case past vitest's 5 s.
      testTimeout: 15_000,
    },
  };
});
