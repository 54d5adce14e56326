//! A call coerced against a schema, both arbitrary: the input is the JSON text of an
//! array `[schema, call]`. For every schema `Coercer::compile` accepts, on both routes
//! (`coerce_value_with_report`, one value as it is, and `coerce_with_report`, tool-call
//! arguments with the whole-arguments rules):
//!
//! - nothing panics;
//! - every value the coercer returns validates against the schema, judged by the
//!   `jsonschema` crate with formats as annotations (the engine's own format rules are the
//!   `formats` target's);
//!   not checked when the compiled schema has warnings (a skipped pattern is not asserted,
//!   on purpose), when `jsonschema` refuses the schema itself, when the schema has
//!   `contentEncoding`/`contentMediaType` (annotations here, assertions for a draft-7
//!   validator), or when it has a format the engine reads and a keyword its complete
//!   validator asserts (which reads that format as the engine does: `not: {format: ipv4}`;
//!   this property and the next are then not checked);
//! - a call the validator finds valid as sent comes back unchanged (numbers compared by
//!   value), except where the report records key folding or unwrapping (`key_fold`,
//!   `args_unwrapped`; a key that folds onto a declared one is `duplicate_key`) or a
//!   format's canonical text (`format_canonical`; a string the format refuses is
//!   `format_invalid`, and an optional property's `""` under it has no value,
//!   `empty_as_absent`: the validator reads `format` as an annotation), and except
//!   the differences crates/testsuite/tests/data/suite_differences.json lists with their
//!   rows (`schema::intentional`: forbidden keys in free-form objects, integral floats past
//!   2^53, integers past 2^64). On the arguments route, only for a call that is an object
//!   (`null`, `""` and JSON text are read as the object they stand for) and not an object
//!   whose one key is the arguments as JSON text (refused on purpose). A refusal by one of
//!   the engine's bounds (value nesting, hops of `$ref`s and unions on one value, the work
//!   budget, a pattern's backtracking limit: SECURITY.md) is allowed;
//! - every coercion of an accepted call is recorded where it happened: the parent of its
//!   path names an array or an object of the value returned or of the call (the parent of
//!   a key the coercion removed), paths being in the arguments as read.
#![no_main]

use libfuzzer_sys::{Corpus, fuzz_target};
use mcp_coerce::coercer::Coercer;
use mcp_coerce::{Code, Coerced, Rejection, Rule};
use mcp_coerce_fuzz::schema::{
    MAX_SCHEMA_INPUT, has_asserted_formats, has_content_keywords, has_read_formats, intentional,
    same, validator,
};
use serde_json::{Map, Value};

/// Whether the coercions of a call include those that change a call valid (formats as
/// annotations) on purpose.
fn folded_or_unwrapped(coercions: &[mcp_coerce::Coercion]) -> bool {
    coercions.iter().any(|c| {
        matches!(
            c.rule(),
            Rule::KeyFold | Rule::ArgsUnwrapped | Rule::FormatCanonical
        )
    })
}

/// An object whose only key is JSON text of an object and whose value is `null`: the
/// arguments encoded into a key, refused by the whole-arguments rules.
fn key_encoded(map: &Map<String, Value>) -> bool {
    map.len() == 1
        && map.iter().all(|(k, v)| {
            v.is_null()
                && k.trim_start().starts_with('{')
                && serde_json::from_str::<Map<String, Value>>(k).is_ok()
        })
}

/// The refusals of the engine's own bounds (SECURITY.md, "Schemas from servers"): a call
/// refused by one is not judged by the validator's verdict.
const LIMITS: [&str; 3] = [
    "the schema refers to itself without end",
    "the schema asks for too much work on this value",
    "the pattern could not be checked against this value",
];

/// Whether the refusal comes from a bound of the engine: value nesting (`too_deep`), `$ref`
/// and union hops on one value, the work budget of a call, a pattern's backtracking limit.
fn bounded(rejection: &Rejection) -> bool {
    rejection.issues().iter().any(|i| {
        i.code() == Code::TooDeep
            || LIMITS.contains(&i.message())
            || i.message() == "the key could not be checked against a pattern"
    })
}

/// Whether the parent of the JSON Pointer `pointer` names an array or an object of
/// `value`.
fn parent_in(pointer: &str, value: &Value) -> bool {
    let parent = pointer.rfind('/').map_or("", |cut| &pointer[..cut]);
    value
        .pointer(parent)
        .is_some_and(|v| v.is_array() || v.is_object())
}

