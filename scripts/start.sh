#!/usr/bin/env bash
# npm start: install what is missing, then build, migrate and run everything (scripts/stack.mjs).
source "$(dirname "$0")/lib.sh"
ensure_node_modules
exec node scripts/stack.mjs "$@"
