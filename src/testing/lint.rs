//! The `tools/list` lint: the naming and strict-schema rules production MCP servers keep,
//! each with a stable id and a severity.

use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use serde_json::{Map, Value};

use super::json;
use super::rules::{self, stable_ids};
use super::tools::{NotToolsList, named, tools};

stable_ids! {
    /// How much a finding matters: an `error` fails [`assert_tools_lint_clean`] and the
    /// `lint_tools` command line; a `warning` is reported only.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::testing::{Rule, Severity};
    ///
    /// assert_eq!(Rule::ArrayItems.severity(), Severity::Error);
    /// assert_eq!(Severity::Warning.as_str(), "warning");
    /// ```
    #[derive(Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Severity {
        /// Breaks clients or lets the model send what the server cannot read.
        Error = "error",
        /// Makes the model guess.
        Warning = "warning",
    }
    /// `"error"` or `"warning"`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(mcp_coerce::testing::Severity::Error.as_str(), "error");
    /// ```
    fn as_str;
}

stable_ids! {
    /// A lint rule, by its stable id.
    ///
    /// | id | severity | a finding when |
    /// |---|---|---|
    /// | `tool-name-charset` | error | a tool name has a char outside `[a-z0-9_]` (or is empty) |
    /// | `tool-name-namespace` | warning | the tools do not all share a prefix ending in `_`, of at least two chars before it (the longest common one); a list of one tool has none |
    /// | `tool-name-collision` | error | two names are equal once lowercased with separators (`_`, `-`, `.`, space, `/`) removed |
    /// | `schema-root-object` | error | `inputSchema` is missing, not `"type": "object"`, or has no `properties` object (present even when empty) |
    /// | `property-type` | error | a property (or array items) has no `type`, `enum`, `const` or combinator (`anyOf`, `oneOf`, `allOf`, `not`, `$ref`) |
    /// | `string-max-length` | warning | a string without `maxLength`, `enum`, `const` or `format` |
    /// | `string-enum-in-description` | warning | a property without `enum` whose description lists choices (`one of: a, b, c`, `a \| b \| c`) |
    /// | `id-pattern` | warning | a string property named like an identifier (`id`, `*_id`, `*Id`, `*ID`) without `pattern` (or `enum`, `const`, `format`: a `uuid` says enough) |
    /// | `number-bounds` | warning | an integer or number without both a lower and an upper bound (`minimum`/`exclusiveMinimum`, `maximum`/`exclusiveMaximum`) |
    /// | `array-items` | error | an array without `items` (or `prefixItems`) |
    /// | `array-max-items` | warning | an array without `maxItems` |
    /// | `description-missing` | warning | a tool or a property without a description (or a blank one) |
    /// | `description-when` | warning | a tool description with no trigger or precondition wording (`when`, `use`, `call`, `before`, `after`, `if`, `only`, `must`, ...) |
    /// | `pattern-portable` | error | a `pattern` that Rust's `regex` refuses, or that [`check_portable`](crate::pattern::check_portable) refuses (anchors aside: the rules of `pattern!`, then an ECMA-262 engine with and without the `u` flag): one that ECMA-262 and Rust read differently or not at all |
    /// | `required-unknown` | error | a `required` name with no property |
    /// | `tools-list-shape` | error | the input is not a `tools/list` result (see [`tools`](crate::testing::tools)) |
    ///
    /// No rule finds an adapter's `Option` field without `#[serde(default)]`: its
    /// schema looks like any required field's (see [the kit's
    /// docs](crate::testing#the-lint-and-the-compatibility-check)); the shape matrix
    /// names it.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::testing::{Rule, Severity};
    ///
    /// let rule: Rule = "id-pattern".parse()?;
    /// assert_eq!((rule, rule.severity()), (Rule::IdPattern, Severity::Warning));
    /// assert_eq!(rule.id(), "id-pattern");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub enum Rule {
        ToolNameCharset = "tool-name-charset", Error;
        ToolNameNamespace = "tool-name-namespace", Warning;
        ToolNameCollision = "tool-name-collision", Error;
        SchemaRootObject = "schema-root-object", Error;
        PropertyType = "property-type", Error;
        StringMaxLength = "string-max-length", Warning;
        StringEnumInDescription = "string-enum-in-description", Warning;
        IdPattern = "id-pattern", Warning;
        NumberBounds = "number-bounds", Warning;
        ArrayItems = "array-items", Error;
        ArrayMaxItems = "array-max-items", Warning;
        DescriptionMissing = "description-missing", Warning;
        DescriptionWhen = "description-when", Warning;
        PatternPortable = "pattern-portable", Error;
        RequiredUnknown = "required-unknown", Error;
        ToolsListShape = "tools-list-shape", Error;
    }
    /// The rule's stable id (`"tool-name-charset"`).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(mcp_coerce::testing::Rule::RequiredUnknown.id(), "required-unknown");
    /// ```
    fn id;
    /// The rule's severity.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::testing::{Rule, Severity};
    ///
    /// assert_eq!(Rule::NumberBounds.severity(), Severity::Warning);
    /// ```
    fn severity -> Severity;
}

