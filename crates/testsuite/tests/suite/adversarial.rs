//! The adversarial table: hostile inputs, each with its exact outcome and a bound on the
//! work it causes, counted as allocations (a deterministic count; wall-clock time is never
//! asserted). Rows: huge comma strings, a million empty pieces, 10,000-digit numbers per
//! adapter, lone surrogates, NUL, the byte-order mark, bidi and zero-width chars around
//! ids, `__proto__` 50 levels down inside two layers of string encoding, IP-literal and
//! internationalized-name spellings of internal hosts, a backtracking-prone pattern on a
//! megabyte, 100,000 levels of nesting inside a string, a million unknown fields, and
//! repeated keys in bulk.

use crate::counting;

use std::cell::Cell;

use counting::ALLOCATIONS;
use mcp_coerce::{
    Code, IntArrayLike, IntLike, JsonObjectLike, NumberLike, PatternLike, SafeObjectLike,
    StringArrayLike, UrlLike,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use serde_with::serde_as;

/// Allocations (reallocations included) made by `route`, and what it returned.
fn allocations<R>(route: impl FnOnce() -> R) -> (u64, R) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = route();
    (ALLOCATIONS.with(Cell::get) - before, out)
}

mcp_coerce::pattern! {
    CardId {
        name: "card_id",
        source: r"^ATC-[0-9]{4}-[0-9]{6,}$",
        example: "ATC-2026-7777670",
        max_length: 64,
    }
}

mcp_coerce::pattern! {
    /// Nested quantifiers, the classic catastrophic-backtracking pattern; the `regex` crate
    /// matches in linear time.
    Nested {
        name: "nested",
        source: r"^(a+)+$",
        example: "aaa",
        max_length: 2_000_000,
    }
}

/// One field per adapter family the rows aim at, each optional so a row sends one.
#[serde_as]
#[derive(Deserialize, Serialize, Debug)]
struct Args {
    #[serde_as(as = "Option<IntArrayLike>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ids: Option<Vec<i64>>,
    #[serde_as(as = "Option<StringArrayLike>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tags: Option<Vec<String>>,
    #[serde_as(as = "Option<IntLike>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    n: Option<i64>,
    #[serde_as(as = "Option<NumberLike>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    x: Option<f64>,
    #[serde_as(as = "Option<PatternLike<CardId>>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    card: Option<String>,
    #[serde_as(as = "Option<PatternLike<Nested>>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nested: Option<String>,
    #[serde_as(as = "Option<UrlLike>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    #[serde_as(as = "Option<SafeObjectLike<64>>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    options: Option<Map<String, Value>>,
    #[serde_as(as = "Option<JsonObjectLike>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    obj: Option<Map<String, Value>>,
}

/// The outcome of a row: the value (arrays past 4 items given as their length), or the
/// `(code, path)` of every issue.
#[derive(Debug, PartialEq)]
enum Outcome {
    Ok(Value),
    Refused(Vec<(Code, String)>),
}

fn short(value: Value) -> Value {
    match value {
        Value::Array(items) if items.len() > 4 => json!(format!("{} items", items.len())),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, short(v))).collect()),
        other => other,
    }
}

fn outcome(read: Result<Args, mcp_coerce::Rejection>) -> Outcome {
    match read {
        Ok(args) => Outcome::Ok(short(serde_json::to_value(args).expect("serializes"))),
        Err(r) => Outcome::Refused(
            r.issues()
                .iter()
                .map(|i| (i.code(), i.path().to_string()))
                .collect(),
        ),
    }
}

fn refused(issues: &[(Code, &str)]) -> Outcome {
    Outcome::Refused(issues.iter().map(|(c, p)| (*c, (*p).to_owned())).collect())
}

/// `value` as the JSON text of a string, `layers` times.
fn encoded(value: &Value, layers: usize) -> Value {
    (0..layers).fold(value.clone(), |v, _| Value::String(v.to_string()))
}

