//! Enum values: exact, then folded (`"ai-ml"` for `"AI/ML"`), else `enum_unknown` with the
//! allowed values and, where one is close, "did you mean".
#![cfg_attr(not(feature = "coercer"), allow(dead_code, unused_imports))]

use serde_json::Value;

use crate::issue::{Code, Input, Issue};
use crate::rules::fold;

/// How far (in edits, on folded forms) a value may be from an allowed one to be suggested.
pub(crate) const SUGGESTION_DISTANCE: usize = 2;

/// The one name within [`SUGGESTION_DISTANCE`] folded edits of `sent`; none on a tie.
pub(crate) fn suggestion<'a>(
    names: impl IntoIterator<Item = &'a str>,
    sent: &str,
) -> Option<&'a str> {
    // Folded input longer than any name plus the limit cannot be within the limit.
    let sent: Vec<char> = fold::folded(sent).take(256).collect();
    let mut best: Option<(usize, &'a str)> = None;
    let mut tied = false;
    for name in names {
        let folded: Vec<char> = fold::folded(name).collect();
        let Some(d) = fold::distance_within(&sent, &folded, SUGGESTION_DISTANCE) else {
            continue;
        };
        match best {
            Some((nearest, _)) if nearest < d => {}
            Some((nearest, other)) if nearest == d => tied |= other != name,
            _ => {
                best = Some((d, name));
                tied = false;
            }
        }
    }
    best.filter(|_| !tied).map(|(_, name)| name)
}

/// `enum_unknown`: `input` is none of `allowed`; `sent`, a string's text, for the suggestion.
#[cold]
pub(crate) fn unknown(allowed: &[Value], sent: Option<&str>, input: Input) -> Issue {
    let names: Vec<&str> = allowed.iter().filter_map(Value::as_str).collect();
    let issue = Issue::new(Code::EnumUnknown, "unknown value")
        .with_input(input)
        .with_context("allowed", Value::Array(allowed.to_vec()));
    let near = sent.and_then(|sent| suggestion(names.iter().copied(), sent));
    match near {
        Some(name) => issue
            .with_hint(format!("did you mean \"{name}\"?"))
            .with_context("did_you_mean", name),
        None if names.len() == allowed.len() => issue.with_hint(crate::words::one_of_hint(&names)),
        None => issue.with_hint(format!(
            "send one of: {}",
            crate::words::truncate_to(
                &allowed
                    .iter()
                    .map(Value::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                512
            )
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::suggestion;

    #[test]
    fn nearest_names_one_or_none() {
        let near = |sent: &str, names: &[&'static str]| suggestion(names.iter().copied(), sent);
        assert_eq!(near("dsc", &["asc", "desc"]), None);
        assert_eq!(near("descc", &["asc", "desc"]), Some("desc"));
        assert_eq!(near("ac", &["asc", "desc"]), Some("asc"));
        // The nearer of two within the limit, whichever comes first.
        assert_eq!(near("devop", &["dev", "devops"]), Some("devops"));
        assert_eq!(near("xyz", &["asc", "desc"]), None);
        // Two names that fold alike tie at distance 0.
        assert_eq!(near("ab", &["a-b", "a_b"]), None);
        assert_eq!(near("ab", &["a-b", "a-b"]), Some("a-b"));
    }
}
