//! Coercion against a tool's JSON Schema at run time (feature `coercer`), for clients that
//! fix a model's call before sending it, proxies in front of servers in any language, and
//! tools made at run time. [`Coercer::compile`] reads a schema once (drafts 4 to 2020-12);
//! [`Coercer::coerce`] answers with the coerced arguments or a [`Rejection`], as the typed
//! entry points do. Every value it returns validates against the schema.
//!
//! What each keyword lets a call send: docs/contract.md, "Coercion against a JSON Schema".
//!
//! ```
//! use mcp_coerce::coercer::Coercer;
//! use serde_json::json;
//!
//! let coercer = Coercer::compile(&json!({
//!     "type": "object",
//!     "properties": {
//!         "ids": {"type": "array", "items": {"type": "integer"}, "maxItems": 100},
//!         "order_by": {"enum": ["date_desc", "date_asc"]}
//!     },
//!     "required": ["ids"]
//! }))?;
//! let args = coercer.coerce(json!({"ids": "1, 2, 3", "orderBy": "DATE-DESC"}))?;
//! assert_eq!(args, json!({"ids": [1, 2, 3], "order_by": "date_desc"}));
//!
//! let refused = coercer.coerce(json!({"ids": "1,x"})).unwrap_err();
//! assert_eq!(refused.issues()[0].path().to_string(), "/ids/1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod compile;
mod number;
mod pattern;
mod walk;

use std::fmt;
use std::sync::Arc;

use serde_json::Value;

use crate::issue::Rejection;
use crate::report::{Coerced, Report};

/// A JSON Schema compiled for coercion: cheap to clone (shared), `Send + Sync`, made to be
/// compiled once per tool and cached.
///
/// # Examples
///
/// ```
/// use mcp_coerce::coercer::Coercer;
/// use serde_json::json;
///
/// let coercer = Coercer::compile(&json!({"type": "object", "properties": {"limit": {"type": "integer"}}}))?;
/// assert_eq!(coercer.coerce(json!({"limit": "10"}))?, json!({"limit": 10}));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Coercer {
    compiled: Arc<compile::Compiled>,
    tool: Option<Arc<str>>,
}

impl fmt::Debug for Coercer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Coercer")
            .field("nodes", &self.compiled.nodes.len())
            .field("warnings", &self.compiled.warnings)
            .field("tool", &self.tool)
            .finish()
    }
}

/// A schema the coercer cannot use: not valid JSON Schema where the engine reads it, a
/// `$ref` outside the document, or a keyword it would hand to a validator the build does
/// not have. Carries the schema path (a JSON Pointer into the schema).
///
/// # Examples
///
/// ```
/// use mcp_coerce::coercer::Coercer;
/// use serde_json::json;
///
/// let error = Coercer::compile(&json!({"properties": {"a": {"type": "text"}}})).unwrap_err();
/// assert_eq!(error.pointer(), "/properties/a/type");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid schema at {}: {message}", if pointer.is_empty() { "the root" } else { pointer.as_str() })]
pub struct SchemaError {
    pointer: String,
    message: String,
}

impl SchemaError {
    pub(crate) fn new(pointer: &str, message: impl Into<String>) -> SchemaError {
        SchemaError {
            pointer: crate::words::truncate_to(pointer, 256),
            message: one_line(message.into()),
        }
    }

    /// The JSON Pointer of the offending keyword in the schema (`""` for the root).
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// What is wrong, in one line.
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// A part of a schema the coercer skips, with why: a `pattern` that is not ECMA-262, or
/// that no engine of the crate reads (such as Python's `(?P<name>...)`).
///
/// # Examples
///
/// ```
/// use mcp_coerce::coercer::Coercer;
/// use serde_json::json;
///
/// let coercer = Coercer::compile(&json!({"type": "string", "pattern": "(?P<id>[0-9]+)"}))?;
/// assert_eq!(coercer.warnings()[0].pointer(), "/pattern");
/// // The pattern is not checked: any string passes it.
/// assert_eq!(coercer.coerce_value(json!("abc"))?, json!("abc"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pointer: String,
    message: String,
}

impl Warning {
    pub(crate) fn new(pointer: &str, message: impl Into<String>) -> Warning {
        Warning {
            pointer: crate::words::truncate_to(pointer, 256),
            message: one_line(message.into()),
        }
    }

    /// The JSON Pointer of the skipped keyword in the schema.
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// Why it is skipped.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at {}: {}", self.pointer, self.message)
    }
}

