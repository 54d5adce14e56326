//! The invariants of a refusal as the caller reads it: the MCP tool result, the JSON-RPC
//! error and the HTTP body of a [`Rejection`].

use mcp_coerce::{INPUT_ECHO_CHARS, MAX_ISSUES, MAX_PATH_CHARS, Rejection};
use serde_json::Value;

#[path = "../../tests/common/runs.rs"]
mod runs;

use runs::longest_run;

/// The codes docs/contract.md lists (section "Codes").
pub const DOCUMENTED_CODES: &[&str] = &[
    "missing",
    "unknown_field",
    "invalid_type",
    "invalid_json",
    "int_parsing",
    "int_from_float",
    "int_overflow",
    "float_parsing",
    "not_finite",
    "bool_parsing",
    "too_small",
    "too_big",
    "too_short",
    "too_long",
    "pattern_mismatch",
    "enum_unknown",
    "url_invalid",
    "url_forbidden",
    "format_invalid",
    "forbidden_key",
    "too_deep",
    "custom",
    "duplicate_key",
];

/// An echo of input: at most [`INPUT_ECHO_CHARS`] chars, then `…`.
const ECHO_MAX: usize = INPUT_ECHO_CHARS + 1;

/// The most bytes one issue may take in the envelope's JSON: a path of 256 chars, an input
/// of 65, a message and a hint that may each quote an echo, a context; every char escaped
/// at worst as `\uXXXX`. Whatever the size of the call.
pub const ISSUE_BYTES: usize = 8 * 1024;

/// The most bytes of an envelope: its fixed members (a tool name cut to 65 chars, the
/// message, the hint) and at most [`MAX_ISSUES`] issues.
pub const ENVELOPE_BYTES: usize = 4 * 1024 + MAX_ISSUES * ISSUE_BYTES;

/// Whether `pointer` is a JSON Pointer (RFC 6901): empty, or `/`-separated reference
/// tokens in which `~` is always followed by `0` or `1`.
pub fn is_json_pointer(pointer: &str) -> bool {
    if pointer.is_empty() {
        return true;
    }
    if !pointer.starts_with('/') {
        return false;
    }
    let mut chars = pointer.chars();
    while let Some(c) = chars.next() {
        if c == '~' && !matches!(chars.next(), Some('0' | '1')) {
            return false;
        }
    }
    true
}

/// The reference tokens of a JSON Pointer, unescaped.
fn tokens(pointer: &str) -> Vec<String> {
    pointer
        .split('/')
        .skip(1)
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect()
}


/// The char with the longest run in `text`, when that run is longer than an echo may be.
fn long_run_char(text: &str) -> Option<char> {
    let (mut best, mut best_len) = (None, 0);
    let (mut now, mut now_len) = (None, 0);
    for c in text.chars() {
        if Some(c) == now {
            now_len += 1;
        } else {
            now = Some(c);
            now_len = 1;
        }
        if now_len > best_len {
            best = now;
            best_len = now_len;
        }
    }
    best.filter(|_| best_len > INPUT_ECHO_CHARS)
}

fn chars(value: &Value) -> usize {
    value.as_str().map_or(0, |s| s.chars().count())
}

