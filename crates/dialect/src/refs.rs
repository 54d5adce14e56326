//! Inlining local `$ref`s ([`inline_refs`]), with recursion cut at the second visit, a
//! depth cap and a size budget.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::keywords;
use super::keywords::{SUBSCHEMA, SUBSCHEMA_ARRAY, SUBSCHEMA_MAP};
use crate::{Note, NoteKind, Pointer, Rewritten};

/// Schemas nested deeper than this many schema levels (each `properties/x`, `items`,
/// `anyOf/0`, … is one level) are cut and replaced by a permissive schema, with a note.
pub const MAX_SCHEMA_DEPTH: usize = 32;

/// Inlining `$ref`s copies at most this many units in all: one per JSON value, and one
/// more per 16 bytes of each string and key (so about 320 KB of text at most); a reference
/// past the budget becomes a permissive schema, with a note.
pub const MAX_INLINED_NODES: usize = 20_000;

/// Standard JSON Schema with every local `$ref` replaced by the schema it points to, and
/// `$defs`/`definitions` removed: for clients that read JSON Schema but cannot resolve
/// references. Nothing else changes.
///
/// A reference to a schema it is inside of (a recursive structure) is followed once; at
/// its second visit it becomes `{"type": <the target's type>}` with a description saying
/// that the structure is recursive. An unresolvable or non-local reference (`#foo`,
/// `other.json#/x`) becomes `{}` with its sibling keywords. Sibling keywords of a `$ref`
/// are merged into the inlined schema (annotations such as `description` from the
/// sibling win; for a conflicting constraint the target's value is kept, with a note).
///
/// # Examples
///
/// ```
/// use mcp_coerce_dialect::inline_refs;
/// use serde_json::json;
///
/// let schema = json!({
///     "type": "object",
///     "properties": {"tree": {"$ref": "#/$defs/Node", "description": "The root."}},
///     "$defs": {"Node": {
///         "type": "object",
///         "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}
///     }}
/// });
/// let out = inline_refs(&schema);
/// assert_eq!(out.schema["properties"]["tree"]["description"], "The root.");
/// assert_eq!(
///     out.schema["properties"]["tree"]["properties"]["children"]["items"],
///     json!({"type": "object", "description": "Recursive: the same structure as #/$defs/Node."})
/// );
/// assert_eq!(out.schema.get("$defs"), None);
/// ```
pub fn inline_refs(schema: &Value) -> Rewritten {
    let mut notes = Vec::new();
    let schema = inline(schema, &mut notes);
    Rewritten { schema, notes }
}

/// `schema` with every local `$ref` inlined and `$defs`/`definitions` removed.
pub(super) fn inline(schema: &Value, notes: &mut Vec<Note>) -> Value {
    let mut inliner = Inliner {
        root: schema,
        notes,
        budget: MAX_INLINED_NODES,
        jump_sites: Vec::new(),
    };
    inliner.walk(schema, &Pointer::root(), &[], 0)
}

struct Inliner<'a, 'n> {
    root: &'a Value,
    notes: &'n mut Vec<Note>,
    /// JSON values that may still be copied by inlining.
    budget: usize,
    /// Where in the original document each `$ref` being expanded was (outermost first).
    jump_sites: Vec<Vec<String>>,
}

impl Inliner<'_, '_> {
    /// `schema` (found at `origin` in the original document, shown at `path`) rewritten.
    fn walk(&mut self, schema: &Value, path: &Pointer, origin: &[String], depth: usize) -> Value {
        let Value::Object(map) = schema else {
            return schema.clone();
        };
        if depth > MAX_SCHEMA_DEPTH {
            self.notes.push(Note::new(path, "", NoteKind::TooDeep, ""));
            return stand_in(map, "Nested too deep to describe here.");
        }
        if let Some(Value::String(reference)) = map.get("$ref") {
            return self.expand(map, reference, path, origin, depth);
        }
        let mut out = BTreeMap::new();
        for (key, value) in sorted(map) {
            if key == "$defs" || key == "definitions" {
                continue;
            }
            let here = |seg: &str| {
                let mut o = origin.to_vec();
                o.push(key.clone());
                if !seg.is_empty() {
                    o.push(seg.to_owned());
                }
                o
            };
            let rewritten = match value {
                Value::Object(children) if SUBSCHEMA_MAP.contains(&key.as_str()) => {
                    let mut inner = BTreeMap::new();
                    for (name, child) in sorted(children) {
                        let at = path.clone().join(key.as_str()).join(name.as_str());
                        inner.insert(name.clone(), self.walk(child, &at, &here(name), depth + 1));
                    }
                    Value::Object(inner.into_iter().collect())
                }
                Value::Array(children) if SUBSCHEMA_ARRAY.contains(&key.as_str()) => Value::Array(
                    children
                        .iter()
                        .enumerate()
                        .map(|(i, child)| {
                            let at = path.clone().join(key.as_str()).join(i);
                            self.walk(child, &at, &here(&i.to_string()), depth + 1)
                        })
                        .collect(),
                ),
                Value::Object(_) if SUBSCHEMA.contains(&key.as_str()) => {
                    let at = path.clone().join(key.as_str());
                    self.walk(value, &at, &here(""), depth + 1)
                }
                Value::Object(deps) if key == "dependencies" => {
                    // Draft 7: each value is a schema or a list of names.
                    let mut inner = BTreeMap::new();
                    for (name, child) in sorted(deps) {
                        let at = path.clone().join(key.as_str()).join(name.as_str());
                        inner.insert(name.clone(), self.walk(child, &at, &here(name), depth + 1));
                    }
                    Value::Object(inner.into_iter().collect())
                }
                other => other.clone(),
            };
            out.insert(key.clone(), rewritten);
        }
        if map.contains_key("$defs") || map.contains_key("definitions") {
            let keyword = if map.contains_key("$defs") {
                "$defs"
            } else {
                "definitions"
            };
            self.notes.push(Note::new(
                path,
                keyword,
                NoteKind::Dropped,
                "definitions are inlined where they are referenced",
            ));
        }
        Value::Object(out.into_iter().collect())
    }

