#!/usr/bin/env bash
# schemathesis against the API description the server serves (/api/openapi.json), signed in as the
# first (admin) account: it generates valid and invalid requests for every operation and fails on
# a server error, a status or response body the document does not describe, or invalid input the
# server accepted.
#
# Needs a built binary: target/debug/litstack (what `cargo test` builds), or LITSTACK_BIN.
# Knobs: API_FUZZ_EXAMPLES (examples per operation, default 30), API_FUZZ_SEED (default 1).
# The venv with the pinned schemathesis (scripts/api-fuzz-requirements.txt) lives in
# target/api-fuzz-venv and is reinstalled only when that file changes.
set -euo pipefail
cd "$(dirname "$0")/.."

root="$PWD"
target="${CARGO_TARGET_DIR:-target}"
case "$target" in /*) ;; *) target="$root/$target" ;; esac
bin="${LITSTACK_BIN:-$target/debug/litstack}"
venv="$target/api-fuzz-venv"
requirements=scripts/api-fuzz-requirements.txt
examples="${API_FUZZ_EXAMPLES:-30}"
seed="${API_FUZZ_SEED:-1}"

if [[ ! -x "$bin" ]]; then
  echo "api-fuzz: no binary at $bin; run cargo build (or set LITSTACK_BIN)" >&2
  exit 1
fi

if [[ ! -x "$venv/bin/schemathesis" ]] || ! cmp -s "$requirements" "$venv/requirements.txt"; then
  echo "api-fuzz: installing schemathesis into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$venv/requirements.txt"
fi
py="$venv/bin/python"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# A small deterministic booking set, so trends and lists answer with real rows.
"$bin" gen-bookings --rows 400 --seed 7 --out "$work/bookings.csv" >/dev/null
"$bin" import bookings "$work/bookings.csv" --data-dir "$work/data" >"$work/import.log" 2>&1

port="$("$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"
"$bin" serve --addr "127.0.0.1:$port" --data-dir "$work/data" --no-sample-data \
  >"$work/server.log" 2>&1 &
server_pid=$!

# Wait for the server, then sign up the first account (the admin) and keep its session cookie.
token="$(BASE="$base" "$py" - <<'PY'
import json, os, secrets, sys, time, urllib.request, urllib.error

base = os.environ["BASE"]
for _ in range(150):
    try:
        urllib.request.urlopen(base + "/api/auth/setup", timeout=1)
        break
    except OSError:
        time.sleep(0.2)
else:
    sys.exit("api-fuzz: the server did not start")
body = json.dumps({
    "name": "Fuzz Admin",
    "email": "fuzz-admin@example.com",
    "password": "fuzz " + secrets.token_hex(12),
    "lawFirm": "Fuzz LLP",
    "firmSize": "E6_20",
}).encode()
req = urllib.request.Request(base + "/api/auth/sign-up", data=body, method="POST", headers={
    "Content-Type": "application/json", "Origin": base})
with urllib.request.urlopen(req, timeout=30) as res:
    for header in res.headers.get_all("Set-Cookie") or []:
        name, _, rest = header.partition("=")
        if name == "litstack_session":
            print(rest.split(";")[0])
            break
    else:
        sys.exit("api-fuzz: sign-up set no session cookie")
PY
)"

export LITSTACK_FUZZ_SESSION="$token"
# Bodies schemathesis cannot make by itself (the firm import's zip): scripts/api_fuzz_hooks.py.
export PYTHONPATH="$root/scripts${PYTHONPATH:+:$PYTHONPATH}"
export SCHEMATHESIS_HOOKS=api_fuzz_hooks
# schemathesis keeps its cache (for `st replay`) in the working directory: keep it in target/.
reports="$target/api-fuzz"
rm -rf "$reports"
mkdir -p "$reports"
run() {
  local name="$1"
  shift
  (cd "$reports" && "$venv/bin/schemathesis" --config-file "$root/scripts/api-fuzz.toml" \
    run "$base/api/openapi.json" \
    --header "Origin: $base" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,negative_data_rejection,unsupported_method,ignored_auth \
    --max-examples "$examples" \
    --seed "$seed" \
    --generation-database none \
    --request-timeout 30 \
    --no-color \
    --report har --report-har-path "$name.har" \
    "$@")
}

start=$SECONDS
status=0
# Everything but sign-out, which would end the session the rest of the run uses: it runs last,
# on its own.
run main --exclude-path /api/auth/sign-out || status=$?
run sign-out --include-path /api/auth/sign-out || status=$?
requests="$("$py" -c 'import json, sys; print(sum(len(json.load(open(f))["log"]["entries"]) for f in sys.argv[1:]))' "$reports"/*.har)"
echo "api-fuzz: schemathesis sent $requests requests in $((SECONDS - start)) s (exchanges in $reports/*.har)"

if grep -q "panicked" "$work/server.log"; then
  echo "api-fuzz: the server panicked:" >&2
  grep -A5 "panicked" "$work/server.log" >&2
  status=1
fi
exit "$status"
