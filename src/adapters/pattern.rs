//! Strings that fully match a named regular expression, whose source is also the published
//! JSON Schema `pattern`.
//!
//! [`pattern!`](crate::pattern!) defines a [`PatternDef`]; [`PatternLike`] is the marker,
//! [`Pattern`] the wrapper type. A source must be anchored and mean the same in Rust's
//! `regex` as in ECMA-262 (the JSON Schema dialect): the rules are docs/contract.md's,
//! "Scalars" (pattern sources), checked at compile time by [`portability_problem`] and in
//! full by [`check_portable`].

use std::fmt;
use std::marker::PhantomData;

use serde::de::Deserializer;
use serde::{Deserialize, Serialize, Serializer};
use serde_with::{DeserializeAs, SerializeAs};

use crate::issue::IssueBuf;
use crate::issue::{Code, Input, Issue};
use crate::shell::trim;
use crate::shell::{Optional, Outcome, Settled, TextOnly, TextShape};

#[doc(hidden)]
pub mod __private {
    pub use regex::Regex;
    pub use std::sync::OnceLock;

    /// Compile a source that passed the compile-time rules, after the rest of
    /// [`check_portable`](super::check_portable) (an ECMA-262 engine's verdict). A failure
    /// here is a bug in the pattern definition (e.g. an unbalanced parenthesis), found on
    /// first use; add a test that calls [`PatternDef::check`](super::PatternDef::check) to
    /// find it sooner.
    #[track_caller]
    pub fn compile(name: &str, source: &str) -> Regex {
        if let Err(e) = super::rules_and_ecma(source) {
            panic!("the pattern `{name}` is not portable: {e}");
        }
        match Regex::new(source) {
            Ok(regex) => regex,
            Err(e) => panic!("the pattern `{name}` does not compile: {e}"),
        }
    }
}

/// A named pattern: the regex source (anchored, portable), a human name, an example of a
/// matching value, and a length cap in chars. Define one with [`pattern!`](crate::pattern!).
///
/// # Examples
///
/// ```
/// use mcp_coerce::PatternDef;
///
/// mcp_coerce::pattern! {
///     /// A card id such as `ATC-2026-7777670`.
///     pub CardId { name: "card_id", source: r"^ATC-[0-9]{4}-[0-9]{6,}$", example: "ATC-2026-7777670", max_length: 64 }
/// }
/// assert!(CardId::regex().is_match("ATC-2026-1234567"));
/// CardId::check()?;
/// # Ok::<(), String>(())
/// ```
pub trait PatternDef: 'static {
    /// A human name (`"card_id"`), used in messages.
    const NAME: &'static str;
    /// The regex source, anchored: also the JSON Schema `pattern`.
    const SOURCE: &'static str;
    /// A value that matches, quoted in hints.
    const EXAMPLE: &'static str;
    /// The most chars a value may have after trimming, checked before matching.
    const MAX_LENGTH: usize = 256;

    /// The compiled regex (compiled once per process).
    fn regex() -> &'static regex::Regex;

    /// Check the definition: the source is portable ([`check_portable`]: the rules, an
    /// ECMA-262 engine, Rust's `regex`), and the example matches and fits the length cap.
    /// Call it in a test.
    ///
    /// # Errors
    ///
    /// A message naming what is wrong.
    fn check() -> Result<(), String> {
        check_portable(Self::SOURCE).map_err(|e| format!("pattern `{}`: {e}", Self::NAME))?;
        let regex = regex::Regex::new(Self::SOURCE)
            .map_err(|e| format!("pattern `{}` does not compile: {e}", Self::NAME))?;
        if !regex.is_match(Self::EXAMPLE) {
            return Err(format!(
                "pattern `{}`: the example does not match",
                Self::NAME
            ));
        }
        if Self::EXAMPLE.chars().count() > Self::MAX_LENGTH {
            return Err(format!(
                "pattern `{}`: the example is longer than the cap",
                Self::NAME
            ));
        }
        Ok(())
    }
}

