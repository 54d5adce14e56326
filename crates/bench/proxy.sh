#!/usr/bin/env bash
# mcp-coerce-proxy's cost (BENCHMARKS.md, "The proxy"):
#   bash crates/bench/proxy.sh                     # throughput, instructions, memory
#   MEASURE=throughput bash crates/bench/proxy.sh  # one of: throughput, instructions, rss
# 1. Throughput: a client (proxy_client.py) pipelining CALLS (2,000) canonical get-sum calls
#    to @modelcontextprotocol/server-everything over stdio, directly and through the proxy,
#    the two alternating, RUNS (5) times each; calls per second from the first call written
#    to the last answer read. The ratio is median(proxied) / median(direct).
# 2. Instructions per call: the proxy alone under callgrind (the server is its child, run
#    natively), one session of LOW (500) calls and one of HIGH (2,500); the difference over
#    HIGH - LOW calls leaves start-up, initialize and tools/list out. Median of REPEATS (3).
# 3. Memory: the proxy's peak resident set (VmHWM) after 10^3, 10^4 and 10^5 calls
#    (RSS_CALLS), in front of proxy_echo_server.py (one tool with an outputSchema, so every
#    result is followed and checked), to keep 10^5 calls to seconds.
# The proxy is the release build; server-everything is the one package-lock.json of
# crates/proxy/tests/e2e pins, installed with `npm ci` into target/proxy-e2e-node as .ci/run
# does (or EVERYTHING=path/to/dist/index.js).
set -euo pipefail
cd "$(dirname "$0")/../.."
MEASURE=${MEASURE:-all}
CALLS=${CALLS:-2000}
RUNS=${RUNS:-5}
LOW=${LOW:-500}
HIGH=${HIGH:-2500}
REPEATS=${REPEATS:-3}
RSS_CALLS=${RSS_CALLS:-100000}
client=crates/bench/proxy_client.py
cargo build --release -p mcp-coerce-proxy --quiet
proxy=target/release/mcp-coerce-proxy
if [ -z "${EVERYTHING:-}" ]; then
    node_dir=target/proxy-e2e-node
    mkdir -p "$node_dir"
    cp crates/proxy/tests/e2e/{package.json,package-lock.json} "$node_dir/"
    if ! cmp -s "$node_dir/package-lock.json" "$node_dir/node_modules/.installed-from.json"; then
        (cd "$node_dir" && npm ci --no-audit --no-fund)
        cp "$node_dir/package-lock.json" "$node_dir/node_modules/.installed-from.json"
    fi
    EVERYTHING=$node_dir/node_modules/@modelcontextprotocol/server-everything/dist/index.js
fi
server=(node "$EVERYTHING" stdio)
field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p"; }
median() { sort -n | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
echo "proxy: $proxy ($(git rev-parse --short HEAD 2>/dev/null || echo '?')), node $(node --version), load: $(cut -d' ' -f1-3 /proc/loadavg)"

if [ "$MEASURE" = all ] || [ "$MEASURE" = throughput ]; then
    echo "== throughput: $CALLS pipelined get-sum calls, direct and proxied alternating, $RUNS runs"
    direct=() proxied=() cpu=()
    for run in $(seq "$RUNS"); do
        d=$(python3 "$client" "$CALLS" get-sum -- "${server[@]}" 2>/dev/null)
        p=$(python3 "$client" "$CALLS" get-sum -- "$proxy" -- "${server[@]}" 2>/dev/null)
        echo "run $run: direct $d"
        echo "run $run: proxied $p"
        direct+=("$(field calls_per_s <<<"$d")")
        proxied+=("$(field calls_per_s <<<"$p")")
        cpu+=("$(field cpu_ms <<<"$p")")
    done
    md=$(printf '%s\n' "${direct[@]}" | median)
    mp=$(printf '%s\n' "${proxied[@]}" | median)
    mc=$(printf '%s\n' "${cpu[@]}" | median)
    echo "median calls/s: direct $md, proxied $mp, ratio $(awk "BEGIN {printf \"%.2f\", $mp / $md}")"
    echo "proxy CPU (user + system, whole session) per call: $(awk "BEGIN {printf \"%.1f\", $mc * 1000 / $CALLS}") us (median session $mc ms)"
fi

if [ "$MEASURE" = all ] || [ "$MEASURE" = instructions ]; then
    echo "== instructions: the proxy under callgrind, sessions of $LOW and $HIGH calls, $REPEATS pairs"
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    session() {
        python3 "$client" "$1" get-sum -- valgrind --tool=callgrind --callgrind-out-file=/dev/null \
            --log-file="$log" "$proxy" -- "${server[@]}" >/dev/null 2>&1
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$log"
    }
    per_call=()
    for pair in $(seq "$REPEATS"); do
        low=$(session "$LOW")
        high=$(session "$HIGH")
        each=$(( (high - low) / (HIGH - LOW) ))
        echo "pair $pair: $low instructions for $LOW calls, $high for $HIGH: $each per call"
        per_call+=("$each")
    done
    echo "median instructions per call: $(printf '%s\n' "${per_call[@]}" | median)"
fi

if [ "$MEASURE" = all ] || [ "$MEASURE" = rss ]; then
    echo "== memory: the proxy's peak RSS (KiB) after 10^3, 10^4, ... and $RSS_CALLS calls (echo server)"
    python3 "$client" "$RSS_CALLS" get-sum --rss -- "$proxy" -- python3 crates/bench/proxy_echo_server.py
fi
