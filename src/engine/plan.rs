//! Plans: which fields each struct of a type requires, so the engine reports every missing
//! field in one pass. A plan is a tree of struct and array nodes, learned from the type's
//! `Deserialize` ([`super::probe`]) or built from its JSON Schema ([`from_schema`]). A node
//! the engine cannot match to the struct serde reads (enum variants, maps, `flatten`) reports
//! the first missing field only (docs/contract.md, "How the entry points read a call").

use std::borrow::Cow;

use serde_json::{Map, Value};

/// The index of a node in its plan.
pub(crate) type NodeId = u32;

/// No node: nothing is known of the value.
pub(crate) const NONE: NodeId = u32::MAX;

/// The node of the arguments themselves.
pub(crate) const ROOT: NodeId = 0;

/// A plan of required fields; see the [module docs](self).
#[derive(Debug, Default)]
pub(crate) struct Plan {
    nodes: Vec<Node>,
}

#[derive(Debug)]
pub(crate) enum Node {
    /// Nothing known.
    Opaque,
    Struct(StructNode),
    /// An array (or tuple), and the node of its elements.
    Seq(NodeId),
}

/// What a struct requires.
#[derive(Debug)]
pub(crate) struct StructNode {
    /// How the engine recognises the struct.
    pub(crate) check: Check,
    /// Every property known, in declaration order (required first for learned nodes).
    pub(crate) props: Vec<Prop>,
    /// Every property serde knows is in `props` (else a known key may alias a required one).
    pub(crate) complete: bool,
    /// The required properties among the first 64 as bits, for the quick test that nothing is
    /// missing (0 past 64; all bits when a property has a type default, so the full test runs).
    pub(crate) required_bits: u64,
    /// Whether a property has a type default.
    pub(crate) has_defaults: bool,
}

#[derive(Debug)]
pub(crate) enum Check {
    /// Learned: serde named the struct `name` with exactly these fields.
    Serde {
        name: &'static str,
        fields: &'static [&'static str],
    },
    /// From a schema: every required name must be one of serde's fields.
    RequiredAreFields,
}

/// One property of a struct.
#[derive(Debug)]
pub(crate) struct Prop {
    /// The name serde reports it by.
    pub(crate) name: Cow<'static, str>,
    /// The other names serde accepts for it.
    pub(crate) aliases: Vec<Cow<'static, str>>,
    pub(crate) required: bool,
    pub(crate) child: NodeId,
    /// The default the field's type fills in when absent, for `default_applied`.
    pub(crate) default: Option<Box<crate::issue::Input>>,
    /// `name`'s [`Signature`], for the quick comparison.
    sig: Signature,
}

/// A name's length and first 8 bytes: a cheap first test of equality.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Signature(usize, u64);

impl Signature {
    #[inline]
    pub(crate) fn of(name: &str) -> Signature {
        let bytes = name.as_bytes();
        let mut head = [0u8; 8];
        let n = bytes.len().min(8);
        head[..n].copy_from_slice(&bytes[..n]);
        Signature(bytes.len(), u64::from_le_bytes(head))
    }
}

impl Prop {
    pub(crate) fn new(name: Cow<'static, str>, required: bool, child: NodeId) -> Self {
        let sig = Signature::of(&name);
        Prop {
            name,
            aliases: Vec::new(),
            required,
            child,
            default: None,
            sig,
        }
    }

    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// Whether `key` (whose signature is `sig`) names this property.
    #[inline]
    fn answers_to(&self, key: &str, sig: Signature) -> bool {
        (self.sig == sig && (sig.0 <= 8 || self.name.as_bytes()[8..] == key.as_bytes()[8..]))
            || (!self.aliases.is_empty() && self.aliases.iter().any(|a| same(a, key)))
    }

    #[allow(
        dead_code,
        reason = "the plain comparison, for the tests of `answers_to`"
    )]
    #[inline]
    fn answers(&self, key: &str) -> bool {
        same(&self.name, key)
            || (!self.aliases.is_empty() && self.aliases.iter().any(|a| same(a, key)))
    }
}

/// Field-name equality, length first (names are short: a loop beats `memcmp`).
#[inline(always)]
fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

