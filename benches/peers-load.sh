#!/usr/bin/env bash
# GET /api/vendors/{id} at 32 connections, as one member, on an empty install and on one filled
# like benches/peers.rs (500,000 meeting clicks, 435,000 of another member's on this very vendor;
# 10,000 firms with tech stacks, sizes and demo outcomes). Rounds alternate between the two so
# that a busy machine weighs on both alike; the medians are compared (target: within 20%).
# Usage: benches/peers-load.sh   (needs target/release/litstack and wrk: apt-get install -y wrk;
# fills target/bench-data/peers-filled once through `cargo bench --bench peers`)
set -euo pipefail
# shellcheck source=benches/load-common.sh
source "$(dirname "$0")/load-common.sh"
VENDOR="${VENDOR:-95}"
DURATION="${DURATION:-10s}"
CONNECTIONS="${CONNECTIONS:-32}"
ROUNDS="${ROUNDS:-3}"
FILLED="$TARGET/bench-data/peers-filled"
ADDR=127.0.0.1:18126

[ -x "$BIN" ] || { echo "build first: LITSTACK_SKIP_WEB_BUILD=1 cargo build --release" >&2; exit 1; }
command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk" >&2; exit 1; }
if [ ! -f "$FILLED/litstack.redb" ]; then
  echo "filling $FILLED (once)"
  (cd "$ROOT" && LITSTACK_SKIP_WEB_BUILD=1 LITSTACK_FILL_DATA_DIR="$FILLED" \
    LITSTACK_FILL_VENDOR="$VENDOR" cargo bench --bench peers)
fi

PID=""
RUN_DIR=""
stop() {
  [ -n "$PID" ] && kill "$PID" 2>/dev/null && wait "$PID" 2>/dev/null
  [ -n "$RUN_DIR" ] && rm -rf "$RUN_DIR"
  PID=""; RUN_DIR=""
}
trap stop EXIT

# serve FROM: a server on a copy of FROM (empty: a fresh install); sets PID, RUN_DIR and COOKIE
# (a 6-20 firm's member with a saved tech stack, so every peer figure is computed).
serve() {
  RUN_DIR=$(mktemp -d)
  [ -n "$1" ] && cp -a "$1/." "$RUN_DIR/"
  "$BIN" serve --addr "$ADDR" --data-dir "$RUN_DIR" --no-sample-data >/dev/null 2>&1 &
  PID=$!
  local tries=0
  until curl -s -o /dev/null "http://$ADDR/api/auth/setup"; do
    sleep 0.05; tries=$((tries + 1))
    [ $tries -lt 1200 ] || { echo "the server did not answer on $ADDR" >&2; exit 1; }
  done
  local jar; jar=$(mktemp)
  curl -s -o /dev/null -c "$jar" -H 'Content-Type: application/json' \
    -d "{\"name\":\"Vic Viewer\",\"email\":\"vic@viewer-law.example\",\"password\":\"$PASSWORD\",\"lawFirm\":\"Viewer Law\",\"firmSize\":\"E6_20\"}" \
    "http://$ADDR/api/auth/sign-up"
  COOKIE=$(awk '/litstack_session/ {print $7}' "$jar"); rm -f "$jar"
  [ -n "$COOKIE" ] || { echo "could not sign up the viewer" >&2; exit 1; }
  local items='{"items":[{"categoryId":1,"hasTool":true},{"categoryId":2,"hasTool":false},{"categoryId":3,"hasTool":true}]}'
  curl -s -o /dev/null -H "Cookie: litstack_session=$COOKIE" -H "Origin: http://$ADDR" \
    -H 'Content-Type: application/json' -d "$items" "http://$ADDR/api/profile/category-adoption"
  # A questionnaire in the vendor's category (95, CASEpeer: Practice Management), so that the
  # profile ranks it with the firm's match scores and other firms' demo outcomes.
  local response='{"categoryId":10,"answers":[{"questionId":1001,"selectedValues":["Spreadsheets and shared folders"]}]}'
  curl -s -o /dev/null -H "Cookie: litstack_session=$COOKIE" -H "Origin: http://$ADDR" \
    -H 'Content-Type: application/json' -d "$response" "http://$ADDR/api/responses"
  local status
  status=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: litstack_session=$COOKIE" "http://$ADDR/api/vendors/$VENDOR")
  [ "$status" = 200 ] || { echo "GET /api/vendors/$VENDOR answered $status" >&2; exit 1; }
}

# round NAME FROM: one wrk run; appends "req/s p50 p99" to the NAME list.
declare -A RESULTS
round() {
  serve "$2"
  local out; out=$(mktemp)
  wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -H "Cookie: litstack_session=$COOKIE" \
    "http://$ADDR/api/vendors/$VENDOR" >"$out"
  read -r rps p50 p99 non2xx sock <<<"$(wrk_summary "$out")"
  rm -f "$out"
  echo "$1: $rps req/s, p50 $p50 ms, p99 $p99 ms (non-2xx $non2xx, socket errors $sock; load $(loadavg))"
  RESULTS[$1]="${RESULTS[$1]:-} $rps"
  stop
}

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "GET /api/vendors/$VENDOR, $CONNECTIONS connections, $DURATION per round, $ROUNDS rounds each"
for _ in $(seq "$ROUNDS"); do
  round empty ""
  round filled "$FILLED"
done
empty=$(echo "${RESULTS[empty]}" | median)
filled=$(echo "${RESULTS[filled]}" | median)
awk -v e="$empty" -v f="$filled" 'BEGIN {
  printf "median req/s: empty %.0f, filled %.0f: filled/empty %.1f%%\n", e, f, 100 * f / e }'
