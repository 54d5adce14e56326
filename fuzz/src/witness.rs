//! A witness instance of a JSON Schema, for the dialect target: a small value built from
//! the schema's own keywords, which the target then checks against the schema with a real
//! validator (a witness the schema refuses is not used).
//!
//! The testing kit's generator (`mcp_coerce::testing`) is not public, so this is a small
//! one of its own. It generates what a client of the dialect sends, which is where the
//! dialects' documented narrowings (the `Dialect` docs) are followed:
//! - every profile but `canonical` gives a schema without a type or a union
//!   `"type": "string"` ("a schema that allows any value"), and infers a type from the
//!   keywords otherwise: no witness is built for an untyped schema (`None`);
//! - `conservative` keeps one branch of a union (a `string` one if any, else a numeric one
//!   if all are numeric, else the first) and only describes `null`: the witness takes that
//!   branch and is never `null`;
//! - `gemini` and `conservative` take empty strings out of an `enum`: the witness never
//!   picks one;
//! - `openai-strict` closes every object: the witness has declared properties only.

use mcp_coerce::dialect::Dialect;
use serde_json::{Map, Number, Value, json};

/// A few bits at a time from the fuzz input.
pub struct Bits<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bits<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Bits { data, at: 0 }
    }

    /// A number below `n` (0 when `n` is 0 or the bytes have run out).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 || self.data.is_empty() {
            return 0;
        }
        let byte = self.data[self.at % self.data.len()];
        self.at += 1;
        usize::from(byte) % n
    }

    pub fn bit(&mut self) -> bool {
        self.below(2) == 1
    }
}

/// Schema levels a witness goes down (the rewrites cut past `MAX_SCHEMA_DEPTH`, 32).
const DEPTH: usize = 24;
/// `$ref`s followed in a row.
const HOPS: usize = 16;

pub struct Witness<'a> {
    root: &'a Value,
    dialect: Dialect,
    bits: Bits<'a>,
    /// Write `null` for every declared property left out, as a strict client does
    /// (`openai-strict` lists every property in `required`, the optional ones nullable;
    /// `null_as_absent` removes them again): the witness normalized for that dialect.
    fill_nulls: bool,
}

impl<'a> Witness<'a> {
    pub fn new(root: &'a Value, dialect: Dialect, bits: Bits<'a>, fill_nulls: bool) -> Self {
        Witness {
            root,
            dialect,
            bits,
            fill_nulls,
        }
    }

    /// A witness of the root schema, if this generator can build one.
    pub fn generate(&mut self) -> Option<Value> {
        let witness = self.value(self.root, 0, 0, true)?;
        // Every profile but `canonical` makes the root an object (the arguments), whatever
        // the input's root says: a witness of another type has no counterpart.
        (self.dialect == Dialect::Canonical || witness.is_object()).then_some(witness)
    }

    fn conservative(&self) -> bool {
        self.dialect == Dialect::Conservative
    }

