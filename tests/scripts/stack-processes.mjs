// Shared by the stack's script tests: free ports, and the processes a stack started for its data folder.
import fs from "node:fs";
import net from "node:net";

/**
 * The kernel's first ephemeral port: what a bind to port 0 may be given. Below it, no other test's runtime (workerd,
 * an emulator) takes a port between our probe and the stack's start, as one did in 2 runs of 10 here.
 */
const ephemeralLow = () => {
  try {
    return Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
};

const isFree = (port) =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });

/**
 * A port of 127.0.0.1 free with the `extra` ports after it (the emulator's hub and logging take two more), drawn
 * below the ephemeral range and above 10000 (npm start's and the browser tests' ports are below it).
 */
export async function freePort(extra = 0) {
  const high = ephemeralLow() - extra - 1;
  for (;;) {
    const port = 10000 + Math.floor(Math.random() * (high - 10000));
    const ports = Array.from({ length: extra + 1 }, (_, i) => port + i);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return port;
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
