//! Backward compatibility of tool schemas. On an `inputSchema` (the client writes, the
//! server reads): what the new schema refuses that the old one accepted is breaking. On an
//! `outputSchema` (the server writes, the client reads) the direction is reversed: what
//! the new schema lets the server return that the old one did not is breaking. Removing
//! what the old schema marked `deprecated: true` is info on both.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt;

use serde::Serialize;
use serde_json::{Map, Value};

use super::json;
use super::rules::{self, stable_ids};
use super::tools::{named, tools};

stable_ids! {
    /// Whether a change breaks callers written against the old schema.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::testing::{ChangeRule, Impact};
    ///
    /// assert_eq!(ChangeRule::MadeRequired.impact(), Impact::Breaking);
    /// assert_eq!(Impact::Info.as_str(), "info");
    /// ```
    #[derive(Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Impact {
        /// A call the old schema accepted may now be refused.
        Breaking = "breaking",
        /// Compatible: every call the old schema accepted is still accepted.
        Info = "info",
    }
    /// `"breaking"` or `"info"`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(mcp_coerce::testing::Impact::Breaking.as_str(), "breaking");
    /// ```
    fn as_str;
}

stable_ids! {
    /// A kind of schema change, by its stable id.
    ///
    /// Each tool's `inputSchema` is compared as something its clients write (a schema
    /// that accepts less breaks them), its `outputSchema` as something they read (a
    /// schema that lets the server return more breaks them): the `output-` rules are
    /// the input rules read the other way.
    ///
    /// | id | impact | when | pointer into |
    /// |---|---|---|---|
    /// | `tool-removed` | breaking | a tool of the old list is not in the new one | OLD (`""`: the tool) |
    /// | `property-removed` | breaking | an input property is gone (and was not `deprecated`) | OLD |
    /// | `required-added` | breaking | a new input property is required (or a new name in `required`) | NEW |
    /// | `made-required` | breaking | an existing input property became required | OLD (the property) |
    /// | `type-narrowed` | breaking | an input JSON type is no longer accepted (`["string", "null"]` to `"string"`, `number` to `integer`); an `enum`, `const`, `format` or `items` added where there was none; a `const` or `format` changed | OLD (the keyword) |
    /// | `enum-value-removed` | breaking | a value left an input `enum` (or a union of `const`s) | OLD (`/enum/i`, `/oneOf/i/const`) |
    /// | `bound-tightened` | breaking | an input's `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `minLength`, `maxLength`, `minItems`, `maxItems` tightened, or added where there was none | OLD (the keyword) |
    /// | `pattern-changed` | breaking | an input `pattern` changed, or was added | OLD (the keyword) |
    /// | `additional-properties-closed` | breaking | an input's `additionalProperties` became `false` | OLD (the keyword) |
    /// | `output-schema-removed` | breaking | the tool's `outputSchema` is gone | OLD (`/outputSchema`) |
    /// | `output-property-removed` | breaking | an output property is gone (and was not `deprecated`), required or not: a client may read it | OLD |
    /// | `output-made-optional` | breaking | a required output property became optional: a client may count on it | NEW (the property) |
    /// | `output-type-widened` | breaking | an output may be of a JSON type it could not be (`integer` to `number`, `null` added); an `enum`, `const`, `format`, `pattern` or `items` removed; a `const` or `format` changed | NEW (the keyword) |
    /// | `output-enum-value-added` | breaking | a value joined an output `enum` (or a union of `const`s) | NEW (`/enum/j`, `/oneOf/j/const`) |
    /// | `output-bound-loosened` | breaking | an output bound (the keywords of `bound-tightened`) loosened or removed | NEW (the keyword) |
    /// | `output-pattern-changed` | breaking | an output `pattern` changed | OLD (the keyword) |
    /// | `tool-added` | info | a tool of the new list is not in the old one | NEW (`""`) |
    /// | `property-added` | info | a new optional input property | NEW |
    /// | `enum-value-added` | info | a value joined an input `enum` (or a union of `const`s) | NEW (`/enum/j`, `/oneOf/j/const`) |
    /// | `bound-loosened` | info | an input bound loosened or removed | NEW (the keyword) |
    /// | `type-widened` | info | an input JSON type is newly accepted; an `enum`, `const`, `format`, `pattern` or `items` removed; `additionalProperties: false` removed | NEW (the keyword) |
    /// | `made-optional` | info | a required input property became optional | NEW (the property) |
    /// | `description-changed` | info | a tool's or a schema's `description` changed (or appeared, or went), input or output | NEW |
    /// | `output-schema-added` | info | the tool has an `outputSchema` where it had none | NEW (`/outputSchema`) |
    /// | `output-property-added` | info | a new output property, required or not; `additionalProperties: false` removed from an output (unknown keys, like new properties, break no reader) | NEW |
    /// | `output-made-required` | info | an existing output property became required (or a new name in `required`) | OLD (the property; NEW `/required/j` for a name only) |
    /// | `output-type-narrowed` | info | an output JSON type is no longer returned; an `enum`, `const`, `format`, `pattern` or `items` added; `additionalProperties` became `false` | OLD (the keyword) |
    /// | `output-enum-value-removed` | info | a value left an output `enum` (or a union of `const`s) | OLD (`/enum/i`, `/oneOf/i/const`) |
    /// | `output-bound-tightened` | info | an output bound tightened, or added where there was none | OLD (the keyword) |
    /// | `deprecated-property-removed` | info | a property whose old schema has `deprecated: true` is gone, input or output | OLD |
    /// | `deprecated-enum-value-removed` | info | a value whose union member in OLD has `deprecated: true` is gone, input or output | OLD (`/oneOf/i/const`) |
    ///
    /// A keyword that is on one side only is named at the place it has (or would have)
    /// in the document the pointer points into. Each rule is reported once per
    /// pointer; a new required input property is `required-added` only. A union
    /// (`anyOf`, `oneOf`) whose members are all `const`s or `enum`s, as schemars writes
    /// an enum with documented variants (each a `const` member, the undocumented ones
    /// in one `enum` member), is compared value by value, like an `enum`.
    ///
    /// # Deprecation
    ///
    /// Removing a property or a value whose old schema (the property's, the definition
    /// its `$ref` names, or the union member holding the value) says `deprecated: true` is
    /// info, on inputs and outputs alike; any other change to it is judged as usual. A
    /// tool cannot be marked deprecated (MCP has no such annotation). The rules follow
    /// OpenAPI diff tools' breaking-change checks (oasdiff's), with two impacts only.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::testing::{ChangeRule, Impact};
    ///
    /// assert_eq!(ChangeRule::BoundLoosened.id(), "bound-loosened");
    /// assert_eq!(ChangeRule::BoundLoosened.impact(), Impact::Info);
    /// assert_eq!(ChangeRule::OutputBoundLoosened.impact(), Impact::Breaking);
    /// ```
    pub enum ChangeRule {
        ToolRemoved = "tool-removed", Breaking;
        PropertyRemoved = "property-removed", Breaking;
        RequiredAdded = "required-added", Breaking;
        MadeRequired = "made-required", Breaking;
        TypeNarrowed = "type-narrowed", Breaking;
        EnumValueRemoved = "enum-value-removed", Breaking;
        BoundTightened = "bound-tightened", Breaking;
        PatternChanged = "pattern-changed", Breaking;
        AdditionalPropertiesClosed = "additional-properties-closed", Breaking;
        OutputSchemaRemoved = "output-schema-removed", Breaking;
        OutputPropertyRemoved = "output-property-removed", Breaking;
        OutputMadeOptional = "output-made-optional", Breaking;
        OutputTypeWidened = "output-type-widened", Breaking;
        OutputEnumValueAdded = "output-enum-value-added", Breaking;
        OutputBoundLoosened = "output-bound-loosened", Breaking;
        OutputPatternChanged = "output-pattern-changed", Breaking;
        ToolAdded = "tool-added", Info;
        PropertyAdded = "property-added", Info;
        EnumValueAdded = "enum-value-added", Info;
        BoundLoosened = "bound-loosened", Info;
        TypeWidened = "type-widened", Info;
        MadeOptional = "made-optional", Info;
        DescriptionChanged = "description-changed", Info;
        OutputSchemaAdded = "output-schema-added", Info;
        OutputPropertyAdded = "output-property-added", Info;
        OutputMadeRequired = "output-made-required", Info;
        OutputTypeNarrowed = "output-type-narrowed", Info;
        OutputEnumValueRemoved = "output-enum-value-removed", Info;
        OutputBoundTightened = "output-bound-tightened", Info;
        DeprecatedPropertyRemoved = "deprecated-property-removed", Info;
        DeprecatedEnumValueRemoved = "deprecated-enum-value-removed", Info;
    }
    /// The rule's stable id (`"type-narrowed"`).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(mcp_coerce::testing::ChangeRule::ToolRemoved.id(), "tool-removed");
    /// ```
    fn id;
    /// Whether the change breaks callers.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::testing::{ChangeRule, Impact};
    ///
    /// assert_eq!(ChangeRule::PatternChanged.impact(), Impact::Breaking);
    /// ```
    fn impact -> Impact;
}

