/// <reference types="vite/client" />

type ImportMetaEnv = {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** Set only for local runs: the SDK then talks to the Auth emulator. */
  readonly VITE_AUTH_EMULATOR_URL?: string;
  /** Firebase Analytics measurement id; unset means no analytics code is loaded at all. */
  readonly VITE_FIREBASE_MEASUREMENT_ID?: string;
  /** Comma-separated origins allowed to receive an ID token from /auth/token-provider. */
  readonly VITE_TOKEN_PROVIDER_ORIGINS?: string;
};

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