impl FromStr for Rule {
    type Err = UnknownRule;

    fn from_str(id: &str) -> Result<Self, UnknownRule> {
        Rule::ALL
            .iter()
            .copied()
            .find(|rule| rule.id() == id)
            .ok_or_else(|| UnknownRule(json::short(&Value::String(id.to_owned()), 64)))
    }
}

/// A rule id that names no rule (the id, cut to 64 chars, in quotes).
///
/// # Examples
///
/// ```
/// let err = "no-such-rule".parse::<mcp_coerce::testing::Rule>().unwrap_err();
/// assert_eq!(err.to_string(), r#"unknown lint rule "no-such-rule""#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRule(String);

impl fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown lint rule {}", self.0)
    }
}

impl std::error::Error for UnknownRule {}

/// One lint finding. Serialized as `{"tool", "pointer", "rule", "severity", "message"}`.
///
/// # Examples
///
/// ```
/// use serde_json::json;
///
/// let findings = mcp_coerce::testing::lint_tools(&json!([{"name": "Get-User"}]));
/// let charset = findings.iter().find(|f| f.pointer == "/name").ok_or("no finding at /name")?;
/// assert_eq!(serde_json::to_value(charset)?, json!({
///     "tool": "Get-User", "pointer": "/name", "rule": "tool-name-charset",
///     "severity": "error", "message": "the tool name has chars outside [a-z0-9_]: \"Get-User\""
/// }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Finding {
    /// The tool's name (`""` for a finding about the whole input); a name longer than
    /// 1024 bytes is cut and ends in `…` (the allow-list matches that).
    pub tool: String,
    /// A JSON Pointer into the tool's object: the value the rule judges (`/name`,
    /// `/inputSchema/properties/ids`, `/inputSchema/properties/code/pattern`,
    /// `/inputSchema/required/1`), or where a missing member goes (`/description`). A
    /// pointer longer than 1024 bytes (keys that long) is cut and ends in `/…`.
    pub pointer: String,
    /// The rule.
    pub rule: Rule,
    /// The rule's severity.
    pub severity: Severity,
    /// What is wrong, in one line.
    pub message: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (level, rule) = (self.severity.as_str(), self.rule.id());
        let row = [level, &self.tool, &self.pointer, rule, &self.message];
        rules::write_line(f, 7, row)
    }
}

/// The lint with its allow-list.
///
/// # Examples
///
/// ```
/// use mcp_coerce::testing::{Lint, Rule};
/// use serde_json::json;
///
/// let list = json!([{"name": "notes_get", "description": "Fetch a note. Use it when you hold its id.",
///                    "inputSchema": {"type": "object", "properties": {
///                        "note_id": {"type": "string", "maxLength": 64, "description": "The note id."}},
///                        "required": ["note_id"]}}]);
/// assert_eq!(mcp_coerce::testing::lint_tools(&list).len(), 1); // id-pattern
/// let findings = Lint::new().allow("notes_get", Rule::IdPattern).check(&list)?;
/// assert!(findings.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Lint {
    allow: Vec<(String, Rule)>,
    deny_warnings: bool,
}

impl Lint {
    /// The lint with every rule, nothing allowed.
    ///
    /// # Examples
    ///
    /// ```
    /// let lint = mcp_coerce::testing::Lint::new();
    /// # let _ = lint;
    /// ```
    pub fn new() -> Self {
        Lint::default()
    }

