//! A JSON Schema compiled once into the nodes the coercion walks: keywords checked for their
//! shape, local `$ref`s resolved, patterns compiled, tagged unions found. An unusable schema
//! is a [`SchemaError`] with its path; an unreadable `pattern` is skipped with a [`Warning`].

use std::collections::HashMap;

use serde_json::{Map, Number, Value};

use super::pattern::Pattern;
use super::{SchemaError, Warning};
use crate::rules::format::Format;

/// The index of a node.
pub(crate) type Id = u32;

/// Schema objects nested deeper than this are refused when compiled.
const MAX_SCHEMA_DEPTH: usize = 256;

/// Nodes one schema may compile into, at most (a bound on a hostile schema's work).
const MAX_NODES: usize = 200_000;

/// The JSON Schema draft a schema is read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Draft {
    D4,
    D6,
    D7,
    D2019,
    D2020,
}

impl Draft {
    /// The draft `$schema` names; 2020-12 when it names none the engine knows.
    fn of(schema: &Value) -> Draft {
        let Some(uri) = schema.get("$schema").and_then(Value::as_str) else {
            return Draft::D2020;
        };
        let uri = uri.trim_end_matches('#');
        if uri.contains("draft-04") {
            Draft::D4
        } else if uri.contains("draft-06") {
            Draft::D6
        } else if uri.contains("draft-07") {
            Draft::D7
        } else if uri.contains("2019-09") {
            Draft::D2019
        } else {
            Draft::D2020
        }
    }

    /// `$ref` beside other keywords: ignored by drafts 4 to 7, applied with them after.
    fn ref_overrides(self) -> bool {
        self <= Draft::D7
    }

    /// `items` as an array of schemas (a tuple), with `additionalItems` after it.
    fn tuple_items(self) -> bool {
        self <= Draft::D2019
    }
}

/// The JSON types, as bits.
pub(crate) mod types {
    pub(crate) const NULL: u8 = 1;
    pub(crate) const BOOLEAN: u8 = 2;
    pub(crate) const INTEGER: u8 = 4;
    pub(crate) const NUMBER: u8 = 8;
    pub(crate) const STRING: u8 = 16;
    pub(crate) const ARRAY: u8 = 32;
    pub(crate) const OBJECT: u8 = 64;

    pub(crate) fn of(name: &str) -> Option<u8> {
        Some(match name {
            "null" => NULL,
            "boolean" => BOOLEAN,
            "integer" => INTEGER,
            "number" => NUMBER,
            "string" => STRING,
            "array" => ARRAY,
            "object" => OBJECT,
            _ => return None,
        })
    }

    /// The names of `bits`, in the order above.
    pub(crate) fn names(bits: u8) -> Vec<&'static str> {
        [
            (NULL, "null"),
            (BOOLEAN, "boolean"),
            (INTEGER, "integer"),
            (NUMBER, "number"),
            (STRING, "string"),
            (ARRAY, "array"),
            (OBJECT, "object"),
        ]
        .into_iter()
        .filter(|(bit, _)| bits & bit != 0)
        .map(|(_, name)| name)
        .collect()
    }
}

/// A numeric bound: its value and whether it is exclusive.
#[derive(Clone, Debug)]
pub(crate) struct Bound {
    pub(crate) value: Number,
    pub(crate) exclusive: bool,
}

/// A union whose branches each fix the same property to a constant: read by that property.
#[derive(Debug)]
pub(crate) struct Tag {
    pub(crate) property: Box<str>,
    /// Each branch's tag value, with its branch index.
    pub(crate) values: Vec<(Box<str>, usize)>,
}

