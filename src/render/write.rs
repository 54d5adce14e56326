//! The soft-failed write: a 2xx answer saying whether a write happened.

use std::fmt::Write as _;

use serde::Serialize;

use crate::issue::Rejection;

/// How many issues a refused write's reason names; the rest are counted.
const REASON_ISSUES: usize = 5;

/// The outcome of a write the caller should not fail over: `{"stored": true}`, or
/// `{"stored": false, "reason": "..."}` when it was skipped. Both go out with a 2xx
/// status; a service that is down is an [`Category::Unavailable`](crate::Category::Unavailable) envelope (503) instead.
///
/// # Examples
///
/// ```
/// use mcp_coerce::WriteOutcome;
/// use serde_json::json;
///
/// let skipped = WriteOutcome::not_stored("duplicate observation");
/// assert_eq!(skipped.http_status(), 200);
/// assert_eq!(serde_json::to_value(&skipped)?, json!({"stored": false, "reason": "duplicate observation"}));
/// assert_eq!(serde_json::to_value(&WriteOutcome::stored())?, json!({"stored": true}));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WriteOutcome {
    stored: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

impl WriteOutcome {
    /// The write happened.
    pub fn stored() -> Self {
        WriteOutcome {
            stored: true,
            reason: None,
        }
    }

    /// The write was skipped for `reason`; the caller should carry on.
    pub fn not_stored(reason: impl Into<String>) -> Self {
        WriteOutcome {
            stored: false,
            reason: Some(reason.into()),
        }
    }

    /// The write was skipped because its body was refused: the reason is one line naming
    /// the first 5 issues as `path: message (code)` and counting the rest, for the logs of
    /// the hook that sent it.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::WriteOutcome;
    /// use serde::Deserialize;
    /// use serde_json::json;
    ///
    /// #[derive(Deserialize, Debug)]
    /// struct Note { text: String }
    ///
    /// let refused = mcp_coerce::from_str::<Note>(r#"{"text": 5}"#).unwrap_err();
    /// let outcome = WriteOutcome::refused(&refused);
    /// assert_eq!(serde_json::to_value(&outcome)?, json!({
    ///     "stored": false,
    ///     "reason": "invalid body: 1 issue: /text: expected a string, got a number (invalid_type)"
    /// }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn refused(rejection: &Rejection) -> Self {
        let mut reason = format!(
            "invalid body: {}",
            crate::words::count(rejection.total(), "issue")
        );
        for (n, issue) in rejection.issues().iter().take(REASON_ISSUES).enumerate() {
            reason.push_str(if n == 0 { ": " } else { "; " });
            // Writing into a `String` cannot fail.
            let _ = write!(reason, "{issue}");
        }
        let named = rejection.issues().len().min(REASON_ISSUES);
        if rejection.total() > named {
            let _ = write!(reason, "; and {} more", rejection.total() - named);
        }
        WriteOutcome::not_stored(reason)
    }

    /// Whether the write happened.
    pub fn is_stored(&self) -> bool {
        self.stored
    }

    /// Always 200: a soft failure is not an HTTP error.
    pub fn http_status(&self) -> u16 {
        200
    }
}