/// Check every invariant of the renderings of `rejection`, refused for a call to `tool`
/// whose text was `input`. Panics with the envelope on a violation.
pub fn check(rejection: &Rejection, tool: &str, input: &[u8]) {
    // The rejection itself.
    assert!(
        rejection.issues().len() <= MAX_ISSUES,
        "more than {MAX_ISSUES} issues kept"
    );
    assert!(rejection.total() > 0, "a rejection without issues");
    assert_eq!(
        rejection.issues().len() + rejection.truncated(),
        rejection.total()
    );

    // The MCP tool result: the envelope as `content[0].text` and as `structuredContent`.
    let result = serde_json::to_value(rejection.to_envelope(tool).to_tool_result())
        .expect("the tool result serializes");
    assert_eq!(result["isError"], Value::Bool(true), "{result}");
    assert_eq!(result["content"][0]["type"], "text", "{result}");
    let text = result["content"][0]["text"]
        .as_str()
        .expect("content[0].text is a string");
    let envelope: Value = serde_json::from_str(text).expect("content[0].text is JSON");
    match result.get("structuredContent") {
        Some(structured) => assert_eq!(structured, &envelope, "structuredContent != text"),
        None => {}
    }
    let shown = || format!("{envelope}");

    // Size: bounded whatever the call's size.
    assert!(
        text.len() <= ENVELOPE_BYTES,
        "envelope of {} bytes for {} bytes of input",
        text.len(),
        input.len()
    );

    // The members.
    assert_eq!(envelope["error"], "INVALID_ARGUMENT", "{}", shown());
    assert!(
        chars(&envelope["tool"]) <= ECHO_MAX,
        "tool name not cut: {}",
        shown()
    );
    assert!(
        envelope["message"].is_string() && envelope["hint"].is_string(),
        "{}",
        shown()
    );
    let issues = envelope["issues"].as_array().expect("issues is an array");
    let truncated = envelope["truncated"]
        .as_u64()
        .expect("truncated is a count") as usize;
    assert!(issues.len() <= MAX_ISSUES, "{} issues listed", issues.len());
    assert_eq!(
        issues.len() + truncated,
        rejection.total(),
        "issues + truncated != total"
    );
    let total = rejection.total();
    let counted = format!(": {total} issue{}", if total == 1 { "" } else { "s" });
    assert!(
        envelope["message"]
            .as_str()
            .unwrap_or_default()
            .ends_with(&counted),
        "the message does not count {total} issues: {}",
        shown()
    );

    for issue in issues {
        let code = issue["code"].as_str().expect("code is a string");
        assert!(
            DOCUMENTED_CODES.contains(&code),
            "undocumented code {code}: {issue}"
        );
        let path = issue["path"].as_str().expect("path is a string");
        assert!(is_json_pointer(path), "not a JSON Pointer: {path:?}");
        assert!(
            path.chars().count() <= MAX_PATH_CHARS,
            "path past {MAX_PATH_CHARS} chars: {path:?}"
        );
        for token in tokens(path) {
            assert!(
                token.chars().count() <= ECHO_MAX,
                "key not cut in path {path:?}"
            );
        }
        if let Some(echo) = issue.get("input").and_then(Value::as_str) {
            assert!(echo.chars().count() <= ECHO_MAX, "input not cut: {issue}");
        }
        if code == "missing" {
            assert!(
                issue.get("input").is_none(),
                "a missing field echoes an input: {issue}"
            );
        }
        let message = issue["message"].as_str().expect("message is a string");
        assert!(
            !message.contains(['\n', '\r']),
            "message of more than one line: {issue}"
        );
        assert!(issue["hint"].is_string(), "hint is not a string: {issue}");
        if let Some(context) = issue.get("context") {
            assert!(context.is_object(), "context is not an object: {issue}");
            assert!(
                chars(&context["sent_key"]) <= ECHO_MAX,
                "sent_key not cut: {issue}"
            );
        }
        let bytes = issue.to_string().len();
        assert!(bytes <= ISSUE_BYTES, "one issue of {bytes} bytes: {issue}");
    }

    // Echoes: a run of one char longer than an echo may be, anywhere in the input, comes
    // back at most 64 chars long in any string of the envelope.
    if let Some(marker) = long_run_char(&String::from_utf8_lossy(input)) {
        let echoed = longest_run(&envelope, marker);
        assert!(
            echoed <= INPUT_ECHO_CHARS,
            "{echoed} chars {marker:?} echoed in a row: {}",
            shown()
        );
    }

    // The JSON-RPC error carries the same envelope, the HTTP body the same counts.
    let error = serde_json::to_value(rejection.to_envelope(tool).to_jsonrpc_error())
        .expect("the JSON-RPC error serializes");
    assert_eq!(error["code"], -32602);
    assert_eq!(error["data"], envelope, "JSON-RPC data != envelope");
    let body = serde_json::to_value(rejection.to_http_body()).expect("the HTTP body serializes");
    let listed = body["issues"].as_array().map_or(0, Vec::len);
    assert!(listed <= MAX_ISSUES);
    assert_eq!(
        listed + body["truncated"].as_u64().unwrap_or(u64::MAX) as usize,
        total,
        "HTTP body: issues + truncated != total"
    );
}
