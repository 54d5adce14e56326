//! Helpers shared by the test binaries that name them.

pub mod raw_rpc;
