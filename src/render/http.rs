//! The HTTP rendering of a rejection: the 400 body.

use serde::Serialize;

use super::Category;
use crate::issue::{Code, MAX_ISSUES, Path, Rejection};

impl Rejection {
    /// The HTTP 400 body: `{"error": "ValidationError", "issues": [{"path", "message",
    /// "code"}], "truncated": N}`, at most [`MAX_ISSUES`] issues, `truncated` counting the
    /// ones found beyond those listed (as the envelope's does).
    ///
    /// # Examples
    ///
    /// ```
    /// use serde::Deserialize;
    /// use serde_json::json;
    ///
    /// #[derive(Deserialize, Debug)]
    /// struct Args { limit: u32 }
    ///
    /// let body = mcp_coerce::from_str::<Args>("{}").unwrap_err().to_http_body();
    /// assert_eq!(body.status(), 400);
    /// assert_eq!(serde_json::to_value(&body)?, json!({
    ///     "error": "ValidationError",
    ///     "issues": [{"path": "/limit", "message": "missing required field", "code": "missing"}],
    ///     "truncated": 0
    /// }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_http_body(&self) -> HttpBody {
        let kept = self.issues().len().min(MAX_ISSUES);
        HttpBody {
            error: "ValidationError",
            issues: self
                .issues()
                .iter()
                .take(MAX_ISSUES)
                .map(|issue| HttpIssue {
                    path: issue.path().clone(),
                    message: issue.message().to_owned(),
                    code: issue.code(),
                })
                .collect(),
            truncated: self.total() - kept,
        }
    }
}

/// The HTTP 400 body of a rejection; see [`Rejection::to_http_body`].
///
/// The same shape answers a body the `axum` extractors could not read (413 and 415, one
/// issue at `""`; see `axum::Refusal`, feature `axum`).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, Issue, Rejection};
///
/// let body = Rejection::new((0..150).map(|_| Issue::new(Code::Custom, "bad"))).to_http_body();
/// assert_eq!(body.status(), 400);
/// assert_eq!(body.truncated(), 50);
/// let json = serde_json::to_value(&body)?;
/// assert_eq!(json["issues"].as_array().map(Vec::len), Some(100));
/// assert_eq!(json["issues"][0]["code"], "custom");
/// assert_eq!(json["truncated"], 50);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HttpBody {
    error: &'static str,
    issues: Vec<HttpIssue>,
    truncated: usize,
}

impl HttpBody {
    /// 400, the status of refused arguments.
    pub fn status(&self) -> u16 {
        Category::InvalidArgument.http_status()
    }

    /// How many issues were found beyond those listed.
    pub fn truncated(&self) -> usize {
        self.truncated
    }

    /// The body as compact JSON text, keys in the documented order.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{Code, Issue, Rejection};
    ///
    /// let body = Rejection::new([Issue::new(Code::Custom, "bad")]).to_http_body();
    /// assert_eq!(
    ///     body.to_json_string(),
    ///     r#"{"error":"ValidationError","issues":[{"path":"","message":"bad","code":"custom"}],"truncated":0}"#
    /// );
    /// ```
    pub fn to_json_string(&self) -> String {
        // Serializing plain strings, numbers and paths cannot fail.
        serde_json::to_string(self).unwrap_or_else(|_| String::from("{}"))
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct HttpIssue {
    path: Path,
    message: String,
    code: Code,
}
