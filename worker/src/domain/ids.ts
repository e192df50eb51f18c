const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Prefixed random ids (`org_…`, `usr_…`), so a log line says what it names. 16 chars ≈ 82 bits. */
export type IdPrefix =
  | "org"
  | "mem"
  | "inv"
  | "pip"
  | "stg"
  | "fbk"
  | "acc"
  | "con"
  | "cmp"
  | "tsk"
  | "not"
  | "act"
  | "prp"
  | "vw"
  | "ntf"
  | "fav";

export function newId(prefix: IdPrefix): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let out = "";
  for (const b of bytes) out += alphabet[b % 36];
  return `${prefix}_${out}`;
}
