import { SELF } from "cloudflare:test";
import { createTRPCClient, httpBatchStreamLink } from "@trpc/client";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { MAX_BATCH_SIZE } from "../../worker/src/batch-limit";
import type { AppRouter } from "../../worker/src/routers";
import {
  expectTRPCError,
  httpClient,
  httpClientFor,
  newIdentity,
  ownerOfNewOrganization,
  rows,
  signIdToken,
  type Identity,
} from "./helpers";

const url = (path: string) => `http://crm.test${path}`;
const batchInput = (inputs: unknown[]) =>
  encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, superjson.serialize(input)]))));

type Envelope = {
  result?: { data: { json: unknown; meta?: Parameters<typeof superjson.deserialize>[0]["meta"] } };
  error?: { json: { message: string; data: { code: string; httpStatus: number } } };
};
/** What a tRPC client makes of one response entry: the superjson payload turned back into values. */
const dataOf = (entry: Envelope) =>
  superjson.deserialize({ json: entry.result!.data.json as never, meta: entry.result!.data.meta });

function streamClient(token: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchStreamLink({
        url: url("/trpc"),
        transformer: superjson,
        headers: () => ({ authorization: `Bearer ${token}` }),
        fetch: (input, init) => SELF.fetch(input as string, init as RequestInit),
      }),
    ],
  });
}

