import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import type { TestProject } from "vitest/node";

/**
 * A JWKS server on loopback standing in for Google's securetoken keys. Tests sign tokens with
 * the private key (provided to them) and the Worker fetches the public key from here.
 * `GET /jwks` answers with Cache-Control max-age=3600; `/stats` tells how often keys were fetched.
 */
export default async function setup(project: TestProject) {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const other = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: "test-key-1", alg: "RS256", use: "sig" };
  let fetches = 0;
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith("/stats")) {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ fetches }));
      return;
    }
    fetches++;
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
