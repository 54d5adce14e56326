//! Test kit (feature `testing`).

pub(crate) mod annotate;
mod compat;
mod json;
mod lint;
mod matrix;
mod tools;

pub use compat::{Change, ChangeRule, Impact, assert_compatible, compat};
pub use lint::{Finding, Lint, Rule, Severity, UnknownRule, assert_tools_lint_clean, lint_tools};
pub use matrix::{
    Check, Exception, Failure, FieldSummary, Report, ShapeMatrix, assert_shape_matrix,
    shape_matrix,
};
pub use tools::{NotToolsList, tools};
