//! JSON text read into a `Value`, noting every key repeated in one object (`serde_json`
//! keeps the last; a front end keeping the first would disagree about what was called).
//! Ancestors' paths are built only when a repeat is found, so a call without repeats costs
//! what `serde_json::from_slice::<Value>` does.

use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::map::Entry;
use serde_json::{Map, Number, Value};

use crate::issue::{Code, Input, Issue, MAX_ISSUES, Path, Segment};

/// `json` as a `Value`, with a `duplicate_key` issue per repeated key at its path.
pub(crate) fn read(json: &[u8]) -> Result<(Value, Repeats), serde_json::Error> {
    let repeats = RefCell::new(Repeats::default());
    let mut de = serde_json::Deserializer::from_slice(json);
    let value = Node {
        up: None,
        repeats: &repeats,
    }
    .deserialize(&mut de)?;
    de.end()?;
    Ok((value, repeats.into_inner()))
}

/// The repeated keys: an issue for each of the first [`MAX_ISSUES`], and how many more.
#[derive(Default)]
pub(crate) struct Repeats {
    pub(crate) issues: Vec<Issue>,
    pub(crate) more: usize,
}

/// Where a value sits: its segment, and the level above (`None` at the root).
struct Level<'a> {
    segment: Step<'a>,
    up: Option<&'a Level<'a>>,
}

#[derive(Clone, Copy)]
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// The seed, and visitor, of one value.
#[derive(Clone, Copy)]
struct Node<'a> {
    up: Option<&'a Level<'a>>,
    repeats: &'a RefCell<Repeats>,
}

impl Node<'_> {
    #[cold]
    #[inline(never)]
    fn repeated(&self, key: &str) {
        {
            // Past the cap, counted without building a path.
            let mut repeats = self.repeats.borrow_mut();
            if repeats.issues.len() >= MAX_ISSUES {
                repeats.more += 1;
                return;
            }
        }
        let mut steps = vec![Step::Key(key)];
        let mut at = self.up;
        while let Some(level) = at {
            steps.push(level.segment);
            at = level.up;
        }
        // Found before any type is read, so which keys are declared fields is not known: a
        // redacted path shows every key as the caller's.
        let path = Path::from_segments(steps.into_iter().rev().map(|s| match s {
            Step::Key(k) => Segment::key(k),
            Step::Index(i) => Segment::from(i),
        }))
        .keys_sent();
        self.repeats.borrow_mut().issues.push(
            Issue::new(
                Code::DuplicateKey,
                "this key appears more than once in its object",
            )
            .with_input(Input::from_text(key))
            .with_hint(format!(
                "send `{}` once: this call sent it more than once in the same object (its \
                 last occurrence was checked)",
                crate::words::truncate(key)
            ))
            .at(path),
        );
    }
}

impl<'de> DeserializeSeed<'de> for Node<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Node<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        // As serde_json's own `Value`: a float that is not finite cannot arrive from JSON
        // text, and would be `null`.
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        loop {
            let level = Level {
                segment: Step::Index(items.len()),
                up: self.up,
            };
            let node = Node {
                up: Some(&level),
                repeats: self.repeats,
            };
            match seq.next_element_seed(node)? {
                Some(item) => items.push(item),
                None => return Ok(Value::Array(items)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        // The keys of this object already reported: one issue per repeated key, however
        // often it repeats (built only when a key repeats).
        let mut reported: Option<HashSet<String>> = None;
        while let Some(key) = map.next_key::<String>()? {
            let value = {
                let level = Level {
                    segment: Step::Key(&key),
                    up: self.up,
                };
                map.next_value_seed(Node {
                    up: Some(&level),
                    repeats: self.repeats,
                })?
            };
            match object.entry(key) {
                Entry::Occupied(mut seen) => {
                    let reported = reported.get_or_insert_with(HashSet::new);
                    if !reported.contains(seen.key()) {
                        reported.insert(seen.key().clone());
                        self.repeated(seen.key());
                    }
                    seen.insert(value);
                }
                Entry::Vacant(new) => {
                    new.insert(value);
                }
            }
        }
        Ok(Value::Object(object))
    }
}
