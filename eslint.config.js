import js from "@eslint/js";
import drizzle from "eslint-plugin-drizzle";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist", "build-worker", ".data", ".wrangler", "node_modules", "migrations"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["web/**/*.{ts,tsx}", "tests/web/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router-dom",
              importNames: ["useSearchParams"],
              message: "Use usePageSearchParams (web/src/lib/page-search-params.ts): its changes stay on the page.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["worker/**/*.ts"],
    plugins: { drizzle },
    rules: {
      // Every UPDATE and DELETE must be scoped; `db` is the drizzle handle's name in ctx.
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db"] }],
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db"] }],
    },
  },
  {
    files: ["scripts/**/*.mjs", "tests/scripts/**/*.mjs", "tests/e2e/**/*.mjs", "bench/**/*.mjs", "*.config.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
  {
    // Browser tests pass functions to page.evaluate: those bodies run in the page.
    files: ["tests/e2e/**/*.mjs"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
);
