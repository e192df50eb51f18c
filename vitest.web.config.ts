import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    include: ["tests/web/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["./tests/web/setup.ts"],
  },
});