    /// Allow `rule` for the tool named `tool` (`"*"`: every tool): its findings there are
    /// left out.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::testing::{Lint, Rule};
    ///
    /// let lint = Lint::new().allow("*", Rule::DescriptionWhen).allow("legacy_tool", Rule::ToolNameNamespace);
    /// # let _ = lint;
    /// ```
    pub fn allow(mut self, tool: impl Into<String>, rule: Rule) -> Self {
        self.allow.push((tool.into(), rule));
        self
    }

    /// Make [`assert_clean`](Self::assert_clean) fail on warnings too.
    ///
    /// # Examples
    ///
    /// ```
    /// let strict = mcp_coerce::testing::Lint::new().deny_warnings();
    /// # let _ = strict;
    /// ```
    pub fn deny_warnings(mut self) -> Self {
        self.deny_warnings = true;
        self
    }

    /// Lint a `tools/list` result (any of the shapes [`tools`] reads).
    ///
    /// Findings come tool by tool, in the list's order (findings about several tools at
    /// the first one's place), then by pointer and rule.
    ///
    /// # Errors
    ///
    /// [`NotToolsList`] when the input is not a `tools/list` result.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = mcp_coerce::testing::Lint::new().check(&serde_json::json!({"jsonrpc": "2.0", "error": {}}));
    /// assert!(err.is_err());
    /// ```
    pub fn check(&self, tools_list: &Value) -> Result<Vec<Finding>, NotToolsList> {
        let tools = tools(tools_list)?;
        let mut found: Vec<(usize, Finding)> = Vec::new();
        for (index, tool) in tools.iter().enumerate() {
            let (name, map) = named(tool);
            let shown = json::shown_name(name);
            let mut sink = Sink {
                index,
                tool: &shown,
                out: &mut found,
                seen: BTreeSet::new(),
            };
            lint_tool(map, &mut sink);
        }
        names(tools, &mut found);
        found.retain(|(_, f)| {
            !self
                .allow
                .iter()
                .any(|(tool, rule)| *rule == f.rule && (tool == "*" || *tool == f.tool))
        });
        found.sort_by(|(a, x), (b, y)| {
            (a, &x.pointer, x.rule.id()).cmp(&(b, &y.pointer, y.rule.id()))
        });
        Ok(found.into_iter().map(|(_, f)| f).collect())
    }

    /// Lint, and panic unless the list is clean: no `error` finding (no finding at all
    /// with [`deny_warnings`](Self::deny_warnings)).
    ///
    /// # Panics
    ///
    /// When the input is not a `tools/list` result, or a finding fails it; the message
    /// lists every finding.
    ///
    /// # Examples
    ///
    /// ```should_panic
    /// mcp_coerce::testing::Lint::new().assert_clean(&serde_json::json!([{"name": "Bad Name"}]));
    /// ```
    #[track_caller]
    pub fn assert_clean(&self, tools_list: &Value) {
        let findings = match self.check(tools_list) {
            Ok(findings) => findings,
            Err(e) => panic!("{e}"),
        };
        let failing = findings
            .iter()
            .filter(|f| self.deny_warnings || f.severity == Severity::Error)
            .count();
        if failing > 0 {
            panic!("{}", report(&findings));
        }
    }
}

/// Every finding, one a line, then the counts.
fn report(findings: &[Finding]) -> String {
    let errors = findings.iter().filter(|f| f.severity == Severity::Error);
    let errors = errors.count();
    let counts = format!(
        "{}, {}",
        crate::words::count(errors, "error"),
        crate::words::count(findings.len() - errors, "warning")
    );
    rules::report(findings, &counts)
}

/// Lint a `tools/list` result (the JSON-RPC response, its `result`, or the bare `tools`
/// array) with every rule of [`Rule`]; input that is not a `tools/list` result gives one
/// `tools-list-shape` finding.
///
/// # Examples
///
/// ```
/// use mcp_coerce::testing::{Rule, lint_tools};
/// use serde_json::json;
///
/// let list = json!({"tools": [{
///     "name": "search",
///     "description": "Search the docs.",
///     "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q", "limit"]}
/// }]});
/// let findings = lint_tools(&list);
/// let found: Vec<(&str, Rule)> = findings.iter().map(|f| (f.pointer.as_str(), f.rule)).collect();
/// assert_eq!(found, [
///     ("/description", Rule::DescriptionWhen),
///     ("/inputSchema/properties/q", Rule::DescriptionMissing),
///     ("/inputSchema/properties/q", Rule::StringMaxLength),
///     ("/inputSchema/required/1", Rule::RequiredUnknown),
/// ]);
/// ```
pub fn lint_tools(tools_list: &Value) -> Vec<Finding> {
    Lint::new().check(tools_list).unwrap_or_else(|e| {
        vec![Finding {
            tool: String::new(),
            pointer: e.pointer().to_owned(),
            rule: Rule::ToolsListShape,
            severity: Severity::Error,
            message: e.to_string(),
        }]
    })
}

