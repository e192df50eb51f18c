import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import type { TestProject } from "vitest/node";

/**
 * A JWKS server on loopback standing in for Google's securetoken keys. Tests sign tokens with
 * the private key (provided to them) and the Worker fetches the public key from here.
 * `GET /jwks` (any path or query but /stats) answers with Cache-Control max-age=3600; `/stats` tells
 * how often keys were fetched in all, and `/stats?url=/jwks?x=1` how often that exact path + query was;
 * `/unavailable` answers 503 like a key server that is down; `/not-a-key-set` answers 200 without keys.
 */
export default async function setup(project: TestProject) {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const other = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: "test-key-1", alg: "RS256", use: "sig" };
  let fetches = 0;
  // Per request URL (path + query), so a test can count fetches of a URL no other file uses.
  const fetchesByUrl = new Map<string, number>();
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith("/stats")) {
      const url = new URL(req.url, "http://jwks.test").searchParams.get("url");
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ fetches, ...(url === null ? {} : { fetchesForUrl: fetchesByUrl.get(url) ?? 0 }) }));
      return;
    }
    if (req.url?.startsWith("/not-a-key-set")) {
      res.setHeader("content-type", "application/json"); // 200, but no "keys": e.g. a captive portal or a changed API
      res.end(JSON.stringify({ hello: "world" }));
      return;
    }
    if (req.url?.startsWith("/unavailable")) {
      res.statusCode = 503; // a key server that is down
      res.end("Service Unavailable");
      return;
    }
    fetches++;
    fetchesByUrl.set(req.url ?? "", (fetchesByUrl.get(req.url ?? "") ?? 0) + 1);
    res.setHeader("content-type", "application/json");
    res.setHeader("cache-control", "public, max-age=3600, must-revalidate, no-transform");
    res.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project.provide("jwksUrl", `http://127.0.0.1:${port}/jwks`);
  project.provide("privateJwk", JSON.stringify({ ...(await exportJWK(privateKey)), kid: "test-key-1", alg: "RS256" }));
  // Signed by a key the JWKS does not publish: "bad signature" (same kid) and "unknown kid" cases.
  project.provide("strangerJwk", JSON.stringify({ ...(await exportJWK(other.privateKey)), alg: "RS256" }));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module "vitest" {
  export interface ProvidedContext {
    jwksUrl: string;
    privateJwk: string;
    strangerJwk: string;
  }
}
