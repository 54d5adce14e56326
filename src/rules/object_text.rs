//! Objects sent as JSON text: at most two layers of string encoding.
#![cfg_attr(not(feature = "coercer"), allow(dead_code, unused_imports))]

use serde_json::{Map, Value};

use crate::issue::Issue;

/// The object the string `text` holds (at most two layers), or the issue.
pub(crate) fn read(text: &str) -> Result<Map<String, Value>, Issue> {
    crate::adapters::json_object::decode_object(text, text, 1)
}