/// Lint a `tools/list` result and panic if any finding is an `error`, listing every
/// finding (warnings included).
///
/// # Panics
///
/// When the input is not a `tools/list` result or has an `error` finding.
///
/// # Examples
///
/// ```
/// use serde_json::json;
///
/// // Warnings only (no maxLength, no description): clean.
/// mcp_coerce::testing::assert_tools_lint_clean(&json!([{"name": "echo", "inputSchema": {
///     "type": "object", "properties": {"text": {"type": "string"}}}}]));
/// ```
#[track_caller]
pub fn assert_tools_lint_clean(tools_list: &Value) {
    Lint::new().assert_clean(tools_list);
}

/// Findings of one tool, without repeats (a definition reached twice).
struct Sink<'a, 'o> {
    index: usize,
    tool: &'a str,
    out: &'o mut Vec<(usize, Finding)>,
    seen: BTreeSet<(String, Rule)>,
}

impl Sink<'_, '_> {
    fn push(&mut self, pointer: String, rule: Rule, message: String) {
        if self.seen.insert((pointer.clone(), rule)) {
            self.out.push((
                self.index,
                Finding {
                    tool: self.tool.to_owned(),
                    pointer,
                    rule,
                    severity: rule.severity(),
                    message,
                },
            ));
        }
    }
}

/// Schema nodes visited in one tool at most: a bound on the work for any input.
const MAX_NODES: usize = 100_000;
/// Nesting followed at most inside one tool's schema.
const MAX_DEPTH: usize = 64;

/// What a schema node is to its parent.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// A property, with its name.
    Property,
    /// The items of an array, or a map's values.
    Items,
    /// A member of a combinator: the parent's rules already hold for it.
    Member,
}

fn lint_tool(tool: &Map<String, Value>, sink: &mut Sink<'_, '_>) {
    match tool.get("description").and_then(Value::as_str).map(str::trim) {
        None | Some("") => sink.push(
            "/description".into(),
            Rule::DescriptionMissing,
            "the tool has no description".into(),
        ),
        Some(text) if !says_when(text) => sink.push(
            "/description".into(),
            Rule::DescriptionWhen,
            "the description does not say when to use the tool (no trigger or precondition wording)"
                .into(),
        ),
        Some(_) => {}
    }
    let Some(root) = tool.get("inputSchema") else {
        sink.push(
            "/inputSchema".into(),
            Rule::SchemaRootObject,
            "the tool has no inputSchema".into(),
        );
        return;
    };
    if !root.is_object() {
        sink.push(
            "/inputSchema".into(),
            Rule::SchemaRootObject,
            "the inputSchema is not an object".into(),
        );
        return;
    }
    if root.get("type").and_then(Value::as_str) != Some("object") {
        sink.push(
            "/inputSchema".into(),
            Rule::SchemaRootObject,
            "the inputSchema is not \"type\": \"object\"".into(),
        );
    }
    if !root.get("properties").is_some_and(Value::is_object) {
        sink.push(
            "/inputSchema".into(),
            Rule::SchemaRootObject,
            "the inputSchema has no `properties` object (give it even when empty)".into(),
        );
    }
    walk(root, sink);
}