/// Define a [`PatternDef`]: a unit struct and its impl, the source checked at compile time
/// by [`portability_problem`](crate::pattern::portability_problem), and in full by [`check_portable`](crate::pattern::check_portable)
/// on first use and by [`PatternDef::check`]. `max_length` is optional (default 256 chars).
///
/// # Panics
///
/// The first use of the regex panics when an engine refuses a source the compile-time rules
/// let through (a bug in the definition); [`PatternDef::check`] in a test reports it.
///
/// # Examples
///
/// ```
/// mcp_coerce::pattern! {
///     pub Slug { name: "slug", source: r"^[a-z0-9]+(?:-[a-z0-9]+)*$", example: "my-post" }
/// }
/// ```
///
/// A source that Rust and ECMA-262 read differently does not compile:
///
/// ```compile_fail
/// mcp_coerce::pattern! {
///     pub Digits { name: "digits", source: r"^\d+$", example: "42" }
/// }
/// ```
#[macro_export]
macro_rules! pattern {
    (
        $(#[$doc:meta])*
        $vis:vis $ty:ident {
            name: $name:literal,
            source: $source:literal,
            example: $example:literal
            $(, max_length: $max:literal)?
            $(,)?
        }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        $vis struct $ty;

        impl $crate::PatternDef for $ty {
            const NAME: &'static str = $name;
            const SOURCE: &'static str = $source;
            const EXAMPLE: &'static str = $example;
            $(const MAX_LENGTH: usize = $max;)?

            fn regex() -> &'static $crate::pattern::__private::Regex {
                static COMPILED: $crate::pattern::__private::OnceLock<
                    $crate::pattern::__private::Regex,
                > = $crate::pattern::__private::OnceLock::new();
                COMPILED.get_or_init(|| $crate::pattern::__private::compile($name, $source))
            }
        }

        const _: () = $crate::pattern::assert_portable($source);
    };
}

/// Why a pattern source is not portable between Rust's `regex` and ECMA-262 (see
/// [`check_portable`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PortabilityError {
    /// A rule of the [module docs](self) is broken: what [`portability_problem`] says.
    #[error("{0}")]
    Rule(&'static str),
    /// An ECMA-262 engine (the `regress` crate) refuses the source, with the `u` flag
    /// (as JSON Schema validators read patterns) or without it.
    #[error("ECMA-262 refuses the pattern{}: {message}", if *.unicode { " with the u flag" } else { " without flags" })]
    Ecma {
        /// Whether the `u` flag was set.
        unicode: bool,
        /// The engine's message.
        message: String,
    },
    /// Rust's `regex` crate refuses the source.
    #[error("Rust's regex refuses the pattern: {0}")]
    Rust(String),
}

/// The one portability check of a pattern source: [`portability_problem`]'s rules, then an
/// ECMA-262 engine (the `regress` crate, with the `u` flag and without), then Rust's
/// `regex`. A source longer than [`MAX_CHECKED_CHARS`] is refused unread.
///
/// # Errors
///
/// The first [`PortabilityError`] found.
///
/// # Examples
///
/// ```
/// use mcp_coerce::pattern::check_portable;
///
/// assert!(check_portable(r"^ATC-[0-9]{4}-[0-9]{6,}$").is_ok());
/// assert!(check_portable(r"^a+*$").is_err()); // ECMA-262: nothing to repeat
/// ```
pub fn check_portable(source: &str) -> Result<(), PortabilityError> {
    rules_and_ecma(source)?;
    regex::Regex::new(source)
        .map(drop)
        .map_err(|e| PortabilityError::Rust(e.to_string()))
}

/// The longest source [`check_portable`] hands to the engines, in chars (their compilers
/// recurse).
pub const MAX_CHECKED_CHARS: usize = 4096;

/// The rules, then the ECMA-262 engine.
fn rules_and_ecma(source: &str) -> Result<(), PortabilityError> {
    if let Some(rule) = portability_problem(source) {
        return Err(PortabilityError::Rule(rule));
    }
    if source.chars().nth(MAX_CHECKED_CHARS).is_some() {
        return Err(PortabilityError::Rule(
            "the pattern is longer than 4096 chars, more than the check reads",
        ));
    }
    ecma(source)
}

/// The ECMA-262 engine's verdict on `source`, with the `u` flag and without flags.
fn ecma(source: &str) -> Result<(), PortabilityError> {
    for unicode in [true, false] {
        let flags = if unicode { "u" } else { "" };
        if let Err(e) = regress::Regex::with_flags(source, flags) {
            return Err(PortabilityError::Ecma {
                unicode,
                message: e.to_string(),
            });
        }
    }
    Ok(())
}

/// Fail the build (in a `const` context) when [`portability_problem`] finds a problem.
///
/// # Panics
///
/// When the source is not portable; in a `const` item that is a compile error.
pub const fn assert_portable(source: &str) {
    if let Some(problem) = portability_problem(source) {
        panic!("{}", problem);
    }
}

