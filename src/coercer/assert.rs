//! The keywords the engine's rules do not cover (`not`, `if`/`then`/`else`, `dependent*`,
//! `contains`, `min`/`maxProperties`, `unevaluated*`, `$dynamicRef`), asserted on the
//! coerced value by the `jsonschema` crate (feature `schema-assertions`), one issue a failure.

use serde_json::Value;

use super::SchemaError;
use crate::engine::Engine;
use crate::issue::{Code, Input, Issue, Segment};
use crate::rules::format::Format;

/// The formats `jsonschema` knows that the engine reads as annotations.
const ANNOTATION_FORMATS: [&str; 12] = [
    "duration",
    "hostname",
    "idn-email",
    "idn-hostname",
    "iri",
    "iri-reference",
    "json-pointer",
    "regex",
    "relative-json-pointer",
    "time",
    "uri-reference",
    "uri-template",
];

/// The formats the engine reads (docs/contract.md, "Formats").
const READ_FORMATS: [Format; 7] = [
    Format::DateTime,
    Format::Date,
    Format::Uuid,
    Format::Email,
    Format::Ipv4,
    Format::Ipv6,
    Format::Uri,
];

/// The validator of `schema`; the formats the engine reads are checked as sent.
pub(crate) fn validator(schema: &Value) -> Result<jsonschema::Validator, SchemaError> {
    let mut options = jsonschema::options().should_validate_formats(true);
    for format in READ_FORMATS {
        options = options.with_format(format.as_str(), move |s: &str| {
            crate::rules::format::as_sent(format, s)
        });
    }
    for name in ANNOTATION_FORMATS {
        options = options.with_format(name, |_: &str| true);
    }
    options.build(schema).map_err(|e| {
        SchemaError::new(
            e.schema_path().as_str(),
            format!(
                "the validator refuses the schema: {}",
                crate::words::truncate_to(&e.to_string(), 200)
            ),
        )
    })
}

/// Record an issue per validator failure in the coerced `value`; run only when the engine's
/// rules found nothing (`skipped`: pattern warnings).
pub(crate) fn rest(
    validator: &jsonschema::Validator,
    value: &Value,
    engine: &Engine,
    skipped: &[super::Warning],
) {
    if engine.issues_since(0) || engine.dropped() > 0 {
        return;
    }
    for error in validator.iter_errors(value) {
        // A pattern the engine skipped (see `Coercer::warnings`) stays skipped.
        if matches!(error.kind().keyword(), "pattern" | "patternProperties")
            && skipped
                .iter()
                .any(|w| error.schema_path().as_str().starts_with(w.pointer()))
        {
            continue;
        }
        let at = pointer(error.instance_path().as_str());
        let input = Input::from_value(error.instance());
        let keyword = error.kind().keyword().to_owned();
        for issue in issues(error.kind(), &keyword, input) {
            let mut issue = issue;
            for segment in at.iter().rev() {
                issue.prepend(segment.clone());
            }
            engine.record(issue);
        }
    }
}

/// The issues of one failure (`keyword` its keyword), relative to the value that failed.
fn issues(
    kind: &jsonschema::error::ValidationErrorKind,
    keyword: &str,
    input: Input,
) -> Vec<Issue> {
    use jsonschema::error::ValidationErrorKind as Kind;
    match kind {
        Kind::Required { property } => {
            let name = property.as_str().unwrap_or_default();
            vec![crate::rules::keys::missing(name, None)]
        }
        Kind::UnevaluatedProperties { unexpected } | Kind::AdditionalProperties { unexpected } => {
            unexpected
                .iter()
                .map(|key| {
                    crate::rules::keys::unknown_field(&[], None)
                        .with_input(Input::from_text(key))
                        .at(crate::issue::Path::root().join(key.as_str()))
                })
                .collect()
        }
        // A format the engine does not reach itself (under `unevaluatedItems`, say).
        Kind::Format { format } => vec![
            Issue::new(Code::FormatInvalid, format!("expected a valid {format}"))
                .with_input(input)
                .with_hint(format!(
                    "send a valid {format}, as the tool's inputSchema says"
                ))
                .with_context("format", format.clone()),
        ],
        _ => {
            let code = match keyword {
                "minProperties" | "minItems" | "minLength" | "minContains" => Code::TooShort,
                "maxProperties" | "maxItems" | "maxLength" | "maxContains" => Code::TooLong,
                "type" => Code::InvalidType,
                "enum" | "const" => Code::EnumUnknown,
                "minimum" | "exclusiveMinimum" => Code::TooSmall,
                "maximum" | "exclusiveMaximum" => Code::TooBig,
                "pattern" => Code::PatternMismatch,
                _ => Code::Custom,
            };
            vec![
                Issue::new(
                    code,
                    format!("the value does not satisfy the schema's `{keyword}` rule"),
                )
                .with_input(input)
                .with_hint("re-read the tool's inputSchema: this value must satisfy it")
                .with_context("keyword", keyword.to_owned()),
            ]
        }
    }
}

/// The segments of the JSON Pointer `pointer`, each a key (array indexes included).
fn pointer(pointer: &str) -> Vec<Segment> {
    pointer
        .split('/')
        .skip(1)
        .map(|token| {
            let token = token.replace("~1", "/").replace("~0", "~");
            match token.parse::<usize>() {
                Ok(i) if !token.starts_with('0') || token == "0" => Segment::Index(i),
                _ => Segment::key(&token),
            }
        })
        .collect()
}
