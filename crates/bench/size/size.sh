#!/usr/bin/env bash
# What each feature adds to a server's binary: a one-tool rmcp stdio server (size/main.rs)
# built in release and stripped, with rmcp's own extractor and router (the floor, no
# mcp-coerce), then with the crate's under each feature set. Prints a Markdown table.
#   bash crates/bench/size/size.sh
# The server is built as a package of its own under target/size-probe (its own workspace,
# its own lock file resolved fresh), so nothing of this workspace's features leaks in.
set -euo pipefail
cd "$(dirname "$0")/../../.."
root=$PWD
probe=target/size-probe
mkdir -p "$probe/src"
cp crates/bench/size/main.rs "$probe/src/main.rs"
sets=("floor" "rmcp" "rmcp output-check" "rmcp coercer" "rmcp coercer schema-assertions")
printf '| mcp-coerce features | stripped release binary | added to the floor |\n|---|---:|---:|\n'
floor=
for set in "${sets[@]}"; do
    if [ "$set" = floor ]; then
        dep=""
        flags="--cfg floor"
    else
        features=$(printf '"%s", ' $set)
        dep="mcp-coerce = { path = \"$root\", default-features = false, features = [${features%, }] }"
        flags=""
    fi
    cat >"$probe/Cargo.toml" <<TOML
[package]
name = "size-probe"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
$dep
rmcp = { version = "3.11", default-features = false, features = ["server", "macros", "transport-io"] }
schemars = "1"
serde = { version = "1", features = ["derive"] }
serde_with = { version = "3", default-features = false, features = ["macros"] }
tokio = { version = "1", features = ["macros", "rt", "io-std"] }

[lints.rust]
unexpected_cfgs = { level = "allow" }

[profile.release]
strip = true
TOML
    (cd "$probe" && RUSTFLAGS="$flags" cargo build --release --quiet)
    bytes=$(stat -c %s "$probe/target/release/size-probe")
    mb=$(python3 -c "print(f'{$bytes/1e6:.2f} MB')")
    if [ -z "$floor" ]; then
        floor=$bytes
        printf '| (rmcp alone, no mcp-coerce) | %s | |\n' "$mb"
    else
        printf '| `%s` | %s | %s |\n' "${set// /\`, \`}" "$mb" \
            "$(python3 -c "print(f'+{($bytes-$floor)/1e6:.2f} MB')")"
    fi
done