/// What makes `source` non-portable by the compile-time rules (docs/contract.md, "Scalars"),
/// if anything: the part of [`check_portable`] that needs no ECMA-262 engine.
///
/// # Examples
///
/// ```
/// use mcp_coerce::pattern::portability_problem;
/// assert_eq!(portability_problem(r"^[0-9]{4}$"), None);
/// assert!(portability_problem(r"[0-9]{4}").is_some()); // not anchored
/// ```
pub const fn portability_problem(source: &str) -> Option<&'static str> {
    let b = source.as_bytes();
    let n = b.len();
    if n < 2 || b[0] != b'^' || b[n - 1] != b'$' {
        return Some("the pattern must be anchored: start with ^ and end with $");
    }
    let mut i = 1;
    let mut depth = 0usize;
    let mut in_class = false;
    // What the next quantifier would repeat: nothing right after `^`, `(` or `|`.
    let mut before = Before::Nothing;
    // The final `$` is the anchor; everything before it is checked here.
    let end = n - 1;
    while i < end {
        let c = b[i];
        if c >= 0x80 {
            return Some("the pattern must be ASCII: write other chars as \\uHHHH");
        }
        if c == b'\\' {
            if i + 1 >= n {
                return Some("the pattern ends with a lone backslash");
            }
            let e = b[i + 1];
            match e {
                b'n' | b'r' | b't' | b'f' | b'v' => i += 2,
                b'x' => {
                    if !hex_run(b, i + 2, 2) {
                        return Some("\\x must be followed by two hex digits");
                    }
                    i += 4;
                }
                b'u' => {
                    if !hex_run(b, i + 2, 4) {
                        return Some("\\u must be followed by four hex digits");
                    }
                    i += 6;
                }
                b'^' | b'$' | b'\\' | b'.' | b'*' | b'+' | b'?' | b'(' | b')' | b'[' | b']'
                | b'{' | b'}' | b'|' | b'/' => i += 2,
                b'-' if in_class => i += 2,
                b'd' | b'D' | b'w' | b'W' | b's' | b'S' | b'b' | b'B' => {
                    return Some(
                        "\\d, \\w, \\s and \\b differ between Rust and ECMA-262: spell the class out, e.g. [0-9]",
                    );
                }
                b'0'..=b'9' => return Some("backreferences and octal escapes are not portable"),
                _ => return Some("this escape is not portable between Rust and ECMA-262"),
            }
            if i > end {
                return Some("the pattern must end with an unescaped $");
            }
            if !in_class {
                before = Before::Atom;
            }
            continue;
        }
        if in_class {
            match c {
                b']' => {
                    in_class = false;
                    before = Before::Atom;
                }
                b'[' => {
                    return Some(
                        "nested classes, POSIX classes and set operations are not portable",
                    );
                }
                b'&' | b'~' | b'-' if i + 1 < n && b[i + 1] == c => {
                    return Some("class set operations (&&, --, ~~) are not portable");
                }
                _ => {}
            }
            i += 1;
            continue;
        }
        match c {
            b'[' => {
                in_class = true;
                // A `]` right after `[` or `[^` is a literal in Rust but closes the class
                // in ECMA-262.
                let mut j = i + 1;
                if j < n && b[j] == b'^' {
                    j += 1;
                }
                if j < n && b[j] == b']' {
                    return Some("write a literal ] in a class as \\]");
                }
                i = j;
                continue;
            }
            b'.' => {
                return Some(
                    "an unescaped . differs between Rust and ECMA-262: spell the class out",
                );
            }
            b'(' => {
                if i + 1 < n && b[i + 1] == b'?' {
                    let named =
                        i + 3 < n && b[i + 2] == b'<' && b[i + 3] != b'=' && b[i + 3] != b'!';
                    let plain = i + 2 < n && b[i + 2] == b':';
                    if !(named || plain) {
                        return Some(
                            "only (…), (?:…) and (?<name>…) groups are portable: no lookaround or inline flags",
                        );
                    }
                    // The opening `(?:` or `(?<name>` is no quantifier and no atom.
                    i += 2;
                    if named {
                        while i < end && b[i] != b'>' {
                            i += 1;
                        }
                    }
                }
                depth += 1;
                before = Before::Nothing;
            }
            b')' => {
                if depth == 0 {
                    return Some("unbalanced parenthesis");
                }
                depth -= 1;
                before = Before::Atom;
            }
            b'|' if depth == 0 => {
                return Some(
                    "a top-level | escapes the anchors: group the alternatives, e.g. ^(?:a|b)$",
                );
            }
            b'|' => before = Before::Nothing,
            b'$' => return Some("$ may only end the pattern"),
            b']' => return Some("write a literal ] as \\]: a lone ] is an error under the u flag"),
            b'}' => return Some("write a literal } as \\}: a lone } is an error under the u flag"),
            b'{' => match quantifier_end(b, i, end) {
                Some(close) => {
                    if let Some(problem) = repeat(before) {
                        return Some(problem);
                    }
                    before = Before::Quantifier;
                    i = close + 1;
                    continue;
                }
                None => {
                    return Some(
                        "braces are quantifiers only ({4}, {6,}, {1,3}): write a literal { as \\{",
                    );
                }
            },
            b'?' if matches!(before, Before::Quantifier) => before = Before::Lazy,
            b'*' | b'+' | b'?' => {
                if let Some(problem) = repeat(before) {
                    return Some(problem);
                }
                before = Before::Quantifier;
            }
            b'^' => return Some("^ may only start the pattern"),
            _ => before = Before::Atom,
        }
        i += 1;
    }
    if in_class {
        return Some("unterminated class");
    }
    if depth != 0 {
        return Some("unbalanced parenthesis");
    }
    None
}

