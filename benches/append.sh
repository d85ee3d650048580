#!/usr/bin/env bash
# A day's export of 10,000 new bookings imported through the import route into an install of N
# million (default 10): the time from the upload to the answer, the server's resident memory before,
# its peak (VmHWM reset just before the upload) up to the answer and again once the snapshot the
# import writes after its answer is written, the resident size then, and that the trends count the
# new rows. Each run imports into a fresh copy of the install, so
# runs compare. Prints one markdown table.
# KIND=late imports instead 10,000 rows with fresh ids whose days fall among the stored rows' (a
# re-sent or corrected export, an office's late rows): `gen-bookings --seed 9` over the scale
# file's dates.
# KIND=compaction imports, one after the other and GAP seconds apart (default 3), UPLOADS files
# (default 9: `lifecycle::MOST_RUNS` + 1) of 1,000 rows among the stored days each
# (`gen-bookings --seed 21...`, fresh ids): the eighth leaves more runs than an index keeps and
# starts a compaction, which the ninth arrives during. Prints every upload's time, the peak over
# them all, and the compaction's log line.
# The column "replaced snapshots mapped" is the size of the snapshot files renamed over that the
# server still maps once the import's own snapshot is written (space the disk does not get back).
# TRIM=1 adds the resident size after glibc's malloc_trim(0), called in the server through gdb once
# the snapshot is written: what the allocator holds free, told apart from what the index holds.
# RUST_LOG=litstack=debug keeps the servers' logs (the import's phases) in
# target/bench-data/append-server.log; PERF=FILE records the server during each upload with
# `perf record -g` into FILE (the last run's).
# Usage: benches/append.sh [BIN ...]   (default: the release binary; builds it when missing)
#   SCALE=10 RUNS=3 benches/append.sh /path/to/old/litstack target/release/litstack
#   KIND=late SCALE=10 RUNS=3 benches/append.sh target/release/litstack
# The install is target/bench-data/scale-${SCALE}m (as benches/scale.sh makes it, imported here
# when missing); the day's file is the 10,000 rows of `gen-bookings --seed 8` moved to
# 2026-07-01, the day after the scale files end.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
DATA_ROOT="$TARGET/bench-data"
SCALE="${SCALE:-10}" RUNS="${RUNS:-3}" KIND="${KIND:-day}" TRIM="${TRIM:-0}"
UPLOADS="${UPLOADS:-9}" GAP="${GAP:-3}"
ADDR=127.0.0.1:18095
PASSWORD="plum-orbit-cascade-1947"
# The compaction's log line is at info.
[ "$KIND" = compaction ] && default_log=litstack=info || default_log=warn
export LITSTACK_SKIP_WEB_BUILD=1 RUST_LOG="${RUST_LOG:-$default_log}"

BINS=("$@")
if [ ${#BINS[@]} -eq 0 ]; then
  (cd "$ROOT" && cargo build --release --bin litstack --quiet)
  BINS=("$TARGET/release/litstack")
fi
mkdir -p "$DATA_ROOT"
csv="$DATA_ROOT/scale-${SCALE}m.csv"
install="$DATA_ROOT/scale-${SCALE}m"
case "$KIND" in
  day) files=("$DATA_ROOT/append-10k.csv") ;;
  late) files=("$DATA_ROOT/late-10k.csv") ;;
  compaction) files=(); for k in $(seq 1 "$UPLOADS"); do files+=("$DATA_ROOT/late-1k-$k.csv"); done ;;
  *) echo "append.sh: KIND is day, late or compaction, not $KIND" >&2; exit 2 ;;
esac
[ -f "$csv" ] || "${BINS[0]}" gen-bookings --rows "${SCALE}000000" --seed 7 --end 2026-06-30 --out "$csv"
[ -f "$install/litstack.redb" ] || "${BINS[0]}" import bookings "$csv" --data-dir "$install" >/dev/null
# The day's rows are moved to 2026-07-01, after every stored one, with ids `day-N`; the late rows
# keep their days among the stored ones, with fresh ids `late-N` (`late{k}-N` for the k-th file of
# a compaction run).
for k in "${!files[@]}"; do
  file=${files[$k]}
  [ -f "$file" ] && continue
  case "$KIND" in
    day) seed=8 rows=10000 prefix=day ;;
    late) seed=9 rows=10000 prefix=late ;;
    compaction) seed=$((21 + k)) rows=1000 prefix="late$((k + 1))" ;;
  esac
  "${BINS[0]}" gen-bookings --rows "$rows" --seed "$seed" --end 2026-06-30 --out "$file.tmp"
  python3 - "$file.tmp" "$file" "$prefix" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
prefix = sys.argv[3]
out = csv.writer(open(sys.argv[2], "w", newline=""), lineterminator="\n")
out.writerow(rows[0])
for i, r in enumerate(rows[1:]):
    r[0] = f"{prefix}-{i + 1}"
    if prefix == "day":
        s = i * 86400 // (len(rows) - 1)
        r[1] = f"2026-07-01T{s // 3600:02d}:{s % 3600 // 60:02d}:{s % 60:02d}Z"
    out.writerow(r)
PY
  rm -f "$file.tmp"
done

