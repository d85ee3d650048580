# Shared by load-all.sh and soak.sh (sourced, not run): the release binary, the 1M-row data
# directory, a server on a throwaway copy of it, a signed-in session and wrk summaries.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="$TARGET/release/litstack"
CSV="$TARGET/bench-data/bookings-1m.csv"
# The imported 1M bookings; never served, every run serves a fresh copy so runs do not pile up
# accounts and sessions.
PRISTINE="$TARGET/bench-data/load-pristine"
PASSWORD="plum-orbit-cascade-1947"
LUA="$ROOT/benches/lua"

need() {
  [ -x "$BIN" ] || { echo "build first: LITSTACK_SKIP_WEB_BUILD=1 cargo build --release" >&2; exit 1; }
  command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk" >&2; exit 1; }
  [ -f "$CSV" ] || "$BIN" gen-bookings --rows 1000000 --seed 42 --end 2026-06-30 --out "$CSV"
  if [ ! -f "$PRISTINE/litstack.redb" ]; then
    echo "importing the 1M-row file into $PRISTINE (once)"
    RUST_LOG=warn "$BIN" import bookings "$CSV" --data-dir "$PRISTINE"
  fi
}

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }

# start_server ADDR [serve flags...]: serves a copy of the pristine data; sets PID and RUN_DIR.
start_server() {
  local addr=$1; shift
  RUN_DIR=$(mktemp -d)
  cp -a "$PRISTINE/." "$RUN_DIR/"
  "$BIN" serve --addr "$addr" --data-dir "$RUN_DIR" --no-sample-data "$@" >/dev/null 2>&1 &
  PID=$!
  trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null; rm -rf "$RUN_DIR"' EXIT
  local tries=0
  until curl -s -o /dev/null "http://$addr/api/auth/setup"; do
    sleep 0.05; tries=$((tries + 1))
    [ $tries -lt 600 ] || { echo "the server did not answer on $addr" >&2; exit 1; }
  done
}

rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$PID/status"; }

# sign_up ADDR NAME EMAIL: creates the account and prints its session token.
sign_up() {
  local jar; jar=$(mktemp)
  curl -s -o /dev/null -c "$jar" -H 'Content-Type: application/json' \
    -d "{\"name\":\"$2\",\"email\":\"$3\",\"password\":\"$PASSWORD\",\"lawFirm\":\"Bench LLP\"}" \
    "http://$1/api/auth/sign-up"
  awk '/litstack_session/ {print $7}' "$jar"; rm -f "$jar"
}

# to_ms "12.5ms" -> 12.5 (wrk prints us, ms, s or m).
to_ms() {
  awk -v v="$1" 'BEGIN {
    n = v + 0; u = v; sub(/^[0-9.]+/, "", u)
    if (u == "us") n /= 1000; else if (u == "s") n *= 1000; else if (u == "m") n *= 60000
    printf "%.2f", n }'
}

# wrk_summary FILE: "req/s p50_ms p99_ms non2xx socket_errors" from a `wrk --latency` output.
wrk_summary() {
  local f=$1 rps p50 p99 non2xx sock
  rps=$(awk '/^Requests\/sec:/ {print $2}' "$f")
  p50=$(to_ms "$(awk '$1 == "50%" {print $2}' "$f")")
  p99=$(to_ms "$(awk '$1 == "99%" {print $2}' "$f")")
  non2xx=$(awk '/Non-2xx or 3xx responses:/ {print $NF}' "$f")
  sock=$(awk '/Socket errors:/ {gsub(",", ""); print $4 + $6 + $8 + $10}' "$f")
  echo "${rps:-0} $p50 $p99 ${non2xx:-0} ${sock:-0}"
}

# secs "10m" -> 600 (also "60s" and "60").
secs() {
  case $1 in
    *m) echo $(( ${1%m} * 60 )) ;;
    *s) echo "${1%s}" ;;
    *) echo "$1" ;;
  esac
}
