//! Whether JSON text repeats a key in one object, at any depth, also inside strings that
//! hold JSON text (the adapters decode up to two layers of them).
//!
//! The text routes refuse a repeated key (`duplicate_key`), which a `Value` cannot hold and
//! plain serde reads otherwise; the targets that compare routes or compare with plain serde
//! skip such inputs.

use std::collections::HashSet;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// `Some(true)` when `json` is JSON with a repeated key somewhere, `Some(false)` when it is
/// JSON without one, `None` when it is not JSON.
pub fn has_duplicate_keys(json: &[u8]) -> Option<bool> {
    scan(json, 0)
}

fn scan(json: &[u8], layer: u8) -> Option<bool> {
    let mut de = serde_json::Deserializer::from_slice(json);
    let found = Scan { layer }.deserialize(&mut de).ok()?;
    de.end().ok()?;
    Some(found)
}

/// Strings that may hold JSON text, peeled this many layers deep.
const LAYERS: u8 = 3;

#[derive(Clone, Copy)]
struct Scan {
    layer: u8,
}

impl<'de> DeserializeSeed<'de> for Scan {
    type Value = bool;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<bool, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Scan {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<bool, E> {
        Ok(false)
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<bool, E> {
        Ok(false)
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<bool, E> {
        Ok(false)
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<bool, E> {
        Ok(false)
    }
    fn visit_unit<E: de::Error>(self) -> Result<bool, E> {
        Ok(false)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<bool, E> {
        let t = v.trim();
        if self.layer + 1 < LAYERS
            && (t.starts_with('{') || t.starts_with('[') || t.starts_with('"'))
        {
            return Ok(scan(t.as_bytes(), self.layer + 1).unwrap_or(false));
        }
        Ok(false)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<bool, A::Error> {
        let mut found = false;
        while let Some(f) = seq.next_element_seed(self)? {
            found |= f;
        }
        Ok(found)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<bool, A::Error> {
        let mut keys = HashSet::new();
        let mut found = false;
        while let Some(key) = map.next_key::<String>()? {
            // A key that holds JSON text (arguments encoded into a key) is read too.
            found |= self.visit_str::<A::Error>(&key)?;
            found |= !keys.insert(key);
            found |= map.next_value_seed(self)?;
        }
        Ok(found)
    }
}
