//! All the issues found in one call's arguments.

use std::fmt;

use crate::issue::Issue;
#[cfg(feature = "tracing")]
use crate::issue::Redacted;
use crate::report::{Coercion, Report};

/// At most this many issues are kept; the rest are only counted (see
/// [`Rejection::truncated`]). Envelopes list the same number.
pub const MAX_ISSUES: usize = 100;

/// The arguments were refused: every [`Issue`] found (up to [`MAX_ISSUES`], in the order
/// [`issues`](Rejection::issues) says), and how many more were found but not kept.
///
/// Returned by [`from_str`](crate::from_str), [`from_slice`](crate::from_slice) and
/// [`from_value`](crate::from_value). Render it for the caller with
/// [`Rejection::to_envelope`] (then `.to_tool_result()` for an MCP `isError` result or
/// `.to_jsonrpc_error()` for a JSON-RPC `-32602` error) or [`Rejection::to_http_body`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, IntArrayLike};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike")]
///     ids: Vec<i64>,
/// }
///
/// let rejection = mcp_coerce::from_str::<Args>(r#"{"ids": "1,x,y"}"#).unwrap_err();
/// let found: Vec<_> = rejection.issues().iter()
///     .map(|i| (i.code(), i.path().to_string()))
///     .collect();
/// assert_eq!(found, [(Code::IntParsing, "/ids/1".to_string()), (Code::IntParsing, "/ids/2".to_string())]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Rejection {
    issues: Vec<Issue>,
    truncated: usize,
    /// What was coerced before the call was refused (read with a report only).
    report: Option<Box<Report>>,
}

impl Rejection {
    /// A rejection holding `issues`; past [`MAX_ISSUES`] they are counted, not kept, and a
    /// path longer than [`MAX_PATH_CHARS`](crate::MAX_PATH_CHARS) is cut to its ancestor.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{Code, Issue, Rejection};
    ///
    /// let r = Rejection::new((0..150).map(|_| Issue::new(Code::Custom, "bad")));
    /// assert_eq!((r.issues().len(), r.truncated()), (100, 50));
    /// ```
    pub fn new(issues: impl IntoIterator<Item = Issue>) -> Self {
        let mut kept = Vec::new();
        let mut truncated = 0;
        for mut issue in issues {
            if kept.len() < MAX_ISSUES {
                issue.cut_path_to_fit();
                kept.push(issue);
            } else {
                truncated += 1;
            }
        }
        Rejection {
            issues: kept,
            truncated,
            report: None,
        }
    }

    /// `self` with `more` issues found but not kept added to its count.
    pub(crate) fn counting(mut self, more: usize) -> Self {
        self.truncated += more;
        self
    }

    pub(crate) fn from_parts(mut issues: Vec<Issue>, truncated: usize) -> Self {
        issues.iter_mut().for_each(Issue::cut_path_to_fit);
        Rejection {
            issues,
            truncated,
            report: None,
        }
    }

    /// `self` with the report of what was coerced before the refusal.
    pub(crate) fn with_report(mut self, report: Report) -> Self {
        self.report = (!report.is_empty()).then(|| Box::new(report));
        self
    }