impl Coercer {
    /// Compile `schema` (a tool's `inputSchema`).
    ///
    /// # Errors
    ///
    /// A [`SchemaError`] with the schema path: invalid where the engine reads it, a `$ref`
    /// outside the document (never fetched), or, without `schema-assertions`, a keyword
    /// only a complete validator asserts (`not`, `if`, `contains`, ...).
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::coercer::Coercer;
    /// use serde_json::json;
    ///
    /// assert!(Coercer::compile(&json!({"$ref": "https://example.com/remote.json"})).is_err());
    /// ```
    pub fn compile(schema: &Value) -> Result<Coercer, SchemaError> {
        let compiled = compile::compile(schema)?;
        Ok(Coercer {
            compiled: Arc::new(compiled),
            tool: None,
        })
    }

    /// The same coercer for the tool named `tool`: arguments that repeat the tool-call
    /// envelope (`{"name", "arguments"}`) are unwrapped only when they name this tool.
    ///
    /// ```
    /// use mcp_coerce::coercer::Coercer;
    /// use serde_json::json;
    ///
    /// let coercer = Coercer::compile(&json!({"properties": {"q": {"type": "string"}}}))?
    ///     .for_tool("search");
    /// let args = coercer.coerce(json!({"name": "search", "arguments": {"q": "rust"}}))?;
    /// assert_eq!(args, json!({"q": "rust"}));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn for_tool(mut self, tool: &str) -> Coercer {
        self.tool = Some(tool.into());
        self
    }

    /// The parts of the schema skipped, with why (see [`Warning`]).
    pub fn warnings(&self) -> &[Warning] {
        &self.compiled.warnings
    }

    /// Coerce tool-call `arguments`: an object, or a string holding one, as the entry
    /// points read them (`""` and `null` are `{}`; a wrapper key is unwrapped).
    ///
    /// # Errors
    ///
    /// A [`Rejection`] with every issue of the call.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::coercer::Coercer;
    /// use serde_json::json;
    ///
    /// let coercer = Coercer::compile(&json!({"properties": {"free": {"type": "boolean"}}}))?;
    /// assert_eq!(coercer.coerce(json!("{\"free\": \"yes\"}"))?, json!({"free": true}));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn coerce(&self, arguments: Value) -> Result<Value, Rejection> {
        self.run(arguments, false, true)
            .map(|(value, _)| value)
            .map_err(|(rejection, _)| rejection)
    }

    /// [`coerce`](Self::coerce) JSON text, with the text routes' rules (`""` text is
    /// `invalid_json`; a key repeated in one object is `duplicate_key`).
    ///
    /// # Errors
    ///
    /// As [`coerce`](Self::coerce); text that is not JSON is one `invalid_json` issue.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::coercer::Coercer;
    /// use serde_json::json;
    ///
    /// let coercer = Coercer::compile(&json!({"properties": {"n": {"type": "integer"}}}))?;
    /// assert_eq!(coercer.coerce_str(r#"{"n": "7"}"#)?, json!({"n": 7}));
    /// assert!(coercer.coerce_str(r#"{"n": 1, "n": 2}"#).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn coerce_str(&self, json: &str) -> Result<Value, Rejection> {
        self.run_text(json, false)
            .map(|(value, _)| value)
            .map_err(|(rejection, _)| rejection)
    }

    /// [`coerce`](Self::coerce), with the report of every coercion applied.
    ///
    /// # Errors
    ///
    /// As [`coerce`](Self::coerce); the rejection carries what was coerced before it.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{Rule, coercer::Coercer};
    /// use serde_json::json;
    ///
    /// let coercer = Coercer::compile(&json!({"properties": {"limit": {"type": "integer"}}}))?;
    /// let call = coercer.coerce_with_report(json!({"Limit": "5"}))?;
    /// let rules: Vec<Rule> = call.coercions().iter().map(|c| c.rule()).collect();
    /// assert_eq!(rules, [Rule::KeyFold, Rule::NumericString]);
    /// assert_eq!(call.notes(), ["Limit was read as limit"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn coerce_with_report(&self, arguments: Value) -> Result<Coerced<Value>, Rejection> {
        let _reporting = crate::engine::notes::Reporting::start();
        reported(self.run(arguments, true, true))
    }

    /// [`coerce_str`](Self::coerce_str), with the report of every coercion applied.
    ///
    /// # Errors
    ///
    /// As [`coerce_str`](Self::coerce_str).
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::coercer::Coercer;
    /// use serde_json::json;
    ///
    /// let coercer = Coercer::compile(&json!({"properties": {"ids": {"type": "array"}}}))?;
    /// let call = coercer.coerce_str_with_report(r#"{"ids": "[1]"}"#)?;
    /// assert_eq!(call.value(), &json!({"ids": [1]}));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn coerce_str_with_report(&self, json: &str) -> Result<Coerced<Value>, Rejection> {
        let _reporting = crate::engine::notes::Reporting::start();
        reported(self.run_text(json, true))
    }

    /// Coerce one value against the schema, as it is: no arguments rules (a string is a
    /// string, `null` is `null`), for schemas of other things than tool arguments.
    ///
    /// # Errors
    ///
    /// A [`Rejection`] with every issue.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::coercer::Coercer;
    /// use serde_json::json;
    ///
    /// let coercer = Coercer::compile(&json!({"type": "array", "items": {"type": "integer"}}))?;
    /// assert_eq!(coercer.coerce_value(json!("1,2"))?, json!([1, 2]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn coerce_value(&self, value: Value) -> Result<Value, Rejection> {
        self.run(value, false, false)
            .map(|(value, _)| value)
            .map_err(|(rejection, _)| rejection)
    }

    /// [`coerce_value`](Self::coerce_value), with the report of every coercion applied.
    ///
    /// # Errors
    ///
    /// As [`coerce_value`](Self::coerce_value).
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{Rule, coercer::Coercer};
    /// use serde_json::json;
    ///
    /// let coercer = Coercer::compile(&json!({"type": "integer"}))?;
    /// let call = coercer.coerce_value_with_report(json!("5"))?;
    /// assert_eq!((call.value(), call.coercions()[0].rule()), (&json!(5), Rule::NumericString));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn coerce_value_with_report(&self, value: Value) -> Result<Coerced<Value>, Rejection> {
        let _reporting = crate::engine::notes::Reporting::start();
        reported(self.run(value, true, false))
    }

    /// JSON text read as the text routes read it, then coerced.
    fn run_text(&self, json: &str, report: bool) -> Result<(Value, Report), (Rejection, Report)> {
        let (value, repeated) = crate::json_text::read(json.as_bytes()).map_err(|e| {
            (
                crate::arguments::not_json(json.as_bytes(), &e),
                Report::default(),
            )
        })?;
        let out = self.run(value, report, true);
        if repeated.issues.is_empty() {
            return out;
        }
        let (issues, truncated, report) = match out {
            Ok((_, report)) => (Vec::new(), 0, report),
            Err((rejection, report)) => {
                let truncated = rejection.truncated();
                (rejection.into_issues(), truncated, report)
            }
        };
        let refused = Rejection::new(repeated.issues.into_iter().chain(issues))
            .counting(truncated + repeated.more);
        Err((refused, report))
    }

    /// One call: the arguments rules (when `arguments`), then the walk.
    fn run(
        &self,
        value: Value,
        report: bool,
        arguments: bool,
    ) -> Result<(Value, Report), (Rejection, Report)> {
        let (mut value, unwrapped) = if arguments {
            crate::arguments::object(value, report).map_err(|r| (r, Report::default()))?
        } else {
            (value, Vec::new())
        };
        let tool = self.tool.as_deref();
        let compiled = &*self.compiled;
        let ((), refused, report) = crate::engine::plain_call(report, |engine| {
            let mut ctx = walk::Ctx::new(engine, tool);
            walk::Walk {
                c: compiled,
                ctx: &mut ctx,
            }
            .root(&mut value);
            #[cfg(feature = "schema-assertions")]
            if let Some(validator) = &compiled.validator {
                assert::rest(validator, &value, engine, &compiled.warnings);
            }
        });
        let report = report.after(unwrapped);
        match refused {
            None => Ok((value, report)),
            Some(rejection) => {
                crate::engine::drop_flat(value);
                Err((distinct(rejection), report))
            }
        }
    }
}

/// `rejection` with each issue once (several nodes may scan one value for forbidden keys).
fn distinct(rejection: Rejection) -> Rejection {
    let truncated = rejection.truncated();
    let mut kept: Vec<crate::Issue> = Vec::new();
    for issue in rejection.into_issues() {
        if !kept.contains(&issue) {
            kept.push(issue);
        }
    }
    Rejection::from_parts(kept, truncated)
}

/// `message` on one line (engine and validator errors span several).
fn one_line(message: String) -> String {
    if message.contains(['\n', '\r']) {
        crate::words::one_line(message.chars(), usize::MAX)
    } else {
        message
    }
}

/// The answer of a `*_with_report` method.
fn reported(
    out: Result<(Value, Report), (Rejection, Report)>,
) -> Result<Coerced<Value>, Rejection> {
    match out {
        Ok((value, report)) => Ok(Coerced::new(value, report)),
        Err((rejection, report)) => Err(rejection.with_report(report)),
    }
}

#[cfg(feature = "schema-assertions")]
mod assert;
