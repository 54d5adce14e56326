#!/usr/bin/env bash
# Run every bench RUNS times (default 3), keep each run's estimates, print the ratio table.
#   bash crates/bench/benches/run.sh [RUNS] [BENCH ...]
#   e.g. bash crates/bench/benches/run.sh 5 arrays
# Works from any directory; paths below are from the repository root (the workspace's
# target directory, where criterion keeps its estimates).
set -euo pipefail
cd "$(dirname "$0")/../../.."
runs=${1:-3}
shift || true
benches=("$@")
[ ${#benches[@]} -gt 0 ] || benches=(arrays collect scalars refusals)
out=target/bench-runs/$(date +%Y%m%d-%H%M%S)
cargo bench -p mcp-coerce-bench --no-run
for i in $(seq 1 "$runs"); do
    rm -rf target/criterion
    for b in "${benches[@]}"; do
        cargo bench -p mcp-coerce-bench --bench "$b" -- --noplot >&2
    done
    mkdir -p "$out"
    cp -r target/criterion "$out/run$i"
done
python3 crates/bench/benches/ratios.py "$out"/run*
echo "estimates kept in $out" >&2