    /// This rejection without anything the caller sent, for arguments that may hold
    /// secrets: every issue [redacted](Issue::redacted) (no input, no caller text in
    /// message, hint or context, caller-chosen keys written `*` in paths), and the coercions
    /// without their `from`/`to`. Its envelope (`to_envelope`) is safe to log and to send.
    ///
    /// # Examples
    ///
    /// ```
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize, Debug)]
    /// #[serde(deny_unknown_fields)]
    /// struct Args { token: String }
    ///
    /// let refused = mcp_coerce::from_str::<Args>(r#"{"tokne": "sk-live-123"}"#).unwrap_err();
    /// let text = serde_json::to_string(&refused.to_envelope("login"))?;
    /// assert!(text.contains("sk-live-123") || text.contains("tokne"));
    /// let safe = serde_json::to_string(&refused.redacted().to_envelope("login"))?;
    /// assert!(!safe.contains("sk-live-123") && !safe.contains("tokne"));
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    #[must_use]
    pub fn redacted(&self) -> Rejection {
        let mut out = self.clone();
        out.issues.iter_mut().for_each(Issue::redact);
        if let Some(report) = &mut out.report {
            **report = report.redacted();
        }
        out
    }

    /// Emit one `tracing` event for this refusal (info level, target `mcp_coerce`; fields
    /// `tool`, `issues`, `codes`, `paths`; never an input value: docs/contract.md, "Coercion
    /// report"). Nothing is built unless a subscriber takes the event.
    ///
    /// ```
    /// # use serde::Deserialize;
    /// #[derive(Deserialize, Debug)]
    /// struct Args { limit: u32 }
    /// let refused = mcp_coerce::from_str::<Args>(r#"{"limit": "x"}"#).unwrap_err();
    /// refused.trace("search"); // issues=1 codes=invalid_type paths=/limit
    /// ```
    #[cfg(feature = "tracing")]
    #[cfg_attr(docsrs, doc(cfg(feature = "tracing")))]
    pub fn trace(&self, tool: &str) {
        // The macro evaluates the fields only for a subscriber that takes the event, and
        // `Listed` writes them only when it records them.
        tracing::info!(
            target: "mcp_coerce",
            tool,
            issues = self.total(),
            codes = %Listed(&self.issues, Part::Code),
            paths = %Listed(&self.issues, Part::RedactedPath),
            "refused"
        );
        if let Some(report) = &self.report {
            report.trace(tool);
        }
    }

    /// The coercions applied before the call was refused, in order: empty unless the call
    /// was read by a `*_with_report` entry point (see [`report`](crate::report)).
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{IntArrayLike, Rule};
    /// # use serde::Deserialize;
    /// # use serde_with::serde_as;
    /// #[serde_as]
    /// #[derive(Deserialize, Debug)]
    /// struct Args {
    ///     #[serde_as(as = "IntArrayLike")]
    ///     ids: Vec<i64>,
    ///     name: String,
    /// }
    /// let refused = mcp_coerce::from_str_with_report::<Args>(r#"{"ids": "1,2"}"#).unwrap_err();
    /// assert_eq!(refused.coercions()[0].rule(), Rule::CommaSplit);
    /// assert_eq!(refused.issues()[0].path().to_string(), "/name");
    /// ```
    pub fn coercions(&self) -> &[Coercion] {
        self.report.as_deref().map_or(&[], Report::coercions)
    }

    /// The issues kept, in the order they were found (for a refused call, `serde_json`'s
    /// sorted key order unless its `preserve_order` feature is on).
    ///
    /// # Examples
    ///
    /// ```
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize, Debug)]
    /// struct Args { a: u8, b: u8 }
    ///
    /// let r = mcp_coerce::from_str::<Args>(r#"{"a": "x"}"#).unwrap_err();
    /// assert_eq!((r.issues().len(), r.truncated(), r.total()), (2, 0, 2));
    /// ```
    pub fn issues(&self) -> &[Issue] {
        &self.issues
    }

    /// The issues kept, by value.
    pub fn into_issues(self) -> Vec<Issue> {
        self.issues
    }

    /// How many further issues were found but not kept.
    pub fn truncated(&self) -> usize {
        self.truncated
    }

    /// How many issues were found in all.
    pub fn total(&self) -> usize {
        self.issues.len() + self.truncated
    }
}

/// What [`Listed`] writes of each issue.
#[cfg(feature = "tracing")]
#[derive(Clone, Copy)]
enum Part {
    Code,
    RedactedPath,
}

/// One part of each issue, comma-separated, written where displayed (for [`Rejection::trace`]).
#[cfg(feature = "tracing")]
struct Listed<'a>(&'a [Issue], Part);

#[cfg(feature = "tracing")]
impl fmt::Display for Listed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, issue) in self.0.iter().enumerate() {
            if n > 0 {
                f.write_str(",")?;
            }
            match self.1 {
                Part::Code => f.write_str(issue.code().as_str())?,
                Part::RedactedPath => write!(f, "{}", Redacted(issue.path()))?,
            }
        }
        Ok(())
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.total();
        write!(
            f,
            "invalid arguments: {}",
            crate::words::count(total, "issue")
        )?;
        for (n, issue) in self.issues.iter().enumerate() {
            f.write_str(if n == 0 { ": " } else { "; " })?;
            write!(f, "{issue}")?;
        }
        if self.truncated > 0 {
            write!(f, "; and {} more", self.truncated)?;
        }
        Ok(())
    }
}

impl std::error::Error for Rejection {}
