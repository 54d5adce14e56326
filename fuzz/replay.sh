#!/usr/bin/env bash
# Build every fuzz target and run it once over its committed seed corpus
# (fuzz/corpus/<target>, `-runs=0`): a regression check for CI, a few minutes with the
# debug build. Exits non-zero when a target fails on a seed.
#
# Needs a nightly toolchain and cargo-fuzz on PATH (.ci/run installs it into
# target/ci-tools). FUZZ_PROFILE=release for an optimized build.
set -euo pipefail
cd "$(dirname "$0")"
source ./targets.sh
profile=(--dev)
[ "${FUZZ_PROFILE:-dev}" = release ] && profile=(-O)

python3 seed.py --check || {
    echo "fuzz/corpus is not what fuzz/seed.py builds: run fuzz/seed.py and commit" >&2
    exit 1
}
cargo +nightly fuzz build "${profile[@]}" -a -s "$FUZZ_SANITIZER"
for entry in "${TARGETS[@]}"; do
    IFS='|' read -r name dict max_len <<<"$entry"
    echo "--- $name: $(find "corpus/$name" -type f | wc -l) seeds"
    cargo +nightly fuzz run "${profile[@]}" -a -s "$FUZZ_SANITIZER" "$name" "corpus/$name" -- \
        -runs=0 -max_len="$max_len" "${LIBFUZZER_LIMITS[@]}" 2>&1 | tail -n 3
done
echo "replayed every seed corpus"
