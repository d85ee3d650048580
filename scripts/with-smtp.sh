#!/usr/bin/env bash
# Runs a command beside a real SMTP server on loopback (scripts/smtp-sink.py: aiosmtpd, every
# message written as JSON into a directory). The command sees LITSTACK_TEST_SMTP_URL
# (smtp://127.0.0.1:<port>) and LITSTACK_TEST_MAILDIR; the server and the directory go when it ends.
# The pinned aiosmtpd (scripts/smtp-sink-requirements.txt) lives in target/smtp-sink-venv.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${CARGO_TARGET_DIR:-target}"
venv="$target/smtp-sink-venv"
requirements=scripts/smtp-sink-requirements.txt
if [[ ! -x "$venv/bin/python" ]] || ! cmp -s "$requirements" "$venv/requirements.txt"; then
  echo "with-smtp: installing aiosmtpd into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes -r "$requirements"
  cp "$requirements" "$venv/requirements.txt"
fi

dir="$(mktemp -d /tmp/litstack-smtp.XXXXXX)"
"$venv/bin/python" scripts/smtp-sink.py "$dir/mail" "$dir/port" 2>"$dir/log" &
sink=$!
stop() {
  kill "$sink" 2>/dev/null || true
  wait "$sink" 2>/dev/null || true
  rm -rf "$dir"
}
trap stop EXIT
for _ in $(seq 1 100); do
  [ -s "$dir/port" ] && break
  if ! kill -0 "$sink" 2>/dev/null; then
    echo "with-smtp: the SMTP sink did not start:" >&2
    cat "$dir/log" >&2
    exit 1
  fi
  sleep 0.1
done
[ -s "$dir/port" ] || { echo "with-smtp: the SMTP sink did not start in 10 s" >&2; exit 1; }

export LITSTACK_TEST_SMTP_URL="smtp://127.0.0.1:$(cat "$dir/port")"
export LITSTACK_TEST_MAILDIR="$dir/mail"
"$@"
