// The crate's rules as plain functions, one per rule, below the adapters and the schema
// engine: both read a value by calling these, so a rule has one implementation
// (garde's `rules/*.rs` is the model). Each takes plain values (text, a number, bounds)
// and answers with the value read or the issue, never touching serde.

pub(crate) mod array_text;
pub(crate) mod boolean;
pub(crate) mod bounds;
pub(crate) mod enums;
pub(crate) mod fold;
pub(crate) mod format;
pub(crate) mod int;
pub(crate) mod items;
pub(crate) mod keys;
pub(crate) mod number;
pub(crate) mod object_text;
pub(crate) mod text;
