//! Plain serde against the entry point: where `serde_json` reads the call into [`Plain`]
//! (the same field types, no adapters), `from_slice` reads it into [`Lax`] (the adapters,
//! without bounds of their own) and gives the same value, except where the docs say an
//! adapter refuses or rewrites a value plain serde keeps.
#![no_main]

use libfuzzer_sys::{Corpus, fuzz_target};
use mcp_coerce_fuzz::{
    MAX_INPUT,
    args::{Lax, Plain},
    dup::has_duplicate_keys,
    pairs,
};
use serde_json::Value;

fuzz_target!(|data: &[u8]| -> Corpus {
    if data.len() > MAX_INPUT {
        return Corpus::Reject;
    }
    // A repeated key: plain serde refuses it in a struct and keeps the last in a map; the
    // crate's text routes refuse it (`duplicate_key`): skipped.
    if has_duplicate_keys(data) != Some(false) {
        return Corpus::Reject;
    }
    // Arguments that are not an object: plain serde reads a struct from a JSON array too,
    // the entry points take an object only (docs/contract.md, "Arguments as a whole").
    let Ok(call @ Value::Object(_)) = serde_json::from_slice::<Value>(data) else {
        return Corpus::Reject;
    };
    let Ok(plain) = serde_json::from_slice::<Plain>(data) else {
        return Corpus::Keep;
    };
    let lax = match mcp_coerce::from_slice::<Lax>(data) {
        Ok(lax) => lax,
        Err(rejection) => {
            let unexplained: Vec<_> = pairs(&rejection)
                .into_iter()
                .filter(|(code, path)| !documented_refusal(code, path, &call))
                .collect();
            assert!(
                unexplained.is_empty(),
                "plain serde accepts, the entry point refuses: {unexplained:?}"
            );
            return Corpus::Keep;
        }
    };

    // The same value, field by field; `ticket` and `url` as the docs say they change.
    let mut p = serde_json::to_value(&plain).expect("Plain serializes");
    let mut l = serde_json::to_value(&lax).expect("Lax serializes");
    let (p_ticket, l_ticket) = (take(&mut p, "ticket"), take(&mut l, "ticket"));
    let (p_url, l_url) = (take(&mut p, "url"), take(&mut l, "url"));
    assert_eq!(
        p, l,
        "plain serde and the entry point read different values"
    );
    // A pattern string is trimmed (White_Space and U+FEFF), and `""` (blank) is absent for
    // an optional field that is not a free string (docs/contract.md, "Scalars" PatternLike;
    // "Optional fields").
    let trimmed = p_ticket
        .as_ref()
        .and_then(Value::as_str)
        .map(trim)
        .filter(|t| !t.is_empty())
        .map(|t| Value::String(t.to_owned()));
    assert_eq!(l_ticket, trimmed, "ticket");
    // A URL is normalized (docs/contract.md, "Scalars" UrlLike); blank is absent.
    let blank = p_url
        .as_ref()
        .and_then(Value::as_str)
        .is_some_and(|u| trim(u).is_empty());
    assert_eq!(l_url.is_some(), p_url.is_some() && !blank, "url");
    Corpus::Keep
});

/// The crate's trimming (docs/contract.md: "Trimming" means Unicode White_Space; trimmed
/// strings, pattern strings and URLs also trim U+FEFF).
fn trim(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
}

fn take(value: &mut Value, key: &str) -> Option<Value> {
    value.as_object_mut().and_then(|o| o.remove(key))
}

/// A refusal the docs give for a value plain serde keeps.
fn documented_refusal(code: &str, path: &str, call: &Value) -> bool {
    match path {
        // PatternLike: the trimmed value must match, within its length cap; `"null"` is
        // refused unless it matches (docs/contract.md, "Scalars", "Optional fields").
        "/ticket" => matches!(code, "pattern_mismatch" | "too_long"),
        // UrlLike: an absolute URL the policy allows (docs/contract.md, "Scalars").
        "/url" => matches!(code, "url_invalid" | "url_forbidden" | "too_long"),
        // SafeObjectLike: forbidden keys at any depth, nesting past MAX_DEPTH
        // (docs/contract.md, "Scalars").
        p if p.starts_with("/extra") => matches!(code, "forbidden_key" | "too_deep"),
        // JsonObjectLike takes an object (or a string holding one); plain serde also reads
        // a struct from a JSON array (docs/contract.md, "Scalars": `[]` is invalid_type).
        "/filter" => code == "invalid_type" && call["filter"].is_array(),
        _ => false,
    }
}