/// One compiled schema object.
#[derive(Debug, Default)]
pub(crate) struct Node {
    /// `true` (and `{}`): any value, unchanged.
    pub(crate) any: bool,
    /// `false`: no value.
    pub(crate) never: bool,
    /// The `type` bits; 0 when the schema names none.
    pub(crate) types: u8,
    pub(crate) minimum: Option<Bound>,
    pub(crate) maximum: Option<Bound>,
    pub(crate) multiple_of: Option<Number>,
    pub(crate) min_length: Option<usize>,
    pub(crate) max_length: Option<usize>,
    pub(crate) pattern: Option<Pattern>,
    /// `format`, when the engine reads it; any other is an annotation.
    pub(crate) format: Option<Format>,
    pub(crate) items: Option<Id>,
    pub(crate) prefix_items: Vec<Id>,
    pub(crate) min_items: Option<usize>,
    pub(crate) max_items: Option<usize>,
    pub(crate) unique_items: bool,
    pub(crate) properties: Vec<(Box<str>, Id)>,
    pub(crate) required: Vec<Box<str>>,
    /// `additionalProperties`; `None` when absent (any value).
    pub(crate) additional: Option<Id>,
    pub(crate) pattern_properties: Vec<(Pattern, Id)>,
    pub(crate) property_names: Option<Id>,
    pub(crate) enumeration: Option<Vec<Value>>,
    /// The folded string values of `enum` (or `const`), for folding a value sent.
    pub(crate) folded: Option<HashMap<String, Vec<usize>>>,
    pub(crate) constant: Option<Value>,
    pub(crate) default: Option<Value>,
    pub(crate) all_of: Vec<Id>,
    pub(crate) any_of: Vec<Id>,
    pub(crate) one_of: Vec<Id>,
    pub(crate) reference: Option<Id>,
    /// `$ref` replaces the node's other keywords (drafts 4 to 7, or when they are annotations).
    pub(crate) ref_only: bool,
    pub(crate) tag: Option<Tag>,
    /// The schema path of the node, for messages.
    pub(crate) pointer: Box<str>,
    /// A scalar leaf's one type bit, else 0: its as-sent values skip the walk's rules.
    pub(crate) leaf: u8,
}

impl Node {
    /// The type bits the node's own keywords accept (`type`, `enum`/`const`); 0 for any type.
    pub(crate) fn accepted_types(&self) -> u8 {
        if self.types != 0 {
            return self.types;
        }
        let values: &[Value] = match (&self.enumeration, &self.constant) {
            (Some(values), _) => values,
            (None, Some(value)) => std::slice::from_ref(value),
            _ => return 0,
        };
        values.iter().fold(0, |bits, v| bits | type_of(v))
    }
}

/// The type bit of a value (an integral number is `integer` and `number`).
pub(crate) fn type_of(value: &Value) -> u8 {
    match value {
        Value::Null => types::NULL,
        Value::Bool(_) => types::BOOLEAN,
        Value::Number(n) if is_integral(n) => types::INTEGER | types::NUMBER,
        Value::Number(_) => types::NUMBER,
        Value::String(_) => types::STRING,
        Value::Array(_) => types::ARRAY,
        Value::Object(_) => types::OBJECT,
    }
}

/// Whether `n` has no fractional part.
pub(crate) fn is_integral(n: &Number) -> bool {
    n.is_i64()
        || n.is_u64()
        || n.as_f64()
            .is_some_and(|f| f.is_finite() && f.fract() == 0.0)
}

fn leaf_type(node: &Node) -> u8 {
    let scalar = matches!(
        node.types,
        types::STRING | types::INTEGER | types::NUMBER | types::BOOLEAN
    );
    if !scalar
        || node.any
        || node.never
        || node.reference.is_some()
        || !node.all_of.is_empty()
        || !node.any_of.is_empty()
        || !node.one_of.is_empty()
    {
        return 0;
    }
    node.types
}

pub(crate) struct Compiled {
    pub(crate) nodes: Vec<Node>,
    pub(crate) root: Id,
    pub(crate) warnings: Vec<Warning>,
    /// `1.0` is an integer as sent (drafts 6 on).
    pub(crate) integral_floats: bool,
    /// That validator, for the schema as given.
    #[cfg(feature = "schema-assertions")]
    pub(crate) validator: Option<jsonschema::Validator>,
}

impl Compiled {
    pub(crate) fn node(&self, id: Id) -> &Node {
        &self.nodes[id as usize]
    }
}

/// Keywords a complete validator asserts on the coerced value (`schema-assertions`).
pub(crate) const VALIDATOR_KEYWORDS: [&str; 14] = [
    "not",
    "if",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "contains",
    "minProperties",
    "maxProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "$dynamicRef",
    "$recursiveRef",
    "minContains",
    "maxContains",
];

