//! The shape matrix over each tool's arguments: every instance the published schema
//! accepts is accepted, every lax spelling the field's adapter promises gives the canonical
//! value, and junk is refused with a known code at a JSON Pointer inside the field.
//!
//! Instances are drawn from a fixed seed (the same ones on every run); a failure lists the
//! field, the instance and what came back.

use mcp_coerce::testing::{Report, shape_matrix};
use mcp_coerce_example_server::{CreateNote, GetNote, SearchNotes, TagNotes};

/// Each field of the report, with the family of the crate's adapter the matrix found on it
/// (`None` for a plain serde field): a field that lost its adapter shows here.
#[track_caller]
fn assert_passes(report: Report, fields: &[(&str, Option<&str>)]) {
    assert!(report.is_ok(), "{report}");
    assert!(report.exceptions().is_empty(), "{report}");
    let found: Vec<(&str, Option<&str>)> = report
        .fields()
        .iter()
        .map(|f| (f.field.as_str(), f.adapter))
        .collect();
    assert_eq!(found, fields, "{report}");
}

#[test]
fn notes_search() {
    assert_passes(
        shape_matrix::<SearchNotes>(),
        &[
            ("/author_ids", Some("int_array")),
            ("/limit", Some("int")),
            ("/query", Some("text")),
            ("/sort", Some("enum")),
        ],
    );
}

#[test]
fn notes_get() {
    assert_passes(shape_matrix::<GetNote>(), &[("/note_id", Some("pattern"))]);
}

#[test]
fn notes_tag() {
    assert_passes(
        shape_matrix::<TagNotes>(),
        &[
            ("/note_ids", Some("array")),
            ("/note_ids/*", Some("pattern")),
            ("/remove", Some("bool")),
            ("/tags", Some("string_array")),
        ],
    );
}

#[test]
fn notes_create() {
    assert_passes(
        shape_matrix::<CreateNote>(),
        &[
            ("/body", Some("text")),
            ("/priority", Some("int")),
            ("/title", Some("text")),
        ],
    );
}