LOG="$DATA_ROOT/append-server.log"
: > "$LOG"
kb() { awk -v k="$2:" '$1 == k {printf "%.0f", $2 / 1024}' "/proc/$1/status"; }
# The snapshot files a newer one was renamed over that the server still maps, in MB: their space
# stays taken on the disk while an index reads its columns there.
held() { python3 -c 'import sys; print(round(sum(int(b, 16) - int(a, 16) for a, b in (l.split()[0].split("-") for l in open(sys.argv[1]) if l.rstrip().endswith("bookings.idx (deleted)"))) / 1048576))' "/proc/$1/maps"; }
total() { curl -s -H "Cookie: litstack_session=$1" "http://$ADDR/api/trends" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'; }

# Each binary starts from its own copy of the install, whose snapshot it wrote at a first start.
for i in "${!BINS[@]}"; do
  base="$DATA_ROOT/append-base-$i"
  rm -rf "$base" && cp -a "$install" "$base"
  "${BINS[$i]}" serve --addr "$ADDR" --data-dir "$base" --no-sample-data >/dev/null 2>>"$LOG" &
  pid=$!
  until curl -s -o /dev/null "http://$ADDR/api/auth/me"; do sleep 0.05; done
  kill $pid; wait $pid 2>/dev/null || true
done

lines=()
for run in $(seq 1 "$RUNS"); do
  for i in "${!BINS[@]}"; do
    bin=${BINS[$i]}
    work="$DATA_ROOT/append-run"
    rm -rf "$work" && cp -a "$DATA_ROOT/append-base-$i" "$work"
    "$bin" serve --addr "$ADDR" --data-dir "$work" --no-sample-data >/dev/null 2>>"$LOG" &
    pid=$!
    trap 'kill $pid 2>/dev/null' EXIT
    until curl -s -o /dev/null "http://$ADDR/api/auth/me"; do sleep 0.01; done
    jar=$(mktemp)
    curl -s -o /dev/null -c "$jar" -H 'Content-Type: application/json' \
      -d "{\"name\":\"Append\",\"email\":\"append@example.com\",\"password\":\"$PASSWORD\",\"lawFirm\":\"Bench LLP\"}" \
      "http://$ADDR/api/auth/sign-up"
    cookie=$(awk '/litstack_session/ {print $7}' "$jar"); rm -f "$jar"
    before_total=$(total "$cookie")
    # A running install has no gigabyte of fresh copy, nor the run before's snapshot, waiting to
    # be written back to disk while it imports.
    sync
    sleep 1
    rss_before=$(kb $pid VmRSS)
    echo 5 > "/proc/$pid/clear_refs"   # resets VmHWM: the peak of the import alone
    if [ -n "${PERF:-}" ]; then
      perf record -q -F 1999 -g -o "$PERF" -p $pid >/dev/null 2>&1 &
      perf_pid=$!
      sleep 0.5
    fi
    times=()
    for k in "${!files[@]}"; do
      [ "$k" = 0 ] || sleep "$GAP"
      answer=$(curl -s -o "$DATA_ROOT/append-answer.json" -w '%{time_total} %{time_pretransfer}' \
        -H "Cookie: litstack_session=$cookie" -H "Origin: http://$ADDR" \
        -F "file=@${files[$k]};type=text/csv" "http://$ADDR/api/admin/demo-bookings/import")
      times+=("$(awk '{printf "%.0f", ($1 - $2) * 1000}' <<<"$answer")")
    done
    peak=$(kb $pid VmHWM)
    [ -z "${PERF:-}" ] || { kill -INT $perf_pid; wait $perf_pid || true; }
    after_total=$(total "$cookie")
    # The snapshot is written after the answer: wait for it before reading the resident size
    # (and for the compaction, with its own snapshot, first).
    if [ "$KIND" = compaction ]; then
      for _ in $(seq 1 600); do grep -q 'sorted into one' "$LOG" && break; sleep 0.1; done
    fi
    sleep 3
    rss_after=$(kb $pid VmRSS)
    peak_all=$(kb $pid VmHWM)
    held_after=$(held $pid)
    anon_after=$(kb $pid RssAnon)
    trimmed=""
    if [ "$TRIM" = 1 ]; then
      gdb -p $pid -batch -ex 'call (int) malloc_trim(0)' >/dev/null 2>&1
      trimmed=" | $(kb $pid VmRSS) MB"
    fi
    kill $pid; wait $pid 2>/dev/null || true
    trap - EXIT
    ms=$(IFS=/; echo "${times[*]}" | sed 's|/| / |g')
    if [ "$KIND" = compaction ]; then
      compacted=$(grep 'sorted into one' "$LOG" | tail -1 | grep -o '[a-z_]*ms=[0-9]*' | tr '\n' ' ')
      ms="$ms (compaction: ${compacted:-none})"
      : > "$LOG"
    fi
    lines+=("| $run | ${bin#"$ROOT"/} | ${ms} ms | ${rss_before} MB | ${peak} MB | ${peak_all} MB | ${rss_after} MB${trimmed} | ${anon_after} MB | ${held_after} MB | ${before_total} → ${after_total} | $(cut -d' ' -f1 /proc/loadavg) |")
  done
done
rm -rf "$DATA_ROOT/append-run" "$DATA_ROOT"/append-base-*
echo
case "$KIND" in
  day) what="a day's 10,000 rows" ;;
  late) what="10,000 rows among the stored days" ;;
  compaction) what="$UPLOADS imports of 1,000 rows among the stored days, ${GAP} s apart," ;;
esac
echo "$what into ${SCALE}M, commit $(git -C "$ROOT" rev-parse --short HEAD), $(nproc) cores, $(date -u +%F)."
echo
if [ "$TRIM" = 1 ]; then
  echo "| run | binary | upload to answer | RSS before | peak to the answer | peak with the snapshot | RSS after | after malloc_trim | RssAnon after | replaced snapshots mapped | trends total | load |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|"
else
  echo "| run | binary | upload to answer | RSS before | peak to the answer | peak with the snapshot | RSS after | RssAnon after | replaced snapshots mapped | trends total | load |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|"
fi
printf '%s\n' "${lines[@]}"
