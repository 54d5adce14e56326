//! Hostile regression cases: error text must echo at most 64 chars of any input, and no
//! Rust type name may reach an envelope.
//!
//! Each case sends a long run of one marker char and measures the longest run of it in
//! every string of the rendered envelope (`message`, `hint`, `input`, `context`, `tool`).

use mcp_coerce::{Envelope, JsonObjectLike, Rejection};
use serde::{Deserialize, Deserializer};
use serde_json::{Value, json};
use serde_with::serde_as;

#[path = "../common/runs.rs"]
mod runs;

use runs::longest_run;

const ECHO: usize = mcp_coerce::INPUT_ECHO_CHARS;

/// The envelope of `rejection` as the model reads it, without the `path`s (paths are
/// locations, not echo).
fn envelope_without_paths(rejection: &Rejection) -> Value {
    let mut envelope = serde_json::to_value(rejection.to_envelope("tool")).unwrap();
    for issue in envelope["issues"].as_array_mut().unwrap() {
        issue.as_object_mut().unwrap().remove("path");
    }
    envelope
}

fn quoting<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let s = String::deserialize(d)?;
    // The everyday shape of a validation error written by a server author.
    Err(serde::de::Error::custom(format!(
        "not a valid ticket id: {s}"
    )))
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Ticket {
    #[serde(deserialize_with = "quoting")]
    id: String,
}

/// A foreign `Deserialize` impl quotes the input it refuses in its message; the `custom`
/// issue built from that message is held to the 64-char echo limit like any input (a cut
/// at 200 chars of message would still let 189 'A's of this input through).
#[test]
fn custom_error_from_deserialize_with_echoes_at_most_64_chars() {
    let rejection = mcp_coerce::from_value::<Ticket>(json!({"id": "A".repeat(500)})).unwrap_err();
    let envelope = envelope_without_paths(&rejection);
    let echoed = longest_run(&envelope, 'A');
    assert!(
        echoed <= ECHO,
        "the envelope echoes {echoed} chars of the input: {envelope}"
    );
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Filter {
    limit: u32,
}

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct FilterArgs {
    #[serde_as(as = "JsonObjectLike")]
    filter: Filter,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Flattened {
    #[serde(flatten)]
    args: FilterArgs,
}

/// The crate's own adapter: `JsonObjectLike` under serde's flatten buffer reads the
/// decoded object with `serde_json`, whose error quotes the offending string in full
/// ("invalid type: string \"BBBB…\", expected u32"); the envelope must cut that quote to
/// the echo limit too.
#[test]
fn json_object_adapter_inside_flatten_echoes_at_most_64_chars() {
    let filter = json!({"limit": "B".repeat(500)}).to_string();
    let rejection = mcp_coerce::from_value::<Flattened>(json!({ "filter": filter })).unwrap_err();
    let envelope = envelope_without_paths(&rejection);
    let echoed = longest_run(&envelope, 'B');
    assert!(
        echoed <= ECHO,
        "the envelope echoes {echoed} chars of the input: {envelope}"
    );
}

/// The name of an unknown tool comes from the client, so `Envelope::unknown_tool` (what
/// `rmcp::coerce` answers) cuts it to the echo limit: whole, a 100,000-char name would come
/// back twice in the tool result (content text and `structuredContent`), in `tool` and in
/// `message` each time.
#[test]
fn unknown_tool_envelope_echoes_at_most_64_chars_of_the_name() {
    let envelope = Envelope::unknown_tool("T".repeat(100_000), "Call tools/list.");
    let rendered = serde_json::to_value(envelope.to_tool_result()).unwrap();
    let echoed = longest_run(&rendered, 'T');
    assert!(
        echoed <= ECHO,
        "the tool result echoes {echoed} chars of the tool name ({} bytes in all)",
        rendered.to_string().len()
    );
}

#[derive(Deserialize, Debug)]
#[serde(untagged)]
#[allow(dead_code)]
enum InternalTargetKind {
    Id(u64),
    Name(String),
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Untagged {
    target: InternalTargetKind,
}

#[derive(Deserialize, Debug)]
#[serde(tag = "kind")]
#[allow(dead_code)]
enum InternalShapeKind {
    Circle { r: u32 },
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Tagged {
    shape: InternalShapeKind,
}

fn assert_no_type_name(rejection: &Rejection, name: &str) {
    let text = serde_json::to_string(&rejection.to_envelope("tool")).unwrap();
    assert!(
        !text.contains(name),
        "the envelope names the Rust type `{name}`: {text}"
    );
}

/// serde's own message for this refusal names the Rust type ("data did not match any
/// variant of untagged enum InternalTargetKind"); the envelope must not.
#[test]
fn untagged_enum_refusal_names_no_rust_type() {
    let rejection = mcp_coerce::from_value::<Untagged>(json!({"target": true})).unwrap_err();
    assert_no_type_name(&rejection, "InternalTargetKind");
}

/// serde's own words for this refusal name the Rust type ("expected internally tagged
/// enum InternalShapeKind"); neither the envelope's message nor its hint may.
#[test]
fn internally_tagged_enum_refusal_names_no_rust_type() {
    let rejection = mcp_coerce::from_value::<Tagged>(json!({"shape": 5})).unwrap_err();
    assert_no_type_name(&rejection, "InternalShapeKind");
}
