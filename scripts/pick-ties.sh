#!/usr/bin/env bash
# Pick For Me on a fresh install, for three firm profiles (issue 80): for each of the nine stages,
# the first pick and how many vendors tie with it. Each profile gets its own fresh install (a new
# data directory, the shipped catalog, no imported bookings), signs up, answers onboarding, saves
# its practice-management tool and runs Pick For Me through the real API.
#   5-person Filevine firm:  firm size 2-5,    spend $10,001-$40,000,    Filevine
#   30-person Clio firm:     firm size 21-50,  spend $40,001-$100,000,   Clio Manage
#   150-person Litify firm:  firm size 51-200, spend $100,000-$500,000,  Litify
# Prints one table row per stage and profile: stage | profile | first pick | tied with it | card,
# then the same two columns after the firm answers one more question: "Security audits or SOC 2
# reports" in the Document Management questionnaire (a security fact its answers ask for).
# Usage: bash scripts/pick-ties.sh [BINARY]   (default target/debug/litstack; build it first with
# `LITSTACK_SKIP_WEB_BUILD=1 cargo build --locked`). With PICK_TIES_KEEP=DIR each profile's Pick
# For Me answer is kept there as SIZE.json.
set -euo pipefail

root=$(git rev-parse --show-toplevel)
bin=${1:-$root/target/debug/litstack}
scratch=$(mktemp -d)
server=
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$scratch"
}
trap cleanup EXIT

# name|firmSize|attorneys|employees|cases|spend|practice-management vendor id
profiles=(
    "5-person Filevine|E2_5|A2_5|E2_10|C11_25|S10_40K|93"
    "30-person Clio|E21_50|A6_15|E11_50|C26_50|S40_100K|94"
    "150-person Litify|E51_200|A31_50|E51_200|C101P|S100_500K|97"
)
PRACTICE_MANAGEMENT=10
DOCUMENT_MANAGEMENT=11

api() { # METHOD PATH [BODY]
    curl -sS -f -X "$1" "http://127.0.0.1:$port/api$2" -b "$jar" -c "$jar" \
        -H 'content-type: application/json' -H 'sec-fetch-site: same-origin' \
        ${3:+--data "$3"}
}

echo "| stage | profile | first pick | vendors tied with it | its card | with a SOC 2 answer: first pick | tied |"
echo "|---|---|---|---|---|---|---|"
rows=()
for p in "${profiles[@]}"; do
    IFS='|' read -r name size attorneys employees cases spend tool <<<"$p"
    data=$scratch/$size
    jar=$scratch/$size.cookies
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    "$bin" serve --addr "127.0.0.1:$port" --data-dir "$data" >"$scratch/$size.log" 2>&1 &
    server=$!
    for _ in $(seq 100); do
        [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/")" != 000 ] && break
        sleep 0.2
    done
    api POST /auth/sign-up "{\"name\":\"Ann Doe\",\"email\":\"ann@$size.example.com\",\"password\":\"correct horse battery\",\"lawFirm\":\"$name firm\",\"firmSize\":\"$size\"}" >/dev/null
    api POST /profile/onboarding "{\"attorneysCountBand\":\"$attorneys\",\"employeesCountBand\":\"$employees\",\"injuryCasesPerMonthBand\":\"$cases\",\"annualSoftwareSpendBand\":\"$spend\"}" >/dev/null
    api POST /profile/category-adoption "{\"items\":[{\"categoryId\":$PRACTICE_MANAGEMENT,\"hasTool\":true,\"selectedVendorIds\":[$tool]}]}" >/dev/null
    api POST /recommendations/pick-for-me >"$scratch/$size.json"
    [ -n "${PICK_TIES_KEEP:-}" ] && mkdir -p "$PICK_TIES_KEEP" && cp "$scratch/$size.json" "$PICK_TIES_KEEP/"
    api POST /responses "{\"categoryId\":$DOCUMENT_MANAGEMENT,\"answers\":[{\"questionId\":1104,\"selectedValues\":[\"Security audits or SOC 2 reports\"]}]}" >/dev/null
    api POST /recommendations/pick-for-me >"$scratch/$size-soc2.json"
    [ -n "${PICK_TIES_KEEP:-}" ] && cp "$scratch/$size-soc2.json" "$PICK_TIES_KEEP/"
    # A pick's tie: the group's size when the answer gives it, else the count its tie text names.
    first='
        .items[] | select(.stage != null) |
        (.picks[0] // null) as $first |
        { stage: ((.stage | tostring) + ". " + .categoryLabel),
          name: ($first.name // "none"),
          tied: (if $first == null then "-"
           elif .tieGroup != null and ([.tieGroup.vendors[] | .vendorId] | index($first.vendorId)) != null
             then (.tieGroup.vendors | length | tostring)
           elif $first.tie != null
             then ($first.tie | capture("as (?<n>[0-9]+) other") | (.n | tonumber + 1) | tostring)
           else "1 (no tie)" end),
          card: ($first.reason // "") }'
    while IFS= read -r row; do rows+=("$row"); done < <(jq -r -n --arg profile "$name" \
        --slurpfile plain "$scratch/$size.json" --slurpfile soc2 "$scratch/$size-soc2.json" "
        [\$plain[0] | $first] as \$a | [\$soc2[0] | $first] as \$b |
        range(\$a | length) as \$i |
        [\$a[\$i].stage, \$profile, \$a[\$i].name, \$a[\$i].tied, \$a[\$i].card,
         \$b[\$i].name, \$b[\$i].tied] | \"| \" + join(\" | \") + \" |\"")
    kill "$server" && wait "$server" 2>/dev/null || true
    server=
done
printf '%s\n' "${rows[@]}" | sort -t'|' -k2,2n -s
