//! The shape matrix: a type's published schema against the runtime, field by field.

mod cases;
mod fields;
mod generate;

use std::fmt;
use std::marker::PhantomData;

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;

use self::cases::{Expect, Junk, Spelling};
use self::fields::{Family, Field, Step};
use crate::issue::{Code, Rejection};
use crate::testing::annotate;
use crate::testing::json;

/// The shape matrix with its settings: how many instances to draw, from which seed.
///
/// For each instance of `T`'s published schema (drawn by proptest from the schema's own
/// constraints, kept only when a JSON Schema validator accepts it), the matrix checks:
///
/// - **soundness**: the runtime accepts the instance ([`crate::schema::from_value`]),
///   except where a field's adapter refuses what its schema can only state in a
///   `description` (the [documented exceptions](Exception)): a URL policy's schemes and
///   hosts, userinfo and internal addresses; a pass-through object's prototype keys and
///   depth limit (a plain field's failure names the attribute that publishes a marker's
///   schema beside `deserialize_with`: see [the fixes](Failure#fixes));
/// - **canonical**: each value an adapter reads comes back from that adapter as itself
///   (a URL as the parser normalizes it);
/// - **acceptance**: each lax spelling the crate promises for the field's adapter is
///   accepted within the instance, and gives the canonical form's value (through the
///   adapter alone); each `Option` field an adapter reads is accepted when left out (the
///   failure names the missing `#[serde(default)]`); the whole arguments object sent as a
///   JSON string is accepted;
/// - **refusal**: junk for each field (a wrong type, a value past a bound, a pattern miss,
///   a value outside the enum, and the junk of the adapter's family) is refused, with every
///   issue at a JSON Pointer inside the field, and, for an adapter's field, with one of the
///   codes that junk calls for (never `custom`).
///
/// The adapter of each field comes from the annotated schema the crate emits for the kit;
/// a field of a plain serde type gets the soundness and refusal checks only. Integers are
/// drawn as JSON integers; every `format` is asserted.
///
/// # Examples
///
/// ```
/// use mcp_coerce::testing::ShapeMatrix;
/// use mcp_coerce::{IntArrayLike, Items};
/// use schemars::JsonSchema;
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, JsonSchema)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike<Items<0, 100>>")]
///     ids: Vec<i64>,
/// }
///
/// let report = ShapeMatrix::new().cases(16).seed(7).run::<Args>();
/// assert!(report.is_ok(), "{report}");
/// assert_eq!(report.instances(), 16);
/// ```
#[derive(Clone, Debug)]
pub struct ShapeMatrix {
    cases: u32,
    seed: u64,
}

impl Default for ShapeMatrix {
    fn default() -> Self {
        ShapeMatrix::new()
    }
}

impl ShapeMatrix {
    /// Instances drawn by default.
    pub const DEFAULT_CASES: u32 = 64;
    /// The seed used by default: the same instances on every run.
    pub const DEFAULT_SEED: u64 = 0x6d63_702d_636f_6572;

    /// The matrix with [`DEFAULT_CASES`](Self::DEFAULT_CASES) instances from
    /// [`DEFAULT_SEED`](Self::DEFAULT_SEED).
    ///
    /// # Examples
    ///
    /// ```
    /// let report = mcp_coerce::testing::ShapeMatrix::new().run::<std::collections::BTreeMap<String, bool>>();
    /// assert!(report.is_ok(), "{report}");
    /// ```
    pub fn new() -> Self {
        ShapeMatrix {
            cases: Self::DEFAULT_CASES,
            seed: Self::DEFAULT_SEED,
        }
    }

    /// Draw `cases` instances (instances the validator refuses are drawn again, within
    /// the same number of attempts: see [`Report::discarded`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let matrix = mcp_coerce::testing::ShapeMatrix::new().cases(256);
    /// # let _ = matrix;
    /// ```
    pub fn cases(mut self, cases: u32) -> Self {
        self.cases = cases;
        self
    }

    /// Draw from `seed`: the same seed draws the same instances.
    ///
    /// # Examples
    ///
    /// ```
    /// let matrix = mcp_coerce::testing::ShapeMatrix::new().seed(42);
    /// # let _ = matrix;
    /// ```
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Run the matrix on `T`.
    ///
    /// # Examples
    ///
    /// ```
    /// use schemars::JsonSchema;
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize, JsonSchema)]
    /// struct Args { query: String, limit: Option<u8> }
    ///
    /// let report = mcp_coerce::testing::ShapeMatrix::new().cases(8).run::<Args>();
    /// assert!(report.is_ok(), "{report}");
    /// ```
    pub fn run<T: DeserializeOwned + JsonSchema>(&self) -> Report {
        Runner::<T>::new(self).run()
    }

    /// Run the matrix on `T`, and panic with the report unless it [is ok](Report::is_ok).
    ///
    /// # Panics
    ///
    /// When a check fails: the message is the report, every failure listed.
    ///
    /// # Examples
    ///
    /// ```
    /// use schemars::JsonSchema;
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize, JsonSchema)]
    /// struct Args { flag: bool }
    ///
    /// mcp_coerce::testing::ShapeMatrix::new().cases(4).assert::<Args>();
    /// ```
    #[track_caller]
    pub fn assert<T: DeserializeOwned + JsonSchema>(&self) {
        let report = self.run::<T>();
        if !report.is_ok() {
            panic!("{report}");
        }
    }
}

