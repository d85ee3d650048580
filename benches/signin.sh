#!/usr/bin/env bash
# Sign-in p99 of hub nodes against a redb install, rounds taken in turn: each binary given runs a
# hub node on its own empty database (PostgreSQL with fsync on, started by scripts/with-postgres.sh),
# the last one also a redb install; wrk -t1 -c4 posts one account's sign-in form to each for
# DURATION. Four sign-ins of one account at once are what a firm sharing a login does, and what
# once deadlocked on PostgreSQL: each round also counts the nodes' "deadlock detected" lines.
# Usage: ROUNDS=3 benches/signin.sh [OLD_BIN] NEW_BIN      (needs wrk: apt-get install -y wrk)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "${LITSTACK_TEST_DATABASE_URL:-}" ]; then
  PG_FSYNC=on exec bash "$ROOT/scripts/with-postgres.sh" bash "$0" "$@"
fi
[ $# -gt 0 ] || { echo "usage: benches/signin.sh [OLD_BIN] NEW_BIN" >&2; exit 2; }
command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk" >&2; exit 1; }
ROUNDS="${ROUNDS:-3}" DURATION="${DURATION:-10s}"
PASSWORD="plum-orbit-cascade-1947"
WORK="$(mktemp -d /tmp/litstack-signin.XXXXXX)"
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$WORK"' EXIT

# Starts a node and signs its account up; extra arguments go to `litstack serve`.
node() {
  local bin=$1 addr=$2 log=$3; shift 3
  RUST_LOG=warn "$bin" serve --addr "$addr" --no-sample-data "$@" >/dev/null 2>>"$log" &
  pids+=($!)
  until curl -s -o /dev/null "http://$addr/api/auth/me"; do sleep 0.01; done
  curl -s -o /dev/null -H 'Content-Type: application/json' \
    -d "{\"name\":\"Bench\",\"email\":\"admin@bench-law.com\",\"password\":\"$PASSWORD\",\"lawFirm\":\"Bench LLP\"}" \
    "http://$addr/api/auth/sign-up"
}
names=() addrs=() logs=() port=18220
for bin in "$@"; do
  port=$((port + 1)); db="signin_$port"
  psql -q "$LITSTACK_TEST_DATABASE_URL" -c "CREATE DATABASE $db"
  node "$bin" "127.0.0.1:$port" "$WORK/$port.log" --data-dir "$WORK/$port" \
    --database-url "${LITSTACK_TEST_DATABASE_URL/\/postgres\?/\/$db?}"
  names+=("hub $bin") addrs+=("127.0.0.1:$port") logs+=("$WORK/$port.log")
done
port=$((port + 1))
node "${!#}" "127.0.0.1:$port" "$WORK/$port.log" --data-dir "$WORK/$port"
names+=("redb ${!#}") addrs+=("127.0.0.1:$port") logs+=("$WORK/$port.log")

cat > "$WORK/signin.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"email":"admin@bench-law.com","password":"$PASSWORD"}'
LUA
echo "load $(cut -d' ' -f1 /proc/loadavg) before, $(nproc) cores, $(date -u +%F), wrk -t1 -c4 -d$DURATION"
for round in $(seq 1 "$ROUNDS"); do
  for i in "${!addrs[@]}"; do
    out=$(wrk -t1 -c4 -d"$DURATION" --latency -s "$WORK/signin.lua" "http://${addrs[$i]}/api/auth/sign-in")
    ! grep -q Non-2xx <<<"$out" || { echo "sign-ins refused by ${names[$i]}" >&2; exit 1; }
    echo "round $round | ${names[$i]} | $(awk '/^Requests\/sec:/ {print $2}' <<<"$out") sign-ins/s" \
      "| p50 $(awk '$1 == "50%" {print $2}' <<<"$out") | p99 $(awk '$1 == "99%" {print $2}' <<<"$out")" \
      "| deadlocks so far $(grep -c 'deadlock detected' "${logs[$i]}" || true)"
  done
done
echo "load $(cut -d' ' -f1 /proc/loadavg) after"
