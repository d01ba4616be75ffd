#!/usr/bin/env bash
# The project's whole test run, as the README and CI run it: build, lint, type-check, the jest suites
# (in-process n8n-core + sandbox), then real n8n end to end. Prints one summary line at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "build (n8n-node build)"
npm run --silent build
step "lint (n8n community rules on nodes/ and credentials/, TypeScript rules elsewhere)"
npm run --silent lint
step "n8n's own lint as a reviewer runs it (npx n8n-node lint on a staged copy of what is published)"
npm run --silent lint:n8n
step "type-check"
npm run --silent typecheck

results_dir=$(mktemp -d)
status=0
step "unit, integration and sandbox tests (jest, in-process n8n-core)"
npx jest --ci --json --outputFile="$results_dir/unit.json" || status=1

if [ -f e2e/jest.config.js ] && [ "${SKIP_E2E:-}" != "1" ]; then
	step "end-to-end tests in real n8n (the editor test in headless Chromium, installed from Debian's packages when missing)"
	bash e2e/ensure-runtime.sh
	bash e2e/ensure-chromium.sh
	npx jest --ci -c e2e/jest.config.js --json --outputFile="$results_dir/e2e.json" || status=1
	step "n8n queue mode: Redis and PostgreSQL (installed from Debian's packages when missing), webhook processors, workers"
	npx jest --ci -c e2e/jest.queue.config.js --json --outputFile="$results_dir/queue.json" || status=1
	bash scripts/queue-mode/stop.sh >/dev/null 2>&1 || true
fi

node -e '
const fs = require("fs");
let passed = 0, failed = 0;
for (const file of fs.readdirSync(process.argv[1])) {
	const result = JSON.parse(fs.readFileSync(`${process.argv[1]}/${file}`, "utf8"));
	passed += result.numPassedTests;
	failed += result.numFailedTests + (result.numRuntimeErrorTestSuites || 0);
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
' "$results_dir"
exit $status
