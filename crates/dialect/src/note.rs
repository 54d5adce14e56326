//! What a rewrite changed: one [`Note`] per change, and the [`Rewritten`] schema.

use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::{MAX_INLINED_NODES, MAX_SCHEMA_DEPTH, Pointer};

/// A schema rewritten into a dialect, with what the rewrite changed.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Rewritten {
    /// The rewritten schema.
    pub schema: Value,
    /// What was inlined, moved into a description, converted, added or dropped: a schema's
    /// keywords in sorted order (a subschema's notes at its keyword's turn), whatever the
    /// order of the input's maps.
    pub notes: Vec<Note>,
}

/// What kind of change a [`Note`] records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum NoteKind {
    /// The keyword was removed and said in the schema's description instead.
    Described,
    /// The keyword was removed (an annotation, an unknown keyword, or one that cannot
    /// apply).
    Dropped,
    /// The keyword was rewritten into an equivalent or looser form (`oneOf` to `anyOf`, a
    /// `type` array to `nullable`, …).
    Converted,
    /// The keyword was added (`additionalProperties: false`, `items`, `type`, …).
    Added,
    /// A `$ref` was replaced by the schema it points to.
    Inlined,
    /// A `$ref` points back into the structure it is in; the recursion was cut.
    Recursive,
    /// A `$ref` that does not resolve to a local schema.
    Unresolved,
    /// The schema was nested deeper than [`MAX_SCHEMA_DEPTH`] and was cut.
    TooDeep,
    /// A `$ref` was not inlined because the [`MAX_INLINED_NODES`] budget was spent.
    TooLarge,
    /// The keyword's value is malformed (`"minimum": "one"`) and was removed.
    Invalid,
}

/// One change made by a rewrite: where, which keyword, what happened.
///
/// `Display` renders one line, such as `maxItems moved into description at
/// /properties/ids`; `Serialize` gives `{"path", "keyword", "kind", "detail"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Note {
    /// The schema position, as a JSON Pointer into the rewritten schema (`""` is the
    /// root); inside inlined references, the position where the reference was.
    pub path: Pointer,
    /// The keyword concerned (`maxItems`, `$ref`, `type`, …).
    pub keyword: String,
    /// What happened.
    pub kind: NoteKind,
    /// The details: the reference, the value, the reason (may be empty).
    pub detail: String,
}

impl Note {
    pub(crate) fn new(
        path: &Pointer,
        keyword: impl Into<String>,
        kind: NoteKind,
        detail: impl Into<String>,
    ) -> Self {
        Note {
            path: path.clone(),
            keyword: keyword.into(),
            kind,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.path.is_root() {
            "the root".to_owned()
        } else {
            self.path.to_string()
        };
        let (keyword, detail) = (&self.keyword, &self.detail);
        match self.kind {
            NoteKind::Described => write!(f, "{keyword} moved into description at {at}"),
            NoteKind::Inlined => write!(f, "{keyword} {detail} inlined at {at}"),
            NoteKind::Recursive => write!(f, "{keyword} {detail} is recursive: cut at {at}"),
            NoteKind::Unresolved => write!(f, "{keyword} {detail} unresolved at {at}"),
            NoteKind::TooLarge => write!(
                f,
                "{keyword} {detail} not inlined at {at}: over {MAX_INLINED_NODES} units inlined"
            ),
            NoteKind::TooDeep => write!(
                f,
                "schema nested deeper than {MAX_SCHEMA_DEPTH} levels: cut at {at}"
            ),
            kind => {
                let verb = match kind {
                    NoteKind::Dropped => "dropped",
                    NoteKind::Converted => "converted",
                    NoteKind::Added => "added",
                    _ => "dropped (invalid value)",
                };
                if detail.is_empty() {
                    write!(f, "{keyword} {verb} at {at}")
                } else {
                    write!(f, "{keyword} {verb} at {at}: {detail}")
                }
            }
        }
    }
}
