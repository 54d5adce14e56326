//! The wrapper types' checking constructors: `new` runs the check the adapter runs on a
//! canonical value (same rule, same codes), and `into_inner`, `Deref` and `AsRef` read the
//! value back. One table per family: the exact value kept, or the exact codes refused.

use mcp_coerce::{
    Array, Bool, Clamp, Code, Enum, Int, IntArray, Items, JsonObject, NoSplit, Number, Rejection,
    SafeObject, StringArray, Text, Trim,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use serde_with::Same;

mcp_coerce::number_range!(Unit = 0.0..=1.0);

/// One row of a table: what is sent, and the value kept or the codes of the refusal.
type Row<S, T = S> = (S, Result<T, Vec<Code>>);

/// The codes of a refusal, in order.
fn codes<T>(made: Result<T, Rejection>) -> Vec<Code> {
    match made {
        Ok(_) => Vec::new(),
        Err(rejection) => rejection.issues().iter().map(|i| i.code()).collect(),
    }
}

/// `Ok(value)` as `into_inner` gives it back, or the refusal's codes.
fn made<W, T>(made: Result<W, Rejection>, inner: impl FnOnce(W) -> T) -> Result<T, Vec<Code>> {
    match made {
        Ok(w) => Ok(inner(w)),
        Err(rejection) => Err(rejection.issues().iter().map(|i| i.code()).collect()),
    }
}

#[test]
fn int_checks_its_range_or_clamps() {
    let rows: [(i64, Result<i64, Vec<Code>>); 5] = [
        (1, Ok(1)),
        (100, Ok(100)),
        (0, Err(vec![Code::TooSmall])),
        (101, Err(vec![Code::TooBig])),
        (-7, Err(vec![Code::TooSmall])),
    ];
    for (sent, want) in rows {
        assert_eq!(
            made(Int::<i64, 1, 100>::new(sent), Int::into_inner),
            want,
            "{sent}"
        );
    }
    let clamped: [(i64, i64); 3] = [(0, 1), (7, 7), (500, 50)];
    for (sent, want) in clamped {
        assert_eq!(
            made(Int::<i64, 1, 50, Clamp>::new(sent), Int::into_inner),
            Ok(want)
        );
    }
    assert_eq!(made(Int::<u8>::new(255), Int::into_inner), Ok(255));
    let refused = Int::<u8, 3, 9>::new(10).unwrap_err();
    assert_eq!(refused.issues()[0].context().unwrap()["maximum"], 9);
}

#[test]
fn number_checks_finiteness_and_bounds() {
    let rows: [(f64, Result<f64, Vec<Code>>); 6] = [
        (0.0, Ok(0.0)),
        (0.5, Ok(0.5)),
        (1.0, Ok(1.0)),
        (-0.1, Err(vec![Code::TooSmall])),
        (1.5, Err(vec![Code::TooBig])),
        (f64::NAN, Err(vec![Code::NotFinite])),
    ];
    for (sent, want) in rows {
        assert_eq!(
            made(Number::<Unit>::new(sent), Number::into_inner),
            want,
            "{sent}"
        );
    }
    assert_eq!(
        codes(Number::<mcp_coerce::AnyFinite>::new(f64::INFINITY)),
        [Code::NotFinite]
    );
    assert_eq!(
        *Number::<mcp_coerce::AnyFinite>::new(-1e300).unwrap(),
        -1e300
    );
}

#[test]
fn text_trims_then_checks_its_length() {
    let kept: [(&str, Result<String, Vec<Code>>); 4] = [
        ("abc", Ok("abc".into())),
        (" ab ", Ok(" ab ".into())),
        ("ab", Err(vec![Code::TooShort])),
        ("abcdef", Err(vec![Code::TooLong])),
    ];
    for (sent, want) in kept {
        assert_eq!(
            made(Text::<3, 5>::new(sent.into()), Text::into_inner),
            want,
            "{sent:?}"
        );
    }
    let trimmed: [(&str, Result<String, Vec<Code>>); 4] = [
        (" a ", Ok("a".into())),
        ("\u{feff}abc ", Ok("abc".into())),
        ("   ", Err(vec![Code::TooShort])),
        ("", Err(vec![Code::TooShort])),
    ];
    for (sent, want) in trimmed {
        assert_eq!(
            made(Text::<1, 5, Trim>::new(sent.into()), Text::into_inner),
            want,
            "{sent:?}"
        );
    }
    let text = Text::<1, 5>::new("hey".into()).unwrap();
    assert_eq!(
        (text.as_str(), AsRef::<String>::as_ref(&text).len()),
        ("hey", 3)
    );
}

#[test]
fn arrays_check_their_item_count() {
    type Few = Items<1, 2>;
    let rows: [Row<Vec<i64>>; 4] = [
        (vec![7], Ok(vec![7])),
        (vec![7, 8], Ok(vec![7, 8])),
        (vec![], Err(vec![Code::TooShort])),
        (vec![1, 2, 3], Err(vec![Code::TooLong])),
    ];
    for (sent, want) in rows {
        assert_eq!(
            made(
                IntArray::<i64, Few>::new(sent.clone()),
                IntArray::into_inner
            ),
            want
        );
        assert_eq!(
            made(Array::<i64, Same, Few>::new(sent), Array::into_inner),
            want
        );
    }
    let strings = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let rows: [Row<Vec<String>>; 3] = [
        (strings(&["a, b"]), Ok(strings(&["a, b"]))),
        (strings(&[]), Err(vec![Code::TooShort])),
        (strings(&["a", "b", "c"]), Err(vec![Code::TooLong])),
    ];
    for (sent, want) in rows {
        assert_eq!(
            made(StringArray::<Few>::new(sent), StringArray::into_inner),
            want
        );
    }
    // A separator in the bounds' place is any count.
    assert_eq!(StringArray::<NoSplit>::new(Vec::new()).unwrap().len(), 0);
    let refused = IntArray::<u8, Items<0, 1>>::new(vec![1, 2]).unwrap_err();
    assert_eq!(refused.issues()[0].context().unwrap()["maxItems"], 1);
}

#[test]
fn safe_object_checks_keys_and_depth() {
    let object = |v: serde_json::Value| v.as_object().cloned().unwrap();
    let rows = [
        (json!({"a": {"b": 1}}), Ok(object(json!({"a": {"b": 1}})))),
        (json!({"__proto__": 1}), Err(vec![Code::ForbiddenKey])),
        (json!({"a": {"b": {"c": {}}}}), Err(vec![Code::TooDeep])),
    ];
    for (sent, want) in rows {
        assert_eq!(
            made(
                SafeObject::<3>::new(object(sent.clone())),
                SafeObject::into_inner
            ),
            want,
            "{sent}"
        );
    }
}

/// Regression: `new` checked `MAX_DEPTH` as given, where the adapter caps it at 128, so
/// `SafeObject::<200>::new` took a 140-level object no reading route accepts.
#[test]
fn safe_object_new_caps_its_depth_as_the_adapter_does() {
    let mut deep = json!(1);
    for _ in 0..140 {
        deep = json!({ "a": deep });
    }
    let deep = deep.as_object().cloned().unwrap();
    assert_eq!(codes(SafeObject::<200>::new(deep.clone())), [Code::TooDeep]);
    let read = serde_json::from_value::<SafeObject<200>>(serde_json::Value::Object(deep));
    assert!(read.is_err());
    assert_eq!(
        SafeObject::<1>::default().into_inner(),
        serde_json::Map::new()
    );
}

/// Regression: a `Deserializer` that hands over 128-bit integers got serde's own error from
/// `BoolLike` for `1` (no code), where an `i64` or `u64` `1` reads as `true`.
#[test]
fn bool_reads_128_bit_integers_as_it_reads_64_bit_ones() {
    use serde::de::IntoDeserializer;
    use serde::de::value::Error;
    let read = |d: serde::de::value::I128Deserializer<Error>| Bool::deserialize(d).map(|b| *b);
    assert_eq!(read(1i128.into_deserializer()), Ok(true));
    assert_eq!(read(0i128.into_deserializer()), Ok(false));
    let two = Bool::deserialize(IntoDeserializer::<Error>::into_deserializer(2u128)).unwrap_err();
    assert!(two.to_string().contains("(bool_parsing)"), "{two}");
}

#[test]
fn wrappers_without_a_check_cannot_refuse() {
    #[derive(Deserialize, Serialize, Clone, Copy, Debug, PartialEq)]
    enum Color {
        Red,
    }
    assert!(Bool::new(true).into_inner());
    assert!(!*Bool::from(false));
    assert_eq!(Enum::new(Color::Red).into_inner(), Color::Red);
    assert_eq!(*Enum::from(Color::Red).as_ref(), Color::Red);
    assert_eq!(
        JsonObject::new(json!({"x": 1})).into_inner(),
        json!({"x": 1})
    );
}

#[test]
fn what_new_accepts_reads_back_through_the_adapter() {
    // `new` and the adapter agree on a canonical value: it serializes, and deserializes to
    // the same wrapper.
    let int = Int::<u8, 1, 9>::new(4).unwrap();
    assert_eq!(
        serde_json::from_value::<Int<u8, 1, 9>>(serde_json::to_value(int).unwrap()).unwrap(),
        int
    );
    let text = Text::<1, 5, Trim>::new(" ab ".into()).unwrap();
    let back: Text<1, 5, Trim> =
        serde_json::from_value(serde_json::to_value(&text).unwrap()).unwrap();
    assert_eq!(back, text);
    let ids = IntArray::<i64, Items<1, 3>>::new(vec![1, 2]).unwrap();
    let back: IntArray<i64, Items<1, 3>> =
        serde_json::from_value(serde_json::to_value(&ids).unwrap()).unwrap();
    assert_eq!(back, ids);
}

#[cfg(feature = "regex")]
#[test]
fn pattern_trims_then_matches() {
    use mcp_coerce::Pattern;

    mcp_coerce::pattern! {
        Sku { name: "sku", source: r"^[A-Z]{3}-[0-9]{3}$", example: "ABC-123", max_length: 10 }
    }
    let rows: [(&str, Result<String, Vec<Code>>); 4] = [
        ("ABC-123", Ok("ABC-123".into())),
        (" ABC-123 ", Ok("ABC-123".into())),
        ("abc-123", Err(vec![Code::PatternMismatch])),
        ("ABC-1234567", Err(vec![Code::TooLong])),
    ];
    for (sent, want) in rows {
        assert_eq!(
            made(Pattern::<Sku>::new(sent.into()), Pattern::into_inner),
            want,
            "{sent:?}"
        );
    }
}

#[cfg(feature = "url")]
#[test]
fn url_checks_its_policy() {
    use mcp_coerce::HttpsOnly;
    use mcp_coerce::url::{Url, WhatwgUrl};

    let rows: [(&str, Result<&str, Vec<Code>>); 4] = [
        ("https://example.com/a", Ok("https://example.com/a")),
        (" HTTPS://Example.COM/a b ", Ok("https://example.com/a%20b")),
        ("ftp://example.com/", Err(vec![Code::UrlForbidden])),
        ("not a url", Err(vec![Code::UrlInvalid])),
    ];
    for (sent, want) in rows {
        let got = made(Url::<HttpsOnly>::parse(sent), |u| {
            u.into_inner().to_string()
        });
        assert_eq!(got, want.map(str::to_owned), "{sent:?}");
    }
    let parsed = |s: &str| WhatwgUrl::parse(s).unwrap();
    assert_eq!(
        codes(Url::<HttpsOnly>::new(parsed("http://example.com/"))),
        [Code::UrlForbidden]
    );
    assert_eq!(
        codes(Url::<HttpsOnly>::new(parsed("https://127.0.0.1/"))),
        [Code::UrlForbidden]
    );
    assert_eq!(
        Url::<HttpsOnly>::new(parsed("https://example.com/"))
            .unwrap()
            .as_str(),
        "https://example.com/"
    );
}
