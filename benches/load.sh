#!/usr/bin/env bash
# Loopback load test of GET /api/trends with wrk, over the 1M-row bench file, once as a client
# that takes plain JSON and once as a browser does (Accept-Encoding: gzip); also prints the
# start-up time (spawn to first answer) and the resident memory with 1M bookings loaded.
# Usage: benches/load.sh   (needs target/release/litstack and wrk: apt-get install -y wrk)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="$ROOT/target/release/litstack"
CSV="$ROOT/target/bench-data/bookings-1m.csv"
DATA="$ROOT/target/bench-data/load-data"
ADDR=127.0.0.1:18080
DURATION="${DURATION:-20s}"
CONNECTIONS="${CONNECTIONS:-32}"

[ -x "$BIN" ] || { echo "build first: LITSTACK_SKIP_WEB_BUILD=1 cargo build --release" >&2; exit 1; }
[ -f "$CSV" ] || "$BIN" gen-bookings --rows 1000000 --seed 42 --end 2026-06-30 --out "$CSV"
if [ ! -f "$DATA/litstack.redb" ]; then
  /usr/bin/time -f "import: %e s, max RSS %M KB" "$BIN" import bookings "$CSV" --data-dir "$DATA"
fi

start=$(date +%s%N)
"$BIN" serve --addr "$ADDR" --data-dir "$DATA" --no-sample-data 2>/dev/null &
PID=$!
trap 'kill $PID 2>/dev/null' EXIT
until curl -s -o /dev/null "http://$ADDR/api/auth/me"; do sleep 0.005; done
ready=$(date +%s%N)
echo "start-up with 1M bookings: $(( (ready - start) / 1000000 )) ms to the first answer"
echo "resident memory: $(grep VmRSS /proc/$PID/status | awk '{print $2/1024 " MB"}')"

JAR=$(mktemp)
body='{"name":"Load Test","email":"load@example.com","password":"load-test-password-7Qx","lawFirm":"Bench"}'
curl -s -o /dev/null -c "$JAR" -H 'Content-Type: application/json' -d "$body" "http://$ADDR/api/auth/sign-up"
if ! grep -q litstack_session "$JAR"; then
  curl -s -o /dev/null -c "$JAR" -H 'Content-Type: application/json' \
    -d '{"email":"load@example.com","password":"load-test-password-7Qx"}' "http://$ADDR/api/auth/sign-in"
fi
COOKIE=$(awk '/litstack_session/ {print $7}' "$JAR")
rm -f "$JAR"
[ -n "$COOKIE" ] || { echo "could not sign up or sign in the load-test account" >&2; exit 1; }

for path in "/api/trends" "/api/trends?state=CA&firmSize=SOLO"; do
  for encoding in identity gzip; do
    size=$(curl -s -H "Cookie: litstack_session=$COOKIE" -H "Accept-Encoding: $encoding" "http://$ADDR$path" | wc -c)
    echo "== GET $path, Accept-Encoding: $encoding ($size bytes), $CONNECTIONS connections"
    wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -H "Cookie: litstack_session=$COOKIE" \
      -H "Accept-Encoding: $encoding" "http://$ADDR$path" \
      | grep -E "Requests/sec|Latency|50%|90%|99%|requests in|Non-2xx|Socket errors"
    echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  done
done
echo "resident memory after the load: $(grep VmRSS /proc/$PID/status | awk '{print $2/1024 " MB"}')"
