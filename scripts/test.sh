#!/usr/bin/env bash
# npm test: install what is missing (npm packages, Debian's chromium), then every suite.
source "$(dirname "$0")/lib.sh"
ensure_node_modules
ensure_chromium
exec node scripts/test.mjs "$@"
