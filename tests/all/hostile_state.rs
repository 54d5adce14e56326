//! Hostile regression cases for the collecting machinery's thread-local state and for
//! `from_str`/`from_value` agreeing with each other.
//!
//! The entry points tell the crate's adapters that they are driven by the collecting
//! deserializer through a thread-local token, set right before a visitor is called. A
//! visitor that does not take it (a user's visitor, serde's map visitor) leaves it set
//! while it runs, and the next adapter to run on *any* deserializer takes it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use mcp_coerce::{BoolLike, Code, Enum, IntLike, Rejection};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::json;
use serde_with::serde_as;

fn found(rejection: &Rejection) -> Vec<(Code, String)> {
    rejection
        .issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect()
}

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Confirm {
    #[serde_as(as = "BoolLike")]
    confirm: bool,
}

thread_local! {
    /// What the nested entry point answered, as seen inside the visitor.
    static INNER: RefCell<Option<Result<Confirm, Rejection>>> = const { RefCell::new(None) };
}

/// A field holding JSON-encoded arguments, read with the crate's entry point from inside a
/// visitor (the shape serde_with's `JsonString` has too).
#[derive(Debug)]
struct Encoded;

impl<'de> Deserialize<'de> for Encoded {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Encoded;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("JSON text")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Encoded, E> {
                let inner = mcp_coerce::from_str::<Confirm>(text);
                INNER.with(|slot| *slot.borrow_mut() = Some(inner));
                Ok(Encoded)
            }
        }
        d.deserialize_str(V)
    }
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Outer {
    payload: Encoded,
}

/// The inner `from_str` refuses `"maybe"` with `bool_parsing` at `/confirm`, as it does on
/// its own, and the outer call, every value of which is acceptable, is accepted. The risk:
/// the inner fast path through serde_json taking the outer call's token, so that the
/// `BoolLike` adapter records its issue into the *outer* call (at `/payload`) and hands the
/// inner call a placeholder `false`, which it would accept.
#[test]
fn an_entry_point_inside_a_visitor_refuses_as_it_does_on_its_own() {
    let alone = mcp_coerce::from_str::<Confirm>(r#"{"confirm": "maybe"}"#).unwrap_err();
    assert_eq!(found(&alone), [(Code::BoolParsing, "/confirm".to_owned())]);

    let outer = mcp_coerce::from_value::<Outer>(json!({"payload": r#"{"confirm": "maybe"}"#}));
    let inner = INNER
        .with(|slot| slot.borrow_mut().take())
        .expect("the visitor ran");
    match inner {
        Ok(value) => panic!("the nested call accepted \"maybe\" as {value:?}"),
        Err(rejection) => assert_eq!(found(&rejection), found(&alone)),
    }
    assert!(
        outer.is_ok(),
        "the outer call got the nested call's issue: {:?}",
        outer.map(|_| ()).map_err(|r| found(&r))
    );
}

#[derive(Deserialize, Serialize, Debug, PartialEq, Eq, Hash, Clone, Copy)]
enum Color {
    Red,
    DarkBlue,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Palette {
    weights: HashMap<Enum<Color>, u32>,
}

/// A bad key alone is `enum_unknown` at the key's own path, `/weights/purple`: the key's
/// adapter must not take the token set for the map's visitor and record its issue as the
/// map's own (at `/weights`, without the key's segment).
#[test]
fn a_bad_lenient_map_key_is_reported_at_its_key() {
    let rejection =
        mcp_coerce::from_value::<Palette>(json!({"weights": {"purple": 2}})).unwrap_err();
    assert_eq!(
        found(&rejection),
        [(Code::EnumUnknown, "/weights/purple".to_owned())]
    );
}

/// A good key first, then a bad one: the bad key keeps its code, `enum_unknown` at
/// `/weights/purple`, although the good key ran an adapter before it (a token used up by
/// the good key would leave the bad one a `custom` "unknown value (enum_unknown)").
#[test]
fn a_bad_lenient_map_key_after_a_good_one_keeps_its_code() {
    let rejection = mcp_coerce::from_value::<Palette>(json!({
        "weights": {"dark-blue": 1, "purple": 2}
    }))
    .unwrap_err();
    assert_eq!(
        found(&rejection),
        [(Code::EnumUnknown, "/weights/purple".to_owned())]
    );
}

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Ledger {
    total: u128,
    #[serde_as(as = "IntLike")]
    page: u32,
}

/// `from_str` accepts a plain `u128` past `u64::MAX` exactly (serde_json reads it as an
/// integer), but once another field is refused the call is read again through a `Value`,
/// where the number is an `f64` and its exact value is gone. The rule (documented on
/// `from_slice`): the second reading cannot know the exact value, so it reports
/// `int_overflow` with the hint to send large integers as strings (which `IntLike` reads
/// exactly), rather than pretend the number was fine or call it the wrong type
/// (`invalid_type`).
#[test]
fn a_u128_past_u64_in_a_refused_call_is_reported_as_inexact() {
    let ok: Ledger = mcp_coerce::from_str(r#"{"total": 18446744073709551616, "page": 1}"#).unwrap();
    assert_eq!(ok.total, 18_446_744_073_709_551_616);

    let rejection =
        mcp_coerce::from_str::<Ledger>(r#"{"total": 18446744073709551616, "page": "x"}"#)
            .unwrap_err();
    let mut got = found(&rejection);
    got.sort();
    assert_eq!(
        got,
        [
            (Code::IntParsing, "/page".to_owned()),
            (Code::IntOverflow, "/total".to_owned())
        ]
    );
    let total = rejection
        .issues()
        .iter()
        .find(|i| i.path().to_string() == "/total")
        .unwrap();
    assert!(total.hint().contains("as strings"), "{}", total.hint());
}