/// Instances of a published JSON Schema (any tool's `inputSchema` or `outputSchema`, from
/// any server), as a proptest strategy: values drawn from the schema's own constraints, at
/// and just inside every bound (integers within `minimum`/`maximum` or their `format`'s
/// range, strings from `pattern`, `format` or a lengths-bounded alphabet, arrays within
/// `minItems`/`maxItems`, objects with every required property and any of the others,
/// `enum`, `const`, unions, local `$ref`s). It proposes; it does not judge: an instance may
/// still miss a constraint the generator does not draw from (`uniqueItems`, `not`, a
/// pattern beyond proptest's regex strategy), so check each against a validator before
/// relying on it, as the [shape matrix](shape_matrix) does.
///
/// # Examples
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// use serde_json::json;
///
/// let schema = json!({"type": "object", "properties": {
///     "limit": {"type": "integer", "minimum": 1, "maximum": 50}
/// }, "required": ["limit"]});
/// let mut runner = TestRunner::deterministic();
/// let instance = mcp_coerce::testing::instances(&schema).new_tree(&mut runner)?.current();
/// let limit = instance["limit"].as_i64().expect("an integer");
/// assert!((1..=50).contains(&limit));
/// # Ok::<(), proptest::test_runner::Reason>(())
/// ```
pub fn instances(schema: &Value) -> proptest::strategy::BoxedStrategy<Value> {
    generate::instances(schema, &[])
}

/// Run the shape matrix on `T` with the default settings ([`ShapeMatrix::new`]).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{IntLike, StringArrayLike};
/// use schemars::JsonSchema;
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, JsonSchema)]
/// struct Args {
///     #[serde_as(as = "StringArrayLike")]
///     tags: Vec<String>,
///     #[serde_as(as = "IntLike<1, 100>")]
///     #[serde(default, skip_serializing_if = "Option::is_none")]
///     limit: Option<u32>,
/// }
///
/// let report = mcp_coerce::testing::shape_matrix::<Args>();
/// assert!(report.is_ok(), "{report}");
/// ```
pub fn shape_matrix<T: DeserializeOwned + JsonSchema>() -> Report {
    ShapeMatrix::new().run::<T>()
}

/// Run the shape matrix on `T` with the default settings, and panic with the report
/// unless every check passed.
///
/// # Panics
///
/// When a check fails, with every failure listed (the field, the instance, what was
/// sent and what came back).
///
/// # Examples
///
/// ```
/// use mcp_coerce::BoolLike;
/// use schemars::JsonSchema;
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, JsonSchema)]
/// struct Args {
///     #[serde_as(as = "BoolLike")]
///     dry_run: bool,
/// }
///
/// mcp_coerce::testing::assert_shape_matrix::<Args>();
/// ```
///
/// A schema that promises what the runtime does not do fails:
///
/// ```should_panic
/// use schemars::JsonSchema;
/// use serde::Deserialize;
///
/// #[derive(Deserialize, JsonSchema)]
/// struct Args {
///     #[schemars(range(max = 10))] // not enforced by serde
///     count: u8,
/// }
///
/// mcp_coerce::testing::assert_shape_matrix::<Args>();
/// ```
#[track_caller]
pub fn assert_shape_matrix<T: DeserializeOwned + JsonSchema>() {
    ShapeMatrix::new().assert::<T>();
}

/// Which check a [`Failure`] is from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Check {
    /// An instance the published schema accepts was refused.
    Soundness,
    /// A canonical value did not come back from its adapter as itself.
    Canonical,
    /// A lax spelling the adapter promises was refused, or gave another value.
    Acceptance,
    /// Junk was accepted, or refused with an issue outside the field or with the wrong
    /// code.
    Refusal,
}

impl Check {
    /// The check's name: `soundness`, `canonical`, `acceptance`, `refusal`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(mcp_coerce::testing::Check::Refusal.name(), "refusal");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Check::Soundness => "soundness",
            Check::Canonical => "canonical",
            Check::Acceptance => "acceptance",
            Check::Refusal => "refusal",
        }
    }
}