    /// The schema a `$ref` points to, inlined, with the `$ref`'s sibling keywords merged.
    fn expand(
        &mut self,
        map: &Map<String, Value>,
        reference: &str,
        path: &Pointer,
        origin: &[String],
        depth: usize,
    ) -> Value {
        let mut siblings = map.clone();
        siblings.remove("$ref");
        // The siblings are walked as a schema of their own (they may hold references too).
        let siblings = match self.walk(&Value::Object(siblings), path, origin, depth) {
            Value::Object(m) => m,
            _ => Map::new(),
        };
        let Some(pointer) = parse_pointer(reference) else {
            self.notes.push(Note::new(
                path,
                "$ref",
                NoteKind::Unresolved,
                format!("{reference} (only local JSON Pointer references are inlined)"),
            ));
            return Value::Object(siblings);
        };
        let Some(target) = resolve(self.root, &pointer) else {
            self.notes
                .push(Note::new(path, "$ref", NoteKind::Unresolved, reference));
            return Value::Object(siblings);
        };
        if self.jump_sites.len() >= MAX_SCHEMA_DEPTH {
            self.notes
                .push(Note::new(path, "$ref", NoteKind::TooDeep, reference));
            let cut = stand_in_of(target, "Nested too deep to describe here.");
            return merge_cut(cut, siblings);
        }
        let recursive = self
            .jump_sites
            .iter()
            .map(Vec::as_slice)
            .chain([origin])
            .any(|site| site.starts_with(&pointer));
        if recursive {
            self.notes
                .push(Note::new(path, "$ref", NoteKind::Recursive, reference));
            let cut = stand_in_of(
                target,
                &format!("Recursive: the same structure as {reference}."),
            );
            return merge_cut(cut, siblings);
        }
        let size = count_up_to(target, self.budget + 1);
        if size > self.budget {
            self.notes
                .push(Note::new(path, "$ref", NoteKind::TooLarge, reference));
            let cut = stand_in_of(target, &format!("Not inlined: {reference}."));
            return merge_cut(cut, siblings);
        }
        self.budget -= size;
        self.notes
            .push(Note::new(path, "$ref", NoteKind::Inlined, reference));
        self.jump_sites.push(origin.to_vec());
        let inlined = self.walk(target, path, &pointer, depth);
        self.jump_sites.pop();
        match inlined {
            Value::Object(base) => merge_over(base, siblings, path, self.notes),
            // A boolean schema: `true` adds nothing to the siblings; `false` refuses all.
            Value::Bool(true) => Value::Object(siblings),
            other => other,
        }
    }
}

/// The keys of `map` in sorted order, whatever `serde_json`'s map keeps.
pub(super) fn sorted(map: &Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut entries: Vec<_> = map.iter().collect();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    entries
}

/// A permissive schema standing in for `schema`: its `type` when it names one, and a
/// description.
fn stand_in(schema: &Map<String, Value>, description: &str) -> Value {
    // Inserted in sorted order: `description` before `type`.
    let mut out = Map::new();
    out.insert("description".into(), Value::String(description.to_owned()));
    if let Some(ty @ Value::String(_)) = schema.get("type") {
        out.insert("type".into(), ty.clone());
    }
    Value::Object(out)
}

