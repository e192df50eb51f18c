import "fake-indexeddb/auto";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Files share a pool worker's jsdom (vitest.web.config.ts), so what a test rendered is unmounted after it,
// whether or not its file does so itself: the next file starts on an empty document.
afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
});
