//! The lax spellings of a value, driven by the JSON Schema it was made for: what the
//! contract's section "Coercion against a JSON Schema" reads back as the value itself
//! (numbers and booleans as strings, arrays and objects as JSON text, scalar and string
//! arrays as comma strings, enum strings in another case or with other separators, snake_case
//! keys in camelCase). Shared by tests/suite/published_schemas.rs (one spelling at a time,
//! against the canonical call) and tests/suite/typed_vs_schema.rs (any mix of them, typed
//! against schema).
//!
//! The schema at a location is read as the engine reads it: `$ref`s followed (drafts 4 to 7:
//! the siblings of a `$ref` ignored), `allOf` branches together, and of a union
//! (`anyOf`/`oneOf`) the first branch that admits the value. Where a union of two or more
//! branches that are not `{"type": "null"}` applies, the value itself gets no spelling, and
//! no key inside it is respelled: the contract reads a lax value there by the first branch
//! that accepts it after coercion, and a value valid as sent by its first branch that
//! matches, which need not be the branch the value was made for. (A spelling inside such a
//! value that the schema accepts as sent is left out by the callers, who judge each with a
//! validator.)
#![allow(
    dead_code,
    reason = "each test binary uses a different part of this module"
)]

use serde_json::{Map, Value};

/// What a spelling does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// An integer or number as its decimal text (`5` → `"5"`).
    NumericString,
    /// A boolean as `"true"`/`"false"`.
    BoolString,
    /// An array as JSON text.
    ArrayJson,
    /// An array of scalars or strings as a comma string.
    CommaString,
    /// An object (not the arguments themselves) as JSON text.
    ObjectJson,
    /// An enum or const string in another case, or with other separators.
    EnumFold,
    /// A snake_case key sent in camelCase.
    CamelKey,
    /// The whole arguments as JSON text.
    ArgumentsJson,
    /// An optional property sent as `""`.
    EmptyString,
    /// An optional property sent as `"null"`.
    NullString,
}

impl Kind {
    pub const ALL: [Kind; 10] = [
        Kind::NumericString,
        Kind::BoolString,
        Kind::ArrayJson,
        Kind::CommaString,
        Kind::ObjectJson,
        Kind::EnumFold,
        Kind::CamelKey,
        Kind::ArgumentsJson,
        Kind::EmptyString,
        Kind::NullString,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::NumericString => "numeric_string",
            Kind::BoolString => "bool_string",
            Kind::ArrayJson => "array_json",
            Kind::CommaString => "comma_string",
            Kind::ObjectJson => "object_json",
            Kind::EnumFold => "enum_fold",
            Kind::CamelKey => "camel_key",
            Kind::ArgumentsJson => "arguments_json",
            Kind::EmptyString => "empty_string",
            Kind::NullString => "null_string",
        }
    }
}

/// A name folded as the contract folds enum names and keys: lowercase, the separators
/// `-`, `_`, ` `, `/`, `.` removed.
pub fn fold(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, '-' | '_' | ' ' | '/' | '.'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// A step of a path into a value.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// A path as a JSON Pointer.
pub fn pointer(path: &[Seg]) -> String {
    path.iter()
        .map(|s| match s {
            Seg::Key(k) => format!("/{}", k.replace('~', "~0").replace('/', "~1")),
            Seg::Index(i) => format!("/{i}"),
        })
        .collect()
}

/// The value at `path` in `value`, cloned.
pub fn at(value: &Value, path: &[Seg]) -> Option<Value> {
    path.iter()
        .try_fold(value, |v, seg| match (seg, v) {
            (Seg::Key(k), Value::Object(m)) => m.get(k),
            (Seg::Index(i), Value::Array(a)) => a.get(*i),
            _ => None,
        })
        .cloned()
}

/// The value at `path` in `value`, mutably.
pub fn at_mut<'v>(value: &'v mut Value, path: &[Seg]) -> Option<&'v mut Value> {
    path.iter().try_fold(value, |v, seg| match (seg, v) {
        (Seg::Key(k), Value::Object(m)) => m.get_mut(k),
        (Seg::Index(i), Value::Array(a)) => a.get_mut(*i),
        _ => None,
    })
}

