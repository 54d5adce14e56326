//! Hostile regression cases for the pattern portability check: a source uses only
//! constructs that mean the same in Rust `regex` and in ECMA-262 (with and without its `u`
//! flag), and the crate refuses one that breaks the rules.
#![cfg(feature = "regex")]

use mcp_coerce::pattern::portability_problem;

/// A lone `]` or `}` outside a class is a literal in Rust and in ECMA-262 without flags,
/// and a syntax error in ECMA-262 with the `u` (or `v`) flag, which JSON Schema
/// validators such as ajv use by default (node: `new RegExp("^a]$", "u")` throws
/// "Lone quantifier brackets"). The schema's `pattern` would then not compile for them,
/// so `portability_problem` refuses such a source (and with it `pattern!` and
/// `PatternDef::check`).
#[test]
fn a_lone_closing_bracket_or_brace_is_not_portable() {
    for source in [r"^a]$", r"^a}$", r"^[0-9]{4}]$"] {
        assert!(
            portability_problem(source).is_some(),
            "{source} passes the portability check"
        );
    }
}

/// A negated class matches one Unicode scalar value in Rust and in ECMA-262 with the `u`
/// flag, but one UTF-16 code unit without it: for "😀", `^[^a]$` is true in Rust and false
/// in ECMA-262 without `u`. The rule: the meaning is the same under the `u` flag grammar,
/// which JSON Schema validators use; without `u`, only the syntax is. Negated classes
/// (`[^,]+` is the common one) therefore stay allowed, and the module docs say why.
#[test]
fn a_negated_class_is_portable_under_the_u_flag_and_documented() {
    let rust = regex::Regex::new(r"^[^a]$").unwrap();
    assert!(rust.is_match("😀")); // ECMA-262 with `u`: true as well
    for source in [r"^[^a]$", r"^[^/]{1,3}$"] {
        assert_eq!(portability_problem(source), None, "{source}");
    }
}