/// What comes right before a position of a pattern, for the quantifier rules.
#[derive(Clone, Copy)]
enum Before {
    /// The start, `(` or `|`: a quantifier here has nothing to repeat.
    Nothing,
    /// Something a quantifier repeats: a char, an escape, a class, a group.
    Atom,
    /// A quantifier: another one here is stacked, a `?` makes it lazy.
    Quantifier,
    /// A lazy quantifier (`+?`): any quantifier here is stacked.
    Lazy,
}

/// Why a quantifier cannot follow `before`, if it cannot.
const fn repeat(before: Before) -> Option<&'static str> {
    match before {
        Before::Atom => None,
        Before::Nothing => Some(
            "a quantifier must follow what it repeats: nothing to repeat after ^, ( or | (ECMA-262 refuses it)",
        ),
        Before::Quantifier | Before::Lazy => Some(
            "a quantifier applied to a quantifier (a+*, a{2}{3}) is nothing to repeat in ECMA-262: write one quantifier, e.g. a* or a{6}",
        ),
    }
}

/// The index of the `}` closing a well-formed quantifier `{n}`, `{n,}` or `{n,m}` that
/// starts at `open`, if it is one.
const fn quantifier_end(b: &[u8], open: usize, end: usize) -> Option<usize> {
    let mut i = open + 1;
    let mut digits = 0;
    while i < end && b[i].is_ascii_digit() {
        i += 1;
        digits += 1;
    }
    if digits == 0 {
        return None;
    }
    if i < end && b[i] == b',' {
        i += 1;
        while i < end && b[i].is_ascii_digit() {
            i += 1;
        }
    }
    if i < end && b[i] == b'}' {
        Some(i)
    } else {
        None
    }
}

const fn hex_run(b: &[u8], from: usize, len: usize) -> bool {
    if from + len > b.len() {
        return false;
    }
    let mut i = from;
    while i < from + len {
        if !b[i].is_ascii_hexdigit() {
            return false;
        }
        i += 1;
    }
    true
}

/// The one pattern check: trim, cap the length, then match.
pub(crate) fn check_pattern<P: PatternDef>(value: &str) -> Result<String, Issue> {
    let t = trim(value);
    crate::shell::trimmed(value, t);
    // A string of at most MAX_LENGTH bytes has at most MAX_LENGTH chars: count only longer
    // ones.
    if t.len() > P::MAX_LENGTH
        && t.chars().take(P::MAX_LENGTH.saturating_add(1)).count() > P::MAX_LENGTH
    {
        return Err(Issue::new(
            Code::TooLong,
            format!("expected at most {} chars", P::MAX_LENGTH),
        )
        .with_input(Input::from_text(value))
        .with_hint(format!("send a value like \"{}\"", P::EXAMPLE))
        .with_context("maxLength", P::MAX_LENGTH));
    }
    if P::regex().is_match(t) {
        Ok(t.to_owned())
    } else {
        Err(Issue::new(
            Code::PatternMismatch,
            format!("does not match the {} pattern", P::NAME),
        )
        .with_input(Input::from_text(value))
        .with_hint(format!("send a value like \"{}\"", P::EXAMPLE))
        .with_context("pattern", P::SOURCE)
        .with_context("name", P::NAME))
    }
}

