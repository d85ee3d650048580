#!/usr/bin/env bash
# What the test command needs beyond the Rust and Node.js toolchains, installed from Debian's
# packages where missing: Chromium (browser tests), poppler-utils (the brief's PDF check),
# python3-venv (schemathesis and the test SMTP server) and PostgreSQL (hub mode's tests).
# scripts/test.sh runs this first; it changes nothing when all of it is there.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium fonts-liberation)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
# Debian splits venv (and ensurepip) out of python3.
if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' >/dev/null 2>&1; then
  missing+=(python3-venv)
fi
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  missing+=(postgresql)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need these Debian packages, which are missing: ${missing[*]}" >&2
  echo "Install them (as root: apt-get install ${missing[*]}) and run the tests again." >&2
  exit 1
fi
echo "Installing what the tests need: ${missing[*]}..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
