#!/usr/bin/env bash
# npm run reset: forget local data (the local D1 and the Auth emulator's users).
source "$(dirname "$0")/lib.sh"
rm -rf .data .wrangler/state
echo "Local data removed. The next 'npm start' begins with an empty database and no users."