impl ChangeRule {
    /// The rule an input rule becomes on an `outputSchema`, where the server writes and
    /// the client reads: what narrows an input widens nothing a reader sees, and what
    /// loosens an input loosens what a reader gets. Rules of no direction are unchanged.
    fn on_output(self) -> ChangeRule {
        use ChangeRule::*;
        match self {
            PropertyRemoved => OutputPropertyRemoved,
            RequiredAdded | PropertyAdded => OutputPropertyAdded,
            MadeRequired => OutputMadeRequired,
            TypeNarrowed | AdditionalPropertiesClosed => OutputTypeNarrowed,
            EnumValueRemoved => OutputEnumValueRemoved,
            BoundTightened => OutputBoundTightened,
            PatternChanged => OutputPatternChanged,
            EnumValueAdded => OutputEnumValueAdded,
            BoundLoosened => OutputBoundLoosened,
            TypeWidened => OutputTypeWidened,
            MadeOptional => OutputMadeOptional,
            other => other,
        }
    }
}

/// One schema change. Serialized as `{"tool", "pointer", "rule", "severity", "message"}`.
///
/// # Examples
///
/// ```
/// use serde_json::json;
///
/// let old = json!({"type": "object", "properties": {"limit": {"type": "integer", "maximum": 100}}});
/// let new = json!({"type": "object", "properties": {"limit": {"type": "integer", "maximum": 50}}});
/// let changes = mcp_coerce::testing::compat(&old, &new);
/// assert_eq!(serde_json::to_value(&changes)?, json!([{
///     "tool": "", "pointer": "/properties/limit/maximum", "rule": "bound-tightened",
///     "severity": "breaking", "message": "maximum 100 became 50"
/// }]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Change {
    /// The tool's name (`""` when two schemas were compared); a name longer than 1024
    /// bytes is cut and ends in `…`.
    pub tool: String,
    /// A JSON Pointer into the tool's object (or the schema), in OLD for removals and
    /// narrowing, in NEW for additions and loosening. A pointer longer than 1024 bytes
    /// (keys that long) is cut and ends in `/…`.
    pub pointer: String,
    /// The rule.
    pub rule: ChangeRule,
    /// The rule's impact.
    pub severity: Impact,
    /// What changed, in one line.
    pub message: String,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (level, rule) = (self.severity.as_str(), self.rule.id());
        let row = [level, &self.tool, &self.pointer, rule, &self.message];
        rules::write_line(f, 8, row)
    }
}

