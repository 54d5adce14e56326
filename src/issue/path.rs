//! Locations inside the arguments: typed segments, rendered as JSON Pointers at the edge.

use std::fmt;

use serde::{Serialize, Serializer};

/// One step into a JSON value: an object key or an array index.
///
/// Keys and indices stay distinct until rendering, so the key `"0"` of an object and the
/// index `0` of an array are different segments even though both render as `/0`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Path, Segment};
///
/// let path = Path::from_segments([Segment::from("ids"), Segment::from(1)]);
/// assert_eq!(path.to_string(), "/ids/1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Segment {
    /// An object member name.
    Key(String),
    /// An array position, counted from zero.
    Index(usize),
}

impl Segment {
    /// An object key's segment, cut to [`INPUT_ECHO_CHARS`](crate::INPUT_ECHO_CHARS) chars.
    pub(crate) fn key(key: &str) -> Segment {
        Segment::Key(crate::words::truncate(key))
    }
}

impl Segment {
    /// Its length in chars in a JSON Pointer (`/`, then the index or the escaped key).
    fn rendered_chars(&self) -> usize {
        1 + match self {
            Segment::Index(index) => index.checked_ilog10().unwrap_or(0) as usize + 1,
            Segment::Key(key) => key
                .chars()
                .map(|c| if c == '~' || c == '/' { 2 } else { 1 })
                .sum(),
        }
    }
}

impl From<&str> for Segment {
    fn from(key: &str) -> Self {
        Segment::Key(key.to_owned())
    }
}

impl From<String> for Segment {
    fn from(key: String) -> Self {
        Segment::Key(key)
    }
}

impl From<usize> for Segment {
    fn from(index: usize) -> Self {
        Segment::Index(index)
    }
}

/// Where an [`Issue`](crate::Issue) was found, as a list of [`Segment`]s from the root of
/// the arguments.
///
/// It renders (through `Display` and `Serialize`) as a JSON Pointer
/// ([RFC 6901](https://www.rfc-editor.org/rfc/rfc6901)): `""` for the arguments as a whole,
/// `/ids/1` for the second element of `ids`, with `~` written `~0` and `/` written `~1`
/// inside keys. Keys longer than [`INPUT_ECHO_CHARS`](crate::INPUT_ECHO_CHARS) chars are
/// cut in the paths the crate builds, with `…` appended, like any other echo of input.
///
/// # Examples
///
/// ```
/// use mcp_coerce::Path;
///
/// assert_eq!(Path::root().to_string(), "");
/// let odd = Path::from_segments(["a/b".into(), "m~n".into()]);
/// assert_eq!(odd.to_string(), "/a~1b/m~0n");
/// ```
#[derive(Clone, Default)]
pub struct Path {
    segments: Vec<Segment>,
    /// Which of the first 64 segments are keys the caller chose, as bits.
    sent: u64,
}

/// A path's segments (which keys the caller chose is shown by [`Path::redacted`]).
impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Path")
            .field("segments", &self.segments)
            .finish()
    }
}

/// Paths are equal when their segments are (the caller's-key marks do not count).
impl PartialEq for Path {
    fn eq(&self, other: &Self) -> bool {
        self.segments == other.segments
    }
}

impl Eq for Path {}

impl std::hash::Hash for Path {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.segments.hash(state);
    }
}

impl Path {
    /// The empty path: the arguments as a whole.
    pub const fn root() -> Self {
        Path {
            segments: Vec::new(),
            sent: 0,
        }
    }

    /// A path made of the given segments, outermost first.
    pub fn from_segments(segments: impl IntoIterator<Item = Segment>) -> Self {
        Path {
            segments: segments.into_iter().collect(),
            sent: 0,
        }
    }

    /// This path with every key the caller chose (a key of a map, a key no declared field
    /// names: an unknown field, a key inside a forwarded object) written `*`; the names of
    /// declared fields and the indices stay. For rendering refusals of arguments that may
    /// hold secrets (see [`Rejection::redacted`](crate::Rejection::redacted)).
    ///
    /// ```
    /// use serde::Deserialize;
    /// #[derive(Deserialize, Debug)]
    /// #[serde(deny_unknown_fields)]
    /// struct Args { limit: u32 }
    ///
    /// let refused = mcp_coerce::from_str::<Args>(r#"{"limit": 1, "sk-live-123": 2}"#).unwrap_err();
    /// let path = refused.issues()[0].path();
    /// assert_eq!((path.to_string(), path.redacted().to_string()), ("/sk-live-123".into(), "/*".into()));
    /// ```
    #[must_use]
    pub fn redacted(&self) -> Path {
        let segments = self
            .segments
            .iter()
            .enumerate()
            .map(|(i, segment)| match segment {
                Segment::Key(_) if i >= 64 || self.sent & (1 << i) != 0 => {
                    Segment::Key("*".to_owned())
                }
                other => other.clone(),
            })
            .collect();
        Path { segments, sent: 0 }
    }

