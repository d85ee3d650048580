#!/usr/bin/env bash
# Runs a command beside a real OpenID provider on loopback (scripts/oidc/provider.mjs: the npm
# package oidc-provider, pinned in scripts/oidc/package-lock.json and installed with `npm ci` into
# target/oidc-provider, never web/node_modules). The command sees LITSTACK_TEST_OIDC_ISSUER
# (http://127.0.0.1:<port>), LITSTACK_TEST_OIDC_CLIENT_ID and LITSTACK_TEST_OIDC_CLIENT_SECRET;
# the provider goes when it ends. Its login page takes any login name `x@<domain>` (that email,
# verified unless the name contains "unverified") and any password.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${CARGO_TARGET_DIR:-target}"
home="$target/oidc-provider"
if [[ ! -d "$home/node_modules/oidc-provider" ]] || ! cmp -s scripts/oidc/package-lock.json "$home/package-lock.json"; then
  echo "with-oidc: installing oidc-provider into $home" >&2
  rm -rf "$home"
  mkdir -p "$home"
  cp scripts/oidc/package.json scripts/oidc/package-lock.json "$home/"
  (cd "$home" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
fi
cp scripts/oidc/provider.mjs "$home/provider.mjs"

dir="$(mktemp -d /tmp/litstack-oidc.XXXXXX)"
client_id="litstack-test"
client_secret="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
node "$home/provider.mjs" "$dir/port" "$client_id" "$client_secret" 2>"$dir/log" >&2 &
provider=$!
stop() {
  kill "$provider" 2>/dev/null || true
  wait "$provider" 2>/dev/null || true
  rm -rf "$dir"
}
trap stop EXIT
for _ in $(seq 1 100); do
  [ -s "$dir/port" ] && break
  if ! kill -0 "$provider" 2>/dev/null; then
    echo "with-oidc: the OpenID provider did not start:" >&2
    cat "$dir/log" >&2
    exit 1
  fi
  sleep 0.1
done
[ -s "$dir/port" ] || { echo "with-oidc: the OpenID provider did not start in 10 s" >&2; exit 1; }

export LITSTACK_TEST_OIDC_ISSUER="http://127.0.0.1:$(cat "$dir/port")"
export LITSTACK_TEST_OIDC_CLIENT_ID="$client_id"
export LITSTACK_TEST_OIDC_CLIENT_SECRET="$client_secret"
"$@"