/// Every node of a tool's input schema, from an explicit stack; each `$ref` target at
/// most once.
fn walk(root: &Value, sink: &mut Sink<'_, '_>) {
    // (node, its pointer in the tool, its role, the property name, depth)
    let mut stack: Vec<(&Value, String, Role, String, usize)> =
        vec![(root, "/inputSchema".into(), Role::Member, String::new(), 0)];
    let mut visited_refs: BTreeSet<String> = BTreeSet::new();
    let mut nodes = 0usize;
    while let Some((node, at, role, name, depth)) = stack.pop() {
        nodes += 1;
        if nodes > MAX_NODES {
            break;
        }
        // Only the branch past the depth limit is left out, not its siblings.
        if depth > MAX_DEPTH {
            continue;
        }
        let Value::Object(map) = node else { continue };
        // A `$ref`: the property-level rules here, the target's own rules where it is.
        if let Some(reference) = map.get("$ref").and_then(Value::as_str) {
            let target = reference
                .strip_prefix('#')
                .and_then(|_| json::local_ref(root, reference));
            if role == Role::Property {
                property_rules(map, target, &at, &name, sink);
            }
            if let Some(target) = target {
                let target_at = format!(
                    "/inputSchema{}",
                    json::ref_pointer(reference).unwrap_or_default()
                );
                if visited_refs.insert(target_at.clone()) {
                    // The property's own rules were checked above, on the target.
                    let role = if role == Role::Property {
                        Role::Member
                    } else {
                        role
                    };
                    stack.push((target, target_at, role, name, depth + 1));
                }
            }
            continue;
        }
        if role == Role::Property {
            property_rules(map, None, &at, &name, sink);
        }
        if role != Role::Member || depth > 0 {
            node_rules(map, &at, role, sink);
        }
        if let Some(pattern) = map.get("pattern") {
            let problem = match pattern.as_str() {
                Some(source) => pattern_problem(source),
                None => Some("the pattern is not a string".to_owned()),
            };
            if let Some(problem) = problem {
                sink.push(format!("{at}/pattern"), Rule::PatternPortable, problem);
            }
        }
        let properties = map.get("properties").and_then(Value::as_object);
        if let Some(Value::Array(required)) = map.get("required") {
            for (i, name) in required.iter().enumerate() {
                let Some(name) = name.as_str() else { continue };
                if !properties.is_some_and(|p| p.contains_key(name)) {
                    sink.push(
                        format!("{at}/required/{i}"),
                        Rule::RequiredUnknown,
                        format!(
                            "`{}` is required but has no property",
                            json::short(&Value::String(name.to_owned()), 64).trim_matches('"')
                        ),
                    );
                }
            }
        }
        let mut children: Vec<(&Value, String, Role, String)> = Vec::new();
        if let Some(properties) = properties {
            for (key, child) in properties {
                children.push((
                    child,
                    json::join(&format!("{at}/properties"), key),
                    Role::Property,
                    key.clone(),
                ));
            }
        }
        match map.get("items") {
            Some(items @ Value::Object(_)) => {
                children.push((items, format!("{at}/items"), Role::Items, String::new()));
            }
            Some(Value::Array(items)) => {
                for (i, item) in items.iter().enumerate() {
                    children.push((item, format!("{at}/items/{i}"), Role::Items, String::new()));
                }
            }
            _ => {}
        }
        if let Some(Value::Array(items)) = map.get("prefixItems") {
            for (i, item) in items.iter().enumerate() {
                children.push((
                    item,
                    format!("{at}/prefixItems/{i}"),
                    Role::Items,
                    String::new(),
                ));
            }
        }
        if let Some(values @ Value::Object(_)) = map.get("additionalProperties") {
            children.push((
                values,
                format!("{at}/additionalProperties"),
                Role::Items,
                String::new(),
            ));
        }
        for union in ["anyOf", "oneOf", "allOf"] {
            if let Some(Value::Array(members)) = map.get(union) {
                for (i, member) in members.iter().enumerate() {
                    children.push((
                        member,
                        format!("{at}/{union}/{i}"),
                        Role::Member,
                        name.clone(),
                    ));
                }
            }
        }
        // Reversed, so that the stack gives them back in order.
        for (child, child_at, role, name) in children.into_iter().rev() {
            stack.push((child, child_at, role, name, depth + 1));
        }
    }
}

