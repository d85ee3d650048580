#!/usr/bin/env bash
# Spawn to first answer, resident and anonymous memory (RssAnon: the process's own, not the
# snapshot's mapped pages) 1 s later, for one or more binaries in turn on their
# own data directories (each already holding its snapshot: start each once first); then the
# graceful stop (SIGTERM) to exit, and whether it left the redb file's recovery flag set (the next
# start then repairs the file before it answers).
# BUSY=N runs N busy loops beside the server from 1 s before its stop to 3 s after (a machine with
# other work: at 100M, before the server closed its file itself, such stops left it for repair).
# Usage: ROUNDS=5 benches/start.sh BIN:DATA_DIR [BIN:DATA_DIR ...]
# e.g.   benches/start.sh /tmp/old/litstack:target/bench-data/old-10m target/release/litstack:target/bench-data/scale-10m
set -euo pipefail
ROUNDS="${ROUNDS:-5}" BUSY="${BUSY:-0}"
ADDR=127.0.0.1:18190
[ $# -gt 0 ] || { echo "usage: benches/start.sh BIN:DATA_DIR ..." >&2; exit 2; }
once() {
  local bin=$1 data=$2 start pid ms rss
  start=$(date +%s%N)
  RUST_LOG=warn "$bin" serve --addr "$ADDR" --data-dir "$data" --no-sample-data >/dev/null 2>&1 &
  pid=$!
  until curl -s -o /dev/null "http://$ADDR/api/auth/me"; do sleep 0.002; done
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  sleep 1
  rss=$(awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$pid/status")
  anon=$(awk '/RssAnon/ {printf "%.0f", $2 / 1024}' "/proc/$pid/status")
  for _ in $(seq 1 "$BUSY"); do timeout 4 sh -c 'while :; do :; done' & done
  [ "$BUSY" -eq 0 ] || sleep 1
  start=$(date +%s%N)
  kill "$pid"; wait "$pid" 2>/dev/null || true
  stop=$(( ($(date +%s%N) - start) / 1000000 ))
  # redb's header: the byte after the 9-byte magic number, bit 2 "recovery required".
  flag="no redb file"
  [ ! -f "$data/litstack.redb" ] ||
    flag=$(python3 -c 'import sys; print("left for repair" if open(sys.argv[1], "rb").read(10)[9] & 2 else "clean")' "$data/litstack.redb")
  [ "$BUSY" -eq 0 ] || { wait; sleep 1; }
  echo "$ms ms, $rss MB (anonymous $anon MB), stopped in $stop ms, $flag"
}
echo "load $(cut -d' ' -f1 /proc/loadavg) before, $(nproc) cores, $(date -u +%F)"
for round in $(seq 1 "$ROUNDS"); do
  line="round $round"
  for pair in "$@"; do
    line+=" | ${pair%%:*}: $(once "${pair%%:*}" "${pair#*:}")"
  done
  echo "$line"
done
echo "load $(cut -d' ' -f1 /proc/loadavg) after"
