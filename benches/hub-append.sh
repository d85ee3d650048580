#!/usr/bin/env bash
# Imports into a hub at SCALE million bookings (default 10), for one or more binaries in turn:
# the redb install of benches/append.sh copied into a throwaway PostgreSQL (fsync on) with
# `export-to-postgres`, node A started on it with no snapshot (it reads every row and stores the
# snapshot in PostgreSQL), node B started from that stored snapshot; then DAYS day's exports of
# 10,000 rows each (default 3: benches/append.sh's day file moved to 2026-07-01, -02, ...) imported
# through node A. For each import: upload to A's answer; A's commit to B's new index swapped in
# (the nodes' debug lines); A's answer to B's first trends answer that counts the rows (polled
# with curl and python, about 100 ms a poll); A's answer to the nodes' decision on PostgreSQL's
# stored snapshot (stored, with the bytes that store wrote, or kept as recent enough: the nodes'
# debug lines). Then the stored snapshot's size in PostgreSQL, and node C started on an empty data
# directory after the imports: spawn to first answer counting every row (from the stored snapshot
# and, where it is of an earlier generation, the rows added since).
# Prints one markdown table.
# Usage: SCALE=10 DAYS=3 benches/hub-append.sh OLD_BIN target/release/litstack
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "${LITSTACK_TEST_DATABASE_URL:-}" ]; then
  PG_FSYNC=on exec bash "$ROOT/scripts/with-postgres.sh" bash "$0" "$@"
fi
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
SCALE="${SCALE:-10}" DAYS="${DAYS:-3}"
DATA_ROOT="$TARGET/bench-data"
INSTALL="$DATA_ROOT/scale-${SCALE}m"
DAY="$DATA_ROOT/append-10k.csv"
WORK="$DATA_ROOT/hub-append"
A=127.0.0.1:18131 B=127.0.0.1:18132 C=127.0.0.1:18133
PASSWORD="plum-orbit-cascade-1947"
export LITSTACK_SKIP_WEB_BUILD=1
export RUST_LOG="${RUST_LOG:-warn,litstack::bookings=debug,litstack::import::pipeline=debug}"
[ $# -gt 0 ] || { echo "usage: benches/hub-append.sh BIN [BIN ...]" >&2; exit 2; }
[ -f "$INSTALL/litstack.redb" ] || { echo "no install at $INSTALL: run SCALE=$SCALE benches/append.sh first" >&2; exit 1; }
[ -f "$DAY" ] || { echo "needs $DAY: run benches/append.sh once" >&2; exit 1; }
rm -rf "$WORK" && mkdir -p "$WORK"

# The day's file moved to the k-th day of July, with ids of its own.
for k in $(seq 1 "$DAYS"); do
  python3 - "$DAY" "$WORK/day-$k.csv" "$k" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
k = int(sys.argv[3])
out = csv.writer(open(sys.argv[2], "w", newline=""), lineterminator="\n")
out.writerow(rows[0])
for r in rows[1:]:
    r[0] = f"hub{k}-{r[0]}"
    r[1] = f"2026-07-{k:02d}" + r[1][10:]
    out.writerow(r)
PY
done

ms_now() { echo $(( $(date +%s%N) / 1000000 )); }
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
wait_answer() { until curl -s -o /dev/null "http://$1/api/auth/me"; do sleep 0.002; done; }
total() { curl -s -H "Cookie: litstack_session=$2" "http://$1/api/trends" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'; }
# From A's commit to B's replaced index dropped (B swapped the new one in just before), in ms,
# from the two nodes' debug lines: the last of each.
swap_ms() {
  python3 - "$WORK/node-a.log" "$WORK/node-b.log" <<'PY'
import sys
from datetime import datetime
def last(path, text):
    stamp = [l.split()[0] for l in open(path) if text in l][-1]
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))
a = last(sys.argv[1], "import: committed")
b = last(sys.argv[2], "the replaced bookings index was dropped")
print(round((b - a).total_seconds() * 1000))
PY
}
# How many times either node stored the snapshot or kept the stored one; the bytes the last stored
# (0 when it was kept).
DECIDED="snapshot was stored generation=|snapshot is recent enough"
stored_lines() { cat "$WORK"/node-*.log | grep -cE "$DECIDED" || true; }
last_bytes() { cat "$WORK"/node-*.log | grep -E "$DECIDED" | tail -1 | { grep -o 'bytes=[0-9]*' || echo bytes=0; } | cut -d= -f2; }

