//! The scalar adapters, value by value, through both entry points (`mcp_coerce::from_value`
//! and `mcp_coerce::from_str`, the harness `tests/common/table.rs`) on small argument
//! structs: what each accepts and what it refuses with which code; then
//! the optional-field rules for each adapter's optional spelling (see the `optional`
//! module), and the rule that coercion only moves toward the declared type.
//!
//! Each table collects every failing row and fails once at the end with the full list.
//! A failing row here is a contract violation: each row states the documented outcome
//! (`docs/contract.md`, section "Scalars", and the adapters' module docs), not whatever the
//! implementation does (see the comments marked "Interpretation" where the docs are
//! silent).
//!
//! URLs with a policy and pass-through objects have tests of their own, with properties
//! (`crates/testsuite/tests/suite/url.rs`, `crates/testsuite/tests/suite/safe_object.rs`).

use crate::common::table::{Read, Report};

use mcp_coerce::enums::canonical_names;
use mcp_coerce::{
    Bool, BoolLike, Clamp, Code, DefaultTo, Enum, EnumLike, Int, IntArrayLike, IntLike, JsonObject,
    JsonObjectLike, Number, NumberLike, Optional, Pattern, PatternDef, PatternLike, Reject, Text,
    TextLike, Trim,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use serde_with::serde_as;

// ---------------------------------------------------------------------------------------
// Integers: plain and bounded
// ---------------------------------------------------------------------------------------

#[serde_as]
#[derive(Deserialize, Debug)]
struct IntI64 {
    #[serde_as(as = "IntLike")]
    n: i64,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct IntU32 {
    #[serde_as(as = "IntLike")]
    n: u32,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct IntU8 {
    #[serde_as(as = "IntLike")]
    n: u8,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct BoundedI64 {
    #[serde_as(as = "IntLike<1, 100>")]
    n: i64,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct BoundedNegI8 {
    #[serde_as(as = "IntLike<-10, -1>")]
    n: i8,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct ClampedI64 {
    #[serde_as(as = "IntLike<1, 50, Clamp>")]
    n: i64,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct ClampedU32 {
    #[serde_as(as = "IntLike<1, 50, Clamp>")]
    n: u32,
}

#[derive(Deserialize, Debug)]
struct BoundedWrap {
    n: Int<i64, 1, 100>,
}

#[derive(Deserialize, Debug)]
struct ClampedWrap {
    n: Int<i64, 1, 50, Clamp>,
}

/// Integers 1..=100 (or 1..=50) read by every integer adapter, as i64.
fn int_readers() -> [(&'static str, Read<i64>); 6] {
    [
        ("IntLike on i64", |a, r| r.read::<IntI64>(a).map(|a| a.n)),
        ("IntLike on u32", |a, r| {
            r.read::<IntU32>(a).map(|a| i64::from(a.n))
        }),
        ("IntLike<1, 100>", |a, r| {
            r.read::<BoundedI64>(a).map(|a| a.n)
        }),
        ("IntLike<1, 50, Clamp>", |a, r| {
            r.read::<ClampedI64>(a).map(|a| a.n)
        }),
        ("Int<i64, 1, 100>", |a, r| {
            r.read::<BoundedWrap>(a).map(|a| a.n.into_inner())
        }),
        ("Int<i64, 1, 50, Clamp>", |a, r| {
            r.read::<ClampedWrap>(a).map(|a| a.n.into_inner())
        }),
    ]
}

/// Scalars row "integer (plain or bounded)", for every integer adapter; and the integer
/// scalar rules the integer-array table spells out ("decimal notation only", 2^53).
#[test]
fn integer_plain_or_bounded() {
    let mut report = Report::default();
    for (name, read) in int_readers() {
        let mut t = report.table(name, "n", read);
        // accepts
        for sent in [
            json!(5),
            json!("5"),
            json!(" 5 "),
            json!("+5"),
            json!(5.0),
            json!("5.0"),
            json!("5.000"),
            json!(" +5.0 "),
            // Unicode White_Space, not only ASCII: NBSP, EM SPACE, IDEOGRAPHIC SPACE.
            json!("\u{a0}5\u{2003}"),
            json!("\u{3000}5\n"),
        ] {
            t.ok(sent, 5);
        }
        t.ok(json!("005"), 5);
        // refuses
        t.refuses(json!(5.5), Code::IntFromFloat);
        t.refuses(json!(0.5), Code::IntFromFloat);
        // Interpretation: a decimal string with a fractional part is `int_from_float`, as
        // the README's `"12,x,7.5"` example shows for comma pieces.
        t.refuses(json!("5.5"), Code::IntFromFloat);
        for junk in [
            "abc",
            "1e3",
            "0x10",
            "1_000",
            "1 000",
            "\u{661}\u{662}",
            "NaN",
            "5.",
            ".5",
            "+-5",
            "--5",
            "5e0",
            "five",
            "5 apples",
            "٥",
            // not White_Space, so not trimmed: BYTE ORDER MARK, ZERO WIDTH SPACE
            "\u{feff}5",
            "5\u{200b}",
            "+",
            "-",
        ] {
            t.refuses(json!(junk), Code::IntParsing);
        }
        // Interpretation: `""` in a required integer field is not decimal notation.
        t.refuses(json!(""), Code::IntParsing);
        t.refuses(json!(true), Code::InvalidType);
        t.refuses(json!(false), Code::InvalidType);
        t.refuses(json!(null), Code::InvalidType);
        t.refuses(json!([5]), Code::InvalidType);
        t.refuses(json!({"n": 5}), Code::InvalidType);
        // beyond the target type: never clamped, never bounded
        t.refuses(json!("99999999999999999999"), Code::IntOverflow);
        t.refuses(json!("-99999999999999999999"), Code::IntOverflow);
        // a float of magnitude 2^53 or more has lost its exact value
        t.refuses(json!(1e20), Code::IntOverflow);
        t.refuses(json!(9_007_199_254_740_992.0), Code::IntOverflow);
        t.refuses(json!(-9_007_199_254_740_992.0), Code::IntOverflow);
    }

    // Type ranges, exactly at the edges.
    let mut t = report.table("IntLike on i64", "n", |a, r| {
        r.read::<IntI64>(a).map(|a| a.n)
    });
    t.ok(json!(i64::MAX), i64::MAX);
    t.ok(json!(i64::MIN), i64::MIN);
    t.ok(json!("9223372036854775807"), i64::MAX);
    t.ok(json!("-9223372036854775808"), i64::MIN);
    // 2^53 - 1 as a float: read where serde_json parses floats exactly (`float_roundtrip`);
    // elsewhere refused, as it may have been read one off (see tests/all/int_array.rs).
    let exact = serde_json::from_str::<f64>("9007199254740991.0")
        .is_ok_and(|f| f.to_bits() == 9_007_199_254_740_991_f64.to_bits());
    if exact {
        t.ok(json!(9_007_199_254_740_991.0), 9_007_199_254_740_991);
    } else {
        t.refuses(json!(9_007_199_254_740_991.0), Code::IntOverflow);
    }
    t.ok(json!("9007199254740993"), 9_007_199_254_740_993);
    t.ok(json!("-0"), 0);
    t.refuses(json!("9223372036854775808"), Code::IntOverflow);
    t.refuses(json!(u64::MAX), Code::IntOverflow);
    let mut t = report.table("IntLike on u32", "n", |a, r| {
        r.read::<IntU32>(a).map(|a| a.n)
    });
    t.ok(json!(u32::MAX), u32::MAX);
    t.ok(json!("4294967295"), u32::MAX);
    t.ok(json!("-0"), 0);
    t.refuses(json!(-1), Code::IntOverflow);
    t.refuses(json!("-1"), Code::IntOverflow);
    t.refuses(json!(4_294_967_296_u64), Code::IntOverflow);
    t.refuses(json!(-1.0), Code::IntOverflow);
    let mut t = report.table("IntLike on u8", "n", |a, r| r.read::<IntU8>(a).map(|a| a.n));
    t.ok(json!(255), 255);
    t.ok(json!(255.0), 255);
    t.ok(json!("255.0"), 255);
    t.refuses(json!(256), Code::IntOverflow);
    t.refuses(json!("256"), Code::IntOverflow);
    t.refuses(json!(300.0), Code::IntOverflow);

    // Representative contexts. Interpretation: codes about the shape of the value carry no
    // context (`docs/contract.md`, section "Issues", names context keys only for bounds,
    // patterns, enums, URL reasons, forbidden keys and depths); an
    // overflow carries the target type's range as its bounds.
    let mut t = report.table("IntLike on u32", "n", |a, r| {
        r.read::<IntU32>(a).map(|a| a.n)
    });
    t.context(json!("abc"), Code::IntParsing, Value::Null);
    t.context(json!(5.5), Code::IntFromFloat, Value::Null);
    t.context(json!(true), Code::InvalidType, Value::Null);
    t.context(
        json!("-1"),
        Code::IntOverflow,
        json!({"minimum": 0, "maximum": 4_294_967_295_u32}),
    );
    t.hint_has(json!(1e20), Code::IntOverflow, "string");
    report.finish();
}

/// Scalars row "bounded integer, reject mode".
#[test]
fn bounded_integer_reject_mode() {
    let mut report = Report::default();
    let readers: [(&str, Read<i64>); 2] = [
        ("IntLike<1, 100>", |a, r| {
            r.read::<BoundedI64>(a).map(|a| a.n)
        }),
        ("Int<i64, 1, 100>", |a, r| {
            r.read::<BoundedWrap>(a).map(|a| a.n.into_inner())
        }),
    ];
    for (name, read) in readers {
        let mut t = report.table(name, "n", read);
        for (sent, want) in [
            (json!(1), 1),
            (json!(100), 100),
            (json!(50), 50),
            (json!("1"), 1),
            (json!(" +100 "), 100),
            (json!("100.0"), 100),
            (json!(100.0), 100),
            (json!(1.0), 1),
        ] {
            t.ok(sent, want);
        }
        for sent in [
            json!(0),
            json!(-1),
            json!("0"),
            json!("-0"),
            json!(0.0),
            json!(i64::MIN),
            json!("-9223372036854775808"),
        ] {
            t.refuses(sent, Code::TooSmall);
        }
        for sent in [
            json!(101),
            json!("101"),
            json!(101.0),
            json!("101.0"),
            json!(i64::MAX),
            json!("9223372036854775807"),
        ] {
            t.refuses(sent, Code::TooBig);
        }
        // beyond i64: overflow, not too_big
        t.refuses(json!("9223372036854775808"), Code::IntOverflow);
        t.refuses(json!(u64::MAX), Code::IntOverflow);
        // non-integers are refused as such, not as out of range
        t.refuses(json!(0.5), Code::IntFromFloat);
        t.refuses(json!("1e3"), Code::IntParsing);
        // context carries the bound
        t.context(json!(0), Code::TooSmall, json!({"minimum": 1}));
        t.context(json!(101), Code::TooBig, json!({"maximum": 100}));
        t.context(json!("500"), Code::TooBig, json!({"maximum": 100}));
    }
    let mut t = report.table("IntLike<-10, -1> on i8", "n", |a, r| {
        r.read::<BoundedNegI8>(a).map(|a| a.n)
    });
    t.ok(json!(-10), -10);
    t.ok(json!("-1"), -1);
    t.refuses(json!(0), Code::TooBig);
    t.refuses(json!(-11), Code::TooSmall);
    t.refuses(json!("-128"), Code::TooSmall);
    t.refuses(json!("-129"), Code::IntOverflow);
    t.context(json!(-11), Code::TooSmall, json!({"minimum": -10}));
    t.context(json!(0), Code::TooBig, json!({"maximum": -1}));
    report.finish();
}

/// Scalars row "bounded integer, clamp mode".
#[test]
fn bounded_integer_clamp_mode() {
    let mut report = Report::default();
    let readers: [(&str, Read<i64>); 2] = [
        ("IntLike<1, 50, Clamp>", |a, r| {
            r.read::<ClampedI64>(a).map(|a| a.n)
        }),
        ("Int<i64, 1, 50, Clamp>", |a, r| {
            r.read::<ClampedWrap>(a).map(|a| a.n.into_inner())
        }),
    ];
    for (name, read) in readers {
        let mut t = report.table(name, "n", read);
        for (sent, want) in [
            (json!(1), 1),
            (json!(50), 50),
            (json!(0), 1),
            (json!(-5), 1),
            (json!("0"), 1),
            (json!("-0"), 1),
            (json!(i64::MIN), 1),
            (json!("-9223372036854775808"), 1),
            (json!(51), 50),
            (json!(99999), 50),
            (json!("99999"), 50),
            (json!(" 500.0 "), 50),
            (json!(i64::MAX), 50),
            (json!("9223372036854775807"), 50),
            (json!(1e15), 50),
            (json!(-1e15), 1),
        ] {
            t.ok(sent, want);
        }
        // beyond the target type: int_overflow, not clamped
        t.refuses(json!("9223372036854775808"), Code::IntOverflow);
        t.refuses(json!("99999999999999999999"), Code::IntOverflow);
        t.refuses(json!("-99999999999999999999"), Code::IntOverflow);
        t.refuses(json!(u64::MAX), Code::IntOverflow);
        t.refuses(json!(1e20), Code::IntOverflow);
        // non-integers, as for plain integers: never clamped
        t.refuses(json!(5.5), Code::IntFromFloat);
        t.refuses(json!(0.5), Code::IntFromFloat);
        t.refuses(json!(-0.5), Code::IntFromFloat);
        t.refuses(json!("abc"), Code::IntParsing);
        t.refuses(json!("1e3"), Code::IntParsing);
        t.refuses(json!(true), Code::InvalidType);
        t.refuses(json!(null), Code::InvalidType);
        t.refuses(json!([]), Code::InvalidType);
    }
    let mut t = report.table("IntLike<1, 50, Clamp> on u32", "n", |a, r| {
        r.read::<ClampedU32>(a).map(|a| a.n)
    });
    t.ok(json!(0), 1);
    t.ok(json!(u32::MAX), 50);
    t.ok(json!("4294967295"), 50);
    t.refuses(json!(-1), Code::IntOverflow);
    t.refuses(json!("-1"), Code::IntOverflow);
    t.refuses(json!(4_294_967_296_u64), Code::IntOverflow);
    // Past the type, never clamped, and told the adapter's bounds (what the schema says).
    t.context(
        json!(-1),
        Code::IntOverflow,
        json!({"minimum": 1, "maximum": 50}),
    );
    report.finish();
}

#[derive(Deserialize, Debug)]
struct BoundedDefault {
    #[serde(default)]
    n: Int<u32, 1, 100, Reject, DefaultTo<20>>,
}

#[derive(Deserialize, Debug)]
struct ClampedDefault {
    #[serde(default)]
    n: Int<i64, 1, 50, Clamp, DefaultTo<10>>,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct ClampedAdapterDefault {
    #[serde_as(as = "IntLike<1, 50, Clamp, DefaultTo<10>>")]
    n: i64,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct BoundedAdapterDefault {
    #[serde_as(as = "IntLike<1, 100, Reject, DefaultTo<20>>")]
    n: u32,
}

/// "A default carried by the crate's type covers absent, `null`, `""` and `"null"` alike,
/// under the rules above" (Optional fields), for bounded and clamped integers.
#[test]
fn integer_default_in_the_type() {
    let mut report = Report::default();

    let mut t = report.table(
        "Int<u32, 1, 100, Reject, DefaultTo<20>> + serde(default)",
        "n",
        |a, r| r.read::<BoundedDefault>(a).map(|a| a.n.into_inner()),
    );
    t.ok_args(json!({}), 20);
    t.ok(json!(null), 20);
    t.ok(json!(""), 20);
    t.ok(json!("   "), 20);
    t.ok(json!("null"), 20);
    t.ok(json!("30"), 30);
    t.ok(json!(100), 100);
    // a refusal is never replaced by the default
    t.refuses(json!(0), Code::TooSmall);
    t.refuses(json!("101"), Code::TooBig);
    t.refuses(json!("abc"), Code::IntParsing);
    t.refuses(json!("nul"), Code::IntParsing);
    t.refuses(json!(2.5), Code::IntFromFloat);
    t.refuses(json!(true), Code::InvalidType);
    t.refuses(json!([]), Code::InvalidType);

    let mut t = report.table(
        "Int<i64, 1, 50, Clamp, DefaultTo<10>> + serde(default)",
        "n",
        |a, r| r.read::<ClampedDefault>(a).map(|a| a.n.into_inner()),
    );
    t.ok_args(json!({}), 10);
    t.ok_args(json!({"other": 1}), 10);
    t.ok(json!(null), 10);
    t.ok(json!(""), 10);
    t.ok(json!("  "), 10);
    t.ok(json!("null"), 10);
    t.ok(json!(500), 50);
    t.ok(json!("0"), 1);
    t.ok(json!(7), 7);
    t.refuses(json!("abc"), Code::IntParsing);
    t.refuses(json!("ten"), Code::IntParsing);
    t.refuses(json!(true), Code::InvalidType);
    t.refuses(json!({}), Code::InvalidType);

    // The adapter form: the default covers `null`, `""` and `"null"`. Interpretation: an
    // absent field is not the adapter's to see (serde never calls it), so a required
    // field stays required (`missing`); the wrapper types above cover absence.
    let mut t = report.table(
        "IntLike<1, 50, Clamp, DefaultTo<10>> on i64",
        "n",
        |a, r| r.read::<ClampedAdapterDefault>(a).map(|a| a.n),
    );
    t.ok(json!(null), 10);
    t.ok(json!(""), 10);
    t.ok(json!(" "), 10);
    t.ok(json!("null"), 10);
    t.ok(json!("7"), 7);
    t.ok(json!(-3), 1);
    t.refuses(json!("x"), Code::IntParsing);
    t.err_args(json!({}), &[(Code::Missing, "/n")]);

    let mut t = report.table(
        "IntLike<1, 100, Reject, DefaultTo<20>> on u32",
        "n",
        |a, r| r.read::<BoundedAdapterDefault>(a).map(|a| a.n),
    );
    t.ok(json!(null), 20);
    t.ok(json!(""), 20);
    t.ok(json!("null"), 20);
    t.refuses(json!(0), Code::TooSmall);
    t.refuses(json!("-1"), Code::IntOverflow);
    report.finish();
}

// ---------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------

mcp_coerce::number_range!(Price = 0.0..=1000.0);
mcp_coerce::number_range!(Unit = 0.0..=1.0);
mcp_coerce::number_range!(Skewed = -1.5..=2.5);

#[serde_as]
#[derive(Deserialize, Debug)]
struct Num {
    #[serde_as(as = "NumberLike")]
    x: f64,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct NumPrice {
    #[serde_as(as = "NumberLike<Price>")]
    x: f64,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct NumSkewed {
    #[serde_as(as = "NumberLike<Skewed>")]
    x: f64,
}

#[derive(Deserialize, Debug)]
struct NumUnitWrap {
    x: Number<Unit>,
}

/// Scalars row "number (f64, optionally bounded)".
#[test]
fn number_optionally_bounded() {
    let mut report = Report::default();
    let readers: [(&str, Read<f64>); 3] = [
        ("NumberLike", |a, r| r.read::<Num>(a).map(|a| a.x)),
        ("NumberLike<Price>", |a, r| {
            r.read::<NumPrice>(a).map(|a| a.x)
        }),
        ("Number<Unit>", |a, r| {
            r.read::<NumUnitWrap>(a).map(|a| a.x.into_inner())
        }),
    ];
    for (name, read) in readers {
        let mut t = report.table(name, "x", read);
        for (sent, want) in [
            (json!(0.5), 0.5),
            (json!("0.5"), 0.5),
            (json!(" 0.5 "), 0.5),
            (json!("\u{a0}0.5\u{3000}"), 0.5),
            (json!("5e-1"), 0.5),
            (json!("5E-1"), 0.5),
            (json!("+0.5"), 0.5),
            (json!(1), 1.0),
            (json!("1"), 1.0),
            (json!(0), 0.0),
            (json!("0.0"), 0.0),
        ] {
            t.ok(sent, want);
        }
        for sent in [
            json!(true),
            json!(false),
            json!([]),
            json!([0.5]),
            json!({}),
            json!({"x": 0.5}),
            // Interpretation: `null` in a required number field, as for booleans.
            json!(null),
        ] {
            t.refuses(sent, Code::InvalidType);
        }
        for junk in [
            "abc", "0x10", "1_0", "1,5", "1e", "e3", "--1", "0.5.1", "½", "1 0",
        ] {
            t.refuses(json!(junk), Code::FloatParsing);
        }
        for spelling in [
            "NaN",
            "nan",
            "-NaN",
            "inf",
            "+inf",
            "-inf",
            "INF",
            "Infinity",
            "-Infinity",
            "infinity",
            "1e400",
            "-1e400",
            " inf ",
        ] {
            t.refuses(json!(spelling), Code::NotFinite);
        }
        // representative contexts (no bound involved: no context)
        t.context(json!("abc"), Code::FloatParsing, Value::Null);
        t.context(json!("NaN"), Code::NotFinite, Value::Null);
        t.context(json!(true), Code::InvalidType, Value::Null);
    }

    let mut t = report.table("NumberLike", "x", |a, r| r.read::<Num>(a).map(|a| a.x));
    t.ok(json!("1e3"), 1000.0);
    t.ok(json!(-7), -7.0);
    t.ok(json!("-2.5e-3"), -0.0025);
    t.ok(json!(f64::MAX), f64::MAX);
    t.ok(json!("1.7976931348623157e308"), f64::MAX);
    t.ok(json!(f64::MIN), f64::MIN);
    t.ok(json!(u64::MAX), 18_446_744_073_709_551_615.0);
    t.ok(json!("1e-400"), 0.0);

    // bounds are inclusive, as for integers
    let mut t = report.table("NumberLike<Price> (0..=1000)", "x", |a, r| {
        r.read::<NumPrice>(a).map(|a| a.x)
    });
    t.ok(json!(0), 0.0);
    t.ok(json!(0.0), 0.0);
    t.ok(json!(1000), 1000.0);
    t.ok(json!("1000"), 1000.0);
    t.ok(json!("1e3"), 1000.0);
    t.ok(json!("1000.0"), 1000.0);
    t.ok(json!(2.99), 2.99);
    t.refuses(json!(-0.001), Code::TooSmall);
    t.refuses(json!("-1"), Code::TooSmall);
    t.refuses(json!(1000.0001), Code::TooBig);
    t.refuses(json!("1001"), Code::TooBig);
    t.refuses(json!(1e300), Code::TooBig);
    t.refuses(json!("1e400"), Code::NotFinite);
    t.refuses(json!("-inf"), Code::NotFinite);
    t.context(json!(-0.001), Code::TooSmall, json!({"minimum": 0.0}));
    t.context(json!(1000.5), Code::TooBig, json!({"maximum": 1000.0}));

    let mut t = report.table("Number<Unit> (0..=1)", "x", |a, r| {
        r.read::<NumUnitWrap>(a).map(|a| a.x.into_inner())
    });
    t.ok(json!(1), 1.0);
    t.ok(json!("1.0"), 1.0);
    t.refuses(json!(1.5), Code::TooBig);
    t.refuses(json!("1e3"), Code::TooBig);
    t.refuses(json!(-0.5), Code::TooSmall);
    t.context(json!("1.5"), Code::TooBig, json!({"maximum": 1.0}));

    let mut t = report.table("NumberLike<Skewed> (-1.5..=2.5)", "x", |a, r| {
        r.read::<NumSkewed>(a).map(|a| a.x)
    });
    t.ok(json!(-1.5), -1.5);
    t.ok(json!("2.5"), 2.5);
    t.refuses(json!(-1.500_000_1), Code::TooSmall);
    t.refuses(json!("2.5000001"), Code::TooBig);
    t.context(json!(-2), Code::TooSmall, json!({"minimum": -1.5}));
    report.finish();
}

// ---------------------------------------------------------------------------------------
// Booleans
// ---------------------------------------------------------------------------------------

#[serde_as]
#[derive(Deserialize, Debug)]
struct Flag {
    #[serde_as(as = "BoolLike")]
    b: bool,
}

#[derive(Deserialize, Debug)]
struct FlagWrap {
    b: Bool,
}

/// Scalars row "boolean", and the paragraph about the closed token table: `"false"` must
/// give `false`, every other string is refused.
#[test]
fn boolean_token_table() {
    let mut report = Report::default();
    let readers: [(&str, Read<bool>); 2] = [
        ("BoolLike", |a, r| r.read::<Flag>(a).map(|a| a.b)),
        ("Bool", |a, r| {
            r.read::<FlagWrap>(a).map(|a| a.b.into_inner())
        }),
    ];
    for (name, read) in readers {
        let mut t = report.table(name, "b", read);
        for sent in [
            json!(true),
            json!(1),
            json!("true"),
            json!("1"),
            json!("yes"),
            json!("on"),
            json!("TRUE"),
            json!("True"),
            json!("tRuE"),
            json!("YES"),
            json!("Yes"),
            json!("ON"),
            json!("oN"),
            json!(" yes "),
            json!("\ttrue\n"),
            json!(" 1 "),
            json!("\u{a0}on\u{3000}"),
        ] {
            t.ok(sent, true);
        }
        for sent in [
            json!(false),
            json!(0),
            json!("false"),
            json!("0"),
            json!("no"),
            json!("off"),
            json!("FALSE"),
            json!("False"),
            json!("fAlSe"),
            json!("NO"),
            json!("No"),
            json!("OFF"),
            json!("oFf"),
            json!(" false "),
            json!("\n0\t"),
            json!("\u{2003}no\u{2028}"),
        ] {
            t.ok(sent, false);
        }
        // any other number or string
        for sent in [
            json!(2),
            json!(-1),
            json!(10),
            json!(1.0),
            json!(0.0),
            json!(0.5),
            json!("maybe"),
            json!("t"),
            json!("f"),
            json!("y"),
            json!("n"),
            json!("2"),
            json!("-1"),
            json!("+1"),
            json!("1.0"),
            json!("0.0"),
            json!(""),
            json!("   "),
            json!("null"),
            json!("truee"),
            json!("tru"),
            json!("yes please"),
            json!("nope"),
            json!("enabled"),
            json!("ja"),
            json!("\u{feff}true"),
            json!("no\u{200b}"),
            json!("ｙｅｓ"),
        ] {
            t.refuses(sent, Code::BoolParsing);
        }
        // an array, object or null (in a required field)
        for sent in [
            json!([]),
            json!([true]),
            json!({}),
            json!({"b": true}),
            json!(null),
        ] {
            t.refuses(sent, Code::InvalidType);
        }
        t.context(json!("maybe"), Code::BoolParsing, Value::Null);
        t.context(json!([true]), Code::InvalidType, Value::Null);
    }
    report.finish();
}

// ---------------------------------------------------------------------------------------
// Strings with length bounds
// ---------------------------------------------------------------------------------------

#[serde_as]
#[derive(Deserialize, Debug)]
struct Untrimmed {
    #[serde_as(as = "TextLike<3, 5>")]
    s: String,
}

#[derive(Deserialize, Debug)]
struct UntrimmedWrap {
    s: Text<3, 5>,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Trimmed {
    #[serde_as(as = "TextLike<2, 4, Trim>")]
    s: String,
}

#[derive(Deserialize, Debug)]
struct TrimmedWrap {
    s: Text<2, 4, Trim>,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct NonEmpty {
    #[serde_as(as = "TextLike<1, { usize::MAX }, Trim>")]
    s: String,
}

/// Scalars row "string with length bounds": lengths in chars (Unicode scalar values, not
/// bytes, not graphemes), after optional trimming.
#[test]
fn string_with_length_bounds() {
    let mut report = Report::default();
    let untrimmed: [(&str, Read<String>); 2] = [
        ("TextLike<3, 5>", |a, r| r.read::<Untrimmed>(a).map(|a| a.s)),
        ("Text<3, 5>", |a, r| {
            r.read::<UntrimmedWrap>(a).map(|a| a.s.into_inner())
        }),
    ];
    for (name, read) in untrimmed {
        let mut t = report.table(name, "s", read);
        for ok in [
            "abc",
            "abcde",
            "ééé",              // 3 chars, 6 bytes
            "ééééé",            // 5 chars, 10 bytes
            "😀😀😀",           // 3 chars, 12 bytes
            "😀😀😀😀😀",       // 5 chars, 20 bytes
            "e\u{301}e\u{301}", // 4 chars, 2 graphemes
            "  ab ",            // kept verbatim: 5 chars
            "   ",              // 3 spaces: untrimmed, so 3 chars
            " ab",
        ] {
            t.ok(json!(ok), ok.to_owned());
        }
        for short in [
            "", "ab", "éé", /* 4 bytes */
            "😀", /* 4 bytes */
            "👍🏽", /* 2 chars, 8 bytes */
        ] {
            t.refuses(json!(short), Code::TooShort);
        }
        for long in [
            "abcdef",
            "éééééé",
            "😀😀😀😀😀😀",
            "e\u{301}e\u{301}e\u{301}", // 6 chars, 3 graphemes
            " abcde ",                  // not trimmed: 7 chars
        ] {
            t.refuses(json!(long), Code::TooLong);
        }
        // numbers are never stringified
        for sent in [
            json!(42),
            json!(12345),
            json!(1.5),
            json!(true),
            json!([]),
            json!(["abc"]),
            json!({}),
            json!(null),
        ] {
            t.refuses(sent, Code::InvalidType);
        }
        // Interpretation: context keys are the JSON Schema keywords of the bound.
        t.context(json!("ab"), Code::TooShort, json!({"minLength": 3}));
        t.context(json!("abcdef"), Code::TooLong, json!({"maxLength": 5}));
        t.context(json!(42), Code::InvalidType, Value::Null);
    }

    let trimmed: [(&str, Read<String>); 2] = [
        ("TextLike<2, 4, Trim>", |a, r| {
            r.read::<Trimmed>(a).map(|a| a.s)
        }),
        ("Text<2, 4, Trim>", |a, r| {
            r.read::<TrimmedWrap>(a).map(|a| a.s.into_inner())
        }),
    ];
    for (name, read) in trimmed {
        let mut t = report.table(name, "s", read);
        for (sent, want) in [
            ("ab", "ab"),
            (" ab ", "ab"),
            ("\u{a0}éé\u{2003}", "éé"),
            ("😀😀😀😀", "😀😀😀😀"),
            ("  😀😀😀😀  ", "😀😀😀😀"),
            ("          abcd          ", "abcd"), // lengths counted after trimming
            ("\n\ta b\r\n", "a b"),               // inner whitespace kept
        ] {
            t.ok(json!(sent), want.to_owned());
        }
        for short in ["", "   ", "  a  ", "\u{3000}é\u{3000}", "\u{2028}"] {
            t.refuses(json!(short), Code::TooShort);
        }
        for long in ["abcde", " ééééé ", "😀😀😀😀😀"] {
            t.refuses(json!(long), Code::TooLong);
        }
        t.refuses(json!(42), Code::InvalidType);
        t.refuses(json!(null), Code::InvalidType);
        t.context(json!("  a  "), Code::TooShort, json!({"minLength": 2}));
        t.context(json!("abcde"), Code::TooLong, json!({"maxLength": 4}));
    }

    // the non-empty case
    let mut t = report.table("TextLike<1, { usize::MAX }, Trim>", "s", |a, r| {
        r.read::<NonEmpty>(a).map(|a| a.s)
    });
    t.ok(json!(" x "), "x".to_owned());
    t.ok(json!("é"), "é".to_owned());
    t.ok(json!("a".repeat(10_000)), "a".repeat(10_000));
    for empty in ["", "   ", "\t\n", "\u{3000}", "\u{a0}\u{2003}"] {
        t.refuses(json!(empty), Code::TooShort);
    }
    t.refuses(json!(0), Code::InvalidType);
    t.context(json!(""), Code::TooShort, json!({"minLength": 1}));
    report.finish();
}

// ---------------------------------------------------------------------------------------
// Pattern strings
// ---------------------------------------------------------------------------------------

mcp_coerce::pattern! {
    CardId {
        name: "card_id",
        source: r"^ATC-[0-9]{4}-[0-9]{6,}$",
        example: "ATC-2026-7777670",
        max_length: 64,
    }
}

mcp_coerce::pattern! {
    /// Lowercase words with é, at most 4 chars: the cap counts chars, not bytes.
    Word { name: "word", source: r"^[a-z\u00e9]+$", example: "café", max_length: 4 }
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Card {
    #[serde_as(as = "PatternLike<CardId>")]
    card_id: String,
}

#[derive(Deserialize, Debug)]
struct CardWrap {
    card_id: Pattern<CardId>,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct WordArgs {
    #[serde_as(as = "PatternLike<Word>")]
    w: String,
}

/// Scalars row "pattern string": the trimmed value fully matches, and is the result; the
/// length cap applies to the trimmed value, before the regex runs.
#[test]
fn pattern_string() {
    const EXAMPLE: &str = "ATC-2026-7777670";
    let mut report = Report::default();
    let readers: [(&str, Read<String>); 2] = [
        ("PatternLike<CardId>", |a, r| {
            r.read::<Card>(a).map(|a| a.card_id)
        }),
        ("Pattern<CardId>", |a, r| {
            r.read::<CardWrap>(a).map(|a| a.card_id.into_inner())
        }),
    ];
    let longest_match = format!("ATC-2026-{}", "7".repeat(55)); // 64 chars
    let too_long_match = format!("ATC-2026-{}", "7".repeat(56)); // 65 chars
    assert_eq!(longest_match.chars().count(), 64);
    for (name, read) in readers {
        let mut t = report.table(name, "card_id", read);
        for sent in [
            EXAMPLE.to_owned(),
            format!("  {EXAMPLE}  "),
            format!("\u{a0}{EXAMPLE}\u{2003}"),
            format!("\n{EXAMPLE}\n"),
        ] {
            t.ok(json!(sent), EXAMPLE.to_owned());
        }
        t.ok(json!("ATC-0000-000000"), "ATC-0000-000000".to_owned());
        t.ok(json!(longest_match), longest_match.clone());
        t.ok(json!(format!("  {longest_match}\t")), longest_match.clone());
        // full match only
        for bad in [
            "xATC-2026-7777670",
            "ATC-2026-7777670x",
            "ATC-2026-7777670 x",
            "ATC-2026-7777670\nATC-2026-7777670",
            "atc-2026-7777670",
            "ATC-2026-77776",
            "ATC-26-7777670",
            "ATC-\u{662}\u{660}\u{662}\u{666}-7777670", // non-ASCII digits: ECMA-262 [0-9]
            "../../etc/passwd",
            "",
            "   ",
        ] {
            t.refuses(json!(bad), Code::PatternMismatch);
        }
        // the cap is checked before the regex: a would-be match over the cap is too_long
        // only, and so is junk over the cap
        t.refuses(json!(too_long_match), Code::TooLong);
        t.refuses(json!("x".repeat(65)), Code::TooLong);
        t.refuses(json!("x".repeat(100_000)), Code::TooLong);
        for sent in [
            json!(42),
            json!(true),
            json!([]),
            json!([EXAMPLE]),
            json!({}),
            json!(null),
        ] {
            t.refuses(sent, Code::InvalidType);
        }
        // the hint quotes the example; the context has the pattern; the name is given
        t.hint_has(
            json!("../../etc/passwd"),
            Code::PatternMismatch,
            "\"ATC-2026-7777670\"",
        );
        t.mentions(json!("nope"), Code::PatternMismatch, "card_id");
        t.context(
            json!("nope"),
            Code::PatternMismatch,
            json!({"pattern": "^ATC-[0-9]{4}-[0-9]{6,}$", "name": "card_id"}),
        );
        t.context(
            json!("x".repeat(65)),
            Code::TooLong,
            json!({"maxLength": 64}),
        );
    }
    let mut t = report.table("PatternLike<Word> (cap 4)", "w", |a, r| {
        r.read::<WordArgs>(a).map(|a| a.w)
    });
    t.ok(json!("éééé"), "éééé".to_owned()); // 4 chars, 8 bytes: within the cap
    t.ok(json!(" café "), "café".to_owned());
    t.refuses(json!("ééééé"), Code::TooLong);
    t.refuses(json!("Café"), Code::PatternMismatch);
    report.finish();
}

/// The pattern row: "the crate refuses, when the pattern is defined or at the latest in a
/// test, a source that breaks these rules".
#[test]
fn pattern_sources_are_checked() {
    use mcp_coerce::pattern::portability_problem;
    let mut failures = Vec::new();
    if let Err(e) = CardId::check() {
        failures.push(format!("CardId::check(): {e}"));
    }
    if let Err(e) = Word::check() {
        failures.push(format!("Word::check(): {e}"));
    }
    for bad in [
        r"[0-9]+",    // not anchored
        r"^[0-9]+",   // not anchored at the end
        r"^\d{4}$",   // \d differs
        r"^\w+$",     // \w differs
        r"^\s$",      // \s differs
        r"^a\bb$",    // \b differs
        r"^a.b$",     // . differs
        r"^a|b$",     // top-level | escapes the anchors
        r"^(?i)abc$", // inline flags
        r"^(?=a)a$",  // lookaround
        r"^\p{L}$",   // Unicode classes
    ] {
        if portability_problem(bad).is_none() {
            failures.push(format!("{bad:?} should be refused as non-portable"));
        }
    }
    for good in [
        r"^ATC-[0-9]{4}-[0-9]{6,}$",
        r"^[A-Za-z0-9_]+$",
        r"^(?:a|b)$",
    ] {
        if let Some(problem) = portability_problem(good) {
            failures.push(format!("{good:?} should be portable, got {problem}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------
// Lenient enums
// ---------------------------------------------------------------------------------------

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

const CATEGORY_NAMES: [&str; 11] = [
    "AI/ML",
    "Data",
    "Web/API",
    "Security",
    "DevOps",
    "Communication",
    "Productivity",
    "Automation",
    "Finance",
    "Marketing",
    "Other",
];

#[derive(Deserialize, Serialize, Debug, PartialEq, Eq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum OrderBy {
    DateDesc,
    DateAsc,
}

/// Two variants whose folded forms are the same (`ab`).
#[derive(Deserialize, Serialize, Debug, PartialEq, Eq, Clone, Copy)]
enum Clash {
    #[serde(rename = "a-b")]
    Dash,
    #[serde(rename = "a_b")]
    Under,
    #[serde(rename = "c")]
    C,
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
#[serde(untagged)]
enum UntaggedData {
    A(u8),
    B(String),
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
#[serde(untagged)]
enum UntaggedNoStr {
    A(u8),
    B(bool),
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
#[serde(tag = "kind")]
enum Internal {
    Alpha,
    Beta,
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
enum WithData {
    Circle(f64),
    Square,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct CatArgs {
    #[serde_as(as = "EnumLike")]
    category: Category,
}

#[derive(Deserialize, Debug)]
struct CatWrap {
    category: Enum<Category>,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct OrderArgs {
    #[serde_as(as = "EnumLike")]
    order_by: OrderBy,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct ClashArgs {
    #[serde_as(as = "EnumLike")]
    v: Clash,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct UntaggedArgs {
    #[serde_as(as = "EnumLike")]
    v: UntaggedNoStr,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct InternalArgs {
    #[serde_as(as = "EnumLike")]
    v: Internal,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct WithDataArgs {
    #[serde_as(as = "EnumLike")]
    v: WithData,
}

/// Scalars row "enum": exact names, then a unique match after lowercasing and deleting
/// `-`, `_`, space, `/`, `.`; `enum_unknown` with the allowed values and "did you mean"
/// within edit distance 2; numbers, arrays, objects are `invalid_type`.
#[test]
fn lenient_enum() {
    let mut report = Report::default();
    let readers: [(&str, Read<Category>); 2] = [
        ("EnumLike", |a, r| r.read::<CatArgs>(a).map(|a| a.category)),
        ("Enum<Category>", |a, r| {
            r.read::<CatWrap>(a).map(|a| a.category.into_inner())
        }),
    ];
    let allowed = json!(CATEGORY_NAMES);
    for (name, read) in readers {
        let mut t = report.table(name, "category", read);
        // exact serialized names
        for (sent, want) in CATEGORY_NAMES.iter().zip([
            Category::AiMl,
            Category::Data,
            Category::WebApi,
            Category::Security,
            Category::DevOps,
            Category::Communication,
            Category::Productivity,
            Category::Automation,
            Category::Finance,
            Category::Marketing,
            Category::Other,
        ]) {
            t.ok(json!(sent), want);
        }
        // case and separators, on both sides
        for sent in [
            "ai/ml",
            "AI-ML",
            "ai-ml",
            "ai ml",
            "AI_ML",
            "aiml",
            "AIML",
            "AiMl",
            "ai.ml",
            "a.i.m.l",
            "a-i/m_l",
            " AI/ML ",
            "ai//ml",
            "_ai_ml_",
            "-aiml-",
            "/AI/ML/",
            ". ai ml .",
        ] {
            t.ok(json!(sent), Category::AiMl);
        }
        for sent in [
            "web/api",
            "web-api",
            "WEB_API",
            "web.api",
            "webapi",
            "Web API",
            "W/E/B/A/P/I",
        ] {
            t.ok(json!(sent), Category::WebApi);
        }
        for sent in [
            "devops", "DEVOPS", "DEV-OPS", "dev ops", "Dev_Ops", "dev.ops", "dev/ops",
        ] {
            t.ok(json!(sent), Category::DevOps);
        }
        t.ok(json!("SECURITY"), Category::Security);
        t.ok(json!("o-t-h-e-r"), Category::Other);
        // unknown values
        for sent in [
            "Machine Learning",
            "devop",
            "dveops",
            "Finanse",
            "AI/MX",
            "ai\tml", // a tab is not one of the separators
            "xyzops",
            // Interpretation: in a required enum field, "" and "null" are unknown values.
            "",
            "null",
        ] {
            t.refuses(json!(sent), Code::EnumUnknown);
        }
        for sent in [
            json!(42),
            json!(0),
            json!(1.5),
            json!([]),
            json!(["AI/ML"]),
            json!({}),
            json!({"AI/ML": null}),
            // Interpretation: a boolean and `null` (required) are not strings either.
            json!(true),
            json!(null),
        ] {
            t.refuses(sent, Code::InvalidType);
        }
        // allowed values always; "did you mean" only within edit distance 2
        t.context(
            json!("Machine Learning"),
            Code::EnumUnknown,
            json!({"allowed": allowed}),
        );
        t.text_lacks(json!("Machine Learning"), Code::EnumUnknown, "did you mean");
        t.context(
            json!("xyzops"),
            Code::EnumUnknown,
            json!({"allowed": allowed}),
        );
        t.text_lacks(json!("xyzops"), Code::EnumUnknown, "did you mean");
        for (sent, close) in [
            ("devop", "DevOps"),   // distance 1
            ("dveops", "DevOps"),  // distance 2
            ("Dev-Opz", "DevOps"), // distance 1 after folding
            ("Finanse", "Finance"),
            ("AI/MX", "AI/ML"),
            ("ai-mll", "AI/ML"),
        ] {
            t.hint_has(
                json!(sent),
                Code::EnumUnknown,
                &format!("did you mean \"{close}\"?"),
            );
            t.context(
                json!(sent),
                Code::EnumUnknown,
                json!({"allowed": allowed, "did_you_mean": close}),
            );
        }
        t.context(json!(42), Code::InvalidType, Value::Null);
        t.refuses(json!("devops".repeat(20_000)), Code::EnumUnknown);
    }

    let mut t = report.table("EnumLike on OrderBy (rename_all)", "order_by", |a, r| {
        r.read::<OrderArgs>(a).map(|a| a.order_by)
    });
    for sent in [
        "date_desc",
        "DATE-DESC",
        "date desc",
        "DateDesc",
        "datedesc",
        "date.desc",
    ] {
        t.ok(json!(sent), OrderBy::DateDesc);
    }
    for sent in ["date_asc", "date/asc", "DATE_ASC", "Date Asc"] {
        t.ok(json!(sent), OrderBy::DateAsc);
    }
    t.refuses(json!("date"), Code::EnumUnknown);
    t.context(
        json!("date"),
        Code::EnumUnknown,
        json!({"allowed": ["date_desc", "date_asc"]}),
    );
    t.hint_has(
        json!("date_des"),
        Code::EnumUnknown,
        "did you mean \"date_desc\"?",
    );

    // a folded form that two variants share matches neither (exact names still match)
    let mut t = report.table("EnumLike on Clash", "v", |a, r| {
        r.read::<ClashArgs>(a).map(|a| a.v)
    });
    t.ok(json!("a-b"), Clash::Dash);
    t.ok(json!("a_b"), Clash::Under);
    t.ok(json!("C"), Clash::C);
    for sent in ["ab", "AB", "a b", "a.b", "a/b", "A-B", "A_B"] {
        t.refuses(json!(sent), Code::EnumUnknown);
    }
    report.finish();
}

/// The enum row applies to "any externally tagged unit-variant enum": any other shape is
/// refused with a clear message, which `canonical_names` reports.
#[test]
fn enum_of_another_shape_is_refused_clearly() {
    let mut failures = Vec::new();
    match canonical_names::<Category>() {
        Ok(names) if names == CATEGORY_NAMES => {}
        other => failures.push(format!("canonical_names::<Category>() = {other:?}")),
    }
    match canonical_names::<OrderBy>() {
        Ok(names) if names == ["date_desc", "date_asc"] => {}
        other => failures.push(format!("canonical_names::<OrderBy>() = {other:?}")),
    }
    let untagged = canonical_names::<UntaggedData>().map_err(|e| e.to_string());
    if !matches!(&untagged, Err(m) if m.contains("externally tagged")) {
        failures.push(format!("untagged: {untagged:?}"));
    }
    let untagged = canonical_names::<UntaggedNoStr>().map_err(|e| e.to_string());
    if !matches!(&untagged, Err(m) if m.contains("externally tagged")) {
        failures.push(format!("untagged (no string variant): {untagged:?}"));
    }
    let internal = canonical_names::<Internal>().map_err(|e| e.to_string());
    if !matches!(&internal, Err(m) if m.contains("externally tagged")) {
        failures.push(format!("internally tagged: {internal:?}"));
    }
    let data = canonical_names::<WithData>().map_err(|e| e.to_string());
    if !matches!(&data, Err(m) if m.contains("Circle") && m.contains("unit variant")) {
        failures.push(format!("data-carrying: {data:?}"));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    // Through the entry point: refused (never a panic, never a silent pick), with a
    // message that says why.
    let mut report = Report::default();
    let mut t = report.table("EnumLike on a data-carrying enum", "v", |a, r| {
        r.read::<WithDataArgs>(a).map(|a| a.v)
    });
    t.refuses(json!("square"), Code::Custom);
    t.mentions(json!("square"), Code::Custom, "unit variant");
    // The reason is for the server's developer, in the context; the message tells the
    // agent that the fault is the server's.
    t.context(
        json!("square"),
        Code::Custom,
        json!({"server_error": data.clone().unwrap_err()}),
    );
    let mut t = report.table("EnumLike on an untagged enum", "v", |a, r| {
        r.read::<UntaggedArgs>(a).map(|a| a.v)
    });
    t.refuses(json!("x"), Code::Custom);
    t.mentions(json!("x"), Code::Custom, "externally tagged");
    let mut t = report.table("EnumLike on an internally tagged enum", "v", |a, r| {
        r.read::<InternalArgs>(a).map(|a| a.v)
    });
    t.refuses(json!("alpha"), Code::Custom);
    t.mentions(json!("alpha"), Code::Custom, "externally tagged");
    report.finish();
}

// ---------------------------------------------------------------------------------------
// JSON-encoded objects
// ---------------------------------------------------------------------------------------

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Filter {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i64>,
    mode: String,
    #[serde_as(as = "IntLike<1, 100>")]
    limit: i64,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct ObjArgs {
    #[serde_as(as = "JsonObjectLike")]
    filter: Filter,
}

#[derive(Deserialize, Debug)]
struct ObjWrap {
    filter: JsonObject<Filter>,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct MapArgs {
    #[serde_as(as = "JsonObjectLike")]
    filter: Map<String, Value>,
}

/// `text` as a JSON string literal: one more layer of string encoding.
fn encode(text: &str) -> String {
    serde_json::to_string(text).expect("a string serializes")
}

fn filter(ids: &[i64], mode: &str, limit: i64) -> Filter {
    Filter {
        ids: ids.to_vec(),
        mode: mode.to_owned(),
        limit,
    }
}

/// Scalars row "JSON-encoded object": an object, or a string holding one (two layers at
/// most); nested issues at their paths inside the field, every missing field reported.
#[test]
fn json_encoded_object() {
    let mut report = Report::default();
    let readers: [(&str, Read<Filter>); 2] = [
        ("JsonObjectLike<Filter>", |a, r| {
            r.read::<ObjArgs>(a).map(|a| a.filter)
        }),
        ("JsonObject<Filter>", |a, r| {
            r.read::<ObjWrap>(a).map(|a| a.filter.into_inner())
        }),
    ];
    let good = r#"{"ids": [1, 2], "mode": "fast", "limit": 5}"#;
    let lax = r#"{"ids": "1,2", "mode": "fast", "limit": "5"}"#;
    for (name, read) in readers {
        let mut t = report.table(name, "filter", read);
        let want = || filter(&[1, 2], "fast", 5);
        t.ok(json!({"ids": [1, 2], "mode": "fast", "limit": 5}), want());
        t.ok(
            json!({"ids": "[1,2]", "mode": "fast", "limit": 5.0}),
            want(),
        );
        t.ok(json!(good), want());
        t.ok(json!(lax), want());
        t.ok(json!(format!("  {good}\n")), want());
        // two layers of string encoding
        t.ok(json!(encode(good)), want());
        t.ok(json!(encode(lax)), want());
        t.ok(json!(format!(" {} ", encode(good))), want());
        // a third layer is refused
        t.refuses(json!(encode(&encode(good))), Code::InvalidType);
        // invalid JSON
        for broken in [r#"{"ids":"#, r#"{"ids": [1, 2],}"#, "{", "{'ids': [1]}"] {
            t.refuses(json!(broken), Code::InvalidJson);
        }
        t.refuses(json!(encode(r#"{"ids":"#)), Code::InvalidJson);
        // JSON, but not an object
        for not_object in ["[1,2]", "42", "true", "null", "\"fast\"", "fast", "[{}]"] {
            t.refuses(json!(not_object), Code::InvalidType);
        }
        // Interpretation: "" and whitespace in a required object field hold no object.
        t.refuses(json!(""), Code::InvalidType);
        t.refuses(json!("  "), Code::InvalidType);
        for sent in [json!(42), json!(true), json!([]), json!([{}]), json!(null)] {
            t.refuses(sent, Code::InvalidType);
        }
        // nested issues at their paths inside the field, however the object arrived
        let bad = json!({"ids": "1,x", "mode": "fast", "limit": 500});
        let bad_text = bad.to_string();
        let nested = [
            (Code::IntParsing, "/filter/ids/1"),
            (Code::TooBig, "/filter/limit"),
        ];
        t.err(bad.clone(), &nested);
        t.err(json!(bad_text), &nested);
        t.err(json!(encode(&bad_text)), &nested);
        t.context_at(
            json!(bad_text),
            Code::TooBig,
            "/filter/limit",
            json!({"maximum": 100}),
        );
        // every missing field inside it
        let all_missing = [
            (Code::Missing, "/filter/ids"),
            (Code::Missing, "/filter/mode"),
            (Code::Missing, "/filter/limit"),
        ];
        t.err(json!({}), &all_missing);
        t.err(json!("{}"), &all_missing);
        t.err(json!(encode("{}")), &all_missing);
        t.err(
            json!(r#"{"ids": "x", "mode": 5}"#),
            &[
                (Code::IntParsing, "/filter/ids/0"),
                (Code::InvalidType, "/filter/mode"),
                (Code::Missing, "/filter/limit"),
            ],
        );
        t.err(
            json!({"ids": [1, 2.5, "y"], "limit": 0}),
            &[
                (Code::IntFromFloat, "/filter/ids/1"),
                (Code::IntParsing, "/filter/ids/2"),
                (Code::Missing, "/filter/mode"),
                (Code::TooSmall, "/filter/limit"),
            ],
        );
        t.context(json!("[1,2]"), Code::InvalidType, Value::Null);
        t.context(json!("{"), Code::InvalidJson, json!({"offset": 1}));
        t.context_at(json!("{}"), Code::Missing, "/filter/mode", Value::Null);
    }

    let mut t = report.table("JsonObjectLike<Map>", "filter", |a, r| {
        r.read::<MapArgs>(a).map(|a| a.filter)
    });
    let object = json!({"a": 1, "b": {"c": [1, "2"]}});
    let Value::Object(map) = object.clone() else {
        unreachable!()
    };
    t.ok(object.clone(), map.clone());
    t.ok(json!(object.to_string()), map.clone());
    t.ok(json!(encode(&object.to_string())), map.clone());
    t.ok(json!("{}"), Map::new());
    // Limits: JSON text is parsed with serde_json's recursion limit (no stack overflow)
    let deep = format!("{{\"a\": {}{}}}", "[".repeat(100_000), "]".repeat(100_000));
    t.refuses(json!(deep), Code::InvalidJson);
    t.refuses(json!(encode(&deep)), Code::InvalidJson);
    t.refuses(json!("[1]"), Code::InvalidType);
    t.refuses(json!(encode(&encode("{}"))), Code::InvalidType);
    report.finish();
}

// ---------------------------------------------------------------------------------------
// Optional fields
// ---------------------------------------------------------------------------------------

macro_rules! optional_struct {
    ($name:ident, $as:literal, $ty:ty) => {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        struct $name {
            #[serde_as(as = $as)]
            #[serde(default, skip_serializing_if = "Option::is_none")]
            o: Option<$ty>,
        }
    };
}

optional_struct!(OptInt, "IntLike", i64);
optional_struct!(OptBounded, "IntLike<1, 100>", u32);
optional_struct!(OptClamped, "IntLike<1, 50, Clamp>", i64);
optional_struct!(
    OptClampedDefault,
    "IntLike<1, 50, Clamp, DefaultTo<10>>",
    i64
);
optional_struct!(OptNumber, "NumberLike<Price>", f64);
optional_struct!(OptBool, "BoolLike", bool);
optional_struct!(OptFree, "TextLike<0, 10>", String);
optional_struct!(OptFreeTrimmed, "TextLike<0, 10, Trim>", String);
optional_struct!(OptMin3, "TextLike<3, 300>", String);
optional_struct!(OptTrimmed, "TextLike<1, 100, Trim>", String);
optional_struct!(OptNonEmpty, "TextLike<1, { usize::MAX }, Trim>", String);
optional_struct!(OptCard, "PatternLike<CardId>", String);
optional_struct!(OptCategory, "EnumLike<Optional>", Category);
optional_struct!(OptNullish, "EnumLike<Optional>", Nullish);
optional_struct!(OptFilter, "JsonObjectLike<Optional>", Filter);
optional_struct!(OptMap, "JsonObjectLike<Optional>", Map<String, Value>);
optional_struct!(GenericOptInt, "Option<IntLike>", i64);

/// An enum with a variant serialized as `"null"`: the text `"null"` is that variant.
#[derive(Deserialize, Serialize, Debug, PartialEq, Eq, Clone, Copy)]
enum Nullish {
    #[serde(rename = "null")]
    Null,
    #[serde(rename = "some")]
    Some,
}

/// The "Optional fields" table, for each adapter's optional spelling
/// (`#[serde_as(as = "X")] #[serde(default, skip_serializing_if = "Option::is_none")]`).
#[test]
fn optional_fields() {
    let mut report = Report::default();

    // numbers, booleans: not strings, so "" and "null" are None
    let mut t = report.table("IntLike on Option<i64>", "o", |a, r| {
        r.read::<OptInt>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.empty_is_none();
    t.ok(json!("null"), None);
    t.ok(json!("5"), Some(5));
    t.ok(json!(0), Some(0));
    t.refuses(json!("abc"), Code::IntParsing);
    t.refuses(json!("nil"), Code::IntParsing);
    t.refuses(json!(5.5), Code::IntFromFloat);
    t.refuses(json!(true), Code::InvalidType);
    t.refuses(json!([]), Code::InvalidType);

    let mut t = report.table("IntLike<1, 100> on Option<u32>", "o", |a, r| {
        r.read::<OptBounded>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.empty_is_none();
    t.ok(json!("null"), None);
    t.ok(json!(" 10 "), Some(10));
    t.refuses(json!(0), Code::TooSmall); // a refusal is never turned into None
    t.refuses(json!("0"), Code::TooSmall);
    t.refuses(json!(101), Code::TooBig);
    t.refuses(json!("-1"), Code::IntOverflow);
    t.context(json!("0"), Code::TooSmall, json!({"minimum": 1}));

    let mut t = report.table("IntLike<1, 50, Clamp> on Option<i64>", "o", |a, r| {
        r.read::<OptClamped>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.empty_is_none();
    t.ok(json!("null"), None);
    t.ok(json!(999), Some(50));
    t.ok(json!("0"), Some(1));
    t.refuses(json!("x"), Code::IntParsing);

    // A default carried by the type stands in for None under the optional rules.
    let mut t = report.table(
        "IntLike<1, 50, Clamp, DefaultTo<10>> on Option<i64>",
        "o",
        |a, r| r.read::<OptClampedDefault>(a).map(|a| a.o),
    );
    t.ok(json!(null), Some(10));
    t.ok(json!(""), Some(10));
    t.ok(json!("null"), Some(10));
    t.ok(json!(60), Some(50));
    t.refuses(json!("x"), Code::IntParsing);

    let mut t = report.table("NumberLike<Price> on Option<f64>", "o", |a, r| {
        r.read::<OptNumber>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.empty_is_none();
    t.ok(json!("null"), None);
    t.ok(json!("2.99"), Some(2.99));
    t.ok(json!(0), Some(0.0));
    t.refuses(json!("NaN"), Code::NotFinite);
    t.refuses(json!("abc"), Code::FloatParsing);
    t.refuses(json!(-1), Code::TooSmall);
    t.refuses(json!({}), Code::InvalidType);

    let mut t = report.table("BoolLike on Option<bool>", "o", |a, r| {
        r.read::<OptBool>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.empty_is_none();
    t.ok(json!("null"), None);
    t.ok(json!("false"), Some(false));
    t.ok(json!("FALSE"), Some(false));
    t.ok(json!(0), Some(false));
    t.ok(json!("yes"), Some(true));
    t.refuses(json!("maybe"), Code::BoolParsing);
    t.refuses(json!("t"), Code::BoolParsing);
    t.refuses(json!(2), Code::BoolParsing);
    t.refuses(json!([]), Code::InvalidType);

    // free strings (minLength 0): "" and whitespace are the inner type's own answer, and
    // the text "null" is text
    let mut t = report.table("TextLike<0, 10> on Option<String>", "o", |a, r| {
        r.read::<OptFree>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.ok(json!(""), Some(String::new()));
    t.ok(json!("   "), Some("   ".to_owned()));
    t.ok(json!("null"), Some("null".to_owned()));
    t.ok(json!("x"), Some("x".to_owned()));
    t.refuses(json!("x".repeat(11)), Code::TooLong);
    t.refuses(json!(5), Code::InvalidType);

    let mut t = report.table("TextLike<0, 10, Trim> on Option<String>", "o", |a, r| {
        r.read::<OptFreeTrimmed>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.ok(json!(""), Some(String::new()));
    t.ok(json!("   "), Some(String::new()));
    t.ok(json!(" null "), Some("null".to_owned()));

    // strings with minLength >= 1: "" and whitespace are None; "null" is text
    let mut t = report.table("TextLike<3, 300> on Option<String>", "o", |a, r| {
        r.read::<OptMin3>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.empty_is_none();
    t.ok(json!("null"), Some("null".to_owned()));
    t.ok(json!(" rust "), Some(" rust ".to_owned()));
    t.refuses(json!("ab"), Code::TooShort);
    t.refuses(json!(42), Code::InvalidType);

    let mut t = report.table("TextLike<1, 100, Trim> on Option<String>", "o", |a, r| {
        r.read::<OptTrimmed>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.empty_is_none();
    t.ok(json!("null"), Some("null".to_owned()));
    t.ok(json!("  alpha "), Some("alpha".to_owned()));
    t.refuses(json!("a".repeat(101)), Code::TooLong);

    let mut t = report.table(
        "TextLike<1, { usize::MAX }, Trim> on Option<String>",
        "o",
        |a, r| r.read::<OptNonEmpty>(a).map(|a| a.o),
    );
    t.absent_and_null_are_none();
    t.empty_is_none();
    t.ok(json!("null"), Some("null".to_owned()));

    // pattern strings: "" is None; the text "null" is matched like any other text
    let mut t = report.table("PatternLike<CardId> on Option<String>", "o", |a, r| {
        r.read::<OptCard>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.empty_is_none();
    t.ok(
        json!(" ATC-2026-7777670 "),
        Some("ATC-2026-7777670".to_owned()),
    );
    t.refuses(json!("null"), Code::PatternMismatch);
    t.refuses(json!("bad"), Code::PatternMismatch);
    t.refuses(json!("x".repeat(65)), Code::TooLong);
    t.refuses(json!(42), Code::InvalidType);

    // enums: "" is None; an enum's JSON type is string, so "null" is matched as text
    let mut t = report.table("EnumLike<Optional> on Option<Category>", "o", |a, r| {
        r.read::<OptCategory>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.empty_is_none();
    t.ok(json!("aiml"), Some(Category::AiMl));
    t.ok(json!(" DevOps "), Some(Category::DevOps));
    t.refuses(json!("null"), Code::EnumUnknown);
    t.refuses(json!("nope"), Code::EnumUnknown);
    t.refuses(json!(42), Code::InvalidType);
    t.refuses(json!([]), Code::InvalidType);
    t.context(
        json!("nope"),
        Code::EnumUnknown,
        json!({"allowed": CATEGORY_NAMES}),
    );
    let mut t = report.table("EnumLike<Optional> on Option<Nullish>", "o", |a, r| {
        r.read::<OptNullish>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.ok(json!("null"), Some(Nullish::Null));
    t.ok(json!("NULL"), Some(Nullish::Null));
    t.ok(json!("some"), Some(Nullish::Some));

    // objects: not strings, so "" and "null" are None
    let mut t = report.table("JsonObjectLike<Optional> on Option<Filter>", "o", |a, r| {
        r.read::<OptFilter>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.empty_is_none();
    t.ok(json!("null"), None);
    t.ok(
        json!(r#"{"ids": "3", "mode": "m", "limit": 1}"#),
        Some(filter(&[3], "m", 1)),
    );
    t.ok(
        json!({"ids": [3], "mode": "m", "limit": "1"}),
        Some(filter(&[3], "m", 1)),
    );
    t.refuses(json!("{"), Code::InvalidJson);
    t.refuses(json!("[1]"), Code::InvalidType);
    t.refuses(json!(42), Code::InvalidType);
    t.refuses(json!([]), Code::InvalidType);
    t.err(
        json!(r#"{"ids": "1,x", "mode": "m"}"#),
        &[(Code::IntParsing, "/o/ids/1"), (Code::Missing, "/o/limit")],
    );
    t.err(
        json!("{}"),
        &[
            (Code::Missing, "/o/ids"),
            (Code::Missing, "/o/mode"),
            (Code::Missing, "/o/limit"),
        ],
    );

    let mut t = report.table("JsonObjectLike<Optional> on Option<Map>", "o", |a, r| {
        r.read::<OptMap>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.empty_is_none();
    t.ok(json!("null"), None);
    t.ok(json!("{}"), Some(Map::new()));
    t.refuses(json!(encode(&encode("{}"))), Code::InvalidType);

    // serde_with's generic Option<Adapter>: serde's own rules (absent and null give None,
    // anything else is the inner type's answer)
    let mut t = report.table("Option<IntLike> (generic)", "o", |a, r| {
        r.read::<GenericOptInt>(a).map(|a| a.o)
    });
    t.absent_and_null_are_none();
    t.ok(json!("5"), Some(5));
    t.refuses(json!(""), Code::IntParsing);
    t.refuses(json!("null"), Code::IntParsing);
    report.finish();
}

// ---------------------------------------------------------------------------------------
// Scalars take their value from one string layer
// ---------------------------------------------------------------------------------------

/// "The two-layer rule for string-encoded values applies to arrays, JSON objects and
/// whole arguments; scalars take their value from one string layer."
#[test]
fn scalars_take_their_value_from_one_string_layer() {
    let mut report = Report::default();
    let mut t = report.table("IntLike on i64", "n", |a, r| {
        r.read::<IntI64>(a).map(|a| a.n)
    });
    t.refuses(json!("\"5\""), Code::IntParsing);
    let mut t = report.table("IntLike<1, 100>", "n", |a, r| {
        r.read::<BoundedI64>(a).map(|a| a.n)
    });
    t.refuses(json!("\"50\""), Code::IntParsing);
    let mut t = report.table("NumberLike", "x", |a, r| r.read::<Num>(a).map(|a| a.x));
    t.refuses(json!("\"0.5\""), Code::FloatParsing);
    let mut t = report.table("BoolLike", "b", |a, r| r.read::<Flag>(a).map(|a| a.b));
    t.refuses(json!("\"true\""), Code::BoolParsing);
    t.refuses(json!("\"false\""), Code::BoolParsing);
    let mut t = report.table("EnumLike", "category", |a, r| {
        r.read::<CatArgs>(a).map(|a| a.category)
    });
    t.refuses(json!("\"AI/ML\""), Code::EnumUnknown);
    let mut t = report.table("PatternLike<CardId>", "card_id", |a, r| {
        r.read::<Card>(a).map(|a| a.card_id)
    });
    t.refuses(json!("\"ATC-2026-7777670\""), Code::PatternMismatch);
    let mut t = report.table("TextLike<3, 5>", "s", |a, r| {
        r.read::<Untrimmed>(a).map(|a| a.s)
    });
    t.ok(json!("\"ab\""), "\"ab\"".to_owned()); // text, kept as sent
    report.finish();
}

// ---------------------------------------------------------------------------------------
// Coercion only moves toward the declared type
// ---------------------------------------------------------------------------------------

#[derive(Deserialize, Debug, PartialEq)]
struct PlainString {
    s: String,
}

#[derive(Deserialize, Debug, PartialEq)]
struct PlainU32 {
    n: u32,
}

#[derive(Deserialize, Debug, PartialEq)]
struct SerdeDefault {
    #[serde(default)]
    n: u32,
}

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct SerdeDefaultAdapter {
    #[serde_as(as = "IntLike")]
    #[serde(default)]
    n: u32,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Plain {
    s: String,
    n: u32,
    b: bool,
    f: f64,
    v: Vec<i64>,
}

/// "Coercion only moves toward the declared type. A plain `String` field is never
/// touched"; and a plain serde type is not made lax by the entry points (its mismatch is
/// collected as `invalid_type`).
#[test]
fn coercion_only_moves_toward_the_declared_type() {
    let mut report = Report::default();
    let mut t = report.table("plain String", "s", |a, r| {
        r.read::<PlainString>(a).map(|a| a.s)
    });
    for text in [
        "12345",
        "{\"a\":1}",
        "[1,2]",
        "true",
        "null",
        "",
        "  padded  ",
        "\"x\"",
    ] {
        t.ok(json!(text), text.to_owned());
    }
    t.refuses(json!(12345), Code::InvalidType);
    t.refuses(json!({"a": 1}), Code::InvalidType);
    t.refuses(json!(null), Code::InvalidType);
    t.err_args(json!({}), &[(Code::Missing, "/s")]);

    let mut t = report.table("plain u32", "n", |a, r| r.read::<PlainU32>(a).map(|a| a.n));
    t.ok(json!(10), 10);
    t.refuses(json!("10"), Code::InvalidType);
    t.refuses(json!(" 10 "), Code::InvalidType);
    t.refuses(json!(10.0), Code::InvalidType);
    t.refuses(json!(null), Code::InvalidType);

    // "a serde field-level `default` covers only an absent field"
    let mut t = report.table("plain u32 + serde(default)", "n", |a, r| {
        r.read::<SerdeDefault>(a).map(|a| a.n)
    });
    t.ok_args(json!({}), 0);
    t.refuses(json!(null), Code::InvalidType);
    t.refuses(json!(""), Code::InvalidType);
    let mut t = report.table("IntLike on u32 + serde(default)", "n", |a, r| {
        r.read::<SerdeDefaultAdapter>(a).map(|a| a.n)
    });
    t.ok_args(json!({}), 0);
    t.ok(json!("7"), 7);
    t.refuses(json!(null), Code::InvalidType);
    t.refuses(json!(""), Code::IntParsing);
    t.refuses(json!("null"), Code::IntParsing);

    // every mismatch of plain fields, collected together
    let mut t = report.table("plain struct", "s", |a, r| r.read::<Plain>(a).map(|a| a.s));
    t.err_args(
        json!({"s": 5, "n": "10", "b": "true", "f": "0.5", "v": "[1,2]"}),
        &[
            (Code::InvalidType, "/s"),
            (Code::InvalidType, "/n"),
            (Code::InvalidType, "/b"),
            (Code::InvalidType, "/f"),
            (Code::InvalidType, "/v"),
        ],
    );
    t.err_args(
        json!({}),
        &[
            (Code::Missing, "/s"),
            (Code::Missing, "/n"),
            (Code::Missing, "/b"),
            (Code::Missing, "/f"),
            (Code::Missing, "/v"),
        ],
    );
    report.finish();
}

// ---------------------------------------------------------------------------------------
// Errors: every issue across fields; the issue's input is the value as it arrived
// ---------------------------------------------------------------------------------------

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code, reason = "only the refusal is looked at")]
struct AllScalars {
    #[serde_as(as = "IntLike")]
    int: i64,
    #[serde_as(as = "IntLike<1, 100>")]
    bounded: i64,
    #[serde_as(as = "IntLike<1, 50, Clamp>")]
    clamped: i64,
    #[serde_as(as = "NumberLike<Price>")]
    price: f64,
    #[serde_as(as = "BoolLike")]
    flag: bool,
    #[serde_as(as = "TextLike<3, 5>")]
    text: String,
    #[serde_as(as = "PatternLike<CardId>")]
    card: String,
    #[serde_as(as = "EnumLike")]
    category: Category,
    #[serde_as(as = "JsonObjectLike")]
    filter: Filter,
    plain: u32,
    required: String,
}

/// "Report every issue in an array, not only the first": one bad value per scalar
/// adapter, all reported at once with their paths.
#[test]
fn every_scalar_issue_is_reported_at_once() {
    let mut report = Report::default();
    let mut t = report.table("all scalars", "int", |a, r| {
        r.read::<AllScalars>(a).map(|a| a.int)
    });
    t.err_args(
        json!({
            "int": "1e3",
            "bounded": 0,
            "clamped": "99999999999999999999",
            "price": "Infinity",
            "flag": "maybe",
            "text": "ab",
            "card": "nope",
            "category": "devop",
            "filter": "{\"ids\": \"1,x\", \"mode\": \"m\", \"limit\": 1}",
            "plain": "10",
        }),
        &[
            (Code::IntParsing, "/int"),
            (Code::TooSmall, "/bounded"),
            (Code::IntOverflow, "/clamped"),
            (Code::NotFinite, "/price"),
            (Code::BoolParsing, "/flag"),
            (Code::TooShort, "/text"),
            (Code::PatternMismatch, "/card"),
            (Code::EnumUnknown, "/category"),
            (Code::IntParsing, "/filter/ids/1"),
            (Code::InvalidType, "/plain"),
            (Code::Missing, "/required"),
        ],
    );
    report.finish();
}

/// Errors: `input` is "the offending value as it arrived: a string cut to 64 chars with
/// `…` appended when cut, other scalars as they are, an array or object as compact JSON
/// text cut the same way; absent for `missing`".
#[test]
fn issue_input_is_the_value_as_it_arrived() {
    let mut report = Report::default();
    let mut t = report.table("IntLike<1, 100>", "n", |a, r| {
        r.read::<BoundedI64>(a).map(|a| a.n)
    });
    t.input(json!("abc"), Code::IntParsing, Some(json!("abc")));
    t.input(json!(" 1e3 "), Code::IntParsing, Some(json!(" 1e3 ")));
    t.input(json!(5.5), Code::IntFromFloat, Some(json!(5.5)));
    t.input(json!(true), Code::InvalidType, Some(json!(true)));
    t.input(json!(null), Code::InvalidType, Some(json!(null)));
    t.input(json!([1, 2]), Code::InvalidType, Some(json!("[1,2]")));
    t.input(json!({"a": 1}), Code::InvalidType, Some(json!("{\"a\":1}")));
    t.input(json!(500), Code::TooBig, Some(json!(500)));
    // the value as it arrived: a string stays a string
    t.input(json!("500"), Code::TooBig, Some(json!("500")));
    t.input(json!(" 0 "), Code::TooSmall, Some(json!(" 0 ")));
    t.input(
        json!("1".repeat(100)),
        Code::IntOverflow,
        Some(json!(format!("{}…", "1".repeat(64)))),
    );

    let mut t = report.table("NumberLike<Unit>", "x", |a, r| {
        r.read::<NumUnitWrap>(a).map(|a| a.x.into_inner())
    });
    t.input(json!(1.5), Code::TooBig, Some(json!(1.5)));
    t.input(json!("1.5"), Code::TooBig, Some(json!("1.5")));
    t.input(json!("NaN"), Code::NotFinite, Some(json!("NaN")));

    let mut t = report.table("BoolLike", "b", |a, r| r.read::<Flag>(a).map(|a| a.b));
    t.input(json!("maybe"), Code::BoolParsing, Some(json!("maybe")));
    t.input(json!(2), Code::BoolParsing, Some(json!(2)));

    let mut t = report.table("TextLike<2, 4, Trim>", "s", |a, r| {
        r.read::<Trimmed>(a).map(|a| a.s)
    });
    t.input(json!("  a  "), Code::TooShort, Some(json!("  a  ")));
    t.input(json!(" abcde "), Code::TooLong, Some(json!(" abcde ")));

    let mut t = report.table("PatternLike<CardId>", "card_id", |a, r| {
        r.read::<Card>(a).map(|a| a.card_id)
    });
    t.input(
        json!(" nope "),
        Code::PatternMismatch,
        Some(json!(" nope ")),
    );
    t.input(
        json!("é".repeat(70)),
        Code::TooLong,
        Some(json!(format!("{}…", "é".repeat(64)))),
    );

    let mut t = report.table("EnumLike", "category", |a, r| {
        r.read::<CatArgs>(a).map(|a| a.category)
    });
    t.input(json!("devop"), Code::EnumUnknown, Some(json!("devop")));

    let mut t = report.table("JsonObjectLike", "filter", |a, r| {
        r.read::<ObjArgs>(a).map(|a| a.filter)
    });
    t.input(json!("{"), Code::InvalidJson, Some(json!("{")));
    t.with_issue(json!("{}"), Code::Missing, "/filter/mode", |issue| {
        issue
            .input()
            .map(|i| format!("expected no input, got {i:?}"))
    });
    report.finish();
}

/// Hints of a bounded integer name the bounds the author declared, not the integer type's
/// (`IntLike<1>` on a `u64` says "of at least 1", not "from 1 to 18446744073709551615"),
/// and so do the message and context of its `int_overflow`.
#[test]
fn hints_name_the_declared_bounds() {
    #[serde_as]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Args {
        #[serde_as(as = "IntLike<1>")]
        #[serde(default)]
        page: u64,
        #[serde_as(as = "IntLike<{ i128::MIN }, 100>")]
        #[serde(default)]
        offset: i64,
        #[serde_as(as = "IntLike<1, 5>")]
        #[serde(default)]
        depth: u8,
    }
    let one = |arguments: Value| {
        let refused = mcp_coerce::from_value::<Args>(arguments).unwrap_err();
        assert_eq!(refused.issues().len(), 1);
        let issue = refused.issues()[0].clone();
        (
            issue.code(),
            issue.message().to_owned(),
            issue.hint().to_owned(),
            serde_json::to_value(&issue).unwrap()["context"].clone(),
        )
    };
    assert_eq!(
        one(json!({"page": 0})),
        (
            Code::TooSmall,
            "must be at least 1".to_owned(),
            "send an integer of at least 1".to_owned(),
            json!({"minimum": 1})
        )
    );
    assert_eq!(
        one(json!({"page": "-1"})),
        (
            Code::IntOverflow,
            "integer out of range: must be at least 1".to_owned(),
            // The bounds in force reach past 2^53 − 1 (third revision).
            "send an integer of at least 1; send integers past 9007199254740991 as strings"
                .to_owned(),
            json!({"minimum": 1})
        )
    );
    assert_eq!(
        one(json!({"offset": 101})),
        (
            Code::TooBig,
            "must be at most 100".to_owned(),
            "send an integer of at most 100".to_owned(),
            json!({"maximum": 100})
        )
    );
    assert_eq!(
        one(json!({"offset": "99999999999999999999"})),
        (
            Code::IntOverflow,
            "integer out of range: must be at most 100".to_owned(),
            "send an integer of at most 100; send integers past 9007199254740991 as strings"
                .to_owned(),
            json!({"maximum": 100})
        )
    );
    assert_eq!(
        one(json!({"depth": 300})),
        (
            Code::IntOverflow,
            "integer out of range: must be from 1 to 5".to_owned(),
            "send an integer from 1 to 5".to_owned(),
            json!({"minimum": 1, "maximum": 5})
        )
    );
}
