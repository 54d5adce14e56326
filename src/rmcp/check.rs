//! The output check (feature `output-check`): each result of a tool with an
//! `outputSchema` checked against it before it is sent, with the `jsonschema` crate.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use ::rmcp::model::{CallToolResult, ContentBlock, JsonObject};
use serde_json::Value;

use super::output::inline;
use crate::render::Envelope;

/// At most this many compiled output schemas are kept; past it, the cache starts over.
const MAX_VALIDATORS: usize = 4096;

/// At most this many mismatches of one result are logged.
const MAX_LOGGED: usize = 10;

/// `result`, or the `OUTPUT_INVALID` result when it does not match `schema`.
pub(super) fn checked(
    tool: &str,
    schema: &Arc<JsonObject>,
    mut result: CallToolResult,
) -> CallToolResult {
    if result.is_error == Some(true) {
        let Some(content) = &result.structured_content else {
            return result;
        };
        let fits = match validator(schema).as_ref() {
            Ok(validator) => validator.is_valid(content),
            Err(_) => false,
        };
        if !fits && let Some(content) = result.structured_content.take() {
            let text = content.to_string();
            let in_content = result
                .content
                .iter()
                .any(|c| c.as_text().is_some_and(|t| t.text == text));
            if !in_content {
                result.content.push(ContentBlock::text(text));
            }
        }
        return result;
    }
    let validator = validator(schema);
    if let (Some(content), Ok(validator)) = (&result.structured_content, validator.as_ref())
        && validator.is_valid(content)
    {
        return result;
    }
    // The mismatches are worded for the log only, so only for a subscriber that takes
    // its events.
    if tracing::enabled!(target: "mcp_coerce", tracing::Level::ERROR) {
        let mismatches = match (&result.structured_content, validator.as_ref()) {
            (_, Err(e)) => vec![Mismatch::schema(e)],
            (None, Ok(_)) => vec![Mismatch::missing()],
            (Some(content), Ok(validator)) => validator
                .iter_errors(content)
                .take(MAX_LOGGED)
                .map(|e| Mismatch::of(&e))
                .collect(),
        };
        for mismatch in &mismatches {
            mismatch.log(tool);
        }
    }
    super::router::text_refusal(&Envelope::output_invalid(tool))
}

/// One way a result misses its output schema, for the server's log.
struct Mismatch {
    path: String,
    keyword: String,
    message: String,
}

impl Mismatch {
    fn of(error: &jsonschema::ValidationError<'_>) -> Self {
        Mismatch {
            path: error.instance_path().as_str().to_owned(),
            keyword: error.kind().keyword().to_owned(),
            // The masked message names no value of the result.
            message: crate::words::truncate(&error.masked().to_string()),
        }
    }

    fn missing() -> Self {
        Mismatch {
            path: String::new(),
            keyword: "structuredContent".to_owned(),
            message: "the tool declares an outputSchema and returned no structuredContent"
                .to_owned(),
        }
    }

    fn schema(error: &str) -> Self {
        Mismatch {
            path: String::new(),
            keyword: "outputSchema".to_owned(),
            message: format!("the tool's outputSchema does not compile: {error}"),
        }
    }

    fn log(&self, tool: &str) {
        tracing::error!(
            target: "mcp_coerce",
            tool,
            path = %self.path,
            keyword = %self.keyword,
            detail = %self.message,
            "output does not match the outputSchema"
        );
    }
}

type Compiled = Arc<Result<jsonschema::Validator, String>>;
/// Compiled schemas by their schema's address (kept alive with them).
type Validators = Mutex<HashMap<usize, (Arc<JsonObject>, Compiled)>>;

/// An output schema's validator, compiled once; found by `Arc`, else by content.
fn validator(schema: &Arc<JsonObject>) -> Compiled {
    static VALIDATORS: OnceLock<Validators> = OnceLock::new();
    let validators = VALIDATORS.get_or_init(Default::default);
    let key = Arc::as_ptr(schema) as usize;
    let found = {
        let kept = validators.lock().unwrap_or_else(PoisonError::into_inner);
        kept.get(&key)
            .or_else(|| kept.values().find(|(k, _)| k == schema))
            .map(|(_, v)| v.clone())
    };
    if let Some(found) = found {
        return found;
    }
    let declared = Value::Object(inline((**schema).clone()));
    let compiled: Compiled = Arc::new(
        jsonschema::options()
            .build(&declared)
            .map_err(|e| crate::words::truncate(&e.to_string())),
    );
    let mut kept = validators.lock().unwrap_or_else(PoisonError::into_inner);
    if kept.len() >= MAX_VALIDATORS {
        kept.clear();
    }
    kept.insert(key, (schema.clone(), compiled.clone()));
    compiled
}
