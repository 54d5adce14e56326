#!/usr/bin/env bash
# Instructions per call under callgrind (deterministic, unlike time on a shared machine),
# for each route of the profile driver next to its floor.
#   bash benches/instructions.sh [ROUTE ...]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo bench --all-features --bench profile --no-run 2>/dev/null
bin=$(ls -t target/release/deps/profile-* | grep -v '\.d$' | head -1)
routes=("$@")
[ ${#routes[@]} -gt 0 ] || routes=(native json_string comma comma_spaced value_crate bytes_crate)
ir() { # route n iterations -> instructions per call
    local out
    out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='profile::run*' \
        "$bin" "$1" "$2" "$3" 2>&1 | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p')
    echo $((out / $3))
}
printf '| route | n | instructions per call | floor | ratio | per element |\n|---|---:|---:|---:|---:|---:|\n'
for n in 10 100 1000 10000; do
    iters=$((200000 / n)); [ "$iters" -ge 20 ] || iters=20
    floor=$(ir floor "$n" "$iters")
    vfloor=$(ir value_floor "$n" "$iters")
    for r in "${routes[@]}"; do
        f=$floor; [ "$r" = value_crate ] && f=$vfloor
        x=$(ir "$r" "$n" "$iters")
        printf '| %s | %s | %s | %s | %s | %s |\n' "$r" "$n" "$x" "$f" \
            "$(python3 -c "print(f'{$x/$f:.2f}x')")" "$(python3 -c "print(f'{$x/$n:.1f}')")"
    done
done
