//! Properties of the scalar adapters, both directions at the boundaries: accepted means in
//! range, and in range means accepted.
//!
//! Shrunk failures are kept by proptest under `proptest-regressions/`; a failure found
//! here also belongs as a named row in the `mcp-coerce` package's `tests/all/scalars.rs`.

use mcp_coerce::{
    BoolLike, Clamp, Code, DefaultTo, EnumLike, Int, IntArrayLike, IntLike, JsonObjectLike,
    NumberLike, Optional, PatternLike, Rejection, TextLike, Trim, from_str, from_value,
};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use serde_with::serde_as;

// ---------------------------------------------------------------------------------------
// Argument structs
// ---------------------------------------------------------------------------------------

const MIN: i64 = -1000;
const MAX: i64 = 1000;

#[serde_as]
#[derive(Deserialize, Debug)]
struct Rejecting {
    #[serde_as(as = "IntLike<-1000, 1000>")]
    n: i64,
}

#[derive(Deserialize, Debug)]
struct RejectWrap {
    n: Int<i64, -1000, 1000>,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Clamping {
    #[serde_as(as = "IntLike<-1000, 1000, Clamp>")]
    n: i64,
}

#[derive(Deserialize, Debug)]
struct ClampWrap {
    n: Int<i64, -1000, 1000, Clamp>,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct ClampI32 {
    #[serde_as(as = "IntLike<-5, 5, Clamp>")]
    n: i32,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct RejectU8 {
    #[serde_as(as = "IntLike<10, 200>")]
    n: u8,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct AnyI64 {
    #[serde_as(as = "IntLike")]
    n: i64,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct FullI64 {
    #[serde_as(as = "IntLike<-9223372036854775808, 9223372036854775807>")]
    n: i64,
}

mcp_coerce::number_range!(Price = 0.0..=1000.0);

#[serde_as]
#[derive(Deserialize, Debug)]
struct AnyNumber {
    #[serde_as(as = "NumberLike")]
    x: f64,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct PriceNumber {
    #[serde_as(as = "NumberLike<Price>")]
    x: f64,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Flag {
    #[serde_as(as = "BoolLike")]
    b: bool,
}

#[derive(Deserialize, Serialize, Debug, PartialEq, Eq, Clone, Copy)]
enum Category {
    #[serde(rename = "AI/ML")]
    AiMl,
    Data,
    #[serde(rename = "Web/API")]
    WebApi,
    Security,
    DevOps,
    Communication,
    Productivity,
    Automation,
    Finance,
    Marketing,
    Other,
}

const CATEGORIES: [(&str, Category); 11] = [
    ("AI/ML", Category::AiMl),
    ("Data", Category::Data),
    ("Web/API", Category::WebApi),
    ("Security", Category::Security),
    ("DevOps", Category::DevOps),
    ("Communication", Category::Communication),
    ("Productivity", Category::Productivity),
    ("Automation", Category::Automation),
    ("Finance", Category::Finance),
    ("Marketing", Category::Marketing),
    ("Other", Category::Other),
];

#[derive(Deserialize, Serialize, Debug, PartialEq, Eq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum OrderBy {
    DateDesc,
    DateAsc,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct CategoryArgs {
    #[serde_as(as = "EnumLike")]
    c: Category,
}

mcp_coerce::pattern! {
    CardId {
        name: "card_id",
        source: r"^ATC-[0-9]{4}-[0-9]{6,}$",
        example: "ATC-2026-7777670",
        max_length: 64,
    }
}

#[serde_as]
#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Inner {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i64>,
    #[serde_as(as = "IntLike<1, 100>")]
    limit: i64,
}

/// Every scalar adapter, required and optional: each field gets the same arbitrary value.
#[serde_as]
#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Every {
    #[serde_as(as = "IntLike")]
    int: i64,
    #[serde_as(as = "IntLike")]
    uint: u8,
    #[serde_as(as = "IntLike<1, 100>")]
    bounded: u32,
    #[serde_as(as = "IntLike<1, 50, Clamp>")]
    clamped: i64,
    #[serde_as(as = "IntLike<1, 50, Clamp, DefaultTo<10>>")]
    clamped_default: i64,
    #[serde(default)]
    clamped_wrap: Int<i64, 1, 50, Clamp, DefaultTo<10>>,
    #[serde_as(as = "NumberLike")]
    number: f64,
    #[serde_as(as = "NumberLike<Price>")]
    price: f64,
    #[serde_as(as = "BoolLike")]
    flag: bool,
    #[serde_as(as = "TextLike<3, 30>")]
    text: String,
    #[serde_as(as = "TextLike<1, 30, Trim>")]
    trimmed: String,
    #[serde_as(as = "PatternLike<CardId>")]
    card: String,
    #[serde_as(as = "EnumLike")]
    category: Category,
    #[serde_as(as = "EnumLike")]
    order_by: OrderBy,
    #[serde_as(as = "JsonObjectLike")]
    object: Inner,
    #[serde_as(as = "JsonObjectLike")]
    map: Map<String, Value>,
    #[serde_as(as = "IntLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_int: Option<i64>,
    #[serde_as(as = "IntLike<1, 100>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_bounded: Option<i64>,
    #[serde_as(as = "NumberLike<Price>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_price: Option<f64>,
    #[serde_as(as = "BoolLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_flag: Option<bool>,
    #[serde_as(as = "TextLike<1, 30, Trim>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_text: Option<String>,
    #[serde_as(as = "PatternLike<CardId>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_card: Option<String>,
    #[serde_as(as = "EnumLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_category: Option<Category>,
    #[serde_as(as = "JsonObjectLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_object: Option<Inner>,
}

/// Every optional spelling alone (and a default carried by the type): any one field sent
/// alone may be accepted.
#[serde_as]
#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Optionals {
    #[serde(default)]
    clamped_wrap: Int<i64, 1, 50, Clamp, DefaultTo<10>>,
    #[serde_as(as = "IntLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_int: Option<i64>,
    #[serde_as(as = "IntLike<1, 100>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_bounded: Option<i64>,
    #[serde_as(as = "NumberLike<Price>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_price: Option<f64>,
    #[serde_as(as = "BoolLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_flag: Option<bool>,
    #[serde_as(as = "TextLike<1, 30, Trim>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_text: Option<String>,
    #[serde_as(as = "PatternLike<CardId>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_card: Option<String>,
    #[serde_as(as = "EnumLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_category: Option<Category>,
    #[serde_as(as = "JsonObjectLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_object: Option<Inner>,
    #[serde_as(as = "JsonObjectLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_map: Option<Map<String, Value>>,
}

const OPTIONAL_FIELDS: [&str; 10] = [
    "clamped_wrap",
    "opt_int",
    "opt_bounded",
    "opt_price",
    "opt_flag",
    "opt_text",
    "opt_card",
    "opt_category",
    "opt_object",
    "opt_map",
];

const EVERY_FIELDS: [&str; 24] = [
    "int",
    "uint",
    "bounded",
    "clamped",
    "clamped_default",
    "clamped_wrap",
    "number",
    "price",
    "flag",
    "text",
    "trimmed",
    "card",
    "category",
    "order_by",
    "object",
    "map",
    "opt_int",
    "opt_bounded",
    "opt_price",
    "opt_flag",
    "opt_text",
    "opt_card",
    "opt_category",
    "opt_object",
];

// ---------------------------------------------------------------------------------------
// Helpers and strategies
// ---------------------------------------------------------------------------------------

fn codes(r: &Rejection) -> Vec<(Code, String)> {
    r.issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect()
}

/// Every lax form of an integer: native, string, `"N.0"`, and the float when exact.
fn int_forms(v: i64) -> Vec<Value> {
    let mut forms = vec![json!(v), json!(v.to_string()), json!(format!("{v}.0"))];
    if v.unsigned_abs() < (1u64 << 53) {
        #[allow(clippy::cast_precision_loss, reason = "exact below 2^53")]
        forms.push(json!(v as f64));
    }
    forms
}

/// Integers around the bounds, and anywhere.
fn around_bounds() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(MIN - 1),
        Just(MIN),
        Just(MAX),
        Just(MAX + 1),
        (MIN - 5)..=(MAX + 5),
        any::<i64>(),
        Just(i64::MIN),
        Just(i64::MAX),
    ]
}

fn finite_f64() -> impl Strategy<Value = f64> {
    prop::num::f64::POSITIVE
        | prop::num::f64::NEGATIVE
        | prop::num::f64::NORMAL
        | prop::num::f64::SUBNORMAL
        | prop::num::f64::ZERO
}

/// Characters with the Unicode White_Space property (what `str::trim` removes).
const WHITE_SPACE: [char; 25] = [
    '\u{9}', '\u{a}', '\u{b}', '\u{c}', '\u{d}', ' ', '\u{85}', '\u{a0}', '\u{1680}', '\u{2000}',
    '\u{2001}', '\u{2002}', '\u{2003}', '\u{2004}', '\u{2005}', '\u{2006}', '\u{2007}', '\u{2008}',
    '\u{2009}', '\u{200a}', '\u{2028}', '\u{2029}', '\u{202f}', '\u{205f}', '\u{3000}',
];

fn white_space() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(&WHITE_SPACE[..]), 0..4)
        .prop_map(|cs| cs.into_iter().collect())
}