describe("routes", () => {
  it("answers GET /health with {ok:true}", async () => {
    const response = await SELF.fetch(url("/health"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("sends security headers", async () => {
    const response = await SELF.fetch(url("/health"));
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
  });

  it("hands a path outside the API to the static assets instead of failing with a 500", async () => {
    const response = await SELF.fetch(url("/contacts"));
    expect(response.status).not.toBe(500);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("is NOT_FOUND (404) for a procedure that does not exist", async () => {
    const response = await SELF.fetch(url("/trpc/nope.nothing"));
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(((await response.json()) as Envelope).error?.json.data.code).toBe("NOT_FOUND");
  });
});

describe("tRPC over HTTP", () => {
  it("serves a query as GET /trpc/user.getUser?batch=1&input=…, with Dates marked in superjson meta", async () => {
    const { identity, org } = await ownerOfNewOrganization("Get Co");
    const response = await SELF.fetch(url(`/trpc/user.getUser?batch=1&input=${batchInput([null])}`), {
      headers: { authorization: `Bearer ${await signIdToken(identity)}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Envelope[];
    expect(body).toHaveLength(1);
    expect(body[0].result?.data.meta).toMatchObject({ values: { createdAt: ["Date"] } });
    const user = dataOf(body[0]) as { id: string; createdAt: Date; organization: { id: string } };
    expect(user).toMatchObject({ id: identity.uid, organization: { id: org.id } });
    expect(user.createdAt).toBeInstanceOf(Date);
    // Nobody's data is kept by a browser's or a proxy's cache; the SPA's own cache is the one it clears on sign-out.
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("serves a list page packed; the SPA's links hand back the same records as a direct call", async () => {
    const { identity, caller } = await ownerOfNewOrganization("List Co");
    await caller.contacts.create({ firstName: "Ann", emails: ["ann@list.co"], tags: ["vip"] });
    await caller.contacts.create({ firstName: "Bob", properties: {} });
    const direct = await caller.contacts.list({});
    const overHttp = await (await httpClientFor(identity)).contacts.list.query({});
    expect(overHttp).toEqual({ ...direct });
    expect(overHttp.items.map((c) => c.firstName)).toEqual(["Ann", "Bob"]);
    expect(overHttp.items[0].createdAt).toBeInstanceOf(Date);
  });

  it("carries each contact's company name in a packed list page, as a direct call does", async () => {
    const { identity, caller } = await ownerOfNewOrganization("Company Co");
    const acme = await caller.companies.create({ name: "Acme" });
    const gone = await caller.companies.create({ name: "Gone Ltd" });
    await caller.contacts.create({ firstName: "Ann", companyId: acme.id });
    await caller.contacts.create({ firstName: "Bob", companyId: gone.id });
    await caller.contacts.create({ firstName: "Cy" });
    await caller.companies.delete({ ids: [gone.id] });
    const client = await httpClientFor(identity);
    for (const input of [{}, { limit: 2 }, { search: "ann" }]) {
      const overHttp = await client.contacts.list.query(input);
      expect(overHttp).toEqual({ ...(await caller.contacts.list(input)) });
    }
    const page = await client.contacts.list.query({});
    expect(page.items.map((c) => [c.firstName, c.companyName])).toEqual([
      ["Ann", "Acme"],
      ["Bob", null],
      ["Cy", null],
    ]);
    // Companies have no such column.
    expect(Object.keys((await client.companies.list.query({})).items[0])).not.toContain("companyName");
  });

  it("serves a query unbatched: GET /trpc/user.getUser answers one envelope", async () => {
    const identity = newIdentity();
    const response = await SELF.fetch(url("/trpc/user.getUser"), {
      headers: { authorization: `Bearer ${await signIdToken(identity)}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: { data: { json: null } } });
  });

  it("answers two procedures batched into one GET with two results, in order", async () => {
    const { identity } = await ownerOfNewOrganization("Batch Co");
    const path = `/trpc/user.getUser,user.getConnectedAccounts?batch=1&input=${encodeURIComponent('{"0":{"json":null},"1":{"json":null}}')}`;
    const response = await SELF.fetch(url(path), {
      headers: { authorization: `Bearer ${await signIdToken(identity)}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Envelope[];
    expect(body).toHaveLength(2);
    expect(dataOf(body[0])).toMatchObject({ id: identity.uid, organization: { name: "Batch Co" } });
    expect(dataOf(body[1])).toEqual([
      { provider: "password", email: identity.email, status: "active", linkedAt: expect.any(Date) },
    ]);
  });

  it("refuses a batch of more than MAX_BATCH_SIZE calls with 400, running none of them", async () => {
    const { identity } = await ownerOfNewOrganization("Batch Co");
    const headers = { authorization: `Bearer ${await signIdToken(identity)}` };
    const batch = (size: number) =>
      SELF.fetch(
        url(`/trpc/${Array(size).fill("user.getUser").join(",")}?batch=1&input=${batchInput(Array(size).fill(null))}`),
        { headers },
      );
    const allowed = await batch(MAX_BATCH_SIZE);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toHaveLength(MAX_BATCH_SIZE);
    const refused = await batch(MAX_BATCH_SIZE + 1);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Batch call exceeds maximum size");
  });

  it("answers a batch with one success and one error with HTTP 207 and both entries", async () => {
    const token = await signIdToken(newIdentity()); // signed in, not registered
    const response = await SELF.fetch(
      url(`/trpc/user.getUser,organization.listMembers?batch=1&input=${batchInput([null, null])}`),
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(response.status).toBe(207);
    const [first, second] = (await response.json()) as Envelope[];
    expect(first.result?.data.json).toBeNull();
    expect(second.error?.json).toMatchObject({
      message: "Create or join an organization first.",
      data: { code: "FORBIDDEN", httpStatus: 403 },
    });
  });

  it("runs a mutation sent as POST (unbatched and batched)", async () => {
    const identity = newIdentity();
    const auth = { authorization: `Bearer ${await signIdToken(identity)}`, "content-type": "application/json" };
    const response = await SELF.fetch(url("/trpc/organization.create"), {
      method: "POST",
      headers: auth,
      body: JSON.stringify(superjson.serialize({ name: "Posted Org", currency: "CHF" })),
    });
    expect(response.status).toBe(200);
    const created = dataOf((await response.json()) as Envelope) as { id: string; name: string };
    expect(created.name).toBe("Posted Org");
    expect(await rows("SELECT name, currency, created_by FROM organizations WHERE id = ?", created.id)).toEqual([
      { name: "Posted Org", currency: "CHF", created_by: identity.uid },
    ]);

    const batched = await SELF.fetch(url("/trpc/feedback.create?batch=1"), {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ 0: superjson.serialize({ text: "Posted in a batch" }) }),
    });
    expect(batched.status).toBe(200);
    const [entry] = (await batched.json()) as Envelope[];
    expect(dataOf(entry)).toMatchObject({ id: expect.stringMatching(/^fbk_/), createdAt: expect.any(Date) });
  });

  it("refuses a mutation sent as GET with 405 METHOD_NOT_SUPPORTED, creating nothing", async () => {
    const identity = newIdentity();
    const response = await SELF.fetch(
      url(
        `/trpc/organization.create?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ name: "Via Get" })))}`,
      ),
      {
        headers: { authorization: `Bearer ${await signIdToken(identity)}` },
      },
    );
    expect(response.status).toBe(405);
    expect(((await response.json()) as Envelope).error?.json.data.code).toBe("METHOD_NOT_SUPPORTED");
    expect(await rows("SELECT id FROM organizations WHERE created_by = ?", identity.uid)).toEqual([]);
  });

  it("maps error codes to HTTP statuses: FORBIDDEN 403, CONFLICT 409, BAD_REQUEST 400", async () => {
    const { identity } = await ownerOfNewOrganization("Status Co");
    const auth = { authorization: `Bearer ${await signIdToken(identity)}`, "content-type": "application/json" };
    const post = (procedure: string, input: unknown) =>
      SELF.fetch(url(`/trpc/${procedure}`), {
        method: "POST",
        headers: auth,
        body: JSON.stringify(superjson.serialize(input)),
      });
    const conflict = await post("organization.create", { name: "Second" });
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as Envelope).error?.json.message).toBe("You already belong to Status Co.");
    const badRequest = await post("organization.invite", { email: "nope" });
    expect(badRequest.status).toBe(400);
    expect(((await badRequest.json()) as Envelope).error?.json.message).toBe("Enter a valid email address.");
    const forbidden = await SELF.fetch(url("/trpc/organization.listMembers"), {
      headers: { authorization: `Bearer ${await signIdToken(newIdentity())}` },
    });
    expect(forbidden.status).toBe(403);
  });

  it("streams a batch (httpBatchStreamLink) with Dates intact", async () => {
    const { identity } = await ownerOfNewOrganization("Stream Co");
    const client = streamClient(await signIdToken(identity));
    const [user, accounts] = await Promise.all([client.user.getUser.query(), client.user.getConnectedAccounts.query()]);
    expect(user?.organization.name).toBe("Stream Co");
    expect(user?.createdAt).toBeInstanceOf(Date);
    expect(accounts[0].linkedAt).toBeInstanceOf(Date);
  });

  it("delivers a streamed error with its code and message although the HTTP status was already 200", async () => {
    const token = await signIdToken(newIdentity());
    await expectTRPCError(
      streamClient(token).organization.listMembers.query(),
      "FORBIDDEN",
      "Create or join an organization first.",
    );
    const raw = await SELF.fetch(url(`/trpc/organization.listMembers?batch=1&input=${batchInput([null])}`), {
      headers: { authorization: `Bearer ${token}`, "trpc-accept": "application/jsonl" },
    });
    expect(raw.status).toBe(200);
    expect(await raw.text()).toContain('"code":"FORBIDDEN"');
  });
});

describe("user.getConnectedAccounts", () => {
  const withGoogle = (identity: Identity & { email: string }) =>
    signIdToken({
      ...identity,
      provider: "google.com",
      claims: {
        firebase: {
          sign_in_provider: "google.com",
          identities: { "google.com": ["108234567890"], email: [identity.email] },
        },
      },
    });
  const accountsOver = async (token: string) =>
    (await httpClient(token).user.getConnectedAccounts.query()).map((a) => a.provider);

  it("lists the token's email/password sign-in as 'password'", async () => {
    const identity = newIdentity();
    const accounts = await httpClient(await signIdToken(identity)).user.getConnectedAccounts.query();
    expect(accounts).toEqual([
      { provider: "password", email: identity.email, status: "active", linkedAt: expect.any(Date) },
    ]);
  });

  it("lists google.com too when the token's firebase.identities includes it", async () => {
    const identity = newIdentity();
    expect(await accountsOver(await withGoogle(identity))).toEqual(["google.com", "password"]);
  });

  it("marks a provider that is no longer in the token as gone, and lists it again once relinked", async () => {
    const identity = newIdentity();
    await accountsOver(await withGoogle(identity));
    expect(await accountsOver(await signIdToken(identity))).toEqual(["password"]);
    expect(
      await rows("SELECT provider, status FROM connected_accounts WHERE user_id = ? ORDER BY provider", identity.uid),
    ).toEqual([
      { provider: "google.com", status: "revoked" },
      { provider: "password", status: "active" },
    ]);
    expect(await accountsOver(await withGoogle(identity))).toEqual(["google.com", "password"]);
  });

  it("shows only the caller's own accounts", async () => {
    const mine = newIdentity();
    const theirs = newIdentity();
    await accountsOver(await withGoogle(theirs));
    const accounts = await httpClient(await signIdToken(mine)).user.getConnectedAccounts.query();
    expect(accounts.map((a) => a.email)).toEqual([mine.email]);
  });

  it("is UNAUTHORIZED without a token", async () => {
    await expectTRPCError(httpClient().user.getConnectedAccounts.query(), "UNAUTHORIZED", "Sign in to continue.");
  });
});
