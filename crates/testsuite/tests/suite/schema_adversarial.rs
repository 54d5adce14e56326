//! The schema engine's adversarial table: hostile schemas and calls, each with its exact
//! outcome and a bound on the work it causes, counted as allocations (a deterministic
//! count; wall-clock time is never asserted). Rows: a recursive `$ref` (a tree schema and
//! deep calls), 20 nested `anyOf`s of two branches (a call that matches late, after
//! coercion, or never), a 10,000-value `enum` (exact, folded, unknown), catastrophic
//! patterns against 100,000 chars, 10 MB calls (10^6 ids, a deep-but-allowed object);
//! and the regressions the schema fuzz targets found (fuzz/README.md, SECURITY.md).

use crate::counting;

use std::cell::Cell;

use counting::ALLOCATIONS;
use mcp_coerce::coercer::Coercer;
use mcp_coerce::{Code, Rejection, Rule};
use serde_json::{Map, Value, json};

/// Allocations (reallocations included) made by `work`, and what it returned.
fn allocations<R>(work: impl FnOnce() -> R) -> (u64, R) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = work();
    (ALLOCATIONS.with(Cell::get) - before, out)
}

/// The outcome of a row: the value, or the `(code, path)` of every issue and how many
/// more were counted.
#[derive(Debug, PartialEq)]
enum Outcome {
    Ok(Value),
    Refused(Vec<(Code, String)>, usize),
}

fn outcome(read: Result<Value, Rejection>) -> Outcome {
    match read {
        Ok(value) => Outcome::Ok(value),
        Err(r) => Outcome::Refused(
            r.issues()
                .iter()
                .map(|i| (i.code(), i.path().to_string()))
                .collect(),
            r.truncated(),
        ),
    }
}

fn refused(issues: &[(Code, &str)]) -> Outcome {
    Outcome::Refused(
        issues.iter().map(|(c, p)| (*c, (*p).to_owned())).collect(),
        0,
    )
}

/// How a row's call is read.
enum Call {
    /// `Coercer::coerce`: tool-call arguments.
    Arguments(Value),
    /// `Coercer::coerce_value`: one value, no arguments rules.
    Value(Value),
    /// `Coercer::coerce_str`: JSON text of the arguments.
    Text(String),
}

/// One row: the schema, the call, the outcome, and the most allocations the coercion may
/// make (compiling is counted apart, in `compile_bounds`).
struct Row {
    what: &'static str,
    schema: Value,
    call: Call,
    want: Outcome,
    most: u64,
}