/// The changes from `old` to `new`: two `tools/list` results (in any of the shapes
/// [`tools`](crate::testing::tools) reads: tools matched by name, then each tool's
/// `description`, `inputSchema` and `outputSchema` compared), or else two tools'
/// `inputSchema`s.
///
/// An `outputSchema` is compared the other way round from an `inputSchema`: what lets the
/// server return a value the old schema did not (a property removed or made optional, a
/// type widened, a value or a looser bound allowed) is breaking, its own rules prefixed
/// `output-` ([`ChangeRule`]). Removing a property or a value the old schema marked
/// `deprecated: true` is info on both.
///
/// `$ref`s (local ones, `#/...`) are resolved first, on each side in its own document;
/// nested objects, array items, `additionalProperties` schemas and `anyOf`/`oneOf` members
/// (paired by JSON type; by value where every member is a `const`) are compared too. A
/// cycle of `$ref`s is followed once; nesting past 64 levels is not compared.
///
/// Changes come tool by tool (the old list's order, then the tools only the new list
/// has), then by pointer and rule.
///
/// # Examples
///
/// ```
/// use mcp_coerce::testing::{ChangeRule, compat};
/// use serde_json::json;
///
/// let old = json!([{"name": "a", "inputSchema": {"type": "object", "properties": {
///     "mode": {"type": "string", "enum": ["fast", "slow"]}}}}]);
/// let new = json!([{"name": "a", "inputSchema": {"type": "object", "properties": {
///     "mode": {"type": "string", "enum": ["fast", "auto"]}}, "required": ["mode"]}},
///     {"name": "b", "inputSchema": {"type": "object", "properties": {}}}]);
/// let changes = compat(&old, &new);
/// let found: Vec<(&str, &str, ChangeRule)> = changes
///     .iter().map(|c| (c.tool.as_str(), c.pointer.as_str(), c.rule)).collect();
/// assert_eq!(found, [
///     ("a", "/inputSchema/properties/mode", ChangeRule::MadeRequired),
///     ("a", "/inputSchema/properties/mode/enum/1", ChangeRule::EnumValueAdded),
///     ("a", "/inputSchema/properties/mode/enum/1", ChangeRule::EnumValueRemoved),
///     ("b", "", ChangeRule::ToolAdded),
/// ]);
/// ```
///
/// Outputs, and deprecation:
///
/// ```
/// use mcp_coerce::testing::{ChangeRule, Impact, compat};
/// use serde_json::json;
///
/// let old = json!([{"name": "a", "inputSchema": {"type": "object"}, "outputSchema": {
///     "type": "object", "properties": {
///         "total": {"type": "integer"},
///         "count": {"type": "integer", "deprecated": true}},
///     "required": ["total", "count"]}}]);
/// let new = json!([{"name": "a", "inputSchema": {"type": "object"}, "outputSchema": {
///     "type": "object", "properties": {"total": {"type": "number"}}, "required": ["total"]}}]);
/// let changes = compat(&old, &new);
/// let found: Vec<(&str, ChangeRule, Impact)> =
///     changes.iter().map(|c| (c.pointer.as_str(), c.rule, c.severity)).collect();
/// assert_eq!(found, [
///     ("/outputSchema/properties/count", ChangeRule::DeprecatedPropertyRemoved, Impact::Info),
///     ("/outputSchema/properties/total/type", ChangeRule::OutputTypeWidened, Impact::Breaking),
/// ]);
/// ```
pub fn compat(old: &Value, new: &Value) -> Vec<Change> {
    match (tools(old), tools(new)) {
        (Ok(old), Ok(new)) => tool_lists(old, new),
        _ => {
            let mut sink = Sink::new("");
            schemas(old, new, "", Direction::Input, &mut sink);
            sink.finish()
        }
    }
}

/// [`compat`], and panic if any change is breaking, listing every change.
///
/// # Panics
///
/// When a change is breaking.
///
/// # Examples
///
/// ```
/// use serde_json::json;
///
/// let old = json!({"type": "object", "properties": {"q": {"type": "string", "maxLength": 100}}});
/// let new = json!({"type": "object", "properties": {"q": {"type": "string", "maxLength": 200},
///                                                   "page": {"type": "integer"}}});
/// mcp_coerce::testing::assert_compatible(&old, &new); // loosened and added: compatible
/// ```
///
/// ```should_panic
/// use serde_json::json;
///
/// let old = json!({"type": "object", "properties": {"q": {"type": "string"}}});
/// let new = json!({"type": "object", "properties": {}});
/// mcp_coerce::testing::assert_compatible(&old, &new); // property-removed
/// ```
#[track_caller]
pub fn assert_compatible(old: &Value, new: &Value) {
    let changes = compat(old, new);
    if changes.iter().any(|c| c.severity == Impact::Breaking) {
        panic!("{}", report(&changes));
    }
}

/// Every change, one a line, then the counts.
fn report(changes: &[Change]) -> String {
    let breaking = changes.iter().filter(|c| c.severity == Impact::Breaking);
    let breaking = breaking.count();
    let counts = format!(
        "{breaking} breaking, {} compatible",
        changes.len() - breaking
    );
    rules::report(changes, &counts)
}

fn tool_lists(old: &[Value], new: &[Value]) -> Vec<Change> {
    let mut out = Vec::new();
    // The first tool of each name in NEW, found by name (not by a scan per old tool).
    let mut new_by_name: HashMap<&str, &Value> = HashMap::new();
    for tool in new {
        new_by_name.entry(named(tool).0).or_insert(tool);
    }
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for tool in old {
        let (name, old_tool) = named(tool);
        if !seen.insert(name) {
            continue;
        }
        let mut sink = Sink::new(name);
        match new_by_name.get(name).copied() {
            None => sink.push(
                String::new(),
                ChangeRule::ToolRemoved,
                "the tool was removed".into(),
            ),
            Some(new_tool) => {
                let (_, new_tool) = named(new_tool);
                if old_tool.get("description") != new_tool.get("description") {
                    sink.push(
                        "/description".into(),
                        ChangeRule::DescriptionChanged,
                        "the tool's description changed".into(),
                    );
                }
                let anything = Value::Bool(true);
                schemas(
                    old_tool.get("inputSchema").unwrap_or(&anything),
                    new_tool.get("inputSchema").unwrap_or(&anything),
                    "/inputSchema",
                    Direction::Input,
                    &mut sink,
                );
                match (output_schema(old_tool), output_schema(new_tool)) {
                    (Some(old), Some(new)) => {
                        schemas(old, new, "/outputSchema", Direction::Output, &mut sink);
                    }
                    (Some(_), None) => sink.push(
                        "/outputSchema".into(),
                        ChangeRule::OutputSchemaRemoved,
                        "the outputSchema was removed".into(),
                    ),
                    (None, Some(_)) => sink.push(
                        "/outputSchema".into(),
                        ChangeRule::OutputSchemaAdded,
                        "an outputSchema was added".into(),
                    ),
                    (None, None) => {}
                }
            }
        }
        out.extend(sink.finish());
    }
    for tool in new {
        let (name, _) = named(tool);
        if !seen.insert(name) {
            continue;
        }
        let mut sink = Sink::new(name);
        sink.push(String::new(), ChangeRule::ToolAdded, "a new tool".into());
        out.extend(sink.finish());
    }
    out
}

