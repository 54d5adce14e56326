//! The test kit's two command lines, as functions from arguments to an outcome (exit
//! status, stdout, stderr), shared by the `lint_tools_cli` and `schema_compat_cli`
//! examples and their tests.
//!
//! Exit status: 0 when no `error` finding (no `breaking` change) is present, 1 when one
//! is, 2 when an input is unreadable, is not JSON, or is not a `tools/list` result, and
//! for a command line that cannot be read; the message for 2 is one line naming the file.
#![allow(
    dead_code,
    reason = "each command line uses its own half of this module"
)]

use mcp_coerce::testing::{Change, Finding, Impact, Lint, Rule, Severity, compat, tools};
use serde_json::Value;

/// What a run printed, and how it exited.
#[derive(Debug, PartialEq, Eq)]
pub struct Outcome {
    pub code: u8,
    pub stdout: String,
    pub stderr: String,
}

impl Outcome {
    fn fail(program: &str, message: String) -> Self {
        Outcome {
            code: 2,
            stdout: String::new(),
            stderr: format!("{program}: {message}\n"),
        }
    }
}

pub const LINT_USAGE: &str = "usage: lint_tools [--json] [--allow TOOL:RULE]... FILE
  FILE: a tools/list result (the JSON-RPC response, its `result`, or the bare `tools`
  array), or - for stdin. --allow leaves out RULE's findings for TOOL (* for every tool).
  Exit status: 0 without error findings, 1 with, 2 for unreadable or non-tools/list input.";

pub const COMPAT_USAGE: &str = "usage: schema_compat [--json] OLD NEW
  OLD, NEW: tools/list results (the JSON-RPC response, its `result`, or the bare `tools`
  array), or - for stdin (one of them).
  Exit status: 0 without breaking changes, 1 with, 2 for unreadable or non-tools/list input.";

/// `lint_tools [--json] [--allow TOOL:RULE]... FILE`.
pub fn lint_tools(args: &[String]) -> Outcome {
    const PROGRAM: &str = "lint_tools";
    let mut json = false;
    let mut lint = Lint::new();
    let mut files = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => json = true,
            "--help" | "-h" => {
                return Outcome {
                    code: 0,
                    stdout: format!("{LINT_USAGE}\n"),
                    stderr: String::new(),
                };
            }
            "--allow" => {
                let Some(entry) = args.next() else {
                    return Outcome::fail(
                        PROGRAM,
                        format!("--allow needs TOOL:RULE\n{LINT_USAGE}"),
                    );
                };
                let Some((tool, rule)) = entry.rsplit_once(':') else {
                    return Outcome::fail(PROGRAM, format!("--allow {entry}: expected TOOL:RULE"));
                };
                match rule.parse::<Rule>() {
                    Ok(rule) => lint = lint.allow(tool, rule),
                    Err(e) => return Outcome::fail(PROGRAM, format!("--allow {entry}: {e}")),
                }
            }
            flag if flag.starts_with("--") => {
                return Outcome::fail(PROGRAM, format!("unknown option {flag}\n{LINT_USAGE}"));
            }
            file => files.push(file.to_owned()),
        }
    }
    let [file] = files.as_slice() else {
        return Outcome::fail(PROGRAM, format!("expected one FILE\n{LINT_USAGE}"));
    };
    let list = match read(file) {
        Ok(list) => list,
        Err(message) => return Outcome::fail(PROGRAM, message),
    };
    let findings = match lint.check(&list) {
        Ok(findings) => findings,
        Err(e) => return Outcome::fail(PROGRAM, format!("{file}: {e}")),
    };
    let errors = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    Outcome {
        code: u8::from(errors > 0),
        stdout: if json {
            to_json(&findings)
        } else {
            lint_report(file, &findings, errors)
        },
        stderr: String::new(),
    }
}

/// `schema_compat [--json] OLD NEW`.
pub fn schema_compat(args: &[String]) -> Outcome {
    const PROGRAM: &str = "schema_compat";
    let mut json = false;
    let mut files = Vec::new();
    for arg in args {
        match arg.as_str() {
            "--json" => json = true,
            "--help" | "-h" => {
                return Outcome {
                    code: 0,
                    stdout: format!("{COMPAT_USAGE}\n"),
                    stderr: String::new(),
                };
            }
            flag if flag.starts_with("--") => {
                return Outcome::fail(PROGRAM, format!("unknown option {flag}\n{COMPAT_USAGE}"));
            }
            file => files.push(file.to_owned()),
        }
    }
    let [old_file, new_file] = files.as_slice() else {
        return Outcome::fail(PROGRAM, format!("expected OLD and NEW\n{COMPAT_USAGE}"));
    };
    if old_file == "-" && new_file == "-" {
        return Outcome::fail(PROGRAM, "only one of OLD and NEW can be stdin".into());
    }
    let mut lists = Vec::new();
    for file in [old_file, new_file] {
        let list = match read(file) {
            Ok(list) => list,
            Err(message) => return Outcome::fail(PROGRAM, message),
        };
        if let Err(e) = tools(&list) {
            return Outcome::fail(PROGRAM, format!("{file}: {e}"));
        }
        lists.push(list);
    }
    let changes = compat(&lists[0], &lists[1]);
    let breaking = changes
        .iter()
        .filter(|c| c.severity == Impact::Breaking)
        .count();
    Outcome {
        code: u8::from(breaking > 0),
        stdout: if json {
            to_json(&changes)
        } else {
            compat_report(old_file, new_file, &changes, breaking)
        },
        stderr: String::new(),
    }
}

/// The JSON in FILE (`-`: stdin), or a one-line message naming it.
fn read(file: &str) -> Result<Value, String> {
    let text = if file == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| format!("stdin: cannot read: {e}"))?;
        text
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("{file}: cannot read: {e}"))?
    };
    serde_json::from_str(&text).map_err(|e| format!("{file}: not JSON: {e}"))
}

fn to_json<T: serde::Serialize>(items: &[T]) -> String {
    match serde_json::to_string_pretty(items) {
        Ok(text) => format!("{text}\n"),
        // Findings and changes are strings and enums: this cannot fail.
        Err(e) => format!("[]\n{e}\n"),
    }
}

fn lint_report(file: &str, findings: &[Finding], errors: usize) -> String {
    let mut out = String::new();
    for f in findings {
        out.push_str(&f.to_string());
        out.push('\n');
    }
    let warnings = findings.len() - errors;
    let s = |n: usize| if n == 1 { "" } else { "s" };
    out.push_str(&format!(
        "{file}: {errors} error{}, {warnings} warning{}\n",
        s(errors),
        s(warnings)
    ));
    out
}

fn compat_report(old: &str, new: &str, changes: &[Change], breaking: usize) -> String {
    let mut out = String::new();
    for c in changes {
        out.push_str(&c.to_string());
        out.push('\n');
    }
    out.push_str(&format!(
        "{old} -> {new}: {breaking} breaking, {} compatible\n",
        changes.len() - breaking
    ));
    out
}

/// Print an outcome and turn it into the process's exit status.
pub fn finish(outcome: Outcome) -> std::process::ExitCode {
    use std::io::Write;
    // A closed stdout (`| head`) is not this program's failure.
    let _ = std::io::stdout().write_all(outcome.stdout.as_bytes());
    let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
    std::process::ExitCode::from(outcome.code)
}
