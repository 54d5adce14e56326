//! Strings: lengths in chars.
#![cfg_attr(not(feature = "coercer"), allow(dead_code, unused_imports))]

pub(crate) use crate::adapters::text::check_length;
