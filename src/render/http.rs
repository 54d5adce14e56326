//! The HTTP rendering of a rejection: the 400 body.

use serde::Serialize;

use super::Category;
use crate::issue::{Code, MAX_ISSUES, Path, Rejection};

impl Rejection {
    /// The HTTP 400 body: `{"error": "ValidationError", "issues": [{"path", "message",
    /// "code"}]}`.
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
    ///     "issues": [{"path": "/limit", "message": "missing required field", "code": "missing"}]
    /// }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_http_body(&self) -> HttpBody {
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
        }
    }
}

/// The HTTP 400 body of a rejection; see [`Rejection::to_http_body`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, Issue, Rejection};
///
/// let body = Rejection::new([Issue::new(Code::Custom, "bad")]).to_http_body();
/// assert_eq!(body.status(), 400);
/// assert_eq!(serde_json::to_value(&body)?["issues"][0]["code"], "custom");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HttpBody {
    error: &'static str,
    issues: Vec<HttpIssue>,
}

impl HttpBody {
    /// Always 400.
    pub fn status(&self) -> u16 {
        Category::InvalidArgument.http_status()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct HttpIssue {
    path: Path,
    message: String,
    code: Code,
}