fn stand_in_of(target: &Value, description: &str) -> Map<String, Value> {
    let empty = Map::new();
    let map = target.as_object().unwrap_or(&empty);
    match stand_in(map, description) {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// A stand-in under the `$ref`'s siblings: the siblings win, except that the stand-in's
/// sentence is appended to their description.
fn merge_cut(mut cut: Map<String, Value>, siblings: Map<String, Value>) -> Value {
    let said = cut.remove("description");
    for (key, value) in siblings {
        cut.insert(key, value);
    }
    if let Some(Value::String(said)) = said {
        let own = cut.get("description").and_then(Value::as_str);
        let text = keywords::append(own, &[said]);
        cut.insert(
            "description".into(),
            text.map_or(Value::Null, Value::String),
        );
    }
    Value::Object(resorted(cut))
}

/// Keywords whose value from the referring schema (or the enclosing schema of an `allOf`)
/// replaces the target's: annotations.
fn annotation(keyword: &str) -> bool {
    matches!(
        keyword,
        "description"
            | "title"
            | "default"
            | "examples"
            | "example"
            | "$comment"
            | "deprecated"
            | "readOnly"
            | "writeOnly"
    )
}

/// `extra` merged over `base`: annotations from `extra` win, `properties` are united,
/// `required` lists are joined; for any other keyword both give, `base`'s value is kept
/// (with a note when they differ).
pub(super) fn merge_over(
    mut base: Map<String, Value>,
    extra: Map<String, Value>,
    path: &Pointer,
    notes: &mut Vec<Note>,
) -> Value {
    for (key, value) in sorted(&extra) {
        let Some(existing) = base.get_mut(key) else {
            base.insert(key.clone(), value.clone());
            continue;
        };
        if existing == value {
            continue;
        }
        match (key.as_str(), &mut *existing, value) {
            (k, _, _) if annotation(k) => *existing = value.clone(),
            ("properties", Value::Object(mine), Value::Object(theirs)) => {
                for (name, schema) in sorted(theirs) {
                    if !mine.contains_key(name) {
                        mine.insert(name.clone(), schema.clone());
                    } else if mine.get(name) != Some(schema) {
                        notes.push(Note::new(
                            &path.clone().join("properties").join(name.as_str()),
                            "properties",
                            NoteKind::Dropped,
                            "two merged schemas define this property; the first is kept",
                        ));
                    }
                }
            }
            ("required", Value::Array(mine), Value::Array(theirs)) => {
                for name in theirs {
                    if !mine.contains(name) {
                        mine.push(name.clone());
                    }
                }
            }
            (k, _, _) => notes.push(Note::new(
                path,
                k,
                NoteKind::Dropped,
                format!("conflicting value {} not merged", keywords::quote(value)),
            )),
        }
    }
    Value::Object(resorted(base))
}

/// `map` rebuilt in sorted key order (and its `properties`), so that the output is the
/// same whether or not `serde_json` keeps insertion order.
fn resorted(map: Map<String, Value>) -> Map<String, Value> {
    let mut sorted: BTreeMap<String, Value> = map.into_iter().collect();
    if let Some(Value::Object(props)) = sorted.get_mut("properties") {
        let inner: BTreeMap<String, Value> = std::mem::take(props).into_iter().collect();
        *props = inner.into_iter().collect();
    }
    sorted.into_iter().collect()
}

/// The segments of a local JSON Pointer reference (`#`, `#/a/b~1c`), or `None` for
/// anything else.
fn parse_pointer(reference: &str) -> Option<Vec<String>> {
    let fragment = reference.strip_prefix('#')?;
    let fragment = percent_decode(fragment)?;
    if fragment.is_empty() {
        return Some(Vec::new());
    }
    let rest = fragment.strip_prefix('/')?;
    Some(
        rest.split('/')
            .map(|s| s.replace("~1", "/").replace("~0", "~"))
            .collect(),
    )
}

fn percent_decode(text: &str) -> Option<String> {
    if !text.contains('%') {
        return Some(text.to_owned());
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The value at `pointer` inside `root`.
pub(super) fn resolve<'a>(root: &'a Value, pointer: &[String]) -> Option<&'a Value> {
    pointer.iter().try_fold(root, |at, seg| match at {
        Value::Object(map) => map.get(seg),
        Value::Array(items) => {
            if seg.len() > 1 && seg.starts_with('0') {
                return None;
            }
            items.get(seg.parse::<usize>().ok()?)
        }
        _ => None,
    })
}

/// Resolve a `$ref` string against `root` (local pointers only).
pub(super) fn resolve_ref<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    resolve(root, &parse_pointer(reference)?)
}

/// How many JSON values `value` holds, counting stops past `limit`.
fn count_up_to(value: &Value, limit: usize) -> usize {
    let mut stack = vec![value];
    let mut n = 0usize;
    while let Some(v) = stack.pop() {
        n = n.saturating_add(1);
        match v {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => {
                for (key, member) in map {
                    n = n.saturating_add(key.len() / BYTES_PER_UNIT);
                    stack.push(member);
                }
            }
            Value::String(text) => n = n.saturating_add(text.len() / BYTES_PER_UNIT),
            _ => {}
        }
        if n > limit {
            return n;
        }
    }
    n
}

/// Bytes of a string or key that count as one more unit of the inlining budget: a long
/// description copied at every reference would otherwise cost one unit each time.
const BYTES_PER_UNIT: usize = 16;