/// The shape of a pattern string: a string, checked by [`check_pattern`].
struct PatternScalar<P>(PhantomData<P>);

impl<P: PatternDef> TextShape for PatternScalar<P> {
    type Output = String;
    const EXPECTED: &'static str = "a string";
    const HINT: &'static str = "send a JSON string, e.g. \"text\"";

    fn text(self, text: &str) -> Outcome<String> {
        check_pattern::<P>(text).map_err(IssueBuf::one)
    }

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a string like \"{}\"", P::EXAMPLE)
    }
}

/// Adapter for a string that, trimmed, fully matches the pattern `P`; the trimmed value is
/// the result. On an `Option<String>` field, absent, `null`, `""` and whitespace give `None`.
/// [`Pattern`] is the wrapper type.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, PatternLike};
/// use serde_with::serde_as;
///
/// mcp_coerce::pattern! {
///     pub CardId { name: "card_id", source: r"^ATC-[0-9]{4}-[0-9]{6,}$", example: "ATC-2026-7777670", max_length: 64 }
/// }
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "PatternLike<CardId>")]
///     card_id: String,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"card_id": " ATC-2026-7777670 "}"#)?;
/// assert_eq!(args.card_id, "ATC-2026-7777670");
/// let refused = mcp_coerce::from_str::<Args>(r#"{"card_id": "../../etc/passwd"}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].hint(), r#"send a value like "ATC-2026-7777670""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// `too_long` (before matching), `pattern_mismatch`, `invalid_type`.
#[derive(Clone, Copy, Debug, Default)]
pub struct PatternLike<P>(PhantomData<P>);

impl<'de, P: PatternDef> DeserializeAs<'de, String> for PatternLike<P> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(TextOnly(PatternScalar::<P>(PhantomData))),
        )
    }
}

impl<'de, P: PatternDef> DeserializeAs<'de, Option<String>> for PatternLike<P> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(Optional {
                inner: TextOnly(PatternScalar::<P>(PhantomData)),
                empty_is_none: true,
                null_text_is_none: false,
            }),
        )
    }
}

impl<P> SerializeAs<String> for PatternLike<P> {
    fn serialize_as<S: Serializer>(source: &String, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(source)
    }
}

impl<P> SerializeAs<Option<String>> for PatternLike<P> {
    fn serialize_as<S: Serializer>(
        source: &Option<String>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

/// A string read by [`PatternLike`], as a value: it fully matches `P`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, Pattern};
///
/// mcp_coerce::pattern! {
///     pub Sku { name: "sku", source: r"^[A-Z]{3}-[0-9]{3}$", example: "ABC-123" }
/// }
/// let sku: Pattern<Sku> = serde_json::from_str(r#"" XYZ-001 ""#)?;
/// assert_eq!(sku.into_inner(), "XYZ-001");
/// assert_eq!(Pattern::<Sku>::new("abc".into()).unwrap_err().issues()[0].code(), Code::PatternMismatch);
/// # Ok::<(), serde_json::Error>(())
/// ```
pub struct Pattern<P>(String, PhantomData<P>);

impl<P: PatternDef> Pattern<P> {
    /// `text`, trimmed and checked as [`PatternLike<P>`](PatternLike) checks a string.
    ///
    /// # Errors
    ///
    /// `too_long`, `pattern_mismatch`, in a [`Rejection`](crate::Rejection).
    pub fn new(text: String) -> Result<Self, crate::Rejection> {
        check_pattern::<P>(&text)
            .map(|s| Pattern(s, PhantomData))
            .map_err(|issue| crate::Rejection::new([issue]))
    }
}

wrapper_value!(impl [P] Pattern<P> => String, 0);

impl<P: PatternDef> TryFrom<String> for Pattern<P> {
    type Error = crate::Rejection;
    fn try_from(text: String) -> Result<Self, crate::Rejection> {
        Pattern::new(text)
    }
}

impl<P> Clone for Pattern<P> {
    fn clone(&self) -> Self {
        Pattern(self.0.clone(), PhantomData)
    }
}

impl<P> PartialEq for Pattern<P> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<P> Eq for Pattern<P> {}

impl<P> fmt::Debug for Pattern<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl<'de, P: PatternDef> Deserialize<'de> for Pattern<P> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <PatternLike<P> as DeserializeAs<'de, String>>::deserialize_as(deserializer)
            .map(|s| Pattern(s, PhantomData))
    }
}