const SEPARATORS: [char; 5] = ['-', '_', ' ', '/', '.'];

/// `name` with each letter's case flipped at random and separators inserted at random.
fn scrambled(name: &'static str) -> impl Strategy<Value = String> {
    let n = name.chars().count();
    (
        prop::collection::vec(any::<bool>(), n),
        prop::collection::vec(
            prop::option::weighted(0.4, prop::sample::select(&SEPARATORS[..])),
            n + 1,
        ),
    )
        .prop_map(move |(upper, seps)| {
            let mut out = String::new();
            if let Some(s) = seps[0] {
                out.push(s);
            }
            for ((c, up), sep) in name.chars().zip(upper).zip(&seps[1..]) {
                if up {
                    out.extend(c.to_uppercase());
                } else {
                    out.extend(c.to_lowercase());
                }
                if let Some(s) = sep {
                    out.push(*s);
                }
            }
            out
        })
}

/// Strings an agent might send, in a proportion random text would never reach.
fn interesting_string() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "",
            " ",
            "null",
            "NULL",
            "true",
            "false",
            "yes",
            "off",
            "0",
            "1",
            "-1",
            "5.0",
            "1e3",
            "NaN",
            "inf",
            "-Infinity",
            "1e400",
            "99999999999999999999",
            "AI/ML",
            "ai-ml",
            "date_desc",
            "ATC-2026-7777670",
            "{}",
            "[]",
            "{\"ids\": \"1,2\", \"limit\": 5}",
            "\"{}\"",
            "\"\\\"{}\\\"\"",
            "{",
            "[1,",
            "\u{a0}",
            "é",
            "😀",
        ])
        .prop_map(str::to_owned),
        "\\PC{0,12}",
        "[0-9 .+eE-]{0,12}",
    ]
}

