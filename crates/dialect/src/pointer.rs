//! JSON Pointers into a rewritten schema: where a [`Note`](crate::Note) applies.

use std::fmt;

use serde::{Serialize, Serializer};

/// One step of a [`Pointer`]: an object member name or an array index.
///
/// Keys and indices stay distinct until rendering, so the member `"0"` of an object and
/// the element `0` of an array are different segments even though both render as `/0`.
///
/// # Examples
///
/// ```
/// use mcp_coerce_dialect::{Pointer, PointerSegment};
///
/// let at = Pointer::from_segments([PointerSegment::from("anyOf"), PointerSegment::from(1)]);
/// assert_eq!(at.to_string(), "/anyOf/1");
/// assert_eq!(at.segments()[1], PointerSegment::Index(1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PointerSegment {
    /// An object member name.
    Key(String),
    /// An array position, counted from zero.
    Index(usize),
}

impl From<&str> for PointerSegment {
    fn from(key: &str) -> Self {
        PointerSegment::Key(key.to_owned())
    }
}

impl From<String> for PointerSegment {
    fn from(key: String) -> Self {
        PointerSegment::Key(key)
    }
}

impl From<usize> for PointerSegment {
    fn from(index: usize) -> Self {
        PointerSegment::Index(index)
    }
}

/// A position in a schema, as a list of [`PointerSegment`]s from its root.
///
/// It renders (through `Display` and `Serialize`) as a JSON Pointer
/// ([RFC 6901](https://www.rfc-editor.org/rfc/rfc6901)): `""` for the root,
/// `/properties/ids` for the schema of the property `ids`, with `~` written `~0` and `/`
/// written `~1` inside keys.
///
/// # Examples
///
/// ```
/// use mcp_coerce_dialect::Pointer;
///
/// assert_eq!(Pointer::root().to_string(), "");
/// assert!(Pointer::root().is_root());
/// let odd = Pointer::root().join("properties").join("a/b~c");
/// assert_eq!(odd.to_string(), "/properties/a~1b~0c");
/// assert_eq!(serde_json::to_value(&odd)?, "/properties/a~1b~0c");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pointer {
    segments: Vec<PointerSegment>,
}

impl Pointer {
    /// The empty pointer: the schema as a whole.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_dialect::Pointer;
    ///
    /// assert_eq!(Pointer::root().to_string(), "");
    /// ```
    pub const fn root() -> Self {
        Pointer {
            segments: Vec::new(),
        }
    }

    /// A pointer made of the given segments, outermost first.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_dialect::{Pointer, PointerSegment};
    ///
    /// let at = Pointer::from_segments(["items".into(), PointerSegment::Index(0)]);
    /// assert_eq!(at, Pointer::root().join("items").join(0));
    /// ```
    pub fn from_segments(segments: impl IntoIterator<Item = PointerSegment>) -> Self {
        Pointer {
            segments: segments.into_iter().collect(),
        }
    }

    /// The segments, outermost first.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_dialect::{Pointer, PointerSegment};
    ///
    /// let at = Pointer::root().join("anyOf").join(2);
    /// assert_eq!(at.segments(), [PointerSegment::from("anyOf"), PointerSegment::Index(2)]);
    /// ```
    pub fn segments(&self) -> &[PointerSegment] {
        &self.segments
    }

    /// Whether this is the root (`""`).
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_dialect::Pointer;
    ///
    /// assert!(Pointer::root().is_root());
    /// assert!(!Pointer::root().join("items").is_root());
    /// ```
    pub fn is_root(&self) -> bool {
        self.segments.is_empty()
    }

    /// This pointer with `segment` appended (one level deeper).
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_dialect::Pointer;
    ///
    /// assert_eq!(Pointer::root().join("properties").join("ids").to_string(), "/properties/ids");
    /// ```
    #[must_use]
    pub fn join(mut self, segment: impl Into<PointerSegment>) -> Self {
        self.segments.push(segment.into());
        self
    }
}

impl fmt::Display for Pointer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for segment in &self.segments {
            f.write_str("/")?;
            match segment {
                PointerSegment::Index(index) => write!(f, "{index}")?,
                PointerSegment::Key(key) => {
                    for c in key.chars() {
                        match c {
                            '~' => f.write_str("~0")?,
                            '/' => f.write_str("~1")?,
                            c => fmt::Write::write_char(f, c)?,
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

impl Serialize for Pointer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
