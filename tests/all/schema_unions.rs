//! The typed route's every-issue pass inside unions (`schema::from_*` with the `coercer`
//! feature): a tagged enum's variant read by the schema engine against the type's own
//! schema, every other member by the typed pass with its policies.
#![cfg(all(feature = "schemars", feature = "coercer"))]

use mcp_coerce::{Code, IntLike, Rejection};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use serde_with::serde_as;

/// A newtype whose `try_from` refuses anything but lowercase letters and `-`.
#[derive(Debug, Deserialize, JsonSchema, PartialEq)]
#[serde(try_from = "String")]
struct Slug(String);

impl TryFrom<String> for Slug {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        if s.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
            Ok(Slug(s))
        } else {
            Err("a slug is lowercase letters and -".into())
        }
    }
}

#[derive(Debug, Deserialize, JsonSchema, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Cmd {
    Move { steps: u32, fast: bool },
    Stop,
}

#[serde_as]
#[derive(Debug, Deserialize, JsonSchema, PartialEq)]
struct Args {
    slug: Slug,
    cmd: Cmd,
    #[serde_as(as = "IntLike<1, 100>")]
    limit: u32,
    query: String,
    page: u32,
}

/// A type whose clamping policy a schema cannot say, beside a union.
#[serde_as]
#[derive(Debug, Deserialize, JsonSchema, PartialEq)]
struct Clamped {
    cmd: Cmd,
    #[serde_as(as = "IntLike<1, 10, mcp_coerce::Clamp>")]
    top: u32,
}

fn found(refused: &Rejection) -> Vec<(Code, String)> {
    refused
        .issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect()
}

fn six() -> Vec<(Code, String)> {
    vec![
        (Code::TooBig, "/limit".into()),
        (Code::Custom, "/slug".into()),
        (Code::Missing, "/query".into()),
        (Code::Missing, "/page".into()),
        (Code::BoolParsing, "/cmd/fast".into()),
        (Code::IntParsing, "/cmd/steps".into()),
    ]
}

const CALL: &str = r#"{"slug": "Not A Slug", "cmd": {"kind": "move", "steps": "many", "fast": "maybe"}, "limit": 500}"#;

#[test]
fn every_issue_of_the_six_in_one_rejection_on_each_route() {
    let from_str = mcp_coerce::schema::from_str::<Args>(CALL).unwrap_err();
    assert_eq!(found(&from_str), six());
    let from_slice = mcp_coerce::schema::from_slice::<Args>(CALL.as_bytes()).unwrap_err();
    assert_eq!(found(&from_slice), six());
    let value: serde_json::Value = serde_json::from_str(CALL).unwrap();
    let from_value = mcp_coerce::schema::from_value::<Args>(value).unwrap_err();
    assert_eq!(found(&from_value), six());
    // The newtype's own message, at its path.
    let slug = from_str
        .issues()
        .iter()
        .find(|i| i.path().to_string() == "/slug");
    assert_eq!(
        slug.map(|i| i.message()),
        Some("a slug is lowercase letters and -")
    );
}

#[test]
fn the_typed_route_alone_stops_at_the_union() {
    // Without the schema: one issue at the enum's path (serde reads it from a buffer).
    let refused = mcp_coerce::from_str::<Args>(CALL).unwrap_err();
    assert_eq!(found(&refused), [(Code::InvalidType, "/cmd".to_string())]);
}

#[test]
fn the_call_as_a_string_is_read_alike() {
    let text = serde_json::to_string(CALL).unwrap();
    let refused = mcp_coerce::schema::from_str::<Args>(&text).unwrap_err();
    assert_eq!(found(&refused), six());
}

#[test]
fn a_union_with_nothing_wrong_inside_keeps_the_typed_issues() {
    let call = r#"{"slug": "ok", "cmd": {"kind": "stop"}, "limit": 0}"#;
    let refused = mcp_coerce::schema::from_str::<Args>(call).unwrap_err();
    assert_eq!(
        found(&refused),
        [
            (Code::TooSmall, "/limit".to_string()),
            (Code::Missing, "/query".to_string()),
            (Code::Missing, "/page".to_string()),
        ]
    );
}

#[test]
fn an_unknown_tag_is_the_schema_engines_one_issue() {
    let call = r#"{"slug": "ok", "cmd": {"kind": "jump"}, "limit": 5, "query": "q", "page": 1}"#;
    let refused = mcp_coerce::schema::from_str::<Args>(call).unwrap_err();
    assert_eq!(
        found(&refused),
        [(Code::EnumUnknown, "/cmd/kind".to_string())]
    );
}