#[test]
fn adversarial_table() {
    let digits = "9".repeat(10_000);
    let mut proto = json!({"__proto__": {"polluted": true}});
    for _ in 0..50 {
        proto = json!({ "a": proto });
    }
    let proto_path = format!("/options{}/__proto__", "/a".repeat(50));
    let megabyte = format!("{}b", "a".repeat(1_000_000));
    // (what, the call's text, outcome, most allocations)
    let rows: Vec<(&str, String, Outcome, u64)> = vec![
        (
            "a 10 MB comma string of ids: read in one pass, the Vec grown by doubling",
            json!({"ids": "1,".repeat(5_000_000)}).to_string(),
            Outcome::Ok(json!({"ids": "5000000 items"})),
            32,
        ),
        (
            "a million empty comma pieces: skipped, nothing kept",
            json!({"ids": ",".repeat(1_000_000)}).to_string(),
            Outcome::Ok(json!({"ids": []})),
            4,
        ),
        (
            "a million empty pieces of a string array",
            json!({"tags": ",".repeat(1_000_000)}).to_string(),
            Outcome::Ok(json!({"tags": []})),
            4,
        ),
        (
            "a 10,000-digit native integer: past f64, serde_json refuses the text",
            format!(r#"{{"n": {digits}}}"#),
            refused(&[(Code::InvalidJson, "")]),
            64,
        ),
        (
            "a 10,000-digit integer as a string",
            json!({ "n": digits }).to_string(),
            refused(&[(Code::IntOverflow, "/n")]),
            96,
        ),
        (
            "a 10,000-digit number as a string: infinite as an f64",
            json!({ "x": digits }).to_string(),
            refused(&[(Code::NotFinite, "/x")]),
            64,
        ),
        (
            "a 10,000-digit integer as a comma piece",
            json!({ "ids": digits }).to_string(),
            refused(&[(Code::IntOverflow, "/ids/0")]),
            64,
        ),
        (
            "a 10,000-digit integer in JSON text",
            json!({ "ids": format!("[{digits}]") }).to_string(),
            refused(&[(Code::InvalidJson, "/ids")]),
            96,
        ),
        (
            "a lone surrogate escape: not JSON text",
            r#"{"card": "\ud800"}"#.to_owned(),
            refused(&[(Code::InvalidJson, "")]),
            16,
        ),
        (
            "NUL after an id",
            r#"{"card": "ATC-2026-7777670\u0000"}"#.to_owned(),
            refused(&[(Code::PatternMismatch, "/card")]),
            512,
        ),
        (
            "the byte-order mark before an id: trimmed",
            json!({"card": "\u{feff}ATC-2026-7777670"}).to_string(),
            Outcome::Ok(json!({"card": "ATC-2026-7777670"})),
            8,
        ),
        (
            "a right-to-left override before an id: not trimmed, refused",
            json!({"card": "\u{202e}ATC-2026-7777670"}).to_string(),
            refused(&[(Code::PatternMismatch, "/card")]),
            64,
        ),
        (
            "a zero-width space after an id",
            json!({"card": "ATC-2026-7777670\u{200b}"}).to_string(),
            refused(&[(Code::PatternMismatch, "/card")]),
            64,
        ),
        (
            "a zero-width space inside a comma piece",
            json!({"ids": "1,\u{200b}2"}).to_string(),
            refused(&[(Code::IntParsing, "/ids/1")]),
            64,
        ),
        (
            "the byte-order mark before integer pieces: numbers are not trimmed of it",
            json!({"ids": "\u{feff}1,2"}).to_string(),
            refused(&[(Code::IntParsing, "/ids/0")]),
            64,
        ),
        (
            "NUL inside a comma piece",
            json!({"ids": "1\u{0}2"}).to_string(),
            refused(&[(Code::IntParsing, "/ids/0")]),
            64,
        ),
        (
            "a zero-width space in a string piece: kept, it is part of the string",
            json!({"tags": "a\u{200b},b"}).to_string(),
            Outcome::Ok(json!({"tags": ["a\u{200b}", "b"]})),
            8,
        ),
        (
            "__proto__ 50 levels down inside two layers of string encoding",
            json!({ "options": encoded(&proto, 2) }).to_string(),
            refused(&[(Code::ForbiddenKey, proto_path.as_str())]),
            1024,
        ),
        (
            "a hexadecimal, shortened IPv4 literal",
            json!({"url": "https://0x7f.1/"}).to_string(),
            refused(&[(Code::UrlForbidden, "/url")]),
            64,
        ),
        (
            "circled digits, which IDNA maps to 127",
            json!({"url": "https://①②⑦.0.0.1/"}).to_string(),
            refused(&[(Code::UrlForbidden, "/url")]),
            64,
        ),
        (
            "ideographic full stops as dots",
            json!({"url": "https://127。0。0。1/"}).to_string(),
            refused(&[(Code::UrlForbidden, "/url")]),
            64,
        ),
        (
            "circled letters spelling localhost",
            json!({"url": "https://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/"}).to_string(),
            refused(&[(Code::UrlForbidden, "/url")]),
            64,
        ),
        (
            "an octal IPv4 literal",
            json!({"url": "https://0177.0.0.01/"}).to_string(),
            refused(&[(Code::UrlForbidden, "/url")]),
            64,
        ),
        (
            "IPv4-mapped loopback in hexadecimal groups",
            json!({"url": "https://[::ffff:7f00:1]/"}).to_string(),
            refused(&[(Code::UrlForbidden, "/url")]),
            64,
        ),
        (
            "an IPv6 zone identifier",
            json!({"url": "https://[::1%25eth0]/"}).to_string(),
            refused(&[(Code::UrlInvalid, "/url")]),
            64,
        ),
        (
            "a wildcard-DNS name for a metadata address: the text is public (see SECURITY.md)",
            json!({"url": "https://169.254.169.254.nip.io/"}).to_string(),
            Outcome::Ok(json!({"url": "https://169.254.169.254.nip.io/"})),
            8,
        ),
        (
            "a megabyte against a nested-quantifier pattern",
            json!({ "nested": megabyte }).to_string(),
            refused(&[(Code::PatternMismatch, "/nested")]),
            512,
        ),
        (
            "100,000 levels of arrays inside a string for an object",
            json!({"obj": format!("{}{}", "[".repeat(100_000), "]".repeat(100_000))}).to_string(),
            refused(&[(Code::InvalidType, "/obj")]),
            64,
        ),
        (
            "100,000 levels of objects inside a string: past serde_json's 128",
            json!({"obj": format!("{}1{}", "{\"a\":".repeat(100_000), "}".repeat(100_000))})
                .to_string(),
            refused(&[(Code::InvalidJson, "/obj")]),
            1024,
        ),
        (
            "100,000 levels of arrays inside a string for ids: the first element refused",
            json!({"ids": format!("{}{}", "[".repeat(100_000), "]".repeat(100_000))}).to_string(),
            refused(&[(Code::InvalidType, "/ids/0")]),
            128,
        ),
    ];
    let mut failures = Vec::new();
    for (what, text, want, most) in rows {
        let (count, read) = allocations(|| mcp_coerce::from_str::<Args>(&text));
        let got = outcome(read);
        if got != want || count > most {
            failures.push(format!(
                "{what}\n  want {want:?} within {most} allocations\n  got  {got:?} in {count}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[derive(Deserialize, Debug, schemars::JsonSchema)]
#[allow(dead_code)]
struct Two {
    a: u32,
    b: u32,
}

/// A million unknown fields: an accepted call skips them without allocating; a refused
/// one reads the whole call into a `Value` (about four allocations per member) and still
/// reports every missing field, on both plan sources.
#[test]
fn a_million_unknown_fields() {
    let n = 1_000_000;
    let mut members = String::from("{");
    for i in 0..n {
        members.push_str(&format!("\"u{i}\":1,"));
    }
    let accepted = format!("{members}\"a\":1,\"b\":2}}");
    let refused_text = format!("{}}}", members.trim_end_matches(','));
    let (count, read) = allocations(|| mcp_coerce::from_str::<Two>(&accepted));
    assert!(read.is_ok());
    assert_eq!(count, 0);
    let missing = |r: mcp_coerce::Rejection| -> Vec<String> {
        r.issues()
            .iter()
            .map(|i| format!("{}@{}", i.code(), i.path()))
            .collect()
    };
    let (count, read) = allocations(|| mcp_coerce::from_str::<Two>(&refused_text));
    assert_eq!(missing(read.unwrap_err()), ["missing@/a", "missing@/b"]);
    assert!(count <= 5 * n, "{count} allocations for {n} members");
    let (count, read) = allocations(|| mcp_coerce::schema::from_str::<Two>(&refused_text));
    assert_eq!(missing(read.unwrap_err()), ["missing@/a", "missing@/b"]);
    assert!(count <= 5 * n, "{count} allocations for {n} members");
}

/// Repeated keys in bulk: 80,000 distinct keys each sent twice, and one key sent 160,000
/// times below five levels of 64-char keys (a path past the 256-char cut). Each repeated
/// key is one issue, the first 100 built and the rest counted, in work linear in the
/// call.
#[test]
fn repeated_keys_in_bulk() {
    let n: u64 = 80_000;
    let mut text = String::from(r#"{"n":"x","options":{"#);
    for i in 0..n {
        text.push_str(&format!(r#""k{i}":0,"k{i}":0,"#));
    }
    text.push_str(r#""end":1}}"#);
    let (count, read) = allocations(|| mcp_coerce::from_str::<Args>(&text));
    let r = read.unwrap_err();
    // 80,000 repeated keys and the refused `n`.
    assert_eq!((r.issues().len(), r.truncated()), (100, 80_001 - 100));
    assert_eq!(r.issues()[0].code(), Code::DuplicateKey);
    assert_eq!(r.issues()[0].path().to_string(), "/options/k0");
    assert!(count <= 12 * n, "{count} allocations for {n} repeated keys");

    let key = "x".repeat(64);
    let times: u64 = 160_000;
    let mut text = String::from(r#"{"n":"x","options":"#);
    for _ in 0..5 {
        text.push_str(&format!(r#"{{"{key}":"#));
    }
    text.push('{');
    for _ in 0..times {
        text.push_str(r#""k":0,"#);
    }
    text.push_str(r#""end":1}"#);
    text.push_str(&"}".repeat(5));
    text.push('}');
    let (count, read) = allocations(|| mcp_coerce::from_str::<Args>(&text));
    let found: Vec<_> = read
        .unwrap_err()
        .issues()
        .iter()
        .map(|i| i.code())
        .collect();
    assert_eq!(found, [Code::DuplicateKey, Code::IntParsing]);
    // One allocation per occurrence: the key read, then dropped.
    assert!(
        count <= times + 1024,
        "{count} allocations for one key sent {times} times"
    );
}