/// One failed check: the field, what was sent in which instance, what happened, and
/// where the matrix can tell, the fix.
///
/// # Fixes
///
/// Two mistakes compile and only show at run time; the matrix names the attribute that
/// fixes each:
///
/// - a field read by a crate marker through `#[serde(deserialize_with =
///   "As::<M>::deserialize")]` without `#[schemars(with = "SchemaAs<T, M>")]` publishes
///   its Rust type's schema, which the runtime does not keep to (a [`Check::Soundness`]
///   failure; the matrix cannot see the marker, so the fix begins ``if field `limit` is
///   read with deserialize_with = "As::<M>::deserialize", ...``);
/// - an adapter on an `Option` field without `#[serde(default)]` makes the field
///   required (the case `"absent"`, a [`Check::Acceptance`] failure): ``add
///   #[serde(default)] to field `limit` ``.
///
/// # Examples
///
/// ```
/// use mcp_coerce::IntLike;
/// use mcp_coerce::testing::{Check, shape_matrix};
/// use schemars::JsonSchema;
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, JsonSchema)]
/// struct Args {
///     #[serde_as(as = "IntLike<1, 100>")] // no #[serde(default)]
///     limit: Option<u32>,
/// }
/// let report = shape_matrix::<Args>();
/// let failure = &report.failures()[0];
/// assert_eq!((failure.check, failure.case.as_str()), (Check::Acceptance, "absent"));
/// assert_eq!(failure.detail, "refused: missing at /limit");
/// assert_eq!(failure.fix.as_deref(), Some("add #[serde(default)] to field `limit`"));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Failure {
    /// The check.
    pub check: Check,
    /// The field, as a JSON Pointer into the arguments (array elements as `/*`); `""`
    /// for the arguments as a whole.
    pub field: String,
    /// What was sent, in words: `"comma string"`, `"above the maximum"`, `"instance"`.
    pub case: String,
    /// The value sent for the field (the whole arguments for a soundness failure; `null`
    /// for the case `"absent"`, where the field was left out).
    pub sent: Value,
    /// The whole arguments sent (the smallest instance found that fails the same way).
    pub instance: Value,
    /// What happened instead.
    pub detail: String,
    /// What to change in the type, where the matrix can tell: the attribute to add to the
    /// field (see [the fixes](Failure#fixes)).
    pub fix: Option<String>,
    /// How many more instances failed the same way.
    pub repeats: usize,
}

/// An instance the published schema accepts and the runtime refuses, for a rule the
/// field's adapter documents and JSON Schema cannot express (stated in the field's
/// `description` instead).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Exception {
    /// The field, as in [`Failure::field`].
    pub field: String,
    /// The code of the refusal.
    pub code: Code,
    /// The rule, in words.
    pub reason: &'static str,
    /// How many instances met it.
    pub count: usize,
    /// The first value of the field refused so.
    pub example: Value,
}

/// What the matrix checked for one field.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FieldSummary {
    /// The field, as in [`Failure::field`].
    pub field: String,
    /// The family of the crate's adapter that reads it (`"int_array"`, `"url"`, ...), or
    /// `None` for a plain serde field.
    pub adapter: Option<&'static str>,
    /// Lax spellings sent (over all instances).
    pub spellings: usize,
    /// Junk values sent (over all instances).
    pub junk: usize,
}

/// The outcome of the shape matrix on one type. `Display` lists every failure, then the
/// documented exceptions met and what was checked.
#[derive(Clone, Debug)]
pub struct Report {
    type_name: &'static str,
    cases: u32,
    seed: u64,
    instances: usize,
    discarded: usize,
    setup: Option<String>,
    fields: Vec<FieldSummary>,
    failures: Vec<Failure>,
    exceptions: Vec<Exception>,
}

impl Report {
    /// Whether every check passed (documented exceptions are not failures), and the
    /// matrix could run at all.
    ///
    /// # Examples
    ///
    /// ```
    /// let report = mcp_coerce::testing::shape_matrix::<std::collections::BTreeMap<String, u8>>();
    /// assert!(report.is_ok());
    /// ```
    pub fn is_ok(&self) -> bool {
        self.setup.is_none() && self.failures.is_empty()
    }

    /// Every failure, one per check, field and case (see [`Failure::repeats`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let report = mcp_coerce::testing::shape_matrix::<std::collections::BTreeMap<String, u8>>();
    /// assert!(report.failures().is_empty());
    /// ```
    pub fn failures(&self) -> &[Failure] {
        &self.failures
    }

    /// The documented exceptions met.
    ///
    /// # Examples
    ///
    /// ```
    /// let report = mcp_coerce::testing::shape_matrix::<std::collections::BTreeMap<String, u8>>();
    /// assert!(report.exceptions().is_empty());
    /// ```
    pub fn exceptions(&self) -> &[Exception] {
        &self.exceptions
    }

