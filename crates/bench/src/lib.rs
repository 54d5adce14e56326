//! The benches of `mcp-coerce` (criterion, against plain serde, serde_with and a naive
//! `Value` route), the `profile` driver for callgrind and perf, and the allocation counts
//! (`tests/allocations.rs`), kept in a package of their own so that the crate's examples
//! and tests build without criterion. Nothing is published from here; BENCHMARKS.md at the
//! repository root has the numbers and the commands.
#![forbid(unsafe_code)]