/// A tool's `outputSchema`, if it has one (`null` is none).
fn output_schema(tool: &Map<String, Value>) -> Option<&Value> {
    tool.get("outputSchema").filter(|s| !s.is_null())
}

/// Which way a schema's values flow: an `inputSchema`'s from the client to the server, an
/// `outputSchema`'s back.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Input,
    Output,
}

/// The changes of one tool, once per pointer and rule, sorted.
struct Sink {
    tool: String,
    changes: Vec<Change>,
    seen: BTreeSet<(String, ChangeRule)>,
    /// The schema being compared; its changes are pushed as input rules and turned into
    /// output rules here ([`ChangeRule::on_output`]).
    direction: Direction,
}

impl Sink {
    fn new(tool: &str) -> Self {
        Sink {
            tool: json::shown_name(tool),
            changes: Vec::new(),
            seen: BTreeSet::new(),
            direction: Direction::Input,
        }
    }

    fn output(&self) -> bool {
        self.direction == Direction::Output
    }

    fn push(&mut self, pointer: String, rule: ChangeRule, message: String) {
        let rule = match self.direction {
            Direction::Input => rule,
            Direction::Output => rule.on_output(),
        };
        if self.seen.insert((pointer.clone(), rule)) {
            self.changes.push(Change {
                tool: self.tool.clone(),
                pointer,
                rule,
                severity: rule.impact(),
                message,
            });
        }
    }

    fn finish(mut self) -> Vec<Change> {
        self.changes
            .sort_by(|a, b| (&a.pointer, a.rule.id()).cmp(&(&b.pointer, b.rule.id())));
        self.changes
    }
}

/// JSON types, as bits.
const NULL: u8 = 1;
const BOOLEAN: u8 = 2;
const OBJECT: u8 = 4;
const ARRAY: u8 = 8;
const NUMBER: u8 = 16;
const INTEGER: u8 = 32;
const STRING: u8 = 64;
const ALL: u8 = 127;

const TYPE_NAMES: [(u8, &str); 7] = [
    (NULL, "null"),
    (BOOLEAN, "boolean"),
    (OBJECT, "object"),
    (ARRAY, "array"),
    (NUMBER, "number"),
    (INTEGER, "integer"),
    (STRING, "string"),
];

fn type_bit(name: &str) -> u8 {
    TYPE_NAMES
        .iter()
        .find(|(_, n)| *n == name)
        .map_or(0, |(bit, _)| *bit)
}

/// The JSON types a set covers: `number` covers `integer`.
fn covered(set: u8) -> u8 {
    if set & NUMBER != 0 {
        set | INTEGER
    } else {
        set
    }
}

fn type_list(set: u8) -> String {
    if set == ALL {
        return "any type".into();
    }
    if set == 0 {
        return "nothing".into();
    }
    TYPE_NAMES
        .iter()
        .filter(|(bit, _)| set & bit != 0)
        .map(|(_, n)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Nesting compared at most.
const MAX_DEPTH: usize = 64;
/// Pairs of nodes compared at most in one tool.
const MAX_PAIRS: usize = 100_000;

/// One side of a comparison: the document, a node in it and where the node is.
#[derive(Clone)]
struct Side<'v> {
    root: &'v Value,
    node: &'v Value,
    at: String,
}

impl<'v> Side<'v> {
    /// The node with its `$ref`s followed, and its place; `true` (anything) for a
    /// reference that does not resolve or a cycle.
    fn resolved(self, base: &str) -> Side<'v> {
        static ANYTHING: Value = Value::Bool(true);
        match json::resolve(self.root, self.node, &self.at) {
            Ok((node, at)) if at != self.at => Side {
                root: self.root,
                node,
                at: format!("{base}{at}"),
            },
            Ok((node, _)) => Side { node, ..self },
            Err(_) => Side {
                node: &ANYTHING,
                ..self
            },
        }
    }

    fn map(&self) -> Option<&'v Map<String, Value>> {
        self.node.as_object()
    }

    fn get(&self, key: &str) -> Option<&'v Value> {
        self.map().and_then(|m| m.get(key))
    }

    fn key(&self, key: &str) -> String {
        json::join(&self.at, key)
    }

    fn child(&self, node: &'v Value, key: &str) -> Side<'v> {
        Side {
            root: self.root,
            node,
            at: self.key(key),
        }
    }

    /// The JSON types the node accepts.
    fn types(&self) -> u8 {
        self.types_within(UNION_LEVELS)
    }

    /// [`types`](Self::types), following unions' `$ref`s at most `levels` deep (a union
    /// that refers to itself, `{"anyOf": [{"$ref": "#"}]}`, ends there: any type).
    fn types_within(&self, levels: u8) -> u8 {
        if levels == 0 {
            return ALL;
        }
        match self.node {
            Value::Bool(false) => 0,
            Value::Object(map) => {
                let mut set = match map.get("type") {
                    Some(Value::String(t)) => type_bit(t),
                    Some(Value::Array(ts)) => ts
                        .iter()
                        .filter_map(Value::as_str)
                        .map(type_bit)
                        .fold(0, |a, b| a | b),
                    _ => ALL,
                };
                if map.get("nullable") == Some(&Value::Bool(true)) && set != ALL {
                    set |= NULL;
                }
                for union in ["anyOf", "oneOf"] {
                    if let Some(Value::Array(members)) = map.get(union) {
                        let mut any = 0;
                        for member in members {
                            any |= member_types(self.root, member, levels - 1);
                        }
                        set &= covered(any) | any;
                    }
                }
                set
            }
            _ => ALL,
        }
    }

    /// Where the node says its types: `type`, else its union, else where `type` goes.
    fn type_at(&self) -> String {
        for key in ["type", "anyOf", "oneOf"] {
            if self.get(key).is_some() {
                return self.key(key);
            }
        }
        self.key("type")
    }

    fn union(&self) -> Option<(&'static str, &'v Vec<Value>)> {
        ["anyOf", "oneOf"]
            .into_iter()
            .find_map(|u| self.get(u).and_then(Value::as_array).map(|m| (u, m)))
    }
}

