/** Bindings and vars the Worker reads (wrangler.toml, `wrangler secret`, or test bindings). */
export type Env = {
  DB: D1Database;
  ASSETS?: Fetcher;
  FIREBASE_PROJECT_ID: string;
  /** "1" only in local runs: accept the Auth emulator's unsigned tokens. Never set in production. */
  AUTH_EMULATOR?: string;
  /** Where the signing keys are fetched; Google's securetoken JWKS unless a test points elsewhere. */
  JWKS_URL?: string;
  /** The SPA's public origin, used to build invite links. */
  APP_ORIGIN?: string;
};