    fn value<'s>(
        &mut self,
        schema: &'s Value,
        depth: usize,
        hops: usize,
        root: bool,
    ) -> Option<Value>
    where
        'a: 's,
    {
        if depth > DEPTH || hops > HOPS {
            return None;
        }
        let map = schema.as_object()?;
        if let Some(reference) = map.get("$ref") {
            let target = self.resolve(reference.as_str()?)?;
            return self.value(target, depth, hops + 1, root);
        }
        if let Some(members) = map.get("allOf") {
            // The members merged into one schema (the rewrites merge them too); the
            // validator judges the witness against the real `allOf`.
            let mut merged = map.clone();
            merged.remove("allOf");
            for member in members.as_array()? {
                let member = self.follow(member, hops)?;
                for (k, v) in member.as_object()? {
                    match (k.as_str(), merged.get_mut(k)) {
                        ("properties", Some(Value::Object(have))) => {
                            for (name, s) in v.as_object()? {
                                have.entry(name.clone()).or_insert_with(|| s.clone());
                            }
                        }
                        ("required", Some(Value::Array(have))) => {
                            have.extend(v.as_array()?.iter().cloned());
                        }
                        (_, None) => {
                            merged.insert(k.clone(), v.clone());
                        }
                        _ => {}
                    }
                }
            }
            let merged = Value::Object(merged);
            return self.value(&merged, depth + 1, hops, root);
        }
        if let Some(c) = map.get("const") {
            return (!(self.conservative() && c.is_null())).then(|| c.clone());
        }
        if let Some(values) = map.get("enum") {
            let values: Vec<&Value> = values
                .as_array()?
                .iter()
                .filter(|v| !(self.dialect != Dialect::OpenAiStrict && v.as_str() == Some("")))
                .filter(|v| !(self.conservative() && v.is_null()))
                .collect();
            if values.is_empty() {
                return None;
            }
            let pick = self.bits.below(values.len());
            return Some(values[pick].clone());
        }
        for union in ["anyOf", "oneOf"] {
            if let Some(branches) = map.get(union) {
                let branches = branches.as_array()?;
                let branch = self.branch(branches, hops, root)?;
                return self.value(branch, depth + 1, hops, root);
            }
        }
        let ty = match map.get("type")? {
            Value::String(t) => t.as_str(),
            Value::Array(types) => {
                let types: Vec<&str> = types.iter().filter_map(Value::as_str).collect();
                self.type_of_union(&types, root)?
            }
            _ => return None,
        };
        match ty {
            "null" => (!self.conservative() && !(root && self.dialect != Dialect::Canonical))
                .then_some(Value::Null),
            "boolean" => Some(Value::Bool(self.bits.bit())),
            "integer" => Some(self.integer(map)),
            "number" => {
                if self.bits.bit() {
                    Some(self.integer(map))
                } else {
                    let low = map.get("minimum").and_then(Value::as_f64).unwrap_or(0.0);
                    Number::from_f64(low + 0.5).map(Value::Number)
                }
            }
            "string" => Some(self.string(map)),
            "array" => {
                let min = map.get("minItems").and_then(Value::as_u64).unwrap_or(0) as usize;
                let max = map
                    .get("maxItems")
                    .and_then(Value::as_u64)
                    .map_or(usize::MAX, |m| m as usize);
                let n = (min + self.bits.below(3)).min(max).max(min);
                if n == 0 {
                    return Some(json!([]));
                }
                if min > 8 {
                    return None;
                }
                let items = map.get("items").filter(|i| i.is_object())?;
                let mut out = Vec::with_capacity(n);
                for _ in 0..n {
                    out.push(self.value(items, depth + 1, hops, false)?);
                }
                Some(Value::Array(out))
            }
            "object" => {
                let empty = Map::new();
                let properties = match map.get("properties") {
                    Some(Value::Object(p)) => p,
                    Some(_) => return None,
                    None => &empty,
                };
                let required: Vec<&str> = map
                    .get("required")
                    .and_then(Value::as_array)
                    .map(|r| r.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                let mut out = Map::new();
                for (name, property) in properties {
                    if required.contains(&name.as_str()) || self.bits.bit() {
                        out.insert(name.clone(), self.value(property, depth + 1, hops, false)?);
                    } else if self.fill_nulls {
                        out.insert(name.clone(), Value::Null);
                    }
                }
                Some(Value::Object(out))
            }
            _ => None,
        }
    }

    fn follow<'s>(&self, schema: &'s Value, hops: usize) -> Option<&'s Value>
    where
        'a: 's,
    {
        let mut schema = schema;
        for _ in hops..HOPS {
            match schema.get("$ref").and_then(Value::as_str) {
                Some(r) => schema = self.resolve(r)?,
                None => return Some(schema),
            }
        }
        None
    }

    /// A local reference (`#` or `#/…`, RFC 6901 escapes).
    fn resolve(&self, reference: &str) -> Option<&'a Value> {
        let pointer = reference.strip_prefix('#')?;
        if pointer.contains('%') {
            return None;
        }
        self.root.pointer(pointer)
    }

    /// Whether a union here keeps one branch only: below the root in `conservative`, and
    /// at the root in every profile but `canonical` ("at the root, the arguments object is
    /// kept and the other branches are described", the `Profile` docs in crates/dialect).
    fn one_branch(&self, root: bool) -> bool {
        self.conservative() || (root && self.dialect != Dialect::Canonical)
    }

    /// The branch a one-branch union keeps, `null` branches aside (the root cannot be
    /// `null`; `conservative` only describes it): at the root an `object` one if any;
    /// else a `string` one if any; else, when all are numeric, a `number` one if any, else
    /// the first; else the first.
    fn kept(types: &[Vec<&str>], root: bool) -> Option<usize> {
        let live: Vec<usize> = (0..types.len())
            .filter(|&i| !(types[i].len() == 1 && types[i][0] == "null"))
            .collect();
        let has = |i: usize, t: &str| types[i].contains(&t);
        let numeric = |i: usize| {
            !types[i].is_empty() && types[i].iter().all(|t| matches!(*t, "number" | "integer"))
        };
        let first = *live.first()?;
        Some(
            root.then(|| live.iter().copied().find(|&i| has(i, "object")))
                .flatten()
                .or_else(|| live.iter().copied().find(|&i| has(i, "string")))
                .or_else(|| {
                    live.iter().all(|&i| numeric(i)).then(|| {
                        live.iter()
                            .copied()
                            .find(|&i| has(i, "number"))
                            .unwrap_or(first)
                    })
                })
                .unwrap_or(first),
        )
    }

    /// The branch of a union a client of the dialect sends.
    fn branch<'s>(&mut self, branches: &'s [Value], hops: usize, root: bool) -> Option<&'s Value>
    where
        'a: 's,
    {
        if branches.is_empty() {
            return None;
        }
        if branches.len() == 1 || !self.one_branch(root) {
            return Some(&branches[self.bits.below(branches.len())]);
        }
        let types: Vec<Vec<&str>> = branches
            .iter()
            .map(|b| match self.follow(b, hops).and_then(|b| b.get("type")) {
                Some(Value::String(t)) => vec![t.as_str()],
                Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            })
            .collect();
        // A branch without `type` gets one from its type-specific keywords in the rewrite
        // (`pattern` makes a string); which branch is kept then depends on rules this
        // generator does not model: no witness.
        if types.iter().any(Vec::is_empty) {
            return None;
        }
        Self::kept(&types, root).map(|i| &branches[i])
    }

    fn type_of_union<'t>(&mut self, types: &[&'t str], root: bool) -> Option<&'t str> {
        if types.is_empty() {
            return None;
        }
        // `openai-strict` keeps a type list as it is, also at the root.
        let list = self.dialect == Dialect::OpenAiStrict && !self.conservative();
        if types.len() == 1 || !self.one_branch(root) || (list && root) {
            let live: Vec<&'t str> = if root && self.dialect != Dialect::Canonical {
                types.iter().copied().filter(|t| *t != "null").collect()
            } else {
                types.to_vec()
            };
            if live.is_empty() {
                return None;
            }
            return Some(live[self.bits.below(live.len())]);
        }
        let branches: Vec<Vec<&str>> = types.iter().map(|t| vec![*t]).collect();
        let t = types[Self::kept(&branches, root)?];
        // All numeric: an integer witness is valid for either kept type.
        Some(if t == "number" { "integer" } else { t })
    }

    fn integer(&mut self, map: &Map<String, Value>) -> Value {
        let low = map.get("minimum").and_then(Value::as_f64).map(f64::ceil);
        let high = map.get("maximum").and_then(Value::as_f64).map(f64::floor);
        let ex_low = map
            .get("exclusiveMinimum")
            .and_then(Value::as_f64)
            .map(|x| x.floor() + 1.0);
        let ex_high = map
            .get("exclusiveMaximum")
            .and_then(Value::as_f64)
            .map(|x| x.ceil() - 1.0);
        let low = [low, ex_low]
            .into_iter()
            .flatten()
            .fold(f64::NEG_INFINITY, f64::max);
        let high = [high, ex_high]
            .into_iter()
            .flatten()
            .fold(f64::INFINITY, f64::min);
        let pick = self.bits.below(3) as f64;
        let n = if low.is_finite() {
            low + pick
        } else if high.is_finite() {
            high - pick
        } else {
            pick
        };
        let n = n.clamp(-9.0e15, 9.0e15) as i64;
        Value::Number(n.into())
    }

    fn string(&mut self, map: &Map<String, Value>) -> Value {
        let min = map
            .get("minLength")
            .and_then(Value::as_u64)
            .unwrap_or(0)
            .min(64) as usize;
        let n = min + self.bits.below(3);
        let max = map
            .get("maxLength")
            .and_then(Value::as_u64)
            .map_or(usize::MAX, |m| m as usize);
        let c = ['a', 'Z', '7', ' ', 'é'][self.bits.below(5)];
        Value::String(std::iter::repeat_n(c, n.min(max).max(min)).collect())
    }
}
