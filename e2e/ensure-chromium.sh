#!/usr/bin/env bash
# Makes sure Debian's chromium is installed for the editor e2e test (e2e/tests/editor.e2e.test.ts), which drives
# it with playwright-core; no browser is downloaded. Idempotent: a second run only checks. Installing needs root
# and apt-get, as on CI; elsewhere it says what to install. CHROMIUM_PATH points at another binary.
set -euo pipefail

binary="${CHROMIUM_PATH:-/usr/bin/chromium}"
say() { printf '[chromium] %s\n' "$*" >&2; }

if [ ! -x "$binary" ]; then
	if [ -n "${CHROMIUM_PATH:-}" ]; then
		say "CHROMIUM_PATH is $binary, which is not an executable file"
		exit 1
	fi
	if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
		say "missing: $binary. Install Debian's package (sudo apt-get install -y chromium) and run this again."
		exit 1
	fi
	say "installing chromium from Debian's packages (once, about a minute)"
	DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
fi
say "ready: $("$binary" --version 2>/dev/null || echo "$binary")"
