#!/usr/bin/env bash
# Fuzz every target for SECONDS each, one after the other, then print per target the
# executions and the findings (crash, timeout and out-of-memory artifacts written by this
# run, and the distinct panic messages among them). Exits 1 when anything was found.
#
#   fuzz/run.sh 60            # a minute per target
#   FUZZ_TARGETS="envelope dialect_rewrite" fuzz/run.sh 300
#
# Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz --locked`). New
# corpus entries go to fuzz/target/corpus/<target> (the committed seeds in
# fuzz/corpus/<target> are only read), artifacts to fuzz/artifacts/<target>, each
# target's log to fuzz/target/logs/<target>.log.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:?usage: fuzz/run.sh SECONDS}
source ./targets.sh

cargo +nightly fuzz build -O -a -s "$FUZZ_SANITIZER"

mkdir -p target/logs
rows=()
ran=()
found=0
for entry in "${TARGETS[@]}"; do
    IFS='|' read -r name dict max_len <<<"$entry"
    if [ -n "${FUZZ_TARGETS:-}" ] && [[ " $FUZZ_TARGETS " != *" $name "* ]]; then
        continue
    fi
    mkdir -p "target/corpus/$name" "artifacts/$name"
    before=$(find "artifacts/$name" -type f | sort)
    log="target/logs/$name.log"
    echo "==> $name: ${seconds}s"
    # Fork mode with one job: the run goes on after a crash, a timeout or an OOM, and
    # every one of them leaves its artifact.
    status=0
    cargo +nightly fuzz run -O -a -s "$FUZZ_SANITIZER" "$name" \
        "target/corpus/$name" "corpus/$name" -- \
        -dict="dict/$dict.dict" -max_len="$max_len" "${LIBFUZZER_LIMITS[@]}" \
        -max_total_time="$seconds" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 \
        -ignore_ooms=1 -print_final_stats=1 >"$log" 2>&1 || status=$?
    new=$(comm -13 <(echo "$before") <(find "artifacts/$name" -type f | sort) | sed '/^$/d')
    count() { if [ -z "$new" ]; then echo 0; else grep -c "/$1-" <<<"$new" || true; fi; }
    crashes=$(count crash)
    timeouts=$(count timeout)
    ooms=$(count oom)
    # Executions: the last status line of fork mode (`#N: cov: ...`), else libFuzzer's own.
    execs=$({ grep -oE '^#[0-9]+' "$log" || true; } | tail -n 1 | tr -d '#')
    execs=${execs:-$({ grep -oE 'number_of_executed_units: [0-9]+' "$log" || true; } | tail -n 1 | grep -oE '[0-9]+$' || true)}
    execs=${execs:-0}
    # Each new crash replayed once: its panic message, for the list below and the count
    # of distinct ones (fork mode keeps the children's output out of the log).
    bin="target/x86_64-unknown-linux-gnu/release/$name"
    : >"target/logs/$name.findings"
    for artifact in $new; do
        message=$("$bin" "${LIBFUZZER_LIMITS[@]}" "$artifact" 2>&1 |
            { grep -A1 -m1 'panicked at' || true; } | tail -n 1 | cut -c1-160 || true)
        printf '%s\t%s\n' "$artifact" "${message:-(no panic message: timeout or out of memory)}" \
            >>"target/logs/$name.findings"
    done
    # Distinct: by the message's first two `:`-separated parts ("openai-strict: not
    # idempotent"), without the input it quotes.
    panics=$(cut -f2 "target/logs/$name.findings" | cut -d: -f1-2 | sort -u | sed '/^$/d' | wc -l)
    ran+=("target/logs/$name.findings")
    if [ $((crashes + timeouts + ooms)) -gt 0 ] || [ "$status" -ne 0 ]; then
        found=1
    fi
    rows+=("$(printf '%-16s %10s %8s %8s %8s %7s %8s %7s' "$name" "$execs" \
        "$((execs / (seconds > 0 ? seconds : 1)))" "$crashes" "$timeouts" "$ooms" "$panics" "$status")")
done

echo
printf '%-16s %10s %8s %8s %8s %7s %8s %7s\n' target executions exec/s crashes timeouts ooms distinct status
for row in "${rows[@]}"; do echo "$row"; done
if [ "$found" -ne 0 ]; then
    echo
    echo "one artifact per distinct finding:"
    cat "${ran[@]}" | awk -F'\t' '{split($2, p, ":"); key = p[1] ":" p[2]}
        !seen[key]++ {print "  " $1 ": " $2}'
    echo
    echo "findings: see fuzz/artifacts/<target>/ and fuzz/target/logs/<target>.log"
    echo "reproduce one: cargo +nightly fuzz run -O -a -s $FUZZ_SANITIZER <target> fuzz/artifacts/<target>/<file>"
fi
exit "$found"
