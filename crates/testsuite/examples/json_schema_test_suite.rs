//! The schema engine against the official JSON Schema Test Suite (drafts 7 and 2020-12,
//! their optional tests too, and the optional format tests of the formats the engine reads:
//! `date-time`, `date`, `uuid`, `email`, `ipv4`, `ipv6`, `uri`, with format assertion
//! semantics): every instance marked valid comes back unchanged (numbers compared by
//! value); every value the coercer accepts validates (judged by the `jsonschema` crate,
//! asserting the formats the engine reads, the others annotations); an instance marked
//! invalid that the coercer accepts carries at least one coercion record (a format's lax
//! spelling, such as `" 192.168.0.1"` or `"[::1]"`, rewritten into a valid value). The
//! cases a row of the contract answers differently on purpose are listed, each with its
//! row, in the committed file given second; a case that fails and is not listed, or is
//! listed and no longer differs, fails the run.
//!
//! ```sh
//! cargo run -p mcp-coerce-testsuite --all-features --example json_schema_test_suite -- \
//!     ../shared/data/json-schema-test-suite crates/testsuite/tests/data/suite_differences.json
//! ```
//!
//! With `--write`, the file is written from this run's differences instead (each with the
//! row the runner finds for it; a difference no row explains is still a failure).

#[path = "../tests/common/judge.rs"]
mod judge;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mcp_coerce::coercer::Coercer;
use serde_json::{Value, json};

/// The drafts read, with the `$schema` a schema of that directory is read in.
const DRAFTS: [(&str, &str); 2] = [
    ("draft7", "http://json-schema.org/draft-07/schema#"),
    (
        "draft2020-12",
        "https://json-schema.org/draft/2020-12/schema",
    ),
];

/// The formats the engine reads (docs/contract.md, "Formats"): their tests
/// (`optional/format/<name>.json`) are run, with format assertion semantics.
const READ_FORMATS: [&str; 7] = ["date-time", "date", "uuid", "email", "ipv4", "ipv6", "uri"];

/// The judge of accepted values: the `jsonschema` crate, asserting the formats the engine
/// reads and no other.
fn validator(
    schema: &Value,
) -> Result<jsonschema::Validator, jsonschema::ValidationError<'static>> {
    judge::options().build(schema)
}

