#!/usr/bin/env bash
# Run every bench RUNS times (default 3), keep each run's estimates, print the ratio table.
#   bash benches/run.sh [RUNS] [BENCH ...]     e.g. bash benches/run.sh 5 arrays
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
benches=("$@")
[ ${#benches[@]} -gt 0 ] || benches=(arrays collect scalars refusals)
out=target/bench-runs/$(date +%Y%m%d-%H%M%S)
cargo bench --all-features --no-run
for i in $(seq 1 "$runs"); do
    rm -rf target/criterion
    for b in "${benches[@]}"; do
        cargo bench --all-features --bench "$b" -- --noplot >&2
    done
    mkdir -p "$out"
    cp -r target/criterion "$out/run$i"
done
python3 benches/ratios.py "$out"/run*
echo "estimates kept in $out" >&2
