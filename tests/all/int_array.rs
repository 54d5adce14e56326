//! The integer-array adapter row by row (the shapes of the `int_array` module docs and
//! more), the optional-field rules and the array cases of the client corpus, through the
//! crate's entry points (`from_value` and `from_str`), in every spelling the crate offers:
//! `#[serde_as(as = "IntArrayLike")]`, `deserialize_with = "int_array::deserialize"`,
//! `with = "int_array::option"`, the wrapper `IntArray`, and `Vec<IntArrayLike>`.
//!
//! Paths in the tables are written for a field named `ids`; other placements rewrite them.

use crate::common;

use common::{Field, Place, Report, Row, absent_err, absent_ok, check_issue_model, err, ok};
use mcp_coerce::{IntArray, IntArrayLike, Items};
use serde::Deserialize;
use serde_json::{Value, json};
use serde_with::serde_as;

/// One arguments type per spelling: `spelling!(Name, FieldType, attributes...)`.
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

spelling!(I64, Vec<i64>, #[serde_as(as = "IntArrayLike")]);
spelling!(U32, Vec<u32>, #[serde_as(as = "IntArrayLike")]);
spelling!(U8, Vec<u8>, #[serde_as(as = "IntArrayLike")]);
spelling!(I128, Vec<i128>, #[serde_as(as = "IntArrayLike")]);
spelling!(U128, Vec<u128>, #[serde_as(as = "IntArrayLike")]);
spelling!(Bounded, Vec<i64>, #[serde_as(as = "IntArrayLike<Items<1, 3>>")]);
spelling!(
    OptBounded,
    Option<Vec<i64>>,
    #[serde_as(as = "IntArrayLike<Items<1, 3>>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
);
spelling!(
    Opt,
    Option<Vec<i64>>,
    #[serde_as(as = "IntArrayLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
);
spelling!(GenericOpt, Option<Vec<i64>>, #[serde_as(as = "Option<IntArrayLike>")]);
spelling!(
    With,
    Vec<i64>,
    #[serde(deserialize_with = "mcp_coerce::int_array::deserialize")]
);
spelling!(
    WithOpt,
    Option<Vec<i64>>,
    #[serde(default, with = "mcp_coerce::int_array::option")]
);
spelling!(Default_, Vec<i64>, #[serde_as(as = "IntArrayLike")] #[serde(default)]);
spelling!(
    DefaultFn,
    Vec<i64>,
    #[serde_as(as = "IntArrayLike")]
    #[serde(default = "seven")]
);

fn seven() -> Vec<i64> {
    vec![7]
}

#[derive(Deserialize, Debug)]
struct Wrapper {
    ids: IntArray<i64>,
}
impl Field for Wrapper {
    type Out = Vec<i64>;
    fn out(self) -> Vec<i64> {
        self.ids.into_inner()
    }
}

#[derive(Deserialize, Debug)]
struct WrapperBounded {
    ids: IntArray<i64, Items<1, 3>>,
}
impl Field for WrapperBounded {
    type Out = Vec<i64>;
    fn out(self) -> Vec<i64> {
        self.ids.into_inner()
    }
}

#[derive(Deserialize, Debug)]
struct WrapperOpt {
    #[serde(default)]
    ids: Option<IntArray<i64>>,
}
impl Field for WrapperOpt {
    type Out = Option<Vec<i64>>;
    fn out(self) -> Option<Vec<i64>> {
        self.ids.map(IntArray::into_inner)
    }
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Groups {
    #[serde_as(as = "Vec<IntArrayLike>")]
    groups: Vec<Vec<i64>>,
}
impl Field for Groups {
    type Out = Vec<Vec<i64>>;
    fn out(self) -> Vec<Vec<i64>> {
        self.groups
    }
}

const IDS: Place = Place::Field("ids");

fn groups_first() -> Value {
    json!([9])
}
const GROUPS: Place = Place::Second("groups", groups_first);

/// `s` as a JSON string: one more layer of string encoding.
fn enc(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// The notations the integer scalar rules refuse as `int_parsing` (row "decimal notation
/// only"), and a few more of the same kind.
const NOT_DECIMAL: &[&str] = &[
    "1e3", "0x10", "1_000", "1 000", "١٢", "NaN", "5.", ".5", // the row's own list
    "1E3", "-1e3", "inf", "Infinity", "-", "+", "++5", "+-5", "1.2.3", "0b1", "0o7", "１２",
    "5,", // (as a native element: a comma is not a digit)
    "abc", "",
];

/// Whether serde_json, as this test is built, parses decimal floats exactly (its
/// `float_roundtrip` feature, which mcp-coerce's feature of that name turns on; so does
/// jsonschema, under the `rmcp` and `testing` features).
fn floats_parse_exactly() -> bool {
    serde_json::from_str::<f64>("9007199254740991.0")
        .is_ok_and(|f| f.to_bits() == 9_007_199_254_740_991_f64.to_bits())
}

/// The row of an integral float between 2^52 and 2^53 (`value` as a float in `input`):
/// read exactly where floats parse exactly; elsewhere refused with `int_overflow` (it may
/// have been read one off, as another integer), on both routes alike.
fn near_2_53(input: Value, value: i64) -> Row<Vec<i64>> {
    if floats_parse_exactly() {
        ok(input, vec![value])
    } else {
        err(input, &[("int_overflow", "/ids/0")])
    }
}

/// The integer-array table for `i64`, every shape (rows for other widths follow in their
/// own tables). Absent and `null` are last (the optional spellings replace them).
fn i64_rows() -> Vec<Row<Vec<i64>>> {
    let mut rows = vec![
        // `[1,2,3]` -> `[1,2,3]`
        ok(json!([1, 2, 3]), vec![1, 2, 3]),
        ok(
            json!([-5, 0, i64::MAX, i64::MIN]),
            vec![-5, 0, i64::MAX, i64::MIN],
        ),
        // `"[1,2,3]"`, `" [ 1, 2, 3 ] "` -> `[1,2,3]` (JSON-encoded; surrounding whitespace trimmed)
        ok(json!("[1,2,3]"), vec![1, 2, 3]),
        ok(json!(" [ 1, 2, 3 ] "), vec![1, 2, 3]),
        ok(json!("\n\t[1,2,3]\u{a0}"), vec![1, 2, 3]),
        ok(json!("[1271, 2106]"), vec![1271, 2106]), // case ids-json-string-spaced
        // `"1,2,3"`, `" 1 , 2 ,3 "` -> `[1,2,3]` (comma-separated; each piece trimmed)
        ok(json!("1,2,3"), vec![1, 2, 3]),
        ok(json!(" 1 , 2 ,3 "), vec![1, 2, 3]),
        ok(json!("1,\u{2003}2\t,\n3"), vec![1, 2, 3]), // Unicode White_Space trimmed
        // `"1,,2"`, `"1,2,"` -> `[1,2]`; paths index the pieces that remain
        ok(json!("1,,2"), vec![1, 2]),
        ok(json!("1,2,"), vec![1, 2]),
        ok(json!("1,,2,"), vec![1, 2]), // case ids-empty-pieces
        ok(json!(",1"), vec![1]),
        ok(json!("1, ,2"), vec![1, 2]),
        err(json!("1,,x"), &[("int_parsing", "/ids/1")]),
        err(
            json!(",,x,, y ,3"),
            &[("int_parsing", "/ids/0"), ("int_parsing", "/ids/1")],
        ),
        // `[]`, `"[]"`, `""`, `"   "` -> `[]`
        ok(json!([]), vec![]),
        ok(json!("[]"), vec![]),
        ok(json!(" [ ] "), vec![]),
        ok(json!(""), vec![]),
        ok(json!("   "), vec![]),
        ok(json!(","), vec![]),
        ok(json!(" , , "), vec![]),
        // `7`, `"7"` -> `[7]`
        ok(json!(7), vec![7]),
        ok(json!("7"), vec![7]),
        ok(json!(-7), vec![-7]),
        ok(json!(" 7 "), vec![7]),
        // `["1", 2, 3.0]`, `["4.0"]`, `"1.0, 2"` -> `[1,2,3]`, `[4]`, `[1,2]`: every element,
        // native, JSON-decoded or a comma piece, follows the integer scalar rules
        ok(json!(["1", 2, 3.0]), vec![1, 2, 3]),
        ok(json!(["4.0"]), vec![4]),
        ok(json!("1.0, 2"), vec![1, 2]),
        ok(
            json!(["5", " 5 ", "+5", 5.0, "5.0", "-5", "5.000"]),
            vec![5, 5, 5, 5, 5, -5, 5],
        ),
        ok(
            json!(r#"["5", " 5 ", "+5", 5.0, "5.0", "-5"]"#),
            vec![5, 5, 5, 5, 5, -5],
        ),
        ok(json!("5, +5, 5.0, -5"), vec![5, 5, 5, -5]),
        ok(json!(7.0), vec![7]),
        ok(json!("7.0"), vec![7]),
        ok(json!("+7"), vec![7]),
        err(json!([5.5]), &[("int_from_float", "/ids/0")]),
        err(json!(["5.5"]), &[("int_from_float", "/ids/0")]),
        err(json!("[1, 5.5]"), &[("int_from_float", "/ids/1")]),
        err(json!(r#"[1, "5.5"]"#), &[("int_from_float", "/ids/1")]),
        err(json!("1, 5.5"), &[("int_from_float", "/ids/1")]),
        err(json!(7.5), &[("int_from_float", "/ids/0")]),
        err(json!("7.5"), &[("int_from_float", "/ids/0")]),
        // `"[\"1\",\"2\"]"` -> `[1,2]`
        ok(json!(r#"["1","2"]"#), vec![1, 2]),
        // `"\"[1,2]\""` -> `[1,2]`: at most two layers peeled; a third is `invalid_type`
        ok(json!(enc("[1,2]")), vec![1, 2]),
        ok(json!(format!(" {} ", enc("[1,2]"))), vec![1, 2]),
        ok(json!(enc("1,2")), vec![1, 2]),
        ok(json!(enc("7")), vec![7]),
        ok(json!(enc(r#"["1","2"]"#)), vec![1, 2]),
        err(json!(enc(&enc("[1,2]"))), &[("invalid_type", "/ids")]),
        err(json!(enc(&enc("1,2"))), &[("invalid_type", "/ids")]),
        err(json!(enc(&enc("7"))), &[("invalid_type", "/ids")]),
        // `[1, 2.5]` -> `int_from_float` at `/ids/1`
        err(json!([1, 2.5]), &[("int_from_float", "/ids/1")]),
        // `"foo,bar"` -> `int_parsing` at `/ids/0` and `/ids/1`; every bad element reported
        err(
            json!("foo,bar"),
            &[("int_parsing", "/ids/0"), ("int_parsing", "/ids/1")],
        ),
        err(
            json!("1,x,y"),
            &[("int_parsing", "/ids/1"), ("int_parsing", "/ids/2")],
        ),
        err(
            json!([1, "x", 2.5, true, null, [1], {"a": 1}]),
            &[
                ("int_parsing", "/ids/1"),
                ("int_from_float", "/ids/2"),
                ("invalid_type", "/ids/3"),
                ("invalid_type", "/ids/4"),
                ("invalid_type", "/ids/5"),
                ("invalid_type", "/ids/6"),
            ],
        ),
        err(
            json!(r#"[1, "x", 2.5, true, null]"#),
            &[
                ("int_parsing", "/ids/1"),
                ("int_from_float", "/ids/2"),
                ("invalid_type", "/ids/3"),
                ("invalid_type", "/ids/4"),
            ],
        ),
        // `"[1,2"` -> `invalid_json` at `/ids` (a string starting with `[` is JSON only)
        err(json!("[1,2"), &[("invalid_json", "/ids")]),
        err(json!(" [1,2 "), &[("invalid_json", "/ids")]),
        err(json!("["), &[("invalid_json", "/ids")]),
        err(json!("[1,2],3"), &[("invalid_json", "/ids")]),
        err(json!("[1,2] x"), &[("invalid_json", "/ids")]),
        err(json!("[1;2]"), &[("invalid_json", "/ids")]),
        err(json!("[1,,2]"), &[("invalid_json", "/ids")]),
        err(json!("[draft] 1,2"), &[("invalid_json", "/ids")]),
        err(json!(enc("[1,2")), &[("invalid_json", "/ids")]),
        // `"99999999999999999999"` (i64) -> `int_overflow` at `/ids/0`
        err(json!("99999999999999999999"), &[("int_overflow", "/ids/0")]),
        err(
            json!(["99999999999999999999"]),
            &[("int_overflow", "/ids/0")],
        ),
        err(
            json!("1, 99999999999999999999"),
            &[("int_overflow", "/ids/1")],
        ),
        err(
            json!(r#"[1, "99999999999999999999"]"#),
            &[("int_overflow", "/ids/1")],
        ),
        err(json!("9223372036854775808"), &[("int_overflow", "/ids/0")]),
        err(json!("-9223372036854775809"), &[("int_overflow", "/ids/0")]),
        ok(
            json!("9223372036854775807, -9223372036854775808"),
            vec![i64::MAX, i64::MIN],
        ),
        err(
            json!(9_223_372_036_854_775_808_u64),
            &[("int_overflow", "/ids/0")],
        ),
        err(json!([1, u64::MAX]), &[("int_overflow", "/ids/1")]),
        err(
            json!("[18446744073709551615]"),
            &[("int_overflow", "/ids/0")],
        ),
        // a float of magnitude 2^53 or more -> `int_overflow`
        err(json!(1e20), &[("int_overflow", "/ids/0")]),
        err(json!([1e20]), &[("int_overflow", "/ids/0")]),
        err(json!([-1e20]), &[("int_overflow", "/ids/0")]),
        err(
            json!([1, 9_007_199_254_740_993.0_f64]),
            &[("int_overflow", "/ids/1")],
        ),
        err(
            json!([9_007_199_254_740_992.0_f64]),
            &[("int_overflow", "/ids/0")],
        ),
        err(
            json!([-9_007_199_254_740_992.0_f64]),
            &[("int_overflow", "/ids/0")],
        ),
        err(json!("[1e20]"), &[("int_overflow", "/ids/0")]),
        err(json!("[9007199254740993.0]"), &[("int_overflow", "/ids/0")]),
        near_2_53(json!([9_007_199_254_740_991.0_f64]), 9_007_199_254_740_991),
        near_2_53(json!("[9007199254740991.0]"), 9_007_199_254_740_991), // 2^53 - 1, as JSON text
        ok(json!("9007199254740991.0"), vec![9_007_199_254_740_991]),    // a comma piece: digits
        // an integral float between 2^52 and 2^53, which needs every bit of the mantissa
        // (a shrunk case of array_properties::from_str_and_from_value_agree)
        near_2_53(json!([7_378_027_758_642_401.0_f64]), 7_378_027_758_642_401),
        near_2_53(json!("[7378027758642401.0]"), 7_378_027_758_642_401),
        // below 2^52 a float read inexactly is no integer: refused as fractional
        // (2193373672407292.8 without exact float parsing), never another integer
        if floats_parse_exactly() {
            ok(json!("[2193373672407293.0]"), vec![2_193_373_672_407_293])
        } else {
            err(
                json!("[2193373672407293.0]"),
                &[("int_from_float", "/ids/0")],
            )
        },
        // 2^52 - 1: below the limit, and read exactly by either reader
        ok(
            json!([4_503_599_627_370_495.0_f64]),
            vec![4_503_599_627_370_495],
        ),
        ok(
            json!([9_007_199_254_740_993_i64]),
            vec![9_007_199_254_740_993],
        ), // an integer, exact
        ok(json!(["9007199254740993"]), vec![9_007_199_254_740_993]),
        // `true`, `{"a":1}`, `[[1]]` -> `invalid_type` (at the field, or at the element)
        err(json!(true), &[("invalid_type", "/ids")]),
        err(json!(false), &[("invalid_type", "/ids")]),
        err(json!({"a": 1}), &[("invalid_type", "/ids")]),
        err(json!({}), &[("invalid_type", "/ids")]),
        err(json!([[1]]), &[("invalid_type", "/ids/0")]),
        err(json!([1, [2], 3]), &[("invalid_type", "/ids/1")]),
        err(json!([{"a": 1}]), &[("invalid_type", "/ids/0")]),
        err(json!([true]), &[("invalid_type", "/ids/0")]),
        err(json!([null]), &[("invalid_type", "/ids/0")]),
        err(json!("[[1]]"), &[("invalid_type", "/ids/0")]),
        err(json!(r#"[{"a":1}]"#), &[("invalid_type", "/ids/0")]),
        err(json!("[true, 1]"), &[("invalid_type", "/ids/0")]),
        err(json!(enc("[[1]]")), &[("invalid_type", "/ids/0")]),
    ];
    // `"1e3"`, `"0x10"`, ... -> `int_parsing`, as a lone string, a native element, a
    // JSON-decoded element; and as a comma piece where the notation has no comma or padding.
    for s in NOT_DECIMAL {
        if !s.trim().is_empty() && !s.contains(',') {
            rows.push(err(json!(s), &[("int_parsing", "/ids/0")]));
            rows.push(err(json!(format!("1, {s}")), &[("int_parsing", "/ids/1")]));
        }
        rows.push(err(json!([1, s]), &[("int_parsing", "/ids/1")]));
        rows.push(err(
            json!(serde_json::to_string(&json!([1, s])).unwrap()),
            &[("int_parsing", "/ids/1")],
        ));
    }
    rows.extend([
        // `null` -> `invalid_type`; field absent -> `missing`
        err(json!(null), &[("invalid_type", "/ids")]),
        absent_err(&[("missing", "/ids")]),
    ]);
    rows
}

/// The rows the optional spellings answer differently: absent, `null`, and the strings the
/// "Optional fields" table maps to `None`.
fn optional_differs(row: &Row<Vec<i64>>) -> bool {
    match &row.input {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.trim().is_empty() || s == "null",
        Some(_) => false,
    }
}

/// Every other row, as the inner type's answer (`Some`), for the optional spellings.
fn optional_rest() -> Vec<Row<Option<Vec<i64>>>> {
    i64_rows()
        .iter()
        .filter(|r| !optional_differs(r))
        .map(|r| r.map(|v| Some(v.clone())))
        .collect()
}

#[test]
fn every_row_for_i64() {
    let mut report = Report::new();
    report.table::<I64>("serde_as IntArrayLike", IDS, &i64_rows());
    report.finish();
}

#[test]
fn every_row_through_deserialize_with() {
    let mut report = Report::new();
    report.table::<With>("deserialize_with int_array::deserialize", IDS, &i64_rows());
    report.finish();
}

#[test]
fn every_row_through_the_wrapper_type() {
    let mut report = Report::new();
    report.table::<Wrapper>("IntArray<i64>", IDS, &i64_rows());
    report.finish();
}

#[test]
fn every_row_inside_vec_of_int_array_like() {
    let rows: Vec<Row<Vec<Vec<i64>>>> = i64_rows()
        .iter()
        .map(|r| r.map(|v| vec![vec![9], v.clone()]))
        .collect();
    let mut report = Report::new();
    report.table::<Groups>("Vec<IntArrayLike>", GROUPS, &rows);
    // Elsewhere in the outer array, and the outer value itself.
    report.table::<Groups>(
        "Vec<IntArrayLike>",
        Place::Field("groups"),
        &[
            ok(json!([]), vec![]),
            ok(
                json!(["1,2", [3], "[4]", 5]),
                vec![vec![1, 2], vec![3], vec![4], vec![5]],
            ),
            err(
                json!([[1], "x", ["1", "y"]]),
                &[("int_parsing", "/ids/1/0"), ("int_parsing", "/ids/2/1")],
            ),
            err(json!(true), &[("invalid_type", "/ids")]),
            err(json!(null), &[("invalid_type", "/ids")]),
            absent_err(&[("missing", "/ids")]),
        ],
    );
    report.finish();
}

/// "Optional fields": absent, `null`, `""`, `"   "`, `"null"` give `None`; anything else is
/// the inner type's answer, and a refusal stays a refusal.
fn crate_optional_rows() -> Vec<Row<Option<Vec<i64>>>> {
    let mut rows = vec![
        absent_ok(None),
        ok(json!(null), None),
        ok(json!(""), None),
        ok(json!("   "), None),
        ok(json!("\t\n"), None),
        ok(json!("null"), None),
        // the inner type's answer
        ok(json!(","), Some(vec![])),
        ok(json!([]), Some(vec![])),
        ok(json!("[]"), Some(vec![])),
    ];
    rows.extend([
        err(json!([null]), &[("invalid_type", "/ids/0")]),
        err(json!("NULL"), &[("int_parsing", "/ids/0")]),
        err(json!(enc("null")), &[("int_parsing", "/ids/0")]),
        err(json!("null,1"), &[("int_parsing", "/ids/0")]),
    ]);
    rows.extend(optional_rest());
    rows
}

#[test]
fn optional_field_written_the_crates_way() {
    let mut report = Report::new();
    report.table::<Opt>(
        "serde_as IntArrayLike on Option",
        IDS,
        &crate_optional_rows(),
    );
    report.finish();
}

#[test]
fn optional_field_through_with_int_array_option() {
    let mut report = Report::new();
    report.table::<WithOpt>("with int_array::option", IDS, &crate_optional_rows());
    report.finish();
}

/// serde_with's generic `Option<IntArrayLike>` (and `Option<IntArray>`): serde's own rules.
/// Absent and `null` give `None`; anything else, `""` included, is the inner type's answer.
fn generic_optional_rows() -> Vec<Row<Option<Vec<i64>>>> {
    let mut rows = vec![
        absent_ok(None),
        ok(json!(null), None),
        ok(json!(""), Some(vec![])), // the documented difference
        ok(json!("   "), Some(vec![])),
        err(json!("null"), &[("int_parsing", "/ids/0")]),
    ];
    rows.extend(optional_rest());
    rows
}

#[test]
fn generic_option_spelling_keeps_serdes_rules() {
    let mut report = Report::new();
    report.table::<GenericOpt>(
        "serde_as Option<IntArrayLike>",
        IDS,
        &generic_optional_rows(),
    );
    report.table::<WrapperOpt>("Option<IntArray<i64>>", IDS, &generic_optional_rows());
    report.finish();
}

/// field absent -> `missing`; with a serde default, the default. A field-level default
/// covers only an absent field: `null` is still refused.
#[test]
fn absent_field_with_a_serde_default() {
    let mut report = Report::new();
    let rows = |default: Vec<i64>| {
        vec![
            absent_ok(default),
            err(json!(null), &[("invalid_type", "/ids")]),
            ok(json!(""), vec![]),
            ok(json!("1,2"), vec![1, 2]),
            err(json!("x"), &[("int_parsing", "/ids/0")]),
        ]
    };
    report.table::<Default_>("serde(default)", IDS, &rows(vec![]));
    report.table::<DefaultFn>("serde(default = seven)", IDS, &rows(vec![7]));
    report.finish();
}

/// more items than `maxItems` (fewer than `minItems`) -> `too_long` (`too_short`) at the
/// array's path; lengths count items (after empty pieces are skipped).
fn bounded_rows() -> Vec<Row<Vec<i64>>> {
    vec![
        ok(json!([1]), vec![1]),
        ok(json!([1, 2, 3]), vec![1, 2, 3]),
        ok(json!("1,2,3"), vec![1, 2, 3]),
        ok(json!("1,,2,,3,,"), vec![1, 2, 3]),
        ok(json!("[1,2,3]"), vec![1, 2, 3]),
        ok(json!(7), vec![7]),
        ok(json!("7"), vec![7]),
        err(json!([1, 2, 3, 4]), &[("too_long", "/ids")]),
        err(json!("1,2,3,4"), &[("too_long", "/ids")]),
        err(json!("[1,2,3,4]"), &[("too_long", "/ids")]),
        err(json!(enc("[1,2,3,4]")), &[("too_long", "/ids")]),
        err(
            json!((0..10_000).collect::<Vec<i64>>()),
            &[("too_long", "/ids")],
        ),
        err(json!([]), &[("too_short", "/ids")]),
        err(json!("[]"), &[("too_short", "/ids")]),
        err(json!(""), &[("too_short", "/ids")]),
        err(json!(" , , "), &[("too_short", "/ids")]),
        // a bad item is an item: counted, and reported too
        err(
            json!([1, 2, 3, "x"]),
            &[("too_long", "/ids"), ("int_parsing", "/ids/3")],
        ),
        err(json!("1,2,x"), &[("int_parsing", "/ids/2")]),
        err(json!(null), &[("invalid_type", "/ids")]),
        absent_err(&[("missing", "/ids")]),
    ]
}

#[test]
fn min_items_and_max_items() {
    let mut report = Report::new();
    report.table::<Bounded>("serde_as IntArrayLike<Items<1, 3>>", IDS, &bounded_rows());
    report.table::<WrapperBounded>("IntArray<i64, Items<1, 3>>", IDS, &bounded_rows());
    // The optional spelling: the empty strings mean "absent"; an empty array is refused.
    let mut optional: Vec<Row<Option<Vec<i64>>>> = vec![
        absent_ok(None),
        ok(json!(null), None),
        ok(json!(""), None),
        ok(json!("null"), None),
    ];
    optional.extend(
        bounded_rows()
            .iter()
            .filter(|r| match &r.input {
                None | Some(Value::Null) => false,
                Some(Value::String(s)) => !s.trim().is_empty(),
                Some(_) => true,
            })
            .map(|r| r.map(|v| Some(v.clone()))),
    );
    report.table::<OptBounded>(
        "serde_as IntArrayLike<Items<1, 3>> on Option",
        IDS,
        &optional,
    );
    report.finish();
}

/// Rows about the element type: `"-1"` (for u32) -> `int_overflow` at `/ids/0`.
#[test]
fn unsigned_and_narrow_element_types() {
    let mut report = Report::new();
    report.table::<U32>(
        "u32",
        IDS,
        &[
            ok(json!([0, 1, u32::MAX]), vec![0, 1, u32::MAX]),
            ok(json!("4294967295"), vec![u32::MAX]),
            ok(json!(["-0", -0.0, "0.0"]), vec![0, 0, 0]),
            err(json!("-1"), &[("int_overflow", "/ids/0")]),
            err(json!(-1), &[("int_overflow", "/ids/0")]),
            err(json!([1, -1]), &[("int_overflow", "/ids/1")]),
            err(json!("[1, -1]"), &[("int_overflow", "/ids/1")]),
            err(json!("1, -1"), &[("int_overflow", "/ids/1")]),
            err(json!([-1.0]), &[("int_overflow", "/ids/0")]),
            err(json!([4_294_967_296_u64]), &[("int_overflow", "/ids/0")]),
            err(json!("4294967296"), &[("int_overflow", "/ids/0")]),
            err(json!([1e20]), &[("int_overflow", "/ids/0")]),
            err(json!("-x"), &[("int_parsing", "/ids/0")]),
        ],
    );
    report.table::<U8>(
        "u8",
        IDS,
        &[
            ok(json!([0, 255, "255", 255.0]), vec![0, 255, 255, 255]),
            err(json!([256]), &[("int_overflow", "/ids/0")]),
            err(json!(["256"]), &[("int_overflow", "/ids/0")]),
            err(json!([256.0]), &[("int_overflow", "/ids/0")]),
            err(json!("1,2,300"), &[("int_overflow", "/ids/2")]),
            err(json!(-1), &[("int_overflow", "/ids/0")]),
            err(json!(300), &[("int_overflow", "/ids/0")]),
        ],
    );
    report.finish();
}

/// for i128/u128: a native JSON number beyond the i64/u64 range -> `int_overflow` unless it
/// is exact (serde_json without `arbitrary_precision` rounds such numbers to f64); the
/// string form stays exact.
#[test]
fn wide_element_types() {
    let big: i128 = 99_999_999_999_999_999_999;
    let mut report = Report::new();
    report.table::<I128>(
        "i128",
        IDS,
        &[
            ok(json!("99999999999999999999"), vec![big]),
            ok(json!(["99999999999999999999", "-99999999999999999999"]), vec![big, -big]),
            ok(json!("[\"99999999999999999999\"]"), vec![big]),
            ok(json!("99999999999999999999, 1"), vec![big, 1]),
            ok(
                json!("-170141183460469231731687303715884105728, 170141183460469231731687303715884105727"),
                vec![i128::MIN, i128::MAX],
            ),
            err(json!("170141183460469231731687303715884105728"), &[("int_overflow", "/ids/0")]),
            // native numbers inside the i64/u64 range are exact
            ok(json!([u64::MAX, i64::MIN]), vec![i128::from(u64::MAX), i128::from(i64::MIN)]),
            ok(json!(u64::MAX), vec![i128::from(u64::MAX)]),
            // beyond it, serde_json has rounded them: refused, not rounded
            err(
                serde_json::from_str("[18446744073709551616]").unwrap(),
                &[("int_overflow", "/ids/0")],
            ),
            err(
                serde_json::from_str("[1, 99999999999999999999]").unwrap(),
                &[("int_overflow", "/ids/1")],
            ),
            err(
                serde_json::from_str("-99999999999999999999").unwrap(),
                &[("int_overflow", "/ids/0")],
            ),
            err(json!("[99999999999999999999]"), &[("int_overflow", "/ids/0")]),
            err(json!([1e20]), &[("int_overflow", "/ids/0")]),
        ],
    );
    report.table::<U128>(
        "u128",
        IDS,
        &[
            ok(
                json!("340282366920938463463374607431768211455"),
                vec![u128::MAX],
            ),
            ok(json!([u64::MAX]), vec![u128::from(u64::MAX)]),
            ok(
                json!(["99999999999999999999"]),
                vec![99_999_999_999_999_999_999],
            ),
            err(
                json!("340282366920938463463374607431768211456"),
                &[("int_overflow", "/ids/0")],
            ),
            err(json!("-1"), &[("int_overflow", "/ids/0")]),
            err(json!([-1]), &[("int_overflow", "/ids/0")]),
            err(
                serde_json::from_str("[99999999999999999999]").unwrap(),
                &[("int_overflow", "/ids/0")],
            ),
        ],
    );
    report.finish();
}

/// The float row's hint: "send large integers as strings".
#[test]
fn inexact_float_hint_says_to_send_a_string() {
    let mut report = Report::new();
    for ids in [json!([1e20]), json!(1e20), json!("[9007199254740993.0]")] {
        let r = mcp_coerce::from_value::<I64>(json!({ "ids": ids })).unwrap_err();
        let hint = r.issues().first().map(|i| i.hint().to_owned());
        report.check(
            hint.as_deref().is_some_and(|h| h.contains("string")),
            || format!("{ids}: hint {hint:?} does not say to send a string"),
        );
    }
    report.finish();
}

/// Every issue of every refused row follows the issue model (message, hint, input).
#[test]
fn every_refusal_follows_the_issue_model() {
    let mut report = Report::new();
    let refused = |rows: Vec<Row<Vec<i64>>>| rows.into_iter().filter(Row::refused);
    for row in refused(i64_rows()) {
        let args = IDS.args(row.input.as_ref()).unwrap();
        let label = format!("row {}:{} {args}", row.at.file(), row.at.line());
        if let Err(r) = mcp_coerce::from_value::<I64>(args.clone()) {
            check_issue_model(&mut report, &label, &r);
        }
    }
    for row in refused(bounded_rows()) {
        let args = IDS.args(row.input.as_ref()).unwrap();
        let label = format!("row {}:{} {args}", row.at.file(), row.at.line());
        if let Err(r) = mcp_coerce::from_value::<Bounded>(args.clone()) {
            check_issue_model(&mut report, &label, &r);
        }
    }
    report.finish();
}

/// The corpus cases on `ids` (copied from the shared case file; `demo_get_observations`
/// declares `ids` as an i64 array of at most 1000 items).
#[test]
fn client_corpus_ids_cases() {
    spelling!(GetObservations, Vec<i64>, #[serde_as(as = "IntArrayLike<Items<0, 1000>>")]);
    let rows = [
        ok(json!([1, 2, 3]), vec![1, 2, 3]), // ids-native
        ok(json!("[1,2,3]"), vec![1, 2, 3]), // ids-json-string
        ok(json!("1,2,3"), vec![1, 2, 3]),   // ids-comma-string
        err(
            json!("foo,bar"),
            &[("int_parsing", "/ids/0"), ("int_parsing", "/ids/1")],
        ), // ids-junk
        absent_err(&[("missing", "/ids")]),  // ids-missing
        ok(json!([]), vec![]),               // ids-empty
        ok(json!("[1271, 2106]"), vec![1271, 2106]), // ids-json-string-spaced
        ok(json!(" 1 , 2 ,3 "), vec![1, 2, 3]), // ids-comma-padded
        ok(json!("7"), vec![7]),             // ids-lone-string
        ok(json!(7), vec![7]),               // ids-lone-number
        ok(json!(["1", 2, 3.0]), vec![1, 2, 3]), // ids-mixed-elements
        err(json!([1, 2.5]), &[("int_from_float", "/ids/1")]), // ids-fractional
        err(json!("[1,2"), &[("invalid_json", "/ids")]), // ids-truncated-json
        err(json!("99999999999999999999"), &[("int_overflow", "/ids/0")]), // ids-overflow
        err(json!("1e3"), &[("int_parsing", "/ids/0")]), // ids-exponent
        ok(json!("1,,2,"), vec![1, 2]),      // ids-empty-pieces
        ok(json!(""), vec![]),               // ids-empty-string
        err(json!(null), &[("invalid_type", "/ids")]), // ids-null
        err(json!(true), &[("invalid_type", "/ids")]), // ids-bool
        err(
            json!((0..1001).collect::<Vec<i64>>()),
            &[("too_long", "/ids")],
        ), // maxItems 1000
        ok(json!((0..1000).collect::<Vec<i64>>()), (0..1000).collect()),
    ];
    let mut report = Report::new();
    report.table::<GetObservations>("demo_get_observations", IDS, &rows);
    report.finish();
}
