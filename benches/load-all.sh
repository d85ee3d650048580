#!/usr/bin/env bash
# Loopback load test with 1M bookings: wrk with 32 connections on /api/trends, /api/vendors and
# /api/demo-bookings, then /api/trends alone and during 50 clients signing in without pause.
# Fails on any non-2xx answer or socket error (timeouts included), or when the trends p99 under
# sign-in pressure is more than twice the p99 alone.
# Usage: benches/load-all.sh   (DURATION=60s by default; needs the release build and wrk)
# Honours CARGO_TARGET_DIR; ADDR (127.0.0.1:18081), PACE_MS (see below) and SIGN_INS (50).
set -euo pipefail
source "$(dirname "$0")/load-common.sh"
DURATION="$(secs "${DURATION:-60s}")s"
ADDR="${ADDR:-127.0.0.1:18081}"
SIGN_INS="${SIGN_INS:-50}"
# The analytics client in the sign-in comparison pauses this long before each request, so it
# stands for people using the app rather than a saturating flood: a flood's latency is set by
# the CPU share alone, and any sign-in work would double it.
PACE_MS="${PACE_MS:-20}"
need
start_server "$ADDR" --trusted-proxy 127.0.0.1
export COOKIE PASSWORD ACCOUNTS="$SIGN_INS"
COOKIE=$(sign_up "$ADDR" "Load Admin" "load-admin@example.com")
[ -n "$COOKIE" ] || { echo "could not sign up the bench account" >&2; exit 1; }
seq 1 "$SIGN_INS" | xargs -P 2 -I{} curl -s -o /dev/null -w '%{http_code}\n' \
  -H 'Content-Type: application/json' \
  -d "{\"name\":\"Load {}\",\"email\":\"load{}@example.com\",\"password\":\"$PASSWORD\",\"lawFirm\":\"Bench LLP\"}" \
  "http://$ADDR/api/auth/sign-up" | sort | uniq -c | grep -q "^ *$SIGN_INS 201$" \
  || { echo "could not sign up the $SIGN_INS sign-in accounts" >&2; exit 1; }
echo "litstack $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'), 1M bookings," \
  "$(nproc) cores, rss $(( $(rss_kb) / 1024 )) MB after start, wrk for $DURATION per line"

OUT=$(mktemp -d)
failures=0
row() { # label file
  read -r rps p50 p99 non2xx sock < <(wrk_summary "$2")
  printf '%-46s %9s req/s  p50 %8s ms  p99 %8s ms  non-2xx %s  socket errors %s  load %s\n' \
    "$1" "$rps" "$p50" "$p99" "$non2xx" "$sock" "$(loadavg)"
  if [ "$non2xx" != 0 ] || [ "$sock" != 0 ]; then failures=$((failures + 1)); fi
}

echo "== 32 connections, no pause"
for path in /api/trends /api/vendors /api/demo-bookings; do
  wrk -t2 -c32 -d"$DURATION" --latency -s "$LUA/session.lua" "http://$ADDR$path" > "$OUT/flood"
  row "GET $path" "$OUT/flood"
done

echo "== /api/trends, 32 connections pausing ${PACE_MS} ms, alone and during $SIGN_INS sign-ins"
PACE_MS=$PACE_MS wrk -t1 -c32 -d"$DURATION" --latency -s "$LUA/session.lua" \
  "http://$ADDR/api/trends" > "$OUT/alone"
row "GET /api/trends alone" "$OUT/alone"
wrk -t1 -c"$SIGN_INS" -d"$(( ${DURATION%s} + 2 ))s" --latency --timeout 10s -s "$LUA/sign-in.lua" \
  "http://$ADDR/" > "$OUT/sign-in" &
SIGNIN=$!
sleep 1 # the sign-ins start first and end after
PACE_MS=$PACE_MS wrk -t1 -c32 -d"$DURATION" --latency -s "$LUA/session.lua" \
  "http://$ADDR/api/trends" > "$OUT/pressed"
wait $SIGNIN
row "GET /api/trends during sign-ins" "$OUT/pressed"
row "POST /api/auth/sign-in ($SIGN_INS clients)" "$OUT/sign-in"
alone=$(wrk_summary "$OUT/alone" | cut -d' ' -f3)
pressed=$(wrk_summary "$OUT/pressed" | cut -d' ' -f3)
ratio=$(awk -v a="$alone" -v b="$pressed" 'BEGIN { printf "%.2f", b / a }')
echo "trends p99 during sign-ins / alone: $pressed / $alone ms = ${ratio}x (at most 2 allowed)"
echo "rss after the load: $(( $(rss_kb) / 1024 )) MB"
rm -rf "$OUT"
if awk -v r="$ratio" 'BEGIN { exit !(r > 2) }'; then
  echo "FAIL: sign-ins more than double the analytics p99" >&2; exit 1
fi
[ "$failures" = 0 ] || { echo "FAIL: $failures run(s) had errors" >&2; exit 1; }
echo "ok"