pub(crate) fn compile(schema: &Value) -> Result<Compiled, SchemaError> {
    let draft = Draft::of(schema);
    let mut c = Compiler {
        root: schema,
        draft,
        nodes: Vec::new(),
        by_pointer: HashMap::new(),
        ids: HashMap::new(),
        resources: Vec::new(),
        anchors: HashMap::new(),
        warnings: Vec::new(),
        needs_validator: false,
    };
    c.index_resources(schema, String::new(), 0)?;
    let root = c.node(schema, String::new(), 0)?;
    for node in &mut c.nodes {
        node.leaf = leaf_type(node);
    }
    #[cfg(feature = "schema-assertions")]
    let validator = if c.needs_validator {
        Some(super::assert::validator(schema)?)
    } else {
        None
    };
    Ok(Compiled {
        nodes: c.nodes,
        root,
        warnings: c.warnings,
        integral_floats: draft != Draft::D4,
        #[cfg(feature = "schema-assertions")]
        validator,
    })
}

struct Compiler<'s> {
    root: &'s Value,
    draft: Draft,
    nodes: Vec<Node>,
    /// Nodes compiled, by schema path (a `$ref` to a compiled path shares its node).
    by_pointer: HashMap<String, Id>,
    /// Schema resources by their `$id` (resolved, and as written), to their schema path.
    ids: HashMap<String, String>,
    /// Every resource: its schema path and base URI, the longest first once indexed.
    resources: Vec<(String, String)>,
    /// Subschemas by (resource path, `$anchor`), and by a draft-06/07 `#name` `$id`.
    anchors: HashMap<(String, String), String>,
    warnings: Vec<Warning>,
    needs_validator: bool,
}

/// A JSON Pointer token, escaped (RFC 6901).
fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

fn err(pointer: &str, message: impl Into<String>) -> SchemaError {
    SchemaError::new(pointer, message)
}

/// The keywords whose values are schemas, or maps or arrays of them.
const SCHEMA_KEYWORDS: [&str; 11] = [
    "items",
    "additionalProperties",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "additionalItems",
    "unevaluatedItems",
    "unevaluatedProperties",
];
const SCHEMA_MAP_KEYWORDS: [&str; 6] = [
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
    "dependencies",
];
const SCHEMA_ARRAY_KEYWORDS: [&str; 4] = ["allOf", "anyOf", "oneOf", "prefixItems"];

