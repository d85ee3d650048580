#!/usr/bin/env bash
# Memory soak with 1M bookings: a mixed wrk load (trends under varied filters, vendors, demo
# bookings) for DURATION (10m by default) while the server's resident memory is sampled every
# SAMPLE seconds. Prints start, peak and end RSS and the drift of the end against the RSS after
# the first BASELINE seconds of load (60); fails when the drift is over 10%.
# Usage: benches/soak.sh   (outside CI; DURATION=30s SAMPLE=2 BASELINE=10 for a quick check)
set -euo pipefail
source "$(dirname "$0")/load-common.sh"
DURATION="$(secs "${DURATION:-10m}")"
SAMPLE="${SAMPLE:-10}"
BASELINE="${BASELINE:-60}"
ADDR="${ADDR:-127.0.0.1:18082}"
[ "$BASELINE" -lt "$DURATION" ] || { echo "BASELINE must be shorter than DURATION" >&2; exit 1; }
need
start_server "$ADDR"
export COOKIE
COOKIE=$(sign_up "$ADDR" "Soak Admin" "soak-admin@example.com")
[ -n "$COOKIE" ] || { echo "could not sign up the bench account" >&2; exit 1; }

# 24 trends filters (states, metros, firm sizes, date windows and mixes of them), the vendor
# list in its sort orders and pages of demo bookings.
paths=(
  "/api/trends"
  "/api/trends?state=CA"
  "/api/trends?state=TX&firmSize=SOLO"
  "/api/trends?state=NY&start=2025-01-01&end=2025-06-30"
  "/api/trends?firmSize=E6_20"
  "/api/trends?firmSize=E200P&start=2026-01-01"
  "/api/trends?dma=Los%20Angeles"
  "/api/trends?dma=Miami-Ft.%20Lauderdale&firmSize=E2_5"
  "/api/trends?start=2024-07-01&end=2024-12-31"
  "/api/trends?state=FL&dma=Miami-Ft.%20Lauderdale"
  "/api/trends?state=ND"
  "/api/trends?state=WA&firmSize=E21_50&start=2025-03-01&end=2026-03-01"
  "/api/trends?end=2025-01-15"
  "/api/trends?state=IL&start=2026-06-01"
  "/api/trends?firmSize=E51_200&end=2024-09-30"
  "/api/trends?state=GA&firmSize=E6_20"
  "/api/trends?dma=Fargo-Valley%20City"
  "/api/trends?state=OH&start=2025-07-01&end=2025-07-31"
  "/api/trends?state=AZ"
  "/api/trends?firmSize=SOLO&start=2025-11-01&end=2026-02-28"
  "/api/trends?state=CA&firmSize=E2_5&end=2025-05-05"
  "/api/trends?state=PA&start=2024-08-15"
  "/api/trends?dma=Los%20Angeles&firmSize=SOLO"
  "/api/trends?state=MA&end=2026-06-30"
  "/api/vendors"
  "/api/vendors?sort=name_desc"
  "/api/vendors?sort=partner_first"
  "/api/vendors?page=2&pageSize=10"
  "/api/vendors?q=case"
  "/api/demo-bookings"
  "/api/demo-bookings?state=CA&limit=50"
  "/api/demo-bookings?offset=500&limit=100"
  "/api/demo-bookings?firmSize=SOLO&start=2025-01-01"
  "/api/demo-bookings?dma=Los%20Angeles"
  "/api/demo-bookings/cities?state=TX"
)
for p in "${paths[@]}"; do # every path must answer 200 before the soak means anything
  code=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: litstack_session=$COOKIE" "http://$ADDR$p")
  [ "$code" = 200 ] || { echo "GET $p answered $code" >&2; exit 1; }
done

start_rss=$(rss_kb)
echo "soak: ${DURATION}s of mixed load over ${#paths[@]} paths, 32 connections; start rss" \
  "$(( start_rss / 1024 )) MB; load $(loadavg)"
OUT=$(mktemp)
wrk -t2 -c32 -d"${DURATION}s" --latency -s "$LUA/session.lua" "http://$ADDR/" -- "${paths[@]}" \
  > "$OUT" &
WRK=$!
began=$(date +%s); base_rss=""; peak=$start_rss
while kill -0 $WRK 2>/dev/null; do
  sleep "$SAMPLE"
  kill -0 $WRK 2>/dev/null || break
  now=$(rss_kb); t=$(( $(date +%s) - began ))
  [ "$now" -gt "$peak" ] && peak=$now
  [ -z "$base_rss" ] && [ "$t" -ge "$BASELINE" ] && base_rss=$now
  echo "  t=${t}s rss $(( now / 1024 )) MB  load $(loadavg)"
done
wait $WRK
end_rss=$(rss_kb)
[ "$end_rss" -gt "$peak" ] && peak=$end_rss
base_rss=${base_rss:-$end_rss}
read -r rps p50 p99 non2xx sock < <(wrk_summary "$OUT")
rm -f "$OUT"
drift=$(awk -v b="$base_rss" -v e="$end_rss" 'BEGIN { printf "%.1f", (e - b) * 100 / b }')
echo "requests: $rps req/s, p50 $p50 ms, p99 $p99 ms, non-2xx $non2xx, socket errors $sock"
echo "rss: start $(( start_rss / 1024 )) MB, after ${BASELINE}s $(( base_rss / 1024 )) MB," \
  "peak $(( peak / 1024 )) MB, end $(( end_rss / 1024 )) MB; drift ${drift}% (at most 10% allowed)"
echo "load $(loadavg)"
[ "$non2xx" = 0 ] && [ "$sock" = 0 ] || { echo "FAIL: errors during the soak" >&2; exit 1; }
if awk -v d="$drift" 'BEGIN { exit !(d > 10) }'; then
  echo "FAIL: resident memory drifted more than 10%" >&2; exit 1
fi
echo "ok"
