//! The string-array adapter row by row (the shapes of the `string_array` module docs and
//! more), the optional-field rules and the corpus cases on `memory_session_ids`, for
//! `StringArrayLike` (comma splitting, the default) and `StringArrayLike<NoSplit>` (also
//! after item bounds, `StringArrayLike<Items<1, 2>, NoSplit>`, and with a separator of
//! one's own), through the crate's entry points and in every spelling: `#[serde_as]`,
//! `deserialize_with`, `with = "string_array::option"`, the wrapper `StringArray`, and
//! `Vec<StringArrayLike>`.

use crate::common;

use common::{Field, Place, Report, Row, absent_err, absent_ok, check_issue_model, err, ok};
use mcp_coerce::{Items, NoSplit, StringArray, StringArrayLike};
use serde::Deserialize;
use serde_json::{Value, json};
use serde_with::serde_as;

macro_rules! spelling {
    ($name:ident, $ty:ty, $($attr:tt)*) => {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        #[allow(dead_code, reason = "only deserialized")]
        struct $name {
            $($attr)*
            ids: $ty,
        }
        impl Field for $name {
            type Out = $ty;
            fn out(self) -> $ty {
                self.ids
            }
        }
    };
}

spelling!(Comma, Vec<String>, #[serde_as(as = "StringArrayLike")]);
spelling!(Whole, Vec<String>, #[serde_as(as = "StringArrayLike<NoSplit>")]);
spelling!(
    Bounded,
    Vec<String>,
    #[serde_as(as = "StringArrayLike<Items<1, 2>, mcp_coerce::Comma>")]
);
spelling!(
    BoundedWhole,
    Vec<String>,
    #[serde_as(as = "StringArrayLike<Items<1, 2>, NoSplit>")]
);

/// A separator of the caller's own.
struct Semicolon;

impl mcp_coerce::SeparatorPolicy for Semicolon {
    const SEPARATOR: Option<char> = Some(';');
}

spelling!(Semi, Vec<String>, #[serde_as(as = "StringArrayLike<Semicolon>")]);
spelling!(
    BoundedSemi,
    Vec<String>,
    #[serde_as(as = "StringArrayLike<Items<0, 1>, Semicolon>")]
);
spelling!(
    Opt,
    Option<Vec<String>>,
    #[serde_as(as = "StringArrayLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
);
spelling!(
    OptWhole,
    Option<Vec<String>>,
    #[serde_as(as = "StringArrayLike<NoSplit>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
);
spelling!(GenericOpt, Option<Vec<String>>, #[serde_as(as = "Option<StringArrayLike>")]);
spelling!(
    With,
    Vec<String>,
    #[serde(deserialize_with = "mcp_coerce::string_array::deserialize")]
);
spelling!(
    WithOpt,
    Option<Vec<String>>,
    #[serde(default, with = "mcp_coerce::string_array::option")]
);
spelling!(
    Default_,
    Vec<String>,
    #[serde_as(as = "StringArrayLike")]
    #[serde(default)]
);

#[derive(Deserialize, Debug)]
struct Wrapper {
    ids: StringArray,
}
impl Field for Wrapper {
    type Out = Vec<String>;
    fn out(self) -> Vec<String> {
        self.ids.into_inner()
    }
}

#[derive(Deserialize, Debug)]
struct WrapperWhole {
    ids: StringArray<NoSplit>,
}
impl Field for WrapperWhole {
    type Out = Vec<String>;
    fn out(self) -> Vec<String> {
        self.ids.into_inner()
    }
}

#[derive(Deserialize, Debug)]
struct WrapperOpt {
    #[serde(default)]
    ids: Option<StringArray>,
}
impl Field for WrapperOpt {
    type Out = Option<Vec<String>>;
    fn out(self) -> Option<Vec<String>> {
        self.ids.map(StringArray::into_inner)
    }
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Groups {
    #[serde_as(as = "Vec<StringArrayLike>")]
    groups: Vec<Vec<String>>,
}
impl Field for Groups {
    type Out = Vec<Vec<String>>;
    fn out(self) -> Vec<Vec<String>> {
        self.groups
    }
}

const IDS: Place = Place::Field("ids");

fn groups_first() -> Value {
    json!(["z"])
}
const GROUPS: Place = Place::Second("groups", groups_first);

fn v(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

/// `s` as a JSON string: one more layer of string encoding.
fn enc(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// Rows both separators answer the same way.
fn shared_rows() -> Vec<Row<Vec<String>>> {
    vec![
        // `["abc","def"]` -> `["abc","def"]` (native elements kept verbatim, commas and all)
        ok(json!(["abc", "def"]), v(&["abc", "def"])),
        ok(
            json!(["a,b", " x ", "", "[y]", "null"]),
            v(&["a,b", " x ", "", "[y]", "null"]),
        ),
        ok(json!([]), v(&[])),
        // `"[\"abc\",\"def\"]"` -> `["abc","def"]`
        ok(json!(r#"["abc","def"]"#), v(&["abc", "def"])),
        ok(json!(r#" [ "abc" , "def" ] "#), v(&["abc", "def"])),
        ok(json!(r#"["a,b"]"#), v(&["a,b"])), // JSON-decoded elements are not split
        ok(json!("[]"), v(&[])),
        // two layers of string encoding peeled, a third refused (the two-layer rule of
        // every adapter applies to arrays)
        ok(json!(enc(r#"["abc","def"]"#)), v(&["abc", "def"])),
        err(
            json!(enc(&enc(r#"["abc","def"]"#))),
            &[("invalid_type", "/ids")],
        ),
        // `"abc"` -> `["abc"]`
        ok(json!("abc"), v(&["abc"])),
        ok(json!("  abc  "), v(&["abc"])),
        // `""`, `"  "` -> `[]`
        ok(json!(""), v(&[])),
        ok(json!("  "), v(&[])),
        ok(json!("\u{3000}\t"), v(&[])),
        // `"[draft] notes"` -> `["[draft] notes"]` (not JSON-shaped: does not end with `]`)
        ok(json!("[draft] notes"), v(&["[draft] notes"])),
        ok(json!("[draft"), v(&["[draft"])),
        // `"[abc]"` -> `["[abc]"]` (JSON-shaped but not JSON: falls back to splitting)
        ok(json!("[abc]"), v(&["[abc]"])),
        // Text that opens like a JSON array of strings is read as JSON only (third
        // revision): `invalid_json`.
        err(json!("[\"abc\""), &[("invalid_json", "/ids")]),
        // `42`, `["a", 1]`, `{"a":"b"}` -> `invalid_type` (numbers are not stringified)
        err(json!(42), &[("invalid_type", "/ids")]),
        err(json!(4.2), &[("invalid_type", "/ids")]),
        err(json!(-1), &[("invalid_type", "/ids")]),
        err(json!(["a", 1]), &[("invalid_type", "/ids/1")]),
        err(json!({"a": "b"}), &[("invalid_type", "/ids")]),
        err(json!(true), &[("invalid_type", "/ids")]),
        err(
            json!([1, "a", 2.5, true, null, ["b"], {"c": "d"}]),
            &[
                ("invalid_type", "/ids/0"),
                ("invalid_type", "/ids/2"),
                ("invalid_type", "/ids/3"),
                ("invalid_type", "/ids/4"),
                ("invalid_type", "/ids/5"),
                ("invalid_type", "/ids/6"),
            ],
        ),
        // JSON text is JSON: its non-string elements are refused the same way
        err(
            json!("[1,2]"),
            &[("invalid_type", "/ids/0"), ("invalid_type", "/ids/1")],
        ),
        err(json!(r#"["a", 1]"#), &[("invalid_type", "/ids/1")]),
        err(json!(r#"["a", ["b"]]"#), &[("invalid_type", "/ids/1")]),
        // `null` -> `invalid_type`; absent -> `missing` (the table's integer rows, which
        // hold for every array)
        err(json!(null), &[("invalid_type", "/ids")]),
        absent_err(&[("missing", "/ids")]),
    ]
}

/// The default separator (comma) table.
fn comma_rows() -> Vec<Row<Vec<String>>> {
    let mut rows = shared_rows();
    rows.extend([
        // `"abc,def"`, `"abc, def , ghi"` -> `["abc","def"]`, `["abc","def","ghi"]`
        ok(json!("abc,def"), v(&["abc", "def"])),
        ok(json!("abc, def , ghi"), v(&["abc", "def", "ghi"])),
        ok(json!("abc,\u{a0}def\u{2003}"), v(&["abc", "def"])),
        // `","` -> `[]`; empty pieces dropped
        ok(json!(","), v(&[])),
        ok(json!(" , ,, "), v(&[])),
        ok(json!("abc,,def,"), v(&["abc", "def"])),
        ok(
            json!("[draft] notes, later"),
            v(&["[draft] notes", "later"]),
        ),
        // JSON-shaped but not JSON: comma splitting
        ok(json!("[a,b]"), v(&["[a", "b]"])),
        // a string inside a string, then split
        ok(json!(enc("abc, def")), v(&["abc", "def"])),
        err(json!(enc(&enc("abc, def"))), &[("invalid_type", "/ids")]),
    ]);
    rows
}

/// `NoSplit`: "a plain string then becomes a one-element array, and JSON-encoded arrays
/// are still parsed".
fn whole_rows() -> Vec<Row<Vec<String>>> {
    let mut rows = shared_rows();
    rows.extend([
        ok(json!("Smith, John"), v(&["Smith, John"])),
        ok(json!("abc,def"), v(&["abc,def"])),
        ok(json!(" abc, def , ghi "), v(&["abc, def , ghi"])),
        ok(json!(","), v(&[","])),
        ok(json!("[a,b]"), v(&["[a,b]"])),
        ok(
            json!(r#"["Smith, John","Doe, Jane"]"#),
            v(&["Smith, John", "Doe, Jane"]),
        ),
        ok(json!(enc("Smith, John")), v(&["Smith, John"])),
        err(json!(enc(&enc("Smith, John"))), &[("invalid_type", "/ids")]),
    ]);
    rows
}

#[test]
fn every_row_comma() {
    let mut report = Report::new();
    report.table::<Comma>("serde_as StringArrayLike", IDS, &comma_rows());
    report.finish();
}

#[test]
fn every_row_no_split() {
    let mut report = Report::new();
    report.table::<Whole>("serde_as StringArrayLike<NoSplit>", IDS, &whole_rows());
    report.finish();
}

#[test]
fn every_row_through_deserialize_with() {
    let mut report = Report::new();
    report.table::<With>(
        "deserialize_with string_array::deserialize",
        IDS,
        &comma_rows(),
    );
    report.finish();
}

#[test]
fn every_row_through_the_wrapper_type() {
    let mut report = Report::new();
    report.table::<Wrapper>("StringArray", IDS, &comma_rows());
    report.table::<WrapperWhole>("StringArray<NoSplit>", IDS, &whole_rows());
    report.finish();
}

#[test]
fn every_row_inside_vec_of_string_array_like() {
    let rows: Vec<Row<Vec<Vec<String>>>> = comma_rows()
        .iter()
        .map(|r| r.map(|x| vec![v(&["z"]), x.clone()]))
        .collect();
    let mut report = Report::new();
    report.table::<Groups>("Vec<StringArrayLike>", GROUPS, &rows);
    report.table::<Groups>(
        "Vec<StringArrayLike>",
        Place::Field("groups"),
        &[
            ok(
                json!(["a,b", ["c"], "[\"d\"]"]),
                vec![v(&["a", "b"]), v(&["c"]), v(&["d"])],
            ),
            err(
                json!([["a"], 1, ["b", 2]]),
                &[("invalid_type", "/ids/1"), ("invalid_type", "/ids/2/1")],
            ),
            err(json!("a,b"), &[("invalid_type", "/ids")]),
        ],
    );
    report.finish();
}

fn optional_differs(row: &Row<Vec<String>>) -> bool {
    match &row.input {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.trim().is_empty() || s == "null",
        Some(_) => false,
    }
}

/// "Optional fields", for an inner type whose JSON type is array: absent, `null`, `""`,
/// `"   "`, `"null"` give `None`; anything else is the inner type's answer.
fn optional_rows(rows: Vec<Row<Vec<String>>>) -> Vec<Row<Option<Vec<String>>>> {
    let mut out = vec![
        absent_ok(None),
        ok(json!(null), None),
        ok(json!(""), None),
        ok(json!("   "), None),
        ok(json!("null"), None),
        ok(json!(["null"]), Some(v(&["null"]))),
        ok(json!(r#"["null"]"#), Some(v(&["null"]))),
    ];
    out.extend(
        rows.iter()
            .filter(|r| !optional_differs(r))
            .map(|r| r.map(|x| Some(x.clone()))),
    );
    out
}

#[test]
fn optional_field_written_the_crates_way() {
    let mut report = Report::new();
    report.table::<Opt>(
        "serde_as StringArrayLike on Option",
        IDS,
        &optional_rows(comma_rows()),
    );
    report.table::<OptWhole>(
        "serde_as StringArrayLike<NoSplit> on Option",
        IDS,
        &optional_rows(whole_rows()),
    );
    report.table::<WithOpt>(
        "with string_array::option",
        IDS,
        &optional_rows(comma_rows()),
    );
    report.finish();
}

/// serde_with's generic `Option<StringArrayLike>` and `Option<StringArray>`: serde's rules.
#[test]
fn generic_option_spelling_keeps_serdes_rules() {
    let mut rows = vec![
        absent_ok(None),
        ok(json!(null), None),
        ok(json!(""), Some(v(&[]))),
        ok(json!("   "), Some(v(&[]))),
        ok(json!("null"), Some(v(&["null"]))),
    ];
    rows.extend(
        comma_rows()
            .iter()
            .filter(|r| !optional_differs(r))
            .map(|r| r.map(|x| Some(x.clone()))),
    );
    let mut report = Report::new();
    report.table::<GenericOpt>("serde_as Option<StringArrayLike>", IDS, &rows);
    report.table::<WrapperOpt>("Option<StringArray>", IDS, &rows);
    report.finish();
}

#[test]
fn absent_field_with_a_serde_default() {
    let mut report = Report::new();
    report.table::<Default_>(
        "serde(default)",
        IDS,
        &[
            absent_ok(v(&[])),
            err(json!(null), &[("invalid_type", "/ids")]),
            ok(json!("a"), v(&["a"])),
        ],
    );
    report.finish();
}

#[test]
fn min_items_and_max_items() {
    let mut report = Report::new();
    report.table::<Bounded>(
        "StringArrayLike<Items<1, 2>, Comma>",
        IDS,
        &[
            ok(json!("a"), v(&["a"])),
            ok(json!("a,,b,"), v(&["a", "b"])),
            ok(json!(["a", "b"]), v(&["a", "b"])),
            err(json!("a,b,c"), &[("too_long", "/ids")]),
            err(json!(["a", "b", "c"]), &[("too_long", "/ids")]),
            err(json!(r#"["a","b","c"]"#), &[("too_long", "/ids")]),
            err(
                json!(["a", "b", 3]),
                &[("too_long", "/ids"), ("invalid_type", "/ids/2")],
            ),
            err(json!(""), &[("too_short", "/ids")]),
            err(json!(","), &[("too_short", "/ids")]),
            err(json!([]), &[("too_short", "/ids")]),
            err(json!("[]"), &[("too_short", "/ids")]),
        ],
    );
    report.finish();
}

/// Bounds first, then the separator; a separator standing alone is any count.
#[test]
fn bounds_then_separator() {
    let mut report = Report::new();
    report.table::<BoundedWhole>(
        "StringArrayLike<Items<1, 2>, NoSplit>",
        IDS,
        &[
            ok(json!(" Smith, John "), v(&["Smith, John"])),
            ok(json!(r#"["a, b", "c"]"#), v(&["a, b", "c"])),
            err(json!(["a", "b", "c"]), &[("too_long", "/ids")]),
            err(json!(""), &[("too_short", "/ids")]),
        ],
    );
    report.table::<Semi>(
        "StringArrayLike<Semicolon>",
        IDS,
        &[
            ok(
                json!("Smith, John; Doe, Jane"),
                v(&["Smith, John", "Doe, Jane"]),
            ),
            ok(json!("a;b;c;d"), v(&["a", "b", "c", "d"])),
        ],
    );
    report.table::<BoundedSemi>(
        "StringArrayLike<Items<0, 1>, Semicolon>",
        IDS,
        &[
            ok(json!("a, b"), v(&["a, b"])),
            ok(json!(""), v(&[])),
            err(json!("a; b"), &[("too_long", "/ids")]),
        ],
    );
    report.finish();
}

#[test]
fn every_refusal_follows_the_issue_model() {
    let mut report = Report::new();
    for row in comma_rows().into_iter().filter(Row::refused) {
        let args = IDS.args(row.input.as_ref()).unwrap();
        if let Err(r) = mcp_coerce::from_value::<Comma>(args.clone()) {
            let label = format!("row {}:{} {args}", row.at.file(), row.at.line());
            check_issue_model(&mut report, &label, &r);
        }
    }
    report.finish();
}

/// The corpus cases on `memory_session_ids` (`demo_get_sdk_sessions`).
#[test]
fn client_corpus_session_cases() {
    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct GetSdkSessions {
        #[serde_as(as = "StringArrayLike")]
        memory_session_ids: Vec<String>,
    }
    impl Field for GetSdkSessions {
        type Out = Vec<String>;
        fn out(self) -> Vec<String> {
            self.memory_session_ids
        }
    }
    let mut report = Report::new();
    report.table::<GetSdkSessions>(
        "demo_get_sdk_sessions",
        Place::Field("memory_session_ids"),
        &[
            ok(json!(["abc", "def"]), v(&["abc", "def"])), // sessions-native
            ok(json!(r#"["abc","def"]"#), v(&["abc", "def"])), // sessions-json-string
            ok(json!("abc,def"), v(&["abc", "def"])),      // sessions-comma
            ok(json!("abc, def , ghi"), v(&["abc", "def", "ghi"])), // sessions-comma-spaces
            err(json!(42), &[("invalid_type", "/ids")]),   // sessions-number
        ],
    );
    report.finish();
}
