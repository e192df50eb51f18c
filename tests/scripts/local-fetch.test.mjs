// The browser tests' setup calls to wrangler dev: which requests are sent again when a connection is lost
// (tests/e2e/harness.mjs, fetchLocalWorker).
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, beforeEach, describe, it } from "node:test";
import { fetchLocalWorker } from "../e2e/harness.mjs";

describe("fetchLocalWorker", () => {
  /** Requests the server read, by method; the first `resets` of them have their connection reset unanswered. */
  let received;
  let resets;
  let url;
  const server = http.createServer((req, res) => {
    received.push(req.method);
    if (resets > 0) {
      resets -= 1;
      req.socket.resetAndDestroy();
      return;
    }
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ answered: received.length }));
  });

  before(async () => {
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${server.address().port}/trpc/notes.create`;
  });
  beforeEach(() => {
    received = [];
    resets = 0;
  });
  after(() => server.close());

  it("sends a GET again when its connection is reset", async () => {
    resets = 1;
    const res = await fetchLocalWorker(url);
    assert.deepEqual(await res.json(), { answered: 2 });
    assert.deepEqual(received, ["GET", "GET"]);
  });

  it("sends a POST marked resendable (a keyed write) again when its connection is reset", async () => {
    resets = 1;
    const res = await fetchLocalWorker(url, { method: "POST", body: "{}", resendable: true });
    assert.deepEqual(await res.json(), { answered: 2 });
    assert.deepEqual(received, ["POST", "POST"]);
  });

  it("does not send any other POST twice: the reset is the caller's error", async () => {
    resets = 1;
    await assert.rejects(fetchLocalWorker(url, { method: "POST", body: "{}" }), (error) => {
      assert.equal(error.cause?.code, "ECONNRESET");
      return true;
    });
    assert.deepEqual(received, ["POST"]);
  });

  it("sends a request again once at most", async () => {
    resets = 2;
    await assert.rejects(fetchLocalWorker(url, { method: "POST", body: "{}", resendable: true }), TypeError);
    assert.deepEqual(received, ["POST", "POST"]);
  });
});