/// The `(code, path)` pairs of a refusal.
fn pairs(rejection: &Rejection) -> Vec<(Code, String)> {
    rejection
        .issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect()
}

struct Case<'a> {
    schema: &'a Value,
    call: &'a Value,
    /// The validator, where it judges accepted values.
    judge: Option<&'a jsonschema::Validator>,
    /// The call is valid as sent and must come back unchanged on this route.
    unchanged: bool,
    route: &'static str,
}

impl Case<'_> {
    fn check(&self, out: Result<Coerced<Value>, Rejection>) {
        let Case {
            schema,
            call,
            route,
            ..
        } = self;
        match out {
            Ok(coerced) => {
                let value = coerced.value();
                if let Some(judge) = self.judge
                    && !judge.is_valid(value)
                {
                    let errors: Vec<String> = judge
                        .iter_errors(value)
                        .take(3)
                        .map(|e| format!("{} at {}", e, e.instance_path().as_str()))
                        .collect();
                    panic!(
                        "{route}: accepted value does not validate: {value}\n  schema {schema}\n  call {call}\n  errors {errors:?}\n  report {:?}",
                        coerced.coercions()
                    );
                }
                for coercion in coerced.coercions() {
                    let path = coercion.path().to_string();
                    // A key cut at 64 chars (the echo limit) is not looked up.
                    if path.is_empty() || path.contains('…') {
                        continue;
                    }
                    assert!(
                        parent_in(&path, value) || parent_in(&path, call),
                        "{route}: a coercion recorded at {path}, in neither {value} nor {call}\n  schema {schema}\n  report {:?}",
                        coerced.coercions()
                    );
                }
                // An optional property's `""` under a format the engine reads has no
                // value, as the optional rules say (`empty_as_absent`).
                let formatted_blank = has_read_formats(schema)
                    && coerced
                        .coercions()
                        .iter()
                        .any(|c| c.rule() == Rule::EmptyAsAbsent);
                if self.unchanged
                    && !same(value, call)
                    && !folded_or_unwrapped(coerced.coercions())
                    && !formatted_blank
                    && coerced.report().truncated() == 0
                {
                    panic!(
                        "{route}: valid call changed: {call} became {value}\n  schema {schema}\n  report {:?}",
                        coerced.coercions()
                    );
                }
            }
            Err(rejection) => {
                let folded = folded_or_unwrapped(rejection.coercions())
                    || rejection
                        .issues()
                        .iter()
                        .any(|i| matches!(i.code(), Code::DuplicateKey | Code::FormatInvalid));
                if self.unchanged && !folded && !bounded(&rejection) {
                    panic!(
                        "{route}: valid call refused: {call}\n  schema {schema}\n  issues {:?}\n  messages {:?}",
                        pairs(&rejection),
                        rejection
                            .issues()
                            .iter()
                            .map(|i| i.message().to_owned())
                            .collect::<Vec<_>>()
                    );
                }
            }
        }
    }
}

fuzz_target!(|data: &[u8]| -> Corpus {
    if data.len() > MAX_SCHEMA_INPUT {
        return Corpus::Reject;
    }
    let Ok(Value::Array(pair)) = serde_json::from_slice::<Value>(data) else {
        return Corpus::Reject;
    };
    let [schema, call] = pair.as_slice() else {
        return Corpus::Reject;
    };
    // A schema the engine refuses is the other target's (`schema_compile`).
    let Ok(coercer) = Coercer::compile(schema) else {
        return Corpus::Keep;
    };
    let validator = validator(schema).filter(|_| !has_asserted_formats(schema));
    let judge = validator
        .as_ref()
        .filter(|_| coercer.warnings().is_empty() && !has_content_keywords(schema));
    let valid = validator.as_ref().is_some_and(|v| v.is_valid(call)) && intentional(call).is_none();

    Case {
        schema,
        call,
        judge,
        unchanged: valid,
        route: "coerce_value",
    }
    .check(coercer.coerce_value_with_report(call.clone()));

    Case {
        schema,
        call,
        judge,
        unchanged: valid && call.as_object().is_some_and(|map| !key_encoded(map)),
        route: "coerce",
    }
    .check(coercer.coerce_with_report(call.clone()));
    Corpus::Keep
});
