//! The envelope: one failure of one tool call as the caller reads it, and the categories
//! of failure with their JSON-RPC codes and HTTP statuses.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::issue::{Issue, MAX_ISSUES, Rejection};

/// The hint every `INVALID_ARGUMENT` envelope carries.
pub const INVALID_ARGUMENT_HINT: &str = "Re-read the inputSchema for this tool from tools/list.";

/// The hint every `OUTPUT_INVALID` envelope carries.
pub const OUTPUT_INVALID_HINT: &str = "The server produced an invalid result; this is not a fault of the call. Do not retry it unchanged; report the problem.";

/// The kind of failure, with its JSON-RPC error code and HTTP status.
///
/// Serialized in `SCREAMING_SNAKE_CASE` (`"INVALID_ARGUMENT"`).
///
/// Codes and statuses by category: docs/contract.md, "Errors".
///
/// # Examples
///
/// ```
/// use mcp_coerce::Category;
///
/// assert_eq!(Category::UnknownTool.jsonrpc_code(), -32602);
/// assert_eq!(Category::Unavailable.http_status(), 503);
/// assert_eq!(Category::Conflict.jsonrpc_code(), -32603);
/// assert_eq!(Category::Conflict.http_status(), 409);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[non_exhaustive]
pub enum Category {
    /// The arguments were refused; the envelope lists the issues.
    InvalidArgument,
    /// No tool by that name.
    UnknownTool,
    /// The tool ran, and what it was asked for does not exist.
    NotFound,
    /// The caller may not do this.
    PermissionDenied,
    /// The request conflicts with the current state of what it acts on (a concurrent
    /// change, a duplicate): re-read it before trying again.
    Conflict,
    /// A quota or rate limit was hit.
    ResourceExhausted,
    /// A service the tool needs is down; retrying later may work.
    Unavailable,
    /// A bug or an unexpected failure on the server's side.
    InternalError,
    /// The tool's result does not match its declared `outputSchema`: the server's fault
    /// ([`Envelope::output_invalid`]).
    OutputInvalid,
}

impl Category {
    /// The JSON-RPC 2.0 error code.
    pub const fn jsonrpc_code(self) -> i32 {
        match self {
            Category::InvalidArgument | Category::UnknownTool | Category::NotFound => -32602,
            _ => -32603,
        }
    }

    /// The HTTP status code.
    pub const fn http_status(self) -> u16 {
        match self {
            Category::InvalidArgument => 400,
            Category::UnknownTool | Category::NotFound => 404,
            Category::PermissionDenied => 403,
            Category::Conflict => 409,
            Category::ResourceExhausted => 429,
            Category::Unavailable => 503,
            Category::InternalError | Category::OutputInvalid => 500,
        }
    }
}

/// One failure of one tool call, as the caller reads it.
///
/// Its JSON is `{"error", "tool", "message", "issues", "truncated", "hint"}`: the same keys
/// for every category (`"issues": []` when the failure is not about arguments); at most
/// [`MAX_ISSUES`] issues, with `truncated` counting the ones left out; then `"context"`, an
/// object of extra facts, only when there are any (`retry_after_s`, see
/// [`Envelope::with_context`]). No stack trace and no Rust type name ever appears in it.
///
/// # Examples
///
/// ```
/// use mcp_coerce::Envelope;
/// use serde_json::json;
///
/// let envelope = Envelope::unknown_tool("get_observations", "Call tools/list to enumerate the valid tool names.");
/// assert_eq!(serde_json::to_value(&envelope)?, json!({
///     "error": "UNKNOWN_TOOL",
///     "tool": "get_observations",
///     "message": "unknown tool: get_observations",
///     "issues": [],
///     "truncated": 0,
///     "hint": "Call tools/list to enumerate the valid tool names."
/// }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Envelope {
    error: Category,
    tool: String,
    message: String,
    issues: Vec<Issue>,
    truncated: usize,
    hint: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    context: Option<Box<Map<String, Value>>>,
}

