//! The rules of [`crate::arguments`] applied where the engine reads a struct: a root wrapper
//! unwrapped, keys folded to their fields, near misses hinted, each recorded.

use serde_json::{Map, Value};

use super::Engine;
use crate::arguments::{self, Folded};
use crate::issue::{Input, Segment};
use crate::report::{Coercion, Rule};

/// Whether the root `map` may wrap the arguments (the quick test before [`unwrap_root`]).
#[inline]
pub(super) fn may_wrap(map: &Map<String, Value>, fields: &[&str]) -> bool {
    !fields.is_empty() && map.len() <= 2
}

/// The arguments inside the root's wrapper key, if any, noted `args_unwrapped`.
#[cold]
#[inline(never)]
pub(super) fn unwrap_root(value: &mut Value, engine: &Engine, fields: &[&str]) {
    let Value::Object(map) = value else { return };
    let tool = engine.call.tool.borrow();
    let Some(key) = arguments::wrapper(map, fields, tool.as_deref()).map(str::to_owned) else {
        return;
    };
    drop(tool);
    let object = match map.remove(&key) {
        Some(Value::Object(object)) => object,
        Some(Value::String(text)) => match arguments::object_in(&text) {
            Some(object) => object,
            None => return,
        },
        _ => return,
    };
    let members = object.len();
    engine.note(|| {
        Coercion::new(
            Rule::ArgsUnwrapped,
            Some(Input::Text(key)),
            crate::report::members(members),
        )
    });
    let outer = std::mem::replace(value, Value::Object(object));
    super::drop_flat(outer);
}

/// Whether every key of `map` names a field (the quick test before [`fold_keys`]).
#[inline]
pub(super) fn all_declared(map: &Map<String, Value>, fields: &[&str]) -> bool {
    map.keys().all(|key| fields.contains(&key.as_str()))
}

/// Read each key that folds to a field as that field (`key_fold`; clashes reported).
#[cold]
#[inline(never)]
pub(super) fn fold_keys(map: &mut Map<String, Value>, engine: &Engine, fields: &[&str]) {
    arguments::fold_into(map, fields, |folded| match folded {
        Folded::Moved { key, name } => engine.note(|| {
            let mut c = arguments::fold_note(key, name);
            engine.prepend_coercion(&mut c, Segment::key(name));
            c
        }),
        Folded::Clash { key, name } => {
            engine.record_with(|| crate::rules::keys::clash(name, key));
        }
        Folded::Dropped(value) => super::drop_flat(value),
    });
}

/// For each unknown key of `map`, the absent field it is a small edit from, if any.
pub(super) fn near_keys<'m>(
    map: &'m Map<String, Value>,
    fields: &[&'static str],
    absent: impl Fn(&str) -> bool,
) -> Vec<(&'m str, &'static str)> {
    let unknown: Vec<&str> = map
        .keys()
        .map(String::as_str)
        .filter(|key| !fields.contains(key))
        .collect();
    if unknown.is_empty() {
        return Vec::new();
    }
    let candidates: Vec<&'static str> = fields
        .iter()
        .copied()
        .filter(|f| !map.contains_key(*f) && absent(f))
        .collect();
    arguments::near_misses(&candidates, &unknown)
        .into_iter()
        .zip(candidates)
        .filter_map(|(key, field)| key.map(|key| (key, field)))
        .collect()
}

/// `unknown_ignored` at unknown keys close to an optional field left out.
#[cold]
#[inline(never)]
pub(super) fn note_ignored(
    map: &Map<String, Value>,
    engine: &Engine,
    fields: &[&'static str],
    missing: &[&str],
) {
    for (key, field) in near_keys(map, fields, |f| !missing.contains(&f)) {
        engine.note(|| {
            let mut c = Coercion::new(
                Rule::UnknownIgnored,
                Some(Input::from_text(key)),
                Some(Input::Text(field.to_owned())),
            );
            engine.prepend_coercion(&mut c, Segment::key(key));
            c
        });
    }
}

/// The absent field the unknown `key` is a small edit away from, if any.
#[cold]
pub(super) fn near_field(
    map: &Map<String, Value>,
    fields: &[&'static str],
    key: &str,
) -> Option<&'static str> {
    let candidates: Vec<&'static str> = fields
        .iter()
        .copied()
        .filter(|f| !map.contains_key(*f))
        .collect();
    let near = arguments::near_misses(&candidates, &[key]);
    candidates
        .into_iter()
        .zip(near)
        .find_map(|(field, key)| key.map(|_| field))
}
