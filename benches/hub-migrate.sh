#!/usr/bin/env bash
# How long a hub's database of the release before the storage seam (cc6bb76: migrations
# 0001-0040) takes to migrate in place to this binary's schema, with AUDIT rows (1,000,000 unless
# told) in the firms' audit log, the largest table a hub grows: `litstack migrate`, every node
# stopped, on a throwaway cluster with fsync on (scripts/with-postgres.sh). The database is made as
# cc6bb76 left it: migrations 0001-0040 applied and recorded as sqlx records them (version and the
# SHA-384 of the file), the fixture's rows (tests/fixtures/cc6bb76/postgres.sql, a row in every
# table), then the audit rows for its firm 1. Each run migrates a fresh copy (CREATE DATABASE ...
# TEMPLATE); `litstack check` then counts the audit log's rows. Prints one markdown table.
# Usage: benches/hub-migrate.sh [RUNS] (builds the release binary unless SKIP_BUILD=1).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "${LITSTACK_TEST_DATABASE_URL:-}" ]; then
  PG_FSYNC=on exec bash "$ROOT/scripts/with-postgres.sh" bash "$0" "$@"
fi
RUNS="${1:-3}"
AUDIT="${AUDIT:-1000000}"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="$TARGET/release/litstack"
export LITSTACK_SKIP_WEB_BUILD=1 RUST_LOG=warn
[ -n "${SKIP_BUILD:-}" ] || (cd "$ROOT" && cargo build --release --locked --bin litstack --quiet)

url_of() { echo "${LITSTACK_TEST_DATABASE_URL/\/postgres\?/\/$1?}"; }
sql() { psql -q -v ON_ERROR_STOP=1 "$@"; }
ms_now() { echo $(( $(date +%s%N) / 1000000 )); }

sql "$LITSTACK_TEST_DATABASE_URL" -c "CREATE DATABASE migrate_base"
BASE=$(url_of migrate_base)
# sqlx's record of the applied migrations, as the old binary made it.
sql "$BASE" -c "CREATE TABLE _sqlx_migrations (
    version bigint PRIMARY KEY, description text NOT NULL,
    installed_on timestamptz NOT NULL DEFAULT now(), success boolean NOT NULL,
    checksum bytea NOT NULL, execution_time bigint NOT NULL)"
for file in "$ROOT"/migrations/postgres/00[0-3][0-9]_*.sql "$ROOT"/migrations/postgres/0040_*.sql; do
  name=$(basename "$file" .sql)
  version=$((10#${name%%_*}))
  [ "$version" -ge 1 ] && [ "$version" -le 40 ] || continue
  sql "$BASE" -1 -f "$file" >/dev/null
  sum=$(sha384sum "$file" | cut -d' ' -f1)
  sql "$BASE" -c "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
    VALUES ($version, '${name#*_}', true, '\\x$sum', 0)"
done
# Migration 0008 seeds the counters; the dump holds them with the old binary's values.
sql "$BASE" -c "DELETE FROM counters"
sql "$BASE" -f "$ROOT/tests/fixtures/cc6bb76/postgres.sql" >/dev/null
started=$(ms_now)
sql "$BASE" -c "INSERT INTO firm_audit (firm_id, at, actor, action, detail)
  SELECT 1, timestamptz '2024-01-01' + n * interval '37 seconds',
         CASE WHEN n % 3 = 0 THEN NULL ELSE 'Avery Alder' END,
         (ARRAY['signed_in', 'contract_saved', 'member_invited', 'sign_in_failed'])[1 + n % 4],
         'Row ' || n || ' of the bench''s audit log'
    FROM generate_series(1, $AUDIT) AS n;
  SELECT setval(pg_get_serial_sequence('firm_audit', 'id'), (SELECT max(id) FROM firm_audit));" >/dev/null
sql "$BASE" -c "VACUUM ANALYZE firm_audit"
echo "made the database of cc6bb76 with $AUDIT audit rows in $(( $(ms_now) - started )) ms" >&2
rows_before=$(psql -At "$BASE" -c "SELECT count(*) FROM firm_audit")
size_before=$(psql -At "$BASE" -c "SELECT pg_size_pretty(pg_database_size(current_database()))")

times=()
for run in $(seq 1 "$RUNS"); do
  sql "$LITSTACK_TEST_DATABASE_URL" -c "CREATE DATABASE migrate_run_$run TEMPLATE migrate_base"
  DB=$(url_of "migrate_run_$run")
  started=$(ms_now)
  "$BIN" migrate --database-url "$DB" >&2
  times+=($(( $(ms_now) - started )))
  rows_after=$(psql -At "$DB" -c "SELECT count(*) FROM firm_audit")
  [ "$rows_after" = "$rows_before" ] || {
    echo "run $run: the audit log holds $rows_after rows after, $rows_before before" >&2
    exit 1
  }
  "$BIN" check --database-url "$DB" >/dev/null
  size_after=$(psql -At "$DB" -c "SELECT pg_size_pretty(pg_database_size(current_database()))")
  sql "$LITSTACK_TEST_DATABASE_URL" -c "DROP DATABASE migrate_run_$run"
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "| Hub database of cc6bb76 | Audit rows | Size before / after | \`litstack migrate\` (each run, ms) | Median |"
echo "|---|---|---|---|---|"
echo "| migrations 0041-$(ls "$ROOT"/migrations/postgres | tail -1 | cut -c1-4) | $rows_before | $size_before / $size_after | ${times[*]} | $median ms |"
