//! Regression cases of the schema engine (`mcp_coerce::coercer`), one named test per bug
//! found by the conformance tests (the modules `published_schemas` and `typed_vs_schema`),
//! each a table of exact outcomes: the coerced value with the coercions recorded
//! (`rule@path`), or the `(code, path)` pairs of the refusal.

use mcp_coerce::coercer::Coercer;
use serde_json::{Value, json};

/// What one row expects.
enum Want {
    /// Accepted as this value, with these coercions (`rule@path`, in order).
    Ok(Value, &'static [&'static str]),
    /// Refused with exactly these `(code, path)` pairs, sorted.
    Err(&'static [(&'static str, &'static str)]),
}

/// Run every row (schema, arguments, what comes out) and fail with all that differ.
#[track_caller]
fn table(rows: &[(Value, Value, Want)]) {
    let mut failures = Vec::new();
    for (i, (schema, call, want)) in rows.iter().enumerate() {
        let coercer = Coercer::compile(schema).expect("the schema compiles");
        let got = coercer.coerce_with_report(call.clone());
        let same = match (&got, want) {
            (Ok(c), Want::Ok(value, rules)) => {
                let got_rules: Vec<String> = c
                    .coercions()
                    .iter()
                    .map(|c| format!("{}@{}", c.rule(), c.path()))
                    .collect();
                c.value() == value && got_rules == *rules
            }
            (Err(r), Want::Err(pairs)) => {
                let mut got_pairs: Vec<(String, String)> = r
                    .issues()
                    .iter()
                    .map(|i| (i.code().as_str().to_owned(), i.path().to_string()))
                    .collect();
                got_pairs.sort();
                let want_pairs: Vec<(String, String)> = pairs
                    .iter()
                    .map(|(c, p)| ((*c).to_owned(), (*p).to_owned()))
                    .collect();
                got_pairs == want_pairs
            }
            _ => false,
        };
        if !same {
            let got = match got {
                Ok(c) => format!(
                    "Ok({}, {:?})",
                    c.value(),
                    c.coercions()
                        .iter()
                        .map(|c| format!("{}@{}", c.rule(), c.path()))
                        .collect::<Vec<_>>()
                ),
                Err(r) => format!(
                    "Err({:?})",
                    r.issues()
                        .iter()
                        .map(|i| (i.code().as_str(), i.path().to_string()))
                        .collect::<Vec<_>>()
                ),
            };
            failures.push(format!("row {i}: {schema} with {call}: got {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// An enum value sent in another case or with other separators is read as the value it
/// names before `pattern`, `minLength` and `maxLength` judge it (preprocess, then assert):
/// they judged the text as sent, and refused `"IN_PROGRESS"` for `in_progress`.
#[test]
fn enum_spelling_is_folded_before_the_string_keywords_judge_it() {
    let pattern = json!({"properties": {"s": {"type": "string", "enum": ["in_progress", "done"], "pattern": "^[a-z_]+$"}}});
    let length = json!({"properties": {"s": {"type": "string", "enum": ["ab"], "maxLength": 2}}});
    let constant = json!({"properties": {"s": {"const": "ab", "maxLength": 2}}});
    table(&[
        (
            pattern.clone(),
            json!({"s": "IN_PROGRESS"}),
            Want::Ok(json!({"s": "in_progress"}), &["enum_fold@/s"]),
        ),
        (
            pattern.clone(),
            json!({"s": "in-progress"}),
            Want::Ok(json!({"s": "in_progress"}), &["enum_fold@/s"]),
        ),
        (
            pattern.clone(),
            json!({"s": "in_progress"}),
            Want::Ok(json!({"s": "in_progress"}), &[]),
        ),
        (
            pattern,
            json!({"s": "Started"}),
            Want::Err(&[("enum_unknown", "/s"), ("pattern_mismatch", "/s")]),
        ),
        (
            length.clone(),
            json!({"s": "a-b"}),
            Want::Ok(json!({"s": "ab"}), &["enum_fold@/s"]),
        ),
        (
            length,
            json!({"s": "abc"}),
            Want::Err(&[("enum_unknown", "/s"), ("too_long", "/s")]),
        ),
        (
            constant,
            json!({"s": "A B"}),
            Want::Ok(json!({"s": "ab"}), &["enum_fold@/s"]),
        ),
        // The enum value itself breaks the pattern: the folded value is still judged.
        (
            json!({"properties": {"s": {"type": "string", "enum": ["IN_PROGRESS"], "pattern": "^[a-z_]+$"}}}),
            json!({"s": "in-progress"}),
            Want::Err(&[("pattern_mismatch", "/s")]),
        ),
    ]);
}

/// A required property's `default` is filled in only when the property's own schema
/// accepts it: `"default": null` on a string (125 input schemas of the corpus carry one) or
/// a default outside the bounds made the coercer return a value that does not validate.
#[test]
fn a_required_default_the_schema_refuses_is_not_filled_in() {
    table(&[
        (
            json!({"properties": {"s": {"type": "string", "default": null}}, "required": ["s"]}),
            json!({}),
            Want::Err(&[("missing", "/s")]),
        ),
        (
            json!({"properties": {"n": {"type": "integer", "minimum": 5, "default": 1}}, "required": ["n"]}),
            json!({}),
            Want::Err(&[("missing", "/n")]),
        ),
        (
            json!({"properties": {"n": {"type": "integer", "minimum": 5, "default": 7}}, "required": ["n"]}),
            json!({}),
            Want::Ok(json!({"n": 7}), &["default_applied@/n"]),
        ),
        (
            json!({"properties": {"s": {"type": ["string", "null"], "default": null}}, "required": ["s"]}),
            json!({}),
            Want::Ok(json!({"s": null}), &["default_applied@/s"]),
        ),
    ]);
}

/// An optional property sent as `""` or `"null"` reads as absent (the optional-fields
/// table) when its schema is a union without a `type` of its own: pydantic's
/// `Optional[int]`, `anyOf: [{"type": "integer"}, {"type": "null"}]`, which every Python
/// server of the corpus publishes; and `""` for a pattern string, as for the typed route's
/// pattern strings. Before, 3,071 such spellings of the corpus's calls were refused
/// (`invalid_type`, `pattern_mismatch`, `enum_unknown`, `too_short`).
#[test]
fn optional_blank_and_null_text_read_as_absent_for_unions_and_patterns() {
    let nullable = json!({"properties": {"n": {"anyOf": [{"type": "integer"}, {"type": "null"}]}}});
    let by_ref = json!({
        "$defs": {"N": {"anyOf": [{"type": "integer"}, {"type": "null"}]}},
        "properties": {"n": {"$ref": "#/$defs/N"}}
    });
    let nullable_pattern = json!({"properties": {"k": {"anyOf": [{"type": "string", "pattern": "^[A-Z]+-[0-9]+$"}, {"type": "null"}]}}});
    let pattern = json!({"properties": {"k": {"type": "string", "pattern": "^[A-Z]+-[0-9]+$"}}});
    let either = json!({"properties": {"n": {"anyOf": [{"type": "integer"}, {"type": "array", "items": {"type": "integer"}}]}}});
    table(&[
        (
            nullable.clone(),
            json!({"n": ""}),
            Want::Ok(json!({"n": null}), &["empty_as_absent@/n"]),
        ),
        (
            nullable.clone(),
            json!({"n": "null"}),
            Want::Ok(json!({"n": null}), &["empty_as_absent@/n"]),
        ),
        (
            nullable.clone(),
            json!({"n": "5"}),
            Want::Ok(json!({"n": 5}), &["numeric_string@/n"]),
        ),
        (
            nullable,
            json!({"n": null}),
            Want::Ok(json!({"n": null}), &[]),
        ),
        (
            by_ref,
            json!({"n": "  "}),
            Want::Ok(json!({"n": null}), &["empty_as_absent@/n"]),
        ),
        (
            nullable_pattern.clone(),
            json!({"k": ""}),
            Want::Ok(json!({"k": null}), &["empty_as_absent@/k"]),
        ),
        // A string-typed inner gets the text "null".
        (
            nullable_pattern,
            json!({"k": "null"}),
            Want::Err(&[("pattern_mismatch", "/k")]),
        ),
        (
            pattern.clone(),
            json!({"k": ""}),
            Want::Ok(json!({}), &["empty_as_absent@/k"]),
        ),
        (
            pattern,
            json!({"k": "null"}),
            Want::Err(&[("pattern_mismatch", "/k")]),
        ),
        (
            either.clone(),
            json!({"n": "null"}),
            Want::Ok(json!({}), &["empty_as_absent@/n"]),
        ),
        (
            either,
            json!({"n": null}),
            Want::Ok(json!({}), &["empty_as_absent@/n"]),
        ),
        // A required property keeps its own rules.
        (
            json!({"properties": {"n": {"anyOf": [{"type": "integer"}, {"type": "null"}]}}, "required": ["n"]}),
            json!({"n": ""}),
            Want::Err(&[("invalid_type", "/n")]),
        ),
        // A free string keeps "" and "null".
        (
            json!({"properties": {"s": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}),
            json!({"s": ""}),
            Want::Ok(json!({"s": ""}), &[]),
        ),
    ]);
}

/// `empty_as_absent` is recorded at the property's path (`/limit`), as the typed route
/// records it; it was recorded at `/limit/limit`.
#[test]
fn empty_as_absent_is_recorded_at_the_property_path() {
    table(&[
        (
            json!({"properties": {"limit": {"type": "integer"}, "o": {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}}}),
            json!({"limit": "", "o": {"tags": "null"}}),
            Want::Ok(
                json!({"o": {}}),
                &["empty_as_absent@/limit", "empty_as_absent@/o/tags"],
            ),
        ),
        (
            json!({"properties": {"limit": {"type": ["integer", "null"]}}}),
            json!({"limit": "null"}),
            Want::Ok(json!({"limit": null}), &["empty_as_absent@/limit"]),
        ),
    ]);
}

/// The integer- and string-array rules take a lone element of the element type only
/// (`7` → `[7]`); any other lone value is `invalid_type` at the field, as on the typed route
/// (tests/data/cases.json: `ids-bool`, `sessions-number`). The engine wrapped it and
/// refused the element at `/ids/0`. Arrays of other elements still wrap any lone value.
#[test]
fn a_lone_value_of_another_type_is_the_fields_invalid_type_for_scalar_and_string_arrays() {
    let ints = json!({"properties": {"ids": {"type": "array", "items": {"type": "integer"}}}});
    let strings = json!({"properties": {"ids": {"type": "array", "items": {"type": "string"}}}});
    let flags = json!({"properties": {"ids": {"type": "array", "items": {"type": "boolean"}}}});
    let objects = json!({"properties": {"ids": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}}}}}});
    table(&[
        (
            ints.clone(),
            json!({"ids": 7}),
            Want::Ok(json!({"ids": [7]}), &["scalar_wrap@/ids"]),
        ),
        (
            ints.clone(),
            json!({"ids": 2.5}),
            Want::Err(&[("int_from_float", "/ids/0")]),
        ),
        (
            ints.clone(),
            json!({"ids": true}),
            Want::Err(&[("invalid_type", "/ids")]),
        ),
        (
            ints,
            json!({"ids": {"a": 1}}),
            Want::Err(&[("invalid_type", "/ids")]),
        ),
        (
            strings.clone(),
            json!({"ids": 42}),
            Want::Err(&[("invalid_type", "/ids")]),
        ),
        (
            strings.clone(),
            json!({"ids": false}),
            Want::Err(&[("invalid_type", "/ids")]),
        ),
        (
            strings,
            json!({"ids": "abc"}),
            Want::Ok(json!({"ids": ["abc"]}), &["comma_split@/ids"]),
        ),
        (
            flags.clone(),
            json!({"ids": true}),
            Want::Ok(json!({"ids": [true]}), &["scalar_wrap@/ids"]),
        ),
        (
            flags,
            json!({"ids": 5}),
            Want::Err(&[("invalid_type", "/ids")]),
        ),
        (
            objects.clone(),
            json!({"ids": {"id": "3"}}),
            Want::Ok(
                json!({"ids": [{"id": 3}]}),
                &["scalar_wrap@/ids", "numeric_string@/ids/0/id"],
            ),
        ),
        (
            objects,
            json!({"ids": 5}),
            Want::Err(&[("invalid_type", "/ids/0")]),
        ),
    ]);
}

/// A pattern that opens with lookaheads (`^(?=…)…`) is read as the `jsonschema` crate reads
/// it: each lookahead, and the rest, a pattern of its own with ECMA-262's classes (`\w`,
/// `\d`, `\s` and `.` as ECMA-262 means them). The engine matched the whole source with
/// Unicode classes, and returned values (`"é1"` for `\w+`) that the schema's own validator
/// refuses.
#[test]
fn a_pattern_opening_with_lookaheads_reads_its_classes_as_ecma_262() {
    let word = json!({"properties": {"s": {"type": "string", "pattern": "^(?=.*[0-9])\\w+$"}}});
    let digits = json!({"properties": {"s": {"type": "string", "pattern": "^(?=.)\\d+$"}}});
    let dot = json!({"properties": {"s": {"type": "string", "pattern": "^(?=a)a.b$"}}});
    let space = json!({"properties": {"s": {"type": "string", "pattern": "^(?=a)a\\sb$"}}});
    table(&[
        (
            word.clone(),
            json!({"s": "a1"}),
            Want::Ok(json!({"s": "a1"}), &[]),
        ),
        (
            word.clone(),
            json!({"s": "é1"}),
            Want::Err(&[("pattern_mismatch", "/s")]),
        ),
        (
            word,
            json!({"s": "ab"}),
            Want::Err(&[("pattern_mismatch", "/s")]),
        ),
        (
            digits.clone(),
            json!({"s": "12"}),
            Want::Ok(json!({"s": "12"}), &[]),
        ),
        (
            digits,
            json!({"s": "١٢"}),
            Want::Err(&[("pattern_mismatch", "/s")]),
        ),
        (
            dot.clone(),
            json!({"s": "a-b"}),
            Want::Ok(json!({"s": "a-b"}), &[]),
        ),
        (
            dot,
            json!({"s": "a\rb"}),
            Want::Err(&[("pattern_mismatch", "/s")]),
        ),
        (
            space.clone(),
            json!({"s": "a\u{feff}b"}),
            Want::Ok(json!({"s": "a\u{feff}b"}), &[]),
        ),
        (
            space,
            json!({"s": "a\u{85}b"}),
            Want::Err(&[("pattern_mismatch", "/s")]),
        ),
    ]);
}

/// A `oneOf` value read after coercion must match no other branch as it is read, or the
/// value returned does not validate: `"5"` for `oneOf: [integer, number]` was returned as
/// `5`, which both branches accept. It is refused as a value sent as `5` is.
#[test]
fn a_one_of_value_read_after_coercion_must_match_one_branch_only() {
    let numbers =
        json!({"properties": {"n": {"oneOf": [{"type": "integer"}, {"type": "number"}]}}});
    let shapes = json!({"properties": {"o": {"oneOf": [
        {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]},
        {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["b"]}
    ]}}});
    table(&[
        (
            numbers.clone(),
            json!({"n": "5"}),
            Want::Err(&[("custom", "/n")]),
        ),
        (
            numbers.clone(),
            json!({"n": 5}),
            Want::Err(&[("custom", "/n")]),
        ),
        (
            numbers,
            json!({"n": "5.5"}),
            Want::Ok(json!({"n": 5.5}), &["numeric_string@/n"]),
        ),
        (
            shapes.clone(),
            json!({"o": {"a": "1", "b": "x"}}),
            Want::Ok(json!({"o": {"a": 1, "b": "x"}}), &["numeric_string@/o/a"]),
        ),
        // Valid as sent by the second shape only: kept as sent.
        (
            shapes.clone(),
            json!({"o": {"a": 1, "b": "2"}}),
            Want::Ok(json!({"o": {"a": 1, "b": "2"}}), &[]),
        ),
        // Read by the first shape as {"a": 1, "b": 2}, which the second accepts too.
        (
            shapes,
            json!({"o": {"a": "1", "b": 2}}),
            Want::Err(&[("custom", "/o")]),
        ),
        (
            json!({"properties": {"n": {"oneOf": [{"type": "boolean"}, {"type": "integer"}]}}}),
            json!({"n": "1"}),
            Want::Ok(json!({"n": true}), &["bool_token@/n"]),
        ),
    ]);
}

/// A key the schema names in `required` only (not in `properties`) is the schema's own
/// name: it is not folded into a property of another case (`operation` into `Operation`),
/// so a call valid as sent stays valid. Found by `schema_coerce`.
#[test]
fn a_key_named_in_required_is_not_folded_into_a_property() {
    let schema = json!({"type": "object", "properties": {"sel": {"anyOf": [
        {"type": "object", "properties": {"Operation": {"const": "a"}}, "required": ["operation"]},
        {"type": "object", "properties": {"operation": {"const": "b"}}, "required": ["operation"]}
    ]}}});
    let coercer = Coercer::compile(&schema).unwrap();
    let call = json!({"sel": {"operation": "x"}});
    assert_eq!(coercer.coerce_value(call.clone()).unwrap(), call);
    let flat = json!({"type": "object", "properties": {"Operation": {"type": "string"}}, "required": ["operation"]});
    let coercer = Coercer::compile(&flat).unwrap();
    assert_eq!(
        coercer.coerce_value(json!({"operation": "x"})).unwrap(),
        json!({"operation": "x"})
    );
}

/// An object read by a node and by its `$ref`, `allOf`, `anyOf` or `oneOf` is scanned for
/// forbidden keys by each (a branch that is `true`, `{}` or annotations only scans nothing:
/// the next test), and the refusal names each issue once; a branch's closed properties
/// still refuse an unknown key.
#[test]
fn an_object_read_by_its_branches_is_refused_once_per_issue() {
    let open = json!({"type": "object", "properties": {"q": {
        "anyOf": [{"$ref": "#/$defs/Q"}, {"type": "null"}]}},
        "$defs": {"Q": {"type": "object", "properties": {"a": {"type": "integer"}}}}});
    let closed = json!({"type": "object", "properties": {"q": {
        "anyOf": [{"$ref": "#/$defs/Q"}, {"type": "null"}]}},
        "$defs": {"Q": {"type": "object", "properties": {"a": {"type": "integer"}},
                        "additionalProperties": false}}});
    let all_of = json!({"type": "object", "properties": {"q": {
        "allOf": [{"type": "object", "properties": {"a": {"type": "integer"}}}]}}});
    table(&[
        (
            open.clone(),
            json!({"q": {"a": "1", "x": [{"__proto__": 1}]}}),
            Want::Err(&[("forbidden_key", "/q/x/0/__proto__")]),
        ),
        (
            open,
            json!({"q": {"a": "1", "x": ["y"]}}),
            Want::Ok(json!({"q": {"a": 1, "x": ["y"]}}), &["numeric_string@/q/a"]),
        ),
        (
            closed,
            json!({"q": {"a": 1, "x": {"constructor": 1}}}),
            Want::Err(&[
                ("forbidden_key", "/q/x/constructor"),
                ("unknown_field", "/q/x"),
            ]),
        ),
        (
            all_of,
            json!({"q": {"a": 1, "x": {"k": {"prototype": 1}}}}),
            Want::Err(&[("forbidden_key", "/q/x/k/prototype")]),
        ),
    ]);
}

/// Found by a hostile review of an optimisation (since reverted) that left an undeclared
/// key's value to a node's `$ref`/`allOf`/`anyOf`/`oneOf`: where the branches that read the
/// value are `true`, `{}`, annotation-only, `additionalProperties: true`,
/// `properties`/`patternProperties` of `true`, or an object node the union does not pick,
/// nothing scanned the value and a forbidden key deep inside it was accepted. Every row is
/// refused with `forbidden_key`.
#[test]
fn a_forbidden_key_behind_branches_that_describe_nothing_is_still_refused() {
    let proto = || json!({"a": "s", "x": {"y": {"__proto__": 1}}});
    let at_proto: &[(&str, &str)] = &[("forbidden_key", "/x/y/__proto__")];
    table(&[
        // anyOf whose first branch is `true` (matched as sent).
        (
            json!({"properties": {"a": {"type": "string"}}, "anyOf": [true, {"type": "string"}]}),
            proto(),
            Want::Err(at_proto),
        ),
        (
            json!({"properties": {"a": {"type": "string"}}, "anyOf": [{}, {"type": "string"}]}),
            proto(),
            Want::Err(at_proto),
        ),
        // No object keyword of its own, an applicator: the early return in Walk::object.
        (
            json!({"type": "object", "allOf": [true]}),
            json!({"x": {"constructor": 1}}),
            Want::Err(&[("forbidden_key", "/x/constructor")]),
        ),
        (
            json!({"type": "object", "allOf": [{"description": "d"}]}),
            json!({"x": {"constructor": 1}}),
            Want::Err(&[("forbidden_key", "/x/constructor")]),
        ),
        (
            json!({"type": "object", "anyOf": [true, {"type": "string"}]}),
            json!({"x": {"y": {"__proto__": 1}}}),
            Want::Err(at_proto),
        ),
        // 2020-12 `$ref` beside `properties` (not ref-only) to `{}` / an annotation-only node.
        (
            json!({"$defs": {"any": {}}, "properties": {"a": {"type": "string"}}, "$ref": "#/$defs/any"}),
            json!({"a": "s", "x": {"prototype": 1}}),
            Want::Err(&[("forbidden_key", "/x/prototype")]),
        ),
        (
            json!({"$defs": {"any": true}, "type": "object", "$ref": "#/$defs/any"}),
            json!({"x": {"prototype": 1}}),
            Want::Err(&[("forbidden_key", "/x/prototype")]),
        ),
        (
            json!({"$defs": {"any": {"title": "t"}}, "type": "object", "$ref": "#/$defs/any"}),
            json!({"x": {"prototype": 1}}),
            Want::Err(&[("forbidden_key", "/x/prototype")]),
        ),
        // Nested refs ending in `true`.
        (
            json!({"properties": {"a": {"type": "string"}}, "$ref": "#/$defs/o",
                   "$defs": {"o": {"$ref": "#/$defs/p"}, "p": true}}),
            proto(),
            Want::Err(at_proto),
        ),
        // A draft 7 allOf of a $ref to `{}`.
        (
            json!({"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"o": {}},
                   "properties": {"a": {"type": "string"}}, "allOf": [{"$ref": "#/definitions/o"}]}),
            proto(),
            Want::Err(at_proto),
        ),
        // The branch's additionalProperties / properties / patternProperties are `true` or `{}`:
        // free-form values by the contract.
        (
            json!({"properties": {"a": {"type": "string"}}, "allOf": [{"additionalProperties": true}]}),
            proto(),
            Want::Err(at_proto),
        ),
        (
            json!({"properties": {"a": {"type": "string"}}, "allOf": [{"additionalProperties": {}}]}),
            proto(),
            Want::Err(at_proto),
        ),
        (
            json!({"properties": {"a": {"type": "string"}}, "allOf": [{"properties": {"x": true}}]}),
            proto(),
            Want::Err(at_proto),
        ),
        (
            json!({"properties": {"a": {"type": "string"}}, "allOf": [{"properties": {"x": {}}}]}),
            proto(),
            Want::Err(at_proto),
        ),
        (
            json!({"properties": {"a": {"type": "string"}}, "allOf": [{"patternProperties": {"^x": true}}]}),
            proto(),
            Want::Err(at_proto),
        ),
        (
            json!({"properties": {"a": {"type": "string"}}, "$ref": "#/$defs/o",
                   "$defs": {"o": {"type": "object", "additionalProperties": true}}}),
            proto(),
            Want::Err(at_proto),
        ),
        (
            json!({"properties": {"a": {"type": "string"}}, "$ref": "#/$defs/o",
                   "$defs": {"o": {"type": "object", "properties": {"x": {"type": "object", "additionalProperties": true}}}}}),
            proto(),
            Want::Err(at_proto),
        ),
        // Assertion-only keywords beside a `true` branch.
        (
            json!({"properties": {"a": {"type": "string"}}, "if": {"required": ["a"]}, "then": true, "allOf": [true]}),
            proto(),
            Want::Err(at_proto),
        ),
        (
            json!({"properties": {"a": {"type": "string"}}, "dependentSchemas": {"a": true}, "allOf": [true]}),
            proto(),
            Want::Err(at_proto),
        ),
        (
            json!({"properties": {"a": {"type": "string"}}, "unevaluatedProperties": true, "allOf": [true]}),
            proto(),
            Want::Err(at_proto),
        ),
        (
            json!({"properties": {"a": {"type": "string"}}, "not": {"required": ["z"]}, "allOf": [true]}),
            proto(),
            Want::Err(at_proto),
        ),
        // The object branch refuses the forbidden key strictly, so the union falls to the
        // array branch after coercion: the object, forbidden key and all, comes back wrapped
        // in an array (at fea9b89: refused with forbidden_key).
        (
            json!({"properties": {"a": {"type": "string"}}, "anyOf": [{"type": "array"}, {"contains": true}]}),
            proto(),
            Want::Err(at_proto),
        ),
        // An array's items that are a union of `true`.
        (
            json!({"properties": {"l": {"type": "array", "items": {"anyOf": [true]}}}}),
            json!({"l": [{"y": {"__proto__": 1}}]}),
            Want::Err(&[("forbidden_key", "/l/0/y/__proto__")]),
        ),
        // A tagged union whose chosen branch names the key with `true`.
        (
            json!({"type": "object", "oneOf": [{"properties": {"k": {"const": "a"}, "x": true}},
                                               {"properties": {"k": {"const": "b"}}}]}),
            json!({"k": "a", "x": {"y": {"__proto__": 1}}}),
            Want::Err(at_proto),
        ),
        (
            json!({"type": "object", "properties": {"k": {"type": "string"}},
                   "oneOf": [{"properties": {"k": {"const": "a"}, "x": true}},
                             {"properties": {"k": {"const": "b"}}}]}),
            json!({"k": "a", "x": {"y": {"__proto__": 1}}}),
            Want::Err(at_proto),
        ),
        // An object sent as JSON text: the text is read, then nothing scans it.
        (
            json!({"properties": {"o": {"type": "object", "allOf": [true]}}}),
            json!({"o": "{\"x\": {\"__proto__\": 1}}"}),
            Want::Err(&[("forbidden_key", "/o/x/__proto__")]),
        ),
        (
            json!({"type": "object", "anyOf": [true]}),
            json!("{\"x\": {\"__proto__\": 1}}"),
            Want::Err(&[("forbidden_key", "/x/__proto__")]),
        ),
        // A refusal that no longer names the forbidden key.
        (
            json!({"type": "object", "anyOf": [{"required": ["k"]}]}),
            json!({"k": "a", "x": {"y": {"__proto__": 1}}}),
            Want::Err(&[("forbidden_key", "/x/y/__proto__"), ("invalid_type", "")]),
        ),
        // oneOf whose branches have no object keyword of interest: the refusal no longer
        // names the forbidden key, only an `invalid_type` at the root for an object.
        (
            json!({"properties": {"a": {"type": "string"}}, "oneOf": [{"required": ["a"]}, {"required": ["b"]}]}),
            proto(),
            Want::Err(&[("forbidden_key", "/x/y/__proto__"), ("invalid_type", "")]),
        ),
    ]);
}

/// A schema error that echoes a piece of the schema with a line break in it (a `type` name)
/// is one line: messages are composed into others. Found by `schema_compile`.
#[test]
fn a_schema_error_is_one_line() {
    let schema = json!({"properties": {"n": {"type": "boole\n"}}});
    let Err(error) = Coercer::compile(&schema) else {
        panic!("an unknown type is refused");
    };
    assert_eq!(
        (error.pointer(), error.message()),
        ("/properties/n/type", "unknown type boole")
    );
}