/// A caller-supplied name cut to the echo limit (not copied when it fits).
fn cut(name: String) -> String {
    if name.len() <= crate::INPUT_ECHO_CHARS {
        name
    } else {
        crate::words::truncate(&name)
    }
}

impl Envelope {
    /// An envelope of any category, without argument issues.
    ///
    /// The tool name comes from the caller, so it is cut to the echo limit
    /// ([`INPUT_ECHO_CHARS`](crate::INPUT_ECHO_CHARS), with `…`) like any input; the
    /// message and the hint are the server's, kept as they are.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{Category, Envelope};
    ///
    /// let envelope = Envelope::new(Category::Unavailable, "x".repeat(200), "the store is down", "Retry later.");
    /// assert_eq!(envelope.tool().chars().count(), 65); // 64 chars and `…`
    /// assert_eq!(envelope.message(), "the store is down");
    /// ```
    pub fn new(
        category: Category,
        tool: impl Into<String>,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) -> Self {
        Envelope {
            error: category,
            tool: cut(tool.into()),
            message: message.into(),
            issues: Vec::new(),
            truncated: 0,
            hint: hint.into(),
            context: None,
        }
    }

    /// The `INVALID_ARGUMENT` envelope of a rejection. The tool name is cut to the echo
    /// limit, in `tool` and in `message`, as in [`new`](Self::new).
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{Envelope, Issue, Code, Rejection};
    ///
    /// let rejection = Rejection::new([Issue::new(Code::Missing, "missing required field")]);
    /// let envelope = Envelope::invalid_argument("demo_get_card", &rejection);
    /// assert_eq!(envelope.message(), "invalid arguments for tool demo_get_card: 1 issue");
    /// ```
    pub fn invalid_argument(tool: impl Into<String>, rejection: &Rejection) -> Self {
        let kept = rejection.issues().len().min(MAX_ISSUES);
        Envelope::of_issues(
            tool.into(),
            rejection.issues()[..kept].to_vec(),
            rejection.total(),
        )
    }

    /// [`invalid_argument`](Self::invalid_argument), the issues moved rather than copied.
    #[cfg(feature = "rmcp")]
    pub(crate) fn invalid_argument_owned(tool: impl Into<String>, rejection: Rejection) -> Self {
        let total = rejection.total();
        let mut issues = rejection.into_issues();
        issues.truncate(MAX_ISSUES);
        Envelope::of_issues(tool.into(), issues, total)
    }

    /// The `INVALID_ARGUMENT` envelope listing `issues` (at most [`MAX_ISSUES`]) of `total`.
    fn of_issues(tool: String, issues: Vec<Issue>, total: usize) -> Self {
        let tool = cut(tool);
        Envelope {
            error: Category::InvalidArgument,
            message: format!(
                "invalid arguments for tool {tool}: {}",
                crate::words::count(total, "issue")
            ),
            tool,
            truncated: total - issues.len(),
            issues,
            hint: INVALID_ARGUMENT_HINT.to_owned(),
            context: None,
        }
    }

    /// The `UNKNOWN_TOOL` envelope for a call to `tool`, with the `hint` (say how to find
    /// the valid names, e.g. "Call tools/list to enumerate the valid tool names.").
    ///
    /// The name comes from the caller, so it is cut to the echo limit like any input.
    pub fn unknown_tool(tool: impl Into<String>, hint: impl Into<String>) -> Self {
        let tool = cut(tool.into());
        Envelope::new(
            Category::UnknownTool,
            tool.clone(),
            format!("unknown tool: {tool}"),
            hint,
        )
    }

