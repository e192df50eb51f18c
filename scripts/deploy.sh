#!/usr/bin/env bash
# npm run deploy:preview  → migrations on the staging D1, then a preview version named after the branch
# npm run deploy          → migrations on the production D1, then deploy
# Needs CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID) in the environment, real database ids in
# wrangler.toml, and the VITE_FIREBASE_* values of that environment's Firebase project (README).
source "$(dirname "$0")/lib.sh"
target="${1:?usage: deploy.sh staging|production}"
ensure_node_modules

: "${VITE_FIREBASE_API_KEY:?set VITE_FIREBASE_API_KEY for the $target Firebase project}"
: "${VITE_FIREBASE_PROJECT_ID:?set VITE_FIREBASE_PROJECT_ID for the $target Firebase project}"
export VITE_FIREBASE_AUTH_DOMAIN="${VITE_FIREBASE_AUTH_DOMAIN:-$VITE_FIREBASE_PROJECT_ID.firebaseapp.com}"
unset VITE_AUTH_EMULATOR_URL

npx vite build --mode production
npx wrangler d1 migrations apply DB --remote --env "$target"

if [ "$target" = staging ]; then
  branch="${GITHUB_HEAD_REF:-${GITHUB_REF_NAME:-$(git rev-parse --abbrev-ref HEAD)}}"
  alias=$(printf '%s' "$branch" | tr '[:upper:]' '[:lower:]' | sed -E 's/[^a-z0-9-]+/-/g; s/^-+|-+$//g' | cut -c1-50)
  npx wrangler versions upload --env staging --preview-alias "$alias"
else
  npx wrangler deploy --env production
fi
