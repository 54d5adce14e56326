//! The rows of the contract's section "Second revision" (`docs/contract.md`), one named
//! test each, with exact expectations. The generic array adapter has its own table in
//! `array_like.rs`; the rows this file does not hold (duplicate keys, more internal hosts,
//! the HTTP body's `truncated`, trimmed edges, `CONFLICT`) are tested with their
//! implementation.

use crate::common;

use common::{Field, Place, Report, Row, err, ok, pairs};
use mcp_coerce::{Code, IntArrayLike, NoSplit, StringArrayLike};
use serde::Deserialize;
use serde_json::{Value, json};
use serde_with::serde_as;

#[serde_as]
#[derive(Deserialize, Debug)]
struct Ids {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i64>,
}
impl Field for Ids {
    type Out = Vec<i64>;
    fn out(self) -> Vec<i64> {
        self.ids
    }
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Names {
    #[serde_as(as = "StringArrayLike")]
    ids: Vec<String>,
}
impl Field for Names {
    type Out = Vec<String>;
    fn out(self) -> Vec<String> {
        self.ids
    }
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Headings {
    #[serde_as(as = "StringArrayLike<NoSplit>")]
    ids: Vec<String>,
}
impl Field for Headings {
    type Out = Vec<String>;
    fn out(self) -> Vec<String> {
        self.ids
    }
}

const IDS: Place = Place::Field("ids");

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

/// The one issue of `args` for `T`, which must be refused with exactly one.
#[track_caller]
fn only_issue<T: serde::de::DeserializeOwned + std::fmt::Debug>(args: &Value) -> mcp_coerce::Issue {
    let refused = mcp_coerce::from_value::<T>(args.clone()).unwrap_err();
    assert_eq!(refused.issues().len(), 1, "{:?}", pairs(&refused));
    refused.issues()[0].clone()
}

/// A piece with a leading zero (`^[+-]?0[0-9]`) in an integer comma string of two or more
/// pieces, counted after empty ones are dropped, is `int_parsing` at that piece: the string
/// is one number written with thousands separators, not several ids. One piece alone is
/// still read as an integer, `"0"` is no leading zero, and JSON text and native arrays are
/// not affected.
#[test]
fn integer_comma_pieces_with_a_leading_zero() {
    let rows: Vec<Row<Vec<i64>>> = vec![
        err(json!("1,000"), &[("int_parsing", "/ids/1")]),
        err(json!("12,050"), &[("int_parsing", "/ids/1")]),
        err(json!("7, 007"), &[("int_parsing", "/ids/1")]),
        err(
            json!("1,000,000"),
            &[("int_parsing", "/ids/1"), ("int_parsing", "/ids/2")],
        ),
        err(json!("1,,000"), &[("int_parsing", "/ids/1")]),
        err(json!("-01, 2"), &[("int_parsing", "/ids/0")]),
        err(json!("+00,5"), &[("int_parsing", "/ids/0")]),
        err(json!("5,00.0"), &[("int_parsing", "/ids/1")]),
        err(
            json!("1,000,x"),
            &[("int_parsing", "/ids/1"), ("int_parsing", "/ids/2")],
        ),
        ok(json!("007"), vec![7]),
        ok(json!("007,"), vec![7]),
        ok(json!(",-007"), vec![-7]),
        ok(json!("0"), vec![0]),
        ok(json!("0,1,0"), vec![0, 1, 0]),
        ok(json!("0.0, 10, 100"), vec![0, 10, 100]),
        ok(json!("-0,+0"), vec![0, 0]),
        // JSON text is JSON's to judge (serde_json refuses a leading zero in a number),
        // and native elements follow the integer rules one by one.
        err(json!("[1, 007]"), &[("invalid_json", "/ids")]),
        ok(json!(["1", "007"]), vec![1, 7]),
        ok(json!("[\"1\", \"007\"]"), vec![1, 7]),
    ];
    let mut report = Report::new();
    report.table::<Ids>("IntArrayLike", IDS, &rows);
    report.finish();

    let issue = only_issue::<Ids>(&json!({"ids": "1,000"}));
    assert_eq!(issue.code(), Code::IntParsing);
    assert_eq!(
        issue.message(),
        "expected an integer without a leading zero"
    );
    assert_eq!(issue.input(), Some(&mcp_coerce::Input::Text("000".into())));
    assert_eq!(
        issue.hint(),
        r#""1,000" looks like one number written with thousands separators: send 1000 as a number, or the ids as a JSON array"#
    );
    let issue = only_issue::<Ids>(&json!({"ids": " 12, 050 "}));
    assert_eq!(
        issue.hint(),
        r#""12, 050" looks like one number written with thousands separators: send 12050 as a number, or the ids as a JSON array"#
    );
    // Not the shape of a number written with thousands separators: the hint of the third
    // revision.
    let refused = mcp_coerce::from_value::<Ids>(json!({"ids": "1,000,x"})).unwrap_err();
    assert_eq!(
        refused.issues()[0].hint(),
        "leading zeros are ambiguous in a list: send the ids as a JSON array of numbers"
    );
    // The text sent is quoted in the hint, cut to the echo limit like every input.
    let long = format!("1,{}", "000,".repeat(40));
    let refused = mcp_coerce::from_value::<Ids>(json!({ "ids": long })).unwrap_err();
    let joined = format!("1{}", "000".repeat(40));
    assert_eq!(
        refused.issues()[0].hint(),
        format!(
            "\"{}…\" looks like one number written with thousands separators: send {}… as a number, or the ids as a JSON array",
            &long[..64],
            &joined[..64]
        )
    );
}

/// Integers joined by newlines are refused like integers joined by spaces, `;` or `|`:
/// `int_parsing` at `/ids/0` with the separator hint.
#[test]
fn integer_comma_string_joined_by_newlines() {
    let rows: Vec<Row<Vec<i64>>> = vec![
        err(json!("1\n2\n3"), &[("int_parsing", "/ids/0")]),
        err(json!("1\r\n2"), &[("int_parsing", "/ids/0")]),
        err(json!("1,2\n3"), &[("int_parsing", "/ids/1")]),
        ok(json!("\n1,\n2\n"), vec![1, 2]),
    ];
    let mut report = Report::new();
    report.table::<Ids>("IntArrayLike", IDS, &rows);
    report.finish();
    let issue = only_issue::<Ids>(&json!({"ids": "1\n2\n3"}));
    assert_eq!(
        issue.hint(),
        r#"separate the integers with commas, e.g. "1,2,3", or send a JSON array, e.g. [1, 2, 3]"#
    );
}

/// A string-array value that, trimmed, starts with `[`, ends with `]` and holds a `"` or
/// a `'` is read as JSON only: `invalid_json` at the field when it is not JSON, never
/// split on commas. Bracketed text without quotes keeps its row.
#[test]
fn bracketed_string_array_text_with_quotes_is_json_only() {
    let rows: Vec<Row<Vec<String>>> = vec![
        err(json!("['a','b']"), &[("invalid_json", "/ids")]),
        err(json!("[\"a\",\"b\",]"), &[("invalid_json", "/ids")]),
        err(json!(" [\"a\" \"b\"] "), &[("invalid_json", "/ids")]),
        err(json!("[it's]"), &[("invalid_json", "/ids")]),
        err(json!("\"['a']\""), &[("invalid_json", "/ids")]),
        ok(json!("[\"a\",\"b\"]"), strings(&["a", "b"])),
        ok(json!("[abc]"), strings(&["[abc]"])),
        ok(json!("[draft] notes"), strings(&["[draft] notes"])),
        ok(json!("[draft] \"a\", b"), strings(&["[draft] \"a\"", "b"])),
        // Quoted comma pieces are refused since the third revision.
        err(json!("'a','b'"), &[("invalid_json", "/ids")]),
    ];
    let mut report = Report::new();
    report.table::<Names>("StringArrayLike", IDS, &rows);
    let no_split: Vec<Row<Vec<String>>> = vec![
        err(json!("['a','b']"), &[("invalid_json", "/ids")]),
        ok(json!("[abc, def]"), strings(&["[abc, def]"])),
    ];
    report.table::<Headings>("StringArrayLike<NoSplit>", IDS, &no_split);
    report.finish();
    let issue = only_issue::<Names>(&json!({"ids": "['a','b']"}));
    assert_eq!(
        issue.hint(),
        r#"send a JSON array of double-quoted strings, e.g. ["a", "b"]"#
    );
    assert_eq!(
        issue.input(),
        Some(&mcp_coerce::Input::Text("['a','b']".into()))
    );
    assert!(
        issue.message().starts_with("invalid JSON text: "),
        "{}",
        issue.message()
    );
}

/// A newline inside a string array's element or piece is kept: only commas separate.
#[test]
fn string_array_newlines_are_kept() {
    let rows: Vec<Row<Vec<String>>> = vec![
        ok(json!("abc\ndef"), strings(&["abc\ndef"])),
        ok(json!("a\nb, c\r\nd"), strings(&["a\nb", "c\r\nd"])),
        ok(json!("\nabc\n"), strings(&["abc"])),
        ok(json!(["x\ny"]), strings(&["x\ny"])),
        ok(json!("[\"x\\ny\"]"), strings(&["x\ny"])),
    ];
    let mut report = Report::new();
    report.table::<Names>("StringArrayLike", IDS, &rows);
    let no_split: Vec<Row<Vec<String>>> = vec![ok(json!("a\nb, c"), strings(&["a\nb, c"]))];
    report.table::<Headings>("StringArrayLike<NoSplit>", IDS, &no_split);
    report.finish();
}

/// A quantifier applied to a quantifier is refused when the pattern is defined: ECMA-262
/// says "nothing to repeat", so a schema carrying one breaks JavaScript validators. The
/// one checker (`check_portable`, which a `tools/list` lint shares) says so, and so do
/// the compile-time rules of `pattern!` (a `compile_fail` doctest of `pattern!` shows
/// it); a lazy quantifier stays allowed.
#[cfg(feature = "regex")]
#[test]
fn stacked_quantifiers_are_refused_in_patterns() {
    use mcp_coerce::pattern::{PortabilityError, check_portable, portability_problem};
    for stacked in [r"^a+*$", r"^a**$", r"^a?*$", r"^a{2}{3}$", r"^a*?+$"] {
        let err = check_portable(stacked).unwrap_err();
        assert!(
            matches!(err, PortabilityError::Rule(_)),
            "{stacked}: {err:?}"
        );
        assert_eq!(
            err.to_string(),
            "a quantifier applied to a quantifier (a+*, a{2}{3}) is nothing to repeat in ECMA-262: write one quantifier, e.g. a* or a{6}",
            "{stacked}"
        );
        assert_eq!(
            portability_problem(stacked).map(str::to_owned),
            Some(err.to_string())
        );
    }
    for lazy in [r"^a+?$", r"^a*?$", r"^[0-9]{2,}?$"] {
        assert_eq!(check_portable(lazy), Ok(()), "{lazy}");
    }
}

/// A tool name in an envelope comes from the caller: it is cut to 64 chars (and `…`) like
/// every input echo, in `tool` and in `message`, whichever constructor builds the envelope.
#[test]
fn tool_names_in_envelopes_are_cut_to_the_echo_limit() {
    use mcp_coerce::{Category, Envelope, INPUT_ECHO_CHARS, Issue, Rejection};
    let long = "t".repeat(200);
    let cut = format!("{}…", "t".repeat(INPUT_ECHO_CHARS));
    let rejection = Rejection::new([Issue::new(Code::Missing, "missing required field")]);
    let envelopes = [
        rejection.to_envelope(long.clone()),
        Envelope::invalid_argument(long.clone(), &rejection),
        Envelope::new(
            Category::NotFound,
            long.clone(),
            "no such card",
            "Search first.",
        ),
        Envelope::unknown_tool(long.clone(), "Call tools/list."),
        Envelope::unknown_tool_among(&long, ["demo_get_card"], "Call tools/list."),
    ];
    for envelope in &envelopes {
        assert_eq!(envelope.tool(), cut);
        assert!(
            !envelope.message().contains(&long),
            "{}",
            envelope.message()
        );
        let json = serde_json::to_value(envelope).unwrap();
        assert_eq!(json["tool"], Value::String(cut.clone()));
    }
    assert_eq!(
        envelopes[0].message(),
        format!("invalid arguments for tool {cut}: 1 issue")
    );
    assert_eq!(envelopes[2].message(), "no such card");
    assert_eq!(envelopes[3].message(), format!("unknown tool: {cut}"));
    // A name of 64 chars or fewer is kept whole; chars, not bytes, are counted.
    let fits = "é".repeat(INPUT_ECHO_CHARS);
    assert_eq!(rejection.to_envelope(fits.clone()).tool(), fits);
    let over = "é".repeat(INPUT_ECHO_CHARS + 1);
    assert_eq!(
        rejection.to_envelope(over).tool(),
        format!("{}…", "é".repeat(INPUT_ECHO_CHARS))
    );
}

/// A source past `MAX_CHECKED_CHARS` is refused before the engines compile it: thousands
/// of alternatives would overflow a thread's stack in the ECMA-262 engine's compiler.
#[cfg(feature = "regex")]
#[test]
fn a_pattern_too_long_to_check_is_refused_on_a_small_stack() {
    use mcp_coerce::pattern::{MAX_CHECKED_CHARS, PortabilityError, check_portable};
    let alternatives: Vec<String> = (0..20_000).map(|i| format!("x{i}")).collect();
    let source = format!("^(?:{})$", alternatives.join("|"));
    let outcome = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || check_portable(&source))
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(
        outcome,
        Err(PortabilityError::Rule(
            "the pattern is longer than 4096 chars, more than the check reads"
        ))
    );
    assert_eq!(MAX_CHECKED_CHARS, 4096);
    // Just under the limit, two thousand alternatives are compiled and checked.
    let alternatives: Vec<String> = (0..2000).map(|i| (i % 10).to_string()).collect();
    let source = format!("^(?:{})$", alternatives.join("|"));
    assert!(source.chars().count() <= MAX_CHECKED_CHARS);
    let outcome = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || check_portable(&source))
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(outcome, Ok(()));
}
