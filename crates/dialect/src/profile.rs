//! [`rewrite`]: the profile rules, applied at every schema position of a schema whose
//! `$ref`s are already inlined.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::keywords::{
    TYPES, append, applies_to, constrained_type, is_instance, known, numeric_format, quiet, quote,
    sentences, type_of, valid,
};
use super::refs::merge_over;
use crate::dialect::{Enums, Null, Objects, Profile, Unions};
use crate::{Dialect, MAX_SCHEMA_DEPTH, Note, NoteKind, Pointer, Rewritten};

/// Rewrite a canonical JSON Schema into `dialect`.
///
/// [`Dialect::Canonical`] returns the schema unchanged, with no notes. The other profiles
/// inline local `$ref`s, then apply their rules (in the [`Dialect`] docs) at every
/// schema position (`properties` values, `items`, `prefixItems`, `additionalProperties`,
/// `anyOf`/`oneOf`/`allOf` members, `not`, `if`/`then`/`else`, `$defs` values, …): a
/// property *named* `format`, `pattern` or `$ref` is a property, not a keyword, and the
/// values of `enum`, `const`, `default` and `examples` are data, never rewritten.
///
/// Never panics; see the [limits](#limits).
///
/// # Descriptions
///
/// A dropped constraint becomes one sentence appended to the description of the schema it
/// was on: "At most 1000 items.", "From 1 to 100.", "At most 64 chars.", "Must match
/// ^ATC-[0-9]{4}-[0-9]{6,}$.", "Format: uri.", "One of: 0, 1.", "Default: 10.". Sentences
/// come in a fixed order; quoted JSON is cut to 120 chars (keys sorted), a sentence to 400,
/// and a pattern longer than 160 chars is not quoted ("Must match a pattern too long to
/// quote here."), since a regex cut short means something else. A description without
/// final punctuation gets a period before the sentences.
///
/// # Limits
///
/// It never panics, on any JSON value: a value that is not a schema where one is
/// expected is treated as `{}` (with a note); `true` and `false` schemas are understood.
/// Schemas nested deeper than [`MAX_SCHEMA_DEPTH`] schema levels are cut (with a note);
/// inlining stops after [`MAX_INLINED_NODES`](crate::MAX_INLINED_NODES) units copied (JSON values, and strings by
/// their size; with a note), so a schema whose references fan out, or share a long
/// description, cannot blow up; recursion is bounded by both. [`null_as_absent`](crate::null_as_absent) judges
/// each schema object once, however many references share it. The output's maps are
/// built in sorted key order and every list comes out in a fixed order, with or without
/// `serde_json`'s `preserve_order`. Rewriting a rewritten schema with the same profile
/// changes nothing. The output is at most four times the input's size, plus 96 bytes for
/// each JSON value of the input (a `type`, a description such as "Any JSON value.", a
/// `required` entry) and 256 in all; inlining `$ref`s adds at most its budget. The fuzz
/// target `dialect_rewrite` checks both, and idempotence.
///
/// # Examples
///
/// ```
/// use mcp_coerce_dialect::{self as dialect, Dialect};
/// use serde_json::json;
///
/// let canonical = json!({
///     "type": "object",
///     "properties": {
///         "card_id": {"type": "string", "maxLength": 64, "pattern": "^ATC-[0-9]{4}-[0-9]{6,}$"},
///         "format": {"type": "string", "format": "uri"}
///     },
///     "required": ["card_id"]
/// });
/// let out = dialect::rewrite(&canonical, Dialect::Conservative);
/// assert_eq!(out.schema, json!({
///     "type": "object",
///     "properties": {
///         "card_id": {
///             "type": "string",
///             "description": "Must match ^ATC-[0-9]{4}-[0-9]{6,}$. At most 64 chars."
///         },
///         "format": {"type": "string", "description": "Format: uri."}
///     },
///     "required": ["card_id"]
/// }));
/// assert_eq!(dialect::rewrite(&canonical, Dialect::Canonical).schema, canonical);
/// ```
pub fn rewrite(schema: &Value, dialect: Dialect) -> Rewritten {
    let Some(profile) = dialect.profile() else {
        return Rewritten {
            schema: schema.clone(),
            notes: Vec::new(),
        };
    };
    let mut notes = Vec::new();
    let inlined = crate::refs::inline(schema, &mut notes);
    let schema = apply(&inlined, profile, &mut notes);
    Rewritten { schema, notes }
}

/// One schema object, its keys in sorted order.
type Obj = BTreeMap<String, Value>;

/// Recursion guard of the rewrite itself; the inlining step already cut the input at
/// [`MAX_SCHEMA_DEPTH`], and a union adds at most one level per level.
const HARD_DEPTH: usize = 4 * MAX_SCHEMA_DEPTH;

