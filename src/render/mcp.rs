//! The MCP renderings of an envelope: the `isError` tool result and the JSON-RPC error.

use serde::Serialize;

use super::Envelope;

impl Envelope {
    /// The MCP tool result: `{"isError": true, "content": [{"type": "text", "text":
    /// <envelope JSON>}], "structuredContent": <envelope>}`. The MCP specification asks
    /// that input validation failures come back this way, so that the model can read them
    /// and correct the call. The envelope goes out twice on purpose: MCP 2025-06-18 and
    /// later carry structured results in `structuredContent`, and ask that the same JSON
    /// also be sent as a text block for clients that read only `content`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::Envelope;
    ///
    /// let result = Envelope::unknown_tool("x", "Call tools/list.").to_tool_result();
    /// let json = serde_json::to_value(&result)?;
    /// assert_eq!(json["isError"], true);
    /// assert_eq!(json["content"][0]["type"], "text");
    /// assert_eq!(json["structuredContent"]["error"], "UNKNOWN_TOOL");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_tool_result(&self) -> ToolErrorResult {
        ToolErrorResult {
            is_error: true,
            content: vec![TextContent {
                kind: "text",
                text: self.to_json_string(),
            }],
            structured_content: self.clone(),
        }
    }

    /// The JSON-RPC 2.0 error object: the category's code, the message, and the envelope
    /// as `data`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::Envelope;
    ///
    /// let error = Envelope::unknown_tool("x", "Call tools/list.").to_jsonrpc_error();
    /// let json = serde_json::to_value(&error)?;
    /// assert_eq!(json["code"], -32602);
    /// assert_eq!(json["data"]["tool"], "x");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_jsonrpc_error(&self) -> JsonRpcError {
        JsonRpcError {
            code: self.category().jsonrpc_code(),
            message: self.message().to_owned(),
            data: self.clone(),
        }
    }
}

/// An MCP `CallToolErrorResult` with `isError: true`; see [`Envelope::to_tool_result`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::Envelope;
///
/// let result = Envelope::unknown_tool("x", "Call tools/list.").to_tool_result();
/// assert_eq!(result.envelope().tool(), "x");
/// let json = serde_json::to_value(&result)?;
/// assert_eq!(json["content"][0]["text"], result.envelope().to_json_string());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ToolErrorResult {
    #[serde(rename = "isError")]
    is_error: bool,
    content: Vec<TextContent>,
    #[serde(rename = "structuredContent")]
    structured_content: Envelope,
}

impl ToolErrorResult {
    /// The envelope this result carries.
    pub fn envelope(&self) -> &Envelope {
        &self.structured_content
    }
}

/// An MCP text content block.
#[derive(Clone, Debug, PartialEq, Serialize)]
struct TextContent {
    #[serde(rename = "type")]
    kind: &'static str,
    text: String,
}

/// A JSON-RPC 2.0 error object; see [`Envelope::to_jsonrpc_error`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::Envelope;
///
/// let error = Envelope::unknown_tool("x", "Call tools/list.").to_jsonrpc_error();
/// assert_eq!(error.code(), -32602);
/// assert_eq!(error.data().tool(), "x");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct JsonRpcError {
    code: i32,
    message: String,
    data: Envelope,
}

impl JsonRpcError {
    /// The JSON-RPC error code.
    pub fn code(&self) -> i32 {
        self.code
    }

    /// The envelope sent as `data`.
    pub fn data(&self) -> &Envelope {
        &self.data
    }
}
