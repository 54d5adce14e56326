# The fuzz targets and their libFuzzer options, sourced by run.sh and replay.sh.
# name|dictionary|max_len: each target's input bound (the targets also skip longer
# inputs themselves), with a 2 GiB RSS limit and a 10 s limit per input for all.
TARGETS=(
    "entry_roundtrip|args|8192"
    "routes_agree|args|8192"
    "plain_serde|args|8192"
    "envelope|args|16384"
    "history_repair|history|16384"
    "dialect_rewrite|dialect|8192"
    "schema_compile|schema|16384"
    "schema_coerce|schema|16384"
    "formats|formats|256"
)
LIBFUZZER_LIMITS=(-rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10)
# libFuzzer over safe Rust: no sanitizer (the crates forbid unsafe code), debug
# assertions on. Override with FUZZ_SANITIZER=address.
FUZZ_SANITIZER=${FUZZ_SANITIZER:-none}
