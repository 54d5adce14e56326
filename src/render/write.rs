//! The soft-failed write: a 2xx answer saying whether a write happened.

use serde::Serialize;

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

    /// Whether the write happened.
    pub fn is_stored(&self) -> bool {
        self.stored
    }

    /// Always 200: a soft failure is not an HTTP error.
    pub fn http_status(&self) -> u16 {
        200
    }
}
