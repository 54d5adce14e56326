//! The fields of an argument type: every property at every depth (and every array item an
//! adapter reads), where it is in an instance, its published schema, and the adapter the
//! annotated schema names for it.

use serde_json::{Map, Value};

use crate::testing::annotate::{KEYWORD, Probe};
use crate::testing::json;

/// Levels of nesting followed into a type's schema.
const MAX_DEPTH: usize = 32;
/// Fields looked at in one type.
const MAX_FIELDS: usize = 512;

/// One step from a value to a member of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The member of an object with this key.
    Key(String),
    /// An element of an array (the first, where an instance is read or written).
    Item,
}

/// The JSON Pointer of a location, with array elements at index 0.
pub(crate) fn pointer(steps: &[Step]) -> String {
    location(steps, "/0")
}

/// The field's location as the report names it: array elements as `/*`.
pub(crate) fn pattern(steps: &[Step]) -> String {
    location(steps, "/*")
}

fn location(steps: &[Step], item: &str) -> String {
    let mut out = String::new();
    for step in steps {
        match step {
            Step::Key(key) => out.push_str(&json::segment(key)),
            Step::Item => out.push_str(item),
        }
    }
    out
}

/// Whether a JSON Pointer (an issue's path) lies at or under the location `steps`, any
/// element standing for [`Step::Item`].
pub(crate) fn within(path: &str, steps: &[Step]) -> bool {
    let mut rest = path;
    for step in steps {
        let Some(after) = rest.strip_prefix('/') else {
            return false;
        };
        let (head, tail) = after.split_once('/').map_or((after, ""), |(h, t)| (h, t));
        let ok = match step {
            Step::Key(key) => json::segment(key)[1..] == *head,
            Step::Item => !head.is_empty() && head.bytes().all(|b| b.is_ascii_digit()),
        };
        if !ok {
            return false;
        }
        rest = if tail.is_empty() {
            ""
        } else {
            &after[head.len()..]
        };
    }
    true
}

/// The family of the crate's adapter that reads a field, with its policies.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Family {
    IntArray,
    StringArray {
        separator: Option<char>,
    },
    Int {
        clamp: bool,
        default: Option<i64>,
        type_min: i128,
        type_max: i128,
    },
    Number,
    Bool,
    Text {
        trim: bool,
    },
    Pattern,
    Enum,
    JsonObject,
    Url {
        example: String,
        hosts: Vec<String>,
        schemes: Vec<String>,
        max_length: usize,
    },
    SafeObject {
        max_depth: usize,
    },
    /// `ArrayLike`/`Array`: arrays of any element type.
    Array,
}

impl Family {
    /// The family's name, as the annotation spells it.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            Family::IntArray => "int_array",
            Family::StringArray { .. } => "string_array",
            Family::Int { .. } => "int",
            Family::Number => "number",
            Family::Bool => "bool",
            Family::Text { .. } => "text",
            Family::Pattern => "pattern",
            Family::Enum => "enum",
            Family::JsonObject => "json_object",
            Family::Array => "array",
            Family::Url { .. } => "url",
            Family::SafeObject { .. } => "safe_object",
        }
    }

    fn read(annotation: &Map<String, Value>) -> Option<Family> {
        let text = |k: &str| annotation.get(k).and_then(Value::as_str).map(str::to_owned);
        let strings = |k: &str| -> Vec<String> {
            annotation
                .get(k)
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default()
        };
        let int = |k: &str| {
            annotation.get(k).and_then(|v| {
                v.as_i64()
                    .map(i128::from)
                    .or_else(|| v.as_u64().map(i128::from))
            })
        };
        Some(match annotation.get("adapter")?.as_str()? {
            "int_array" => Family::IntArray,
            "string_array" => Family::StringArray {
                separator: text("separator").and_then(|s| s.chars().next()),
            },
            "int" => Family::Int {
                clamp: annotation.get("clamp") == Some(&Value::Bool(true)),
                default: annotation.get("default").and_then(Value::as_i64),
                type_min: int("type_minimum")?,
                type_max: int("type_maximum")?,
            },
            "number" => Family::Number,
            "bool" => Family::Bool,
            "text" => Family::Text {
                trim: annotation.get("trim") == Some(&Value::Bool(true)),
            },
            "pattern" => Family::Pattern,
            "enum" => Family::Enum,
            "json_object" => Family::JsonObject,
            "array" => Family::Array,
            "url" => Family::Url {
                example: text("example")?,
                hosts: strings("hosts"),
                schemes: strings("schemes"),
                max_length: usize::try_from(int("max_length")?).ok()?,
            },
            "safe_object" => Family::SafeObject {
                max_depth: usize::try_from(int("max_depth")?).ok()?,
            },
            _ => return None,
        })
    }
}

