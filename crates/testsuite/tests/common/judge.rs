//! The judge of the values the schema engine accepts, shared by the test suite's runner
//! (examples/json_schema_test_suite.rs) and `published_schemas`: the `jsonschema` crate
//! asserting the formats the engine reads (docs/contract.md, "Formats") and reading every
//! other format it knows as an annotation, as the engine does.

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

/// `jsonschema`'s options with format assertions on, the annotation formats taking any
/// string.
pub fn options() -> jsonschema::ValidationOptions<'static> {
    let mut options = jsonschema::options().should_validate_formats(true);
    for format in ANNOTATION_FORMATS {
        options = options.with_format(format, |_: &str| true);
    }
    options
}
