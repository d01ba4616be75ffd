#!/usr/bin/env bash
# Redis and PostgreSQL for n8n's queue mode, for the queue-mode e2e test and benchmark (and by hand).
#
#   bash scripts/queue-mode/start.sh      # installs them if missing, starts them, prints n8n's settings
#   bash scripts/queue-mode/stop.sh       # stops them (data kept); --wipe also deletes the data
#
# Both listen on 127.0.0.1 only, on ports that are not their defaults (Redis 6390, PostgreSQL 5442; change
# with QUEUE_REDIS_PORT / QUEUE_PG_PORT), with their data in .e2e/queue-mode/ (QUEUE_MODE_DIR), so they
# never meet a Redis or PostgreSQL the machine already runs. Each gets a random password on first start,
# kept in that folder (mode 600) and never put on a command line.
#
# Missing servers are installed from Debian's packages (apt-get update, then apt-get install redis-server
# postgresql), which needs root, as on CI. Idempotent: servers already running from this folder are reused.
#
# stdout: KEY=VALUE lines, n8n's environment for queue mode (QUEUE_BULL_REDIS_*, DB_TYPE, DB_POSTGRESDB_*),
# plus QUEUE_MODE_STARTED=<what this call started>. Progress goes to stderr.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="${QUEUE_MODE_DIR:-$repo/.e2e/queue-mode}"
redis_port="${QUEUE_REDIS_PORT:-6390}"
pg_port="${QUEUE_PG_PORT:-5442}"
pg_user=n8n
pg_database=n8n

say() { printf '[queue-mode] %s\n' "$*" >&2; }
fail() { say "$*"; exit 1; }

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