/// How deep unions inside unions are followed for the types a node accepts.
const UNION_LEVELS: u8 = 8;

/// The types a union member accepts (its `$ref` followed), `levels` deep at most.
fn member_types(root: &Value, member: &Value, levels: u8) -> u8 {
    let side = Side {
        root,
        node: member,
        at: String::new(),
    }
    .resolved("");
    match side.node {
        Value::Object(map) if map.contains_key("anyOf") || map.contains_key("oneOf") => {
            // Nested unions: their own members, one level down.
            let mut any = 0;
            for union in ["anyOf", "oneOf"] {
                if let Some(Value::Array(members)) = map.get(union) {
                    for m in members {
                        any |= Side {
                            root,
                            node: m,
                            at: String::new(),
                        }
                        .resolved("")
                        .types_within(levels);
                    }
                }
            }
            any
        }
        _ => side.types_within(levels),
    }
}

/// Compare two schemas (`base` is where they are in their documents: `""`,
/// `/inputSchema` or `/outputSchema`), which carry values in `direction`.
fn schemas(old: &Value, new: &Value, base: &str, direction: Direction, sink: &mut Sink) {
    sink.direction = direction;
    let mut stack: Vec<(Side<'_>, Side<'_>, bool, usize)> = vec![(
        Side {
            root: old,
            node: old,
            at: base.to_owned(),
        },
        Side {
            root: new,
            node: new,
            at: base.to_owned(),
        },
        false,
        0,
    )];
    let mut visited: BTreeSet<(String, String)> = BTreeSet::new();
    let mut pairs = 0usize;
    while let Some((old, new, types_checked, depth)) = stack.pop() {
        pairs += 1;
        if pairs > MAX_PAIRS {
            break;
        }
        // Only the branch past the depth limit is left out, not its siblings.
        if depth > MAX_DEPTH {
            continue;
        }
        let old = old.resolved(base);
        let new = new.resolved(base);
        if !visited.insert((old.at.clone(), new.at.clone())) {
            continue;
        }
        let mut next = Vec::new();
        pair(&old, &new, types_checked, sink, &mut next);
        for (o, n, checked) in next.into_iter().rev() {
            stack.push((o, n, checked, depth + 1));
        }
    }
}

/// The changes between two nodes, and the pairs of their members to compare next.
fn pair<'v>(
    old: &Side<'v>,
    new: &Side<'v>,
    types_checked: bool,
    sink: &mut Sink,
    next: &mut Vec<(Side<'v>, Side<'v>, bool)>,
) {
    let (old_types, new_types) = (old.types(), new.types());
    if !types_checked {
        let lost = old_types & !covered(new_types);
        let gained = new_types & !covered(old_types);
        if lost != 0 {
            sink.push(
                old.type_at(),
                ChangeRule::TypeNarrowed,
                format!(
                    "accepts {} where it accepted {}",
                    type_list(new_types),
                    type_list(old_types)
                ),
            );
        }
        if gained != 0 {
            sink.push(
                new.type_at(),
                ChangeRule::TypeWidened,
                format!("also accepts {}", type_list(gained)),
            );
        }
    }
    if old.get("description") != new.get("description") {
        sink.push(
            new.key("description"),
            ChangeRule::DescriptionChanged,
            "the description changed".into(),
        );
    }
    if covered(old_types) & covered(new_types) == 0 && old_types != ALL {
        // Nothing in common (`number` has the integers in common with `integer`): the
        // type change says it all.
        return;
    }
    if old.union().is_some() || new.union().is_some() {
        unions(old, new, sink, next);
        return;
    }
    closed_values(old, new, sink);
    bounds(old, new, sink);
    pattern(old, new, sink);
    objects(old, new, sink, next);
    items(old, new, sink, next);
}

/// Pair the members of unions (or a union's members with the other side's node) by the
/// JSON types they accept; their keywords are compared pair by pair. Where both sides list
/// their values (a union of `const`s, an `enum`), the values are compared instead.
fn unions<'v>(
    old: &Side<'v>,
    new: &Side<'v>,
    sink: &mut Sink,
    next: &mut Vec<(Side<'v>, Side<'v>, bool)>,
) {
    let candidates = |side: &Side<'v>| -> Vec<Side<'v>> {
        match side.union() {
            Some((union, members)) => members
                .iter()
                .enumerate()
                .map(|(i, m)| Side {
                    root: side.root,
                    node: m,
                    at: json::join_index(&side.key(union), i),
                })
                .filter(|m| m.clone().resolved("").types() != NULL)
                .collect(),
            None => vec![side.clone()],
        }
    };
    let olds = candidates(old);
    let news = candidates(new);
    if let (Some(a), Some(b)) = (listed(old, &olds), listed(new, &news)) {
        listed_values(&a, &b, sink, next);
        return;
    }
    let mut used = vec![false; news.len()];
    for o in olds {
        let o_types = o.clone().resolved("").types();
        // Among members of the same types, the one equal to it, else one with the same
        // `format` (`anyOf` of `ipv4` and `ipv6` strings), else the first.
        let o_resolved = o.clone().resolved("");
        let best = news
            .iter()
            .enumerate()
            .filter(|(j, _)| !used[*j])
            .map(|(j, n)| (j, n.clone().resolved("")))
            .map(|(j, n)| {
                (
                    j,
                    n.types(),
                    n.node == o_resolved.node,
                    n.get("format") == o_resolved.get("format"),
                )
            })
            .filter(|(_, t, _, _)| o_types & covered(*t) != 0)
            .max_by_key(|(j, t, equal, same_format)| {
                (
                    *t == o_types,
                    *equal,
                    *same_format,
                    std::cmp::Reverse(t.count_ones()),
                    std::cmp::Reverse(*j),
                )
            });
        let Some((j, ..)) = best else {
            // Every member of its types is paired already: one of them was removed (a
            // member of types no other has is the types' own change, reported there).
            let overlaps = news
                .iter()
                .any(|n| o_types & covered(n.clone().resolved("").types()) != 0);
            if overlaps {
                sink.push(
                    o.at.clone(),
                    ChangeRule::TypeNarrowed,
                    "a member of the union was removed".to_owned(),
                );
            }
            continue;
        };
        {
            used[j] = true;
            let n = news[j].clone();
            // A member paired with the other side's whole node would meet that node's
            // union again: compare it as a plain node.
            if o.at == old.at && n.at == new.at {
                continue;
            }
            next.push((o, n, true));
        }
    }
}