    /// The fields found, in JSON Pointer order, with what was checked on each.
    ///
    /// # Examples
    ///
    /// ```
    /// use schemars::JsonSchema;
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize, JsonSchema)]
    /// struct Args { name: String }
    ///
    /// let report = mcp_coerce::testing::shape_matrix::<Args>();
    /// assert_eq!(report.fields()[0].field, "/name");
    /// assert_eq!(report.fields()[0].adapter, None);
    /// ```
    pub fn fields(&self) -> &[FieldSummary] {
        &self.fields
    }

    /// Instances the validator accepted and the matrix ran.
    ///
    /// # Examples
    ///
    /// ```
    /// let report = mcp_coerce::testing::ShapeMatrix::new().cases(5).run::<std::collections::BTreeMap<String, u8>>();
    /// assert_eq!(report.instances(), 5);
    /// ```
    pub fn instances(&self) -> usize {
        self.instances
    }

    /// Draws the validator refused (the generator only proposes instances), drawn again.
    ///
    /// # Examples
    ///
    /// ```
    /// let report = mcp_coerce::testing::shape_matrix::<std::collections::BTreeMap<String, u8>>();
    /// assert_eq!(report.discarded(), 0);
    /// ```
    pub fn discarded(&self) -> usize {
        self.discarded
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "shape matrix for {}: {} instances (seed {:#x}, {} cases asked, {} discarded)",
            self.type_name, self.instances, self.seed, self.cases, self.discarded
        )?;
        if let Some(setup) = &self.setup {
            writeln!(f, "could not run: {setup}")?;
        }
        if self.failures.is_empty() {
            writeln!(f, "no failures")?;
        } else {
            writeln!(f, "{} failures:", self.failures.len())?;
        }
        for x in &self.failures {
            let field = if x.field.is_empty() {
                "(arguments)"
            } else {
                &x.field
            };
            if x.case == ABSENT {
                writeln!(f, "- {} {field}: {}", x.check.name(), x.case)?;
            } else {
                writeln!(
                    f,
                    "- {} {field}: {}: sent {}",
                    x.check.name(),
                    x.case,
                    json::short(&x.sent, 200)
                )?;
            }
            writeln!(f, "    {}", x.detail)?;
            if let Some(fix) = &x.fix {
                writeln!(f, "    fix: {fix}")?;
            }
            writeln!(f, "    instance: {}", json::short(&x.instance, 400))?;
            if x.repeats > 0 {
                writeln!(f, "    ({} more instances failed the same way)", x.repeats)?;
            }
        }
        if !self.exceptions.is_empty() {
            writeln!(
                f,
                "documented exceptions (the schema accepts, the runtime refuses):"
            )?;
            for e in &self.exceptions {
                writeln!(
                    f,
                    "- {}: {} in {} instances, e.g. {} ({})",
                    e.field,
                    e.code,
                    e.count,
                    json::short(&e.example, 120),
                    e.reason
                )?;
            }
        }
        writeln!(f, "fields:")?;
        for s in &self.fields {
            writeln!(
                f,
                "- {} ({}): {} spellings, {} junk values",
                s.field,
                s.adapter.unwrap_or("plain serde"),
                s.spellings,
                s.junk
            )?;
        }
        Ok(())
    }
}

/// The case of a field left out of the instance (nothing sent: [`Failure::sent`] is
/// `null`).
const ABSENT: &str = "absent";

/// Steps tried when shrinking a failing instance.
const MAX_SHRINK_STEPS: usize = 256;
/// Distinct failures kept in one report.
const MAX_FAILURES: usize = 200;

/// A finding of one instance: a failure, or a documented exception met.
enum Finding {
    Failure(Failure),
    Exception(Exception),
}

struct Runner<'m, T> {
    matrix: &'m ShapeMatrix,
    _t: PhantomData<fn() -> T>,
}

/// What one instance is checked with.
struct Context {
    fields: Vec<Field>,
    validator: jsonschema::Validator,
}

impl<'m, T: DeserializeOwned + JsonSchema> Runner<'m, T> {
    fn new(matrix: &'m ShapeMatrix) -> Self {
        Runner {
            matrix,
            _t: PhantomData,
        }
    }