/// The schema objects that apply at one location to one value.
#[derive(Debug, Default)]
pub struct Facets<'a> {
    pub schemas: Vec<&'a Map<String, Value>>,
    /// A union of two or more branches that are not `{"type": "null"}` applies here.
    pub ambiguous: bool,
    /// Such a union applies here or around here: a key sent in another spelling may make
    /// the union pick another branch, which takes it as sent.
    pub in_union: bool,
}

impl<'a> Facets<'a> {
    /// The types every facet that has a `type` allows (`None`: no facet has one).
    pub fn types(&self) -> Option<Vec<&'a str>> {
        let mut out: Option<Vec<&'a str>> = None;
        for map in &self.schemas {
            let Some(t) = map.get("type") else { continue };
            let names: Vec<&str> = match t {
                Value::String(s) => vec![s.as_str()],
                Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
                _ => continue,
            };
            out = Some(match out {
                None => names,
                Some(prev) => prev.into_iter().filter(|n| names.contains(n)).collect(),
            });
        }
        out
    }

    fn has_type(&self, name: &str) -> bool {
        self.types().is_some_and(|t| t.contains(&name))
    }

    /// The names some facet lists in `required`.
    pub fn required(&self) -> Vec<&'a str> {
        let mut names: Vec<&str> = Vec::new();
        for map in &self.schemas {
            if let Some(Value::Array(r)) = map.get("required") {
                names.extend(r.iter().filter_map(Value::as_str));
            }
        }
        names
    }

    /// The declared property names.
    pub fn properties(&self) -> Vec<&'a str> {
        let mut names: Vec<&str> = Vec::new();
        for map in &self.schemas {
            if let Some(Value::Object(p)) = map.get("properties") {
                for k in p.keys() {
                    if !names.contains(&k.as_str()) {
                        names.push(k);
                    }
                }
            }
        }
        names
    }
}

/// A schema document, read for locations.
pub struct Schemas<'a> {
    root: &'a Value,
    /// Drafts 4 to 7: a `$ref` replaces its siblings.
    legacy_ref: bool,
}

/// Nested schema hops followed at one location, at most.
const MAX_HOPS: usize = 32;

impl<'a> Schemas<'a> {
    pub fn new(root: &'a Value) -> Schemas<'a> {
        let legacy_ref = root
            .get("$schema")
            .and_then(Value::as_str)
            .is_some_and(|s| s.contains("draft-0"));
        Schemas { root, legacy_ref }
    }

    pub fn root(&self) -> &'a Value {
        self.root
    }

    /// Whether tuples are written `items: [...]` (drafts 4 to 2019-09).
    pub fn legacy_items(&self) -> bool {
        self.root
            .get("$schema")
            .and_then(Value::as_str)
            .is_some_and(|s| s.contains("draft-0") || s.contains("2019-09"))
    }