lines=()
for i in $(seq 1 $#); do
  bin=${!i}
  db_name="hub_append_$i"
  psql -q "$LITSTACK_TEST_DATABASE_URL" -c "CREATE DATABASE $db_name"
  DB="${LITSTACK_TEST_DATABASE_URL/\/postgres\?/\/$db_name?}"
  stored() { psql -At "$DB" -c "SELECT count(*) FROM bookings_snapshot WHERE generation = (SELECT value FROM counters WHERE key = 'bookings:generation')"; }
  rm -rf "$WORK/source" "$WORK/a" "$WORK/b" "$WORK/c" "$WORK"/node-*.log
  cp -a "$INSTALL" "$WORK/source"
  "$bin" export-to-postgres --data-dir "$WORK/source" --database-url "$DB" >/dev/null
  rm -rf "$WORK/source"
  "$bin" serve --addr $A --database-url "$DB" --data-dir "$WORK/a" --no-sample-data >/dev/null 2>>"$WORK/node-a.log" &
  pa=$!; pids+=("$pa"); wait_answer $A
  for _ in $(seq 1200); do [ "$(stored)" -gt 0 ] && break; sleep 0.1; done
  [ "$(stored)" -gt 0 ] || { echo "no snapshot stored within 120 s (see $WORK/node-a.log)" >&2; exit 1; }
  first_bytes=$(last_bytes)
  "$bin" serve --addr $B --database-url "$DB" --data-dir "$WORK/b" --no-sample-data >/dev/null 2>>"$WORK/node-b.log" &
  pb=$!; pids+=("$pb"); wait_answer $B
  jar=$(mktemp)
  curl -s -o /dev/null -c "$jar" -H 'Content-Type: application/json' \
    -d "{\"name\":\"Hub\",\"email\":\"hub@bench-law.com\",\"password\":\"$PASSWORD\",\"lawFirm\":\"Bench LLP\"}" \
    "http://$A/api/auth/sign-up"
  cookie=$(awk '/litstack_session/ {print $7}' "$jar"); rm -f "$jar"
  expected=$(total $A "$cookie")
  [ "$(total $B "$cookie")" = "$expected" ] || { echo "node B does not count node A's rows" >&2; exit 1; }
  for k in $(seq 1 "$DAYS"); do
    before=$(stored_lines)
    swaps=$(grep -c "the replaced bookings index was dropped" "$WORK/node-b.log" || true)
    sync; sleep 1
    t0=$(ms_now)
    curl -s -o "$WORK/answer.json" -H "Cookie: litstack_session=$cookie" -H "Origin: http://$A" \
      -F "file=@$WORK/day-$k.csv;type=text/csv" "http://$A/api/admin/demo-bookings/import"
    t_answer=$(ms_now)
    expected=$((expected + 10000))
    until [ "$(total $B "$cookie")" = "$expected" ]; do sleep 0.005; done
    t_b=$(ms_now)
    for _ in $(seq 500); do
      [ "$(grep -c "the replaced bookings index was dropped" "$WORK/node-b.log" || true)" -gt "$swaps" ] && break
      sleep 0.01
    done
    for _ in $(seq 6000); do [ "$(stored_lines)" -gt "$before" ] && break; sleep 0.01; done
    t_stored=$(ms_now)
    [ "$(stored_lines)" -gt "$before" ] || { echo "no decision on the stored snapshot within 60 s of import $k" >&2; exit 1; }
    lines+=("| $(basename "$bin") | day $k | $((t_answer - t0)) ms | $(swap_ms) ms | $((t_b - t_answer)) ms | $((t_stored - t_answer)) ms | $(( $(last_bytes) / 1000000 )) MB | $(cut -d' ' -f1 /proc/loadavg) |")
  done
  size=$(psql -At "$DB" -c "SELECT round(sum(pg_total_relation_size(c.oid)) / 1e6) FROM pg_class c WHERE c.relname LIKE 'bookings_snapshot%' AND c.relkind = 'r'")
  kept=$(psql -At "$DB" -c "SELECT max(generation) FROM bookings_snapshot")
  sleep 1
  t0=$(ms_now)
  "$bin" serve --addr $C --database-url "$DB" --data-dir "$WORK/c" --no-sample-data >/dev/null 2>>"$WORK/node-c.log" &
  pc=$!; pids+=("$pc"); wait_answer $C
  t_c=$(ms_now)
  [ "$(total $C "$cookie")" = "$expected" ] || { echo "node C does not count every row" >&2; exit 1; }
  lines+=("| $(basename "$bin") | first store ${first_bytes:-0} bytes; in PostgreSQL after: ${size} MB, of generation $kept; node C ready $((t_c - t0)) ms from spawn | | | | | | |")
  kill "$pa" "$pb" "$pc"; wait "$pa" "$pb" "$pc" 2>/dev/null || true
done
echo
echo "Day's imports into a hub at $expected bookings, commit $(git -C "$ROOT" rev-parse --short HEAD), $(nproc) cores, $(date -u +%F), PostgreSQL $(psql -At "$LITSTACK_TEST_DATABASE_URL" -c 'SHOW server_version')."
echo
echo "| binary | import | upload to A's answer | A's commit to B's index swapped (logs) | A's answer to B's trends counting it (polled) | A's answer to the stored snapshot's decision | written | load |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${lines[@]}"
[ -n "${KEEP:-}" ] || rm -rf "$WORK"