    /// [`unknown_tool`](Self::unknown_tool), with the hint led by `did you mean "NAME"?`
    /// when one of the server's `tools` is close to the name sent: the same name ignoring
    /// case and the separators `-`, `_`, space, `/` and `.`; else the one name that ends
    /// or starts with the one sent (a dropped prefix such as `demo_`; at least 4 chars
    /// sent); else the one name within two edits (at most one edit per three chars sent).
    /// When several names are equally close, none is suggested.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::Envelope;
    ///
    /// let tools = ["demo_get_observations", "demo_get_card"];
    /// let envelope = Envelope::unknown_tool_among("get_observations", tools, "Call tools/list.");
    /// assert_eq!(envelope.hint(), r#"did you mean "demo_get_observations"? Call tools/list."#);
    /// let envelope = Envelope::unknown_tool_among("delete_all", tools, "Call tools/list.");
    /// assert_eq!(envelope.hint(), "Call tools/list.");
    /// ```
    pub fn unknown_tool_among<'a>(
        tool: &str,
        tools: impl IntoIterator<Item = &'a str>,
        hint: impl Into<String>,
    ) -> Self {
        let hint = hint.into();
        let hint = match similar_tool(tool, tools) {
            Some(name) => format!("did you mean \"{name}\"? {hint}"),
            None => hint,
        };
        Envelope::unknown_tool(tool, hint)
    }

    /// The `OUTPUT_INVALID` envelope for a call to `tool` whose result does not match the
    /// tool's `outputSchema`. It tells the model that the fault is the server's and that
    /// the same call would fail again; it names no detail of the mismatch (which belongs
    /// in the server's log, not in front of the model).
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{Category, Envelope};
    ///
    /// let envelope = Envelope::output_invalid("search");
    /// assert_eq!(envelope.category(), Category::OutputInvalid);
    /// assert_eq!(envelope.message(), "the result of tool search does not match its outputSchema");
    /// assert!(envelope.issues().is_empty());
    /// ```
    pub fn output_invalid(tool: impl Into<String>) -> Self {
        let tool = cut(tool.into());
        Envelope::new(
            Category::OutputInvalid,
            tool.clone(),
            format!("the result of tool {tool} does not match its outputSchema"),
            OUTPUT_INVALID_HINT,
        )
    }

    /// The category.
    pub fn category(&self) -> Category {
        self.error
    }

    /// The tool name.
    pub fn tool(&self) -> &str {
        &self.tool
    }

    /// The one-line message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The argument issues listed (at most [`MAX_ISSUES`]).
    pub fn issues(&self) -> &[Issue] {
        &self.issues
    }

    /// How many issues were left out.
    pub fn truncated(&self) -> usize {
        self.truncated
    }

    /// What the caller should do next.
    pub fn hint(&self) -> &str {
        &self.hint
    }

    /// The same envelope with `key` set to `value` in its `context`, the object of extra
    /// facts that follows `hint` in its JSON. The crate sets `retry_after_s` (whole
    /// seconds to wait before retrying, from an upstream's `Retry-After`; see
    /// [`Upstream`](crate::Upstream)).
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{Category, Envelope};
    /// use serde_json::json;
    ///
    /// let envelope = Envelope::new(Category::ResourceExhausted, "search", "rate limited", "Retry after 30 seconds.")
    ///     .with_context("retry_after_s", 30);
    /// assert_eq!(serde_json::to_value(&envelope)?["context"], json!({"retry_after_s": 30}));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_context(mut self, key: &str, value: impl Into<Value>) -> Self {
        self.context
            .get_or_insert_with(Default::default)
            .insert(key.to_owned(), value.into());
        self
    }

    /// The extra facts, if any (`retry_after_s`).
    pub fn context(&self) -> Option<&Map<String, Value>> {
        self.context.as_deref()
    }

    /// The same envelope with another hint.
    pub(crate) fn with_hint_text(mut self, hint: String) -> Self {
        self.hint = hint;
        self
    }

    /// The same envelope with `issues` listed, the rest counted in `truncated`.
    pub(crate) fn with_issues(mut self, issues: Vec<Issue>, more: usize) -> Self {
        let kept = issues.len().min(MAX_ISSUES);
        self.truncated = issues.len() - kept + more;
        self.issues = issues;
        self.issues.truncate(kept);
        self
    }

    /// The envelope as compact JSON text, keys in the documented order.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::Envelope;
    ///
    /// let text = Envelope::unknown_tool("x", "Call tools/list.").to_json_string();
    /// assert!(text.starts_with(r#"{"error":"UNKNOWN_TOOL","tool":"x","#));
    /// ```
    pub fn to_json_string(&self) -> String {
        // Serializing plain strings, numbers and maps with string keys cannot fail.
        serde_json::to_string(self).unwrap_or_else(|_| String::from("{}"))
    }
}