impl<'s> Compiler<'s> {
    /// Find every `$id` and `$anchor` of the document, so that `$ref`s can name them.
    fn index_resources(
        &mut self,
        schema: &'s Value,
        pointer: String,
        depth: usize,
    ) -> Result<(), SchemaError> {
        let id_key = if self.draft == Draft::D4 { "id" } else { "$id" };
        // (schema, its path, its depth, the base URI and resource path around it)
        let mut stack = vec![(schema, pointer, depth, String::new(), String::new())];
        while let Some((schema, pointer, depth, base, resource)) = stack.pop() {
            if depth > MAX_SCHEMA_DEPTH {
                return Err(err(&pointer, "schema objects nested too deep"));
            }
            let Value::Object(map) = schema else { continue };
            let (mut base, mut resource) = (base, resource);
            // Drafts 4 to 7: beside a `$ref`, `$id` is ignored like every other keyword.
            let id = map
                .get(id_key)
                .filter(|_| !(self.draft.ref_overrides() && map.contains_key("$ref")));
            if let Some(Value::String(id)) = id {
                if let Some(anchor) = id.strip_prefix('#') {
                    self.anchors
                        .insert((resource.clone(), anchor.to_owned()), pointer.clone());
                } else {
                    let id = id.split('#').next().unwrap_or_default();
                    base = join(&base, id);
                    resource = pointer.clone();
                    self.ids.insert(base.clone(), pointer.clone());
                    self.ids
                        .entry(id.to_owned())
                        .or_insert_with(|| pointer.clone());
                    self.resources.push((pointer.clone(), base.clone()));
                }
            }
            // A `$dynamicAnchor` is an anchor a plain `$ref` may name too.
            for key in ["$anchor", "$dynamicAnchor"] {
                if let Some(Value::String(anchor)) = map.get(key) {
                    self.anchors
                        .entry((resource.clone(), anchor.clone()))
                        .or_insert_with(|| pointer.clone());
                }
            }
            for (key, child) in map {
                let at = format!("{pointer}/{}", escape(key));
                let mut push = |value: &'s Value, at: String| {
                    stack.push((value, at, depth + 1, base.clone(), resource.clone()));
                };
                if SCHEMA_KEYWORDS.contains(&key.as_str()) {
                    match child {
                        Value::Array(items) => {
                            for (i, item) in items.iter().enumerate() {
                                push(item, format!("{at}/{i}"));
                            }
                        }
                        other => push(other, at),
                    }
                } else if SCHEMA_MAP_KEYWORDS.contains(&key.as_str()) {
                    if let Value::Object(children) = child {
                        for (name, item) in children {
                            push(item, format!("{at}/{}", escape(name)));
                        }
                    }
                } else if SCHEMA_ARRAY_KEYWORDS.contains(&key.as_str())
                    && let Value::Array(items) = child
                {
                    for (i, item) in items.iter().enumerate() {
                        push(item, format!("{at}/{i}"));
                    }
                }
            }
        }
        // The innermost resource of a path is the longest prefix: longest first.
        self.resources
            .sort_by_key(|(p, _)| std::cmp::Reverse(p.len()));
        Ok(())
    }

    /// The resource a schema path lies in: its schema path and base URI.
    fn resource_of(&self, pointer: &str) -> (&str, &str) {
        self.resources
            .iter()
            .find(|(p, _)| {
                pointer.starts_with(p.as_str())
                    && (pointer.len() == p.len() || pointer.as_bytes().get(p.len()) == Some(&b'/'))
            })
            .map_or(("", ""), |(p, base)| (p.as_str(), base.as_str()))
    }

    fn at_pointer(&self, pointer: &str) -> Option<&'s Value> {
        if pointer.is_empty() {
            return Some(self.root);
        }
        self.root.pointer(pointer)
    }

    /// The schema path a `$ref` at `at` names, or an error.
    fn resolve(&self, reference: &str, at: &str) -> Result<String, SchemaError> {
        let (uri, fragment) = match reference.split_once('#') {
            Some((uri, fragment)) => (uri, Some(fragment)),
            None => (reference, None),
        };
        let (here, base) = self.resource_of(at);
        let resource = if uri.is_empty() {
            here.to_owned()
        } else if let Some(pointer) = self.ids.get(&join(base, uri)).or_else(|| self.ids.get(uri)) {
            pointer.clone()
        } else {
            return Err(err(
                at,
                format!(
                    "`$ref` {} names a schema outside this document (remote references are not followed)",
                    crate::words::truncate(reference)
                ),
            ));
        };
        let Some(fragment) = fragment.filter(|f| !f.is_empty()) else {
            return Ok(resource);
        };
        if fragment.starts_with('/') {
            let decoded = percent_decode(fragment);
            return Ok(format!("{resource}{decoded}"));
        }
        match self.anchors.get(&(resource, fragment.to_owned())) {
            Some(pointer) => Ok(pointer.clone()),
            None => Err(err(
                at,
                format!(
                    "`$ref` {} names no anchor of this document",
                    crate::words::truncate(reference)
                ),
            )),
        }
    }

    fn push(&mut self, node: Node) -> Result<Id, SchemaError> {
        if self.nodes.len() >= MAX_NODES {
            return Err(err(&node.pointer, "schema too large"));
        }
        let id = self.nodes.len() as Id;
        self.nodes.push(node);
        Ok(id)
    }

    /// The node of `schema`, found at `pointer` (compiled once per path).
    fn node(
        &mut self,
        schema: &'s Value,
        pointer: String,
        depth: usize,
    ) -> Result<Id, SchemaError> {
        if let Some(&id) = self.by_pointer.get(&pointer) {
            return Ok(id);
        }
        if depth > MAX_SCHEMA_DEPTH {
            return Err(err(&pointer, "schema objects nested too deep"));
        }
        let id = self.push(Node {
            pointer: pointer.clone().into(),
            ..Node::default()
        })?;
        self.by_pointer.insert(pointer.clone(), id);
        let node = match schema {
            Value::Bool(true) => Node {
                any: true,
                pointer: pointer.into(),
                ..Node::default()
            },
            Value::Bool(false) => Node {
                never: true,
                pointer: pointer.into(),
                ..Node::default()
            },
            Value::Object(map) => self.object(map, &pointer, depth)?,
            _ => return Err(err(&pointer, "a schema must be an object or a boolean")),
        };
        self.nodes[id as usize] = node;
        Ok(id)
    }

    /// The node of a subschema under `keyword` of the node at `pointer`.
    fn child(
        &mut self,
        schema: &'s Value,
        pointer: &str,
        keyword: &str,
        depth: usize,
    ) -> Result<Id, SchemaError> {
        self.node(schema, format!("{pointer}/{}", escape(keyword)), depth + 1)
    }

    fn object(
        &mut self,
        map: &'s Map<String, Value>,
        pointer: &str,
        depth: usize,
    ) -> Result<Node, SchemaError> {
        let at = |keyword: &str| format!("{pointer}/{}", escape(keyword));
        let mut node = Node {
            pointer: pointer.into(),
            ..Node::default()
        };
        if let Some(reference) = map.get("$ref") {
            let Value::String(reference) = reference else {
                return Err(err(&at("$ref"), "`$ref` must be a string"));
            };
            let target = self.resolve(reference, &at("$ref"))?;
            let Some(schema) = self.at_pointer(&target) else {
                return Err(err(
                    &at("$ref"),
                    format!(
                        "`$ref` {} names nothing in this document",
                        crate::words::truncate(reference)
                    ),
                ));
            };
            node.reference = Some(self.node(schema, target, depth + 1)?);
            if self.draft.ref_overrides() {
                node.ref_only = true;
                return Ok(node);
            }
        }
        for keyword in VALIDATOR_KEYWORDS {
            if map.contains_key(keyword) {
                if !cfg!(feature = "schema-assertions") {
                    return Err(err(
                        &at(keyword),
                        format!(
                            "`{keyword}` is asserted by a complete validator, which this build leaves out (feature `schema-assertions`)"
                        ),
                    ));
                }
                self.needs_validator = true;
            }
        }
        // Schemas the engine does not read itself are still checked for their shape.
        for keyword in ["not", "if", "then", "else", "contains"] {
            if let Some(schema) = map.get(keyword) {
                self.child(schema, pointer, keyword, depth)?;
            }
        }
        for keyword in ["$defs", "definitions", "dependentSchemas"] {
            if let Some(children) = map.get(keyword) {
                let Value::Object(children) = children else {
                    return Err(err(&at(keyword), format!("`{keyword}` must be an object")));
                };
                for (name, schema) in children {
                    self.node(
                        schema,
                        format!("{}/{}", at(keyword), escape(name)),
                        depth + 1,
                    )?;
                }
            }
        }
        if let Some(types) = map.get("type") {
            node.types = match types {
                Value::String(name) => types::of(name).ok_or_else(|| {
                    err(
                        &at("type"),
                        format!("unknown type {}", crate::words::truncate(name)),
                    )
                })?,
                Value::Array(names) => {
                    let mut bits = 0;
                    for name in names {
                        let bit = name
                            .as_str()
                            .and_then(types::of)
                            .ok_or_else(|| err(&at("type"), "`type` lists an unknown type"))?;
                        bits |= bit;
                    }
                    if bits == 0 {
                        return Err(err(&at("type"), "`type` lists no type"));
                    }
                    bits
                }
                _ => return Err(err(&at("type"), "`type` must be a string or an array")),
            };
        }
        self.numbers(map, pointer, &mut node)?;
        node.min_length = count(map, "minLength", pointer)?;
        node.max_length = count(map, "maxLength", pointer)?;
        node.min_items = count(map, "minItems", pointer)?;
        node.max_items = count(map, "maxItems", pointer)?;
        count(map, "minProperties", pointer)?;
        count(map, "maxProperties", pointer)?;
        if let Some(pattern) = map.get("pattern") {
            let Value::String(source) = pattern else {
                return Err(err(&at("pattern"), "`pattern` must be a string"));
            };
            match Pattern::compile(source) {
                Ok(p) => node.pattern = Some(p),
                Err(why) => self.warnings.push(Warning::new(
                    &at("pattern"),
                    format!("pattern skipped ({why})"),
                )),
            }
        }
        if let Some(Value::String(format)) = map.get("format") {
            node.format = Format::from_keyword(format);
        }
        if let Some(unique) = map.get("uniqueItems") {
            node.unique_items = unique
                .as_bool()
                .ok_or_else(|| err(&at("uniqueItems"), "`uniqueItems` must be a boolean"))?;
        }
        self.arrays(map, pointer, depth, &mut node)?;
        self.objects(map, pointer, depth, &mut node)?;
        if let Some(values) = map.get("enum") {
            let Value::Array(values) = values else {
                return Err(err(&at("enum"), "`enum` must be an array"));
            };
            node.folded = Some(fold_values(values));
            node.enumeration = Some(values.clone());
        }
        if let Some(value) = map.get("const") {
            node.folded = Some(fold_values(std::slice::from_ref(value)));
            node.constant = Some(value.clone());
        }
        if let Some(value) = map.get("default") {
            node.default = Some(value.clone());
        }
        for (keyword, out) in [
            ("allOf", &mut node.all_of),
            ("anyOf", &mut node.any_of),
            ("oneOf", &mut node.one_of),
        ] {
            if let Some(branches) = map.get(keyword) {
                let Value::Array(branches) = branches else {
                    return Err(err(&at(keyword), format!("`{keyword}` must be an array")));
                };
                if branches.is_empty() {
                    return Err(err(&at(keyword), format!("`{keyword}` must not be empty")));
                }
                for (i, branch) in branches.iter().enumerate() {
                    out.push(self.node(branch, format!("{}/{i}", at(keyword)), depth + 1)?);
                }
            }
        }
        node.tag = self.tag(&node.any_of).or_else(|| self.tag(&node.one_of));
        node.any = is_empty_schema(map);
        // A `$ref` beside annotations only is the schema it names (drafts 2019-09 on as
        // before them): nothing of the node's own is applied to the value after it (an
        // object it did not list keys of would be read again as free-form, at every level
        // of a recursive schema).
        if node.reference.is_some() && map.keys().all(|k| k == "$ref" || is_annotation(k)) {
            node.ref_only = true;
        }
        Ok(node)
    }

    fn numbers(
        &mut self,
        map: &Map<String, Value>,
        pointer: &str,
        node: &mut Node,
    ) -> Result<(), SchemaError> {
        let at = |keyword: &str| format!("{pointer}/{}", escape(keyword));
        let number = |keyword: &str| -> Result<Option<Number>, SchemaError> {
            match map.get(keyword) {
                None => Ok(None),
                Some(Value::Number(n)) => Ok(Some(n.clone())),
                Some(_) => Err(err(&at(keyword), format!("`{keyword}` must be a number"))),
            }
        };
        node.minimum = number("minimum")?.map(|value| Bound {
            value,
            exclusive: false,
        });
        node.maximum = number("maximum")?.map(|value| Bound {
            value,
            exclusive: false,
        });
        for (keyword, lower) in [("exclusiveMinimum", true), ("exclusiveMaximum", false)] {
            let bound = match map.get(keyword) {
                None => continue,
                // Draft 4: a boolean that makes `minimum`/`maximum` exclusive.
                Some(Value::Bool(exclusive)) => {
                    let slot = if lower {
                        &mut node.minimum
                    } else {
                        &mut node.maximum
                    };
                    if let Some(bound) = slot {
                        bound.exclusive = *exclusive;
                    }
                    continue;
                }
                Some(Value::Number(n)) => Bound {
                    value: n.clone(),
                    exclusive: true,
                },
                Some(_) => {
                    return Err(err(&at(keyword), format!("`{keyword}` must be a number")));
                }
            };
            let slot = if lower {
                &mut node.minimum
            } else {
                &mut node.maximum
            };
            // The tighter of the two bounds.
            let tighter = match slot {
                None => true,
                Some(old) => {
                    let ord = super::number::compare(&bound.value, &old.value);
                    if lower { ord.is_ge() } else { ord.is_le() }
                }
            };
            if tighter {
                *slot = Some(bound);
            }
        }
        if let Some(m) = number("multipleOf")? {
            if m.as_f64().is_none_or(|f| f <= 0.0) {
                return Err(err(
                    &at("multipleOf"),
                    "`multipleOf` must be greater than 0",
                ));
            }
            node.multiple_of = Some(m);
        }
        Ok(())
    }

    fn arrays(
        &mut self,
        map: &'s Map<String, Value>,
        pointer: &str,
        depth: usize,
        node: &mut Node,
    ) -> Result<(), SchemaError> {
        let at = |keyword: &str| format!("{pointer}/{}", escape(keyword));
        if let Some(prefix) = map.get("prefixItems") {
            let Value::Array(prefix) = prefix else {
                return Err(err(&at("prefixItems"), "`prefixItems` must be an array"));
            };
            for (i, schema) in prefix.iter().enumerate() {
                node.prefix_items.push(self.node(
                    schema,
                    format!("{}/{i}", at("prefixItems")),
                    depth + 1,
                )?);
            }
        }
        match map.get("items") {
            None => {}
            Some(Value::Array(tuple)) if self.draft.tuple_items() => {
                for (i, schema) in tuple.iter().enumerate() {
                    node.prefix_items.push(self.node(
                        schema,
                        format!("{}/{i}", at("items")),
                        depth + 1,
                    )?);
                }
                if let Some(additional) = map.get("additionalItems") {
                    node.items = Some(self.child(additional, pointer, "additionalItems", depth)?);
                }
            }
            Some(Value::Array(_)) => {
                return Err(err(&at("items"), "`items` must be a schema in this draft"));
            }
            Some(schema) => node.items = Some(self.child(schema, pointer, "items", depth)?),
        }
        Ok(())
    }

    fn objects(
        &mut self,
        map: &'s Map<String, Value>,
        pointer: &str,
        depth: usize,
        node: &mut Node,
    ) -> Result<(), SchemaError> {
        let at = |keyword: &str| format!("{pointer}/{}", escape(keyword));
        if let Some(properties) = map.get("properties") {
            let Value::Object(properties) = properties else {
                return Err(err(&at("properties"), "`properties` must be an object"));
            };
            for (name, schema) in properties {
                let id = self.node(
                    schema,
                    format!("{}/{}", at("properties"), escape(name)),
                    depth + 1,
                )?;
                node.properties.push((name.as_str().into(), id));
            }
        }
        if let Some(required) = map.get("required") {
            let Value::Array(required) = required else {
                return Err(err(
                    &at("required"),
                    "`required` must be an array of strings",
                ));
            };
            for name in required {
                let name = name.as_str().ok_or_else(|| {
                    err(&at("required"), "`required` must be an array of strings")
                })?;
                if !node.required.iter().any(|r| &**r == name) {
                    node.required.push(name.into());
                }
            }
        }
        if let Some(additional) = map.get("additionalProperties") {
            node.additional =
                Some(self.child(additional, pointer, "additionalProperties", depth)?);
        }
        if let Some(names) = map.get("propertyNames") {
            node.property_names = Some(self.child(names, pointer, "propertyNames", depth)?);
        }
        if let Some(patterns) = map.get("patternProperties") {
            let Value::Object(patterns) = patterns else {
                return Err(err(
                    &at("patternProperties"),
                    "`patternProperties` must be an object",
                ));
            };
            for (source, schema) in patterns {
                let here = format!("{}/{}", at("patternProperties"), escape(source));
                let id = self.node(schema, here.clone(), depth + 1)?;
                match Pattern::compile(source) {
                    Ok(p) => node.pattern_properties.push((p, id)),
                    Err(why) => self
                        .warnings
                        .push(Warning::new(&here, format!("pattern skipped ({why})"))),
                }
            }
        }
        if let Some(dependencies) = map.get("dependencies") {
            let Value::Object(dependencies) = dependencies else {
                return Err(err(&at("dependencies"), "`dependencies` must be an object"));
            };
            for (name, dependency) in dependencies {
                if !dependency.is_array() {
                    self.node(
                        dependency,
                        format!("{}/{}", at("dependencies"), escape(name)),
                        depth + 1,
                    )?;
                }
            }
        }
        Ok(())
    }

    /// The tag of a union whose branches each fix the same property to a constant string.
    fn tag(&self, branches: &[Id]) -> Option<Tag> {
        if branches.len() < 2 {
            return None;
        }
        let mut property: Option<&str> = None;
        let mut values: Vec<(Box<str>, usize)> = Vec::new();
        for (index, &branch) in branches.iter().enumerate() {
            let node = self.followed(branch)?;
            let (name, value) = node.properties.iter().find_map(|(name, id)| {
                let fixed = self.followed(*id)?;
                let value = match (&fixed.constant, &fixed.enumeration) {
                    (Some(Value::String(s)), _) => s.as_str(),
                    (None, Some(values)) if values.len() == 1 => values[0].as_str()?,
                    _ => return None,
                };
                (property.is_none_or(|p| p == &**name)).then_some((&**name, value))
            })?;
            property = Some(name);
            if values.iter().any(|(v, _)| &**v == value) {
                return None;
            }
            values.push((value.into(), index));
        }
        Some(Tag {
            property: property?.into(),
            values,
        })
    }

    /// The node `id`, past a `$ref` that stands alone (a few hops at most).
    fn followed(&self, mut id: Id) -> Option<&Node> {
        for _ in 0..8 {
            let node = self.nodes.get(id as usize)?;
            match node.reference {
                Some(target) if node.ref_only || node.properties.is_empty() => id = target,
                _ => return Some(node),
            }
        }
        None
    }
}

