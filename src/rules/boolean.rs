//! Booleans: the closed token table.

pub(crate) use crate::adapters::boolean::{bool_from_str as from_str, bool_parsing as issue};
