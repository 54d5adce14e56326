// Objects sent as JSON text: at most two layers of string encoding.
#![cfg_attr(not(feature = "coercer"), allow(dead_code, unused_imports))]

use serde_json::{Map, Value};

use crate::issue::Issue;

// The object the string `text` holds (at most two layers), each layer recorded as
// `json_string` in the call's report.
//
// # Errors
//
// `invalid_json` (text that does not parse), `invalid_type` (text that holds no object,
// a third layer).
pub(crate) fn read(text: &str) -> Result<Map<String, Value>, Issue> {
    crate::adapters::json_object::decode_object(text, text, 1)
}