/// One case's outcome.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// As the checks want.
    Pass,
    /// The schema is refused when compiled (why).
    SchemaRefused(String),
    /// A valid instance refused (the codes).
    ValidRefused(String),
    /// A valid instance changed.
    ValidChanged,
    /// An accepted value that does not validate.
    AcceptedInvalid,
    /// An invalid instance accepted without any coercion record.
    InvalidAcceptedSilently,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let write = args.iter().any(|a| a == "--write");
    let paths: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let [suite, listed] = paths.as_slice() else {
        eprintln!("usage: json_schema_test_suite SUITE_DIR DIFFERENCES.json [--write]");
        return ExitCode::from(2);
    };
    let listed_path = PathBuf::from(listed);
    let mut differences: BTreeMap<String, (String, String)> = BTreeMap::new();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (draft, meta) in DRAFTS {
        let dir = Path::new(suite).join("tests").join(draft);
        let mut files: Vec<PathBuf> = Vec::new();
        for sub in [
            dir.clone(),
            dir.join("optional"),
            dir.join("optional/format"),
        ] {
            let Ok(entries) = std::fs::read_dir(&sub) else {
                eprintln!("cannot read {}", sub.display());
                return ExitCode::from(2);
            };
            let formats = sub.ends_with("format");
            files.extend(
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "json"))
                    .filter(|p| {
                        !formats
                            || p.file_stem()
                                .and_then(|s| s.to_str())
                                .is_some_and(|s| READ_FORMATS.contains(&s))
                    }),
            );
        }
        files.sort();
        for file in files {
            let name = file
                .strip_prefix(Path::new(suite).join("tests"))
                .unwrap_or(&file)
                .display()
                .to_string();
            let Ok(text) = std::fs::read_to_string(&file) else {
                eprintln!("cannot read {}", file.display());
                return ExitCode::from(2);
            };
            let Ok(Value::Array(groups)) = serde_json::from_str::<Value>(&text) else {
                eprintln!("{name}: not an array of test groups");
                return ExitCode::from(2);
            };
            for group in groups {
                let mut schema = group["schema"].clone();
                if let Value::Object(map) = &mut schema {
                    map.entry("$schema").or_insert(json!(meta));
                }
                let coercer = Coercer::compile(&schema);
                let validator = validator(&schema);
                let Some(tests) = group["tests"].as_array() else {
                    continue;
                };
                for test in tests {
                    let id = format!(
                        "{name} / {} / {}",
                        group["description"].as_str().unwrap_or("?"),
                        test["description"].as_str().unwrap_or("?")
                    );
                    let valid = test["valid"].as_bool().unwrap_or(false);
                    let outcome = run(&coercer, validator.as_ref().ok(), &test["data"], valid);
                    *counts.entry(count_key(&outcome, valid)).or_default() += 1;
                    if outcome != Outcome::Pass {
                        let row = row(&outcome, &test["data"], &id);
                        differences.insert(id, (format!("{outcome:?}"), row));
                    }
                }
            }
        }
    }
    println!(
        "JSON Schema Test Suite, drafts 7 and 2020-12 (optional tests included, formats the engine reads):"
    );
    for (key, n) in &counts {
        println!("  {n:>5}  {key}");
    }
    if write {
        let file: BTreeMap<&String, Value> = differences
            .iter()
            .map(|(id, (outcome, row))| (id, json!({"outcome": outcome, "row": row})))
            .collect();
        let text = serde_json::to_string_pretty(&file).unwrap_or_default() + "\n";
        if let Err(e) = std::fs::write(&listed_path, text) {
            eprintln!("cannot write {}: {e}", listed_path.display());
            return ExitCode::from(2);
        }
        println!(
            "{} differences written to {}",
            differences.len(),
            listed_path.display()
        );
        return exit(differences.values().any(|(_, row)| row.is_empty()));
    }
    let listed: BTreeMap<String, Value> = match std::fs::read_to_string(&listed_path)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
    {
        Some(listed) => listed,
        None => {
            eprintln!(
                "cannot read the listed differences {}",
                listed_path.display()
            );
            return ExitCode::from(2);
        }
    };
    let mut failed = false;
    for (id, (outcome, _)) in &differences {
        match listed.get(id) {
            Some(entry)
                if entry["outcome"].as_str() == Some(outcome)
                    && entry["row"].as_str().is_some_and(|r| !r.is_empty()) => {}
            Some(entry) => {
                failed = true;
                println!("CHANGED   {id}: {outcome}, listed as {entry}");
            }
            None => {
                failed = true;
                println!("UNLISTED  {id}: {outcome}");
            }
        }
    }
    for id in listed.keys() {
        if !differences.contains_key(id) {
            failed = true;
            println!("STALE     {id}: listed, but now as the checks want");
        }
    }
    println!(
        "{} cases differ on purpose, each listed with its row in {}",
        listed.len(),
        listed_path.display()
    );
    exit(failed)
}

