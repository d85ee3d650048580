#!/usr/bin/env bash
# Every check and test Litstack has: formatting, the dependency audit, clippy, the Rust unit and API tests, the web unit
# tests and the browser end-to-end tests (headless Chromium driving the real binary).
# One debug build serves clippy, the Rust tests and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# Chromium, poppler-utils, python3-venv and PostgreSQL, installed where missing (as root).
bash scripts/test-tools.sh

# Hub mode's tests need PostgreSQL: the rest of this script runs beside a throwaway cluster.
if [ -z "${LITSTACK_TEST_DATABASE_URL:-}" ]; then
  exec bash scripts/with-postgres.sh bash scripts/test.sh "$@"
fi
# Mail goes to a real SMTP server on loopback (aiosmtpd, scripts/with-smtp.sh), for the API and
# browser tests alike.
if [ -z "${LITSTACK_TEST_SMTP_URL:-}" ]; then
  exec bash scripts/with-smtp.sh bash scripts/test.sh "$@"
fi
# Single sign-on signs in at a real OpenID provider on loopback (oidc-provider from npm,
# scripts/with-oidc.sh), for the API and browser tests alike.
if [ -z "${LITSTACK_TEST_OIDC_ISSUER:-}" ]; then
  exec bash scripts/with-oidc.sh bash scripts/test.sh "$@"
fi

cargo fmt --check
# The dependency audit against the RustSec snapshot in ../shared/advisory-db, offline (seconds).
bash scripts/audit.sh
# One compile serves clippy and every test: clippy's own driver compiles Litstack's crates (cargo
# clippy would only check them, a second compile of the whole tree) and denies any warning, rustc's
# or clippy's, in every target (`--all-targets`: the benches too). `cargo clippy` hands the driver
# its arguments the same way (CLIPPY_ARGS, split at `__CLIPPY_HACKERY__`). The dependencies are
# built by plain rustc, so they stay the ones any other `cargo test` uses; every cargo command below
# shares these variables, or it would compile Litstack again.
export RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
# build.rs runs `npm ci` (when web/node_modules is missing) and `npm run build`, so the binary the
# browser tests start embeds the current web app.
cargo test --locked --all-targets --no-run
# Two tests a core: a test spends part of its time waiting on PostgreSQL, on its server's socket or
# on a file, and at one a core the cores stood 17% idle (the API suite on redb: 171 s at 2 threads
# and 82% busy, 137 s at 4 and 97%; on PostgreSQL 236 s against 179 s). RUST_TEST_THREADS, when
# set, still wins.
export RUST_TEST_THREADS="${RUST_TEST_THREADS:-$(( $(nproc) * 2 ))}"
cargo test --locked
# The API suite again on hub mode's backend, with the same build: each test on a PostgreSQL
# database of its own in the throwaway cluster (the tests about the redb file itself stay on it),
# all but `once::` (tests/api/once/mod.rs: what does not depend on the engine, run above).
LITSTACK_TEST_BACKEND=postgres cargo test --locked --test api -- --skip once::
# schemathesis against /api/openapi.json with a signed-in session: no server error, no
# undocumented status or body, no accepted invalid input. Uses target/debug/litstack. Its own
# Python keeps one core busy, so it runs beside the web checks below (docs/testing.md, with the
# time it saves); its output is printed whole once it ends.
# In a process group of its own: should a web check fail, its server and schemathesis stop too.
fuzz_log="$(mktemp)"
setsid bash scripts/api-fuzz.sh </dev/null >"$fuzz_log" 2>&1 &
fuzz=$!
trap 'kill -- -"$fuzz" 2>/dev/null || true' EXIT

cd web
# The lint and API-type tools keep their own TypeScript 5 in web/tools (TypeScript 7 has no
# JavaScript API for them to use).
npm --prefix tools ci --no-audit --no-fund
# The generated API types match the committed API document (tests/api/once/openapi.rs keeps that
# document equal to the server's).
npm run api:check
npm run typecheck
# typescript-eslint, the Rules of Hooks, and the layering: no feature imports another feature.
npm run lint
# Prettier, like rustfmt: the web code as Prettier writes it (npm run format rewrites it).
npm run format:check
npm test
fuzzed=0
wait "$fuzz" || fuzzed=$?
trap - EXIT
cat "$fuzz_log"
rm -f "$fuzz_log"
if [ "$fuzzed" -ne 0 ]; then
  echo "scripts/api-fuzz.sh failed (exit $fuzzed)" >&2
  exit "$fuzzed"
fi
# The benchmarks (`*.bench.e2e.ts`) once each: here they only prove their interactions settle; the
# medians of five are for benches/README.md's tables, from release builds. No page screenshots:
# they are for people to look at (web/e2e/support/browser.ts says what they cost).
export LITSTACK_E2E_SCREENSHOTS=0
BENCH_RUNS=1 LITSTACK_BIN=../target/debug/litstack npm run e2e
# The screens whose storage is written once for both engines (the seam), again on hub mode's
# backend: each server on a PostgreSQL database of its own in the throwaway cluster.
LITSTACK_BIN=../target/debug/litstack npm run e2e:hub