/// The rules about a property as its parent names it: its description and its name.
/// `target` is what its `$ref` points to, if it has one.
fn property_rules(
    map: &Map<String, Value>,
    target: Option<&Value>,
    at: &str,
    name: &str,
    sink: &mut Sink<'_, '_>,
) {
    let description = |m: &Map<String, Value>| {
        m.get("description")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|d| !d.is_empty())
            .map(str::to_owned)
    };
    let target_map = target.and_then(Value::as_object);
    let text = description(map).or_else(|| target_map.and_then(description));
    if text.is_none() {
        sink.push(
            at.to_owned(),
            Rule::DescriptionMissing,
            "the property has no description".into(),
        );
    }
    let shape = target_map.unwrap_or(map);
    let types = json::types_in(shape).unwrap_or_default();
    let has = |k: &str| map.contains_key(k) || shape.contains_key(k);
    if !(has("type")
        || has("enum")
        || has("const")
        || has("anyOf")
        || has("oneOf")
        || has("allOf")
        || has("not")
        || (map.contains_key("$ref") && target.is_none()))
    {
        sink.push(
            at.to_owned(),
            Rule::PropertyType,
            "the property has no type, enum, const or combinator".into(),
        );
    }
    if let Some(text) = &text {
        let items_enum = shape
            .get("items")
            .is_some_and(|i| i.get("enum").is_some() || i.get("const").is_some());
        if !has("enum")
            && !has("const")
            && !items_enum
            && types != ["boolean"]
            && lists_choices(text)
        {
            sink.push(
                at.to_owned(),
                Rule::StringEnumInDescription,
                "the description lists choices the schema does not: give them as an `enum`".into(),
            );
        }
    }
    if id_like(name)
        && types.contains(&"string")
        && !has("pattern")
        && !has("enum")
        && !has("const")
        && !has("format")
    {
        sink.push(
            at.to_owned(),
            Rule::IdPattern,
            format!(
                "the identifier `{}` has no pattern",
                json::short(&Value::String(name.to_owned()), 64).trim_matches('"')
            ),
        );
    }
}

/// The rules about a node's own shape: type, bounds, items.
fn node_rules(map: &Map<String, Value>, at: &str, role: Role, sink: &mut Sink<'_, '_>) {
    let types = json::types_in(map).unwrap_or_default();
    let has = |k: &str| map.contains_key(k);
    let closed = has("enum") || has("const");
    if role == Role::Items
        && !(has("type") || closed || has("anyOf") || has("oneOf") || has("allOf") || has("not"))
    {
        sink.push(
            at.to_owned(),
            Rule::PropertyType,
            "the items have no type, enum, const or combinator".into(),
        );
    }
    if types.contains(&"string") && !closed && !has("maxLength") && !has("format") {
        sink.push(
            at.to_owned(),
            Rule::StringMaxLength,
            "a string without maxLength (or enum, const, format)".into(),
        );
    }
    if (types.contains(&"integer") || types.contains(&"number"))
        && !closed
        && (!(has("minimum") || has("exclusiveMinimum"))
            || !(has("maximum") || has("exclusiveMaximum")))
    {
        sink.push(
            at.to_owned(),
            Rule::NumberBounds,
            "a number without both a minimum and a maximum".into(),
        );
    }
    if types.contains(&"array") {
        if !has("items") && !has("prefixItems") {
            sink.push(
                at.to_owned(),
                Rule::ArrayItems,
                "an array without items".into(),
            );
        }
        if !has("maxItems") {
            sink.push(
                at.to_owned(),
                Rule::ArrayMaxItems,
                "an array without maxItems".into(),
            );
        }
    }
}

/// `id`, `*_id`, `*Id`, `*ID` (after a lowercase letter or digit).
fn id_like(name: &str) -> bool {
    if name.eq_ignore_ascii_case("id") || name.ends_with("_id") || name.ends_with("-id") {
        return true;
    }
    for suffix in ["Id", "ID"] {
        if let Some(stem) = name.strip_suffix(suffix)
            && stem
                .chars()
                .last()
                .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        {
            return true;
        }
    }
    false
}

/// Whether a tool description says when to use the tool: a trigger or precondition word.
fn says_when(text: &str) -> bool {
    const WORDS: [&str; 20] = [
        "when", "whenever", "before", "after", "if", "unless", "once", "until", "use", "using",
        "call", "requires", "required", "require", "need", "needs", "must", "only", "instead",
        "first",
    ];
    words(text).any(|w| WORDS.contains(&w.as_str()))
}

fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// Whether a description lists choices: a phrase that introduces them followed by a list,
/// or two or more short alternatives separated by `|`.
fn lists_choices(text: &str) -> bool {
    let lower = text.to_lowercase();
    const PHRASES: [&str; 10] = [
        "one of",
        "possible values",
        "allowed values",
        "valid values",
        "accepted values",
        "supported values",
        "valid options",
        "options are",
        "must be either",
        "can be either",
    ];
    for phrase in PHRASES {
        if let Some(at) = lower.find(phrase) {
            let rest = &lower[at + phrase.len()..];
            if rest.contains(',') || rest.contains(" or ") || rest.contains('|') {
                return true;
            }
        }
    }
    let alternatives: Vec<&str> = text.split('|').collect();
    if alternatives.len() < 2 {
        return false;
    }
    let token = |s: &str| {
        let t = s
            .trim()
            .trim_matches(['`', '\'', '"', '(', ')', '.', ',', ';', ':']);
        !t.is_empty()
            && t.chars().count() <= 32
            && t.chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'))
    };
    let last = |s: &str| s.split_whitespace().last().is_some_and(token);
    let first = |s: &str| s.split_whitespace().next().is_some_and(token);
    match alternatives.as_slice() {
        // `a | b`: the words next to the bar are choices, and one side is nothing else.
        [left, right] => last(left) && first(right) && (token(left) || token(right)),
        // `a | b | c`: every alternative between two bars is a single choice.
        [left, middle @ .., right] => last(left) && first(right) && middle.iter().all(|m| token(m)),
        _ => false,
    }
}

/// What makes a pattern non-portable, if anything: Rust's `regex` refuses it, or
/// [`check_portable`](crate::pattern::check_portable) does on its body (anchors aside).
fn pattern_problem(source: &str) -> Option<String> {
    // The crate's own pattern for trimmed strings uses `\s`, which the rules refuse in
    // general; with U+0085 and U+FEFF added to its classes it means the same to both
    // engines (the test suite checks it char by char against an ECMA-262 engine).
    if source == crate::schema::trimmed_pattern() {
        return None;
    }
    if let Err(e) = regex::Regex::new(source) {
        let reason = match e {
            regex::Error::CompiledTooBig(_) => "too big to compile".to_owned(),
            other => other
                .to_string()
                .lines()
                .rev()
                .find(|l| l.starts_with("error:"))
                .map_or_else(
                    || "a syntax error".to_owned(),
                    |l| l.trim_start_matches("error: ").to_owned(),
                ),
        };
        return Some(format!("Rust's regex refuses the pattern: {reason}"));
    }
    let body = source.strip_prefix('^').unwrap_or(source);
    let body = match body.strip_suffix('$') {
        // An escaped `$` (an odd run of backslashes before it) is a literal.
        Some(b) if b.chars().rev().take_while(|c| *c == '\\').count() % 2 == 0 => b,
        _ => body,
    };
    // The one checker: the rules, then an ECMA-262 engine with and without the `u` flag.
    crate::pattern::check_portable(&format!("^(?:{body})$"))
        .err()
        .map(|e| e.to_string())
}

/// The naming rules, over the whole list: namespace and collisions.
fn names(tools: &[Value], out: &mut Vec<(usize, Finding)>) {
    let names: Vec<&str> = tools.iter().map(|t| named(t).0).collect();
    for (index, name) in names.iter().enumerate() {
        let ok = !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        if !ok {
            out.push((
                index,
                finding(
                    name,
                    "/name",
                    Rule::ToolNameCharset,
                    format!(
                        "the tool name has chars outside [a-z0-9_]: {}",
                        json::short(&Value::String((*name).to_owned()), 64)
                    ),
                ),
            ));
        }
    }
    // Collisions: each name against the first with the same folded form (one map, so the
    // work grows with the number of tools, not its square).
    let mut firsts: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (index, name) in names.iter().enumerate() {
        let first_index = *firsts.entry(fold(name)).or_insert(index);
        if first_index != index
            && let Some(first) = names.get(first_index)
        {
            out.push((
                index,
                finding(
                    name,
                    "/name",
                    Rule::ToolNameCollision,
                    format!(
                        "the name collides with {} once case and separators are ignored",
                        json::short(&Value::String((*first).to_owned()), 64)
                    ),
                ),
            ));
        }
    }
    if names.len() < 2 || namespace(&names).is_some() {
        return;
    }
    // No common namespace: the tools outside the one most of them share, or all of them.
    // Prefixes in the order first seen, each with its count (the map finds its slot).
    let mut counts: Vec<(&str, usize)> = Vec::new();
    let mut slots: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for name in &names {
        if let Some(prefix) = first_segment(name) {
            match slots.get(prefix) {
                Some(&slot) => {
                    if let Some((_, n)) = counts.get_mut(slot) {
                        *n += 1;
                    }
                }
                None => {
                    slots.insert(prefix, counts.len());
                    counts.push((prefix, 1));
                }
            }
        }
    }
    let best = counts
        .iter()
        .copied()
        .max_by(|a, b| a.1.cmp(&b.1).then(std::cmp::Ordering::Greater))
        .filter(|(_, n)| *n * 2 > names.len());
    for (index, name) in names.iter().enumerate() {
        let message = match best {
            Some((prefix, _)) if name.starts_with(prefix) => continue,
            Some((prefix, n)) => format!(
                "the name is outside the namespace `{prefix}` that {n} of {} tools share",
                names.len()
            ),
            None => {
                "the tools share no namespace prefix ending in `_` (such as `myserver_`)".to_owned()
            }
        };
        out.push((
            index,
            finding(name, "/name", Rule::ToolNameNamespace, message),
        ));
    }
}