impl<P> Serialize for Pattern<P> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::{PortabilityError, check_portable, ecma, portability_problem};

    /// The ECMA-262 engine refuses every stacked quantifier itself (the compile-time rule
    /// only says so earlier), and takes the lazy ones.
    #[test]
    fn the_ecma_engine_refuses_stacked_quantifiers() {
        for stacked in [
            r"^a+*$",
            r"^a**$",
            r"^a?*$",
            r"^a{2}{3}$",
            r"^a*?+$",
            r"^a+??$",
            r"^*a$",
        ] {
            assert!(ecma(stacked).is_err(), "{stacked}");
            assert!(
                matches!(check_portable(stacked), Err(PortabilityError::Rule(_))),
                "{stacked}"
            );
        }
        for lazy in [r"^a+?$", r"^a??$", r"^a{2,}?$", r"^a*?$"] {
            assert_eq!(check_portable(lazy), Ok(()), "{lazy}");
        }
    }

    /// What the rules let through, the engines may still refuse: the verdict is theirs.
    #[test]
    fn the_engines_decide_what_the_rules_let_through() {
        assert!(matches!(
            check_portable(r"^(?<a>x)(?<a>y)$"),
            Err(PortabilityError::Ecma { .. })
        ));
        let err = check_portable(r"^a{2,1}$").unwrap_err();
        assert!(
            matches!(
                err,
                PortabilityError::Ecma { .. } | PortabilityError::Rust(_)
            ),
            "{err:?}"
        );
    }

    #[test]
    fn portable_sources() {
        for ok in [
            r"^ATC-[0-9]{4}-[0-9]{6,}$",
            r"^[A-Za-z0-9_]+$",
            r"^(?:a|b)$",
            r"^(?<year>[0-9]{4})-[0-9]{2}$",
            r"^[a\-z]$",
            r"^\.\*\/$",
            r"^\u00e9\x41$",
            r"^[^,]+$",
            r"^a*?$",
            r"^a+?$",
            r"^a??$",
            r"^a{2,}?$",
            r"^(?:ab)+$",
            r"^[a-z]+[0-9]*$",
            r"^\u0041+$",
            r"^\*+$",
            r"^[*+?]{2}$",
            r"^(?<n>a)?$",
        ] {
            assert_eq!(portability_problem(ok), None, "{ok}");
            assert_eq!(check_portable(ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn non_portable_sources() {
        for bad in [
            r"^a]$",
            r"^a}$",
            r"^[0-9]{4}]$",
            r"^a{$",
            r"^a{,3}$",
            r"^a{x}$",
            r"^a\$",
            r"^\u00e$",
            r"[0-9]+",
            r"^[0-9]+",
            r"[0-9]+$",
            r"^\d+$",
            r"^\w+$",
            r"^\s$",
            r"^\bfoo$",
            r"^a.b$",
            r"^(?i)abc$",
            r"^(?=a)a$",
            r"^(?!a)b$",
            r"^(?<=a)b$",
            r"^(a)\1$",
            r"^a|b$",
            r"^[[:alpha:]]$",
            r"^[a-z&&[^aeiou]]$",
            r"^[]a]$",
            r"^\p{L}$",
            r"^é$",
            r"^\-$",
            r"^(a$",
            r"^a)$",
            r"^[a-z$",
            r"^a$b$",
            r"^\",
            r"^a+*$",
            r"^a**$",
            r"^a?*$",
            r"^a{2}{3}$",
            r"^a*?+$",
            r"^a+??$",
            r"^a{2}*$",
            r"^*a$",
            r"^(*a)$",
            r"^(?:a|+b)$",
            r"^(?:*)$",
        ] {
            assert!(portability_problem(bad).is_some(), "{bad}");
        }
    }
}

json_schema_as!(
    impl [P: PatternDef] PatternLike<P> => [String, Option<String>],
    name = format!("Pattern_{}", P::NAME),
    schema = schema_of::<P>(),
);

json_schema_for!(
    impl [P: PatternDef] Pattern<P>,
    name = format!("Pattern_{}", P::NAME),
    schema = schema_of::<P>(),
);

/// `{"type": "string", "pattern", "maxLength"}`: the very source the runtime matches.
#[cfg(feature = "schemars")]
fn schema_of<P: PatternDef>() -> schemars::Schema {
    crate::schema::schema(serde_json::json!({
        "type": "string",
        "pattern": P::SOURCE,
        "maxLength": P::MAX_LENGTH,
    }))
}