/// How many times a one-branch union or an `allOf` may be merged into one schema.
const MERGE_ROUNDS: usize = 8;

/// `schema` (with its `$ref`s inlined) rewritten by the rules of `profile`.
fn apply(schema: &Value, profile: &'static Profile, notes: &mut Vec<Note>) -> Value {
    let mut rewriter = Rewriter { profile, notes };
    into_value(rewriter.node(schema, &Pointer::root(), 0, true))
}

fn into_value(obj: Obj) -> Value {
    Value::Object(obj.into_iter().collect())
}

fn to_map(obj: Obj) -> Map<String, Value> {
    obj.into_iter().collect()
}

fn to_obj(value: Value) -> Obj {
    match value {
        Value::Object(map) => map.into_iter().collect(),
        _ => Obj::new(),
    }
}

/// `extra` over `base`, by the merge rules of the inlining step.
fn merge(base: Obj, extra: Obj, path: &Pointer, notes: &mut Vec<Note>) -> Obj {
    to_obj(merge_over(to_map(base), to_map(extra), path, notes))
}

/// What a schema says about its JSON type, once `type`, `nullable`, `anyOf`/`oneOf`, a
/// `null` in `enum` and `const` are read.
#[derive(Default)]
struct Shape {
    /// The non-null types allowed (in [`TYPES`] order); empty when `type` is absent.
    types: Vec<&'static str>,
    /// Whether a `type` keyword was given.
    typed: bool,
    /// Whether `null` is allowed.
    nullable: bool,
    /// The non-null alternatives of an `anyOf`/`oneOf`.
    branches: Vec<Obj>,
}

impl Shape {
    /// `type: "null"` (or `enum: [null]`, `const: null`) and nothing else.
    fn null_only(&self) -> bool {
        self.typed && self.types.is_empty() && self.nullable && self.branches.is_empty()
    }
}

/// A schema that only allows `null`: `{"type": "null"}`, `{"enum": [null]}`, `{"const":
/// null}` (annotations aside).
fn is_null_schema(map: &Map<String, Value>) -> bool {
    let constraint = |k: &str| !matches!(k, "description" | "title" | "$comment");
    let only = |key: &str| map.keys().filter(|k| constraint(k)).all(|k| k == key);
    match (map.get("type"), map.get("enum"), map.get("const")) {
        (Some(Value::String(t)), None, None) => t == "null" && only("type"),
        (Some(Value::Array(ts)), None, None) => {
            !ts.is_empty() && ts.iter().all(|t| t == "null") && only("type")
        }
        (None, Some(Value::Array(vs)), None) => {
            !vs.is_empty() && vs.iter().all(Value::is_null) && only("enum")
        }
        (None, None, Some(Value::Null)) => only("const"),
        _ => false,
    }
}

/// A schema being rendered: the keywords kept, and what its description will say.
#[derive(Default)]
struct Draft {
    /// The keywords kept.
    out: Obj,
    /// The keywords dropped, said in sentences (in a fixed order, see `sentences`).
    said: Obj,
    /// Sentences said before those.
    before: Vec<String>,
    /// Values said as alternatives, after them ("Or: …").
    alternatives: Vec<Value>,
}

impl Draft {
    /// The schema, with the sentences appended to `description`.
    fn finish(mut self, description: Option<String>) -> Obj {
        if !self.alternatives.is_empty() {
            let alternatives = Value::Array(self.alternatives);
            self.said.insert("alternatives".into(), alternatives);
        }
        let mut all = self.before;
        all.extend(sentences(&self.said));
        if let Some(text) = append(description.as_deref(), &all) {
            self.out.insert("description".into(), Value::String(text));
        }
        self.out
    }
}

/// The object keywords of a schema, gathered until every keyword has been read.
#[derive(Default)]
struct ObjectParts {
    /// `properties`, each rewritten.
    declared: Option<Obj>,
    required: Option<Value>,
    additional: Option<Value>,
}

struct Rewriter<'n> {
    profile: &'static Profile,
    notes: &'n mut Vec<Note>,
}

