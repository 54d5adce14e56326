//! `serde_json::Value`s taken apart and measured without recursion: a call's value may be
//! nested deeper than a thread's stack allows recursion to go. At the bottom of the
//! crate's layers, with the issue model: the arguments rules and the engines use it.

use serde_json::Value;

/// Take `value` apart without recursion (a built `Value` may nest past the stack).
pub(crate) fn drop_flat(value: Value) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items.into_iter().filter(is_container)),
            Value::Object(map) => {
                stack.extend(map.into_iter().map(|(_, v)| v).filter(is_container))
            }
            _ => {}
        }
    }
}

fn is_container(value: &Value) -> bool {
    matches!(value, Value::Array(_) | Value::Object(_))
}

/// Whether `value` holds containers more than `levels` deep (counted without recursion).
pub(crate) fn deeper_than(value: &Value, levels: u32) -> bool {
    let mut stack = vec![(value, 1u32)];
    while let Some((value, depth)) = stack.pop() {
        let children: Box<dyn Iterator<Item = &Value>> = match value {
            Value::Array(items) => Box::new(items.iter()),
            Value::Object(map) => Box::new(map.values()),
            _ => continue,
        };
        if depth > levels {
            return true;
        }
        stack.extend(children.filter(|c| is_container(c)).map(|c| (c, depth + 1)));
    }
    false
}