/// Run every row; report every row that differs, with what it got.
fn run(rows: Vec<Row>) {
    let mut failures = Vec::new();
    for row in rows {
        let coercer = match Coercer::compile(&row.schema) {
            Ok(coercer) => coercer,
            Err(e) => {
                failures.push(format!("{}: the schema does not compile: {e}", row.what));
                continue;
            }
        };
        let (count, read) = allocations(|| match row.call {
            Call::Arguments(value) => coercer.coerce(value),
            Call::Value(value) => coercer.coerce_value(value),
            Call::Text(text) => coercer.coerce_str(&text),
        });
        let got = outcome(read);
        if got != row.want || count > row.most {
            let show = |o: &Outcome| {
                let text = format!("{o:?}");
                if text.len() > 600 {
                    format!("{}… ({} chars)", &text[..600], text.len())
                } else {
                    text
                }
            };
            failures.push(format!(
                "{}\n  want {}\n  got  {}\n  {count} allocations, at most {}",
                row.what,
                show(&row.want),
                show(&got),
                row.most,
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A tree: a node has an integer `value` and an array of `children`, each a node.
fn tree_schema() -> Value {
    json!({
        "$defs": {
            "node": {
                "type": "object",
                "properties": {
                    "value": {"type": "integer"},
                    "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}
                },
                "required": ["value"],
                "additionalProperties": false
            }
        },
        "$ref": "#/$defs/node"
    })
}

/// A chain of `levels` nodes, one the child of the other, each with `value`.
fn chain(levels: usize, value: &Value) -> Value {
    let mut node = json!({ "value": value });
    for _ in 1..levels {
        node = json!({"value": value, "children": [node]});
    }
    node
}

/// `/children/0` repeated `levels` times, cut as a rendered path is: at most 256 chars, at
/// a segment's end.
fn children_path(levels: usize) -> String {
    let full = "/children/0".repeat(levels);
    if full.len() <= mcp_coerce::MAX_PATH_CHARS {
        return full;
    }
    let mut cut = String::new();
    for _ in 0..levels {
        if cut.len() + "/children/0".len() > mcp_coerce::MAX_PATH_CHARS {
            break;
        }
        cut.push_str("/children/0");
    }
    cut
}

/// `A0` to `A62`, each a `$ref` to the next, and `A62` an array whose items are `A0`: 63
/// applications nested at every level of the value.
fn ref_chains() -> Value {
    let mut defs = Map::new();
    for k in 0..62 {
        defs.insert(
            format!("A{k}"),
            json!({"$ref": format!("#/$defs/A{}", k + 1)}),
        );
    }
    defs.insert(
        "A62".to_owned(),
        json!({"type": "array", "items": {"$ref": "#/$defs/A0"}}),
    );
    json!({"$defs": defs, "$ref": "#/$defs/A0"})
}

/// `[]` inside `levels - 1` arrays.
fn nested_arrays(levels: usize) -> Value {
    (1..levels).fold(json!([]), |inner, _| Value::Array(vec![inner]))
}

#[test]
fn recursive_ref() {
    // 63 levels: the deepest node is at value depth 124, its `children` array absent; a
    // node at depth 2k and its `children` at 2k + 1, within the 128 levels.
    let deep = chain(63, &json!("7"));
    let want = chain(63, &json!(7));
    // 100 levels: the 65th node (depth 128) is one level past the limit.
    let too_deep = chain(100, &json!(1));
    let too_deep_path = children_path(64);
    run(vec![
        Row {
            what: "a tree 63 levels deep, every value a numeric string: each read as an integer",
            schema: tree_schema(),
            call: Call::Arguments(deep),
            want: Outcome::Ok(want),
            most: 512,
        },
        Row {
            what: "a tree 100 levels deep: too_deep at the first container past 128 levels",
            schema: tree_schema(),
            call: Call::Arguments(too_deep),
            want: refused(&[(Code::TooDeep, too_deep_path.as_str())]),
            most: 600,
        },
        Row {
            what: "a chain of 63 $refs at every level of arrays 120 deep: too_deep where 1,024 applications nest (level 16), never a stack overflow",
            schema: ref_chains(),
            call: Call::Value(nested_arrays(120)),
            want: refused(&[(Code::TooDeep, "/0".repeat(16).as_str())]),
            most: 64,
        },
        Row {
            what: "the same chains, arrays 15 deep: within the bound",
            schema: ref_chains(),
            call: Call::Value(nested_arrays(15)),
            want: Outcome::Ok(nested_arrays(15)),
            most: 16,
        },
        Row {
            what: "a cycle of $refs that never descends: refused at the value, never a hang",
            schema: json!({"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}},
                           "$ref": "#/$defs/a"}),
            call: Call::Value(json!(1)),
            want: refused(&[(Code::Custom, "")]),
            most: 16,
        },
    ]);
}

/// Levels `l1` to `l20`, each an `anyOf` of two `$ref`s to the next level (2^20 paths
/// through them), and `l21` = `leaf`.
fn doubling_unions(leaf: Value) -> Value {
    let mut defs = Map::new();
    for k in 1..=20 {
        let next = format!("#/$defs/l{}", k + 1);
        defs.insert(
            format!("l{k}"),
            json!({"anyOf": [{"$ref": next}, {"$ref": next}]}),
        );
    }
    defs.insert("l21".to_owned(), leaf);
    json!({"$defs": defs, "$ref": "#/$defs/l1"})
}

/// 20 `anyOf`s nested inline, each of two branches: the next level, and a `null`; the
/// innermost is `leaf`.
fn nested_unions(leaf: Value) -> Value {
    (0..20).fold(leaf, |inner, _| json!({"anyOf": [inner, {"type": "null"}]}))
}

#[test]
fn twenty_nested_unions() {
    let integer = json!({"type": "integer"});
    run(vec![
        Row {
            what: "20 nested anyOfs inline, an integer: valid as sent, found through every level",
            schema: nested_unions(integer.clone()),
            call: Call::Value(json!(5)),
            want: Outcome::Ok(json!(5)),
            most: 16,
        },
        Row {
            what: "20 nested anyOfs inline, a numeric string: read as an integer at the last level",
            schema: nested_unions(integer.clone()),
            call: Call::Value(json!("5")),
            want: Outcome::Ok(json!(5)),
            most: 64,
        },
        Row {
            what: "20 nested anyOfs inline, a string no level reads: one invalid_type, every level tried once",
            schema: nested_unions(integer.clone()),
            call: Call::Value(json!("x")),
            want: refused(&[(Code::InvalidType, "")]),
            most: 384,
        },
        Row {
            what: "20 levels of two $refs each (2^20 paths), an integer: valid as sent",
            schema: doubling_unions(integer.clone()),
            call: Call::Value(json!(5)),
            want: Outcome::Ok(json!(5)),
            most: 16,
        },
        Row {
            what: "20 levels of two $refs each, a numeric string: matches late, after coercion",
            schema: doubling_unions(integer.clone()),
            call: Call::Value(json!("5")),
            want: Outcome::Ok(json!(5)),
            most: 160,
        },
        Row {
            what: "20 levels of two $refs each, a string no path reads: the work budget (10^6 node applications) refuses it",
            schema: doubling_unions(integer.clone()),
            call: Call::Value(json!("x")),
            want: refused(&[(Code::InvalidType, ""), (Code::Custom, "")]),
            most: 1_000_000,
        },
    ]);
}

#[test]
fn ten_thousand_value_enum() {
    let values: Vec<Value> = (0..10_000).map(|i| json!(format!("value_{i}"))).collect();
    let schema = json!({"type": "object", "properties": {"v": {"enum": values}}});
    run(vec![
        Row {
            what: "the last of 10,000 values, exact",
            schema: schema.clone(),
            call: Call::Arguments(json!({"v": "value_9999"})),
            want: Outcome::Ok(json!({"v": "value_9999"})),
            most: 8,
        },
        Row {
            what: "the last of 10,000 values, folded: one hash lookup",
            schema: schema.clone(),
            call: Call::Arguments(json!({"v": "VALUE-9999"})),
            want: Outcome::Ok(json!({"v": "value_9999"})),
            most: 16,
        },
        Row {
            what: "a value none of 10,000 is: enum_unknown, every allowed value in its context and hint (about 4 allocations a value)",
            schema: schema.clone(),
            call: Call::Arguments(json!({"v": "nope"})),
            want: refused(&[(Code::EnumUnknown, "/v")]),
            most: 48_000,
        },
    ]);
}

#[test]
fn catastrophic_patterns() {
    let a = "a".repeat(100_000);
    let a_bang = format!("{a}!");
    let backreference = json!({"type": "string", "pattern": r"^(a|a)+\1$"});
    let nested = json!({"type": "string", "pattern": "^(a+)+$"});
    run(vec![
        Row {
            what: r"^(a|a)+\1$ (backtracking: a backreference) against 100,000 chars and a !: the step limit stops it",
            schema: backreference.clone(),
            call: Call::Value(json!(a_bang)),
            want: refused(&[(Code::PatternMismatch, "")]),
            most: 128,
        },
        Row {
            what: r"^(a|a)+\1$ against 100,000 a's: a match, found after one step back",
            schema: backreference,
            call: Call::Value(json!(a)),
            want: Outcome::Ok(json!(a)),
            most: 128,
        },
        Row {
            what: "^(a+)+$ (linear time: the regex crate) against 100,000 chars and a !",
            schema: nested.clone(),
            call: Call::Value(json!(a_bang)),
            want: refused(&[(Code::PatternMismatch, "")]),
            most: 64,
        },
        Row {
            what: "^(a+)+$ against 100,000 a's: a match",
            schema: nested,
            call: Call::Value(json!(a)),
            want: Outcome::Ok(json!(a)),
            most: 64,
        },
    ]);
}

#[test]
fn ten_megabyte_calls() {
    let n: u64 = 1_000_000;
    let ids: Vec<u64> = (0..n).map(|i| 1_000_000_000 + i).collect();
    let text = json!({ "ids": ids }).to_string();
    assert!(text.len() > 10_000_000, "{} bytes", text.len());
    let comma = ids.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    let ids_schema = json!({
        "type": "object",
        "properties": {"ids": {"type": "array", "items": {"type": "integer"}}},
        "required": ["ids"]
    });
    // A free-form object 120 levels deep (within the 128 levels), its innermost member
    // 100,000 strings of 100 chars: about 10 MB that no schema describes.
    let leaf: Vec<Value> = (0..100_000).map(|i| json!(format!("{i:0>100}"))).collect();
    let mut doc = json!({ "leaf": leaf });
    for _ in 0..119 {
        doc = json!({ "a": doc });
    }
    let doc_text = json!({ "doc": doc }).to_string();
    assert!(doc_text.len() > 10_000_000, "{} bytes", doc_text.len());
    let mut poisoned = json!({"__proto__": {"polluted": true}});
    for _ in 0..119 {
        poisoned = json!({ "a": poisoned });
    }
    let proto_path = format!("/doc{}/__proto__", "/a".repeat(119));
    let doc_schema = json!({"type": "object", "properties": {"doc": {"type": "object"}}});
    let want_ids = json!({ "ids": ids });
    let want_doc = json!({ "doc": doc });
    run(vec![
        Row {
            what: "10^6 ids as JSON text (11 MB): valid as sent, nothing allocated per id",
            schema: ids_schema.clone(),
            call: Call::Text(text),
            want: Outcome::Ok(want_ids.clone()),
            most: 64,
        },
        Row {
            what: "10^6 ids as one comma string (11 MB): split in one pass, each piece kept as text and read (4 allocations a piece)",
            schema: ids_schema.clone(),
            call: Call::Arguments(json!({ "ids": comma })),
            want: Outcome::Ok(want_ids),
            most: 4 * n + 256,
        },
        Row {
            what: "a free-form object 120 levels deep, 10 MB of text: parsed (one allocation a string), then scanned for forbidden keys without allocating",
            schema: doc_schema.clone(),
            call: Call::Text(doc_text),
            want: Outcome::Ok(want_doc),
            most: 100_000 + 1_024,
        },
        Row {
            what: "__proto__ 120 levels down a free-form object",
            schema: doc_schema,
            call: Call::Arguments(json!({ "doc": poisoned })),
            want: refused(&[(Code::ForbiddenKey, proto_path.as_str())]),
            most: 384,
        },
    ]);
}

/// What compiling each hostile schema costs, in allocations.
#[test]
fn compile_bounds() {
    let values: Vec<Value> = (0..10_000).map(|i| json!(format!("value_{i}"))).collect();
    let rows: Vec<(&str, Value, u64)> = vec![
        ("the tree", tree_schema(), 256),
        (
            "20 levels of two $refs",
            doubling_unions(json!({"type": "integer"})),
            2_000,
        ),
        (
            "20 nested anyOfs",
            nested_unions(json!({"type": "integer"})),
            1_000,
        ),
        (
            "a 10,000-value enum: the values, and their folded forms",
            json!({"enum": values}),
            48_000,
        ),
        (
            "a backreference pattern",
            json!({"pattern": r"^(a|a)+\1$"}),
            512,
        ),
        (
            "a nested-quantifier pattern",
            json!({"pattern": "^(a+)+$"}),
            512,
        ),
    ];
    let mut failures = Vec::new();
    for (what, schema, most) in rows {
        let (count, compiled) = allocations(|| Coercer::compile(&schema));
        if compiled.is_err() || count > most {
            failures.push(format!(
                "{what}: {:?} in {count} allocations (at most {most})",
                compiled.err()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Regressions found by the schema fuzz targets and by the rows above: each a value
/// accepted that the schema refuses, a value valid as sent that was changed or refused, or
/// a call cut short and accepted.
#[test]
fn fuzz_regressions() {
    let int_or_number = json!({"oneOf": [{"type": "integer"}, {"type": "number"}]});
    run(vec![
        Row {
            what: "oneOf integer|number, \"1\": read as 1, which both branches accept: refused, not returned",
            schema: int_or_number.clone(),
            call: Call::Value(json!("1")),
            want: refused(&[(Code::Custom, "")]),
            most: 64,
        },
        Row {
            what: "oneOf integer|number, 1.0: an integer as sent (drafts 6 on), so both branches match",
            schema: int_or_number.clone(),
            call: Call::Value(json!(1.0)),
            want: refused(&[(Code::Custom, "")]),
            most: 64,
        },
        Row {
            what: "oneOf integer|number, 1.5: the number branch only",
            schema: int_or_number,
            call: Call::Value(json!(1.5)),
            want: Outcome::Ok(json!(1.5)),
            most: 64,
        },
        Row {
            what: "draft 4, oneOf integer|number, 1.0: a number only, as draft 4 reads it",
            schema: json!({"$schema": "http://json-schema.org/draft-04/schema#",
                           "oneOf": [{"type": "integer"}, {"type": "number"}]}),
            call: Call::Value(json!(1.0)),
            want: Outcome::Ok(json!(1.0)),
            most: 64,
        },
        Row {
            what: "an optional property's null that its enum lists: kept",
            schema: json!({"properties": {"p": {"enum": [null, "a"]}}}),
            call: Call::Arguments(json!({"p": null})),
            want: Outcome::Ok(json!({"p": null})),
            most: 64,
        },
        Row {
            what: "an optional property's null that its const is: kept",
            schema: json!({"properties": {"p": {"const": null}}}),
            call: Call::Arguments(json!({"p": null})),
            want: Outcome::Ok(json!({"p": null})),
            most: 64,
        },
        Row {
            what: "an optional property's blank string that satisfies its minLength: kept",
            schema: json!({"properties": {"p": {"type": "string", "minLength": 1}}}),
            call: Call::Arguments(json!({"p": "  "})),
            want: Outcome::Ok(json!({"p": "  "})),
            most: 64,
        },
        Row {
            what: "an optional integer's blank string: still read as absent",
            schema: json!({"properties": {"p": {"type": "integer"}}}),
            call: Call::Arguments(json!({"p": " "})),
            want: Outcome::Ok(json!({})),
            most: 64,
        },
        Row {
            what: "a property named constructor declared under the root's $ref: an ordinary property, not a free-form key",
            schema: json!({"$defs": {"n": {"type": "object", "properties": {"constructor": {"type": "string"}}}},
                           "$ref": "#/$defs/n"}),
            call: Call::Arguments(json!({"constructor": "x"})),
            want: Outcome::Ok(json!({"constructor": "x"})),
            most: 64,
        },
        Row {
            what: "the work budget spent inside a union's trial: the call is refused, never accepted as it came",
            schema: {
                let mut schema = doubling_unions(json!({"type": "integer"}));
                schema["anyOf"] = json!([
                    {"type": "string", "allOf": [{"$ref": "#/$defs/l1"}]},
                    {"type": "integer"}
                ]);
                schema.as_object_mut().map(|m| m.remove("$ref"));
                schema
            },
            call: Call::Value(json!("x")),
            want: refused(&[(Code::Custom, "")]),
            most: 1_000_000,
        },
    ]);
}

/// The coercion that reads an optional property's blank value as absent is recorded at the
/// property's path (it was recorded at `/p/p`).
#[test]
fn empty_as_absent_is_recorded_at_the_property() {
    let coercer = Coercer::compile(&json!({
        "properties": {"p": {"type": "integer"}, "o": {"properties": {"q": {"type": "boolean"}}}}
    }))
    .expect("compiles");
    let call = coercer
        .coerce_with_report(json!({"p": "", "o": {"q": "null"}}))
        .expect("accepted");
    assert_eq!(call.value(), &json!({"o": {}}));
    let records: Vec<(String, Rule)> = call
        .coercions()
        .iter()
        .map(|c| (c.path().to_string(), c.rule()))
        .collect();
    assert_eq!(
        records,
        [
            ("/o/q".to_owned(), Rule::EmptyAsAbsent),
            ("/p".to_owned(), Rule::EmptyAsAbsent)
        ]
    );
}