impl Plan {
    /// A plan that knows nothing.
    pub(crate) fn opaque() -> Plan {
        Plan {
            nodes: vec![Node::Opaque],
        }
    }

    pub(crate) fn from_nodes(nodes: Vec<Node>) -> Plan {
        if nodes.is_empty() {
            Plan::opaque()
        } else {
            Plan { nodes }
        }
    }

    fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id as usize)
    }

    /// Mark in `path` every key the caller chose, for redaction.
    pub(crate) fn mark_sent(&self, path: &mut crate::issue::Path) {
        use crate::issue::Segment;
        let mut node = ROOT;
        let mut known = true;
        let mut sent = 0u64;
        for (at, segment) in path.segments().iter().enumerate().take(64) {
            match segment {
                Segment::Key(key) => {
                    let child = match self.node(node) {
                        Some(Node::Struct(shape)) if known => shape
                            .find(key)
                            .and_then(|i| shape.props.get(i))
                            .map(|p| p.child),
                        _ => None,
                    };
                    match child {
                        Some(child) => node = child,
                        None => {
                            sent |= 1 << at;
                            known = false;
                        }
                    }
                }
                Segment::Index(_) => node = self.items(node),
            }
        }
        path.mark_sent(sent);
    }

    pub(crate) fn is_struct(&self, id: NodeId) -> bool {
        matches!(self.node(id), Some(Node::Struct(_)))
    }

    /// The struct node `id`, if it is one and it recognises the struct serde is asking for.
    #[inline]
    pub(crate) fn struct_for(
        &self,
        id: NodeId,
        name: &'static str,
        fields: &'static [&'static str],
    ) -> Option<&StructNode> {
        match self.node(id) {
            Some(Node::Struct(s)) if s.recognises(name, fields) => Some(s),
            _ => None,
        }
    }

    pub(crate) fn is_seq(&self, id: NodeId) -> bool {
        matches!(self.node(id), Some(Node::Seq(_)))
    }

    #[inline]
    pub(crate) fn items(&self, id: NodeId) -> NodeId {
        match self.node(id) {
            Some(Node::Seq(items)) => *items,
            _ => NONE,
        }
    }
}

impl StructNode {
    /// A node of `props` (their required bits computed).
    pub(crate) fn new(check: Check, props: Vec<Prop>, complete: bool) -> Self {
        let required_bits = if props.len() <= 64 {
            props
                .iter()
                .enumerate()
                .filter(|(_, p)| p.required)
                .fold(0u64, |bits, (i, _)| bits | 1 << i)
        } else {
            0
        };
        let has_defaults = props.iter().any(|p| p.default.is_some());
        let required_bits = if has_defaults {
            u64::MAX
        } else {
            required_bits
        };
        StructNode {
            check,
            props,
            complete,
            required_bits,
            has_defaults,
        }
    }

    /// Whether every required property is among those `present` marks.
    #[inline]
    pub(crate) fn all_present(&self, present: &Present) -> bool {
        self.props.len() <= 64 && present.bits & self.required_bits == self.required_bits
    }

    fn recognises(&self, name: &'static str, fields: &'static [&'static str]) -> bool {
        match self.check {
            Check::Serde { name: n, fields: f } => {
                (std::ptr::eq(f, fields) || f == fields) && (std::ptr::eq(n, name) || n == name)
            }
            Check::RequiredAreFields => self
                .props
                .iter()
                .filter(|p| p.required)
                .all(|p| fields.contains(&p.name())),
        }
    }

    /// The index of the property `key` names, if any.
    #[inline]
    pub(crate) fn find(&self, key: &str) -> Option<usize> {
        let sig = Signature::of(key);
        self.props.iter().position(|p| p.answers_to(key, sig))
    }
}

/// Which properties of a struct node the object being read has, by index.
#[derive(Debug, Default)]
pub(crate) struct Present {
    bits: u64,
    more: Vec<u64>,
}

impl Present {
    #[inline]
    pub(crate) fn set(&mut self, index: usize) {
        if index < 64 {
            self.bits |= 1 << index;
        } else {
            self.set_more(index);
        }
    }

