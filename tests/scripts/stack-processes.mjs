// Shared by the stack's script tests: free ports, and the processes a stack started for its data folder.
import fs from "node:fs";
import net from "node:net";

/** A port of 127.0.0.1 free with the `extra` ports after it (the emulator's hub and logging take two more). */
export async function freePort(extra = 0) {
  for (;;) {
    const server = net.createServer();
    const port = await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server.address().port)));
    await new Promise((resolve) => server.close(resolve));
    const next = await Promise.all(
      Array.from({ length: extra }, (_, i) => {
        const probe = net.createServer();
        return new Promise((resolve) => {
          probe.once("error", () => resolve(false));
          probe.listen(port + i + 1, "127.0.0.1", () => probe.close(() => resolve(true)));
        });
      }),
    );
    if (next.every(Boolean)) return port;
  }
}

/** A process's command line, its arguments joined by spaces ("" once it is gone). */
export function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return ""; // gone meanwhile
  }
}

/** Processes whose command line names `folder`: the emulator gets its config from it, wrangler its D1. */
export const processesOf = (folder) =>
  fs
    .readdirSync("/proc")
    .filter((pid) => /^\d+$/.test(pid) && Number(pid) !== process.pid && commandLine(pid).includes(folder));
