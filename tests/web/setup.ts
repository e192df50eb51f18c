import "fake-indexeddb/auto";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Files share a pool worker's jsdom (vitest.web.config.ts), so after every test what it rendered is unmounted
// and its fake timers are put back, whether or not its file does so itself: the next file starts on an empty
// document and real time. (Stubbed globals and spies are undone by the config's unstub/restore options.)
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.innerHTML = "";
});
