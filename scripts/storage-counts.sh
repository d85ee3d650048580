#!/usr/bin/env bash
# Prints the counts issue 79 ("storage written once") is judged by, for each revision named
# (default: cc6bb76, where the issue measured them, and the working tree):
#   - backend matches: `Store::File(`/`WriteTx::File(`/... arms, all of src as the issue counted
#     them, then above the seam (outside src/platform/store) with the bookings' columnar path apart;
#   - per-domain redb/PostgreSQL file pairs: folders holding both a redb and a PostgreSQL version;
#   - the storage code's lines: `storage/` folders, `storage.rs` files and src/platform/store
#     (29,318 at cc6bb76), with the readers of older formats (src/platform/store/migrate) apart;
#   - src's duplicate pairs, when the `duplicates` command is on PATH.
# Usage: bash scripts/storage-counts.sh [REV|worktree ...]
set -euo pipefail

root=$(git rev-parse --show-toplevel)
revs=("$@")
[ ${#revs[@]} -eq 0 ] && revs=(cc6bb76 worktree)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Lines in the files listed on stdin (0 when there are none).
lines() { xargs -r cat | wc -l; }

count() {
    local rev=$1 dir
    if [ "$rev" = worktree ]; then
        dir=$root
    else
        dir=$scratch/$rev
        mkdir -p "$dir"
        git -C "$root" archive "$rev" src | tar -x -C "$dir"
    fi
    cd "$dir"

    local all_store all_write above bookings
    all_store=$(grep -ro 'Store::File(' src --include='*.rs' | wc -l)
    all_write=$(grep -ro 'WriteTx::File(' src --include='*.rs' | wc -l)
    above=$(grep -roE '(Store|WriteTx|ReadTx)::(File|Pg)\(' src --include='*.rs' \
        | grep -v '^src/platform/store/' | grep -cv '^src/bookings/' || true)
    bookings=$(grep -roE '(Store|WriteTx|ReadTx)::(File|Pg)\(' src/bookings --include='*.rs' \
        | wc -l)

    # A folder keeps a pair when it holds a redb version (file.rs, redb.rs) and a PostgreSQL one
    # (postgres.rs, postgres/, pg.rs); the seam's own two engines are the one pair wanted.
    local pairs=0 folder
    while read -r folder; do
        [ "$folder" = src/platform/store/seam ] && continue
        if { [ -e "$folder/file.rs" ] || [ -e "$folder/redb.rs" ]; } \
            && { [ -e "$folder/postgres.rs" ] || [ -d "$folder/postgres" ] || [ -e "$folder/pg.rs" ]; }; then
            pairs=$((pairs + 1))
        fi
    done < <(find src -type d)

    local storage store legacy
    storage=$({ find src -path '*/storage/*' -name '*.rs'; find src -name storage.rs; } | sort -u | lines)
    store=$(find src/platform/store -name '*.rs' -not -path '*/migrate/*' | lines)
    legacy=$(find src/platform/store/migrate -name '*.rs' 2>/dev/null | lines)

    local dups="(duplicates not on PATH)"
    if command -v duplicates >/dev/null; then
        dups=$(duplicates --repo src --seconds 300 | head -1 | cut -d' ' -f1)
    fi

    printf '%-10s %6s %6s %6s %6s %6s %7s %7s %7s %7s\n' "$rev" "$all_store" "$all_write" \
        "$above" "$bookings" "$pairs" "$((storage + store))" "$legacy" \
        "$((storage + store + legacy))" "$dups"
    cd "$root"
}

printf '%-10s %6s %6s %6s %6s %6s %7s %7s %7s %7s\n' rev 'Store' 'Write' above bookng pairs \
    storage legacy total dup.pairs
for rev in "${revs[@]}"; do count "$rev"; done
cat <<'NOTE'

Store/Write: `Store::File(` and `WriteTx::File(` anywhere in src (the issue's 214 and 92).
above: backend arms above the seam, outside src/bookings (0 wanted); bookng: the bookings' own.
pairs: folders with both a redb and a PostgreSQL version of a domain (0 wanted).
storage: storage/ folders, storage.rs files and src/platform/store without migrate/;
legacy: src/platform/store/migrate; total: both (29,318 at cc6bb76, a third fewer wanted).
dup.pairs: src's duplicate pairs (632 at cc6bb76; under 350 wanted).
NOTE
