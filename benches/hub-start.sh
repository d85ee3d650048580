#!/usr/bin/env bash
# A hub node's start at SCALE million bookings (default 10) with no snapshot of its own, against
# issue 30's target (10M ≤ 8 s): the redb install of benches/append.sh (target/bench-data/
# scale-${SCALE}m) copied into a throwaway PostgreSQL with `export-to-postgres`, node A started on
# it (it reads every row, then stores the snapshot in PostgreSQL in the background), then node B
# started ROUNDS times on an empty data directory: spawn to first answer and RSS 1 s later, from
# PostgreSQL's stored snapshot; and once more with that snapshot removed (every row read).
# Usage: SCALE=10 ROUNDS=3 benches/hub-start.sh [BIN]   (default: target/release/litstack)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "${LITSTACK_TEST_DATABASE_URL:-}" ]; then
  PG_FSYNC=on exec bash "$ROOT/scripts/with-postgres.sh" bash "$0" "$@"
fi
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="${1:-$TARGET/release/litstack}"
SCALE="${SCALE:-10}" ROUNDS="${ROUNDS:-3}"
INSTALL="$TARGET/bench-data/scale-${SCALE}m"
WORK="$TARGET/bench-data/hub-start"
A=127.0.0.1:18121 B=127.0.0.1:18122
PASSWORD="plum-orbit-cascade-1947"
export LITSTACK_SKIP_WEB_BUILD=1 RUST_LOG=warn

[ -f "$INSTALL/litstack.redb" ] || { echo "no install at $INSTALL: run SCALE=$SCALE benches/append.sh first" >&2; exit 1; }
rm -rf "$WORK" && mkdir -p "$WORK"
cp -a "$INSTALL" "$WORK/source"
rm -f "$WORK/source/bookings.idx"
psql -q "$LITSTACK_TEST_DATABASE_URL" -c "CREATE DATABASE hub_start"
DB="${LITSTACK_TEST_DATABASE_URL/\/postgres\?/\/hub_start?}"
t0=$(date +%s%N)
"$BIN" export-to-postgres --data-dir "$WORK/source" --database-url "$DB" >/dev/null
export_s=$(( ($(date +%s%N) - t0) / 1000000000 ))
rm -rf "$WORK/source"

ms_now() { echo $(( $(date +%s%N) / 1000000 )); }
rss_mb() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$1/status"; }
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
spawn() { # address, data dir -> pid
  "$BIN" serve --addr "$1" --database-url "$DB" --data-dir "$2" --no-sample-data >/dev/null 2>>"$WORK/nodes.log" &
  echo $!
}
wait_answer() { until curl -s -o /dev/null "http://$1/api/auth/me"; do sleep 0.002; done; }
total() {
  local jar; jar=$(mktemp)
  curl -s -o /dev/null -c "$jar" -H 'Content-Type: application/json' \
    -d "{\"name\":\"Hub\",\"email\":\"hub@bench-law.com\",\"password\":\"$PASSWORD\",\"lawFirm\":\"Bench LLP\"}" \
    "http://$1/api/auth/sign-up"
  grep -q litstack_session "$jar" || curl -s -o /dev/null -c "$jar" -H 'Content-Type: application/json' \
    -d "{\"email\":\"hub@bench-law.com\",\"password\":\"$PASSWORD\"}" "http://$1/api/auth/sign-in"
  curl -s -b "$jar" "http://$1/api/trends" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'
  rm -f "$jar"
}
stored() { psql -At "$DB" -c "SELECT count(*) FROM bookings_snapshot WHERE generation = (SELECT value FROM counters WHERE key = 'bookings:generation')"; }

# Node A reads every row (no snapshot anywhere yet), then stores the snapshot.
t0=$(ms_now); pa=$(spawn $A "$WORK/a"); pids+=("$pa"); wait_answer $A
a_rows=$(( $(ms_now) - t0 ))
rows=$(total $A)
for _ in $(seq 1200); do [ "$(stored)" -gt 0 ] && break; sleep 0.1; done
[ "$(stored)" -gt 0 ] || { echo "no snapshot stored in PostgreSQL within 120 s (see $WORK/nodes.log)" >&2; exit 1; }
kill "$pa"; wait "$pa" 2>/dev/null || true

lines=()
for round in $(seq 1 "$ROUNDS"); do
  rm -rf "$WORK/b"
  t0=$(ms_now); pb=$(spawn $B "$WORK/b"); pids+=("$pb"); wait_answer $B
  ms=$(( $(ms_now) - t0 )); sleep 1; rss=$(rss_mb "$pb")
  [ "$(total $B)" = "$rows" ] || { echo "node B lost rows" >&2; exit 1; }
  kill "$pb"; wait "$pb" 2>/dev/null || true
  lines+=("| $round, from PostgreSQL's stored snapshot | $ms ms | $rss MB | $(cut -d' ' -f1 /proc/loadavg) |")
done
echo
echo "Hub node start at ${rows} bookings, commit $(git -C "$ROOT" rev-parse --short HEAD), $(nproc) cores, $(date -u +%F), PostgreSQL $(psql -At "$DB" -c 'SHOW server_version'), fsync $(psql -At "$DB" -c 'SHOW fsync')."
echo "export-to-postgres took ${export_s} s; node A, with no snapshot anywhere, answered ${a_rows} ms after spawn."
echo
echo "| node B start | spawn to first answer | RSS 1 s later | load |"
echo "|---|---:|---:|---:|"
printf '%s\n' "${lines[@]}"
rm -rf "$WORK"
