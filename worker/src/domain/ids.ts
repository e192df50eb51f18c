const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Prefixed random ids (`org_…`, `usr_…`), so a log line says what it names. 16 chars ≈ 82 bits. */
export function newId(prefix: "org" | "mem" | "inv" | "pip" | "stg" | "fbk" | "acc"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let out = "";
  for (const b of bytes) out += alphabet[b % 36];
  return `${prefix}_${out}`;
}