#[test]
fn a_policy_the_schema_cannot_say_keeps_its_typed_outcome() {
    // `top` past its bound is clamped by the type; the variant's issue comes from the schema.
    let call = json!({"cmd": {"kind": "move", "steps": 2, "fast": "perhaps"}, "top": 50});
    let refused = mcp_coerce::schema::from_value::<Clamped>(call).unwrap_err();
    assert_eq!(
        found(&refused),
        [(Code::BoolParsing, "/cmd/fast".to_string())]
    );
    let accepted: Clamped = mcp_coerce::schema::from_value(
        json!({"cmd": {"kind": "move", "steps": 2, "fast": true}, "top": 50}),
    )
    .unwrap();
    assert_eq!(
        accepted,
        Clamped {
            cmd: Cmd::Move {
                steps: 2,
                fast: true
            },
            top: 10
        }
    );
}

#[test]
fn the_whole_call_a_union() {
    let refused =
        mcp_coerce::schema::from_str::<Cmd>(r#"{"kind": "move", "steps": -1, "fast": "x"}"#)
            .unwrap_err();
    assert_eq!(
        found(&refused),
        [
            (Code::BoolParsing, "/fast".to_string()),
            (Code::TooSmall, "/steps".to_string()),
        ]
    );
}

#[test]
fn valid_calls_are_read_as_serde_reads_them() {
    let args: Args = mcp_coerce::schema::from_str(
        r#"{"slug": "a-b", "cmd": {"kind": "move", "steps": 3, "fast": true}, "limit": "7", "query": "q", "page": 2}"#,
    )
    .unwrap();
    assert_eq!(
        args,
        Args {
            slug: Slug("a-b".into()),
            cmd: Cmd::Move {
                steps: 3,
                fast: true
            },
            limit: 7,
            query: "q".into(),
            page: 2
        }
    );
}

#[test]
fn a_folded_tag_is_read_and_the_variants_issues_reported() {
    let call = r#"{"slug": "ok", "cmd": {"kind": "Move", "steps": "x", "fast": true}, "limit": 5, "query": "q", "page": 1}"#;
    let refused = mcp_coerce::schema::from_str::<Args>(call).unwrap_err();
    assert_eq!(
        found(&refused),
        [(Code::IntParsing, "/cmd/steps".to_string())]
    );
}

#[derive(Debug, Deserialize, JsonSchema, PartialEq)]
struct Filter {
    from: u32,
    to: u32,
}

/// A union at an array position, and a plain nested struct.
#[derive(Debug, Deserialize, JsonSchema, PartialEq)]
struct Batch {
    cmds: Vec<Cmd>,
    filter: Filter,
}

#[test]
fn a_union_at_an_array_position_keeps_the_typed_issue() {
    let call = r#"{"cmds": [{"kind": "move", "steps": "x", "fast": true}], "filter": {"from": 1, "to": 2}}"#;
    let typed = mcp_coerce::from_str::<Batch>(call).unwrap_err();
    let refused = mcp_coerce::schema::from_str::<Batch>(call).unwrap_err();
    assert_eq!(found(&refused), found(&typed));
}

#[test]
fn issues_outside_unions_are_the_typed_routes() {
    let call = r#"{"cmds": [], "filter": {"from": "x"}}"#;
    let refused = mcp_coerce::schema::from_str::<Batch>(call).unwrap_err();
    assert_eq!(
        found(&refused),
        [
            (Code::InvalidType, "/filter/from".to_string()),
            (Code::Missing, "/filter/to".to_string()),
        ]
    );
}

/// An optional recursive field: schemars writes `anyOf` of the type and null, which is not
/// a union of shapes; the typed route's issues stand.
#[serde_as]
#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)] // only read
struct Tree {
    #[serde_as(as = "IntLike<0, 9>")]
    value: u8,
    #[serde(default)]
    left: Option<Box<Tree>>,
}

#[test]
fn an_option_of_a_named_type_is_no_union() {
    let call = r#"{"value": 0, "left": {"value": -1}}"#;
    let typed = mcp_coerce::from_str::<Tree>(call).unwrap_err();
    let refused = mcp_coerce::schema::from_str::<Tree>(call).unwrap_err();
    assert_eq!(found(&refused), found(&typed));
    assert_eq!(
        found(&refused),
        [(Code::IntOverflow, "/left/value".to_string())]
    );
}

/// A flattened tagged enum beside a clamped field: the union is the whole object, so the
/// typed route's issues stand (the schema would refuse `top`, which the type clamps).
#[serde_as]
#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)] // only read
struct Flat {
    #[serde(flatten)]
    cmd: Cmd,
    #[serde_as(as = "IntLike<1, 10, mcp_coerce::Clamp>")]
    top: u32,
}

#[test]
fn a_flattened_union_keeps_the_typed_issues() {
    let call = r#"{"kind": "move", "steps": "x", "fast": true, "top": 500}"#;
    let typed = mcp_coerce::from_str::<Flat>(call).unwrap_err();
    let refused = mcp_coerce::schema::from_str::<Flat>(call).unwrap_err();
    assert_eq!(found(&refused), found(&typed));
    assert!(!found(&refused).contains(&(Code::TooBig, "/top".to_string())));
}
