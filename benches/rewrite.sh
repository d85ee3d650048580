#!/usr/bin/env bash
# The pause of the file rewrite that ends a firm's deletion on redb (writes wait for it; reads go
# on): a firm with a planted note is deleted beside DATA_DIR's bookings, and the server's log line
# "the database file was rewritten ..." gives its elapsed_ms; then the note is looked for in the file.
# Sign-ups count 20 an hour per client address: a few runs an hour on one machine.
# Usage: benches/rewrite.sh BIN DATA_DIR   (DATA_DIR holding bookings, e.g. from
#   BIN gen-bookings --rows 10000000 --out b.csv && BIN import bookings b.csv --data-dir DATA_DIR)
set -euo pipefail
bin=$1 data=$2 addr=127.0.0.1:18311 log=$(mktemp) pid=
start() {
  "$bin" serve --addr "$addr" --data-dir "$data" --no-sample-data --firm-deletion-days 0 >>"$log" 2>&1 &
  pid=$!
  until curl -s -o /dev/null "http://$addr/api/auth/me"; do sleep 0.05; done
}
trap 'kill $pid 2>/dev/null || true; rm -f "$log" /tmp/rewrite-bench.cookie' EXIT
start
post() { curl -s -H content-type:application/json -H "origin:http://$addr" -b /tmp/rewrite-bench.cookie -c /tmp/rewrite-bench.cookie -X "$1" "http://$addr$2" -d "$3" >/dev/null; }
rm -f /tmp/rewrite-bench.cookie
# The install's operator first (its firm is never deleted), then the firm that goes.
post POST /api/auth/sign-up '{"name":"Olga Operator","email":"olga@install.test","password":"a-long-passphrase-42","lawFirm":"Install LLP","firmSize":"E6_20"}'
rm -f /tmp/rewrite-bench.cookie
email="ann.$(date +%s%N)@doe-law.com"
post POST /api/auth/sign-up "{\"name\":\"Ann Doe\",\"email\":\"$email\",\"password\":\"a-long-passphrase-42\",\"lawFirm\":\"Doe LLP\",\"firmSize\":\"E6_20\"}"
post PUT /api/shortlist/11 '{"status":"Considering","note":"SNTL-rewrite-note"}'
post POST /api/firm/deletion '{}'
# Due at once (--firm-deletion-days 0): the deletion task's pass at the next start takes it.
kill "$pid"; wait "$pid" || true
start
# Each deletion the pass ran ends with its rewrite (or says it could not).
sleep 0.5
until [ "$(grep -c 'database file was rewritten\|could not be rewritten' "$log")" -ge \
        "$(grep -c 'a firm was deleted' "$log")" ]; do sleep 0.1; done
echo "load $(cut -d' ' -f1 /proc/loadavg), $(du -m "$data/litstack.redb" | cut -f1) MB: $(grep -o 'rows=[0-9]* elapsed_ms=[0-9]*' "$log" | tail -1)"
if grep -q SNTL-rewrite-note "$data/litstack.redb"; then echo "the deleted note is still in the file"; exit 1; fi