    fn run(self) -> Report {
        let published = crate::schema::input_schema::<T>();
        let (annotated, probes) = annotate::annotated_schema::<T>();
        let fields = fields::fields(&annotated, &published, &probes);
        let mut report = Report {
            type_name: std::any::type_name::<T>(),
            cases: self.matrix.cases,
            seed: self.matrix.seed,
            instances: 0,
            discarded: 0,
            setup: None,
            fields: fields
                .iter()
                .map(|f| FieldSummary {
                    field: f.name(),
                    adapter: f.adapter.as_ref().map(|a| a.family.name()),
                    spellings: 0,
                    junk: 0,
                })
                .collect(),
            failures: Vec::new(),
            exceptions: Vec::new(),
        };
        let validator = match jsonschema::options()
            .should_validate_formats(true)
            .build(&published)
        {
            Ok(v) => v,
            Err(e) => {
                report.setup = Some(format!("the published schema does not compile: {e}"));
                return report;
            }
        };
        let strategy = generate::instances(&published, &fields);
        let context = Context { fields, validator };
        let mut seed = [0u8; 32];
        for chunk in seed.chunks_mut(8) {
            chunk.copy_from_slice(&self.matrix.seed.to_le_bytes());
        }
        let config = Config {
            cases: self.matrix.cases,
            failure_persistence: None,
            max_local_rejects: 4096,
            ..Config::default()
        };
        let mut runner =
            TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed));
        let cases = self.matrix.cases as usize;
        let mut attempts = 0usize;
        while report.instances < cases && attempts < cases.saturating_mul(4).max(16) {
            attempts += 1;
            let Ok(mut tree) = strategy.new_tree(&mut runner) else {
                report.discarded += 1;
                continue;
            };
            let instance = tree.current();
            if !context.validator.is_valid(&instance) {
                report.discarded += 1;
                continue;
            }
            report.instances += 1;
            let mut counts = vec![(0usize, 0usize); context.fields.len()];
            for finding in check::<T>(&context, &instance, &mut counts) {
                match finding {
                    Finding::Exception(e) => record_exception(&mut report.exceptions, e),
                    Finding::Failure(x) => {
                        if let Some(seen) = report.failures.iter_mut().find(|f| same_failure(f, &x))
                        {
                            seen.repeats += 1;
                        } else if report.failures.len() < MAX_FAILURES {
                            let smaller = shrink::<T, _>(&context, &mut tree, &x);
                            report.failures.push(smaller.unwrap_or(x));
                        }
                    }
                }
            }
            for (summary, (spellings, junk)) in report.fields.iter_mut().zip(counts) {
                summary.spellings += spellings;
                summary.junk += junk;
            }
        }
        if report.instances == 0 && cases > 0 {
            // Nothing was checked: a pass here would say nothing.
            report.setup = Some(format!(
                "no instance of the published schema was generated in {attempts} attempts: \
                 the schema may accept nothing (a minimum above its maximum), or ask for \
                 strings or arrays longer than the kit builds ({} chars or items)",
                generate::MAX_GENERATED
            ));
        }
        report
    }
}

fn same_failure(a: &Failure, b: &Failure) -> bool {
    a.check == b.check && a.field == b.field && a.case == b.case
}

fn record_exception(list: &mut Vec<Exception>, e: Exception) {
    match list
        .iter_mut()
        .find(|x| x.field == e.field && x.code == e.code)
    {
        Some(seen) => seen.count += 1,
        None => list.push(e),
    }
}

/// The smallest instance the tree simplifies to that still fails as `failure` does, with
/// that instance's failure; `None` when no simpler one does.
fn shrink<T: DeserializeOwned + JsonSchema, V: ValueTree<Value = Value>>(
    context: &Context,
    tree: &mut V,
    failure: &Failure,
) -> Option<Failure> {
    let mut best = None;
    let mut steps = 0;
    if !tree.simplify() {
        return None;
    }
    loop {
        steps += 1;
        if steps > MAX_SHRINK_STEPS {
            break;
        }
        let current = tree.current();
        let mut counts = vec![(0, 0); context.fields.len()];
        let still = context.validator.is_valid(&current).then(|| {
            check::<T>(context, &current, &mut counts)
                .into_iter()
                .find_map(|f| match f {
                    Finding::Failure(x) if same_failure(&x, failure) => Some(x),
                    _ => None,
                })
        });
        match still.flatten() {
            Some(x) => {
                best = Some(x);
                if !tree.simplify() {
                    break;
                }
            }
            None => {
                if !tree.complicate() {
                    break;
                }
            }
        }
    }
    best.map(|mut x: Failure| {
        x.repeats = 0;
        x
    })
}

/// `T` read from `args` by the crate's entry point.
fn read<T: DeserializeOwned + JsonSchema>(args: Value) -> Result<(), Rejection> {
    crate::schema::from_value::<T>(args).map(drop)
}

/// The issues of a refusal, as `code at /path` pairs.
fn issues(rejection: &Rejection) -> String {
    let mut parts: Vec<String> = rejection
        .issues()
        .iter()
        .map(|i| {
            let path = i.path().to_string();
            format!(
                "{} at {}",
                i.code(),
                if path.is_empty() { "\"\"" } else { &path }
            )
        })
        .collect();
    if rejection.truncated() > 0 {
        parts.push(format!("and {} more", rejection.truncated()));
    }
    parts.join("; ")
}

