//! The shapes of a `tools/list` result, shared by the lint and the compatibility check.

use std::fmt;

use serde_json::{Map, Value};

use crate::issue::kind_of;

/// Why a JSON value is not a `tools/list` result: where, and what is there instead.
///
/// # Examples
///
/// ```
/// use serde_json::json;
///
/// let err = mcp_coerce::testing::tools(&json!({"tools": [{"description": "no name"}]})).unwrap_err();
/// assert_eq!(err.pointer(), "/tools/0/name");
/// assert_eq!(err.to_string(), "not a tools/list result: the tool at /tools/0 has no string `name`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotToolsList {
    pointer: String,
    reason: String,
}

impl NotToolsList {
    fn new(pointer: impl Into<String>, reason: impl Into<String>) -> Self {
        NotToolsList {
            pointer: pointer.into(),
            reason: reason.into(),
        }
    }

    /// The JSON Pointer of the value that does not fit (`""` for the whole document).
    ///
    /// # Examples
    ///
    /// ```
    /// let err = mcp_coerce::testing::tools(&serde_json::json!(42)).unwrap_err();
    /// assert_eq!(err.pointer(), "");
    /// ```
    pub fn pointer(&self) -> &str {
        &self.pointer
    }
}

impl fmt::Display for NotToolsList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a tools/list result: {}", self.reason)
    }
}

impl std::error::Error for NotToolsList {}

/// The tools of a `tools/list` result, in any of its three shapes: the JSON-RPC response
/// (`{"jsonrpc": "2.0", "id": 1, "result": {"tools": [...]}}`), its `result` (`{"tools":
/// [...]}`, with `nextCursor` or not), or the bare `tools` array. Each tool must be an
/// object with a string `name`.
///
/// # Errors
///
/// [`NotToolsList`] for anything else (a JSON-RPC error response, a tool without a name),
/// with the JSON Pointer of what does not fit.
///
/// # Examples
///
/// ```
/// use serde_json::json;
///
/// let response = json!({"jsonrpc": "2.0", "id": 1,
///                       "result": {"tools": [{"name": "a_b", "inputSchema": {"type": "object"}}]}});
/// let tools = mcp_coerce::testing::tools(&response)?;
/// assert_eq!(tools[0]["name"], "a_b");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn tools(tools_list: &Value) -> Result<&[Value], NotToolsList> {
    let (tools, base) = match tools_list {
        Value::Array(tools) => (tools, ""),
        Value::Object(map) => match (map.get("tools"), map.get("result"), map.get("error")) {
            (Some(Value::Array(tools)), _, _) => (tools, "/tools"),
            (Some(_), _, _) => return Err(NotToolsList::new("/tools", "`tools` is not an array")),
            (None, Some(Value::Object(result)), _) => match result.get("tools") {
                Some(Value::Array(tools)) => (tools, "/result/tools"),
                Some(_) => {
                    return Err(NotToolsList::new(
                        "/result/tools",
                        "`result.tools` is not an array",
                    ));
                }
                None => {
                    return Err(NotToolsList::new(
                        "/result",
                        "the response's `result` has no `tools`",
                    ));
                }
            },
            (None, _, Some(_)) => {
                return Err(NotToolsList::new(
                    "/error",
                    "a JSON-RPC error response, not a result",
                ));
            }
            _ => {
                return Err(NotToolsList::new(
                    "",
                    "an object without `tools` or `result.tools`",
                ));
            }
        },
        other => {
            return Err(NotToolsList::new(
                "",
                format!("{} where an array or object was expected", kind_of(other)),
            ));
        }
    };
    for (i, tool) in tools.iter().enumerate() {
        let at = format!("{base}/{i}");
        match tool {
            Value::Object(map) if map.get("name").is_some_and(Value::is_string) => {}
            Value::Object(_) => {
                return Err(NotToolsList::new(
                    format!("{at}/name"),
                    format!("the tool at {at} has no string `name`"),
                ));
            }
            other => {
                return Err(NotToolsList::new(
                    at.clone(),
                    format!("the tool at {at} is {}, not an object", kind_of(other)),
                ));
            }
        }
    }
    Ok(tools)
}

/// A tool's name and object (every tool [`tools`] returns has both).
pub(crate) fn named(tool: &Value) -> (&str, &Map<String, Value>) {
    static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
    match tool {
        Value::Object(map) => (map.get("name").and_then(Value::as_str).unwrap_or(""), map),
        _ => ("", EMPTY.get_or_init(Map::new)),
    }
}
