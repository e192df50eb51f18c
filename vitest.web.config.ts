import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const TESTS = "tests/web";

// A file that replaces a module (`vi.mock`) needs a module graph of its own: in a shared one, another file may
// already hold the real module. Every other file shares its pool worker's jsdom and modules, which spares
// building them again for each file (most of the suite's time).
const mocksModules = readdirSync(TESTS, { recursive: true, encoding: "utf8" })
  .filter((name) => /\.test\.tsx?$/.test(name))
  .map((name) => `${TESTS}/${name}`)
  .filter((file) => /\bvi\.mock\(/.test(readFileSync(file, "utf8")));

export default defineConfig({
  plugins: [react()],
  test: {
    environment: "jsdom",
    setupFiles: ["./tests/web/setup.ts"],
    unstubGlobals: true,
    unstubEnvs: true,
    restoreMocks: true,
    // Building a jsdom waits as much as it computes: two side by side take 37 s to 25 s on 2 cores, where
    // vitest's default (one fewer than the cores) runs one.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: { name: "web", include: [`${TESTS}/**/*.test.{ts,tsx}`], exclude: mocksModules, isolate: false },
      },
      { extends: true, test: { name: "web (mocks modules)", include: mocksModules } },
    ],
  },
});
