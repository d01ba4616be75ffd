#!/usr/bin/env bash
# Prints the n8n Docker image the CI's Docker smoke runs for a major line:
#
#   bash e2e/docker/image.sh 2   → docker.n8n.io/n8nio/n8n:<the version e2e/n8n-runtime pins>, the n8n every test uses
#   bash e2e/docker/image.sh 3   → docker.n8n.io/n8nio/n8n:<the newest 3.x tag on Docker Hub>
#
# The newest 3.x is looked up when CI runs (Docker Hub's tag list of n8nio/n8n, the images docker.n8n.io serves):
# a stable x.y.z if there is one, else the newest pre-release (3.0 started as an early-access release).
# DOCKER_TAGS_FILE names a file holding Docker Hub's answer instead (the test of this script uses it).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
registry="docker.n8n.io/n8nio/n8n"
line="${1:-}"

case "$line" in
  2)
    echo "$registry:$(node -p "require('$repo/e2e/n8n-runtime/package.json').dependencies.n8n")"
    ;;
  3)
    if [ -n "${DOCKER_TAGS_FILE:-}" ]; then
      tags="$(cat "$DOCKER_TAGS_FILE")"
    else
      tags="$(curl --fail --silent --show-error --retry 3 \
        'https://hub.docker.com/v2/repositories/n8nio/n8n/tags?page_size=100&name=3.')"
    fi
    version="$(printf '%s' "$tags" | node -e '
      const names = JSON.parse(require("fs").readFileSync(0, "utf8")).results.map((tag) => tag.name);
      const parse = (name) => /^3\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/.exec(name);
      const versions = names.map((name) => [name, parse(name)]).filter(([, m]) => m);
      const key = ([, m]) => [Number(m[1]), Number(m[2]), m[3] ? 0 : 1, m[3] ?? ""];
      const newer = (a, b) => { const [x, y] = [key(a), key(b)];
        for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
        return x[3].localeCompare(y[3], "en", { numeric: true }) > 0; };
      const stable = versions.filter(([, m]) => !m[3]);
      const pool = stable.length ? stable : versions;
      const best = pool.reduce((a, b) => (newer(b, a) ? b : a), pool[0]);
      if (!best) { console.error("[docker image] Docker Hub lists no n8n 3.x tag"); process.exit(1); }
      console.log(best[0]);
    ')"
    echo "$registry:$version"
    ;;
  *)
    echo "usage: bash e2e/docker/image.sh <2|3>" >&2
    exit 2
    ;;
esac