impl Rewriter<'_> {
    fn note(&mut self, path: &Pointer, keyword: &str, kind: NoteKind, detail: impl Into<String>) {
        self.notes.push(Note::new(path, keyword, kind, detail));
    }

    /// The schema at `path`, rewritten.
    fn node(&mut self, input: &Value, path: &Pointer, depth: usize, root: bool) -> Obj {
        if depth > HARD_DEPTH {
            self.note(path, "", NoteKind::TooDeep, "");
            return self.any_value("Nested too deep to describe here.");
        }
        let mut w: Obj = match input {
            Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            Value::Bool(true) => Obj::new(),
            Value::Bool(false) => {
                self.note(
                    path,
                    "false",
                    NoteKind::Converted,
                    "a schema that allows no value",
                );
                Obj::from([(
                    "description".to_owned(),
                    Value::String("No value is allowed here.".to_owned()),
                )])
            }
            other => {
                self.note(
                    path,
                    "",
                    NoteKind::Invalid,
                    format!("not a schema: {}", quote(other)),
                );
                Obj::new()
            }
        };
        self.merge_all_of(&mut w, path);
        let mut shape = self.shape(&mut w, path);
        let mut rounds = 0;
        while shape.branches.len() == 1 && rounds < MERGE_ROUNDS {
            // One alternative left (`anyOf: [X, {"type": "null"}]`): X, nullable.
            let branch = shape.branches.pop().unwrap_or_default();
            let mut rest = std::mem::take(&mut w);
            if shape.typed {
                rest.insert("type".into(), type_value(&shape.types, false));
            }
            w = merge(branch, rest, path, self.notes);
            self.merge_all_of(&mut w, path);
            let nullable = shape.nullable;
            shape = self.shape(&mut w, path);
            shape.nullable |= nullable;
            rounds += 1;
        }
        if shape.branches.len() == 1 {
            self.note(
                path,
                "anyOf",
                NoteKind::Dropped,
                "unions nested too deep to merge",
            );
            shape.branches.clear();
        }
        if root && shape.nullable {
            self.note(
                path,
                "type",
                NoteKind::Dropped,
                "the arguments object cannot be null",
            );
            shape.nullable = false;
        }
        if shape.branches.is_empty() && shape.types.is_empty() && !shape.null_only() {
            shape.types = infer(&w);
            if shape.types.is_empty() && root {
                shape.types = vec!["object"];
            }
        }
        let union =
            shape.branches.len() >= 2 || (shape.types.len() >= 2 && !self.profile.type_lists);
        if union {
            let parent_types = std::mem::take(&mut shape.types);
            let keyword = if shape.branches.is_empty() {
                "type"
            } else {
                "anyOf"
            };
            let mut branches = if shape.branches.is_empty() {
                parent_types
                    .iter()
                    .map(|t| Obj::from([("type".to_owned(), json!(t))]))
                    .collect()
            } else {
                std::mem::take(&mut shape.branches)
            };
            self.push_down(&mut w, &mut branches, &parent_types);
            if root || self.profile.unions == Unions::OneBranch {
                return self.pick(keyword, w, branches, shape.nullable, path, depth, root);
            }
            return self.render_union(w, branches, shape.nullable, path, depth);
        }
        self.render(w, &shape, path, depth, root, false)
    }

    /// Merge the members of `allOf` into the schema (the schema's own annotations win).
    fn merge_all_of(&mut self, w: &mut Obj, path: &Pointer) {
        for _ in 0..MERGE_ROUNDS {
            let Some(all) = w.remove("allOf") else {
                return;
            };
            let Value::Array(members) = all else {
                self.note(path, "allOf", NoteKind::Invalid, quote(&all));
                continue;
            };
            let mut base = Obj::new();
            for member in members {
                match member {
                    Value::Object(m) => {
                        base = merge(base, m.into_iter().collect(), path, self.notes);
                    }
                    Value::Bool(true) => {}
                    other => self.note(
                        path,
                        "allOf",
                        NoteKind::Dropped,
                        format!("member {} not merged", quote(&other)),
                    ),
                }
            }
            self.note(
                path,
                "allOf",
                NoteKind::Converted,
                "members merged into the schema",
            );
            *w = merge(base, std::mem::take(w), path, self.notes);
        }
    }

    /// Read (and remove) `type`, `nullable`, `anyOf`, `oneOf`; take `null` out of `enum`;
    /// turn `const` into `enum` where the profile keeps it.
    fn shape(&mut self, w: &mut Obj, path: &Pointer) -> Shape {
        let mut shape = Shape::default();
        if let Some(ty) = w.remove("type") {
            let names: Vec<Value> = match ty {
                Value::Array(names) => {
                    if !self.profile.type_lists && names.len() > 1 {
                        self.note(
                            path,
                            "type",
                            NoteKind::Converted,
                            format!(
                                "{} is not one type name",
                                quote(&Value::Array(names.clone()))
                            ),
                        );
                    }
                    names
                }
                one => vec![one],
            };
            shape.typed = true;
            for name in names {
                match TYPES.iter().find(|t| name == **t) {
                    Some(&"null") => shape.nullable = true,
                    Some(t) if !shape.types.contains(t) => shape.types.push(t),
                    Some(_) => {}
                    None => self.note(
                        path,
                        "type",
                        NoteKind::Invalid,
                        format!("unknown type {}", quote(&name)),
                    ),
                }
            }
            if shape.types.contains(&"number") && shape.types.contains(&"integer") {
                // Every integer is a number.
                shape.types.retain(|t| *t != "integer");
            }
            shape
                .types
                .sort_by_key(|t| TYPES.iter().position(|x| x == t));
            if shape.types.is_empty() && !shape.nullable {
                shape.typed = false;
            }
        }
        match w.remove("nullable") {
            Some(Value::Bool(true)) => {
                if self.profile.null != Null::Keyword {
                    self.note(path, "nullable", NoteKind::Converted, "null allowed");
                }
                shape.nullable = true;
            }
            Some(Value::Bool(false)) | None => {}
            Some(other) => self.note(path, "nullable", NoteKind::Invalid, quote(&other)),
        }
        let any_of = w.remove("anyOf");
        let mut one_of = w.remove("oneOf");
        if any_of.is_some() && one_of.is_some() {
            // Both must hold; keep `anyOf` as the union and say `oneOf`.
            if let Some(v) = one_of.take() {
                w.insert("oneOf".into(), v);
            }
        }
        let (keyword, union) = match (any_of, one_of) {
            (Some(u), _) => ("anyOf", Some(u)),
            (None, Some(u)) => ("oneOf", Some(u)),
            (None, None) => ("", None),
        };
        if let Some(union) = union {
            if keyword == "oneOf" {
                self.note(path, "oneOf", NoteKind::Converted, "to anyOf");
            }
            self.read_union(keyword, union, &mut shape, path);
        }
        if let Some(Value::Array(values)) = w.get_mut("enum")
            && values.iter().any(Value::is_null)
        {
            values.retain(|v| !v.is_null());
            if !shape.typed || shape.nullable {
                shape.nullable = true;
                if values.is_empty() {
                    shape.typed = true;
                }
            } else {
                self.note(
                    path,
                    "enum",
                    NoteKind::Dropped,
                    "null is not of the schema's type",
                );
            }
            if values.is_empty() {
                w.remove("enum");
            }
        }
        match w.remove("const") {
            Some(Value::Null) => {
                shape.nullable = true;
                shape.typed = true;
            }
            Some(Value::String(s)) => self.const_to_enum(w, Value::String(s), path),
            Some(value) if self.profile.enums == Enums::OfItsType => {
                self.const_to_enum(w, value, path)
            }
            Some(value) => {
                w.insert("const".into(), value);
            }
            None => {}
        }
        if shape.null_only()
            && let Some(Value::Array(values)) = w.get("enum")
        {
            // `null` is out of the list already, so no value left in it is of the schema's
            // one type; kept, it would be rendered as the values of an untyped schema, and
            // a second rewrite, reading `null` back out, would not give the same schema.
            let misfit = Value::Array(values.clone());
            self.note(
                path,
                "enum",
                NoteKind::Dropped,
                format!("values not of the schema's type: {}", quote(&misfit)),
            );
            w.remove("enum");
        }
        shape
    }

    fn read_union(&mut self, keyword: &str, union: Value, shape: &mut Shape, path: &Pointer) {
        let Value::Array(members) = union else {
            self.note(path, keyword, NoteKind::Invalid, quote(&union));
            return;
        };
        let mut anything = false;
        for member in members {
            match member {
                Value::Object(m) if is_null_schema(&m) => shape.nullable = true,
                Value::Object(m) => shape.branches.push(m.into_iter().collect()),
                Value::Bool(true) => anything = true,
                Value::Bool(false) => {}
                other => self.note(path, keyword, NoteKind::Invalid, quote(&other)),
            }
        }
        if anything {
            self.note(
                path,
                keyword,
                NoteKind::Dropped,
                "one alternative allows any value",
            );
            shape.branches.clear();
        }
        if shape.branches.is_empty() && shape.nullable && !shape.typed && !anything {
            // `anyOf: [{"type": "null"}]`: only null.
            shape.typed = true;
        }
    }

    fn const_to_enum(&mut self, w: &mut Obj, value: Value, path: &Pointer) {
        match w.get("enum") {
            Some(Value::Array(values)) if !values.contains(&value) => {
                self.note(
                    path,
                    "const",
                    NoteKind::Dropped,
                    "not one of the enum values: no value is allowed",
                );
            }
            _ => {
                self.note(path, "const", NoteKind::Converted, "to a one-value enum");
                w.insert("enum".into(), Value::Array(vec![value]));
            }
        }
    }

    /// Move the type-specific keywords of the schema (and `enum`, `const`, its types) into
    /// the alternatives they constrain.
    fn push_down(&mut self, w: &mut Obj, branches: &mut [Obj], parent_types: &[&str]) {
        let keys: Vec<String> = w
            .iter()
            .filter(|(k, v)| {
                constrained_type(k, v).is_some() || matches!(k.as_str(), "enum" | "const")
            })
            .map(|(k, _)| k.clone())
            .collect();
        for branch in branches.iter_mut() {
            let mut own = branch_types(branch);
            if own.is_empty() && !parent_types.is_empty() {
                branch.insert("type".into(), type_value(parent_types, false));
                own = parent_types.to_vec();
            }
            for key in &keys {
                let Some(value) = w.get(key) else { continue };
                let value = match (key.as_str(), value) {
                    ("enum", Value::Array(values)) if !own.is_empty() => {
                        let kept: Vec<Value> = values
                            .iter()
                            .filter(|v| own.iter().any(|t| is_instance(v, t)))
                            .cloned()
                            .collect();
                        if kept.is_empty() {
                            continue;
                        }
                        Value::Array(kept)
                    }
                    ("const", v) if !own.is_empty() && !own.iter().any(|t| is_instance(v, t)) => {
                        continue;
                    }
                    (k, v) if !own.is_empty() && !own.iter().any(|t| applies_to(k, v, t)) => {
                        continue;
                    }
                    (_, v) => v.clone(),
                };
                if !branch.contains_key(key) {
                    branch.insert(key.clone(), value);
                }
            }
        }
        for key in keys {
            w.remove(&key);
        }
    }

    /// Keep one alternative, describe the others (a profile without unions, and any root).
    #[allow(clippy::too_many_arguments)]
    fn pick(
        &mut self,
        keyword: &str,
        w: Obj,
        mut branches: Vec<Obj>,
        nullable: bool,
        path: &Pointer,
        depth: usize,
        root: bool,
    ) -> Obj {
        let types: Vec<Vec<&str>> = branches.iter().map(branch_types).collect();
        let has = |i: usize, t: &str| types[i].contains(&t);
        let numeric = |i: usize| {
            !types[i].is_empty() && types[i].iter().all(|t| matches!(*t, "number" | "integer"))
        };
        let n = branches.len();
        let chosen = (root.then(|| (0..n).find(|&i| has(i, "object"))).flatten())
            .or_else(|| (0..n).find(|&i| has(i, "string")))
            .or_else(|| {
                (0..n)
                    .all(numeric)
                    .then(|| (0..n).find(|&i| has(i, "number")).unwrap_or(0))
            })
            .unwrap_or(0);
        let kept = branches.remove(chosen);
        let others: Vec<Value> = branches.into_iter().map(into_value).collect();
        self.note(
            path,
            keyword,
            NoteKind::Described,
            "one alternative kept, the others described",
        );
        let merged = merge(kept, w, path, self.notes);
        let mut out = self.node(&into_value(merged), path, depth + 1, root);
        let mut said = Obj::new();
        if nullable && !root {
            said.insert("nullable".into(), Value::Bool(true));
        }
        said.insert("alternatives".into(), Value::Array(others));
        let description = out.get("description").and_then(Value::as_str);
        if let Some(text) = append(description, &sentences(&said)) {
            out.insert("description".into(), Value::String(text));
        }
        out
    }

    /// An `anyOf` of the rewritten alternatives.
    fn render_union(
        &mut self,
        w: Obj,
        branches: Vec<Obj>,
        nullable: bool,
        path: &Pointer,
        depth: usize,
    ) -> Obj {
        let shape = Shape {
            nullable,
            ..Shape::default()
        };
        let mut out = self.render(w, &shape, path, depth, false, true);
        let mut rendered: Vec<Value> = branches
            .into_iter()
            .enumerate()
            .map(|(i, b)| {
                let at = path.clone().join("anyOf").join(i);
                into_value(self.node(&into_value(b), &at, depth + 1, false))
            })
            .collect();
        if nullable {
            match self.profile.null {
                Null::Keyword => {
                    out.insert("nullable".into(), Value::Bool(true));
                }
                Null::InType | Null::Described => rendered.push(json!({"type": "null"})),
            }
        }
        out.insert("anyOf".into(), Value::Array(rendered));
        out
    }

    /// A schema of one type (or, where the profile allows `type` lists, of several); or, for
    /// a `union_parent`, the keywords beside an `anyOf` (no type of its own).
    fn render(
        &mut self,
        mut w: Obj,
        shape: &Shape,
        path: &Pointer,
        depth: usize,
        root: bool,
        union_parent: bool,
    ) -> Obj {
        let mut draft = Draft::default();
        let types = if union_parent {
            shape.types.clone()
        } else {
            self.own_types(shape, path, &mut draft)
        };
        let description = self.annotations(&mut w, path);
        let object = self.keywords(w, &types, path, depth, &mut draft);
        if types.contains(&"array") && !draft.out.contains_key("items") {
            self.note(
                path,
                "items",
                NoteKind::Added,
                "every array needs an items schema",
            );
            let any = into_value(self.any_value("Any JSON value."));
            draft.out.insert("items".into(), any);
        }
        self.object(object, &types, root, path, &mut draft);
        if !union_parent {
            self.type_keyword(shape, &types, &mut draft);
        }
        draft.finish(description)
    }

    /// The types a schema of its own says: a schema that allows any value, or only `null`
    /// where the profile cannot name that type, becomes a string with a sentence.
    fn own_types(&mut self, shape: &Shape, path: &Pointer, draft: &mut Draft) -> Vec<&'static str> {
        if shape.null_only() {
            if self.profile.null == Null::InType {
                return Vec::new();
            }
            draft.before.push("Must be null.".to_owned());
            return vec!["string"];
        }
        if shape.types.is_empty() {
            self.note(
                path,
                "type",
                NoteKind::Added,
                "\"string\": the schema allows any value",
            );
            draft.before.push("Any JSON value.".to_owned());
            return vec!["string"];
        }
        shape.types.clone()
    }

    /// Take out the `description`, and drop `title` and a `null` default.
    fn annotations(&mut self, w: &mut Obj, path: &Pointer) -> Option<String> {
        let description = match w.remove("description") {
            Some(Value::String(d)) => Some(d),
            Some(other) => {
                self.note(path, "description", NoteKind::Invalid, quote(&other));
                None
            }
            None => None,
        };
        if w.remove("title").is_some() {
            self.note(path, "title", NoteKind::Dropped, "");
        }
        if w.get("default") == Some(&Value::Null) {
            w.remove("default");
            self.note(
                path,
                "default",
                NoteKind::Dropped,
                "null: the same as absent",
            );
        }
        description
    }

    /// Every other keyword: kept, described or dropped by the profile, subschemas rewritten;
    /// the object keywords are gathered for [`Rewriter::object`].
    fn keywords(
        &mut self,
        w: Obj,
        types: &[&'static str],
        path: &Pointer,
        depth: usize,
        draft: &mut Draft,
    ) -> ObjectParts {
        let mut object = ObjectParts::default();
        let mut tuple: Vec<(String, Value)> = Vec::new();
        for (keyword, value) in w {
            let kw = keyword.as_str();
            if !known(kw) {
                self.note(path, kw, NoteKind::Dropped, "unknown keyword");
                continue;
            }
            if quiet(kw) {
                self.note(path, kw, NoteKind::Dropped, "");
                continue;
            }
            if !valid(kw, &value) {
                self.note(path, kw, NoteKind::Invalid, quote(&value));
                continue;
            }
            if !types.is_empty()
                && constrained_type(kw, &value).is_some()
                && !types.iter().any(|t| applies_to(kw, &value, t))
            {
                self.note(
                    path,
                    kw,
                    NoteKind::Dropped,
                    format!("does not apply to type {}", types.join(", ")),
                );
                continue;
            }
            match kw {
                "properties" => {
                    if let Value::Object(props) = value {
                        object.declared = Some(self.properties(&props, path, depth));
                    }
                }
                "required" => object.required = Some(value),
                "additionalProperties" => object.additional = Some(value),
                "items" | "prefixItems" => match value {
                    Value::Array(_) => tuple.push((keyword, value)),
                    single if kw == "items" => {
                        let at = path.clone().join("items");
                        let child = self.node(&single, &at, depth + 1, false);
                        draft.out.insert("items".into(), into_value(child));
                    }
                    _ => {}
                },
                "enum" => {
                    if let Value::Array(values) = value {
                        self.enumeration(values, types, path, draft);
                    }
                }
                "format" => {
                    let format = value.as_str().unwrap_or_default();
                    let kept = types.iter().any(|t| {
                        self.profile.formats_on(t).contains(&format) && applies_to(kw, &value, t)
                    });
                    if kept {
                        draft.out.insert(keyword, value);
                    } else {
                        self.describe(path, kw, value, draft);
                    }
                }
                "$ref" | "$dynamicRef" | "$defs" | "definitions" => {
                    self.note(path, kw, NoteKind::Dropped, quote(&value));
                }
                _ if self.profile.keywords.contains(&kw) => {
                    draft.out.insert(keyword, value);
                }
                _ => self.describe(path, kw, value, draft),
            }
        }
        // Tuples: no profile keeps them; the array gets one `items` schema.
        for (keyword, value) in tuple {
            self.describe(path, &keyword, value, draft);
        }
        object
    }

    /// `properties`, `required` and `additionalProperties`, as the profile wants objects.
    fn object(
        &mut self,
        parts: ObjectParts,
        types: &[&str],
        root: bool,
        path: &Pointer,
        draft: &mut Draft,
    ) {
        let object = types.contains(&"object");
        let objects = self.profile.objects;
        let closed = object && objects == Objects::Closed;
        let declared = match parts.declared {
            Some(d) => Some(d),
            None if closed || (object && root && objects == Objects::RootHasProperties) => {
                self.note(path, "properties", NoteKind::Added, "{}");
                Some(Obj::new())
            }
            None => None,
        };
        let names = self.required(parts.required, declared.as_ref(), path);
        if let Some(mut props) = declared {
            if closed {
                for (name, child) in props.iter_mut() {
                    if !names.contains(name) {
                        let mut c = to_obj(std::mem::take(child));
                        if make_nullable(&mut c) {
                            self.note(
                                &path.clone().join("properties").join(name.as_str()),
                                "required",
                                NoteKind::Converted,
                                "optional property made nullable and required",
                            );
                        }
                        *child = into_value(c);
                    }
                }
                let all: Vec<Value> = props.keys().map(|k| Value::String(k.clone())).collect();
                draft.out.insert("required".into(), Value::Array(all));
            } else if !names.is_empty() {
                let names = names.into_iter().map(Value::String).collect();
                draft.out.insert("required".into(), Value::Array(names));
            }
            draft.out.insert("properties".into(), into_value(props));
        }
        match parts.additional {
            additional if closed => {
                if additional != Some(Value::Bool(false)) {
                    let detail = match &additional {
                        None => "false: strict mode needs closed objects".to_owned(),
                        Some(v) => format!(
                            "false instead of {}: strict mode needs closed objects",
                            quote(v)
                        ),
                    };
                    self.note(path, "additionalProperties", NoteKind::Added, detail);
                }
                draft
                    .out
                    .insert("additionalProperties".into(), Value::Bool(false));
            }
            Some(Value::Bool(true)) => {
                self.note(
                    path,
                    "additionalProperties",
                    NoteKind::Dropped,
                    "true is the default",
                );
            }
            Some(v) => self.describe(path, "additionalProperties", v, draft),
            None => {}
        }
    }

    /// `type`, and `null` said as the profile says it.
    fn type_keyword(&mut self, shape: &Shape, types: &[&str], draft: &mut Draft) {
        let nullable = shape.nullable;
        let first = json!(types.first().copied().unwrap_or("string"));
        let out = &mut draft.out;
        match self.profile.null {
            Null::InType if shape.null_only() => {
                out.insert("type".into(), json!("null"));
            }
            Null::InType => {
                out.insert("type".into(), type_value(types, nullable));
                if nullable {
                    make_nullable(out);
                }
            }
            Null::Keyword => {
                out.insert("type".into(), first);
                if nullable {
                    out.insert("nullable".into(), Value::Bool(true));
                }
            }
            Null::Described => {
                out.insert("type".into(), first);
                if nullable && !shape.null_only() {
                    draft.said.insert("nullable".into(), Value::Bool(true));
                }
            }
        }
    }

    fn describe(&mut self, path: &Pointer, keyword: &str, value: Value, draft: &mut Draft) {
        self.note(path, keyword, NoteKind::Described, "");
        draft.said.insert(keyword.to_owned(), value);
    }

    /// `enum`, with the values of the schema's types, kept as far as the profile keeps it;
    /// the rest is described.
    fn enumeration(
        &mut self,
        values: Vec<Value>,
        types: &[&str],
        path: &Pointer,
        draft: &mut Draft,
    ) {
        let (fit, misfit): (Vec<Value>, Vec<Value>) = values
            .into_iter()
            .partition(|v| types.is_empty() || types.iter().any(|t| is_instance(v, t)));
        if !misfit.is_empty() {
            self.note(
                path,
                "enum",
                NoteKind::Dropped,
                format!(
                    "values not of the schema's type: {}",
                    quote(&Value::Array(misfit))
                ),
            );
        }
        if fit.is_empty() {
            return;
        }
        match self.profile.enums {
            Enums::OfItsType => {
                draft.out.insert("enum".into(), Value::Array(fit));
            }
            Enums::NonEmptyStrings if types == ["string"] && fit.iter().all(Value::is_string) => {
                let (empty, kept): (Vec<Value>, Vec<Value>) =
                    fit.into_iter().partition(|v| v.as_str() == Some(""));
                if !empty.is_empty() {
                    self.note(path, "enum", NoteKind::Described, "the empty string");
                    draft.alternatives.push(Value::String(String::new()));
                }
                if !kept.is_empty() {
                    draft.out.insert("enum".into(), Value::Array(kept));
                }
            }
            Enums::NonEmptyStrings => self.describe(path, "enum", Value::Array(fit), draft),
        }
    }

    /// `properties`, each rewritten; a property whose schema is `false` is removed.
    fn properties(&mut self, props: &Map<String, Value>, path: &Pointer, depth: usize) -> Obj {
        let mut out = Obj::new();
        let mut names: Vec<&String> = props.keys().collect();
        names.sort();
        for name in names {
            let at = path.clone().join("properties").join(name.as_str());
            let schema = &props[name];
            if schema == &Value::Bool(false) {
                self.note(
                    &at,
                    "properties",
                    NoteKind::Dropped,
                    "a property that must be absent",
                );
                continue;
            }
            out.insert(
                name.clone(),
                into_value(self.node(schema, &at, depth + 1, false)),
            );
        }
        out
    }

    /// The `required` names that are declared properties, once each, in their order.
    fn required(
        &mut self,
        required: Option<Value>,
        declared: Option<&Obj>,
        path: &Pointer,
    ) -> Vec<String> {
        let Some(Value::Array(list)) = required else {
            return Vec::new();
        };
        let mut names = Vec::new();
        for entry in list {
            match entry {
                Value::String(name) if declared.is_some_and(|d| d.contains_key(&name)) => {
                    if !names.contains(&name) {
                        names.push(name);
                    }
                }
                Value::String(name) => self.note(
                    path,
                    "required",
                    NoteKind::Dropped,
                    format!("{} is not a declared property", quote(&Value::String(name))),
                ),
                other => self.note(path, "required", NoteKind::Invalid, quote(&other)),
            }
        }
        names
    }

    /// The schema standing for "any value" in a profile that needs a type everywhere.
    fn any_value(&self, description: &str) -> Obj {
        Obj::from([
            (
                "description".to_owned(),
                Value::String(description.to_owned()),
            ),
            ("type".to_owned(), json!("string")),
        ])
    }
}

