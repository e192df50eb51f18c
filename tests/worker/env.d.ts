declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    FIREBASE_PROJECT_ID: string;
    AUTH_EMULATOR?: string;
    JWKS_URL?: string;
    APP_ORIGIN?: string;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
