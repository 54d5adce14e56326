#!/usr/bin/env bash
# End to end: what one tools/call costs an rmcp stdio server, per call, in instructions
# (callgrind, the whole server process) and in wall time (the client's round trip over the
# pipes), for a plain rmcp server and the same server with the crate (benches/server.rs).
#   bash crates/bench/benches/server.sh [SIZE ...]      (default: 10 1000)
#   MEASURE=instructions (or time) bash crates/bench/benches/server.sh   (one of the two)
#   FLOOR_BIN=... CRATE_BIN=... bash crates/bench/benches/server.sh      (executables built
#       before, say at another commit, copied out of target/, where the next build of the
#       bench overwrites them; the client is CRATE_BIN's)
# Rows, at each size and for each kind of call (canonical, lax, refused, refused_text; see
# benches/server.rs):
#   floor       the plain server, built without mcp-coerce's `rmcp` feature
#               (`--no-default-features`), so without jsonschema and the serde_json
#               features it turns on: as a server without the crate's rmcp support builds
#   plain       the same plain server built beside the crate's (`--features rmcp`): what
#               the features the crate and its dependencies turn on cost the whole server
#   parameters  the crate's `Parameters`, rmcp's router
#   coerce      the crate's `Parameters` and router (`mcp_coerce::rmcp::coerce`) with the
#               output check
# Instructions per call: the server under callgrind answers CALLS_LOW and then CALLS_HIGH
# calls in two sessions; the difference over CALLS_HIGH - CALLS_LOW calls is the cost of a
# call with every start-up and first-call cost left out. The count moves by a percent or
# two from one session to the next (the server's threads wait on the client and on each
# other a varying number of times), so the median over REPEATS such pairs is kept. Wall
# time: the mean round trip of the calls after WARMUP calls (5,000 calls at 10 ids, 1,000
# at 1,000 ids), without valgrind, in the fastest of RUNS sessions: on a shared machine
# the others are slowed by whatever else runs, by as much as 2x.
set -euo pipefail
cd "$(dirname "$0")/../../.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 1000)
CALLS_LOW=${CALLS_LOW:-20}
CALLS_HIGH=${CALLS_HIGH:-120}
MEASURE=${MEASURE:-both}
REPEATS=${REPEATS:-3}
WARMUP=${WARMUP:-200}
RUNS=${RUNS:-5}
timed() { if [ "$1" -ge 1000 ]; then echo 1000; else echo 5000; fi; }
# The bench's executable for the given cargo features.
build() {
    cargo bench -p mcp-coerce-bench --bench server --no-run --message-format=json "$@" |
        python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "server" and m.get("executable"):
        print(m["executable"])'
}
floor_bin=${FLOOR_BIN:-$(build --no-default-features)}
crate_bin=${CRATE_BIN:-$(build --features rmcp)}
[ -n "$floor_bin" ] && [ -n "$crate_bin" ] || { echo "no server executable" >&2; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p"; }
# instructions BIN SERVER KIND N CALLS -> the server's instructions over the whole session
instructions() {
    "$crate_bin" drive "$3" "$4" 0 "$5" -- valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        --log-file="$log" "$1" serve "$2" >/dev/null
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$log"
}
# per_call BIN SERVER KIND N -> instructions per call (median over REPEATS)
per_call() {
    local low high counts=()
    for _ in $(seq 1 "$REPEATS"); do
        low=$(instructions "$1" "$2" "$3" "$4" "$CALLS_LOW")
        high=$(instructions "$1" "$2" "$3" "$4" "$CALLS_HIGH")
        counts+=($(((high - low) / (CALLS_HIGH - CALLS_LOW))))
    done
    printf '%s\n' "${counts[@]}" | sort -n | sed -n "$(((REPEATS + 1) / 2))p"
}
# wall BIN SERVER KIND N -> the fastest of RUNS sessions' mean round trip, in ns; and the
# answer
wall() {
    local times=() report
    for _ in $(seq 1 "$RUNS"); do
        report=$("$crate_bin" drive "$3" "$4" "$WARMUP" "$(timed "$4")" -- "$1" serve "$2")
        times+=("$(echo "$report" | field per_call_ns)")
    done
    printf '%s\n' "${times[@]}" | sort -n | head -1
    echo "$report" | field answer
    echo "$report" | field bytes
}
# answer BIN SERVER KIND N -> no time; the answer (one call, without valgrind)
answer() {
    local report
    report=$("$crate_bin" drive "$3" "$4" 0 1 -- "$1" serve "$2")
    echo -
    echo "$report" | field answer
    echo "$report" | field bytes
}
ratio() { if [ "$1" = - ]; then echo -; else python3 -c "print(f'{$1/$2:.2f}x')"; fi; }
us() { if [ "$1" = - ]; then echo -; else python3 -c "print(f'{$1/1000:.1f}')"; fi; }
built="commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
[ -z "${FLOOR_BIN:-}${CRATE_BIN:-}" ] || built="FLOOR_BIN and CRATE_BIN"
echo "rustc $(rustc --version | cut -d' ' -f2), $(valgrind --version), $built;" \
    "calls $CALLS_LOW and $CALLS_HIGH, $REPEATS times; $WARMUP + timed calls, fastest of $RUNS runs"
echo
echo "| call | ids | server | answer | bytes | instructions per call | vs floor | µs per call | vs floor |"
echo "|---|---:|---|---|---:|---:|---:|---:|---:|"
for n in "${sizes[@]}"; do
    for kind in canonical lax refused refused_text; do
        floor_ir=""
        floor_ns=""
        for row in "floor $floor_bin plain" "plain $crate_bin plain" "parameters $crate_bin parameters" \
            "coerce $crate_bin coerce"; do
            read -r name bin server <<<"$row"
            ir=-
            [ "$MEASURE" = time ] || ir=$(per_call "$bin" "$server" "$kind" "$n")
            if [ "$MEASURE" = instructions ]; then
                mapfile -t w < <(answer "$bin" "$server" "$kind" "$n")
            else
                mapfile -t w < <(wall "$bin" "$server" "$kind" "$n")
            fi
            [ -n "$floor_ir" ] || { floor_ir=$ir; floor_ns=${w[0]}; }
            printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$kind" "$n" "$name" \
                "${w[1]//+/ }" "${w[2]}" "$ir" "$(ratio "$ir" "$floor_ir")" "$(us "${w[0]}")" \
                "$(ratio "${w[0]}" "$floor_ns")"
        done
    done
done
