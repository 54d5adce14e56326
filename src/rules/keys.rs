//! Object keys: forbidden names, unknown keys, missing fields, and two keys for one field.
#![cfg_attr(not(feature = "coercer"), allow(dead_code, unused_imports))]

use serde_json::Value;

use crate::issue::{Code, Input, Issue, Path, Segment};
use crate::words::truncate;

/// Keys that pollute a JavaScript object's prototype: refused where the caller picks keys.
pub(crate) const FORBIDDEN: [&str; 3] = ["__proto__", "constructor", "prototype"];

/// `forbidden_key` at the key `key` itself (the path is the caller's to set).
#[cold]
pub(crate) fn forbidden_key(key: &str) -> Issue {
    crate::adapters::safe_object::forbidden_key(Path::root(), key)
}

/// The issues of forbidden keys anywhere in `value`, and of nesting past `max_depth`.
pub(crate) fn forbidden_in(value: &Value, max_depth: usize) -> Vec<Issue> {
    let mut out = Vec::new();
    // Arrays of arrays down to their first objects, without recursion.
    let mut stack: Vec<(&Value, Vec<usize>)> = vec![(value, Vec::new())];
    while let Some((value, at)) = stack.pop() {
        match value {
            Value::Object(object) => {
                let depth = max_depth.saturating_sub(at.len());
                if let Err(refused) = crate::adapters::safe_object::check_object(object, depth) {
                    for mut issue in refused.into_issues() {
                        for &i in at.iter().rev() {
                            issue.prepend(Segment::Index(i));
                        }
                        out.push(issue);
                    }
                }
            }
            Value::Array(items) if at.len() < max_depth => {
                // Only the containers: a scalar holds no key (an array of 1,000 ids costs a
                // type test per id, not a path each).
                for (i, item) in items.iter().enumerate().rev() {
                    if item.is_array() || item.is_object() {
                        let mut next = at.clone();
                        next.push(i);
                        stack.push((item, next));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// `unknown_field` at the key; `near`, a field it is a small edit from, names it in the hint.
#[cold]
pub(crate) fn unknown_field(declared: &[&str], near: Option<(&str, &str)>) -> Issue {
    let hint = match near {
        Some((key, field)) => unknown_hint(key, field),
        None if declared.is_empty() => "remove this field: the tool takes no arguments".to_owned(),
        None => format!(
            "remove this field; known fields: {}",
            truncate(&declared.join(", "))
        ),
    };
    Issue::new(Code::UnknownField, "unknown field")
        .with_hint(hint)
        .with_context("allowed", declared.to_vec())
}

/// The hint of `unknown_field` for `key`, a small edit away from `field`.
#[cold]
pub(crate) fn unknown_hint(key: &str, field: &str) -> String {
    format!(
        "did you mean `{}`? the call sent `{}`, which is not a field: send it as `{}`",
        truncate(field),
        truncate(key),
        truncate(field)
    )
}

/// `missing` at `field`; `sent`, a near-miss key sent for it, is hinted and in the context.
#[cold]
pub(crate) fn missing(field: &str, sent: Option<&str>) -> Issue {
    let issue = Issue::new(Code::Missing, "missing required field");
    let issue = match sent {
        None => issue.with_hint(format!(
            "add the required field `{}`; the tool's inputSchema says what it holds",
            truncate(field)
        )),
        Some(sent) => {
            let sent = truncate(sent);
            issue
                .with_hint(unknown_hint(&sent, field))
                .with_context("sent_key", sent)
        }
    };
    issue.at(Path::root().join(field))
}

/// `missing` at `field`, sent inside the wrapper key `wrapper` that was not unwrapped.
#[cold]
pub(crate) fn missing_inside(field: &str, wrapper: &str) -> Issue {
    Issue::new(Code::Missing, "missing required field")
        .with_hint(format!(
            "`{}` was sent inside `{}`: send it at the top level",
            truncate(field),
            truncate(wrapper)
        ))
        .at(Path::root().join(field))
}

/// `duplicate_key` at `field`: the call named it by more than one key (`key` among them).
#[cold]
pub(crate) fn clash(field: &str, key: &str) -> Issue {
    Issue::new(
        Code::DuplicateKey,
        "this field was sent under more than one key",
    )
    .with_input(Input::from_text(key))
    .with_hint(format!(
        "send `{}` once: the call also sent it as `{}`",
        truncate(field),
        truncate(key)
    ))
    .at(Path::root().join(field))
}
