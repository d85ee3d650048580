#!/usr/bin/env bash
# How Litstack grows from 1M to 10M bookings: for each size in SCALES (millions of rows, default
# "1 3 10"), generates the file (`gen-bookings --seed 7 --end 2026-06-30`) and imports it once into
# target/bench-data/scale-<N>m, then measures the server from spawn to its first answer, its
# resident memory after start, GET /api/trends over loopback (wrk -t2 -c32, DURATION, plain JSON)
# and every query shape of benches/trends.rs in-process on the same data (criterion medians,
# uncached). Prints one markdown table.
# Usage: benches/scale.sh   (needs wrk; builds the release binary and the bench when missing)
# QUERIES_ONLY=1 benches/scale.sh: only the in-process query shapes, each shape's median per size
# (no server, no wrk).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="$TARGET/release/litstack"
DATA_ROOT="$TARGET/bench-data"
SCALES="${SCALES:-1 3 10}"
DURATION="${DURATION:-10s}"
QUERIES_ONLY="${QUERIES_ONLY:-}"
ADDR=127.0.0.1:18090
PASSWORD="plum-orbit-cascade-1947"
export LITSTACK_SKIP_WEB_BUILD=1 RUST_LOG=warn

[ -n "$QUERIES_ONLY" ] || command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk" >&2; exit 1; }
(cd "$ROOT" && cargo build --release --bin litstack --quiet)
mkdir -p "$DATA_ROOT"

ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
rss_mb() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$1/status"; }

rows=()
for n in $SCALES; do
  csv="$DATA_ROOT/scale-${n}m.csv"
  data="$DATA_ROOT/scale-${n}m"
  [ -f "$csv" ] || "$BIN" gen-bookings --rows "${n}000000" --seed 7 --end 2026-06-30 --out "$csv"
  if [ ! -f "$data/litstack.redb" ]; then
    /usr/bin/time -o "$DATA_ROOT/scale-${n}m-import.txt" -f "%e s, max RSS %M KB" \
      "$BIN" import bookings "$csv" --data-dir "$data" >/dev/null
  fi

  # The in-process query shapes first, while nothing else runs.
  (cd "$ROOT" && LITSTACK_BENCH_DATA="$data" cargo bench --quiet --bench trends -- "queries_at_" \
    --warm-up-time 1 --measurement-time 2 >/dev/null 2>&1)
  shapes=$(python3 - "$TARGET/criterion/queries_at_${n}000000" <<'EOF'
import json, pathlib, sys
times = {p.parent.parent.name: json.load(open(p))["median"]["point_estimate"] / 1e6
         for p in pathlib.Path(sys.argv[1]).glob("*/new/estimates.json")}
slow = max(times, key=times.get)
print(f"{min(times.values()):.3f}-{times[slow]:.3f} ms (slowest: {slow})")
EOF
)
  if [ -n "$QUERIES_ONLY" ]; then
    echo
    echo "${n}M bookings, commit $(git -C "$ROOT" rev-parse --short HEAD), load $(cut -d' ' -f1 /proc/loadavg): $shapes"
    echo
    echo "| shape (${n}M, criterion median, uncached) | ms | ≤ 1 ms? |"
    echo "|---|---:|---|"
    python3 - "$TARGET/criterion/queries_at_${n}000000" <<'EOF'
import json, pathlib, sys
times = {p.parent.parent.name: json.load(open(p))["median"]["point_estimate"] / 1e6
         for p in pathlib.Path(sys.argv[1]).glob("*/new/estimates.json")}
for name, ms in sorted(times.items(), key=lambda kv: -kv[1]):
    print(f"| {name} | {ms:.4f} | {'yes' if ms <= 1 else 'no'} |")
EOF
    continue
  fi

  start=$(date +%s%N)
  "$BIN" serve --addr "$ADDR" --data-dir "$data" --no-sample-data >/dev/null 2>&1 &
  pid=$!
  trap 'kill $pid 2>/dev/null' EXIT
  until curl -s -o /dev/null "http://$ADDR/api/auth/me"; do sleep 0.002; done
  first_answer=$(ms_since "$start")
  sleep 1
  rss_start=$(rss_mb $pid)

  jar=$(mktemp)
  curl -s -o /dev/null -c "$jar" -H 'Content-Type: application/json' \
    -d "{\"name\":\"Scale\",\"email\":\"scale@example.com\",\"password\":\"$PASSWORD\",\"lawFirm\":\"Bench LLP\"}" \
    "http://$ADDR/api/auth/sign-up"
  if ! grep -q litstack_session "$jar"; then
    curl -s -o /dev/null -c "$jar" -H 'Content-Type: application/json' \
      -d "{\"email\":\"scale@example.com\",\"password\":\"$PASSWORD\"}" "http://$ADDR/api/auth/sign-in"
  fi
  cookie=$(awk '/litstack_session/ {print $7}' "$jar"); rm -f "$jar"
  out=$(wrk -t2 -c32 -d"$DURATION" --latency -H "Cookie: litstack_session=$cookie" "http://$ADDR/api/trends")
  rps=$(awk '/^Requests\/sec:/ {printf "%.0f", $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
  load=$(cut -d' ' -f1 /proc/loadavg)
  rss_end=$(rss_mb $pid)
  kill $pid; wait $pid 2>/dev/null || true
  trap - EXIT

  import=$(cat "$DATA_ROOT/scale-${n}m-import.txt" 2>/dev/null || echo "not timed")
  csv_mb=$(( $(stat -c %s "$csv") / 1000000 ))
  snap_mb=$(( $(stat -c %s "$data/bookings.idx") / 1000000 ))
  rows+=("| ${n}M | ${csv_mb} MB / ${snap_mb} MB | ${import} | ${first_answer} ms | ${rss_start} MB / ${rss_end} MB | ${shapes} | ${rps} req/s, p99 ${p99}${errors:+, $errors non-2xx} | ${load} |")
done
[ -z "$QUERIES_ONLY" ] || exit 0

echo
echo "Commit $(git -C "$ROOT" rev-parse --short HEAD), $(nproc) cores, $(date -u +%F)."
echo
echo "| bookings | CSV / snapshot | import (once) | spawn to first answer | RSS after start / after wrk | query shapes in-process, uncached | GET /api/trends, 32 connections | load |"
echo "|---|---|---|---:|---|---|---|---:|"
printf '%s\n' "${rows[@]}"
