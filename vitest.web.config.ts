import os from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    include: ["tests/web/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["./tests/web/setup.ts"],
    // Building each file's jsdom waits as much as it computes: two side by side take 37 s to 25 s on 2 cores,
    // where vitest's default (one fewer than the cores) runs one.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