fn exit(failed: bool) -> ExitCode {
    if failed {
        println!("FAILED");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn count_key(outcome: &Outcome, valid: bool) -> &'static str {
    match (outcome, valid) {
        (Outcome::Pass, true) => "valid instances accepted unchanged",
        (Outcome::Pass, false) => "invalid instances refused, or accepted with a coercion record",
        (Outcome::SchemaRefused(_), _) => "cases of schemas refused when compiled",
        (Outcome::ValidRefused(_), _) => "valid instances refused",
        (Outcome::ValidChanged, _) => "valid instances changed",
        (Outcome::AcceptedInvalid, _) => "accepted values that do not validate",
        (Outcome::InvalidAcceptedSilently, _) => {
            "invalid instances accepted without a coercion record"
        }
    }
}

/// One case: `data` against the compiled schema.
fn run(
    coercer: &Result<Coercer, mcp_coerce::coercer::SchemaError>,
    validator: Option<&jsonschema::Validator>,
    data: &Value,
    valid: bool,
) -> Outcome {
    let coercer = match coercer {
        Ok(coercer) => coercer,
        Err(e) => return Outcome::SchemaRefused(e.message().to_owned()),
    };
    match coercer.coerce_value_with_report(data.clone()) {
        Ok(call) => {
            let accepted_valid = validator.is_none_or(|v| v.is_valid(call.value()));
            if !accepted_valid {
                return Outcome::AcceptedInvalid;
            }
            if valid && !same(call.value(), data) {
                return Outcome::ValidChanged;
            }
            if !valid && call.coercions().is_empty() {
                return Outcome::InvalidAcceptedSilently;
            }
            Outcome::Pass
        }
        Err(refused) => {
            if valid {
                let codes: Vec<&str> = refused.issues().iter().map(|i| i.code().as_str()).collect();
                Outcome::ValidRefused(codes.join(","))
            } else {
                Outcome::Pass
            }
        }
    }
}

/// JSON equality, numbers by value.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            match (x.as_i64(), y.as_i64(), x.as_u64(), y.as_u64()) {
                (Some(x), Some(y), _, _) => x == y,
                (_, _, Some(x), Some(y)) => x == y,
                _ => x.as_f64() == y.as_f64(),
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// The row of the contract that answers a case differently on purpose, if one does.
fn row(outcome: &Outcome, data: &Value, id: &str) -> String {
    let text = serde_json::to_string(data).unwrap_or_default();
    let row = match outcome {
        Outcome::SchemaRefused(why) if why.contains("outside this document") => {
            "remote references: a `$ref` outside the document (another file, a meta-schema) refuses the schema when it is compiled"
        }
        Outcome::ValidRefused(codes) if codes.contains("forbidden_key") => {
            "a forbidden key (`__proto__`, `constructor`, `prototype`) in a free-form object is `forbidden_key`"
        }
        Outcome::ValidRefused(codes) if codes.contains("int_overflow") => {
            "an integer past what a JSON number holds exactly (a float past 2^53, past 2^64) is `int_overflow`"
        }
        Outcome::ValidChanged
            if text.chars().any(|c| c.is_ascii_uppercase()) || text.contains(['-', '_']) =>
        {
            "key folding: a key that names a declared property once folded is read as it"
        }
        Outcome::ValidRefused(codes)
            if codes == "format_invalid" && id.contains("is only an annotation by default") =>
        {
            "formats: the engine asserts the formats it reads (`date-time`, `date`, `uuid`, `email`, `ipv4`, `ipv6`, `uri`) in every draft; a string its format refuses is `format_invalid`"
        }
        Outcome::ValidRefused(codes) if codes == "format_invalid" && id.contains("leap second") => {
            "formats: a leap second (`23:59:60`) is refused on purpose: neither chrono nor jiff keeps one, and the typed route reads the same table"
        }
        Outcome::ValidRefused(codes)
            if codes == "format_invalid" && id.contains("second fraction of fifteen nines") =>
        {
            "formats: a second fraction past 9 digits (nanoseconds) is refused on purpose: chrono and jiff keep nanoseconds, and the typed route reads the same table"
        }
        Outcome::ValidRefused(codes)
            if codes == "format_invalid"
                && id.contains("/email.json")
                && (id.contains("quoted string") || id.contains("address-literal")) =>
        {
            "formats: an email address with a quoted local part or an address literal is refused on purpose: the HTML standard's valid e-mail address refuses it (the table takes what both it and `jsonschema` accept)"
        }
        Outcome::AcceptedInvalid if id.contains("/content.json") => {
            "`contentEncoding` and `contentMediaType` are annotations, as in 2020-12"
        }
        Outcome::ValidRefused(_) if id.contains("/vocabulary.json") => {
            "the draft and vocabularies come from `$schema`; a custom meta-schema's `$vocabulary` is not read"
        }
        _ => "",
    };
    row.to_owned()
}