/// `type` as a name, or a list of names (with `"null"` last when `nullable`).
fn type_value(types: &[&str], nullable: bool) -> Value {
    if types.len() == 1 && !nullable {
        return json!(types[0]);
    }
    let mut names: Vec<Value> = types.iter().map(|t| json!(t)).collect();
    if nullable {
        names.push(json!("null"));
    }
    Value::Array(names)
}

/// The types a branch allows: its `type`, else what its keywords imply.
fn branch_types(branch: &Obj) -> Vec<&'static str> {
    let named: Vec<&'static str> = match branch.get("type") {
        Some(Value::String(t)) => TYPES.iter().filter(|x| **x == t).copied().collect(),
        Some(Value::Array(ts)) => TYPES
            .iter()
            .filter(|x| ts.iter().any(|t| t == **x))
            .copied()
            .collect(),
        _ => Vec::new(),
    };
    let named: Vec<&'static str> = named.into_iter().filter(|t| *t != "null").collect();
    if named.is_empty() {
        infer(branch)
    } else {
        named
    }
}

/// The types a schema's keywords imply (`properties` → object, `minLength` → string, an
/// `enum` of strings → string, …), in [`TYPES`] order.
fn infer(w: &Obj) -> Vec<&'static str> {
    let mut found: Vec<&'static str> = Vec::new();
    for (keyword, value) in w {
        let implied = match (keyword.as_str(), value) {
            ("format", Value::String(f)) if numeric_format(f) => {
                if f.starts_with("int") || f.starts_with("uint") {
                    Some("integer")
                } else {
                    Some("number")
                }
            }
            ("enum", Value::Array(values)) => {
                for v in values {
                    let t = type_of(v);
                    if t != "null" && !found.contains(&t) {
                        found.push(t);
                    }
                }
                None
            }
            ("const", v) if !v.is_null() => Some(type_of(v)),
            (k, v) if valid(k, v) => constrained_type(k, v),
            _ => None,
        };
        if let Some(t) = implied
            && !found.contains(&t)
        {
            found.push(t);
        }
    }
    // `integer` is a `number`: keep the narrower when both are implied by values alone.
    if found.contains(&"integer") && found.contains(&"number") {
        let all_int = w
            .get("enum")
            .and_then(Value::as_array)
            .is_some_and(|vs| vs.iter().all(|v| v.is_null() || is_instance(v, "integer")));
        found.retain(|t| *t != if all_int { "number" } else { "integer" });
    }
    found.sort_by_key(|t| TYPES.iter().position(|x| x == t));
    found
}

/// Allow `null` in a rewritten strict schema: a `"null"` type, a `null` enum value, or a
/// `{"type": "null"}` alternative. Returns whether anything changed.
fn make_nullable(schema: &mut Obj) -> bool {
    let mut changed = false;
    if let Some(Value::Array(branches)) = schema.get_mut("anyOf") {
        if !branches.iter().any(|b| b == &json!({"type": "null"})) {
            branches.push(json!({"type": "null"}));
            changed = true;
        }
    } else {
        match schema.get_mut("type") {
            Some(Value::String(t)) if t != "null" => {
                let name = std::mem::take(t);
                schema.insert("type".into(), json!([name, "null"]));
                changed = true;
            }
            Some(Value::Array(names)) if !names.iter().any(|n| n == "null") => {
                names.push(json!("null"));
                changed = true;
            }
            _ => {}
        }
    }
    if let Some(Value::Array(values)) = schema.get_mut("enum")
        && !values.iter().any(Value::is_null)
    {
        values.push(Value::Null);
        changed = true;
    }
    changed
}
