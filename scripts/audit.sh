#!/usr/bin/env bash
# The dependency audit, offline: cargo-audit checks Cargo.lock against a snapshot of the RustSec
# advisory database (default ../shared/advisory-db, or LITSTACK_ADVISORY_DB) with fetching off.
# Any advisory against a dependency — a vulnerability, or a warning such as "unmaintained" — fails
# the run, unless SECURITY.md lists its id under "Accepted advisories" with the reason.
set -euo pipefail
cd "$(dirname "$0")/.."

root="$PWD"
target="${CARGO_TARGET_DIR:-target}"
case "$target" in /*) ;; *) target="$root/$target" ;; esac
db_source="${LITSTACK_ADVISORY_DB:-$root/../shared/advisory-db}"
venv="$target/audit-venv"
requirements=scripts/audit-requirements.txt

if [[ ! -d "$db_source/crates" ]]; then
  echo "audit: no advisory database at $db_source (a copy of rustsec/advisory-db; set LITSTACK_ADVISORY_DB)" >&2
  exit 1
fi

if [[ ! -x "$venv/bin/cargo-audit" ]] || ! cmp -s "$requirements" "$venv/requirements.txt"; then
  echo "audit: installing cargo-audit into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes -r "$requirements"
  cp "$requirements" "$venv/requirements.txt"
fi

# cargo-audit reads its database from a git repository: give it a throwaway one.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$db_source" "$work/db"
git -C "$work/db" init -q
git -C "$work/db" add -A
git -C "$work/db" -c user.name=audit -c user.email=audit@localhost commit -q -m snapshot

# The ids SECURITY.md accepts, from its "Accepted advisories" section only.
accepted=$(awk '/^### Accepted advisories/{on=1; next} /^#/{on=0} on' SECURITY.md |
  grep -oE 'RUSTSEC-[0-9]{4}-[0-9]{4}' | sort -u)
ignore=()
for id in $accepted; do ignore+=(--ignore "$id"); done

snapshot=$(head -n 1 "$db_source/SNAPSHOT" 2>/dev/null || echo "unknown snapshot")
echo "audit: Cargo.lock against $snapshot; accepted: ${accepted:-none}"
"$venv/bin/cargo-audit" audit --db "$work/db" --no-fetch --stale --deny warnings "${ignore[@]}"
