//! The crate's rules as plain functions over plain values, one per rule, shared by the
//! adapters and the schema engine so each rule has one implementation; none touches serde.

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