/// The value at a location (the first element for an array step).
fn get<'v>(value: &'v Value, steps: &[Step]) -> Option<&'v Value> {
    let mut at = value;
    for step in steps {
        at = match step {
            Step::Key(key) => at.as_object()?.get(key)?,
            Step::Item => at.as_array()?.first()?,
        };
    }
    Some(at)
}

/// `value` put at a location: the member set (added when absent) or the first element
/// replaced; `false` when the location's parent is not there.
fn set(instance: &mut Value, steps: &[Step], value: Value) -> bool {
    let Some((last, parents)) = steps.split_last() else {
        *instance = value;
        return true;
    };
    let Some(at) = get_mut(instance, parents) else {
        return false;
    };
    match last {
        Step::Key(key) => match at.as_object_mut() {
            Some(map) => {
                map.insert(key.clone(), value);
                true
            }
            None => false,
        },
        Step::Item => match at.as_array_mut().and_then(|a| a.first_mut()) {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        },
    }
}

/// The member at a location removed (the location's last step a key); `false` when it
/// is not there.
fn remove(instance: &mut Value, steps: &[Step]) -> bool {
    let Some((Step::Key(key), parents)) = steps.split_last() else {
        return false;
    };
    get_mut(instance, parents)
        .and_then(Value::as_object_mut)
        .is_some_and(|map| map.remove(key).is_some())
}

/// [`get`], mutably.
fn get_mut<'v>(value: &'v mut Value, steps: &[Step]) -> Option<&'v mut Value> {
    let mut at = value;
    for step in steps {
        at = match step {
            Step::Key(key) => at.as_object_mut()?.get_mut(key)?,
            Step::Item => at.as_array_mut()?.first_mut()?,
        };
    }
    Some(at)
}

/// The documented rule, if `code` from `field`'s adapter is one JSON Schema cannot state.
fn documented(field: &Field, code: Code) -> Option<&'static str> {
    match (&field.adapter.as_ref()?.family, code) {
        (Family::Url { .. }, Code::UrlForbidden) => Some(
            "the URL policy (schemes, hosts, no userinfo, no internal addresses) is stated in the description",
        ),
        (Family::Url { .. }, Code::TooLong) => {
            Some("the length limit also applies to the URL as the parser normalizes it")
        }
        (Family::SafeObject { .. }, Code::ForbiddenKey) => {
            Some("prototype keys are refused at any depth, as the description states")
        }
        (Family::SafeObject { .. }, Code::TooDeep) => {
            Some("the depth limit is stated in the description")
        }
        _ => None,
    }
}

/// Every check on one instance the validator accepts.
fn check<T: DeserializeOwned + JsonSchema>(
    context: &Context,
    instance: &Value,
    counts: &mut [(usize, usize)],
) -> Vec<Finding> {
    let mut out = Vec::new();
    if let Err(rejection) = read::<T>(instance.clone()) {
        let mut exceptions = Vec::new();
        let mut undocumented = Vec::new();
        for issue in rejection.issues() {
            let path = issue.path().to_string();
            let found = context
                .fields
                .iter()
                .filter(|f| fields::within(&path, &f.steps))
                .find_map(|f| documented(f, issue.code()).map(|reason| (f, reason)));
            match found {
                Some((field, reason)) => exceptions.push(Exception {
                    field: field.name(),
                    code: issue.code(),
                    reason,
                    count: 1,
                    example: get(instance, &field.steps).cloned().unwrap_or(Value::Null),
                }),
                None => undocumented.push(path),
            }
        }
        if undocumented.is_empty() && !exceptions.is_empty() {
            out.extend(exceptions.into_iter().map(Finding::Exception));
        } else {
            let first = undocumented.first().map_or("", String::as_str);
            let fix = deepest_field(&context.fields, first).and_then(companion_fix);
            out.push(Finding::Failure(Failure {
                check: Check::Soundness,
                field: deepest(&context.fields, first),
                case: "instance the schema accepts".into(),
                sent: instance.clone(),
                instance: instance.clone(),
                detail: format!("refused: {}", issues(&rejection)),
                fix,
                repeats: 0,
            }));
        }
        return out;
    }
    if let Err(rejection) = read::<T>(Value::String(instance.to_string())) {
        out.push(Finding::Failure(Failure {
            check: Check::Acceptance,
            field: String::new(),
            case: "the arguments as a JSON string".into(),
            sent: Value::String(instance.to_string()),
            instance: instance.clone(),
            detail: format!("refused: {}", issues(&rejection)),
            fix: None,
            repeats: 0,
        }));
    }
    for (index, field) in context.fields.iter().enumerate() {
        let mut field_check = FieldCheck {
            field,
            instance,
            validator: &context.validator,
            out: &mut out,
            spellings: 0,
            junk: 0,
            _t: PhantomData::<fn() -> T>,
        };
        field_check.run();
        let (spellings, junk) = (field_check.spellings, field_check.junk);
        if let Some(count) = counts.get_mut(index) {
            count.0 += spellings;
            count.1 += junk;
        }
    }
    out
}