/// Arbitrary JSON, including strings that hold JSON text (one or two layers).
fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        finite_f64().prop_map(Value::from),
        interesting_string().prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    prop::sample::select(vec!["ids", "limit", "a", "__proto__"])
                        .prop_map(str::to_owned),
                    "\\PC{0,6}",
                ],
                inner.clone(),
                0..6
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
            inner.prop_map(|v| Value::String(v.to_string())),
        ]
    })
}

// ---------------------------------------------------------------------------------------
// Bounded integers
// ---------------------------------------------------------------------------------------

/// The boundaries, both directions, without randomness: MIN-1, MIN, MAX, MAX+1.
#[test]
fn reject_mode_boundaries() {
    let mut failures = Vec::new();
    for (v, want) in [
        (MIN - 1, Err(Code::TooSmall)),
        (MIN, Ok(MIN)),
        (MAX, Ok(MAX)),
        (MAX + 1, Err(Code::TooBig)),
    ] {
        for form in int_forms(v) {
            let args = json!({ "n": form });
            let got = from_value::<Rejecting>(args.clone())
                .map(|a| a.n)
                .map_err(|r| codes(&r));
            let want = want.map_err(|c| vec![(c, "/n".to_owned())]);
            if got != want {
                failures.push(format!("{args}: expected {want:?}, got {got:?}"));
            }
        }
    }
    for (v, want) in [
        (9, Err(Code::TooSmall)),
        (10, Ok(10u8)),
        (200, Ok(200)),
        (201, Err(Code::TooBig)),
        (255, Err(Code::TooBig)),
        (256, Err(Code::IntOverflow)),
        (-1, Err(Code::IntOverflow)),
    ] {
        for form in int_forms(v) {
            let args = json!({ "n": form });
            let got = from_value::<RejectU8>(args.clone())
                .map(|a| a.n)
                .map_err(|r| codes(&r));
            let want = want.map_err(|c| vec![(c, "/n".to_owned())]);
            if got != want {
                failures.push(format!("{args}: expected {want:?}, got {got:?}"));
            }
        }
    }
    // the whole of i64 as bounds: its edges are in range, one past them overflows
    for (sent, want) in [
        (json!("-9223372036854775808"), Ok(i64::MIN)),
        (json!("9223372036854775807"), Ok(i64::MAX)),
        (json!("-9223372036854775809"), Err(Code::IntOverflow)),
        (json!("9223372036854775808"), Err(Code::IntOverflow)),
    ] {
        let args = json!({ "n": sent });
        let got = from_value::<FullI64>(args.clone())
            .map(|a| a.n)
            .map_err(|r| codes(&r));
        let want = want.map_err(|c| vec![(c, "/n".to_owned())]);
        if got != want {
            failures.push(format!("{args}: expected {want:?}, got {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

proptest! {
    /// Every in-range value round-trips in native, string and `"N.0"` forms (both modes,
    /// adapter and wrapper).
    #[test]
    fn bounded_in_range_round_trips(v in MIN..=MAX) {
        for form in int_forms(v) {
            let args = json!({ "n": form });
            prop_assert_eq!(from_value::<Rejecting>(args.clone()).map(|a| a.n).ok(), Some(v), "{}", args);
            prop_assert_eq!(from_value::<RejectWrap>(args.clone()).map(|a| a.n.into_inner()).ok(), Some(v), "{}", args);
            prop_assert_eq!(from_value::<Clamping>(args.clone()).map(|a| a.n).ok(), Some(v), "{}", args);
            prop_assert_eq!(from_value::<ClampWrap>(args.clone()).map(|a| a.n.into_inner()).ok(), Some(v), "{}", args);
        }
    }

    /// Any i64 round-trips through a plain integer adapter in every lax form.
    #[test]
    fn any_i64_round_trips(v in any::<i64>()) {
        for form in int_forms(v) {
            let args = json!({ "n": form });
            prop_assert_eq!(from_value::<AnyI64>(args.clone()).map(|a| a.n).ok(), Some(v), "{}", args);
        }
    }

    /// Reject mode: accepted exactly when in range, with the value sent; refused out of
    /// range with `too_small` / `too_big` at the field, never anything else.
    #[test]
    fn reject_accepts_iff_in_range(v in around_bounds()) {
        for form in int_forms(v) {
            let args = json!({ "n": form });
            let got = from_value::<Rejecting>(args.clone()).map(|a| a.n).map_err(|r| codes(&r));
            let want = if v < MIN {
                Err(vec![(Code::TooSmall, "/n".to_owned())])
            } else if v > MAX {
                Err(vec![(Code::TooBig, "/n".to_owned())])
            } else {
                Ok(v)
            };
            prop_assert_eq!(got, want, "{}", args);
        }
    }

    /// Clamp mode never leaves the range, for any i64 input, and moves only values that
    /// are out of range (to the nearest bound).
    #[test]
    fn clamp_never_leaves_the_range(v in around_bounds()) {
        for form in int_forms(v) {
            let args = json!({ "n": form });
            let got = from_value::<Clamping>(args.clone()).map(|a| a.n).map_err(|r| codes(&r));
            prop_assert_eq!(&got, &Ok(v.clamp(MIN, MAX)), "{}", args);
            let wrapped = from_value::<ClampWrap>(args.clone()).map(|a| a.n.into_inner()).map_err(|r| codes(&r));
            prop_assert_eq!(wrapped, got, "{}", args);
        }
    }

    /// Clamp mode into a narrower type: integers of the type are clamped, anything past
    /// the type is `int_overflow`, never clamped.
    #[test]
    fn clamp_refuses_past_the_target_type(v in prop_oneof![any::<i64>(), -70_000i64..70_000]) {
        for form in [json!(v), json!(v.to_string())] {
            let args = json!({ "n": form });
            let got = from_value::<ClampI32>(args.clone()).map(|a| a.n).map_err(|r| codes(&r));
            let want = match i32::try_from(v) {
                Ok(n) => Ok(n.clamp(-5, 5)),
                Err(_) => Err(vec![(Code::IntOverflow, "/n".to_owned())]),
            };
            prop_assert_eq!(got, want, "{}", args);
        }
    }

    // -----------------------------------------------------------------------------------
    // Numbers
    // -----------------------------------------------------------------------------------

    /// Any finite f64 round-trips exactly through its `to_string()` form (and natively).
    #[test]
    fn finite_f64_round_trips(f in finite_f64()) {
        for form in [json!(f.to_string()), json!(f), json!(format!(" {f:e} "))] {
            let args = json!({ "x": form });
            let got = from_value::<AnyNumber>(args.clone()).map(|a| a.x);
            prop_assert!(
                matches!(got, Ok(x) if x.to_bits() == f.to_bits() || (x == 0.0 && f == 0.0)),
                "{}: got {:?}", args, got
            );
        }
    }

    /// Bounded numbers: accepted exactly when within the inclusive bounds.
    #[test]
    fn number_accepts_iff_in_range(f in prop_oneof![finite_f64(), -10.0..1010.0f64, Just(0.0), Just(1000.0)]) {
        let args = json!({ "x": f.to_string() });
        let got = from_value::<PriceNumber>(args.clone()).map(|a| a.x).map_err(|r| codes(&r));
        let want = if f < 0.0 {
            Err(vec![(Code::TooSmall, "/x".to_owned())])
        } else if f > 1000.0 {
            Err(vec![(Code::TooBig, "/x".to_owned())])
        } else {
            Ok(f)
        };
        prop_assert_eq!(got, want, "{}", args);
    }

    // -----------------------------------------------------------------------------------
    // Enums
    // -----------------------------------------------------------------------------------

    /// Every variant's canonical name, with random casing and separators inserted
    /// anywhere, maps back to it.
    #[test]
    fn enum_variants_survive_case_and_separators(
        (index, sent) in (0..CATEGORIES.len()).prop_flat_map(|i| (Just(i), scrambled(CATEGORIES[i].0)))
    ) {
        let (name, want) = CATEGORIES[index];
        let exact = from_value::<CategoryArgs>(json!({ "c": name })).map(|a| a.c).ok();
        prop_assert_eq!(exact, Some(want), "{}", name);
        let args = json!({ "c": sent });
        let got = from_value::<CategoryArgs>(args.clone()).map(|a| a.c).map_err(|r| codes(&r));
        prop_assert_eq!(got, Ok(want), "{}", args);
    }

    // -----------------------------------------------------------------------------------
    // Booleans
    // -----------------------------------------------------------------------------------

    /// Every token, in any casing, with any surrounding Unicode White_Space.
    #[test]
    fn boolean_tokens_in_any_case_and_padding(
        token in prop::sample::select(vec![
            ("true", true), ("1", true), ("yes", true), ("on", true),
            ("false", false), ("0", false), ("no", false), ("off", false),
        ]),
        upper in prop::collection::vec(any::<bool>(), 5),
        before in white_space(),
        after in white_space(),
    ) {
        let (word, want) = token;
        let cased: String = word
            .chars()
            .zip(upper)
            .map(|(c, up)| if up { c.to_ascii_uppercase() } else { c })
            .collect();
        let args = json!({ "b": format!("{before}{cased}{after}") });
        let got = from_value::<Flag>(args.clone()).map(|a| a.b).map_err(|r| codes(&r));
        prop_assert_eq!(got, Ok(want), "{}", args);
    }

    /// Any other string is refused with `bool_parsing`, never read as a boolean.
    #[test]
    fn other_strings_are_not_booleans(text in prop_oneof!["\\PC{0,8}", "[a-zA-Z01 ]{0,6}"]) {
        let folded = text.trim().to_lowercase();
        prop_assume!(!["true", "1", "yes", "on", "false", "0", "no", "off"].contains(&folded.as_str()));
        let args = json!({ "b": text });
        let got = from_value::<Flag>(args.clone()).map(|a| a.b).map_err(|r| codes(&r));
        prop_assert_eq!(got, Err(vec![(Code::BoolParsing, "/b".to_owned())]), "{}", args);
    }

    // -----------------------------------------------------------------------------------
    // No panics
    // -----------------------------------------------------------------------------------

    /// No adapter panics on arbitrary JSON as its field value; a refusal always has at
    /// least one issue, each inside one of the fields; `from_str` on the same text agrees
    /// with `from_value`; under plain `serde_json` (fail fast) nothing panics either.
    #[test]
    fn no_adapter_panics_on_arbitrary_json(value in arb_json()) {
        let mut args = Map::new();
        for field in EVERY_FIELDS {
            args.insert(field.to_owned(), value.clone());
        }
        let args = Value::Object(args);
        let collected = from_value::<Every>(args.clone());
        if let Err(rejection) = &collected {
            prop_assert!(!rejection.issues().is_empty(), "an empty rejection for {}", args);
            for issue in rejection.issues() {
                let path = issue.path().to_string();
                prop_assert!(
                    EVERY_FIELDS.iter().any(|f| path == format!("/{f}") || path.starts_with(&format!("/{f}/"))),
                    "issue outside the fields: {} at {:?} for {}", issue.code(), path, args
                );
            }
        }
        // from_str reads the text with serde_json's float parser, which may differ from
        // `value` in the last bit: compare with the text read back as a Value
        let text = args.to_string();
        let reread: Value = serde_json::from_str(&text).expect("JSON text parses");
        let from_text = from_str::<Every>(&text);
        let from_reread = from_value::<Every>(reread.clone());
        prop_assert_eq!(from_text.is_ok(), collected.is_ok(), "from_str and from_value disagree on {}", args);
        prop_assert_eq!(from_text.ok(), from_reread.ok(), "from_str and from_value disagree on {}", text);
        let _ = serde_json::from_value::<Every>(args.clone());

        // and each optional adapter on its own, where it can be accepted: the collecting
        // entry point and plain serde_json (from_str's fast path) agree on the answer
        for field in OPTIONAL_FIELDS {
            let one = json!({ field: value.clone() });
            let collected = from_value::<Optionals>(one.clone());
            let direct = serde_json::from_value::<Optionals>(one.clone());
            prop_assert_eq!(
                collected.as_ref().ok(),
                direct.as_ref().ok(),
                "from_value {:?} and serde_json {:?} disagree on {}",
                collected.as_ref().map_err(codes),
                direct.as_ref().map_err(ToString::to_string),
                one
            );
            let text = one.to_string();
            let reread: Value = serde_json::from_str(&text).expect("JSON text parses");
            let from_text = from_str::<Optionals>(&text);
            let from_reread = from_value::<Optionals>(reread.clone());
            prop_assert_eq!(from_text.ok(), from_reread.ok(), "from_str and from_value disagree on {}", text);
        }
    }
}
