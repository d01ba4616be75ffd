#!/usr/bin/env bash
# n8n's lint as a reviewer runs it: `npx n8n-node lint` on what is published, with n8n's strict template
# eslint.config.mjs unmodified.
#
# Why staged: `n8n-node lint` lints everything under the folder it runs in (`eslint .`). At the root that is
# also the development tooling (test/, sandbox/, e2e/, bench/, scripts/), which is never published and
# which n8n's community rules are not written for (they forbid console output, Node's modules, …), so a
# root run reports hundreds of errors that no user of the package could meet. This script copies what
# the package is built from (package.json, tsconfig.json, eslint.config.mjs, nodes/, credentials/, icons/)
# into a temporary folder, links the repo's node_modules beside it, and runs the command there: the same
# command, the same config, on exactly the code n8n's reviewers and scanner look at.
#
# LINT_N8N_SOURCE names another folder to stage from (the test lints a copy with a planted mistake).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source_dir="$(cd "${LINT_N8N_SOURCE:-$repo}" && pwd)"
stage="$(mktemp -d "${TMPDIR:-/tmp}/lint-n8n-XXXXXX")"
trap 'rm -rf "$stage"' EXIT

for entry in package.json tsconfig.json eslint.config.mjs nodes credentials icons; do
  cp -R "$source_dir/$entry" "$stage/"
done
ln -s "$repo/node_modules" "$stage/node_modules"

cd "$stage"
echo "n8n-node lint on a staged copy of what is published ($stage)" >&2
# eslint-plugin-n8n-nodes-base changes its rules when NODE_ENV is "test" (jest sets it), for its own tests
unset NODE_ENV
npx --no-install n8n-node lint
