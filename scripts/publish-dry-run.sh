#!/usr/bin/env bash
# The publish workflow (.github/workflows/publish.yml) as far as it runs without GitHub and without an npm
# login, plus the checks n8n runs when it verifies a community package (docs/verification.md):
#
#   npm run publish:dry-run              every step
#   bash scripts/publish-dry-run.sh dependencies version   some steps (the test runs the fast ones)
#
# Steps, in order:
#   version       the publish workflow's first check: the tag (TAG, default package.json's version) is the version
#   dependencies  no runtime dependencies: no dependencies, bundled or optional dependencies; n8n-workflow the only
#                 peer dependency (n8n's rule "no external dependencies")
#   lint          `npx n8n-node lint` as n8n's reviewers run it (npm run lint:n8n), then `n8n-node build`
#   pack          `npm pack --dry-run`: the tarball holds every node and credential package.json names, and nothing
#                 but dist/, package.json, README.md and LICENSE
#   publish       `npm publish --dry-run` (no login needed): what npm would publish, with what tag and access.
#                 Provenance is off here: npm signs it only inside GitHub Actions (the workflow's OIDC token)
#   scan          n8n's scanner (@n8n/scan-community-package, pinned below, installed once into .e2e/scanner):
#                 its lint of the source and of the tarball (scripts/scan-package.mjs)
# PUBLISH_DRY_RUN_PACKAGE names another package.json for the version and dependencies steps (the test's planted
# mistakes). What no dry run can show, the provenance check and npm's author, is listed at the end.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
manifest="${PUBLISH_DRY_RUN_PACKAGE:-$repo/package.json}"
SCANNER_VERSION=0.32.0
step() { printf '\n==> %s\n' "$*"; }
fail() {
  printf 'publish dry run: %s\n' "$*" >&2
  exit 1
}

check_version() {
  step "the tag is package.json's version (publish.yml's first check)"
  local version tag
  version="$(node -p "require('$manifest').version")"
  tag="${TAG:-$version}"
  [ "$tag" = "$version" ] || fail "the tag is $tag but package.json's version is $version"
  echo "tag $tag = package.json's version"
}

check_dependencies() {
  step "no runtime dependencies; n8n-workflow the only peer dependency"
  node -e '
    const pkg = require(process.argv[1]);
    const problems = [];
    for (const field of ["dependencies", "bundleDependencies", "bundledDependencies", "optionalDependencies"]) {
      const value = pkg[field];
      const names = Array.isArray(value) ? value : Object.keys(value ?? {});
      if (names.length) problems.push(`${field}: ${names.join(", ")}`);
    }
    const peers = Object.keys(pkg.peerDependencies ?? {});
    if (peers.join() !== "n8n-workflow") problems.push(`peerDependencies: ${peers.join(", ") || "none"} (n8n-workflow only)`);
    if (problems.length) { console.error(`publish dry run: runtime dependencies found: ${problems.join("; ")}`); process.exit(1); }
    console.log(`none: peerDependencies ${JSON.stringify(pkg.peerDependencies)}, ${Object.keys(pkg.devDependencies ?? {}).length} devDependencies (not installed with the package)`);
  ' "$manifest"
}

check_lint() {
  step "n8n-node lint (npm run lint:n8n), then n8n-node build"
  npm run --silent lint:n8n
  npm run --silent build >/dev/null
  echo "built dist/"
}

check_pack() {
  step "npm pack --dry-run: what the tarball holds"
  npm pack --dry-run --json --ignore-scripts 2>/dev/null | node -e '
    const [pack] = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const { n8n } = require("./package.json");
    const missing = [...n8n.nodes, ...n8n.credentials].filter((p) => !pack.files.some((f) => f.path === p));
    if (missing.length) { console.error(`publish dry run: the tarball lacks ${missing.join(", ")} (build first: the lint step does)`); process.exit(1); }
    const outside = pack.files.map((f) => f.path).filter((p) => !/^(dist\/|package\.json$|README\.md$|LICEN[CS]E(\.md)?$)/.test(p));
    if (outside.length) { console.error(`publish dry run: the tarball would hold ${outside.join(", ")}`); process.exit(1); }
    console.log(`${pack.filename}: ${pack.entryCount} files, ${(pack.size / 1024).toFixed(0)} kB packed; only dist/, package.json, README.md, LICENSE`);
  '
}

check_publish() {
  step "npm publish --dry-run (provenance is signed only in GitHub Actions)"
  NPM_CONFIG_PROVENANCE=false npm publish --dry-run --ignore-scripts --loglevel=notice 2>&1 | grep -E '^(\+ |npm notice (name|version|total files|Publishing))' ||
    fail "npm publish --dry-run printed no package"
}

check_scan() {
  step "n8n's scanner, @n8n/scan-community-package $SCANNER_VERSION: the source and the tarball"
  local scanner_dir="$repo/.e2e/scanner" scanner
  scanner="$scanner_dir/node_modules/@n8n/scan-community-package/scanner/scanner.mjs"
  if [ "$(node -p "try { require('$scanner_dir/node_modules/@n8n/scan-community-package/package.json').version } catch { '' }")" != "$SCANNER_VERSION" ]; then
    echo "installing @n8n/scan-community-package@$SCANNER_VERSION into $scanner_dir (once)"
    mkdir -p "$scanner_dir"
    [ -f "$scanner_dir/package.json" ] || echo '{ "private": true }' >"$scanner_dir/package.json"
    (cd "$scanner_dir" && npm install --no-audit --no-fund --ignore-scripts --loglevel=error \
      "@n8n/scan-community-package@$SCANNER_VERSION" >/dev/null)
  fi
  local unpacked
  unpacked="$(mktemp -d)"
  trap 'rm -rf "$unpacked"' RETURN
  npm pack --silent --ignore-scripts --pack-destination "$unpacked" >/dev/null
  mkdir "$unpacked/package"
  tar -xzf "$unpacked"/*.tgz -C "$unpacked/package" --strip-components=1
  node scripts/scan-package.mjs "$scanner" "$repo" "$unpacked/package"
}

steps=("$@")
((${#steps[@]})) || steps=(version dependencies lint pack publish scan)
for name in "${steps[@]}"; do
  case "$name" in
    version) check_version ;;
    dependencies) check_dependencies ;;
    lint) check_lint ;;
    pack) check_pack ;;
    publish) check_publish ;;
    scan) check_scan ;;
    *) fail "no step '$name' (steps: version dependencies lint pack publish scan)" ;;
  esac
done

if (($# == 0)); then
  step "what only the real release shows (docs/verification.md)"
  echo "- provenance: signed by npm in publish.yml's job (id-token: write); check it on npmjs.com or with"
  echo "  npx @n8n/scan-community-package n8n-nodes-seller-marketplace once the release is out"
  echo "- npm's maintainer and repository link match this repository: shown on npmjs.com after the first release"
  echo "publish dry run: every step passed"
fi
