// A node:test reporter that writes each failure as one JSON line: the file, the test's name, why it failed and its
// error's first line. scripts/test.mjs names them in its summary, the part of the output a CI log's tail keeps.
// A file whose process died has only "test failed" as its error: the last line it wrote to stderr goes with it.
import path from "node:path";

// Failures that only echo another's: a suite whose tests failed, a test cancelled because its suite's hook failed.
const ECHOES = new Set(["subtestsFailed", "cancelledByParent"]);

export default async function* failures(source) {
  const lastStderr = new Map();
  const found = [];
  for await (const event of source) {
    if (event.type === "test:stderr") {
      const line = event.data.message.trim().split("\n").filter(Boolean).at(-1);
      if (line) lastStderr.set(event.data.file, line);
    }
    if (event.type !== "test:fail") continue;
    const { file, name } = event.data;
    const error = event.data.details.error;
    const message = error.cause?.message ?? error.message ?? String(error);
    found.push({ file, name, echo: ECHOES.has(error.failureType), message });
  }
  // Every failure, less the echoes in a file where something else explains them: a test cancelled by a hang stays.
  const explained = new Set(found.filter((failure) => !failure.echo).map((failure) => failure.file));
  const named = found.filter((failure) => !failure.echo || !explained.has(failure.file));
  for (const { file, name, message } of named) {
    const where = file ? path.relative(process.cwd(), file) : "";
    const crashed = file === name || path.resolve(name) === file;
    const why = crashed && lastStderr.has(file) ? `${oneLine(message)} (${lastStderr.get(file)})` : oneLine(message);
    yield `${JSON.stringify({ test: crashed || !where ? where || name : `${where} › ${name}`, error: why })}\n`;
  }
}

/** An error on one line: its lines joined, and when long, its start and its end, where a wrapped cause often is. */
function oneLine(text) {
  const line = text
    .split("\n")
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ⏎ ");
  return line.length <= 300 ? line : `${line.slice(0, 140)} … ${line.slice(-140)}`;
}
