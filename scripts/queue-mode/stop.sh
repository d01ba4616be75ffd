#!/usr/bin/env bash
# Stops the Redis and PostgreSQL that scripts/queue-mode/start.sh started (same QUEUE_MODE_DIR).
#   bash scripts/queue-mode/stop.sh          # stop, keep the data
#   bash scripts/queue-mode/stop.sh --wipe   # stop and delete the data folder
# Each server gets a clean shutdown (SIGTERM / pg_ctl fast mode) and up to 30 s to finish.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="${QUEUE_MODE_DIR:-$repo/.e2e/queue-mode}"
wipe=false
for arg in "$@"; do
	case "$arg" in
	--wipe) wipe=true ;;
	*) echo "usage: $0 [--wipe]" >&2 && exit 2 ;;
	esac
done

say() { printf '[queue-mode] %s\n' "$*" >&2; }

redis_pid_file="$dir/redis/redis.pid"
if [ -s "$redis_pid_file" ] && kill -0 "$(cat "$redis_pid_file")" 2>/dev/null; then
	pid="$(cat "$redis_pid_file")"
	kill -TERM "$pid"
	for _ in $(seq 1 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	if kill -0 "$pid" 2>/dev/null; then
		say "Redis (pid $pid) did not stop in 30 s; sending SIGKILL"
		kill -KILL "$pid"
	fi
	say "Redis stopped"
else
	say "Redis was not running"
fi

bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
pg_data="$dir/postgres"
if [ -n "$bin" ] && [ -f "$pg_data/PG_VERSION" ]; then
	pg_data_real="$(cd "$pg_data" && pwd -P)"
	as_pg=()
	[ "$(id -u)" = 0 ] && as_pg=(runuser -u postgres --)
	if "${as_pg[@]}" "$bin/pg_ctl" -D "$pg_data_real" status >/dev/null 2>&1; then
		"${as_pg[@]}" "$bin/pg_ctl" -D "$pg_data_real" -m fast -w -t 30 stop >/dev/null
		say "PostgreSQL stopped"
	else
		say "PostgreSQL was not running"
	fi
else
	say "PostgreSQL was not running"
fi

if $wipe; then
	[ -L "$pg_data" ] && rm -rf "$(cd "$pg_data" && pwd -P)"
	rm -rf "$dir"
	say "deleted $dir"
fi
