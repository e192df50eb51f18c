# Shared by the npm scripts: quiet tools and dependencies installed when missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export WRANGLER_SEND_METRICS=false CLOUDFLARE_CF_FETCH_ENABLED=false NO_UPDATE_NOTIFIER=1 FIREBASE_CLI_DISABLE_UPDATE_CHECK=true

ensure_node_modules() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "Installing npm dependencies (first run takes a few minutes)…"
    # `npm install`, not `npm ci`: this registry lacks some platform packages that tailwind's
    # oxide lists as optional (android, darwin, win32…), and `npm ci` refuses a lock file
    # without them. `npm install` honours the lock file's versions all the same.
    npm install --no-audit --no-fund --loglevel=error
  fi
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  if [ "$(id -u)" != 0 ]; then
    echo "Browser tests need Debian's chromium: run 'sudo apt-get install -y chromium' once." >&2
    return 1
  fi
  echo "Installing Debian's chromium for the browser tests…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
}