fn finding(tool: &str, pointer: &str, rule: Rule, message: String) -> Finding {
    Finding {
        tool: json::shown_name(tool),
        pointer: pointer.to_owned(),
        rule,
        severity: rule.severity(),
        message,
    }
}

/// The namespace of a list of names: their longest common prefix ending in `_`, with at
/// least two chars before that `_`.
pub(crate) fn namespace<'n>(names: &[&'n str]) -> Option<&'n str> {
    let first = names.first()?;
    let mut common = first.len();
    for name in &names[1..] {
        common = common.min(
            first
                .bytes()
                .zip(name.bytes())
                .take_while(|(a, b)| a == b)
                .count(),
        );
    }
    let prefix = first.get(..common)?;
    let end = prefix.rfind('_')?;
    (end >= 2).then(|| &first[..=end])
}

/// A name's first segment ending in `_`, with at least two chars before it.
fn first_segment(name: &str) -> Option<&str> {
    let end = name.find('_')?;
    (end >= 2).then(|| &name[..=end])
}

/// A name lowercased, without separators.
fn fold(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, '_' | '-' | '.' | ' ' | '/'))
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn namespaces() {
        assert_eq!(namespace(&["demo_a", "demo_b"]), Some("demo_"));
        assert_eq!(namespace(&["demo_get_a", "demo_get_b"]), Some("demo_get_"));
        assert_eq!(namespace(&["ab_x", "ab_y"]), Some("ab_"));
        assert_eq!(namespace(&["a_x", "a_y"]), None);
        assert_eq!(namespace(&["demo_a", "other_b"]), None);
        assert_eq!(namespace(&["demox", "demoy"]), None);
    }

    #[test]
    fn identifiers() {
        for yes in [
            "id", "ID", "user_id", "userId", "orderID", "item2Id", "page-id",
        ] {
            assert!(id_like(yes), "{yes}");
        }
        for no in [
            "ids", "valid", "Id_card", "paid", "grid", "ID_x", "Identity",
        ] {
            assert!(!id_like(no), "{no}");
        }
    }

    #[test]
    fn choice_lists() {
        for yes in [
            "Sort order, one of: asc, desc",
            "One of `open`, `closed` or `all`.",
            "asc | desc",
            "Mode (fast|slow|auto)",
            "Possible values: a, b",
        ] {
            assert!(lists_choices(yes), "{yes}");
        }
        for no in [
            "The user's name.",
            "One of the most useful fields",
            "Pipe | separated prose with many words here | and more",
        ] {
            assert!(!lists_choices(no), "{no}");
        }
    }

    #[test]
    fn when_wording() {
        assert!(says_when("Use this to fetch a card."));
        assert!(says_when("Fetch a card. Call it with an id from search."));
        assert!(!says_when("Fetches a card."));
    }

    #[test]
    fn portable_patterns() {
        assert_eq!(pattern_problem("^[a-z]+$"), None);
        assert_eq!(pattern_problem("[a-z]+"), None);
        assert_eq!(pattern_problem("^a|b$"), None);
        assert_eq!(pattern_problem(r"^\$[0-9]+\$"), None);
        assert!(pattern_problem(r"^\d+$").is_some());
        assert!(pattern_problem("(?=a)").is_some());
        // Refused by the ECMA-262 engine only: a named group's name must be an identifier.
        assert_eq!(
            pattern_problem("^(?<a.b>x)$").as_deref(),
            Some(
                "ECMA-262 refuses the pattern with the u flag: Invalid token at named capture \
                 group identifier"
            )
        );
        assert_eq!(
            pattern_problem("(unclosed").as_deref(),
            Some("Rust's regex refuses the pattern: unclosed group")
        );
    }
}
