//! The wording every message and hint shares: counted nouns ("1 item", "3 items"), echoes
//! of input cut to [`INPUT_ECHO_CHARS`], and lists of allowed values.

// Defined here, at the bottom of the crate's layers, beside the wording that cuts to it;
// the issue model re-exports it.
/// At most this many chars of an input are echoed in an issue (then `…` is appended).
pub const INPUT_ECHO_CHARS: usize = 64;

/// `text` without Unicode White_Space and U+FEFF at its edges: the one trim rule, the set the
/// published edge pattern refuses.
#[inline]
pub(crate) fn trim(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
}

/// `n` and the noun, plural unless `n` is 1: `"1 item"`, `"3 items"`, `"0 chars"`.
pub(crate) fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", plural(n))
}

/// The plural ending for a count of `n`: `""` for 1, `"s"` otherwise.
pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `text` cut to [`INPUT_ECHO_CHARS`] chars, with `…` appended when cut.
pub(crate) fn truncate(text: &str) -> String {
    truncate_to(text, INPUT_ECHO_CHARS)
}

/// `text` cut to `max` chars, with `…` appended when cut.
pub(crate) fn truncate_to(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_owned(),
        Some((cut, _)) => {
            let mut short = String::with_capacity(cut + 3);
            short.push_str(&text[..cut]);
            short.push('…');
            short
        }
    }
}

/// `chars` as one line: whitespace and control runs collapsed, edges trimmed, cut to `max`.
pub(crate) fn one_line(chars: impl IntoIterator<Item = char>, max: usize) -> String {
    let mut out = String::new();
    let mut count = 0;
    let mut pending_space = false;
    for c in chars {
        if c.is_whitespace() || c.is_control() {
            pending_space = count > 0;
            continue;
        }
        if count + usize::from(pending_space) >= max {
            out.push('…');
            return out;
        }
        if pending_space {
            out.push(' ');
            count += 1;
            pending_space = false;
        }
        out.push(c);
        count += 1;
    }
    out
}

/// The hint listing the allowed values, each quoted: `send one of: "a", "b"`.
pub(crate) fn one_of_hint(allowed: &[&str]) -> String {
    let mut hint = String::from("send one of: ");
    for (n, value) in allowed.iter().enumerate() {
        if n > 0 {
            hint.push_str(", ");
        }
        hint.push('"');
        hint.push_str(value);
        hint.push('"');
    }
    hint
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(count(0, "item"), "0 items");
        assert_eq!(count(1, "item"), "1 item");
        assert_eq!(count(3, "char"), "3 chars");
    }

    #[test]
    fn cuts() {
        assert_eq!(truncate("short"), "short");
        let cut = truncate(&"é".repeat(100));
        assert_eq!(cut.chars().count(), INPUT_ECHO_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(truncate(&"x".repeat(INPUT_ECHO_CHARS)).chars().count(), 64);
    }

    #[test]
    fn lists() {
        assert_eq!(one_of_hint(&["a", "b"]), r#"send one of: "a", "b""#);
        assert_eq!(one_of_hint(&[]), "send one of: ");
    }
}
