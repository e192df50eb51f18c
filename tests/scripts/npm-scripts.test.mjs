// package.json's scripts name files of this repository: each must exist, so no `npm run` fails for a file
// that was renamed or never written (`db:migrate` pointed at a missing scripts/with-env.sh until 2026-12-02).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { scripts } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
/** The words of a command that name a file here: a path with a folder and an extension. */
const filesNamed = (command) => command.split(/\s+/).filter((word) => /^[\w.-]+(\/[\w.-]+)+\.\w+$/.test(word));

describe("package.json's scripts", () => {
  it("name only files that exist", () => {
    const named = Object.entries(scripts).flatMap(([name, command]) => filesNamed(command).map((file) => [name, file]));
    assert.ok(named.length >= 8, `only ${named.length} files named by the scripts were found`);
    const missing = named.filter(([, file]) => !fs.existsSync(path.join(root, file)));
    assert.deepEqual(missing, []);
  });

  it("name the start and test commands' scripts, and the README names every script", () => {
    assert.deepEqual(filesNamed(scripts.start), ["scripts/start.sh"]);
    assert.deepEqual(filesNamed(scripts.test), ["scripts/test.sh"]);
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    const unnamed = Object.keys(scripts).filter(
      (name) => !["start", "test"].includes(name) && !readme.includes(`npm run ${name}`),
    );
    assert.deepEqual(unnamed, []);
  });
});
