#!/usr/bin/env bash
# Parses an .ics file with the `icalendar` package from PyPI (scripts/ics-check.py) and prints its
# events as JSON; fails when the file is not a valid RFC 5545 calendar. The API tests and the browser
# test run it on what the server sends. The pinned icalendar (scripts/ics-check-requirements.txt)
# lives in target/ics-check-venv.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${CARGO_TARGET_DIR:-target}"
venv="$target/ics-check-venv"
requirements=scripts/ics-check-requirements.txt
installed() { [[ -x "$venv/bin/python" ]] && cmp -s "$requirements" "$venv/requirements.txt"; }
if ! installed; then
  # The tests run in parallel: the first one installs while the others wait on the lock, then
  # find the venv ready (a second install into the same directory breaks the first one's pip).
  mkdir -p "$target"
  exec 9>"$target/ics-check-venv.lock"
  flock 9
  if ! installed; then
    echo "ics-check: installing icalendar into $venv" >&2
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes -r "$requirements"
    cp "$requirements" "$venv/requirements.txt"
  fi
  exec 9>&-
fi
exec "$venv/bin/python" scripts/ics-check.py "$@"
