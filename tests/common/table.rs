//! Tables whose rows check an issue's detail beside its code and path: its `context`, hint,
//! echoed input, or a mention in its text, for one field of an arguments object (the scalar
//! adapters' tables, `tests/all/scalars.rs`). Each row is read through both entry points
//! ([`Route::BOTH`]: `from_value` and `from_str`) by a [`Read`] function, every issue of a
//! refusal is held to the issue model, and a [`Report`] collects every failing row (with
//! its route and line) before it fails once.

use std::fmt::Debug;
use std::panic::Location;

use mcp_coerce::{Code, Rejection};
use serde_json::{Map, Value, json};

use super::Route;

/// Reads the arguments object through a route and returns the field under test (or the
/// rejection).
pub type Read<V> = fn(&Value, Route) -> Result<V, Rejection>;

/// Every failing row of one test, reported together.
#[derive(Default)]
pub struct Report {
    failures: Vec<String>,
    /// Issues whose form breaks the "Errors" rules, once per (code, message).
    malformed: std::collections::BTreeMap<(String, String), String>,
}

impl Report {
    /// A table of rows for the field `field` read by `read`.
    pub fn table<V>(
        &mut self,
        name: &'static str,
        field: &'static str,
        read: Read<V>,
    ) -> Table<'_, V> {
        Table {
            report: self,
            name,
            field,
            read,
        }
    }

    #[track_caller]
    pub fn finish(mut self) {
        for problem in std::mem::take(&mut self.malformed).into_values() {
            self.failures.push(problem);
        }
        assert!(
            self.failures.is_empty(),
            "{} failing row(s):\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
    }

    /// The issue model's rules ([`super::issue_model_faults`]), reported once per (code,
    /// message).
    fn lint(&mut self, args: &Value, rejection: &Rejection) {
        for issue in rejection.issues() {
            let message = issue.message();
            let problems = super::issue_model_faults(issue);
            if !problems.is_empty() {
                self.malformed
                    .entry((issue.code().as_str().to_owned(), message.to_owned()))
                    .or_insert_with(|| {
                        format!(
                            "  [Errors] sent {}: {} at {:?} ({message:?}, hint {:?}): {}",
                            brief(args),
                            issue.code(),
                            issue.path().to_string(),
                            issue.hint(),
                            problems.join("; ")
                        )
                    });
            }
        }
    }
}

pub struct Table<'r, V> {
    report: &'r mut Report,
    name: &'static str,
    field: &'static str,
    read: Read<V>,
}

/// `(code, JSON Pointer)` of every issue, sorted (a multiset: a duplicated issue shows).
fn found(rejection: &Rejection) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = rejection
        .issues()
        .iter()
        .map(|i| (i.code().as_str().to_owned(), i.path().to_string()))
        .collect();
    v.sort();
    v
}

fn show(rejection: &Rejection) -> String {
    let parts: Vec<String> = rejection
        .issues()
        .iter()
        .map(|i| {
            format!(
                "{} at {:?} ({})",
                i.code(),
                i.path().to_string(),
                i.message()
            )
        })
        .collect();
    format!("Err[{}]", parts.join(", "))
}

/// The arguments as JSON text, cut for the report.
fn brief(args: &Value) -> String {
    let text = args.to_string();
    let total = text.chars().count();
    if total > 240 {
        format!(
            "{}… ({total} chars)",
            text.chars().take(240).collect::<String>()
        )
    } else {
        text
    }
}