impl Rejection {
    /// The `INVALID_ARGUMENT` [`Envelope`] of this rejection, for a call to `tool`.
    ///
    /// # Examples
    ///
    /// ```
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize, Debug)]
    /// struct Args { limit: u32 }
    ///
    /// let rejection = mcp_coerce::from_str::<Args>("{}").unwrap_err();
    /// let result = rejection.to_envelope("demo_tool").to_tool_result();
    /// let json = serde_json::to_value(&result)?;
    /// assert_eq!(json["structuredContent"]["issues"][0]["code"], "missing");
    /// assert_eq!(json["structuredContent"]["issues"][0]["path"], "/limit");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_envelope(&self, tool: impl Into<String>) -> Envelope {
        Envelope::invalid_argument(tool, self)
    }
}

/// The one tool a mistyped name most likely meant, by the rules of [`Envelope::unknown_tool`].
fn similar_tool<'a>(sent: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // A name longer than any real tool name is not worth folding.
    if sent.len() > 128 {
        return None;
    }
    let sent = crate::rules::fold::fold(sent);
    let sent_chars: Vec<char> = sent.chars().collect();
    // (rule, distance) of each candidate: lower is better.
    let mut best: Option<((u8, usize), &str)> = None;
    let mut tied = false;
    for name in names {
        let folded = crate::rules::fold::fold(name);
        let rank = if folded == sent {
            (0, 0)
        } else if sent_chars.len() >= 4 && (folded.ends_with(&sent) || folded.starts_with(&sent)) {
            (1, 0)
        } else {
            let name_chars: Vec<char> = folded.chars().collect();
            // At most one edit per three chars sent: `"l"` is not a typo of `"ls"`.
            match crate::rules::fold::distance_within(&sent_chars, &name_chars, 2) {
                Some(d) if d * 3 <= sent_chars.len() => (2, d),
                _ => continue,
            }
        };
        match best {
            Some((r, _)) if r < rank => {}
            // The same name listed twice is one candidate.
            Some((r, best_name)) if r == rank => tied |= best_name != name,
            _ => {
                best = Some((rank, name));
                tied = false;
            }
        }
    }
    best.filter(|_| !tied).map(|(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::similar_tool;

    #[test]
    fn similar_tool_names() {
        let tools = [
            "demo_get_observations",
            "demo_get_card",
            "demo_get_sdk_sessions",
            "search",
            "ls",
            "ls",
        ];
        let cases = [
            ("get_observations", Some("demo_get_observations")),
            ("Demo-Get-Card", Some("demo_get_card")),
            ("demo_get_obsevrations", Some("demo_get_observations")),
            ("demo_get_cards", Some("demo_get_card")),
            ("sdk_sessions", Some("demo_get_sdk_sessions")),
            ("serch", Some("search")),
            // Every demo tool starts with it: no one suggestion.
            ("demo_get", None),
            ("sea", None),
            ("l", None),
            ("ls", Some("ls")),
            ("delete_everything", None),
            ("", None),
        ];
        for (sent, want) in cases {
            assert_eq!(similar_tool(sent, tools.into_iter()), want, "{sent}");
        }
        assert_eq!(similar_tool(&"x".repeat(129), tools.into_iter()), None);
    }
}