/// Whether a schema object asserts nothing the engine reads (`{}`, or only annotations).
fn is_empty_schema(map: &Map<String, Value>) -> bool {
    map.keys().all(|k| is_annotation(k))
}

/// Whether the keyword `key` asserts nothing the engine reads.
fn is_annotation(key: &str) -> bool {
    const ANNOTATIONS: [&str; 13] = [
        "$schema",
        "$id",
        "id",
        "$anchor",
        "$comment",
        "title",
        "description",
        "examples",
        "default",
        "deprecated",
        "readOnly",
        "writeOnly",
        "$defs",
    ];
    ANNOTATIONS.contains(&key) || key == "definitions" || key.starts_with("x-")
}

/// A non-negative integer keyword (`minLength`, ...), if present.
fn count(
    map: &Map<String, Value>,
    keyword: &str,
    pointer: &str,
) -> Result<Option<usize>, SchemaError> {
    match map.get(keyword) {
        None => Ok(None),
        Some(Value::Number(n)) => {
            let f = n.as_f64().unwrap_or(-1.0);
            if f < 0.0 || f.fract() != 0.0 {
                return Err(err(
                    &format!("{pointer}/{keyword}"),
                    format!("`{keyword}` must be a non-negative integer"),
                ));
            }
            // `2.0` is the integer 2 (drafts 6 and later); past `usize`, no limit.
            #[allow(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "a non-negative integral f64; past usize saturates"
            )]
            Ok(Some(n.as_u64().map_or(f as usize, |n| {
                usize::try_from(n).unwrap_or(usize::MAX)
            })))
        }
        Some(_) => Err(err(
            &format!("{pointer}/{keyword}"),
            format!("`{keyword}` must be a non-negative integer"),
        )),
    }
}