/// JSON equality where numbers compare by value (`1` equals `1.0`).
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) => x == y,
            _ => x == y,
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_eq(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

impl<V: Debug + PartialEq> Table<'_, V> {
    fn wrap(&self, sent: Value) -> Value {
        let mut args = Map::new();
        args.insert(self.field.to_owned(), sent);
        Value::Object(args)
    }

    fn at(&self) -> String {
        format!("/{}", self.field)
    }

    #[track_caller]
    fn fail(&mut self, route: Route, args: &Value, what: String) {
        let here = Location::caller();
        let args = brief(args);
        self.report.failures.push(format!(
            "  [{}, {}] {}:{}: sent {}: {}",
            self.name,
            route.name(),
            here.file(),
            here.line(),
            args,
            what
        ));
    }

    /// The field, sent as `sent`, reads as `want`.
    #[track_caller]
    pub fn ok(&mut self, sent: Value, want: V) {
        let args = self.wrap(sent);
        self.ok_args(args, want);
    }

    /// The whole arguments object `args` reads with the field as `want`.
    #[track_caller]
    pub fn ok_args(&mut self, args: Value, want: V) {
        for route in Route::BOTH {
            match (self.read)(&args, route) {
                Ok(got) if got == want => {}
                Ok(got) => self.fail(
                    route,
                    &args,
                    format!("expected Ok({want:?}), got Ok({got:?})"),
                ),
                Err(r) => {
                    self.report.lint(&args, &r);
                    self.fail(
                        route,
                        &args,
                        format!("expected Ok({want:?}), got {}", show(&r)),
                    );
                }
            }
        }
    }

    /// The field, sent as `sent`, is refused with exactly one issue `code` at the field.
    #[track_caller]
    pub fn refuses(&mut self, sent: Value, code: Code) {
        let at = self.at();
        self.err(sent, &[(code, &at)]);
    }

    /// The field, sent as `sent`, is refused with exactly these (code, path) issues.
    #[track_caller]
    pub fn err(&mut self, sent: Value, want: &[(Code, &str)]) {
        let args = self.wrap(sent);
        self.err_args(args, want);
    }

    #[track_caller]
    pub fn err_args(&mut self, args: Value, want: &[(Code, &str)]) {
        let mut want: Vec<(String, String)> = want
            .iter()
            .map(|(c, p)| (c.as_str().to_owned(), (*p).to_owned()))
            .collect();
        want.sort();
        for route in Route::BOTH {
            let read = (self.read)(&args, route);
            if let Err(r) = &read {
                self.report.lint(&args, r);
            }
            match read {
                Ok(got) => self.fail(
                    route,
                    &args,
                    format!("expected refusal {want:?}, got Ok({got:?})"),
                ),
                Err(r) if found(&r) == want => {}
                Err(r) => self.fail(
                    route,
                    &args,
                    format!("expected refusal {want:?}, got {}", show(&r)),
                ),
            }
        }
    }

    /// The one issue `(code, path)` of the refusal of `sent`, handed to `check`.
    #[track_caller]
    pub fn with_issue(
        &mut self,
        sent: Value,
        code: Code,
        path: &str,
        check: impl Fn(&mcp_coerce::Issue) -> Option<String>,
    ) {
        let args = self.wrap(sent);
        for route in Route::BOTH {
            match (self.read)(&args, route) {
                Ok(got) => self.fail(
                    route,
                    &args,
                    format!("expected a {code} issue, got Ok({got:?})"),
                ),
                Err(r) => {
                    self.report.lint(&args, &r);
                    let hits: Vec<_> = r
                        .issues()
                        .iter()
                        .filter(|i| i.code() == code && i.path().to_string() == path)
                        .collect();
                    if hits.len() != 1 {
                        self.fail(
                            route,
                            &args,
                            format!("expected one {code} issue at {path:?}, got {}", show(&r)),
                        );
                    } else if let Some(problem) = check(hits[0]) {
                        self.fail(route, &args, format!("{code} at {path:?}: {problem}"));
                    }
                }
            }
        }
    }

    /// The issue's `context` is exactly `want` (`Value::Null`: no context at all).
    #[track_caller]
    pub fn context(&mut self, sent: Value, code: Code, want: Value) {
        let at = self.at();
        self.context_at(sent, code, &at, want);
    }

    #[track_caller]
    pub fn context_at(&mut self, sent: Value, code: Code, path: &str, want: Value) {
        self.with_issue(sent, code, path, |issue| {
            let got = issue
                .context()
                .map_or(Value::Null, |c| Value::Object(c.clone()));
            (!json_eq(&got, &want)).then(|| format!("expected context {want}, got {got}"))
        });
    }

    /// The issue's hint contains `needle`.
    #[track_caller]
    pub fn hint_has(&mut self, sent: Value, code: Code, needle: &str) {
        let at = self.at();
        self.with_issue(sent, code, &at, |issue| {
            (!issue.hint().contains(needle)).then(|| {
                format!(
                    "expected the hint to contain {needle:?}, got {:?}",
                    issue.hint()
                )
            })
        });
    }

    /// Neither the issue's message nor its hint contains `needle`.
    #[track_caller]
    pub fn text_lacks(&mut self, sent: Value, code: Code, needle: &str) {
        let at = self.at();
        self.with_issue(sent, code, &at, |issue| {
            (issue.hint().contains(needle) || issue.message().contains(needle)).then(|| {
                format!(
                    "expected no {needle:?}, got message {:?}, hint {:?}",
                    issue.message(),
                    issue.hint()
                )
            })
        });
    }

    /// The issue's message, hint or context mentions `needle`.
    #[track_caller]
    pub fn mentions(&mut self, sent: Value, code: Code, needle: &str) {
        let at = self.at();
        self.with_issue(sent, code, &at, |issue| {
            let context = issue
                .context()
                .map(|c| Value::Object(c.clone()).to_string())
                .unwrap_or_default();
            (!(issue.message().contains(needle)
                || issue.hint().contains(needle)
                || context.contains(needle)))
            .then(|| {
                format!(
                    "expected a mention of {needle:?}, got message {:?}, hint {:?}, context {context}",
                    issue.message(),
                    issue.hint()
                )
            })
        });
    }

    /// The issue's `input` is `want` (`None`: no input).
    #[track_caller]
    pub fn input(&mut self, sent: Value, code: Code, want: Option<Value>) {
        let at = self.at();
        self.with_issue(sent, code, &at, |issue| {
            let got = issue
                .input()
                .map(|i| serde_json::to_value(i).expect("input serializes"));
            let same = match (&got, &want) {
                (Some(g), Some(w)) => g == w,
                (None, None) => true,
                _ => false,
            };
            (!same).then(|| format!("expected input {want:?}, got {got:?}"))
        });
    }
}

/// The rules every optional spelling shares.
impl<V: Debug + PartialEq> Table<'_, Option<V>> {
    /// Absent and `null` give `None`.
    #[track_caller]
    pub fn absent_and_null_are_none(&mut self) {
        self.ok_args(json!({}), None);
        self.ok_args(json!({"unrelated": 1}), None);
        self.ok(json!(null), None);
    }

    /// `""` and whitespace give `None` (the inner type is not a free string).
    #[track_caller]
    pub fn empty_is_none(&mut self) {
        for sent in ["", "   ", "\t\n", "\u{a0}"] {
            self.ok(json!(sent), None);
        }
    }
}