install_missing() {
	local packages=()
	command -v redis-server >/dev/null || packages+=(redis-server)
	[ -n "$(pg_bin)" ] && [ -x "$(pg_bin)/initdb" ] || packages+=(postgresql)
	[ ${#packages[@]} -eq 0 ] && return 0
	if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
		fail "missing: ${packages[*]}. Install them (Debian: sudo apt-get install ${packages[*]}) and run this again."
	fi
	say "installing ${packages[*]} from Debian's packages (once, about a minute)"
	DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >&2
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

secret() {
	# one random password per server, made on first start and reused after
	local file="$dir/$1.password"
	if [ ! -s "$file" ]; then
		(umask 077 && head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$file")
	fi
	cat "$file"
}

mkdir -p "$dir"
# others may pass through (the postgres user must reach its data folder) but not list it
chmod 711 "$dir"
install_missing

# ---------------------------------------------------------------------------------------------------
# Redis: a config file (the password stays off the command line), no persistence, loopback only.
started=()
redis_dir="$dir/redis"
redis_pid_file="$redis_dir/redis.pid"
redis_password="$(secret redis)"
mkdir -p "$redis_dir"
if [ -s "$redis_pid_file" ] && kill -0 "$(cat "$redis_pid_file")" 2>/dev/null; then
	say "Redis already running (pid $(cat "$redis_pid_file"), port $redis_port)"
else
	port_in_use "$redis_port" && fail "port $redis_port is taken by another program; set QUEUE_REDIS_PORT to a free port"
	(
		umask 077
		cat >"$redis_dir/redis.conf" <<-EOF
			bind 127.0.0.1
			port $redis_port
			protected-mode yes
			requirepass $redis_password
			dir $redis_dir
			pidfile $redis_pid_file
			logfile $redis_dir/redis.log
			daemonize yes
			save ""
			appendonly no
		EOF
	)
	redis-server "$redis_dir/redis.conf"
	for _ in $(seq 1 100); do
		REDISCLI_AUTH="$redis_password" redis-cli -h 127.0.0.1 -p "$redis_port" ping 2>/dev/null | grep -q PONG && break
		sleep 0.1
	done
	REDISCLI_AUTH="$redis_password" redis-cli -h 127.0.0.1 -p "$redis_port" ping 2>/dev/null | grep -q PONG ||
		fail "Redis did not answer on 127.0.0.1:$redis_port; see $redis_dir/redis.log"
	say "Redis $(redis-server --version | sed -E 's/.*v=([^ ]+).*/\1/') started on 127.0.0.1:$redis_port"
	started+=(redis)
fi

# ---------------------------------------------------------------------------------------------------
# PostgreSQL: the server refuses to run as root, so as root it runs as the `postgres` user the Debian
# package creates. That user must reach the data folder; where it cannot (a checkout under a private
# home), the data goes to /var/tmp and .e2e/queue-mode/postgres points there.
bin="$(pg_bin)"
as_pg=()
if [ "$(id -u)" = 0 ]; then
	id postgres >/dev/null 2>&1 || fail "no 'postgres' user to run PostgreSQL as (it comes with Debian's postgresql package)"
	as_pg=(runuser -u postgres --)
fi
pg_data="$dir/postgres"
if [ ${#as_pg[@]} -gt 0 ] && [ ! -L "$pg_data" ] && ! "${as_pg[@]}" test -x "$dir" 2>/dev/null; then
	elsewhere="/var/tmp/seller-marketplace-queue-mode-$(printf '%s' "$dir" | md5sum | cut -c1-12)"
	mkdir -p "$elsewhere"
	chown postgres: "$elsewhere"
	chmod 700 "$elsewhere"
	ln -sfn "$elsewhere" "$pg_data"
	say "the postgres user cannot reach $dir; its data lives in $elsewhere"
fi
pg_data_real="$(mkdir -p "$pg_data" && cd "$pg_data" && pwd -P)"
[ ${#as_pg[@]} -gt 0 ] && chown postgres: "$pg_data_real" && chmod 700 "$pg_data_real"
[ ${#as_pg[@]} -gt 0 ] && ! "${as_pg[@]}" test -w "$pg_data_real" && fail "the postgres user cannot write $pg_data_real"
pg_password="$(secret postgres)"
psql_super() { "${as_pg[@]}" "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$pg_data_real" -p "$pg_port" -U postgres -d postgres "$@"; }

if [ ! -f "$pg_data_real/PG_VERSION" ]; then
	say "creating a PostgreSQL cluster in $pg_data_real"
	"${as_pg[@]}" "$bin/initdb" -D "$pg_data_real" -U postgres --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
fi
if "${as_pg[@]}" "$bin/pg_ctl" -D "$pg_data_real" status >/dev/null 2>&1; then
	say "PostgreSQL already running (port $pg_port)"
else
	port_in_use "$pg_port" && fail "port $pg_port is taken by another program; set QUEUE_PG_PORT to a free port"
	# the socket lives in the data folder (only its owner reaches it); TCP on loopback only
	"${as_pg[@]}" "$bin/pg_ctl" -D "$pg_data_real" -l "$pg_data_real/server.log" -w -t 60 \
		-o "-c listen_addresses=127.0.0.1 -c port=$pg_port -c unix_socket_directories='$pg_data_real' -c max_connections=200" \
		start >/dev/null || fail "PostgreSQL did not start; see $pg_data_real/server.log"
	say "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') started on 127.0.0.1:$pg_port"
	started+=(postgres)
fi
# the role and its database, created once; the password is (re)set from stdin, never argv
psql_super <<-EOF
	SELECT 'CREATE ROLE $pg_user LOGIN CREATEDB' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$pg_user')\gexec
	ALTER ROLE $pg_user PASSWORD '$pg_password';
	SELECT 'CREATE DATABASE $pg_database OWNER $pg_user' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '$pg_database')\gexec
EOF

started_list="$(IFS=,; echo "${started[*]:-}")"
cat <<EOF
EXECUTIONS_MODE=queue
QUEUE_BULL_REDIS_HOST=127.0.0.1
QUEUE_BULL_REDIS_PORT=$redis_port
QUEUE_BULL_REDIS_PASSWORD=$redis_password
DB_TYPE=postgresdb
DB_POSTGRESDB_HOST=127.0.0.1
DB_POSTGRESDB_PORT=$pg_port
DB_POSTGRESDB_USER=$pg_user
DB_POSTGRESDB_PASSWORD=$pg_password
DB_POSTGRESDB_DATABASE=$pg_database
QUEUE_MODE_STARTED=$started_list
EOF