/// What the annotated schema says about a field read by one of the crate's adapters.
#[derive(Clone, Debug)]
pub(crate) struct Adapter {
    pub(crate) family: Family,
    /// The adapter reads an `Option` with the crate's optional rules (`None`: the target
    /// decides at run time).
    pub(crate) optional: Option<bool>,
    /// The adapter itself, on one value.
    pub(crate) probe: Option<Probe>,
}

/// One field of an argument type.
#[derive(Clone, Debug)]
pub(crate) struct Field {
    /// Where it is in an instance.
    pub(crate) steps: Vec<Step>,
    /// Its published schema.
    pub(crate) schema: Value,
    /// The crate's adapter that reads it, if one does.
    pub(crate) adapter: Option<Adapter>,
    /// serde itself admits `null` (serde_with's `Option<X>`, an `Option` of a wrapper).
    pub(crate) nullable: bool,
}

impl Field {
    /// The field's location as the report names it.
    pub(crate) fn name(&self) -> String {
        pattern(&self.steps)
    }
}

/// The fields of the type whose annotated schema is `annotated` and published schema is
/// `published`.
pub(crate) fn fields(annotated: &Value, published: &Value, probes: &[Probe]) -> Vec<Field> {
    let mut out = Vec::new();
    let mut stack: Vec<(&Value, &Value, Vec<Step>)> = vec![(annotated, published, Vec::new())];
    while let Some((raw, public, steps)) = stack.pop() {
        if steps.len() >= MAX_DEPTH || out.len() >= MAX_FIELDS {
            continue;
        }
        let raw = resolved(annotated, raw);
        let public = resolved(published, public);
        if let Some(props) = json::properties(raw) {
            // Reversed, so that the stack gives them back in the schema's order.
            for (name, raw_prop) in props.iter().rev() {
                let public_prop = json::properties(public)
                    .and_then(|p| p.get(name))
                    .unwrap_or(&Value::Bool(true));
                let mut at = steps.clone();
                at.push(Step::Key(name.clone()));
                let (adapter, nullable, inner) = inspect(resolved(annotated, raw_prop), probes);
                out.push(Field {
                    steps: at.clone(),
                    schema: resolved(published, public_prop).clone(),
                    adapter,
                    nullable,
                });
                stack.push((inner, public_prop, at));
            }
        }
        if let Some(raw_items) = raw.get("items").filter(|i| i.is_object()) {
            let public_items = public.get("items").unwrap_or(&Value::Bool(true));
            let mut at = steps.clone();
            at.push(Step::Item);
            let (adapter, nullable, inner) = inspect(resolved(annotated, raw_items), probes);
            if adapter.is_some() {
                out.push(Field {
                    steps: at.clone(),
                    schema: resolved(published, public_items).clone(),
                    adapter,
                    nullable,
                });
            }
            stack.push((inner, public_items, at));
        }
    }
    out.sort_by_key(|f| pointer(&f.steps));
    out
}

fn resolved<'v>(root: &'v Value, node: &'v Value) -> &'v Value {
    match json::resolve(root, node, "") {
        Ok((node, _)) | Err((node, _)) => node,
    }
}

/// The adapter a property schema names, whether serde admits `null` for it, and the
/// schema to look into for its own members.
fn inspect<'v>(node: &'v Value, probes: &[Probe]) -> (Option<Adapter>, bool, &'v Value) {
    let null_type = json::types(node).is_some_and(|t| t.contains(&"null"));
    if let Some(adapter) = adapter(node, probes) {
        return (Some(adapter), null_type, node);
    }
    for union in ["anyOf", "oneOf"] {
        let Some(members) = node.get(union).and_then(Value::as_array) else {
            continue;
        };
        let is_null = |m: &Value| json::types(m).is_some_and(|t| t == ["null"]);
        let nullable = members.iter().any(is_null);
        let others: Vec<&Value> = members.iter().filter(|m| !is_null(m)).collect();
        if let [only] = others.as_slice() {
            return (adapter(only, probes), nullable || null_type, only);
        }
    }
    (None, null_type, node)
}

fn adapter(node: &Value, probes: &[Probe]) -> Option<Adapter> {
    let annotation = node.get(KEYWORD)?.as_object()?;
    let family = Family::read(annotation)?;
    let optional = annotation.get("optional").and_then(Value::as_bool);
    let probe = annotation
        .get("probe")
        .and_then(Value::as_u64)
        .and_then(|i| usize::try_from(i).ok())
        .and_then(|i| probes.get(i).copied());
    Some(Adapter {
        family,
        optional,
        probe,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_within_a_location() {
        let steps = [Step::Key("ids".into()), Step::Item];
        assert!(within("/ids/3", &steps));
        assert!(within("/ids/3/x", &steps));
        assert!(!within("/ids", &steps));
        assert!(!within("/idsx/3", &steps));
        assert!(!within("/ids/x", &steps));
        assert!(within("/a~1b", &[Step::Key("a/b".into())]));
        assert!(within("", &[]));
        assert_eq!(pattern(&steps), "/ids/*");
        assert_eq!(pointer(&steps), "/ids/0");
    }
}