/// The folded string values of `values`, each with the indexes folding to it.
fn fold_values(values: &[Value]) -> HashMap<String, Vec<usize>> {
    let mut folded: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, value) in values.iter().enumerate() {
        if let Value::String(s) = value {
            folded
                .entry(crate::arguments::folded(s).collect())
                .or_default()
                .push(i);
        }
    }
    folded
}

/// `reference` resolved against the base URI `base` (RFC 3986, for the shapes `$id`s take).
fn join(base: &str, reference: &str) -> String {
    if base.is_empty() || reference.contains("://") || reference.starts_with("urn:") {
        return reference.to_owned();
    }
    if reference.starts_with('/') {
        let Some(scheme) = base.find("://") else {
            return reference.to_owned();
        };
        let authority_end = base[scheme + 3..]
            .find('/')
            .map_or(base.len(), |i| scheme + 3 + i);
        return format!("{}{reference}", &base[..authority_end]);
    }
    match base.rfind('/') {
        Some(cut) => format!("{}/{reference}", &base[..cut]),
        None => reference.to_owned(),
    }
}

/// A URI fragment's `%XX` escapes decoded, invalid UTF-8 replaced.
fn percent_decode(fragment: &str) -> String {
    percent_encoding::percent_decode_str(fragment)
        .decode_utf8_lossy()
        .into_owned()
}
