//! The generic array adapter `ArrayLike<A>` row by row (the contract's row "arrays of any
//! other element type", section "Second revision"), for elements that are objects read as
//! plain structs (`Same`), enums (`EnumLike`), objects that may arrive as strings
//! (`JsonObjectLike`), bounded integers (`IntLike`), URLs (`UrlLike`) and nested argument
//! structs, through the crate's entry points (`from_value` and `from_str`), in the
//! spellings the crate offers: `#[serde_as(as = "ArrayLike<..>")]` on `Vec<T>` and on
//! `Option<Vec<T>>`, serde_with's generic `Option<ArrayLike<..>>`, and the wrapper `Array`.
//!
//! Paths in the tables are written for a field named `ids`.

use crate::common;

use common::{Field, Place, Report, Row, absent_err, absent_ok, err, ok, pairs};
use mcp_coerce::{
    Array, ArrayLike, Code, EnumLike, IntLike, Items, JsonObjectLike, Optional, TextLike,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use serde_with::{Same, serde_as};

#[derive(Deserialize, Serialize, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Status {
    Open,
    InProgress,
    Closed,
}

/// An element read as a plain struct whose fields go through the crate's adapters.
#[serde_as]
#[derive(Deserialize, Serialize, Debug, PartialEq, Clone)]
struct Update {
    #[serde_as(as = "IntLike")]
    id: i64,
    #[serde_as(as = "EnumLike")]
    status: Status,
    #[serde_as(as = "TextLike<0, 200>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

fn update(id: i64, status: Status) -> Update {
    Update {
        id,
        status,
        note: None,
    }
}

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

spelling!(Updates, Vec<Update>, #[serde_as(as = "ArrayLike<Same, Items<1, 3>>")]);
spelling!(UpdatesAny, Vec<Update>, #[serde_as(as = "ArrayLike")]);
spelling!(
    UpdatesOpt,
    Option<Vec<Update>>,
    #[serde_as(as = "ArrayLike<Same, Items<1, 3>>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
);
spelling!(UpdatesGenericOpt, Option<Vec<Update>>, #[serde_as(as = "Option<ArrayLike<Same, Items<1, 3>>>")]);
spelling!(Statuses, Vec<Status>, #[serde_as(as = "ArrayLike<EnumLike>")]);
spelling!(Small, Vec<u8>, #[serde_as(as = "ArrayLike<IntLike<1, 10>>")]);
spelling!(Points, Vec<Point>, #[serde_as(as = "ArrayLike<JsonObjectLike>")]);
spelling!(Groups, Vec<Group>, #[serde_as(as = "ArrayLike")]);
spelling!(Names, Vec<String>, #[serde_as(as = "ArrayLike")]);
spelling!(
    MaybeStatuses,
    Option<Vec<Status>>,
    #[serde_as(as = "ArrayLike<EnumLike>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
);
spelling!(Matrix, Vec<Vec<i64>>, #[serde_as(as = "ArrayLike<mcp_coerce::IntArrayLike>")]);
spelling!(
    OptionalObjects,
    Vec<Option<Point>>,
    #[serde_as(as = "ArrayLike<JsonObjectLike<Optional>>")]
);

#[derive(Deserialize, Debug)]
struct Wrapped {
    ids: Array<Update, Same, Items<1, 3>>,
}
impl Field for Wrapped {
    type Out = Vec<Update>;
    fn out(self) -> Vec<Update> {
        self.ids.into_inner()
    }
}

#[derive(Deserialize, Serialize, Debug, PartialEq, Clone, Copy)]
struct Point {
    x: i32,
    y: i32,
}

/// A nested argument struct: an array of structs inside an array of structs.
#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Group {
    name: String,
    #[serde_as(as = "ArrayLike")]
    members: Vec<Member>,
}

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Member {
    #[serde_as(as = "IntLike<0, 150>")]
    age: u8,
    email: String,
}

const IDS: Place = Place::Field("ids");

/// `s` as a JSON string: one more layer of string encoding.
fn enc(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

fn one() -> Value {
    json!({"id": 1, "status": "open"})
}

/// The rows of an array of objects read as plain structs, with 1 to 3 items.
fn update_rows() -> Vec<Row<Vec<Update>>> {
    let text = r#"[{"id":1,"status":"open"},{"id":"2","status":"IN-PROGRESS"}]"#;
    let both = vec![update(1, Status::Open), update(2, Status::InProgress)];
    vec![
        // A native array; JSON text (the bug log's first payload has this shape); a string
        // inside the string; a third layer.
        ok(
            json!([one(), {"id": "2", "status": "IN-PROGRESS"}]),
            both.clone(),
        ),
        ok(json!(text), both.clone()),
        ok(json!(format!("  {text}\n")), both.clone()),
        ok(json!(enc(text)), both.clone()),
        err(json!(enc(&enc(text))), &[("invalid_type", "/ids")]),
        // One lone object is a one-element array; a refused lone element is at `/ids/0`.
        ok(one(), vec![update(1, Status::Open)]),
        err(
            json!({"id": "x", "status": "open"}),
            &[("int_parsing", "/ids/0/id")],
        ),
        err(json!({"status": "open"}), &[("missing", "/ids/0/id")]),
        err(json!(5), &[("invalid_type", "/ids/0")]),
        err(json!(true), &[("invalid_type", "/ids/0")]),
        // A string that is no JSON array is a lone element: no comma splitting.
        err(json!("a, b"), &[("invalid_type", "/ids/0")]),
        err(json!("null"), &[("invalid_type", "/ids/0")]),
        // A string that starts with `[` is JSON only.
        err(
            json!(r#"[{"id":1,"status":"open"}"#),
            &[("invalid_json", "/ids")],
        ),
        err(json!("[draft] notes"), &[("invalid_json", "/ids")]),
        err(json!("[{'id': 1}]"), &[("invalid_json", "/ids")]),
        // Every element's issues, each at its path, native or decoded alike.
        err(
            json!([{"id": "x", "status": "nope"}, {"status": "open"}, {"id": 3}]),
            &[
                ("int_parsing", "/ids/0/id"),
                ("enum_unknown", "/ids/0/status"),
                ("missing", "/ids/1/id"),
                ("missing", "/ids/2/status"),
            ],
        ),
        err(
            json!(r#"[{"id":"x","status":"nope"},{"status":"open"},{"id":3}]"#),
            &[
                ("int_parsing", "/ids/0/id"),
                ("enum_unknown", "/ids/0/status"),
                ("missing", "/ids/1/id"),
                ("missing", "/ids/2/status"),
            ],
        ),
        err(
            json!([one(), {"id": 2, "status": "open", "note": "n".repeat(201)}]),
            &[("too_long", "/ids/1/note")],
        ),
        err(
            json!([1, "x", false]),
            &[
                ("invalid_type", "/ids/0"),
                ("invalid_type", "/ids/1"),
                ("invalid_type", "/ids/2"),
            ],
        ),
        // Item bounds count items; items past the maximum are checked too.
        err(json!([]), &[("too_short", "/ids")]),
        err(json!("[]"), &[("too_short", "/ids")]),
        err(json!(""), &[("too_short", "/ids")]),
        err(json!([one(), one(), one(), one()]), &[("too_long", "/ids")]),
        err(
            json!([one(), one(), one(), {"id": "x", "status": "open"}]),
            &[("too_long", "/ids"), ("int_parsing", "/ids/3/id")],
        ),
        err(json!(null), &[("invalid_type", "/ids")]),
        absent_err(&[("missing", "/ids")]),
    ]
}

#[test]
fn arrays_of_objects_read_as_plain_structs() {
    let mut report = Report::new();
    report.table::<Updates>("ArrayLike<Same, Items<1, 3>>", IDS, &update_rows());
    report.table::<Wrapped>("Array<Update, Same, Items<1, 3>>", IDS, &update_rows());
    let unbounded = [
        ok(json!(""), vec![]),
        ok(json!("   "), vec![]),
        ok(json!([]), vec![]),
        ok(json!("[ ]"), vec![]),
    ];
    report.table::<UpdatesAny>("ArrayLike", IDS, &unbounded);
    report.finish();
}

#[test]
fn optional_arrays_written_the_crates_way() {
    let mut rows: Vec<Row<Option<Vec<Update>>>> = update_rows()
        .iter()
        .filter(|r| {
            r.input.is_some()
                && r.input != Some(json!(null))
                && r.input != Some(json!(""))
                && r.input != Some(json!("null"))
        })
        .map(|r| r.map(|v| Some(v.clone())))
        .collect();
    rows.extend([
        absent_ok(None),
        ok(json!(null), None),
        ok(json!(""), None),
        ok(json!("  "), None),
        ok(json!("null"), None),
        ok(one(), Some(vec![update(1, Status::Open)])),
    ]);
    let mut report = Report::new();
    report.table::<UpdatesOpt>("ArrayLike on Option", IDS, &rows);
    report.finish();
}

/// serde_with's generic `Option<ArrayLike>`: serde's rules for the `Option` (absent and
/// `null` are `None`), the adapter's for anything else (`""` is its `[]`).
#[test]
fn generic_option_spelling_keeps_serdes_rules() {
    let rows: Vec<Row<Option<Vec<Update>>>> = vec![
        absent_ok(None),
        ok(json!(null), None),
        // `""` is the adapter's `[]`, which its minimum refuses.
        err(json!(""), &[("too_short", "/ids")]),
        err(json!([]), &[("too_short", "/ids")]),
        ok(one(), Some(vec![update(1, Status::Open)])),
        ok(
            json!(r#"[{"id":1,"status":"open"}]"#),
            Some(vec![update(1, Status::Open)]),
        ),
    ];
    let mut report = Report::new();
    report.table::<UpdatesGenericOpt>("Option<ArrayLike>", IDS, &rows);
    report.finish();
}

#[test]
fn arrays_of_lenient_enums() {
    let rows: Vec<Row<Vec<Status>>> = vec![
        ok(
            json!(["open", "CLOSED"]),
            vec![Status::Open, Status::Closed],
        ),
        ok(
            json!("[\"open\", \"in progress\"]"),
            vec![Status::Open, Status::InProgress],
        ),
        ok(json!("open"), vec![Status::Open]),
        ok(json!(enc("closed")), vec![Status::Closed]),
        ok(json!(""), vec![]),
        err(json!("open, closed"), &[("enum_unknown", "/ids/0")]),
        err(
            json!(["open", "nope", 1]),
            &[("enum_unknown", "/ids/1"), ("invalid_type", "/ids/2")],
        ),
        err(json!(["open", null]), &[("invalid_type", "/ids/1")]),
        err(json!({"open": 1}), &[("invalid_type", "/ids/0")]),
    ];
    let mut report = Report::new();
    report.table::<Statuses>("ArrayLike<EnumLike>", IDS, &rows);
    let optional: Vec<Row<Option<Vec<Status>>>> = vec![
        absent_ok(None),
        ok(json!(""), None),
        ok(json!("open"), Some(vec![Status::Open])),
        err(json!("nope"), &[("enum_unknown", "/ids/0")]),
    ];
    report.table::<MaybeStatuses>("ArrayLike<EnumLike> on Option", IDS, &optional);
    report.finish();
}

#[test]
fn arrays_of_bounded_integers() {
    let rows: Vec<Row<Vec<u8>>> = vec![
        ok(json!([1, "2", 3.0, " 4 "]), vec![1, 2, 3, 4]),
        ok(json!("[1, \"2\"]"), vec![1, 2]),
        ok(json!(7), vec![7]),
        ok(json!("7"), vec![7]),
        err(
            json!([0, 11, 300, "x", 1.5]),
            &[
                ("too_small", "/ids/0"),
                ("too_big", "/ids/1"),
                ("int_overflow", "/ids/2"),
                ("int_parsing", "/ids/3"),
                ("int_from_float", "/ids/4"),
            ],
        ),
        // No comma splitting: the one element is `"1,2"`, which is no integer.
        err(json!("1,2"), &[("int_parsing", "/ids/0")]),
        err(json!(0), &[("too_small", "/ids/0")]),
    ];
    let mut report = Report::new();
    report.table::<Small>("ArrayLike<IntLike<1, 10>>", IDS, &rows);
    report.finish();
}

#[test]
fn arrays_of_objects_that_may_arrive_as_strings() {
    let p = |x, y| Point { x, y };
    let rows: Vec<Row<Vec<Point>>> = vec![
        ok(
            json!([{"x": 1, "y": 2}, "{\"x\": 3, \"y\": 4}"]),
            vec![p(1, 2), p(3, 4)],
        ),
        ok(json!("{\"x\": 1, \"y\": 2}"), vec![p(1, 2)]),
        ok(json!({"x": 5, "y": 6}), vec![p(5, 6)]),
        ok(
            json!("[{\"x\": 1, \"y\": 2}, \"{\\\"x\\\": 3, \\\"y\\\": 4}\"]"),
            vec![p(1, 2), p(3, 4)],
        ),
        err(
            json!(["{\"x\": 1}", "{\"x\":"]),
            &[("missing", "/ids/0/y"), ("invalid_json", "/ids/1")],
        ),
        err(
            json!("{\"x\": \"a\", \"y\": 2}"),
            &[("invalid_type", "/ids/0/x")],
        ),
        err(json!([[1]]), &[("invalid_type", "/ids/0")]),
    ];
    let mut report = Report::new();
    report.table::<Points>("ArrayLike<JsonObjectLike>", IDS, &rows);
    let optional: Vec<Row<Vec<Option<Point>>>> = vec![
        ok(
            json!([null, "", {"x": 1, "y": 1}]),
            vec![None, None, Some(p(1, 1))],
        ),
        err(json!(["{\"x\": 1}"]), &[("missing", "/ids/0/y")]),
    ];
    report.table::<OptionalObjects>("ArrayLike<JsonObjectLike<Optional>>", IDS, &optional);
    report.finish();
}

/// Arrays of structs inside arrays of structs: every missing field at every depth, each at
/// its path, whether the arrays arrive native or as JSON text.
#[test]
fn nested_argument_structs() {
    let member = json!({"age": 30, "email": "a@example.com"});
    let rows: Vec<Row<Vec<Group>>> = vec![
        ok(
            json!([{"name": "a", "members": [member.clone()]}]),
            vec![Group {
                name: "a".into(),
                members: vec![Member {
                    age: 30,
                    email: "a@example.com".into(),
                }],
            }],
        ),
        ok(
            json!([{"name": "a", "members": format!("[{member}]")}]),
            vec![Group {
                name: "a".into(),
                members: vec![Member {
                    age: 30,
                    email: "a@example.com".into(),
                }],
            }],
        ),
        err(
            json!([{"name": "a", "members": [{"age": 200}, {}]}, {"members": "[{\"email\": \"b\"}]"}]),
            &[
                ("too_big", "/ids/0/members/0/age"),
                ("missing", "/ids/0/members/0/email"),
                ("missing", "/ids/0/members/1/age"),
                ("missing", "/ids/0/members/1/email"),
                ("missing", "/ids/1/name"),
                ("missing", "/ids/1/members/0/age"),
            ],
        ),
        // A string holding one object, for a struct element, is that object (third
        // revision; here a lone element).
        ok(
            json!([{"name": "a", "members": member.to_string()}]),
            vec![Group {
                name: "a".into(),
                members: vec![Member {
                    age: 30,
                    email: "a@example.com".into(),
                }],
            }],
        ),
        err(
            json!(r#"[{"name":"a","members":[{"age":"x","email":"e"}]},{"name":1,"members":[]}]"#),
            &[
                ("int_parsing", "/ids/0/members/0/age"),
                ("invalid_type", "/ids/1/name"),
            ],
        ),
    ];
    let mut report = Report::new();
    report.table::<Groups>("ArrayLike of structs with ArrayLike", IDS, &rows);
    report.finish();
}

#[test]
fn arrays_of_plain_serde_elements_and_of_arrays() {
    let rows: Vec<Row<Vec<String>>> = vec![
        ok(json!(["a, b", "c"]), vec!["a, b".into(), "c".into()]),
        ok(json!("a, b"), vec!["a, b".into()]),
        ok(json!(" padded "), vec![" padded ".into()]),
        ok(json!("[\"x\"]"), vec!["x".into()]),
        err(json!([1, "b"]), &[("invalid_type", "/ids/0")]),
        err(json!(42), &[("invalid_type", "/ids/0")]),
    ];
    let mut report = Report::new();
    report.table::<Names>("ArrayLike on Vec<String>", IDS, &rows);
    let matrix: Vec<Row<Vec<Vec<i64>>>> = vec![
        ok(
            json!([[1, 2], "3,4", "[5]"]),
            vec![vec![1, 2], vec![3, 4], vec![5]],
        ),
        ok(json!("[[1], [2, 3]]"), vec![vec![1], vec![2, 3]]),
        err(
            json!([[1, "x"], "y"]),
            &[("int_parsing", "/ids/0/1"), ("int_parsing", "/ids/1/0")],
        ),
    ];
    report.table::<Matrix>("ArrayLike<IntArrayLike>", IDS, &matrix);
    report.finish();
}

#[cfg(feature = "url")]
#[test]
fn arrays_of_urls() {
    struct Cdn;
    impl mcp_coerce::UrlPolicy for Cdn {
        const SCHEMES: &'static [&'static str] = &["https"];
        const HOSTS: &'static [&'static str] = &["*.cdn.example.com"];
        const EXAMPLE: &'static str = "https://img.cdn.example.com/a.jpg";
    }
    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct Urls {
        #[serde_as(as = "ArrayLike<mcp_coerce::UrlLike<Cdn>, Items<0, 2>>")]
        ids: Vec<String>,
    }
    impl Field for Urls {
        type Out = Vec<String>;
        fn out(self) -> Vec<String> {
            self.ids
        }
    }
    let rows: Vec<Row<Vec<String>>> = vec![
        ok(
            json!([
                "HTTPS://A.cdn.example.com/x",
                " https://b.cdn.example.com/y "
            ]),
            vec![
                "https://a.cdn.example.com/x".into(),
                "https://b.cdn.example.com/y".into(),
            ],
        ),
        ok(
            json!("https://a.cdn.example.com/x"),
            vec!["https://a.cdn.example.com/x".into()],
        ),
        err(json!("https://127.0.0.1/x"), &[("url_forbidden", "/ids/0")]),
        err(
            json!([
                "not a url",
                "http://a.cdn.example.com/",
                "https://a.cdn.example.com/"
            ]),
            &[
                ("too_long", "/ids"),
                ("url_invalid", "/ids/0"),
                ("url_forbidden", "/ids/1"),
            ],
        ),
    ];
    let mut report = Report::new();
    report.table::<Urls>("ArrayLike<UrlLike<Cdn>, Items<0, 2>>", IDS, &rows);
    report.finish();
}

/// The adapter's own issues follow the issue model: a message, a hint, and the input.
#[test]
fn the_adapters_own_issues() {
    let refused = mcp_coerce::from_value::<Updates>(json!({"ids": "[{\"id\":"})).unwrap_err();
    let issue = &refused.issues()[0];
    assert_eq!(issue.code(), Code::InvalidJson);
    assert_eq!(issue.hint(), "send a native JSON array, e.g. [1, 2, 3]");
    assert_eq!(
        issue.input(),
        Some(&mcp_coerce::Input::Text("[{\"id\":".into()))
    );
    let refused = mcp_coerce::from_value::<Updates>(json!({"ids": null})).unwrap_err();
    let issue = &refused.issues()[0];
    assert_eq!(issue.message(), "expected an array, got null");
    assert_eq!(
        issue.hint(),
        "send a JSON array of the elements the inputSchema describes, e.g. [{\"id\": 1}]"
    );
    let refused = mcp_coerce::from_value::<Updates>(json!({"ids": [one(), one(), one(), one()]}))
        .unwrap_err();
    let issue = &refused.issues()[0];
    assert_eq!(issue.message(), "expected at most 3 items, got 4");
    assert_eq!(
        issue.context().map(|c| c["maxItems"].clone()),
        Some(json!(3))
    );
    assert!(issue.input().is_some());
}

/// Outside the crate's entry points the adapter fails fast, with its own issues in one
/// error of the format, or the first refused element's error; the accepted shapes are the
/// same.
#[test]
fn under_serde_json_directly() {
    let read = |v: Value| serde_json::from_value::<Updates>(v).map(|u| u.ids);
    let text = r#"[{"id":1,"status":"open"}]"#;
    for sent in [json!([one()]), json!(text), json!(enc(text)), one()] {
        assert_eq!(
            read(json!({ "ids": sent })).unwrap(),
            [update(1, Status::Open)],
            "{sent}"
        );
    }
    let by_str = serde_json::from_str::<Updates>(&json!({"ids": text}).to_string()).unwrap();
    assert_eq!(by_str.ids, [update(1, Status::Open)]);
    let e = read(json!({"ids": []})).unwrap_err().to_string();
    assert!(e.contains("expected at least 1 item, got 0"), "{e}");
    let e = read(json!({"ids": "[{"})).unwrap_err().to_string();
    assert!(e.contains("invalid JSON text"), "{e}");
    let e = read(json!({"ids": [{"id": "x", "status": "open"}]}))
        .unwrap_err()
        .to_string();
    assert!(e.contains("expected an integer"), "{e}");
    assert!(read(json!({"ids": null})).is_err());
}

/// The schema plan (`schema::from_value`) reads elements as the learned plan does: every
/// missing field of every element.
#[cfg(feature = "schemars")]
#[test]
fn the_schema_plan_reports_every_element() {
    #[serde_as]
    #[derive(Deserialize, schemars::JsonSchema, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Item {
        a: u8,
        b: u8,
    }
    #[serde_as]
    #[derive(Deserialize, schemars::JsonSchema, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Args {
        #[serde_as(as = "ArrayLike")]
        items: Vec<Item>,
        #[serde_as(as = "ArrayLike<EnumLike>")]
        tags: Vec<Status>,
    }
    let refused = mcp_coerce::schema::from_value::<Args>(
        json!({"items": [{}, "{\"a\": 1}"], "tags": "nope"}),
    )
    .unwrap_err();
    assert_eq!(
        pairs(&refused),
        [
            ("enum_unknown".to_owned(), "/tags/0".to_owned()),
            ("missing".to_owned(), "/items/0/a".to_owned()),
            ("missing".to_owned(), "/items/0/b".to_owned()),
            // The element sent as JSON text is decoded (third revision).
            ("missing".to_owned(), "/items/1/b".to_owned()),
        ]
    );
}

/// A recursive element type whose arrays arrive as strings.
#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code, reason = "only deserialized")]
struct Tree {
    #[serde_as(as = "ArrayLike")]
    #[serde(default)]
    children: Vec<Tree>,
}

/// What the adapter does with hostile input stays bounded: JSON-encoded arrays inside one
/// another (each parsed afresh from its string) stop at `MAX_ENCODED_LAYERS`; JSON text
/// nested past serde_json's 128 levels is `invalid_json`; a long array of refused elements
/// keeps 100 issues and counts the rest.
#[test]
fn hostile_shapes_stay_bounded() {
    // children: "[{\"children\": \"[{...}]\"}]", six arrays deep, each a string.
    let mut tree = json!({});
    for _ in 0..6 {
        tree = json!({ "children": format!("[{tree}]") });
    }
    let refused = mcp_coerce::from_value::<Tree>(tree.clone()).unwrap_err();
    assert!(
        refused.issues().iter().any(|i| i.code() == Code::TooDeep),
        "{:?}",
        pairs(&refused)
    );
    assert!(serde_json::from_value::<Tree>(tree).is_err());

    let deep = format!("{}{}", "[".repeat(300), "]".repeat(300));
    let refused = mcp_coerce::from_value::<Names>(json!({ "ids": deep })).unwrap_err();
    assert_eq!(
        pairs(&refused),
        [("invalid_json".to_owned(), "/ids".to_owned())]
    );

    let many: Vec<Value> = (0..10_000).map(|_| json!("nope")).collect();
    let refused = mcp_coerce::from_value::<Statuses>(json!({ "ids": many })).unwrap_err();
    assert_eq!(refused.issues().len(), mcp_coerce::MAX_ISSUES);
    assert_eq!(refused.total(), 10_000);
}
