//! The every-issue pass inside unions, with the schema engine (docs/contract.md, Errors).
//! serde replays a tagged or untagged enum from its own buffer, so a refused call is read
//! again by the [`Coercer`]; its issues replace the typed issue at that member, and the
//! typed pass runs again without the member for every other issue.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use schemars::{JsonSchema, SchemaGenerator};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::coercer::Coercer;
use crate::engine::PlanSource;
use crate::issue::{Code, Path, Rejection, Segment};

/// Levels of a schema searched for a union, at most (schemars nests a few per type).
const MAX_SEARCH_DEPTH: u32 = 64;

thread_local! {
    /// Per type, its schema's coercer, or `None` without a union or compilable schema.
    static COERCERS: RefCell<HashMap<usize, Option<Rc<Unions>>>> = RefCell::new(HashMap::new());
}

/// A type's schema, with a union in it, and its coercer.
pub(super) struct Unions {
    schema: Value,
    coercer: Coercer,
}

/// The schema engine for `T` where its schema has a union; once per type and thread.
pub(super) fn coercer_of<T: JsonSchema>() -> Option<Rc<Unions>> {
    let key = coercer_of::<T> as fn() -> Option<Rc<Unions>> as usize;
    if let Some(found) = COERCERS.with(|c| c.borrow().get(&key).cloned()) {
        return found;
    }
    let schema = SchemaGenerator::new(super::settings())
        .into_root_schema_for::<T>()
        .to_value();
    let coercer = has_union(&schema, 0)
        .then(|| Coercer::compile(&schema).ok())
        .flatten()
        .map(|coercer| Rc::new(Unions { schema, coercer }));
    COERCERS.with(|c| c.borrow_mut().insert(key, coercer.clone()));
    coercer
}

/// Whether `schema` has a union ([`is_union`]) anywhere.
fn has_union(schema: &Value, depth: u32) -> bool {
    if depth > MAX_SEARCH_DEPTH {
        return false;
    }
    match schema {
        Value::Object(_) if is_union(schema) => true,
        Value::Object(map) => map.values().any(|value| has_union(value, depth + 1)),
        Value::Array(items) => items.iter().any(|item| has_union(item, depth + 1)),
        _ => false,
    }
}

/// The arguments object of JSON text as the text routes read it, or `None`.
pub(super) fn call_from_slice(json: &[u8]) -> Option<Value> {
    let (value, _) = crate::json_text::read(json).ok()?;
    crate::arguments::object(value, false)
        .ok()
        .map(|(value, _)| value)
}

/// `refused` with the issues inside `T`'s unions read by the schema engine.
pub(super) fn complement<T: DeserializeOwned + JsonSchema>(
    unions: &Unions,
    refused: Rejection,
    call: Value,
) -> Rejection {
    let inner = match unions.coercer.coerce_value(call.clone()) {
        Ok(_) => return refused,
        Err(found) => found.into_issues(),
    };
    // The union values the typed pass refused and the schema engine finds issues in: for
    // each typed issue, the outermost union at or above it.
    let mut members: Vec<Path> = Vec::new();
    for issue in refused.issues() {
        let segments = issue.path().segments();
        let union = (0..=segments.len())
            .map(|len| Path::from_segments(segments[..len].iter().cloned()))
            .find(|at| union_at(&unions.schema, at))
            .filter(|at| inner.iter().any(|i| at_or_beneath(i.path(), at)));
        if let Some(at) = union
            && !members.contains(&at)
        {
            members.push(at);
        }
    }
    if members.is_empty() {
        return refused;
    }
    // The whole call is the union (`T` an enum): the schema engine's issues are its own.
    // A union beside properties of its own (a `#[serde(flatten)]` enum) is not read this
    // way: the schema's keywords would speak for the struct's own fields too.
    if members.iter().any(Path::is_root) {
        let own_fields = resolve(&unions.schema, &unions.schema)
            .is_some_and(|root| root.get("properties").is_some());
        return if own_fields {
            refused
        } else {
            Rejection::new(inner)
        };
    }
    let mut without = call;
    if !members.iter().all(|path| remove(&mut without, path)) {
        return refused;
    }
    let (others, truncated) =
        match crate::entry::value_with::<T>(without, PlanSource::Schema(super::plan_of::<T>)) {
            Ok(_) => (Vec::new(), 0),
            Err(again) => {
                let truncated = again.truncated();
                (again.into_issues(), truncated)
            }
        };
    let others = others
        .into_iter()
        .filter(|i| !(i.code() == Code::Missing && members.contains(i.path())));
    let within = inner
        .into_iter()
        .filter(|i| members.iter().any(|at| at_or_beneath(i.path(), at)));
    Rejection::new(others.chain(within)).counting(truncated)
}

/// Whether the node reading the value at `path` is a union (the outermost found).
fn union_at(schema: &Value, path: &Path) -> bool {
    let mut node = resolve(schema, schema);
    for segment in path.segments() {
        let Some(here) = node else { return false };
        if is_union(here) {
            return false;
        }
        let next = match segment {
            Segment::Key(key) => here.get("properties").and_then(|p| p.get(key.as_str())),
            Segment::Index(_) => here.get("items"),
        };
        node = next.and_then(|next| resolve(schema, next));
    }
    node.is_some_and(is_union)
}

/// Whether `node` is a union of two shapes or more (a `null` branch does not count).
fn is_union(node: &Value) -> bool {
    ["oneOf", "anyOf"].iter().any(|keyword| {
        node.get(keyword)
            .and_then(Value::as_array)
            .is_some_and(|branches| {
                branches
                    .iter()
                    .filter(|b| b.get("type").and_then(Value::as_str) != Some("null"))
                    .count()
                    >= 2
            })
    })
}

/// `node`, or the definition its local `$ref` names, followed a few times at most.
fn resolve<'s>(root: &'s Value, mut node: &'s Value) -> Option<&'s Value> {
    for _ in 0..8 {
        match node.get("$ref").and_then(Value::as_str) {
            Some(reference) => node = root.pointer(reference.strip_prefix('#')?)?,
            None => return Some(node),
        }
    }
    None
}

fn at_or_beneath(path: &Path, above: &Path) -> bool {
    path.segments().starts_with(above.segments())
}

/// `value` without the member (a key) at `path`; whether it was there.
fn remove(value: &mut Value, path: &Path) -> bool {
    let Some((Segment::Key(last), parents)) = path.segments().split_last() else {
        return false;
    };
    let mut at = value;
    for segment in parents {
        let next = match (segment, at) {
            (Segment::Key(key), Value::Object(map)) => map.get_mut(key),
            (Segment::Index(index), Value::Array(items)) => items.get_mut(*index),
            _ => None,
        };
        match next {
            Some(next) => at = next,
            None => return false,
        }
    }
    match at {
        Value::Object(map) => map.remove(last).is_some(),
        _ => false,
    }
}
