//! `pattern` and `patternProperties` as ECMA-262 reads them, matched in bounded time.
//!
//! A source `regress` (ECMA-262, `u` flag) refuses is skipped with a warning; else it is
//! translated by `jsonschema-regex` and matched by `regex` (linear), by leading lookaheads
//! split into patterns of their own, or by `fancy-regex` within [`BACKTRACK_LIMIT`] steps
//! (docs/contract.md, "Coercion against a JSON Schema"). A source neither engine compiles is
//! skipped with a warning.

use std::fmt;

/// Backtracking steps one match of a pattern with lookaround or backreferences may take.
pub(crate) const BACKTRACK_LIMIT: usize = 100_000;

#[derive(Clone)]
pub(crate) struct Pattern {
    source: Box<str>,
    engine: Engine,
}

#[derive(Clone)]
enum Engine {
    Linear(regex::Regex),
    Backtracking(fancy_regex::Regex),
    /// Leading lookaheads and the rest, each a pattern of its own: all must match.
    Every(Vec<Pattern>),
}

/// A match that could not be completed within [`BACKTRACK_LIMIT`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Exhausted;

impl Pattern {
    /// The pattern of `source`, or why it is skipped.
    pub(crate) fn compile(source: &str) -> Result<Pattern, String> {
        if let Err(e) = regress::Regex::with_flags(source, "u") {
            return Err(format!("not an ECMA-262 regular expression: {e}"));
        }
        if let Some(parts) = jsonschema_regex::split_leading_lookaheads(source) {
            let parts = parts
                .iter()
                .map(|part| Pattern::compile(part))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Pattern {
                source: source.into(),
                engine: Engine::Every(parts),
            });
        }
        let translated = jsonschema_regex::to_rust_regex(source)
            .map_err(|()| "an ECMA-262 construct with no Rust equivalent".to_owned())?;
        if let Ok(regex) = regex::RegexBuilder::new(&translated)
            .size_limit(1 << 21)
            .build()
        {
            return Ok(Pattern {
                source: source.into(),
                engine: Engine::Linear(regex),
            });
        }
        let fancy = fancy_regex::RegexBuilder::new(&translated)
            .backtrack_limit(BACKTRACK_LIMIT)
            .delegate_size_limit(1 << 21)
            .build()
            .map_err(|e| format!("not readable by the backtracking engine: {e}"))?;
        Ok(Pattern {
            source: source.into(),
            engine: Engine::Backtracking(fancy),
        })
    }

    /// Whether `text` has a match anywhere (patterns are not anchored), or [`Exhausted`].
    pub(crate) fn is_match(&self, text: &str) -> Result<bool, Exhausted> {
        match &self.engine {
            Engine::Linear(regex) => Ok(regex.is_match(text)),
            Engine::Backtracking(regex) => regex.is_match(text).map_err(|_| Exhausted),
            Engine::Every(parts) => {
                for part in parts {
                    if !part.is_match(text)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
        }
    }

    /// The source as the schema wrote it.
    pub(crate) fn source(&self) -> &str {
        &self.source
    }
}

impl fmt::Debug for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Pattern").field(&self.source).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ecma_classes() {
        let digits = Pattern::compile(r"^\d+$").expect("compiles");
        assert_eq!(digits.is_match("123"), Ok(true));
        // ECMA-262's \d is ASCII only.
        assert_eq!(digits.is_match("١٢"), Ok(false));
        let unanchored = Pattern::compile("b").expect("compiles");
        assert_eq!(unanchored.is_match("abc"), Ok(true));
        let dot = Pattern::compile("^.$").expect("compiles");
        assert_eq!(dot.is_match("\n"), Ok(false));
    }

    #[test]
    fn lookaround_backtracks_within_a_limit() {
        let p = Pattern::compile("^(?!.*secret).*$").expect("compiles");
        assert_eq!(p.is_match("public"), Ok(true));
        assert_eq!(p.is_match("my secret"), Ok(false));
        // A quantified alternation before a backreference: exponential for a backtracking
        // engine; stopped at the step limit in milliseconds.
        let catastrophic = Pattern::compile(r"^(a|a)+\1$").expect("compiles");
        assert_eq!(
            catastrophic.is_match(&format!("{}!", "a".repeat(40))),
            Err(Exhausted)
        );
    }

    #[test]
    fn unreadable_sources_are_refused() {
        assert!(Pattern::compile("(?P<name>x)").is_err());
        assert!(Pattern::compile(r"\A").is_err());
        assert!(Pattern::compile("a**").is_err());
        assert!(Pattern::compile("[").is_err());
    }
}
