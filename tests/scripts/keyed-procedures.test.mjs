// The browser tests' setup calls send a write key with exactly the writes that take one (tests/e2e/harness.mjs,
// KEYED_PROCEDURES): read from the routers, each procedure whose input is `keyed(…)`.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { KEYED_PROCEDURES } from "../e2e/harness.mjs";

const routers = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../worker/src/routers");

/** `router.procedure` for every procedure of worker/src/routers whose input is keyed; the file names the router. */
function keyedInRouters() {
  const found = [];
  for (const file of fs.readdirSync(routers).filter((f) => f.endsWith(".ts") && f !== "index.ts")) {
    const source = fs.readFileSync(path.join(routers, file), "utf8");
    // Each procedure is a two-space-indented `name: …Procedure` entry; its text runs to the next one.
    const entries = [...source.matchAll(/^ {2}(\w+): \w*[pP]rocedure\b/gm)];
    entries.forEach((entry, i) => {
      const text = source.slice(entry.index, entries[i + 1]?.index ?? source.length);
      if (/\.input\(\s*keyed\(/.test(text)) found.push(`${path.basename(file, ".ts")}.${entry[1]}`);
    });
  }
  return found.sort();
}

describe("the harness's keyed procedures", () => {
  it("are the routers' keyed writes, no more and no fewer", () => {
    const keyed = keyedInRouters();
    assert.ok(keyed.length >= 20, `only ${keyed.length} keyed procedures were read from the routers`);
    assert.deepEqual([...KEYED_PROCEDURES].sort(), keyed);
  });
});
