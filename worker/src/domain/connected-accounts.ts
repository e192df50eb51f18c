import { sql } from "drizzle-orm";
import { connectedAccounts } from "../../../drizzle";
import type { FirebaseClaims } from "../auth/verify-id-token";
import type { Database } from "../db";
import { newId } from "./ids";

/** The sign-in methods a Firebase token says are linked: `firebase.identities` plus the current one. */
export function providersFromClaims(claims: FirebaseClaims): string[] {
  const identities = Object.keys(claims.firebase?.identities ?? {});
  // Firebase lists password users under "email"; we call the method what it is.
  const providers = new Set(identities.map((p) => (p === "email" ? "password" : p)));
  const current = claims.firebase?.sign_in_provider;
  if (current && current !== "custom" && current !== "anonymous") providers.add(current);
  return [...providers].sort();
}

/** Upserts one row per linked provider; statements to run in the caller's batch. */
export function connectedAccountUpserts(db: Database, claims: FirebaseClaims, now: Date) {
  return providersFromClaims(claims).map((provider) =>
    db
      .insert(connectedAccounts)
      .values({
        id: newId("acc"),
        userId: claims.sub,
        provider,
        email: claims.email ?? null,
        status: "active",
        linkedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [connectedAccounts.userId, connectedAccounts.provider],
        set: { email: sql`excluded.email`, status: "active", updatedAt: now },
      }),
  );
}
