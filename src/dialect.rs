//! Schema dialects for front ends that refuse parts of JSON Schema (feature `dialect`):
//! the [`mcp_coerce_dialect`] crate, re-exported whole.
//!
//! A [`Note`]'s `path` is a [`Pointer`], the dialect crate's own JSON Pointer; it converts
//! into this crate's [`Path`] and compares equal to the same `Path`:
//!
//! ```
//! use mcp_coerce::Path;
//! use mcp_coerce::dialect::Dialect;
//! use serde_json::json;
//!
//! let schema = json!({"type": "object", "properties": {"ids": {"type": "array", "maxItems": 3}}});
//! let note = &Dialect::Gemini.rewrite(&schema).notes[0];
//! assert_eq!(note.path, Path::root().join("properties").join("ids"));
//! assert_eq!(Path::from(&note.path).to_string(), "/properties/ids");
//! ```

pub use mcp_coerce_dialect::*;

use crate::{Path, Segment};

impl From<&Pointer> for Path {
    fn from(pointer: &Pointer) -> Self {
        Path::from_segments(pointer.segments().iter().map(|segment| match segment {
            PointerSegment::Key(key) => Segment::Key(key.clone()),
            PointerSegment::Index(index) => Segment::Index(*index),
        }))
    }
}

impl From<Pointer> for Path {
    fn from(pointer: Pointer) -> Self {
        Path::from(&pointer)
    }
}

impl PartialEq<Path> for Pointer {
    fn eq(&self, other: &Path) -> bool {
        self.segments().len() == other.segments().len()
            && self
                .segments()
                .iter()
                .zip(other.segments())
                .all(|(mine, theirs)| match (mine, theirs) {
                    (PointerSegment::Key(a), Segment::Key(b)) => a == b,
                    (PointerSegment::Index(a), Segment::Index(b)) => a == b,
                    _ => false,
                })
    }
}

impl PartialEq<Pointer> for Path {
    fn eq(&self, other: &Pointer) -> bool {
        other == self
    }
}
