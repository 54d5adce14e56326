#!/usr/bin/env bash
# Instructions per call under callgrind (deterministic, unlike time on a shared machine),
# for each route of the profile driver next to its floor.
#   bash crates/bench/benches/instructions.sh [GROUP ...]
# Groups: arrays (the default: integer array shapes and the collecting routes), strings,
# scalars, owned (the rmcp route on an owned `Value`), refused, reported (the arrays read
# with a coercion report).
set -euo pipefail
# From the repository root, whose target directory holds the driver.
cd "$(dirname "$0")/../../.."
cargo bench -p mcp-coerce-bench --bench profile --no-run 2>/dev/null
bin=$(ls -t target/release/deps/profile-* | grep -v '\.d$' | head -1)
groups=("$@")
[ ${#groups[@]} -gt 0 ] || groups=(arrays)
ir() { # route n iterations -> instructions per call
    local out
    out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='profile::run*' \
        "$bin" "$1" "$2" "$3" 2>&1 | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p')
    echo $((out / $3))
}
iters_for() { local i=$((200000 / $1)); [ "$i" -ge 20 ] || i=20; echo "$i"; }
ratio() { python3 -c "print(f'{$1/$2:.2f}x')"; }
per() { python3 -c "print(f'{$1/$2:.1f}')"; }
header() { printf '\n| route | n | instructions per call | floor | ratio | per element |\n|---|---:|---:|---:|---:|---:|\n'; }
row() { printf '| %s | %s | %s | %s | %s | %s |\n' "$1" "$2" "$3" "$4" "$(ratio "$3" "$4")" "$(per "$3" "$2")"; }
for g in "${groups[@]}"; do
    case $g in
    arrays)
        echo "arrays (floor: serde_json::from_slice)"
        header
        for n in 10 100 1000 10000; do
            it=$(iters_for "$n")
            floor=$(ir floor "$n" "$it")
            for r in native json_string comma comma_spaced bytes_crate; do
                row "$r" "$n" "$(ir "$r" "$n" "$it")" "$floor"
            done
        done ;;
    strings)
        echo "string arrays (floor: serde_json::from_slice into Vec<String>)"
        header
        for n in 10 100 1000 10000; do
            it=$(iters_for "$n"); floor=$(ir str_floor "$n" "$it")
            for r in str_native str_json_string str_comma; do row "$r" "$n" "$(ir "$r" "$n" "$it")" "$floor"; done
        done ;;
    scalars)
        echo "scalars (one-field calls; floor: the plain serde type)"
        header
        for r in int enum pattern; do
            row "${r}_crate" 1 "$(ir "${r}_crate" 1 100000)" "$(ir "${r}_floor" 1 100000)"
        done ;;
    owned)
        echo "owned Value (the clone that hands each call its arguments subtracted; floor: serde_json::from_value)"
        header
        for n in 10 100 10000; do
            it=$(iters_for "$n")
            c=$(ir value_clone "$n" "$it"); f=$(ir value_floor_owned "$n" "$it"); x=$(ir value_crate_owned "$n" "$it")
            row value_crate_owned "$n" $((x - c)) $((f - c))
            c=$(ir str_value_clone "$n" "$it"); f=$(ir str_value_floor_owned "$n" "$it"); x=$(ir str_value_crate_owned "$n" "$it")
            row str_value_crate_owned "$n" $((x - c)) $((f - c))
        done ;;
    reported)
        echo "read with a coercion report (floor: serde_json::from_slice on the native array)"
        header
        for n in 10 100 10000; do
            it=$(iters_for "$n"); floor=$(ir floor "$n" "$it")
            for r in native json_string comma; do
                row "reported_$r" "$n" "$(ir "reported_$r" "$n" "$it")" "$floor"
            done
        done ;;
    refused)
        echo "refused calls (floor: a Value from the bytes, then the collecting pass)"
        header
        for n in 10 100 10000; do
            it=$(iters_for "$n")
            for k in native comma last; do
                row "refused_${k}_bytes" "$n" "$(ir "refused_${k}_bytes" "$n" "$it")" "$(ir "refused_${k}_collect" "$n" "$it")"
            done
        done ;;
    *) echo "unknown group $g" >&2; exit 2 ;;
    esac
done
