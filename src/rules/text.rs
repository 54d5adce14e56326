//! Strings: lengths in chars.

pub(crate) use crate::adapters::text::check_length;
