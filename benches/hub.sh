#!/usr/bin/env bash
# Hub mode against the targets of its issue, with PostgreSQL on this machine (a throwaway cluster
# with fsync on, started by scripts/with-postgres.sh) and 1M bookings:
#   - a node ready with 1M bookings: spawn to first answer, with its snapshot, without it (from the
#     snapshot PostgreSQL stores), and with neither (every row read from PostgreSQL);
#   - an import on node A visible in node B's trends: from A's answer to B's first answer that
#     counts the new rows;
#   - cached GET /api/trends on a hub node beside a redb install of the same rows (wrk -t2 -c32);
#   - sign-in p99 on both backends (wrk -t1 -c4 posting the sign-in form), three rounds taken in
#     turn (hub, redb, hub, …) since password hashing on two cores makes one round noisy.
# Prints one markdown table. Usage: benches/hub.sh (needs wrk; builds the release binary unless
# SKIP_BUILD=1, as benches/compare.py --skip-cargo runs it).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "${LITSTACK_TEST_DATABASE_URL:-}" ]; then
  PG_FSYNC=on exec bash "$ROOT/scripts/with-postgres.sh" bash "$0" "$@"
fi
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="$TARGET/release/litstack"
WORK="$TARGET/bench-data/hub"
CSV="$TARGET/bench-data/scale-1m.csv"
DURATION="${DURATION:-10s}"
PASSWORD="plum-orbit-cascade-1947"
A=127.0.0.1:18101 B=127.0.0.1:18102 R=127.0.0.1:18103
export LITSTACK_SKIP_WEB_BUILD=1 RUST_LOG=warn

command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk" >&2; exit 1; }
[ -n "${SKIP_BUILD:-}" ] || (cd "$ROOT" && cargo build --release --bin litstack --quiet)
rm -rf "$WORK" && mkdir -p "$WORK"
[ -f "$CSV" ] || "$BIN" gen-bookings --rows 1000000 --seed 7 --end 2026-06-30 --out "$CSV"

psql -q "$LITSTACK_TEST_DATABASE_URL" -c "CREATE DATABASE hub_bench"
DB="${LITSTACK_TEST_DATABASE_URL/\/postgres\?/\/hub_bench?}"

ms_now() { echo $(( $(date +%s%N) / 1000000 )); }
rss_mb() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$1/status"; }
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT

