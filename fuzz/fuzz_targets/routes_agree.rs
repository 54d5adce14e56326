//! The two routes, `from_slice` (text) and `from_value` (the `Value` parsed from the same
//! text), agree on the value and on the list of `(code, path)` issues, for every input
//! without a repeated key, except where the docs list a difference.
#![no_main]

use libfuzzer_sys::{Corpus, fuzz_target};
use mcp_coerce_fuzz::{MAX_INPUT, args::Args, dup::has_duplicate_keys, pairs};
use serde_json::Value;

fuzz_target!(|data: &[u8]| -> Corpus {
    if data.len() > MAX_INPUT {
        return Corpus::Reject;
    }
    // A repeated key is refused on the text routes (`duplicate_key`) and cannot be held
    // by a `Value`: skipped.
    match has_duplicate_keys(data) {
        Some(false) => {}
        Some(true) | None => return Corpus::Reject,
    }
    let Ok(value) = serde_json::from_slice::<Value>(data) else {
        return Corpus::Reject;
    };
    // Documented: a finite number past `f32`'s range is refused on the text route
    // (`not_finite`), as `serde_json::from_str` refuses it, and is infinity on the `Value`
    // route, as in `serde_json::from_value` (from_str's docs, src/entry.rs: "The engine's
    // reading follows serde_json::from_str where it and from_value differ (an f32 past its
    // range is refused)"). The `f64` halfway between `f32::MAX` and 2^128 reads as
    // `f32::MAX` on the text route and as infinity on the `Value` route: skipped.
    let ratio = value.get("plain_ratio").and_then(Value::as_f64);
    if ratio.is_some_and(|f| f.abs() == 3.402_823_567_797_336_6e38) {
        return Corpus::Reject;
    }
    let f32_past_range = ratio.is_some_and(|f| f.is_finite() && (f as f32).is_infinite());
    let f32_issue = ("not_finite".to_owned(), "/plain_ratio".to_owned());
    let text_pairs = |r: &mcp_coerce::Rejection| {
        let mut p = pairs(r);
        if f32_past_range {
            p.retain(|issue| *issue != f32_issue);
        }
        p
    };
    let sliced = mcp_coerce::from_slice::<Args>(data);
    let valued = mcp_coerce::from_value::<Args>(value.clone());
    match (&sliced, &valued) {
        (Ok(a), Ok(b)) => assert_eq!(a.canonical_text(), b.canonical_text(), "values differ"),
        (Err(a), Err(b)) => {
            assert_eq!(text_pairs(a), pairs(b), "issues differ");
            if !f32_past_range {
                assert_eq!(a.total(), b.total(), "issue counts differ");
            }
        }
        (Err(a), Ok(_)) if f32_past_range && text_pairs(a).is_empty() => {}
        (Ok(a), Err(b)) => {
            // Documented: a refused call is read through a `serde_json::Value`, which
            // holds an integer past the `u64` range as an `f64`; a plain `u128` field
            // holding one is accepted exactly in a valid call on the text route, and is
            // `int_overflow` on the `Value` route (from_slice's docs, src/entry.rs).
            let past_u64 = a.plain_big.is_some_and(|n| u64::try_from(n).is_err());
            let only_that = pairs(b)
                .iter()
                .all(|(code, path)| code == "int_overflow" && path == "/plain_big");
            assert!(
                past_u64 && only_that,
                "text route accepts, Value route refuses: {:?}",
                pairs(b)
            );
        }
        (Err(a), Ok(_)) => panic!("text route refuses, Value route accepts: {:?}", pairs(a)),
    }
    Corpus::Keep
});
