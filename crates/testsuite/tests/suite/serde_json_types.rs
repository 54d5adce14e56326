//! `serde_json`'s own types inside argument structs: `RawValue` (feature `raw_value`) is
//! read by the engine as `serde_json::from_value` reads it, on every route.

use mcp_coerce::Code;
use serde::Deserialize;
use serde_json::value::RawValue;

#[derive(Deserialize, Debug)]
struct Forward {
    /// Passed on to another service untouched.
    payload: Box<RawValue>,
    limit: u32,
}

#[test]
fn a_raw_value_field_is_kept_on_valid_and_refused_calls() {
    let text = r#"{"payload": {"a": [1, 2]}, "limit": 5}"#;
    let args: Forward = mcp_coerce::from_str(text).unwrap();
    assert_eq!((args.payload.get(), args.limit), (r#"{"a": [1, 2]}"#, 5));
    let args: Forward = mcp_coerce::from_value(serde_json::from_str(text).unwrap()).unwrap();
    assert_eq!((args.payload.get(), args.limit), (r#"{"a":[1,2]}"#, 5));
    // A refused call goes through the engine, which hands the raw value to serde_json and
    // reports the other field's issue only.
    for (refused, code) in [
        (
            mcp_coerce::from_str::<Forward>(r#"{"payload": {"a": 1}, "limit": "x"}"#).unwrap_err(),
            Code::InvalidType,
        ),
        (
            mcp_coerce::from_value::<Forward>(serde_json::json!({"payload": [1], "limit": -1}))
                .unwrap_err(),
            Code::IntOverflow,
        ),
    ] {
        let found: Vec<(Code, String)> = refused
            .issues()
            .iter()
            .map(|i| (i.code(), i.path().to_string()))
            .collect();
        assert_eq!(found, [(code, "/limit".to_owned())]);
    }
}