    /// The segments, outermost first.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// Whether this is the root path (`""`).
    pub fn is_root(&self) -> bool {
        self.segments.is_empty()
    }

    /// This path with `segment` appended (one level deeper).
    #[must_use]
    pub fn join(mut self, segment: impl Into<Segment>) -> Self {
        if self.segments.len() < 64 {
            self.sent &= !(1 << self.segments.len());
        }
        self.segments.push(segment.into());
        self
    }

    /// Put `segment` in front (the caller's-key marks move with their segments).
    pub(crate) fn prepend(&mut self, segment: Segment) {
        self.segments.insert(0, segment);
        self.sent <<= 1;
    }

    /// Mark the segments whose bits `sent` sets as keys the caller chose.
    pub(crate) fn mark_sent(&mut self, sent: u64) {
        self.sent |= sent;
    }

    /// This path with every key marked as the caller's.
    pub(crate) fn keys_sent(mut self) -> Self {
        for (i, segment) in self.segments.iter().enumerate().take(64) {
            if matches!(segment, Segment::Key(_)) {
                self.sent |= 1 << i;
            }
        }
        self
    }

    /// Cut this path to the ancestor fitting [`MAX_PATH_CHARS`]; the segments removed (else
    /// deep long keys made megabytes).
    #[inline(always)]
    pub(crate) fn cut_to_fit(&mut self) -> usize {
        let mut used = 0;
        let mut keep = self.segments.len();
        for (i, segment) in self.segments.iter().enumerate() {
            used += segment.rendered_chars();
            if used > MAX_PATH_CHARS {
                keep = i.max(1);
                break;
            }
        }
        let removed = self.segments.len() - keep;
        self.segments.truncate(keep);
        if keep < 64 {
            self.sent &= (1 << keep) - 1;
        }
        // A first key longer than the whole limit (one built by hand from input) is cut
        // like any echo of input.
        if let Some(first @ Segment::Key(_)) = self.segments.first_mut()
            && first.rendered_chars() > MAX_PATH_CHARS
            && let Segment::Key(key) = first
        {
            *key = crate::words::truncate(key);
        }
        removed
    }
}

/// The longest JSON Pointer, in chars, that an issue carries: a deeper location is
/// reported at its ancestor that fits, with the number of levels left out in the issue's
/// context as `path_levels_cut`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, Issue, MAX_PATH_CHARS, Path, Rejection};
///
/// let deep = Path::from_segments((0..100).map(|_| "k".repeat(20).into()));
/// let rejection = Rejection::new([Issue::new(Code::Custom, "bad").at(deep)]);
/// let issue = &rejection.issues()[0];
/// assert!(issue.path().to_string().chars().count() <= MAX_PATH_CHARS);
/// assert_eq!(issue.path().segments().len(), 12);
/// assert_eq!(issue.context().unwrap()["path_levels_cut"], 88);
/// ```
pub const MAX_PATH_CHARS: usize = 256;

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

/// A path displayed [`redacted`](Path::redacted) without building it (for `tracing`).
#[cfg(feature = "tracing")]
pub(crate) struct Redacted<'a>(pub(crate) &'a Path);

#[cfg(feature = "tracing")]
impl fmt::Display for Redacted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, true)
    }
}

impl Path {
    /// The JSON Pointer; with `redact`, caller-chosen keys written `*`.
    fn write(&self, f: &mut fmt::Formatter<'_>, redact: bool) -> fmt::Result {
        for (i, segment) in self.segments.iter().enumerate() {
            f.write_str("/")?;
            match segment {
                Segment::Index(index) => write!(f, "{index}")?,
                Segment::Key(_) if redact && (i >= 64 || self.sent & (1 << i) != 0) => {
                    f.write_str("*")?;
                }
                Segment::Key(key) => {
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

impl Serialize for Path {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(all(test, feature = "tracing"))]
mod tests {
    use super::{Path, Redacted, Segment};

    /// `Redacted` writes what `redacted()` builds.
    #[test]
    fn redacted_display_is_the_redacted_path() {
        let mut segments = vec![
            Segment::Key("a/b".to_owned()),
            Segment::Key("m~n".to_owned()),
            Segment::Index(3),
            Segment::Key("sk-live".to_owned()),
        ];
        segments.extend((0..70).map(|i| Segment::Key(format!("k{i}"))));
        for sent in [0, 0b1010, u64::MAX] {
            let path = Path {
                segments: segments.clone(),
                sent,
            };
            assert_eq!(
                Redacted(&path).to_string(),
                path.redacted().to_string(),
                "{sent:b}"
            );
        }
        let path = Path {
            segments: segments[..4].to_vec(),
            sent: 0b1000,
        };
        assert_eq!(Redacted(&path).to_string(), "/a~1b/m~0n/3/*");
    }
}
