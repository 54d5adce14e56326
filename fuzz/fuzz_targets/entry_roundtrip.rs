//! The entry points over [`Args`] (every adapter family): an accepted call, serialized
//! back, is accepted again with the same value; so is its canonical form, on the text
//! route and on the `Value` route. `from_str` and `from_slice` agree.
#![no_main]

use libfuzzer_sys::{Corpus, fuzz_target};
use mcp_coerce_fuzz::{MAX_INPUT, args::Args, pairs};
use serde_json::Value;

fuzz_target!(|data: &[u8]| -> Corpus {
    if data.len() > MAX_INPUT {
        return Corpus::Reject;
    }
    let sliced = mcp_coerce::from_slice::<Args>(data);
    if let Ok(text) = std::str::from_utf8(data) {
        let stringed = mcp_coerce::from_str::<Args>(text);
        match (&sliced, &stringed) {
            (Ok(a), Ok(b)) => assert_eq!(a.canonical_text(), b.canonical_text()),
            (Err(a), Err(b)) => assert_eq!(pairs(a), pairs(b)),
            _ => panic!("from_str and from_slice disagree"),
        }
    }
    let Ok(args) = sliced else {
        return Corpus::Keep;
    };
    let canonical = args.canonical_text();

    // The crate's own serialization, read back. An integer of `big` past `i64`/`u64` is
    // serialized as a native number, which the text route reads as an `f64` and refuses
    // (docs/contract.md, "Integer arrays", last row): the canonical form below writes it
    // as a string instead.
    let own = serde_json::to_string(&args).expect("Args serializes");
    if args
        .big
        .as_ref()
        .is_none_or(|b| b.iter().all(|&n| mcp_coerce_fuzz::args::fits_value(n)))
    {
        match mcp_coerce::from_str::<Args>(&own) {
            Ok(again) => assert_eq!(again.canonical_text(), canonical, "serialized back: {own}"),
            Err(r) => panic!("serialized back, refused: {own}: {:?}", pairs(&r)),
        }
    }

    // The canonical form, on the text route.
    match mcp_coerce::from_str::<Args>(&canonical) {
        Ok(again) => assert_eq!(again.canonical_text(), canonical, "canonical form changed"),
        Err(r) => panic!("canonical form refused: {canonical}: {:?}", pairs(&r)),
    }

    // And on the `Value` route, which holds an integer past `u64` as an `f64`: a plain
    // `u128` holding one is read exactly from text only (from_slice's docs, src/entry.rs).
    if args.plain_big.is_none_or(|n| u64::try_from(n).is_ok()) {
        let value: Value = serde_json::from_str(&canonical).expect("canonical text is JSON");
        match mcp_coerce::from_value::<Args>(value) {
            Ok(again) => assert_eq!(again.canonical_text(), canonical, "Value route changed it"),
            Err(r) => panic!(
                "canonical form refused on the Value route: {canonical}: {:?}",
                pairs(&r)
            ),
        }
    }
    Corpus::Keep
});
