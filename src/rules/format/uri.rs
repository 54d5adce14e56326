//! `uri` (schema route): an absolute URI as RFC 3986 writes it, kept as sent, trimmed. The
//! grammar is the `fluent-uri` crate's; no host policy applies (the typed `UrlLike` keeps
//! its own).

use super::{Format, invalid};
use crate::issue::Issue;
use crate::words;

/// Read an absolute URI and whether it was valid as sent, or `format_invalid`.
pub(crate) fn read(text: &str) -> Result<(&str, bool), Issue> {
    let t = words::trim(text);
    if fluent_uri::Uri::parse(t).is_ok() {
        Ok((t, t.len() == text.len()))
    } else {
        Err(invalid(
            Format::Uri,
            text,
            "expected an absolute URI (RFC 3986)",
            "send an absolute URI with its scheme, e.g. https://example.com/a, with spaces and other reserved chars %-encoded",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        assert_eq!(
            read("https://example.com/a?b#c").ok(),
            Some(("https://example.com/a?b#c", true))
        );
        assert_eq!(
            read(" urn:isbn:0451450523 ").ok(),
            Some(("urn:isbn:0451450523", false))
        );
        assert_eq!(
            read("mailto:ann@example.com").ok(),
            Some(("mailto:ann@example.com", true))
        );
        for t in [
            "",
            "/relative",
            "example.com",
            "https://exa mple.com",
            "https://example.com/\\x",
            "//host/a",
        ] {
            assert!(read(t).is_err(), "{t:?}");
        }
    }
}
