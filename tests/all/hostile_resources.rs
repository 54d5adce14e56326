//! Hostile regression cases for resource bounds: no input may cause a panic, unbounded
//! allocation or deep recursion; allocation is bounded by the input's size (README
//! "Untrusted input"), recursion by serde_json's 128 levels.
//!
//! Bounds are asserted on output sizes and on completion, never on time.

use std::collections::HashMap;
use std::process::Command;

use mcp_coerce::{Rejection, SafeObjectLike};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use serde_with::serde_as;

/// A struct with the fields given and 64 more, `f00` to `f63`, of type `$t`: enough
/// missing fields to spend every extra pass a call may take.
macro_rules! with_64_fields {
    ($(#[$meta:meta])* struct $name:ident { $($field:tt)* }, $t:ty) => {
        $(#[$meta])*
        struct $name {
            $($field)*
            f00: $t, f01: $t, f02: $t, f03: $t, f04: $t, f05: $t, f06: $t, f07: $t, f08: $t, f09: $t, f10: $t, f11: $t, f12: $t, f13: $t, f14: $t, f15: $t, f16: $t, f17: $t, f18: $t, f19: $t, f20: $t, f21: $t, f22: $t, f23: $t, f24: $t, f25: $t, f26: $t, f27: $t, f28: $t, f29: $t, f30: $t, f31: $t, f32: $t, f33: $t, f34: $t, f35: $t, f36: $t, f37: $t, f38: $t, f39: $t, f40: $t, f41: $t, f42: $t, f43: $t, f44: $t, f45: $t, f46: $t, f47: $t, f48: $t, f49: $t, f50: $t, f51: $t, f52: $t, f53: $t, f54: $t, f55: $t, f56: $t, f57: $t, f58: $t, f59: $t, f60: $t, f61: $t, f62: $t, f63: $t,
        }
    };
}

fn envelope_len(rejection: &Rejection) -> usize {
    rejection.to_envelope("tool").to_json_string().len()
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Labels {
    by_name: HashMap<String, Vec<u32>>,
}

/// One 256 KiB key whose value holds 150 bad elements: each of the 100 issues kept has
/// the key in its path, and with the key copied whole into every path a 256 KiB request
/// would build (and render) a 25 MiB envelope, 100 MiB for a 1 MiB key. Keys in paths are
/// cut to the echo limit, so the envelope stays within twice the request.
#[test]
fn a_huge_key_is_not_copied_into_every_issue_path() {
    let key = "k".repeat(256 * 1024);
    let bad: Vec<Value> = (0..150).map(|_| json!("x")).collect();
    let mut by_name = Map::new();
    by_name.insert(key, Value::Array(bad));
    let arguments = json!({ "by_name": by_name });
    let request = arguments.to_string().len();

    let rejection = mcp_coerce::from_value::<Labels>(arguments.clone()).unwrap_err();
    assert_eq!(rejection.total(), 150);
    let envelope = envelope_len(&rejection);
    assert!(
        envelope <= 2 * request,
        "a {request}-byte request produced a {envelope}-byte envelope"
    );
}

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Forward {
    #[serde_as(as = "SafeObjectLike<64>")]
    options: Map<String, Value>,
}

/// The same through the pass-through check, which clones the whole path for each issue:
/// 16 nested keys of 16 KiB, then 150 forbidden keys below them.
#[test]
fn huge_keys_on_a_safe_object_path_are_not_copied_into_every_issue() {
    let mut value = json!({"list": (0..150).map(|_| json!({"__proto__": 1})).collect::<Vec<_>>()});
    for level in 0..16 {
        let mut wrapper = Map::new();
        wrapper.insert(format!("{level}{}", "q".repeat(16 * 1024)), value);
        value = Value::Object(wrapper);
    }
    let text = json!({ "options": value }).to_string();

    let rejection = mcp_coerce::from_str::<Forward>(&text).unwrap_err();
    assert_eq!(rejection.total(), 150);
    let envelope = envelope_len(&rejection);
    assert!(
        envelope <= 2 * text.len(),
        "a {}-byte request produced a {envelope}-byte envelope",
        text.len()
    );
}

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Shallow {
    #[serde_as(as = "SafeObjectLike<8>")]
    options: Map<String, Value>,
}

const CHILD: &str = "MCP_COERCE_HOSTILE_DEEP_CHILD";

/// Runs in a child process (a stack overflow aborts the whole process, so the parent
/// test only looks at how the child ended).
fn deep_child() {
    const DEPTH: usize = 100_000;
    // Build (and never drop: serde_json's own Drop recurses) the value on a big stack.
    let builder = std::thread::Builder::new().stack_size(1 << 30);
    builder
        .spawn(|| {
            let mut value = json!({});
            for _ in 0..DEPTH {
                let mut wrapper = Map::new();
                wrapper.insert("a".into(), value);
                value = Value::Object(wrapper);
            }
            let arguments = json!({ "options": value });
            // The crate gets an ordinary thread stack (2 MiB, Rust's default), and the
            // value: it must also take it apart without recursion.
            let outcome = std::thread::Builder::new()
                .stack_size(2 << 20)
                .spawn(move || {
                    let rejection = mcp_coerce::from_value::<Shallow>(arguments).unwrap_err();
                    let found: Vec<(String, String)> = rejection
                        .issues()
                        .iter()
                        .map(|i| (i.code().to_string(), i.path().to_string()))
                        .collect();
                    // Do not drop the rejection's inputs either: they are small, but keep
                    // the child's exit independent of any Drop.
                    std::mem::forget(rejection);
                    found
                })
                .unwrap()
                .join()
                .unwrap();
            assert_eq!(
                outcome,
                [("too_deep".to_owned(), format!("/options{}", "/a".repeat(8)))]
            );
        })
        .unwrap()
        .join()
        .unwrap();
}

/// `from_value` is the rmcp entry point and takes an already built `Value`, whose depth
/// no `serde_json` recursion limit has bounded. The collecting deserializer reads a value
/// 100,000 levels deep on a 2 MiB stack without recursing as deep as the value, and
/// answers `too_deep` at `/options/a/a/a/a/a/a/a/a`: a recursive copy before the
/// (iterative) depth check would overflow that stack at a depth of about 2,000 in a debug
/// build and abort the process.
#[test]
fn a_deep_value_through_from_value_is_too_deep_not_a_stack_overflow() {
    if std::env::var_os(CHILD).is_some() {
        deep_child();
        return;
    }
    // The test's full name in the binary: its module path without the crate's name.
    let (_, module) = module_path!().split_once("::").unwrap();
    let name =
        format!("{module}::a_deep_value_through_from_value_is_too_deep_not_a_stack_overflow");
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", &name, "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .unwrap();
    // The child ran this test (a filter matching nothing would pass too).
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("1 passed"),
        "the child did not run {name}"
    );
    assert!(
        output.status.success(),
        "the child ended with {}: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
            .lines()
            .filter(|l| !l.trim_start().starts_with("at ") && !l.contains(": "))
            .take(5)
            .collect::<Vec<_>>()
            .join(" / ")
    );
}

thread_local! {
    static READS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Profile {
    name: String,
    email: String,
    city: String,
    country: String,
    phone: String,
    tags: Vec<String>,
}

/// A `Profile` that counts how often the crate reads one.
#[derive(Debug)]
#[allow(dead_code)]
struct Counted(Profile);

impl<'de> Deserialize<'de> for Counted {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        READS.with(|r| r.set(r.get() + 1));
        Profile::deserialize(d).map(Counted)
    }
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Point {
    x: u32,
    y: u32,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Import {
    // Named so that sorted and insertion order agree: the profiles are read first.
    a_profiles: Vec<Counted>,
    b_points: Vec<Point>,
}

/// 2,000 refused profiles followed by 70 empty points, each point missing its fields: at
/// most 8,000 reads of a profile in all (4 per profile). Were each missing field to cost
/// one more pass over the whole call (up to 64 of them), re-reading every refused element
/// before it and building a placeholder for each, the array would be read 65 times
/// (130,000 reads of a profile), although the issue cap (100) is reached in the first
/// pass and later passes can only add to `truncated`; a 1 MB call of this shape
/// (`{"items": [1, 1, ...], "z": [{}, ...]}` into a struct of 20 fields) would take about
/// 13 s of CPU in a release build, where serde_json parses it in 15 ms.
#[test]
fn refused_elements_are_not_reread_once_per_missing_field() {
    const N: usize = 2_000;
    let arguments = json!({
        "a_profiles": vec![json!(1); N],
        "b_points": vec![json!({}); 70],
    });
    READS.with(|r| r.set(0));
    let rejection = mcp_coerce::from_value::<Import>(arguments.clone()).unwrap_err();
    assert_eq!(rejection.issues().len(), mcp_coerce::MAX_ISSUES);
    let reads = READS.with(std::cell::Cell::get);
    assert!(
        reads <= 4 * N,
        "{reads} reads of a profile for {N} profiles in the call"
    );
}

/// Keys are cut to 64 chars, but 60 levels of 64-char keys (`/`, rendered `~1`) would
/// still give every one of the 100 issues a 7,700-char path: an 800 KB envelope and a
/// 1.6 MB tool result for a 6.5 KB request. So paths are cut to their ancestor within
/// `MAX_PATH_CHARS`, saying how many levels were left out, and the envelope stays within
/// 64 KiB.
#[test]
fn a_deep_path_of_long_keys_is_cut_to_an_ancestor() {
    let mut value = json!({"l": (0..150).map(|_| json!({"__proto__": 1})).collect::<Vec<_>>()});
    for _ in 0..60 {
        let mut wrapper = Map::new();
        wrapper.insert("/".repeat(64), value);
        value = Value::Object(wrapper);
    }
    let text = json!({ "options": value }).to_string();
    let rejection = mcp_coerce::from_str::<Forward>(&text).unwrap_err();
    assert_eq!((rejection.issues().len(), rejection.truncated()), (100, 50));
    let first = &rejection.issues()[0];
    assert_eq!(first.code(), mcp_coerce::Code::ForbiddenKey);
    // "/options" (8 chars) and one key of 64 `~1` (129 chars): the next key would pass 256.
    assert_eq!(first.path().segments().len(), 2);
    assert_eq!(
        first.path().to_string(),
        format!("/options/{}", "~1".repeat(64))
    );
    // Below the kept key: 59 more keys, "l", the index and "__proto__".
    assert_eq!(first.context().unwrap()["path_levels_cut"], 62);
    let envelope = envelope_len(&rejection);
    assert!(
        envelope <= 64 * 1024,
        "a {}-byte request produced a {envelope}-byte envelope",
        text.len()
    );
}

thread_local! {
    /// Per thread: the tests of this file run in parallel.
    static ELEMENT_READS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// An element that counts how often it is read.
#[derive(Debug)]
struct CountedElement;

impl<'de> Deserialize<'de> for CountedElement {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        ELEMENT_READS.with(|n| n.set(n.get() + 1));
        u8::deserialize(d).map(|_| CountedElement)
    }
}

with_64_fields!(
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct WideInner {
        items: Vec<CountedElement>,
    },
    u8
);

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct WideOuter {
    #[serde_as(as = "mcp_coerce::JsonObjectLike")]
    inner: WideInner,
}

/// Work a type's plan costs to learn, in element reads: once per type and thread, on
/// made-up input, whatever the call.
const PLAN_READS: usize = 200;

/// An object read through `JsonObjectLike` (natively or as a JSON string) with 64 missing
/// fields beside 200,000 elements: one pass reads each element once and lists all 64.
#[test]
fn a_nested_object_lists_every_missing_field_in_one_pass() {
    let n = 200_000;
    let inner = json!({"items": vec![1; n]});
    for arguments in [json!({"inner": inner}), json!({"inner": inner.to_string()})] {
        ELEMENT_READS.with(|n| n.set(0));
        let rejection = mcp_coerce::from_value::<WideOuter>(arguments).unwrap_err();
        let reads = ELEMENT_READS.with(std::cell::Cell::get);
        assert!(
            (n..n + PLAN_READS).contains(&reads),
            "{reads} reads of {n} elements"
        );
        assert_eq!(rejection.total(), 64);
        assert_eq!(rejection.issues()[0].code(), mcp_coerce::Code::Missing);
        assert_eq!(rejection.issues()[0].path().to_string(), "/inner/f00");
        assert_eq!(rejection.issues()[63].path().to_string(), "/inner/f63");
    }
}

/// The fail-fast error (plain `serde_json`, no entry point) holds only cut paths: paths are
/// cut as they grow, so no deep path is ever held in full (every issue formatted with its
/// whole path would make 780 KB of message out of this 6.5 KB request).
#[test]
fn a_fail_fast_error_holds_only_cut_paths() {
    let mut value = json!({"l": (0..150).map(|_| json!({"__proto__": 1})).collect::<Vec<_>>()});
    for _ in 0..60 {
        let mut wrapper = Map::new();
        wrapper.insert("/".repeat(64), value);
        value = Value::Object(wrapper);
    }
    let text = json!({ "options": value }).to_string();
    let error = serde_json::from_str::<Forward>(&text)
        .unwrap_err()
        .to_string();
    assert!(
        error.len() <= 64 * 1024,
        "a {}-byte request made a {}-byte error",
        text.len(),
        error.len()
    );
}

/// A path built by hand whose first key is the input itself is cut like any echo of input.
#[test]
fn a_hand_built_first_key_is_cut_too() {
    use mcp_coerce::{Code, Issue, Path};
    let key = "k".repeat(1 << 20);
    let issue = Issue::new(Code::Custom, "bad").at(Path::root().join(key.as_str()).join("x"));
    let rejection = Rejection::new([issue]);
    let issue = &rejection.issues()[0];
    assert_eq!(issue.path().to_string(), format!("/{}…", "k".repeat(64)));
    assert_eq!(issue.context().unwrap()["path_levels_cut"], 1);
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Seven {
    a: u8,
    b: u8,
    c: u8,
    d: u8,
    e: u8,
    f: u8,
    g: u8,
}

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct SevenInsideTen {
    #[serde_as(as = "mcp_coerce::JsonObjectLike")]
    inner: Seven,
    t0: u8,
    t1: u8,
    t2: u8,
    t3: u8,
    t4: u8,
    t5: u8,
    t6: u8,
    t7: u8,
    t8: u8,
    t9: u8,
}

/// Nested objects count their own passes (their work still comes out of the call's one
/// budget), so every missing field of a small call is listed, 7 inside and 10 outside: if
/// each nested field found again spent a pass of the call's 64, only 10 of the 17 would be.
#[test]
fn every_missing_field_inside_and_outside_a_nested_object_is_listed() {
    for inner in [json!({}), json!("{}")] {
        let rejection =
            mcp_coerce::from_value::<SevenInsideTen>(json!({ "inner": inner })).unwrap_err();
        let mut paths: Vec<String> = rejection
            .issues()
            .iter()
            .map(|i| {
                assert_eq!(i.code(), mcp_coerce::Code::Missing);
                i.path().to_string()
            })
            .collect();
        paths.sort();
        let mut expected: Vec<String> = ["a", "b", "c", "d", "e", "f", "g"]
            .map(|f| format!("/inner/{f}"))
            .into_iter()
            .chain((0..10).map(|i| format!("/t{i}")))
            .collect();
        expected.sort();
        assert_eq!(paths, expected, "{inner}");
    }
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct CountedItems {
    items: Vec<CountedElement>,
}

with_64_fields!(
    #[serde_as]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct StringHeavy {
        #[serde_as(as = "mcp_coerce::JsonObjectLike")]
        inner: CountedItems,
    },
    u8
);

/// A string an adapter decodes into 200,000 elements, next to 64 missing fields: decoded
/// and read once, and every missing field listed.
#[test]
fn a_string_holding_an_object_is_decoded_once() {
    let n = 200_000;
    let arguments = json!({"inner": json!({"items": vec![1; n]}).to_string()});
    ELEMENT_READS.with(|n| n.set(0));
    let rejection = mcp_coerce::from_value::<StringHeavy>(arguments).unwrap_err();
    let reads = ELEMENT_READS.with(std::cell::Cell::get);
    assert!(
        (n..n + PLAN_READS).contains(&reads),
        "{reads} reads of {n} elements"
    );
    assert_eq!(rejection.total(), 64);
}

/// A `Deserialize` impl that runs an entry point of its own and ignores its verdict.
#[derive(Debug)]
struct ViaEntry;

impl<'de> Deserialize<'de> for ViaEntry {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        let _ = mcp_coerce::from_value::<WideInner>(value.clone());
        Ok(ViaEntry)
    }
}

with_64_fields!(
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct ViaEntryOuter {
        inner: Vec<ViaEntry>,
    },
    u8
);

/// An entry point called inside a `Deserialize` impl is a call of its own, read in one
/// pass like the enclosing one: 16,000 elements are read once, and the enclosing call
/// lists its 64 missing fields.
#[test]
fn a_call_inside_another_reads_its_value_once() {
    let n = 16_000;
    let arguments = json!({"inner": [{"items": vec![1; n]}]});
    ELEMENT_READS.with(|n| n.set(0));
    let rejection = mcp_coerce::from_value::<ViaEntryOuter>(arguments).unwrap_err();
    let reads = ELEMENT_READS.with(std::cell::Cell::get);
    assert!(
        (n..n + PLAN_READS).contains(&reads),
        "{reads} reads of {n} elements"
    );
    assert_eq!(rejection.total(), 64);
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Chain {
    #[serde(default)]
    k: Option<Box<Chain>>,
    #[serde(default)]
    e: Option<mcp_coerce::JsonObject<Box<Chain>>>,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct ChainTop {
    c: Chain,
    required: u8,
}

/// `layers` strings, each holding an object whose `k` is nested `d` arrays deep.
fn chain_text(layers: usize, d: usize) -> String {
    let mut text = String::from("{}");
    for _ in 0..layers {
        let inner = json!({ "e": text }).to_string();
        text = format!("{{\"k\":{}{}{}}}", "[".repeat(d), inner, ",null]".repeat(d));
    }
    text
}

/// At most `MAX_ENCODED_LAYERS` JSON-encoded objects are read inside one another, and
/// under the entry points their levels count on from where the string was: each encoded
/// object is parsed afresh (serde_json's 128 levels count within one text), so without
/// the limit a recursive type through `JsonObject` nests without end, and 14 layers of 118
/// levels (110 KB) overflow a 2 MiB thread stack.
#[test]
fn json_encoded_objects_cannot_nest_without_end() {
    let outcome = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let text = format!("{{\"c\":{},\"required\":1}}", chain_text(14, 118));
            let rejection = mcp_coerce::from_str::<ChainTop>(&text).unwrap_err();
            let codes: Vec<_> = rejection.issues().iter().map(|i| i.code()).collect();
            let plain = serde_json::from_str::<ChainTop>(&text)
                .unwrap_err()
                .to_string();
            (codes, plain)
        })
        .expect("spawns")
        .join()
        .expect("no stack overflow");
    assert!(
        outcome.0.contains(&mcp_coerce::Code::TooDeep),
        "{:?}",
        outcome.0
    );
    assert!(outcome.1.contains("JSON-encoded objects"), "{}", outcome.1);

    // In the collecting deserializer (`from_value`, and refused calls of `from_str`)
    // levels add up across an encoded object: 100 outside and 40 inside is past 128,
    // though each text alone is within it.
    let text = format!(
        "{{\"c\":{{\"k\":{}{}{}}},\"required\":1}}",
        "[".repeat(100),
        json!({ "e": format!("{{\"k\":{}{{}}{}}}", "[".repeat(40), "]".repeat(40)) }),
        "]".repeat(100)
    );
    let value: Value = serde_json::from_str(&text).expect("within serde_json's limit");
    let rejection = mcp_coerce::from_value::<ChainTop>(value.clone()).unwrap_err();
    assert_eq!(rejection.issues()[0].code(), mcp_coerce::Code::TooDeep);
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Inner45 {
    pad: String,
    b00: u8,
    b01: u8,
    b02: u8,
    b03: u8,
    b04: u8,
    b05: u8,
    b06: u8,
    b07: u8,
    b08: u8,
    b09: u8,
    b10: u8,
    b11: u8,
    b12: u8,
    b13: u8,
    b14: u8,
    b15: u8,
    b16: u8,
    b17: u8,
    b18: u8,
    b19: u8,
    b20: u8,
    b21: u8,
    b22: u8,
    b23: u8,
    b24: u8,
    b25: u8,
    b26: u8,
    b27: u8,
    b28: u8,
    b29: u8,
    b30: u8,
    b31: u8,
    b32: u8,
    b33: u8,
    b34: u8,
    b35: u8,
    b36: u8,
    b37: u8,
    b38: u8,
    b39: u8,
    b40: u8,
    b41: u8,
    b42: u8,
    b43: u8,
    b44: u8,
}

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Outer45 {
    #[serde_as(as = "mcp_coerce::JsonObjectLike")]
    f: Inner45,
    a00: u8,
    a01: u8,
    a02: u8,
    a03: u8,
    a04: u8,
    a05: u8,
    a06: u8,
    a07: u8,
    a08: u8,
    a09: u8,
    a10: u8,
    a11: u8,
    a12: u8,
    a13: u8,
    a14: u8,
    a15: u8,
    a16: u8,
    a17: u8,
    a18: u8,
    a19: u8,
    a20: u8,
    a21: u8,
    a22: u8,
    a23: u8,
    a24: u8,
    a25: u8,
    a26: u8,
    a27: u8,
    a28: u8,
    a29: u8,
    a30: u8,
    a31: u8,
    a32: u8,
    a33: u8,
    a34: u8,
    a35: u8,
    a36: u8,
    a37: u8,
    a38: u8,
    a39: u8,
    a40: u8,
    a41: u8,
    a42: u8,
    a43: u8,
    a44: u8,
}

/// The fields found missing in a nested object stay found from pass to pass, so every one
/// of the 90 missing fields is listed: found again on every top-level pass (top passes x
/// nested passes x nested size), a 1.2 KB call would spend the budget after 75.
#[test]
fn a_nested_object_keeps_its_missing_fields_from_pass_to_pass() {
    for n in [600, 2_000, 20_000] {
        let arguments = json!({"f": {"pad": "x".repeat(n)}});
        let rejection = mcp_coerce::from_value::<Outer45>(arguments.clone()).unwrap_err();
        assert_eq!(rejection.total(), 90, "pad of {n}");
    }
}

thread_local! {
    static PLACEHOLDER_READS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A `u8` that counts how often it is read (a missing field is read from a placeholder).
#[derive(Debug)]
struct PlaceholderCount;

impl<'de> Deserialize<'de> for PlaceholderCount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        PLACEHOLDER_READS.with(|n| n.set(n.get() + 1));
        u8::deserialize(d).map(|_| PlaceholderCount)
    }
}

with_64_fields!(
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct SixtyFourMissing {},
    PlaceholderCount
);

/// A `Deserialize` impl that runs an entry point on an object with 64 fields, all missing.
#[derive(Debug)]
struct SixtyFourViaEntry;

impl<'de> Deserialize<'de> for SixtyFourViaEntry {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        let _ = mcp_coerce::from_value::<SixtyFourMissing>(value.clone());
        Ok(SixtyFourViaEntry)
    }
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct ManyEmpty {
    v: Vec<SixtyFourViaEntry>,
    z: u8,
}

/// 20,000 empty objects, each read by an entry point with 64 missing fields: one stand-in
/// per missing field of each object, linear in the input (64 per object, a bound of the
/// type), plus the type's plan, learned once.
#[test]
fn stand_ins_for_missing_fields_are_linear_in_the_input() {
    let n = 20_000;
    let arguments = json!({"v": vec![json!({}); n], "z": 1});
    PLACEHOLDER_READS.with(|n| n.set(0));
    assert!(mcp_coerce::from_value::<ManyEmpty>(arguments).is_ok());
    let reads = PLACEHOLDER_READS.with(std::cell::Cell::get);
    assert!(reads <= 64 * n + 64 * 64 * 2, "{reads} placeholder reads");
}
