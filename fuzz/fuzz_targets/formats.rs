//! The format rules on any text: each marker (and policy) never panics; a value it accepts
//! is canonical text that reads back to itself and satisfies the published `format` as
//! `jsonschema` checks it with format assertions on; and the schema engine, reading the
//! same text against that `format`, accepts exactly what the marker accepts, keeping a
//! value valid as sent and otherwise writing the marker's canonical text.
#![no_main]

use std::net::IpAddr;
use std::sync::LazyLock;

use libfuzzer_sys::{Corpus, fuzz_target};
use mcp_coerce::coercer::Coercer;
use mcp_coerce::{AssumeUtc, DateLike, DateTimeLike, EmailLike, EpochMillis, IpLike, UuidLike};
use mcp_coerce_fuzz::MAX_INPUT;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use serde_with::serde_as;

/// One field per marker, each read from the same text.
macro_rules! one_field {
    ($name:ident, $marker:literal, $target:ty) => {
        #[serde_as]
        #[derive(Deserialize, Serialize)]
        struct $name {
            #[serde_as(as = $marker)]
            v: $target,
        }
    };
}

one_field!(DateTimeStrict, "DateTimeLike", String);
one_field!(DateTimeUtc, "DateTimeLike<AssumeUtc>", String);
one_field!(DateTimeMillis, "DateTimeLike<EpochMillis>", String);
one_field!(Date, "DateLike", String);
one_field!(Uuid, "UuidLike", String);
one_field!(Email, "EmailLike", String);
one_field!(Ip, "IpLike", IpAddr);

/// The validators of each published `format`, assertions on.
static FORMATS: LazyLock<Vec<(&'static str, jsonschema::Validator)>> = LazyLock::new(|| {
    ["date-time", "date", "uuid", "email", "ipv4", "ipv6"]
        .into_iter()
        .map(|f| {
            let schema = json!({"type": "string", "format": f});
            let v = jsonschema::options()
                .should_validate_formats(true)
                .build(&schema)
                .expect("a format schema compiles");
            (f, v)
        })
        .collect()
});

/// The schema engine on `{"v": {"type": "string", "format": F}}` for each format.
static ENGINES: LazyLock<Vec<(&'static str, Coercer)>> = LazyLock::new(|| {
    ["date-time", "date", "uuid", "email"]
        .into_iter()
        .map(|f| {
            let schema = json!({
                "type": "object",
                "properties": {"v": {"type": "string", "format": f}},
                "required": ["v"]
            });
            (f, Coercer::compile(&schema).expect("a format schema compiles"))
        })
        .collect()
});

fn valid(format: &str, text: &str) -> bool {
    FORMATS
        .iter()
        .find(|(f, _)| *f == format)
        .is_some_and(|(_, v)| v.is_valid(&Value::String(text.to_owned())))
}

/// Read `call` by `T`; on success check the canonical text and return it.
fn read<T: for<'de> Deserialize<'de> + Serialize>(call: &Value, formats: &[&str]) -> Option<String> {
    let value: T = mcp_coerce::from_value(call.clone()).ok()?;
    let out = serde_json::to_value(&value).expect("a read value serializes");
    let text = out["v"].as_str().expect("written as text").to_owned();
    assert!(
        formats.iter().any(|f| valid(f, &text)),
        "canonical {text:?} fails the published format {formats:?}"
    );
    let again: T = mcp_coerce::from_value(json!({"v": text})).expect("canonical text reads back");
    let again = serde_json::to_value(&again).expect("serializes");
    assert_eq!(again["v"], Value::String(text.clone()), "canonical text is stable");
    Some(text)
}

fuzz_target!(|data: &[u8]| -> Corpus {
    if data.len() > MAX_INPUT {
        return Corpus::Reject;
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return Corpus::Reject;
    };
    let call = json!({"v": text});
    let typed = [
        ("date-time", read::<DateTimeStrict>(&call, &["date-time"])),
        ("date", read::<Date>(&call, &["date"])),
        ("uuid", read::<Uuid>(&call, &["uuid"])),
        ("email", read::<Email>(&call, &["email"])),
    ];
    read::<DateTimeUtc>(&call, &["date-time"]);
    read::<DateTimeMillis>(&call, &["date-time"]);
    read::<Ip>(&call, &["ipv4", "ipv6"]);
    // The schema route: the same verdict, and the value as sent or the canonical text.
    for ((format, canonical), (_, engine)) in typed.iter().zip(ENGINES.iter()) {
        match (engine.coerce(call.clone()), canonical) {
            (Ok(out), Some(canonical)) => {
                let got = out["v"].as_str().expect("a string").to_owned();
                assert!(
                    got == *canonical || (got == text && valid(format, text)),
                    "{format}: the schema route wrote {got:?}, the marker {canonical:?}"
                );
            }
            (Err(_), None) => {}
            (Ok(out), None) => panic!("{format}: only the schema route accepts {text:?}: {out}"),
            (Err(r), Some(c)) => panic!("{format}: only the marker accepts {text:?} (as {c:?}): {r}"),
        }
    }
    Corpus::Keep
});
