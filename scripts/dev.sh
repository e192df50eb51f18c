#!/usr/bin/env bash
# npm run dev: watch mode. The Worker and the Auth emulator as in `npm start` (without the SPA
# build), and Vite's dev server on http://127.0.0.1:5173 with hot reload, proxying /trpc.
source "$(dirname "$0")/lib.sh"
ensure_node_modules
node scripts/stack.mjs --no-build &
stack=$!
trap 'kill -INT $stack 2>/dev/null; wait $stack' EXIT INT TERM
npx vite --mode emulator --host 127.0.0.1
