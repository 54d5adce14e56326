//! The longest run of one char in a JSON value: how much of an input an output echoes,
//! when the input is that char repeated. Shared by `tests/all/hostile_echo.rs` and the fuzz
//! target `envelope`.

use serde_json::Value;

/// The longest run of `marker` in any string (keys and values) inside `value`.
pub fn longest_run(value: &Value, marker: char) -> usize {
    fn run(text: &str, marker: char) -> usize {
        let (mut best, mut now) = (0, 0);
        for c in text.chars() {
            now = if c == marker { now + 1 } else { 0 };
            best = best.max(now);
        }
        best
    }
    match value {
        Value::String(s) => run(s, marker),
        Value::Array(items) => items
            .iter()
            .map(|v| longest_run(v, marker))
            .max()
            .unwrap_or(0),
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| run(k, marker).max(longest_run(v, marker)))
            .max()
            .unwrap_or(0),
        _ => 0,
    }
}