    /// The schema a local `$ref` names.
    pub fn target(&self, reference: &str) -> Option<&'a Value> {
        let fragment = reference.strip_prefix('#')?;
        if fragment.is_empty() {
            return Some(self.root);
        }
        let decoded = percent_decode(fragment);
        self.root.pointer(&decoded)
    }

    /// `schema` past any `$ref` that stands alone (or that replaces its siblings).
    pub fn resolve(&self, mut schema: &'a Value) -> &'a Value {
        for _ in 0..MAX_HOPS {
            let Some(Value::String(r)) = schema.get("$ref") else {
                return schema;
            };
            let alone = self.legacy_ref
                || schema
                    .as_object()
                    .is_some_and(|m| m.keys().all(|k| k == "$ref" || is_annotation(k)));
            match self.target(r) {
                Some(t) if alone => schema = t,
                _ => return schema,
            }
        }
        schema
    }

    /// The facets of `schemas` (every schema that applies at one location) for `value`;
    /// `in_union` when a location around it is inside a union.
    pub fn facets(&self, schemas: &[&'a Value], value: &Value, in_union: bool) -> Facets<'a> {
        let mut out = Facets::default();
        for s in schemas {
            self.collect(s, value, &mut out, 0);
        }
        out.in_union = in_union || out.ambiguous;
        out
    }

    fn collect(&self, schema: &'a Value, value: &Value, out: &mut Facets<'a>, hops: usize) {
        if hops > MAX_HOPS {
            return;
        }
        let Value::Object(map) = schema else { return };
        if let Some(Value::String(r)) = map.get("$ref") {
            if let Some(t) = self.target(r) {
                self.collect(t, value, out, hops + 1);
            }
            if self.legacy_ref {
                return;
            }
        }
        out.schemas.push(map);
        if let Some(Value::Array(branches)) = map.get("allOf") {
            for b in branches {
                self.collect(b, value, out, hops + 1);
            }
        }
        for key in ["anyOf", "oneOf"] {
            let Some(Value::Array(branches)) = map.get(key) else {
                continue;
            };
            let real: Vec<&Value> = branches
                .iter()
                .filter(|b| !self.is_null_schema(b))
                .collect();
            if real.len() > 1 {
                out.ambiguous = true;
            }
            if value.is_null() {
                continue;
            }
            if let Some(b) = real.into_iter().find(|b| self.admits(b, value)) {
                self.collect(b, value, out, hops + 1);
            }
        }
    }

    /// `{"type": "null"}` (past `$ref`s).
    fn is_null_schema(&self, schema: &'a Value) -> bool {
        self.resolve(schema).get("type") == Some(&Value::String("null".into()))
    }

    /// Whether a union branch admits `value`: its type, its `enum`/`const`, and for an
    /// object the properties it fixes to a constant.
    fn admits(&self, branch: &'a Value, value: &Value) -> bool {
        let branch = self.resolve(branch);
        let Value::Object(map) = branch else {
            return branch != &Value::Bool(false);
        };
        if let Some(t) = map.get("type") {
            let names: Vec<&str> = match t {
                Value::String(s) => vec![s.as_str()],
                Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            if !names.iter().any(|n| type_admits(n, value)) {
                return false;
            }
        }
        if let Some(c) = map.get("const")
            && c != value
        {
            return false;
        }
        if let Some(Value::Array(e)) = map.get("enum")
            && !e.contains(value)
        {
            return false;
        }
        if let (Value::Object(obj), Some(Value::Object(props))) = (value, map.get("properties")) {
            for (name, sub) in props {
                let sub = self.resolve(sub);
                let fixed = sub.get("const").or_else(|| match sub.get("enum") {
                    Some(Value::Array(e)) if e.len() == 1 => e.first(),
                    _ => None,
                });
                if let (Some(fixed), Some(sent)) = (fixed, obj.get(name))
                    && fixed != sent
                {
                    return false;
                }
            }
        }
        true
    }

    /// The schemas that apply to the member `key` of an object with `facets`.
    pub fn member(&self, facets: &Facets<'a>, key: &str) -> Vec<&'a Value> {
        let mut out: Vec<&'a Value> = Vec::new();
        for map in &facets.schemas {
            if let Some(Value::Object(p)) = map.get("properties")
                && let Some(s) = p.get(key)
            {
                out.push(s);
            }
        }
        if out.is_empty() {
            for map in &facets.schemas {
                if let Some(s @ Value::Object(_)) = map.get("additionalProperties") {
                    out.push(s);
                }
            }
        }
        out
    }

    /// The schemas that apply to the element `i` of an array with `facets`.
    pub fn element(&self, facets: &Facets<'a>, i: usize) -> Vec<&'a Value> {
        let mut out: Vec<&'a Value> = Vec::new();
        for map in &facets.schemas {
            let (prefix, rest) = match (map.get("prefixItems"), map.get("items")) {
                (Some(Value::Array(p)), items) if !self.legacy_items() => (Some(p), items),
                (_, Some(Value::Array(p))) if self.legacy_items() => {
                    (Some(p), map.get("additionalItems"))
                }
                (_, items) => (None, items),
            };
            match prefix.and_then(|p| p.get(i)) {
                Some(s) => out.push(s),
                None => {
                    if let Some(s @ Value::Object(_)) = rest {
                        out.push(s);
                    }
                }
            }
        }
        out
    }

    /// How a comma string is read for an array with `facets`, as the engine decides it:
    /// by the `type` (or `enum`/`const` values) of `items` past `$ref`s, never of a union.
    fn item_kind(&self, facets: &Facets<'a>) -> ItemKind {
        let mut kind = ItemKind::Other;
        for map in &facets.schemas {
            if map.contains_key("prefixItems") {
                return ItemKind::Other;
            }
            let Some(items) = map.get("items") else {
                continue;
            };
            if items.is_array() {
                return ItemKind::Other;
            }
            let items = self.resolve(items);
            let mut types: Vec<&str> = match items.get("type") {
                Some(Value::String(s)) => vec![s.as_str()],
                Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
                _ => {
                    let values: Vec<&Value> = match (items.get("enum"), items.get("const")) {
                        (Some(Value::Array(e)), _) => e.iter().collect(),
                        (None, Some(c)) => vec![c],
                        _ => Vec::new(),
                    };
                    values.into_iter().map(json_type).collect()
                }
            };
            types.retain(|t| *t != "null");
            kind = if types.is_empty() {
                ItemKind::Other
            } else if types
                .iter()
                .all(|t| matches!(*t, "integer" | "number" | "boolean"))
            {
                ItemKind::Scalars
            } else if types.iter().all(|t| *t == "string") {
                ItemKind::Strings
            } else {
                ItemKind::Other
            };
        }
        kind
    }

    /// The value spellings of `value` at a location with `facets` (`root`: the arguments
    /// themselves, whose JSON text is [`Kind::ArgumentsJson`], not offered here), each
    /// with the value sent. `sent` is the value whose JSON text is offered for an array or
    /// object (the value with its own members respelled, or `value` itself).
    pub fn forms(
        &self,
        facets: &Facets<'a>,
        value: &Value,
        sent: &Value,
        root: bool,
    ) -> Vec<(Kind, Value)> {
        if facets.ambiguous {
            return Vec::new();
        }
        let mut out = Vec::new();
        match value {
            Value::Number(n) if facets.has_type("integer") || facets.has_type("number") => {
                out.push((Kind::NumericString, Value::String(n.to_string())));
            }
            Value::Bool(b) if facets.has_type("boolean") => {
                out.push((Kind::BoolString, Value::String(b.to_string())));
            }
            Value::Array(items) if facets.has_type("array") => {
                out.push((Kind::ArrayJson, Value::String(sent.to_string())));
                if let Some(text) = comma_text(self.item_kind(facets), items) {
                    out.push((Kind::CommaString, Value::String(text)));
                }
            }
            Value::Object(_) if facets.has_type("object") && !root => {
                out.push((Kind::ObjectJson, Value::String(sent.to_string())));
            }
            Value::String(s) => {
                for respelled in enum_respellings(facets, s) {
                    out.push((Kind::EnumFold, Value::String(respelled)));
                }
            }
            _ => {}
        }
        out
    }

    /// The camelCase keys a snake_case key of `object` may be sent as: a declared property
    /// whose name has an `_`, whose camelCase spelling is no declared property, and that no
    /// other declared property or key sent folds to.
    pub fn camel_keys(
        &self,
        facets: &Facets<'a>,
        object: &Map<String, Value>,
    ) -> Vec<(String, String)> {
        if facets.in_union {
            return Vec::new();
        }
        let declared = facets.properties();
        let mut out = Vec::new();
        for key in object.keys() {
            if !declared.contains(&key.as_str()) {
                continue;
            }
            let Some(camel) = camel_case(key) else {
                continue;
            };
            let folded = fold(key);
            let declared_folding = declared.iter().filter(|d| fold(d) == folded).count();
            let sent_folding = object.keys().filter(|k| fold(k) == folded).count();
            if declared.contains(&camel.as_str()) || declared_folding != 1 || sent_folding != 1 {
                continue;
            }
            out.push((key.clone(), camel));
        }
        out
    }

    /// Every location of `value` (made for `schemas`), outermost first, with its facets.
    pub fn locations(
        &self,
        schemas: &[&'a Value],
        value: &Value,
        in_union: bool,
        path: &mut Vec<Seg>,
        out: &mut Vec<(Vec<Seg>, Facets<'a>)>,
    ) {
        let facets = self.facets(schemas, value, in_union);
        let in_union = facets.in_union;
        let children: Vec<(Seg, Vec<&'a Value>)> = match value {
            Value::Object(map) => map
                .keys()
                .map(|k| (Seg::Key(k.clone()), self.member(&facets, k)))
                .collect(),
            Value::Array(items) => (0..items.len())
                .map(|i| (Seg::Index(i), self.element(&facets, i)))
                .collect(),
            _ => Vec::new(),
        };
        out.push((path.clone(), facets));
        for (seg, child_schemas) in children {
            if child_schemas.is_empty() {
                continue;
            }
            let child = match (&seg, value) {
                (Seg::Key(k), Value::Object(m)) => &m[k],
                (Seg::Index(i), Value::Array(a)) => &a[*i],
                _ => continue,
            };
            path.push(seg);
            self.locations(&child_schemas, child, in_union, path, out);
            path.pop();
        }
    }

    /// `value` (made for `schemas`) with lax spellings mixed in: at every location,
    /// members first, `choose(n)` picks one of `n` options (0: as it is).
    pub fn respell(
        &self,
        schemas: &[&'a Value],
        value: &Value,
        root: bool,
        in_union: bool,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Value {
        let facets = self.facets(schemas, value, in_union);
        let in_union = facets.in_union;
        let sent = match value {
            Value::Object(map) => {
                let mut out = Map::new();
                for (k, v) in map {
                    let child = self.member(&facets, k);
                    let v = if child.is_empty() {
                        v.clone()
                    } else {
                        self.respell(&child, v, false, in_union, choose)
                    };
                    out.insert(k.clone(), v);
                }
                for (key, camel) in self.camel_keys(&facets, map) {
                    if choose(2) == 1
                        && let Some(v) = out.remove(&key)
                    {
                        out.insert(camel, v);
                    }
                }
                Value::Object(out)
            }
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        let child = self.element(&facets, i);
                        if child.is_empty() {
                            v.clone()
                        } else {
                            self.respell(&child, v, false, in_union, choose)
                        }
                    })
                    .collect(),
            ),
            other => other.clone(),
        };
        let forms = self.forms(&facets, value, &sent, root);
        match choose(forms.len() + 1) {
            0 => sent,
            k => forms.into_iter().nth(k - 1).map_or(sent, |(_, v)| v),
        }
    }
}

/// How an array's comma string is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ItemKind {
    Scalars,
    Strings,
    Other,
}

/// The comma string of `items`, where the contract reads it back as the same items: scalar
/// items written as JSON writes them; string items without commas, edge white space,
/// quotes or brackets at their start; at least one item; never the text `null` (which an
/// optional property reads as absent).
fn comma_text(kind: ItemKind, items: &[Value]) -> Option<String> {
    if items.is_empty() {
        return None;
    }
    let pieces: Option<Vec<String>> = items
        .iter()
        .map(|item| match (kind, item) {
            (ItemKind::Scalars, Value::Number(n)) => Some(n.to_string()),
            (ItemKind::Scalars, Value::Bool(b)) => Some(b.to_string()),
            (ItemKind::Strings, Value::String(s))
                if !s.is_empty()
                    && s.trim() == s
                    && !s.contains(',')
                    && !s.starts_with(['[', '"', '\'']) =>
            {
                Some(s.clone())
            }
            _ => None,
        })
        .collect();
    let text = pieces?.join(",");
    (text != "null").then_some(text)
}

/// Another spelling of the enum (or const) string `s` that folds to it and to no other
/// value: `s` in the other ASCII case, and `s` with its separators swapped.
fn enum_respellings(facets: &Facets<'_>, s: &str) -> Vec<String> {
    let lists: Vec<Vec<&Value>> = facets
        .schemas
        .iter()
        .filter_map(|m| match (m.get("enum"), m.get("const")) {
            (Some(Value::Array(e)), _) => Some(e.iter().collect()),
            (None, Some(c)) => Some(vec![c]),
            _ => None,
        })
        .collect();
    if lists.is_empty() {
        return Vec::new();
    }
    let folded = fold(s);
    let unique = lists.iter().all(|values| {
        values
            .iter()
            .filter(|v| v.as_str().is_some_and(|m| fold(m) == folded))
            .count()
            == 1
    });
    if !unique {
        return Vec::new();
    }
    let case = if s.bytes().any(|b| b.is_ascii_lowercase()) {
        s.to_ascii_uppercase()
    } else {
        s.to_ascii_lowercase()
    };
    let separators: String = s
        .chars()
        .map(|c| match c {
            '_' => '-',
            '-' | ' ' | '/' | '.' => '_',
            c => c,
        })
        .collect();
    let mut out: Vec<String> = Vec::new();
    for candidate in [case, separators] {
        let member = lists
            .iter()
            .any(|values| values.iter().any(|v| v.as_str() == Some(&candidate)));
        if candidate != s && !member && fold(&candidate) == folded && !out.contains(&candidate) {
            out.push(candidate);
        }
    }
    out
}

/// `snake_case` as `snakeCase`, for a name of lowercase ASCII letters, digits and single
/// inner `_`s that has at least one `_`.
fn camel_case(name: &str) -> Option<String> {
    let ok = name.contains('_')
        && !name.starts_with('_')
        && !name.ends_with('_')
        && !name.contains("__")
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if !ok {
        return None;
    }
    let mut out = String::new();
    for (i, part) in name.split('_').enumerate() {
        if i == 0 {
            out.push_str(part);
        } else {
            let mut chars = part.chars();
            if let Some(first) = chars.next() {
                out.push(first.to_ascii_uppercase());
                out.push_str(chars.as_str());
            }
        }
    }
    (out != name).then_some(out)
}

/// Whether the JSON type `name` admits `value` (an integral number is an `integer`).
fn type_admits(name: &str, value: &Value) -> bool {
    match (name, value) {
        ("null", Value::Null)
        | ("boolean", Value::Bool(_))
        | ("number", Value::Number(_))
        | ("string", Value::String(_))
        | ("array", Value::Array(_))
        | ("object", Value::Object(_)) => true,
        ("integer", Value::Number(n)) => {
            n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
        }
        _ => false,
    }
}

/// The JSON type name of a value.
pub fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn is_annotation(key: &str) -> bool {
    matches!(
        key,
        "$schema"
            | "$comment"
            | "title"
            | "description"
            | "examples"
            | "default"
            | "deprecated"
            | "readOnly"
            | "writeOnly"
            | "$defs"
            | "definitions"
    ) || key.starts_with("x-")
}

/// `%XX` escapes of a URI fragment decoded.
fn percent_decode(fragment: &str) -> String {
    let bytes = fragment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = fragment.get(i + 1..i + 3)
            && let Ok(b) = u8::from_str_radix(hex, 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// JSON equality, with numbers compared by value (`5` equals `5.0`).
pub fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(x), Some(y)) => x == y,
            _ => match (x.as_u64(), y.as_u64()) {
                (Some(x), Some(y)) => x == y,
                _ => x.as_f64() == y.as_f64(),
            },
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}
