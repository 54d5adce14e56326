//! Format independence: the adapters under TOML and a query string (and serde_json used
//! directly, without the crate's entry points). Under a foreign format an adapter fails
//! fast: ONE error of that format, whose message lists every bad element.

use mcp_coerce::{IntArray, IntArrayLike, Items, NoSplit, StringArrayLike};
use serde::Deserialize;
use serde_with::serde_as;

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Ids {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i64>,
}

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Names {
    #[serde_as(as = "StringArrayLike")]
    names: Vec<String>,
}

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Headings {
    #[serde_as(as = "StringArrayLike<NoSplit>")]
    headings: Vec<String>,
}

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct OptIds {
    #[serde_as(as = "IntArrayLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ids: Option<Vec<u32>>,
    #[serde(default)]
    other: Option<String>,
}

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Bounded {
    #[serde_as(as = "IntArrayLike<Items<1, 3>>")]
    ids: Vec<i64>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Wrapped {
    ids: IntArray<u8>,
}

fn ids(v: &[i64]) -> Ids {
    Ids { ids: v.to_vec() }
}

fn names(v: &[&str]) -> Names {
    Names {
        names: v.iter().map(|s| (*s).to_owned()).collect(),
    }
}

/// What is wrong with `message`, which should mention every bad element (by its index
/// below the field) and no good one.
fn listing_faults(message: &str, bad: &[usize], good: &[usize]) -> Vec<String> {
    let mut faults = Vec::new();
    for i in bad {
        if !(message.contains(&format!("/{i}:")) || message.contains(&format!("/{i} "))) {
            faults.push(format!("bad element {i} not listed in: {message}"));
        }
    }
    for i in good {
        if message.contains(&format!("/{i}:")) {
            faults.push(format!("good element {i} listed in: {message}"));
        }
    }
    faults
}

/// `message` mentions every bad element (by its index below the field) and no good one.
#[track_caller]
fn lists_exactly(message: &str, bad: &[usize], good: &[usize]) {
    let faults = listing_faults(message, bad, good);
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

// ---------------------------------------------------------------------------------------
// TOML

#[test]
fn toml_integer_arrays() {
    let cases: &[(&str, &[i64])] = &[
        (r#"ids = [1, "2", 3.0]"#, &[1, 2, 3]),
        (r#"ids = "1,2,3""#, &[1, 2, 3]),
        (r#"ids = "[1,2,3]""#, &[1, 2, 3]),
        (r#"ids = " 1 , 2 ,3 ""#, &[1, 2, 3]),
        (r#"ids = "1,,2,""#, &[1, 2]),
        (r#"ids = """#, &[]),
        (r#"ids = []"#, &[]),
        (r#"ids = 7"#, &[7]),
        (r#"ids = "7""#, &[7]),
        (r#"ids = 7.0"#, &[7]),
        (r#"ids = ["+5", " 5 ", "5.0"]"#, &[5, 5, 5]),
    ];
    let mut failures = Vec::new();
    for (text, want) in cases {
        match toml::from_str::<Ids>(text) {
            Ok(got) if got == ids(want) => {}
            got => failures.push(format!("{text}: expected {want:?}, got {got:?}")),
        }
    }
    // Two layers of string encoding, in TOML's literal string.
    match toml::from_str::<Ids>(r#"ids = '"[1,2]"'"#) {
        Ok(got) if got == ids(&[1, 2]) => {}
        got => failures.push(format!("two layers: got {got:?}")),
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn toml_string_arrays() {
    assert_eq!(
        toml::from_str::<Names>(r#"names = ["abc", "d,e"]"#).unwrap(),
        names(&["abc", "d,e"])
    );
    assert_eq!(
        toml::from_str::<Names>(r#"names = "abc, def , ghi""#).unwrap(),
        names(&["abc", "def", "ghi"])
    );
    assert_eq!(
        toml::from_str::<Names>(r#"names = '["abc","def"]'"#).unwrap(),
        names(&["abc", "def"])
    );
    assert_eq!(
        toml::from_str::<Names>(r#"names = ",""#).unwrap(),
        names(&[])
    );
    assert_eq!(
        toml::from_str::<Headings>(r#"headings = "Smith, John""#).unwrap(),
        Headings {
            headings: vec!["Smith, John".into()]
        }
    );
}

#[test]
fn toml_optional_and_bounded_and_wrapper() {
    let opt = |t: &str| toml::from_str::<OptIds>(t).map(|o| o.ids);
    assert_eq!(opt("").unwrap(), None);
    assert_eq!(opt(r#"ids = """#).unwrap(), None);
    assert_eq!(opt(r#"ids = "  ""#).unwrap(), None);
    assert_eq!(opt(r#"ids = "null""#).unwrap(), None);
    assert_eq!(opt(r#"ids = "1,2""#).unwrap(), Some(vec![1, 2]));
    assert!(opt(r#"ids = "-1""#).is_err(), "a refusal stays a refusal");
    assert!(toml::from_str::<Bounded>(r#"ids = "1,2,3,4""#).is_err());
    assert!(toml::from_str::<Bounded>(r#"ids = []"#).is_err());
    assert_eq!(
        toml::from_str::<Wrapped>(r#"ids = [1, "255"]"#)
            .unwrap()
            .ids
            .into_inner(),
        vec![1, 255]
    );
    let e = toml::from_str::<Wrapped>(r#"ids = [1, "256"]"#).unwrap_err();
    lists_exactly(e.message(), &[1], &[0]);
    assert!(e.message().contains("int_overflow"), "{}", e.message());
}

#[test]
fn toml_fails_fast_with_one_error_listing_every_bad_element() {
    let e = toml::from_str::<Ids>(r#"ids = "1,x,2,y""#).unwrap_err();
    let m = e.message();
    lists_exactly(m, &[1, 3], &[0, 2]);
    assert!(m.contains("int_parsing"), "{m}");

    let e = toml::from_str::<Ids>(r#"ids = [1, "x", 2.5, true, [1]]"#).unwrap_err();
    let m = e.message();
    lists_exactly(m, &[1, 2, 3, 4], &[0]);
    for code in ["int_parsing", "int_from_float", "invalid_type"] {
        assert!(m.contains(code), "{code} missing from: {m}");
    }

    let e = toml::from_str::<Names>(r#"names = ["a", 1, "b", 2.5]"#).unwrap_err();
    lists_exactly(e.message(), &[1, 3], &[0, 2]);

    // A bad value of the whole field: one error, naming the problem.
    let e = toml::from_str::<Ids>(r#"ids = "[1,2""#).unwrap_err();
    assert!(e.message().contains("invalid_json"), "{}", e.message());
    let e = toml::from_str::<Ids>(r#"ids = true"#).unwrap_err();
    assert!(e.message().contains("invalid_type"), "{}", e.message());
    let e = toml::from_str::<Ids>(r#"ids = 1979-05-27"#).unwrap_err();
    assert!(!e.message().is_empty());
}

/// "every bad element": seven of them, not the first five and a count.
#[test]
fn toml_error_lists_all_seven_bad_elements() {
    let mut faults = Vec::new();
    let e = toml::from_str::<Ids>(r#"ids = "a,b,c,d,e,f,g""#).unwrap_err();
    faults.extend(listing_faults(e.message(), &[0, 1, 2, 3, 4, 5, 6], &[]));
    let e = serde_json::from_str::<Ids>(r#"{"ids": ["a","b","c","d","e","f","g"]}"#).unwrap_err();
    faults.extend(listing_faults(&e.to_string(), &[0, 1, 2, 3, 4, 5, 6], &[]));
    // Four bad elements and `too_long`: five issues in all.
    let e = toml::from_str::<Bounded>(r#"ids = "a,b,c,d""#).unwrap_err();
    faults.extend(listing_faults(e.message(), &[0, 1, 2, 3], &[]));
    if !e.message().contains("too_long") {
        faults.push(format!("too_long not in: {}", e.message()));
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

// ---------------------------------------------------------------------------------------
// Query strings

#[test]
fn query_string_arrays() {
    assert_eq!(
        serde_urlencoded::from_str::<Ids>("ids=1,2,3").unwrap(),
        ids(&[1, 2, 3])
    );
    assert_eq!(
        serde_urlencoded::from_str::<Ids>("ids=1%2C%202%20%2C3").unwrap(),
        ids(&[1, 2, 3])
    );
    assert_eq!(
        serde_urlencoded::from_str::<Ids>("ids=%5B1%2C2%5D").unwrap(),
        ids(&[1, 2])
    );
    assert_eq!(
        serde_urlencoded::from_str::<Ids>("ids=7").unwrap(),
        ids(&[7])
    );
    assert_eq!(serde_urlencoded::from_str::<Ids>("ids=").unwrap(), ids(&[]));
    assert_eq!(
        serde_urlencoded::from_str::<Names>("names=abc,def").unwrap(),
        names(&["abc", "def"])
    );
    assert_eq!(
        serde_urlencoded::from_str::<Names>("names=%5B%22a%2Cb%22%5D").unwrap(),
        names(&["a,b"])
    );
    let opt = |q: &str| serde_urlencoded::from_str::<OptIds>(q).map(|o| o.ids);
    assert_eq!(opt("other=x").unwrap(), None);
    assert_eq!(opt("ids=").unwrap(), None);
    assert_eq!(opt("ids=null").unwrap(), None);
    assert_eq!(opt("ids=4,5").unwrap(), Some(vec![4, 5]));
    assert!(opt("ids=4,-5").is_err());
}

#[test]
fn query_string_fails_fast_with_one_error_listing_every_bad_element() {
    let e = serde_urlencoded::from_str::<Ids>("ids=x,1,y").unwrap_err();
    let m = e.to_string();
    lists_exactly(&m, &[0, 2], &[1]);
    let e = serde_urlencoded::from_str::<Ids>("ids=99999999999999999999").unwrap_err();
    assert!(e.to_string().contains("int_overflow"), "{e}");
}

// ---------------------------------------------------------------------------------------
// serde_json used directly (not through the crate's entry points)

#[test]
fn serde_json_directly() {
    assert_eq!(
        serde_json::from_str::<Ids>(r#"{"ids": " 1 , 2 ,3 "}"#).unwrap(),
        ids(&[1, 2, 3])
    );
    assert_eq!(
        serde_json::from_value::<Ids>(serde_json::json!({"ids": "[4]"})).unwrap(),
        ids(&[4])
    );
    let e = serde_json::from_str::<Ids>(r#"{"ids": "x,1,y,2.5"}"#).unwrap_err();
    lists_exactly(&e.to_string(), &[0, 2, 3], &[1]);
    let e = serde_json::from_value::<Ids>(serde_json::json!({"ids": [1, "x", true]})).unwrap_err();
    lists_exactly(&e.to_string(), &[1, 2], &[0]);
}
