#!/usr/bin/env bash
# Hub nodes' resident memory after imports, for one or more binaries in turn: two nodes on a fresh
# database each round, 1M bookings imported through node A, then a day's 10,000 rows; after each,
# once node B counts the rows and the snapshots are written (each node's file, and the one
# PostgreSQL stores, or the nodes' decision to keep the stored one), the resident size of both
# nodes. PostgreSQL as in benches/hub.sh (a
# throwaway cluster, fsync on). Prints one markdown table.
# Usage: ROUNDS=2 benches/hub-memory.sh OLD_BIN target/release/litstack
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "${LITSTACK_TEST_DATABASE_URL:-}" ]; then
  PG_FSYNC=on exec bash "$ROOT/scripts/with-postgres.sh" bash "$0" "$@"
fi
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
WORK="$TARGET/bench-data/hub-memory"
CSV="$TARGET/bench-data/scale-1m.csv"
DAY="$TARGET/bench-data/append-10k.csv"
ROUNDS="${ROUNDS:-2}"
PASSWORD="plum-orbit-cascade-1947"
A=127.0.0.1:18111 B=127.0.0.1:18112
export LITSTACK_SKIP_WEB_BUILD=1 RUST_LOG=warn,litstack::bookings::storage=debug
[ $# -gt 0 ] || { echo "usage: benches/hub-memory.sh BIN [BIN ...]" >&2; exit 2; }
[ -f "$CSV" ] || "$1" gen-bookings --rows 1000000 --seed 7 --end 2026-06-30 --out "$CSV"
[ -f "$DAY" ] || { echo "needs $DAY: run benches/append.sh once" >&2; exit 2; }

ms_now() { echo $(( $(date +%s%N) / 1000000 )); }
rss_mb() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$1/status"; }
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
wait_answer() { until curl -s -o /dev/null "http://$1/api/auth/me"; do sleep 0.01; done; }
total() { curl -s -H "Cookie: litstack_session=$2" "http://$1/api/trends" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'; }

# How many times a node stored PostgreSQL's snapshot or kept the stored one (its debug lines).
decisions() { grep -cE "snapshot was stored generation=|snapshot is recent enough" "$WORK/nodes.log" || true; }
# After an import on A answered at $1 (ms) with $2 rows in all, $3 decisions before it: B counts
# them, both nodes wrote their snapshot files, a node decided on PostgreSQL's; then 2 s more.
settled() {
  local since=$1 rows=$2 before=$3
  until [ "$(total $B "$cookie")" = "$rows" ]; do sleep 0.01; done
  for node in a b; do
    until [ -n "$(find "$WORK/$node" -name bookings.idx -newermt "@$((since / 1000))" 2>/dev/null)" ]; do sleep 0.05; done
  done
  until [ "$(decisions)" -gt "$before" ]; do sleep 0.1; done
  sleep 2
}

lines=()
for round in $(seq 1 "$ROUNDS"); do
  for i in $(seq 1 $#); do
    bin=${!i}
    rm -rf "$WORK" && mkdir -p "$WORK"
    psql -q "$LITSTACK_TEST_DATABASE_URL" -c "DROP DATABASE IF EXISTS hub_memory" -c "CREATE DATABASE hub_memory"
    db="${LITSTACK_TEST_DATABASE_URL/\/postgres\?/\/hub_memory?}"
    "$bin" serve --addr $A --database-url "$db" --data-dir "$WORK/a" --no-sample-data >/dev/null 2>>"$WORK/nodes.log" &
    pa=$!; pids+=("$pa"); wait_answer $A
    "$bin" serve --addr $B --database-url "$db" --data-dir "$WORK/b" --no-sample-data >/dev/null 2>>"$WORK/nodes.log" &
    pb=$!; pids+=("$pb"); wait_answer $B
    jar=$(mktemp)
    curl -s -o /dev/null -c "$jar" -H 'Content-Type: application/json' \
      -d "{\"name\":\"Hub\",\"email\":\"admin@bench-law.com\",\"password\":\"$PASSWORD\",\"lawFirm\":\"Bench LLP\"}" \
      "http://$A/api/auth/sign-up"
    cookie=$(awk '/litstack_session/ {print $7}' "$jar"); rm -f "$jar"
    start_a=$(rss_mb $pa) start_b=$(rss_mb $pb)
    cells=""
    for file in "$CSV" "$DAY"; do
      before=$(decisions)
      t0=$(ms_now)
      curl -s -o "$WORK/import.json" -H "Cookie: litstack_session=$cookie" -H "Origin: http://$A" \
        -F "file=@$file;type=text/csv" "http://$A/api/admin/demo-bookings/import"
      t1=$(ms_now)
      [ "$file" = "$CSV" ] && rows=1000000 || rows=1010000
      settled "$t1" "$rows" "$before"
      cells+=" | $((t1 - t0)) ms | $(rss_mb $pa) / $(rss_mb $pb) MB"
    done
    kill $pa $pb; wait $pa $pb 2>/dev/null || true
    pids=()
    lines+=("| $round | ${bin#"$ROOT"/} | $start_a / $start_b MB$cells | $(cut -d' ' -f1 /proc/loadavg) |")
  done
done
psql -q "$LITSTACK_TEST_DATABASE_URL" -c "DROP DATABASE IF EXISTS hub_memory"
rm -rf "$WORK"
echo
echo "Hub nodes A and B, commit $(git -C "$ROOT" rev-parse --short HEAD), $(nproc) cores, $(date -u +%F)."
echo
echo "| round | binary | RSS A / B at start | 1M import on A | RSS A / B after | a day's 10,000 rows on A | RSS A / B after | load |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${lines[@]}"