/// The deepest field an issue's path lies in.
fn deepest_field<'f>(fields: &'f [Field], path: &str) -> Option<&'f Field> {
    fields
        .iter()
        .filter(|f| fields::within(path, &f.steps))
        .max_by_key(|f| f.steps.len())
}

/// The name of the deepest field an issue's path lies in, or the path itself.
fn deepest(fields: &[Field], path: &str) -> String {
    deepest_field(fields, path).map_or_else(|| path.to_owned(), Field::name)
}

/// The key of the struct member at a location, as the fixes name it.
fn member(steps: &[Step]) -> Option<&str> {
    match steps.last()? {
        Step::Key(key) => Some(key),
        Step::Item => None,
    }
}

/// The fix for a plain serde field (as its schema shows it) that refuses an instance of
/// its own schema: it may be read by one of the crate's markers through `deserialize_with`
/// without the attribute that publishes the marker's schema.
fn companion_fix(field: &Field) -> Option<String> {
    if field.adapter.is_some() {
        return None;
    }
    let name = member(&field.steps)?;
    Some(format!(
        "if field `{name}` is read with deserialize_with = \"As::<M>::deserialize\", add \
         #[schemars(with = \"SchemaAs<T, M>\")] to it (T the field's type, M the same marker)"
    ))
}

/// The checks of one field on one accepted instance.
struct FieldCheck<'a, T> {
    field: &'a Field,
    instance: &'a Value,
    validator: &'a jsonschema::Validator,
    out: &'a mut Vec<Finding>,
    spellings: usize,
    junk: usize,
    _t: PhantomData<fn() -> T>,
}