/// One value a schema lists: where it is, the union member that holds it alone (a `const`
/// or a one-value `enum`: its other keywords are compared with its counterpart's), and
/// whether what holds it is marked `deprecated`.
struct Listed<'v> {
    value: &'v Value,
    at: String,
    member: Option<Side<'v>>,
    deprecated: bool,
}

/// The values a node admits, when it lists them: every member of its union (`members`)
/// a `const` or an `enum`, as schemars writes an enum whose variants have docs (the
/// documented ones as `const` members, the others in one `enum`), or the node itself an
/// `enum` or a `const`.
fn listed<'v>(side: &Side<'v>, members: &[Side<'v>]) -> Option<Vec<Listed<'v>>> {
    // The values of one node, or `None` if it does not list them.
    let values = |m: &Side<'v>, out: &mut Vec<Listed<'v>>| -> Option<()> {
        let marked = m.get("deprecated") == Some(&Value::Bool(true));
        if let Some(value) = m.get("const") {
            out.push(Listed {
                value,
                at: m.key("const"),
                member: Some(m.clone()),
                deprecated: marked,
            });
            return Some(());
        }
        let list = m.get("enum").and_then(Value::as_array)?;
        let at = m.key("enum");
        for (i, value) in list.iter().enumerate() {
            out.push(Listed {
                value,
                at: json::join_index(&at, i),
                member: (list.len() == 1).then(|| m.clone()),
                deprecated: marked,
            });
        }
        Some(())
    };
    let mut out = Vec::new();
    if side.union().is_some() {
        for m in members {
            values(m, &mut out)?;
        }
    } else {
        values(side, &mut out)?;
        // The node itself is compared as a whole (its `type` against the members'); its
        // `deprecated` is the property's, not its values'.
        for l in &mut out {
            l.member = None;
            l.deprecated = false;
        }
    }
    Some(out)
}

/// Listed values compared by value: each removed (`deprecated-enum-value-removed` when its
/// member was deprecated) or added; the members of a value on both sides compared.
fn listed_values<'v>(
    old: &[Listed<'v>],
    new: &[Listed<'v>],
    sink: &mut Sink,
    next: &mut Vec<(Side<'v>, Side<'v>, bool)>,
) {
    // String values (the common case) are found in a map; others compared one by one,
    // as `json::same` does.
    let index = |list: &[Listed<'v>]| -> HashMap<&'v str, usize> {
        let mut map = HashMap::new();
        for (i, l) in list.iter().enumerate() {
            if let Value::String(s) = l.value {
                map.entry(s.as_str()).or_insert(i);
            }
        }
        map
    };
    let find = |v: &Value, map: &HashMap<&str, usize>, list: &[Listed<'v>]| match v {
        Value::String(s) => map.get(s.as_str()).copied(),
        _ => list.iter().position(|w| json::same(v, w.value)),
    };
    let (old_index, new_index) = (index(old), index(new));
    for o in old {
        match find(o.value, &new_index, new) {
            Some(j) => {
                if let (Some(a), Some(b)) = (&o.member, &new[j].member) {
                    next.push((a.clone(), b.clone(), true));
                }
            }
            None => {
                let deprecated = o.deprecated;
                sink.push(
                    o.at.clone(),
                    if deprecated {
                        ChangeRule::DeprecatedEnumValueRemoved
                    } else {
                        ChangeRule::EnumValueRemoved
                    },
                    format!(
                        "the {}value {} was removed",
                        if deprecated { "deprecated " } else { "" },
                        json::short(o.value, 64)
                    ),
                );
            }
        }
    }
    for n in new {
        if find(n.value, &old_index, old).is_none() {
            sink.push(
                n.at.clone(),
                ChangeRule::EnumValueAdded,
                format!("the value {} was added", json::short(n.value, 64)),
            );
        }
    }
}

/// Whether a schema (or the definition its `$ref` names) is marked `deprecated: true`.
fn deprecated(side: &Side<'_>) -> bool {
    let marked = |s: &Side<'_>| s.get("deprecated") == Some(&Value::Bool(true));
    marked(side) || marked(&side.clone().resolved(""))
}

/// `enum`, `const` and `format`.
fn closed_values(old: &Side<'_>, new: &Side<'_>, sink: &mut Sink) {
    closed_value(old, new, "const", json::same, false, sink);
    match (
        old.get("enum").and_then(Value::as_array),
        new.get("enum").and_then(Value::as_array),
    ) {
        (None, Some(_)) => sink.push(
            old.key("enum"),
            ChangeRule::TypeNarrowed,
            "an enum was added".into(),
        ),
        (Some(_), None) => sink.push(
            new.key("enum"),
            ChangeRule::TypeWidened,
            "the enum was removed".into(),
        ),
        (Some(a), Some(b)) => {
            // String values (the common enum) are looked up in a set; others compared
            // one by one, as `json::same` does.
            let a_strings: HashSet<&str> = a.iter().filter_map(Value::as_str).collect();
            let b_strings: HashSet<&str> = b.iter().filter_map(Value::as_str).collect();
            let within = |v: &Value, set: &HashSet<&str>, list: &[Value]| match v {
                Value::String(s) => set.contains(s.as_str()),
                _ => list.iter().any(|w| json::same(v, w)),
            };
            for (i, v) in a.iter().enumerate() {
                if !within(v, &b_strings, b) {
                    sink.push(
                        json::join_index(&old.key("enum"), i),
                        ChangeRule::EnumValueRemoved,
                        format!("the value {} was removed", json::short(v, 64)),
                    );
                }
            }
            for (j, w) in b.iter().enumerate() {
                if !within(w, &a_strings, a) {
                    sink.push(
                        json::join_index(&new.key("enum"), j),
                        ChangeRule::EnumValueAdded,
                        format!("the value {} was added", json::short(w, 64)),
                    );
                }
            }
        }
        (None, None) => {}
    }
    closed_value(old, new, "format", |a, b| a == b, true, sink);
}

/// A `const` or a `format` (by `key`) added (narrowing), removed (widening) or changed
/// (narrowing an input, widening an output); `shown`: an addition's or a removal's
/// message shows the value.
fn closed_value(
    old: &Side<'_>,
    new: &Side<'_>,
    key: &str,
    same: fn(&Value, &Value) -> bool,
    shown: bool,
    sink: &mut Sink,
) {
    let show = |v: &Value| json::short(v, 64);
    let (message, narrowed) = match (old.get(key), new.get(key)) {
        (None, Some(b)) if shown => (format!("the {key} {} was added", show(b)), true),
        (None, Some(_)) => (format!("a {key} was added"), true),
        (Some(a), None) if shown => (format!("the {key} {} was removed", show(a)), false),
        (Some(_), None) => (format!("the {key} was removed"), false),
        (Some(a), Some(b)) if !same(a, b) => (
            format!("the {key} {} became {}", show(a), show(b)),
            !sink.output(),
        ),
        _ => return,
    };
    if narrowed {
        sink.push(old.key(key), ChangeRule::TypeNarrowed, message);
    } else {
        sink.push(new.key(key), ChangeRule::TypeWidened, message);
    }
}

/// The bound keywords, each compared on its own; `true` for lower bounds.
const BOUNDS: [(&str, bool); 8] = [
    ("minimum", true),
    ("exclusiveMinimum", true),
    ("minLength", true),
    ("minItems", true),
    ("maximum", false),
    ("exclusiveMaximum", false),
    ("maxLength", false),
    ("maxItems", false),
];

fn bounds(old: &Side<'_>, new: &Side<'_>, sink: &mut Sink) {
    for (key, lower) in BOUNDS {
        let (a, b) = (old.get(key), new.get(key));
        let show = |v: &Value| json::short(v, 64);
        match (a, b) {
            (None, Some(b)) if b != &Value::Bool(false) => sink.push(
                old.key(key),
                ChangeRule::BoundTightened,
                format!("{key} {} was added", show(b)),
            ),
            (Some(a), None) if a != &Value::Bool(false) => sink.push(
                new.key(key),
                ChangeRule::BoundLoosened,
                format!("{key} {} was removed", show(a)),
            ),
            (Some(a), Some(b)) => {
                // Draft 4's boolean `exclusiveMinimum`/`exclusiveMaximum`: `true` is
                // tighter. Numbers: higher is tighter for a lower bound.
                let tighter = match (a, b) {
                    (Value::Bool(x), Value::Bool(y)) => Some(y.cmp(x)),
                    (Value::Number(_), Value::Number(_)) => {
                        compare(a, b).map(|o| if lower { o.reverse() } else { o })
                    }
                    _ => None,
                };
                let message = format!("{key} {} became {}", show(a), show(b));
                match tighter {
                    Some(std::cmp::Ordering::Greater) => {
                        sink.push(old.key(key), ChangeRule::BoundTightened, message);
                    }
                    Some(std::cmp::Ordering::Less) => {
                        sink.push(new.key(key), ChangeRule::BoundLoosened, message);
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
}

/// `a` against `b` (`Greater`: `a > b`), exact for integers.
fn compare(a: &Value, b: &Value) -> Option<std::cmp::Ordering> {
    let int = |v: &Value| {
        v.as_i64()
            .map(i128::from)
            .or_else(|| v.as_u64().map(i128::from))
    };
    match (int(a), int(b)) {
        (Some(x), Some(y)) => Some(x.cmp(&y)),
        _ => a.as_f64()?.partial_cmp(&b.as_f64()?),
    }
}

fn pattern(old: &Side<'_>, new: &Side<'_>, sink: &mut Sink) {
    match (old.get("pattern"), new.get("pattern")) {
        // Added: a writer may send what it no longer matches (and no regex comparison
        // says otherwise); a reader gets less than before.
        (None, Some(p)) => sink.push(
            old.key("pattern"),
            if sink.output() {
                ChangeRule::TypeNarrowed
            } else {
                ChangeRule::PatternChanged
            },
            format!("the pattern {} was added", json::short(p, 64)),
        ),
        (Some(p), None) => sink.push(
            new.key("pattern"),
            ChangeRule::TypeWidened,
            format!("the pattern {} was removed", json::short(p, 64)),
        ),
        (Some(a), Some(b)) if a != b => sink.push(
            old.key("pattern"),
            ChangeRule::PatternChanged,
            format!(
                "the pattern {} became {}",
                json::short(a, 64),
                json::short(b, 64)
            ),
        ),
        _ => {}
    }
}

fn objects<'v>(
    old: &Side<'v>,
    new: &Side<'v>,
    sink: &mut Sink,
    next: &mut Vec<(Side<'v>, Side<'v>, bool)>,
) {
    let closed = |s: &Side<'_>| s.get("additionalProperties") == Some(&Value::Bool(false));
    match (closed(old), closed(new)) {
        (false, true) => sink.push(
            old.key("additionalProperties"),
            ChangeRule::AdditionalPropertiesClosed,
            "unknown properties are no longer accepted".into(),
        ),
        // A reader meets keys it does not know as it meets new properties: both ignored.
        (true, false) => sink.push(
            new.key("additionalProperties"),
            if sink.output() {
                ChangeRule::PropertyAdded
            } else {
                ChangeRule::TypeWidened
            },
            "unknown properties are accepted".into(),
        ),
        _ => {}
    }
    if let (Some(a @ Value::Object(_)), Some(b @ Value::Object(_))) = (
        old.get("additionalProperties"),
        new.get("additionalProperties"),
    ) {
        next.push((
            old.child(a, "additionalProperties"),
            new.child(b, "additionalProperties"),
            false,
        ));
    }
    let old_props = old.get("properties").and_then(Value::as_object);
    let new_props = new.get("properties").and_then(Value::as_object);
    let new_required = json::required(new.node);
    let old_req: HashSet<&str> = json::required(old.node).into_iter().collect();
    let new_req: HashSet<&str> = new_required.iter().copied().collect();
    let old_at = old.key("properties");
    let new_at = new.key("properties");
    let quoted = |name: &str| json::short(&Value::String(name.to_owned()), 64);
    for (name, o) in old_props.into_iter().flatten() {
        let Some(n) = new_props.and_then(|p| p.get(name)) else {
            let at = json::join(&old_at, name);
            let side = Side {
                root: old.root,
                node: o,
                at: at.clone(),
            };
            if deprecated(&side) {
                sink.push(
                    at,
                    ChangeRule::DeprecatedPropertyRemoved,
                    format!("the deprecated property {} was removed", quoted(name)),
                );
            } else {
                let required = if old_req.contains(&name.as_str()) {
                    "required "
                } else {
                    ""
                };
                sink.push(
                    at,
                    ChangeRule::PropertyRemoved,
                    format!("the {required}property {} was removed", quoted(name)),
                );
            }
            continue;
        };
        let (was, is) = (
            old_req.contains(&name.as_str()),
            new_req.contains(&name.as_str()),
        );
        if is && !was {
            sink.push(
                json::join(&old_at, name),
                ChangeRule::MadeRequired,
                format!("the property {} is now required", quoted(name)),
            );
        } else if was && !is {
            sink.push(
                json::join(&new_at, name),
                ChangeRule::MadeOptional,
                format!("the property {} is now optional", quoted(name)),
            );
        }
        next.push((
            Side {
                root: old.root,
                node: o,
                at: json::join(&old_at, name),
            },
            Side {
                root: new.root,
                node: n,
                at: json::join(&new_at, name),
            },
            false,
        ));
    }
    let has = |props: Option<&Map<String, Value>>, name: &str| {
        props.is_some_and(|p| p.contains_key(name))
    };
    for name in new_props.into_iter().flat_map(Map::keys) {
        if has(old_props, name) {
            continue;
        }
        if new_req.contains(&name.as_str()) {
            sink.push(
                json::join(&new_at, name),
                ChangeRule::RequiredAdded,
                format!("a new required property {}", quoted(name)),
            );
        } else {
            sink.push(
                json::join(&new_at, name),
                ChangeRule::PropertyAdded,
                format!("a new optional property {}", quoted(name)),
            );
        }
    }
    // Required names without a property on either side.
    for (j, name) in new_required.iter().enumerate() {
        if !has(old_props, name) && !has(new_props, name) && !old_req.contains(name) {
            sink.push(
                json::join_index(&new.key("required"), j),
                if sink.output() {
                    ChangeRule::MadeRequired
                } else {
                    ChangeRule::RequiredAdded
                },
                format!("a new required name {}", quoted(name)),
            );
        }
    }
}

fn items<'v>(
    old: &Side<'v>,
    new: &Side<'v>,
    sink: &mut Sink,
    next: &mut Vec<(Side<'v>, Side<'v>, bool)>,
) {
    let tuple = |s: &Side<'v>| -> Option<(&'static str, &'v Vec<Value>)> {
        s.get("prefixItems")
            .and_then(Value::as_array)
            .map(|a| ("prefixItems", a))
            .or_else(|| {
                s.get("items")
                    .and_then(Value::as_array)
                    .map(|a| ("items", a))
            })
    };
    let single = |s: &Side<'v>| s.get("items").filter(|i| i.is_object() || i.is_boolean());
    if let (Some((ok, a)), Some((nk, b))) = (tuple(old), tuple(new)) {
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            next.push((
                Side {
                    root: old.root,
                    node: x,
                    at: json::join_index(&old.key(ok), i),
                },
                Side {
                    root: new.root,
                    node: y,
                    at: json::join_index(&new.key(nk), i),
                },
                false,
            ));
        }
    }
    match (single(old), single(new)) {
        (Some(a), Some(b)) => next.push((old.child(a, "items"), new.child(b, "items"), false)),
        (None, Some(_)) if tuple(old).is_none() && old.types() & ARRAY != 0 => sink.push(
            old.key("items"),
            ChangeRule::TypeNarrowed,
            "an items schema was added".into(),
        ),
        (Some(_), None) if tuple(new).is_none() && new.types() & ARRAY != 0 => sink.push(
            new.key("items"),
            ChangeRule::TypeWidened,
            "the items schema was removed".into(),
        ),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::compat;

    fn messages(old: serde_json::Value, new: serde_json::Value) -> Vec<(String, String)> {
        let wrap = |s| json!({"type": "object", "properties": {"a": s}});
        compat(&wrap(old), &wrap(new))
            .into_iter()
            .map(|c| (format!("{} {}", c.rule, c.pointer), c.message))
            .collect()
    }

    #[test]
    fn const_and_format_messages() {
        let pairs = [
            (
                json!({}),
                json!({"const": 1}),
                "type-narrowed /properties/a/const",
                "a const was added",
            ),
            (
                json!({"const": 1}),
                json!({}),
                "type-widened /properties/a/const",
                "the const was removed",
            ),
            (
                json!({"const": 1}),
                json!({"const": 2}),
                "type-narrowed /properties/a/const",
                "the const 1 became 2",
            ),
            (
                json!({}),
                json!({"format": "uri"}),
                "type-narrowed /properties/a/format",
                "the format \"uri\" was added",
            ),
            (
                json!({"format": "uri"}),
                json!({}),
                "type-widened /properties/a/format",
                "the format \"uri\" was removed",
            ),
            (
                json!({"format": "date"}),
                json!({"format": "uri"}),
                "type-narrowed /properties/a/format",
                "the format \"date\" became \"uri\"",
            ),
        ];
        for (old, new, at, message) in pairs {
            assert_eq!(messages(old, new), [(at.to_owned(), message.to_owned())]);
        }
        // The same value (`1` and `1.0` are one const; formats compare as written).
        assert!(messages(json!({"const": 1}), json!({"const": 1.0})).is_empty());
        assert_eq!(
            messages(json!({"format": 1}), json!({"format": 1.0})).len(),
            1
        );
    }
}