    #[cold]
    fn set_more(&mut self, index: usize) {
        let word = index / 64 - 1;
        if self.more.len() <= word {
            self.more.resize(word + 1, 0);
        }
        self.more[word] |= 1 << (index % 64);
    }

    #[inline]
    pub(crate) fn get(&self, index: usize) -> bool {
        if index < 64 {
            self.bits & (1 << index) != 0
        } else {
            self.more
                .get(index / 64 - 1)
                .is_some_and(|w| w & (1 << (index % 64)) != 0)
        }
    }
}

/// A plan from an inline JSON Schema: `properties`/`required`, `items`, and a one-branch
/// nullable `anyOf`/`oneOf` as its branch (docs/contract.md, Limits, for the depth).
#[cfg_attr(not(feature = "schemars"), allow(dead_code))]
pub(crate) fn from_schema(schema: &Value) -> Plan {
    let mut nodes = Vec::new();
    nodes.push(Node::Opaque);
    let root = schema_node(schema, &mut nodes, 0);
    if let Some(n) = nodes.get_mut(ROOT as usize) {
        *n = root;
    }
    Plan::from_nodes(nodes)
}

fn schema_node(schema: &Value, nodes: &mut Vec<Node>, depth: u32) -> Node {
    let Some(map) = schema.as_object() else {
        return Node::Opaque;
    };
    if depth > 128 {
        return Node::Opaque;
    }
    if let Some(props) = map.get("properties").and_then(Value::as_object) {
        return struct_node(map, props, nodes, depth);
    }
    if let Some(items) = map.get("items") {
        let child = push(schema_node(items, nodes, depth + 1), nodes);
        return Node::Seq(child);
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(branches) = map.get(key).and_then(Value::as_array) {
            let mut real = branches.iter().filter(|b| !is_null_schema(b));
            if let (Some(only), None) = (real.next(), real.next()) {
                return schema_node(only, nodes, depth + 1);
            }
            return Node::Opaque;
        }
    }
    Node::Opaque
}

fn struct_node(
    map: &Map<String, Value>,
    props: &Map<String, Value>,
    nodes: &mut Vec<Node>,
    depth: u32,
) -> Node {
    let required: Vec<&str> = map
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut out = Vec::with_capacity(props.len());
    // Required properties in `required`'s order (the struct's declaration order), then
    // the others.
    for name in &required {
        if let Some(schema) = props.get(*name) {
            let child = push(schema_node(schema, nodes, depth + 1), nodes);
            out.push(Prop::new(Cow::Owned((*name).to_owned()), true, child));
        }
    }
    for (name, schema) in props {
        if required.contains(&name.as_str()) {
            continue;
        }
        let child = push(schema_node(schema, nodes, depth + 1), nodes);
        out.push(Prop::new(Cow::Owned(name.clone()), false, child));
    }
    // Aliases are not in a schema: the node is not complete.
    Node::Struct(StructNode::new(Check::RequiredAreFields, out, false))
}

fn push(node: Node, nodes: &mut Vec<Node>) -> NodeId {
    if matches!(node, Node::Opaque) {
        return NONE;
    }
    let id = NodeId::try_from(nodes.len()).unwrap_or(NONE);
    if id != NONE {
        nodes.push(node);
    }
    id
}

fn is_null_schema(schema: &Value) -> bool {
    schema.get("type").and_then(Value::as_str) == Some("null")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quick comparison agrees with plain string equality, on both sides of 8 bytes.
    #[test]
    fn signatures_compare_as_strings_do() {
        let names = [
            "",
            "a",
            "ids",
            "idx",
            "limit",
            "project",
            "projects",
            "12345678",
            "123456789",
            "1234567890",
            "12345678x",
            "memory_session_ids",
            "memory_session_idz",
            "é",
            "ée",
        ];
        for name in names {
            let prop = Prop::new(Cow::Borrowed(name), true, NONE);
            for key in names {
                assert_eq!(
                    prop.answers_to(key, Signature::of(key)),
                    name == key,
                    "{name} / {key}"
                );
                assert_eq!(prop.answers(key), name == key, "{name} / {key}");
            }
        }
    }
}
