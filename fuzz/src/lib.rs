//! What the fuzz targets share: the argument structs (every adapter family), the
//! duplicate-key check, the envelope invariants, the dialect target's witness generator
//! and what the schema targets share.

pub mod args;
pub mod dup;
pub mod envelope;
pub mod schema;
pub mod witness;

/// At most this many bytes of input are read by a target (the run scripts pass the same
/// `-max_len`); longer inputs are skipped.
pub const MAX_INPUT: usize = 64 * 1024;

/// The `(code, path)` pairs of a rejection, in the order reported.
pub fn pairs(rejection: &mcp_coerce::Rejection) -> Vec<(String, String)> {
    rejection
        .issues()
        .iter()
        .map(|i| (i.code().as_str().to_owned(), i.path().to_string()))
        .collect()
}