# Starts a node; prints its pid. Extra arguments go to `litstack serve`.
spawn() {
  local addr=$1; shift
  "$BIN" serve --addr "$addr" --no-sample-data "$@" >/dev/null 2>>"$WORK/nodes.log" &
  echo $!
}
wait_answer() { until curl -s -o /dev/null "http://$1/api/auth/me"; do sleep 0.002; done; }
session() { # address, email -> cookie value (signs up, or in)
  local jar; jar=$(mktemp)
  curl -s -o /dev/null -c "$jar" -H 'Content-Type: application/json' \
    -d "{\"name\":\"Hub\",\"email\":\"$2\",\"password\":\"$PASSWORD\",\"lawFirm\":\"Bench LLP\"}" \
    "http://$1/api/auth/sign-up"
  grep -q litstack_session "$jar" || curl -s -o /dev/null -c "$jar" -H 'Content-Type: application/json' \
    -d "{\"email\":\"$2\",\"password\":\"$PASSWORD\"}" "http://$1/api/auth/sign-in"
  awk '/litstack_session/ {print $7}' "$jar"; rm -f "$jar"
}
total() { curl -s -H "Cookie: litstack_session=$2" "http://$1/api/trends" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'; }

# Two nodes on one empty database.
pa=$(spawn $A --database-url "$DB" --data-dir "$WORK/a"); pids+=("$pa"); wait_answer $A
pb=$(spawn $B --database-url "$DB" --data-dir "$WORK/b"); pids+=("$pb"); wait_answer $B
cookie=$(session $A admin@bench-law.com)

# The import on A, and when B's trends count it.
t0=$(ms_now)
curl -s -o "$WORK/import.json" -H "Cookie: litstack_session=$cookie" -H "Origin: http://$A" -F "file=@$CSV;type=text/csv" \
  "http://$A/api/admin/demo-bookings/import"
t_answer=$(ms_now)
until [ "$(total $B "$cookie")" = 1000000 ]; do sleep 0.01; done
t_b=$(ms_now)
import_ms=$((t_answer - t0)); visible_ms=$((t_b - t_answer))
# B answers first and writes its snapshot after: wait for it before restarting B with it.
until [ -n "$(find "$WORK/b" -name bookings.idx -newermt "@$((t_answer / 1000))" 2>/dev/null)" ]; do sleep 0.05; done
rss_b=$(rss_mb "$pb")

# The snapshot the nodes store in PostgreSQL after the import (in the background): wait for it.
stored() { psql -At "$DB" -c "SELECT count(*) FROM bookings_snapshot WHERE generation = (SELECT value FROM counters WHERE key = 'bookings:generation')"; }
wait_stored() {
  for _ in $(seq 600); do [ "$(stored)" -gt 0 ] && return; sleep 0.1; done
  echo "no snapshot stored in PostgreSQL within 60 s (see $WORK/nodes.log)" >&2; exit 1
}
wait_stored

# B restarted: with its snapshot; then without it (the one PostgreSQL stores); then without either
# (every row read from PostgreSQL and the sums rebuilt).
kill "$pb"; wait "$pb" 2>/dev/null || true
t0=$(ms_now); pb=$(spawn $B --database-url "$DB" --data-dir "$WORK/b"); pids+=("$pb"); wait_answer $B
ready_snapshot=$(( $(ms_now) - t0 ))
kill "$pb"; wait "$pb" 2>/dev/null || true
rm -rf "$WORK/b"
t0=$(ms_now); pb=$(spawn $B --database-url "$DB" --data-dir "$WORK/b"); pids+=("$pb"); wait_answer $B
ready_database=$(( $(ms_now) - t0 ))
[ "$(total $B "$cookie")" = 1000000 ] || { echo "B lost rows" >&2; exit 1; }
kill "$pb"; wait "$pb" 2>/dev/null || true
rm -rf "$WORK/b"
psql -q "$DB" -c "DELETE FROM bookings_snapshot"
t0=$(ms_now); pb=$(spawn $B --database-url "$DB" --data-dir "$WORK/b"); pids+=("$pb"); wait_answer $B
ready_rows=$(( $(ms_now) - t0 ))
[ "$(total $B "$cookie")" = 1000000 ] || { echo "B lost rows" >&2; exit 1; }
# B stores the snapshot again after that start: let it finish before the reads are measured.
wait_stored

# A redb install of the same file, for the side-by-side reads.
"$BIN" import bookings "$CSV" --data-dir "$WORK/r" >/dev/null
pr=$(spawn $R --data-dir "$WORK/r"); pids+=("$pr"); wait_answer $R
rcookie=$(session $R admin@bench-law.com)

trends() { # address, cookie -> "req/s p99"
  local out; out=$(wrk -t2 -c32 -d"$DURATION" --latency -H "Cookie: litstack_session=$2" "http://$1/api/trends")
  echo "$(awk '/^Requests\/sec:/ {printf "%.0f", $2}' <<<"$out") req/s, p99 $(awk '$1 == "99%" {print $2}' <<<"$out")"
}
signin() { # address -> "req/s p99"
  local lua; lua=$(mktemp --suffix .lua)
  cat > "$lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"email":"admin@bench-law.com","password":"$PASSWORD"}'
LUA
  local out; out=$(wrk -t1 -c4 -d"$DURATION" --latency -s "$lua" "http://$1/api/auth/sign-in"); rm -f "$lua"
  ! grep -q Non-2xx <<<"$out" || { echo "sign-ins refused on $1" >&2; exit 1; }
  awk '$1 == "99%" {print $2}' <<<"$out"
}
trends_hub=$(trends $B "$cookie"); trends_redb=$(trends $R "$rcookie")
signin_hub=(); signin_redb=()
for _ in 1 2 3; do signin_hub+=("$(signin $B)"); signin_redb+=("$(signin $R)"); done

echo
echo "Commit $(git -C "$ROOT" rev-parse --short HEAD), $(nproc) cores, $(date -u +%F), PostgreSQL $(psql -At "$DB" -c 'SHOW server_version'), fsync $(psql -At "$DB" -c 'SHOW fsync'), load $(cut -d' ' -f1 /proc/loadavg)."
echo
echo "| measure | hub (PostgreSQL) | redb | target |"
echo "|---|---|---|---|"
echo "| 1M-row import through node A's HTTP | ${import_ms} ms | | |"
echo "| import visible in node B's trends, after A answered | ${visible_ms} ms | | ≤ 2 s |"
echo "| node B ready with 1M bookings, from spawn: with its snapshot / without (PostgreSQL's snapshot) | ${ready_snapshot} ms / ${ready_database} ms | | ≤ 1 s without |"
echo "| node B ready with 1M bookings, from spawn, with no snapshot anywhere (every row read) | ${ready_rows} ms | | |"
echo "| node B RSS after catching up on the import | ${rss_b} MB | | |"
echo "| cached GET /api/trends, 32 connections | ${trends_hub} | ${trends_redb} | as fast as redb |"
echo "| sign-in p99, 4 connections, three rounds | ${signin_hub[*]} | ${signin_redb[*]} | within 20% |"
