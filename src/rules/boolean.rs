//! Booleans: the closed token table.

use crate::issue::{Code, Input, Issue};

/// The boolean a token stands for, if it is one (compared case-insensitively, trimmed).
pub(crate) fn from_str(text: &str) -> Option<bool> {
    const TRUE: [&str; 4] = ["true", "1", "yes", "on"];
    const FALSE: [&str; 4] = ["false", "0", "no", "off"];
    let t = text.trim();
    if TRUE.iter().any(|token| t.eq_ignore_ascii_case(token)) {
        Some(true)
    } else if FALSE.iter().any(|token| t.eq_ignore_ascii_case(token)) {
        Some(false)
    } else {
        None
    }
}

/// `bool_parsing`, for `input` as it arrived.
#[cold]
pub(crate) fn issue(input: Input) -> Issue {
    Issue::new(Code::BoolParsing, "expected a boolean")
        .with_input(input)
        .with_hint("send true or false, e.g. true")
}

#[cfg(test)]
mod tests {
    use super::from_str;

    #[test]
    fn token_table() {
        for t in ["true", "TRUE", " True ", "1", "yes", "YES", "on", "On"] {
            assert_eq!(from_str(t), Some(true), "{t:?}");
        }
        for t in ["false", "FALSE", " False ", "0", "no", "NO", "off", "OFF"] {
            assert_eq!(from_str(t), Some(false), "{t:?}");
        }
        for t in ["", "maybe", "t", "f", "y", "n", "2", "1.0", "truee", "nope"] {
            assert_eq!(from_str(t), None, "{t:?}");
        }
    }
}
