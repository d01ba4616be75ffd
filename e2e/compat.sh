#!/usr/bin/env bash
# The package's e2e smoke on another n8n version:
#
#   bash e2e/compat.sh <n8n-version> [package=version …]
#
# Installs that n8n (and the Node 24 the pinned runtime uses) into its own runtime folder,
# .e2e/n8n-runtime-<version> (N8N_COMPAT_DIR overrides it; the pinned version uses the pinned runtime,
# N8N_RUNTIME_DIR or .e2e/n8n-runtime), through e2e/ensure-runtime.sh: locked, verified, repaired. Then it
# runs the smoke in that n8n: the package installed as a community package, n8n lists its nodes and
# credentials, credentials tested, a v2 workflow run against the sandbox, and both triggers published (the
# push trigger subscribes and ships a new order, the poll trigger polls).
# For an n8n this script cannot install (Docker, n8n 3.x, a server), e2e/smoke.ts runs the same smoke over HTTP
# (`--n8n <url>`); e2e/docker/smoke.sh runs it in n8n's Docker images.
#
# Other versions have no lock file here: npm resolves their dependencies as a new install would. A few of
# n8n's dependencies come from outside the npm registry, which this project may not reach; they are replaced
# by the same code published on the registry (STAND_INS below). `package=version` arguments pin more
# dependencies (npm overrides), e.g. one the registry lacks.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
say() { printf '[compat] %s\n' "$*" >&2; }

version="${1:-}"
if ! [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  say "usage: bash e2e/compat.sh <n8n-version> [package=version …]   (e.g. 1.123.81)"
  exit 2
fi
shift
pinned_version="$(node -p "require('$repo/e2e/n8n-runtime/package.json').dependencies.n8n")"

# n8n 1.x's n8n-nodes-base takes xlsx from cdn.sheetjs.com; @e965/xlsx is SheetJS's same release on the registry.
STAND_INS='{"xlsx": "npm:@e965/xlsx@0.20.2"}'

if [ "$version" = "$pinned_version" ]; then
  say "n8n $version is the pinned version: its runtime and lock file are the ones the whole e2e suite uses"
  runtime="${N8N_RUNTIME_DIR:-$repo/.e2e/n8n-runtime}"
  unset N8N_RUNTIME_PINNED
else
  runtime="${N8N_COMPAT_DIR:-$repo/.e2e/n8n-runtime-$version}"
  spec="$runtime/compat-spec"
  mkdir -p "$spec"
  node -e '
    const [pinnedDir, version, standIns, ...extra] = process.argv.slice(1);
    const pinned = require(pinnedDir + "/package.json");
    const overrides = { ...pinned.overrides, ...JSON.parse(standIns) };
    for (const arg of extra) {
      const at = arg.lastIndexOf("=");
      if (at <= 0) { console.error(`[compat] not package=version: ${arg}`); process.exit(2); }
      overrides[arg.slice(0, at)] = arg.slice(at + 1);
    }
    const manifest = {
      name: "n8n-compat-runtime",
      private: true,
      description: `n8n ${version} for e2e/compat.sh`,
      dependencies: { ...pinned.dependencies, n8n: version },
      overrides,
    };
    process.stdout.write(JSON.stringify(manifest, null, 2) + "\n");
  ' "$repo/e2e/n8n-runtime" "$version" "$STAND_INS" "$@" >"$spec/package.json.new"
  mv -f "$spec/package.json.new" "$spec/package.json"
  cp "$repo/e2e/n8n-runtime/.npmrc" "$spec/.npmrc"
  export N8N_RUNTIME_PINNED="$spec"
fi
export N8N_RUNTIME_DIR="$runtime"

say "n8n $version in $runtime"
bash "$repo/e2e/ensure-runtime.sh" >/dev/null

# The smoke: what a seller's n8n does with the package first (the e2e set-up imports every workflow and
# publishes the examples, then these files run).
smoke=(
  e2e/tests/package.e2e.test.ts
  e2e/tests/v2-credentials.e2e.test.ts
  e2e/tests/v2-order-workflow.e2e.test.ts
  e2e/tests/v2-poll-trigger.e2e.test.ts
)
cd "$repo"
say "the e2e smoke on n8n $version: ${smoke[*]}"
status=0
npx jest -c e2e/jest.config.js --runTestsByPath "${smoke[@]}" || status=$?
if ((status == 0)); then say "n8n $version: the smoke passed"; else say "n8n $version: the smoke FAILED (jest exit $status)"; fi
exit $status
