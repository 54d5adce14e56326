//! Booleans: the closed token table.
#![cfg_attr(not(feature = "coercer"), allow(dead_code, unused_imports))]

pub(crate) use crate::adapters::boolean::{bool_from_str as from_str, bool_parsing as issue};
