#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL cluster: initdb in a temp dir, a unix socket only
# (no TCP port), fsync off (PG_FSYNC=on keeps it, for benchmarks), pg_stat_statements loaded with
# tracking off (a test turns it on for its own database to count round trips). The command sees
# LITSTACK_TEST_DATABASE_URL (the cluster's `postgres` database; the tests create a database of
# their own per test) and the cluster is stopped and deleted when it ends, however it ends.
# PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
set -euo pipefail

# Debian's packages keep the server programs off the PATH.
if ! command -v initdb >/dev/null 2>&1; then
  for bin in /usr/lib/postgresql/*/bin; do [ -x "$bin/initdb" ] && PATH="$PATH:$bin"; done
fi
if ! command -v initdb >/dev/null 2>&1 || ! command -v pg_ctl >/dev/null 2>&1; then
  echo "with-postgres: initdb and pg_ctl are not on the PATH (install PostgreSQL 15: apt-get install postgresql)" >&2
  exit 1
fi

dir="$(mktemp -d /tmp/litstack-pg.XXXXXX)"
as_owner=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi
chmod 700 "$dir"

stop() {
  "${as_owner[@]}" pg_ctl -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" initdb -D "$dir/data" -U postgres --auth=trust --no-sync -E UTF8 >/dev/null
"${as_owner[@]}" pg_ctl -D "$dir/data" -l "$dir/log" -w -o \
  "-c listen_addresses='' -c unix_socket_directories='$dir' -c fsync=${PG_FSYNC:-off} -c synchronous_commit=${PG_FSYNC:-off} -c full_page_writes=${PG_FSYNC:-off} -c max_connections=400 -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=none" \
  start >/dev/null

export LITSTACK_TEST_DATABASE_URL="postgres://postgres@localhost/postgres?host=$dir"
export LITSTACK_TEST_PG_DATA="$dir/data"
"$@"