impl<T: DeserializeOwned + JsonSchema> FieldCheck<'_, T> {
    fn fail(&mut self, check: Check, case: &str, sent: &Value, instance: &Value, detail: String) {
        self.out.push(Finding::Failure(Failure {
            check,
            field: self.field.name(),
            case: case.to_owned(),
            sent: sent.clone(),
            instance: instance.clone(),
            detail,
            fix: None,
            repeats: 0,
        }));
    }

    /// An `Option` field read by an adapter is read as `None` when absent, by the crate's
    /// optional rules; refused as `missing` instead, it lacks `#[serde(default)]`.
    fn absent(&mut self) {
        let Some(name) = member(&self.field.steps) else {
            return;
        };
        let mut instance = self.instance.clone();
        if !remove(&mut instance, &self.field.steps) {
            return;
        }
        self.spellings += 1;
        let Err(rejection) = read::<T>(instance.clone()) else {
            return;
        };
        let at = fields::pointer(&self.field.steps);
        let missing = rejection
            .issues()
            .iter()
            .any(|i| i.code() == Code::Missing && i.path().to_string() == at);
        if missing {
            self.out.push(Finding::Failure(Failure {
                check: Check::Acceptance,
                field: self.field.name(),
                case: ABSENT.into(),
                sent: Value::Null,
                instance,
                detail: format!("refused: {}", issues(&rejection)),
                fix: Some(format!("add #[serde(default)] to field `{name}`")),
                repeats: 0,
            }));
        }
    }

    fn run(&mut self) {
        let field = self.field;
        let present = get(self.instance, &field.steps).cloned();
        // The parent is there: absent spellings and junk can be put in.
        let parent = field
            .steps
            .split_last()
            .map(|(_, parents)| get(self.instance, parents))
            .unwrap_or(Some(self.instance));
        let placeable = present.is_some()
            || (matches!(field.steps.last(), Some(Step::Key(_)))
                && parent.is_some_and(Value::is_object));
        let probe = field.adapter.as_ref().and_then(|a| a.probe);
        // serde reads a nullable field's `null` as `None` before the adapter sees it.
        let adapted = present
            .as_ref()
            .filter(|value| !(field.nullable && value.is_null()));
        if let (Some(adapter), Some(canonical)) = (&field.adapter, adapted) {
            let reference = match probe.map(|p| p(canonical.clone())) {
                Some(Ok(value)) => Some(value),
                Some(Err(e)) => {
                    self.fail(
                        Check::Canonical,
                        "canonical value",
                        canonical,
                        self.instance,
                        format!("the adapter alone refuses it: {e}"),
                    );
                    None
                }
                None => None,
            };
            if let (Some(reference), Some(probe)) = (&reference, probe) {
                let again = match adapter.family {
                    // A URL comes back normalized; normalizing it again changes nothing.
                    Family::Url { .. } => probe(reference.clone()).ok(),
                    _ => Some(canonical.clone()),
                };
                if again.as_ref().is_none_or(|a| !json::same(a, reference)) {
                    self.fail(
                        Check::Canonical,
                        "canonical value",
                        canonical,
                        self.instance,
                        format!("comes back as {}", json::short(reference, 200)),
                    );
                }
            }
            for spelling in cases::spellings(field, canonical) {
                self.spelling(&spelling, reference.as_ref());
            }
        }
        if let Some(adapter) = &field.adapter
            && placeable
        {
            let optional = match adapter.optional {
                Some(optional) => optional,
                // The target decides: an `Option` reads `null`.
                None => probe.is_some_and(|p| p(Value::Null).is_ok()),
            };
            for spelling in cases::absent_spellings(field, optional) {
                self.spelling(&spelling, None);
            }
            if (optional || field.nullable) && present.is_some() {
                self.absent();
            }
            if field.nullable && !optional {
                let null = Spelling {
                    label: "null (an Option field)",
                    value: Value::Null,
                    expect: Expect::Absent,
                };
                self.accepted(&null);
            }
        }
        if placeable {
            let sample = present.unwrap_or(Value::Null);
            for junk in cases::junk_for(field, &sample) {
                self.junk(&junk);
            }
        }
    }

    /// The instance with the field replaced by `value`, if the field can be put there.
    fn with(&self, value: &Value) -> Option<Value> {
        let mut instance = self.instance.clone();
        set(&mut instance, &self.field.steps, value.clone()).then_some(instance)
    }

    /// Whether the instance with `spelling` is accepted (a failure recorded if not).
    fn accepted(&mut self, spelling: &Spelling) -> bool {
        let Some(instance) = self.with(&spelling.value) else {
            return false;
        };
        self.spellings += 1;
        match read::<T>(instance.clone()) {
            Ok(()) => true,
            Err(rejection) => {
                self.fail(
                    Check::Acceptance,
                    spelling.label,
                    &spelling.value,
                    &instance,
                    format!("refused: {}", issues(&rejection)),
                );
                false
            }
        }
    }

    fn spelling(&mut self, spelling: &Spelling, reference: Option<&Value>) {
        if !self.accepted(spelling) {
            return;
        }
        let Some(probe) = self.field.adapter.as_ref().and_then(|a| a.probe) else {
            return;
        };
        let expected = match &spelling.expect {
            Expect::Canonical => match reference {
                Some(r) => r.clone(),
                None => return,
            },
            Expect::Value(v) => v.clone(),
            Expect::Absent => Value::Null,
        };
        let instance = self.with(&spelling.value).unwrap_or(Value::Null);
        match probe(spelling.value.clone()) {
            Ok(got) if json::same(&got, &expected) => {}
            Ok(got) => self.fail(
                Check::Acceptance,
                spelling.label,
                &spelling.value,
                &instance,
                format!(
                    "gives {}, where the canonical form gives {}",
                    json::short(&got, 200),
                    json::short(&expected, 200)
                ),
            ),
            Err(e) => self.fail(
                Check::Acceptance,
                spelling.label,
                &spelling.value,
                &instance,
                format!("the adapter alone refuses it: {e}"),
            ),
        }
    }

    fn junk(&mut self, junk: &Junk) {
        let Some(instance) = self.with(&junk.value) else {
            return;
        };
        let plain = self.field.adapter.is_none();
        // A plain field's junk comes from its schema: it must be what the schema refuses.
        if plain && self.validator.is_valid(&instance) {
            return;
        }
        self.junk += 1;
        let rejection = match read::<T>(instance.clone()) {
            Ok(()) => {
                self.fail(
                    Check::Refusal,
                    junk.label,
                    &junk.value,
                    &instance,
                    "accepted".into(),
                );
                return;
            }
            Err(rejection) => rejection,
        };
        let all = rejection.issues();
        let outside: Vec<String> = all
            .iter()
            .map(|i| i.path().to_string())
            .filter(|p| !fields::within(p, &self.field.steps))
            .collect();
        let detail = if !outside.is_empty() {
            Some(format!(
                "refused with an issue outside the field: {}",
                issues(&rejection)
            ))
        } else if !plain && all.iter().any(|i| i.code() == Code::Custom) {
            Some(format!(
                "refused with the code custom: {}",
                issues(&rejection)
            ))
        } else if !plain
            && !junk.codes.is_empty()
            && !all.iter().any(|i| junk.codes.contains(&i.code()))
        {
            let want: Vec<String> = junk.codes.iter().map(Code::to_string).collect();
            Some(format!(
                "refused with {}, expected {}",
                issues(&rejection),
                want.join(" or ")
            ))
        } else {
            None
        };
        if let Some(detail) = detail {
            self.fail(Check::Refusal, junk.label, &junk.value, &instance, detail);
        }
    }
}
