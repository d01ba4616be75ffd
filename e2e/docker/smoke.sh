#!/usr/bin/env bash
# The package's smoke (e2e/smoke.ts) in one of n8n's own Docker images, installed as the README says:
#
#   bash e2e/docker/smoke.sh docker.n8n.io/n8nio/n8n:2.41.1
#
# 1. Builds and packs the package (npm pack): the tarball npm would publish.
# 2. Installs it into a new n8n data volume with n8n's own npm, inside the image: the README's manual
#    installation (`npm install` in ~/.n8n/nodes), the one that takes a tarball not yet on npm.
# 3. Starts n8n with N8N_UNVERIFIED_PACKAGES_ENABLED=true (3.x turns unverified packages off by default) on the
#    host network, so that n8n and the sandbox the smoke starts reach each other on 127.0.0.1.
# 4. Runs the smoke: the nodes loaded, a credential tested, a v2 workflow run, both triggers published and fired.
# Needs Docker (CI's ubuntu runners have it; the development machines of this project have none). Removes its
# container and volume at the end; prints n8n's log when something failed.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
say() { printf '[docker smoke] %s\n' "$*" >&2; }
image="${1:?usage: bash e2e/docker/smoke.sh <n8n image, e.g. docker.n8n.io/n8nio/n8n:2.41.1>}"
port="${N8N_SMOKE_PORT:-5679}"
name="n8n-smoke-$$"
work="$(mktemp -d)"

cleanup() {
  local status=$?
  if ((status != 0)) && docker container inspect "$name" >/dev/null 2>&1; then
    say "n8n's log (last 200 lines):"
    docker logs --tail 200 "$name" >&2 || true
  fi
  docker rm --force "$name" >/dev/null 2>&1 || true
  docker volume rm "$name" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT

cd "$repo"
say "building and packing the package"
npm run --silent build >/dev/null
tarball="$(npm pack --silent --pack-destination "$work" | tail -n 1)"
chmod a+r "$work/$tarball"
say "packed $tarball"

say "pulling $image"
docker pull --quiet "$image" >/dev/null
docker volume create "$name" >/dev/null

say "installing $tarball in ~/.n8n/nodes with the image's own npm (the README's manual installation)"
docker run --rm --volume "$name:/home/node/.n8n" --volume "$work:/package:ro" --entrypoint sh "$image" -c \
  "mkdir -p ~/.n8n/nodes && cd ~/.n8n/nodes && npm install --no-audit --no-fund /package/$tarball"

say "starting n8n on 127.0.0.1:$port"
docker run --detach --name "$name" --network host --volume "$name:/home/node/.n8n" \
  --env N8N_PORT="$port" --env N8N_LISTEN_ADDRESS=127.0.0.1 \
  --env WEBHOOK_URL="http://127.0.0.1:$port/" --env N8N_SECURE_COOKIE=false \
  --env N8N_UNVERIFIED_PACKAGES_ENABLED=true --env N8N_DIAGNOSTICS_ENABLED=false \
  "$image" >/dev/null

deadline=$(($(date +%s) + 180))
until curl --silent --fail "http://127.0.0.1:$port/healthz/readiness" >/dev/null; do
  if (($(date +%s) > deadline)); then
    say "n8n did not answer /healthz/readiness within 180 s"
    exit 1
  fi
  docker container inspect --format '{{.State.Running}}' "$name" | grep -q true || {
    say "n8n's container stopped"
    exit 1
  }
  sleep 2
done
say "n8n is ready: $(docker exec "$name" n8n --version 2>/dev/null || echo "version unknown")"

npx ts-node --transpile-only e2e/smoke.ts --n8n "http://127.0.0.1:$port"
