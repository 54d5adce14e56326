#!/usr/bin/env bash
# The schema engine against jsonschema (and ajv), on the cases of benches/schema_cases.
#   bash crates/bench/benches/schema.sh instructions [CASE|SCHEMA ...]  # callgrind, per call
#   bash crates/bench/benches/schema.sh time [RUNS]                      # criterion, RUNS times
#   bash crates/bench/benches/schema.sh ajv                              # ajv 8 under node
# `instructions` prints two tables: calls (jsonschema's is_valid on the canonical call, the
# coercer on it and on its lax spelling; the clone each coerce is handed, and its drop,
# measured alone and subtracted) and compiles. `time` keeps criterion's estimates under
# target/bench-runs/DATE-schema/runN and prints ratios.py's table. `ajv` installs the
# script's lock file with `npm ci` into target/bench-ajv (once per lock file) and times
# ajv on the same schemas and calls (written by `schema_profile --dump`).
# Works from any directory; paths below are from the repository root.
set -euo pipefail
cd "$(dirname "$0")/../../.."
what=${1:-instructions}
shift || true
build() {
    cargo bench -p mcp-coerce-bench --features schema --bench schema_profile --no-run 2>/dev/null
    ls -t target/release/deps/schema_profile-* | grep -v '\.d$' | head -1
}
case $what in
instructions)
    bin=$(build)
    ir() { # route target iterations -> instructions per call
        local out
        out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
            --toggle-collect='schema_profile::run*' "$bin" "$1" "$2" "$3" 2>&1 |
            sed -n 's/.*Collected : *\([0-9]*\).*/\1/p')
        echo $((out / $3))
    }
    ratio() { python3 -c "print(f'{$1/$2:.2f}x')"; }
    mapfile -t listed < <("$bin" --list)
    wanted=("$@")
    pick() { [ ${#wanted[@]} -eq 0 ] || printf '%s\n' "${wanted[@]}" | grep -qxF "$1"; }
    echo "calls (floor: jsonschema's is_valid on the canonical call; coerce: Coercer::coerce, its clone subtracted)"
    printf '\n| case | is_valid | coerce canonical | ratio | coerce lax | ratio to is_valid |\n|---|---:|---:|---:|---:|---:|\n'
    for line in "${listed[@]}"; do
        [[ $line == case\ * ]] || continue
        c=${line#case }
        c=${c%%:*}
        pick "$c" || continue
        # Counts are deterministic: a few iterations are enough (setup is outside the toggle).
        it=100
        [[ $c == */1000 ]] && it=5
        floor=$(ir is_valid "$c" "$it")
        canonical=$(($(ir coerce_canonical "$c" "$it") - $(ir clone_canonical "$c" "$it")))
        lax=$(($(ir coerce_lax "$c" "$it") - $(ir clone_lax "$c" "$it")))
        printf '| %s | %s | %s | %s | %s | %s |\n' "$c" "$floor" "$canonical" \
            "$(ratio "$canonical" "$floor")" "$lax" "$(ratio "$lax" "$floor")"
    done
    echo
    echo "compiling (floor: jsonschema::options().should_validate_formats(false).build)"
    printf '\n| schema | jsonschema | validator_for | Coercer::compile | ratio |\n|---|---:|---:|---:|---:|\n'
    for line in "${listed[@]}"; do
        [[ $line == schema\ * ]] || continue
        s=${line#schema }
        pick "$s" || continue
        floor=$(ir compile_jsonschema "$s" 10)
        coercer=$(ir compile_coercer "$s" 10)
        printf '| %s | %s | %s | %s | %s |\n' "$s" "$floor" "$(ir compile_validator_for "$s" 10)" \
            "$coercer" "$(ratio "$coercer" "$floor")"
    done
    ;;
time)
    runs=${1:-3}
    out=target/bench-runs/$(date +%Y%m%d-%H%M%S)-schema
    cargo bench -p mcp-coerce-bench --features schema --bench schema --no-run
    for i in $(seq 1 "$runs"); do
        rm -rf target/criterion
        cargo bench -p mcp-coerce-bench --features schema --bench schema -- --noplot >&2
        mkdir -p "$out"
        cp -r target/criterion "$out/run$i"
    done
    python3 crates/bench/benches/ratios.py "$out"/run*
    echo "estimates kept in $out" >&2
    ;;
ajv)
    bin=$(build)
    dir=target/bench-ajv
    mkdir -p "$dir"
    cp crates/bench/ajv/{package.json,package-lock.json,bench.mjs} "$dir/"
    echo "node $(node --version), npm $(npm --version)" >&2
    if ! cmp -s "$dir/package-lock.json" "$dir/node_modules/.installed-from.json"; then
        (cd "$dir" && npm ci --no-audit --no-fund >&2)
        cp "$dir/package-lock.json" "$dir/node_modules/.installed-from.json"
    fi
    "$bin" --dump "$dir/cases.json"
    node "$dir/bench.mjs" "$dir/cases.json" "$@"
    ;;
*)
    echo "usage: schema.sh instructions|time|ajv" >&2
    exit 2
    ;;
esac
