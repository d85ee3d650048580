#!/usr/bin/env bash
# The paths an import change must not slow, for two or more binaries in turn on the same 1M-row
# install (each on its own copy, its snapshot written by a first start): cached GET /api/trends at
# 32 connections (wrk -t2 -c32) and sign-in p99 at 4 connections (wrk -t1 -c4 posting the form),
# ROUNDS rounds taken in turn (A, B, A, B, …) since two cores make one round noisy. Prints one
# markdown table.
# Usage: ROUNDS=3 DURATION=10s benches/paths.sh OLD_BIN NEW_BIN
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
CSV="$TARGET/bench-data/bookings-1m.csv"
WORK="$TARGET/bench-data/paths"
ROUNDS="${ROUNDS:-3}" DURATION="${DURATION:-10s}"
ADDR=127.0.0.1:18111
PASSWORD="plum-orbit-cascade-1947"
export LITSTACK_SKIP_WEB_BUILD=1 RUST_LOG=warn

[ $# -ge 2 ] || { echo "usage: benches/paths.sh OLD_BIN NEW_BIN ..." >&2; exit 2; }
command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk" >&2; exit 1; }
BINS=("$@")
[ -f "$CSV" ] || "${BINS[0]}" gen-bookings --rows 1000000 --seed 42 --end 2026-06-30 --out "$CSV"
rm -rf "$WORK" && mkdir -p "$WORK"
"${BINS[0]}" import bookings "$CSV" --data-dir "$WORK/base" >/dev/null

serve() { # binary index -> pid, on its own copy of the install
  "${BINS[$1]}" serve --addr "$ADDR" --data-dir "$WORK/data-$1" --no-sample-data >/dev/null 2>&1 &
  echo $!
}
up() { until curl -s -o /dev/null "http://$ADDR/api/auth/me"; do sleep 0.02; done; }
cookie() {
  local jar; jar=$(mktemp)
  curl -s -o /dev/null -c "$jar" -H 'Content-Type: application/json' \
    -d "{\"email\":\"paths@bench-law.com\",\"password\":\"$PASSWORD\"}" "http://$ADDR/api/auth/sign-in"
  awk '/litstack_session/ {print $7}' "$jar"; rm -f "$jar"
}
for i in "${!BINS[@]}"; do
  cp -a "$WORK/base" "$WORK/data-$i"
  pid=$(serve "$i"); up
  curl -s -o /dev/null -H 'Content-Type: application/json' \
    -d "{\"name\":\"Paths\",\"email\":\"paths@bench-law.com\",\"password\":\"$PASSWORD\",\"lawFirm\":\"Bench LLP\"}" \
    "http://$ADDR/api/auth/sign-up"
  kill "$pid"; wait "$pid" 2>/dev/null || true
done
sync

lua=$(mktemp --suffix .lua)
cat > "$lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"email":"paths@bench-law.com","password":"$PASSWORD"}'
LUA
lines=()
for round in $(seq 1 "$ROUNDS"); do
  for i in "${!BINS[@]}"; do
    pid=$(serve "$i"); up
    c=$(cookie)
    [ "$(curl -s -H "Cookie: litstack_session=$c" "http://$ADDR/api/trends" \
      | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')" = 1000000 ]
    t=$(wrk -t2 -c32 -d"$DURATION" --latency -H "Cookie: litstack_session=$c" "http://$ADDR/api/trends")
    s=$(wrk -t1 -c4 -d"$DURATION" --latency -s "$lua" "http://$ADDR/api/auth/sign-in")
    ! grep -q Non-2xx <<<"$s" || { echo "sign-ins refused by ${BINS[$i]}" >&2; kill "$pid"; exit 1; }
    kill "$pid"; wait "$pid" 2>/dev/null || true
    lines+=("| $round | ${BINS[$i]#"$ROOT"/} | $(awk '/^Requests\/sec:/ {printf "%.0f", $2}' <<<"$t") req/s, p99 $(awk '$1 == "99%" {print $2}' <<<"$t") | $(awk '/^Requests\/sec:/ {printf "%.1f", $2}' <<<"$s") req/s, p99 $(awk '$1 == "99%" {print $2}' <<<"$s") | $(cut -d' ' -f1 /proc/loadavg) |")
  done
done
rm -f "$lua"; rm -rf "$WORK"
echo
echo "1M bookings, commit $(git -C "$ROOT" rev-parse --short HEAD), $(nproc) cores, $(date -u +%F), $DURATION each."
echo
echo "| round | binary | cached GET /api/trends, 32 connections | sign-in, 4 connections | load |"
echo "|---|---|---|---|---:|"
printf '%s\n' "${lines[@]}"
