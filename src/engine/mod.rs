//! The collecting engine: one call's arguments in, the typed value or every issue out
//! (docs/contract.md, "How the entry points read a call").
//!
//! [`de::ValueDe`] reads the arguments for the type, records a mismatch and feeds the
//! visitor a stand-in ([`placeholder()`]) so reading goes on; a [`plan::Plan`] of required
//! fields (from the schema, or learned by [`probe`]) lets it report every missing field in
//! one pass. Adapters reach the engine through the [`handshake`] and record issues and
//! coercions ([`notes`]). The state of a call is one [`CallState`] per thread, swapped whole
//! when a call nests. Imports go downward: policy, issue and report know nothing of the
//! engine; the adapters, shell, schema engine and entry points sit above it. This engine
//! stays beside `crate::coercer` because it needs no `JsonSchema` bound and keeps the
//! policies a schema cannot say (clamping, trimming, defaults, URL hosts, `Secret`).

pub(crate) mod checked;
pub(crate) mod de;
mod error;
mod handshake;
mod keys;
pub(crate) mod notes;
mod placeholder;
pub(crate) mod plan;
mod probe;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::issue::IssueBuf;
use crate::issue::{Code, Issue, Segment};
use crate::issue::{MAX_ISSUES, Rejection};
use crate::report::{Coercion, MAX_COERCIONS, Report};
use plan::Plan;

pub(crate) use crate::value::{deeper_than, drop_flat};
pub(crate) use error::Error;
pub(crate) use handshake::{Drive, adapt, adapt_array, take_drive};
pub(crate) use probe::default_filled;

/// The state of the engine on one thread; see the [module docs](self).
pub(crate) struct Engine {
    /// The state of the call being read, set aside whole while a nested one runs.
    call: CallState,
    /// Set in `from_slice`'s quick first attempt: adapters stop at their first issue.
    quick: Cell<bool>,
    /// The issues of one `E::custom` call made by the adapter shell's `fail_fast`.
    stash: RefCell<Option<IssueBuf>>,
    /// Set for the duration of one `E::custom` call made by [`silent`].
    silence: Cell<bool>,
    /// The elements of the native array an adapter is driven on ([`take_native_array`]).
    native: RefCell<Option<Vec<Value>>>,
    /// Plans learned or built so far, by type (see [`Engine::plan_for`]).
    plans: RefCell<HashMap<usize, Rc<Plan>, BuildHasherDefault<AddressHasher>>>,
    /// Calls being read on this thread, one inside the other.
    calls: Cell<u32>,
    /// Types whose plan is being learned (a type met again meanwhile gets none).
    learning: RefCell<Vec<usize>>,
}

/// The state of one call, swapped whole when a call nests ([`CallState::swap`]); each part a
/// cell of its own, as cheap to read as an engine field.
pub(crate) struct CallState {
    /// What this call keeps, as a [`Mark`]; read on every value.
    stored: Cell<Mark>,
    /// Coercions applied past [`MAX_COERCIONS`]: counted, not kept.
    notes_dropped: Cell<usize>,
    /// The call records its coercions.
    report: Cell<bool>,
    /// Non-zero while a field marked secret is read: what is recorded then is redacted.
    secret: Cell<u32>,
    /// Non-zero while a stand-in is being built: nothing recorded then is real.
    suppress: Cell<u32>,
    /// Set right before the engine calls an adapter's visitor; taken by that visitor.
    drive: Cell<Drive>,
    /// The issues of the call, paths relative to the value being read.
    issues: RefCell<Vec<Issue>>,
    /// The coercions the call applied (when it reports), relative paths.
    coercions: RefCell<Vec<Coercion>>,
    /// Issues found past [`MAX_ISSUES`]: counted, not kept.
    dropped: Cell<usize>,
    /// The route of the call being read.
    route: Cell<Route>,
    /// The plan of the object being read, for the nodes handed to adapters.
    plan: RefCell<Option<Rc<Plan>>>,
    /// JSON-encoded objects being read inside one another (see `read_object`'s caller).
    encoded_layers: Cell<u32>,
    /// An unread value nests deeper than the engine reads: drop with [`drop_flat`].
    deep: Cell<bool>,
    /// The tool's name, where known (a repeated envelope must name it).
    tool: RefCell<Option<Box<str>>>,
}

impl CallState {
    /// A fresh call's state.
    const fn new() -> Self {
        CallState {
            stored: Cell::new(0),
            notes_dropped: Cell::new(0),
            report: Cell::new(false),
            secret: Cell::new(0),
            suppress: Cell::new(0),
            drive: Cell::new(Drive::NONE),
            issues: RefCell::new(Vec::new()),
            coercions: RefCell::new(Vec::new()),
            dropped: Cell::new(0),
            route: Cell::new(Route {
                from_text: false,
                take_strings: false,
            }),
            plan: RefCell::new(None),
            encoded_layers: Cell::new(0),
            deep: Cell::new(false),
            tool: RefCell::new(None),
        }
    }

    /// Exchange this state with `other`; `strict` panics on a borrowed part.
    fn swap(&self, other: &CallState, strict: bool) {
        fn swap_ref<T>(a: &RefCell<T>, b: &RefCell<T>, strict: bool) {
            if strict {
                a.swap(b);
            } else if let (Ok(mut a), Ok(mut b)) = (a.try_borrow_mut(), b.try_borrow_mut()) {
                std::mem::swap(&mut *a, &mut *b);
            }
        }
        self.stored.swap(&other.stored);
        self.notes_dropped.swap(&other.notes_dropped);
        self.report.swap(&other.report);
        self.secret.swap(&other.secret);
        self.suppress.swap(&other.suppress);
        self.drive.swap(&other.drive);
        swap_ref(&self.issues, &other.issues, strict);
        swap_ref(&self.coercions, &other.coercions, strict);
        self.dropped.swap(&other.dropped);
        self.route.swap(&other.route);
        swap_ref(&self.plan, &other.plan, strict);
        self.encoded_layers.swap(&other.encoded_layers);
        self.deep.swap(&other.deep);
        swap_ref(&self.tool, &other.tool, strict);
    }

    /// Fresh again, keeping what was allocated.
    #[inline]
    fn clear(&self) {
        self.stored.set(0);
        self.notes_dropped.set(0);
        self.report.set(false);
        self.secret.set(0);
        self.suppress.set(0);
        self.drive.set(Drive::NONE);
        if let Ok(mut issues) = self.issues.try_borrow_mut() {
            issues.clear();
        }
        if let Ok(mut coercions) = self.coercions.try_borrow_mut()
            && !coercions.is_empty()
        {
            coercions.clear();
        }
        self.dropped.set(0);
        self.route.set(Route::default());
        if let Ok(mut plan) = self.plan.try_borrow_mut() {
            *plan = None;
        }
        self.encoded_layers.set(0);
        self.deep.set(false);
        if let Ok(mut tool) = self.tool.try_borrow_mut()
            && tool.is_some()
        {
            *tool = None;
        }
    }
}

/// The issues (low 32 bits) and coercions (high) a call keeps, in one number that only
/// grows: one comparison tells whether anything was recorded since an earlier mark.
pub(crate) type Mark = u64;

const ISSUE: Mark = 1;
const COERCION: Mark = 1 << 32;

fn issues_in(mark: Mark) -> usize {
    (mark & (COERCION - 1)) as usize
}

fn coercions_in(mark: Mark) -> usize {
    (mark >> 32) as usize
}

/// How the call being read arrived, and how it is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Route {
    /// Parsed from text: read as `serde_json::from_str` where it differs from `from_value`.
    pub(crate) from_text: bool,
    /// Strings may be moved out; otherwise copied, so every refused string can be echoed.
    pub(crate) take_strings: bool,
}

thread_local! {
    static ENGINE: Engine = const {
        Engine {
            call: CallState::new(),
            quick: Cell::new(false),
            stash: RefCell::new(None),
            silence: Cell::new(false),
            native: RefCell::new(None),
            plans: RefCell::new(HashMap::with_hasher(BuildHasherDefault::new())),
            calls: Cell::new(0),
            learning: RefCell::new(Vec::new()),
        }
    };
}

/// Plans are keyed by a function's address: a multiply-shift hashes it cheaply.
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.0 = (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Where a type's plan comes from.
#[derive(Clone, Copy)]
pub(crate) enum PlanSource {
    /// Learned from the type's own `Deserialize`.
    Learned,
    /// Learned with the type defaults of absent fields (reported calls only).
    Reported,
    /// Built from the type's JSON Schema by this function; learned where it gives none.
    #[cfg_attr(not(feature = "schemars"), allow(dead_code))]
    Schema(fn() -> Option<Plan>),
}

impl Engine {
    /// Record one issue, its path relative to the value being read.
    #[cold]
    pub(crate) fn record(&self, mut issue: Issue) {
        if self.call.suppress.get() > 0 {
            return;
        }
        if self.call.secret.get() > 0 {
            issue.redact();
        }
        let stored = self.call.stored.get();
        if issues_in(stored) < MAX_ISSUES {
            self.call.issues.borrow_mut().push(issue);
            self.call.stored.set(stored + ISSUE);
        } else {
            self.call.dropped.set(self.call.dropped.get() + 1);
        }
    }

    /// Record the coercion `make` builds; past [`MAX_COERCIONS`] only count it.
    #[cold]
    pub(crate) fn note(&self, make: impl FnOnce() -> Coercion) {
        self.note_first(self.call.stored.get(), make);
    }

    /// Record the coercion `make` builds in front of those since `first` (a step on a whole
    /// value); a full report drops its last to make room.
    #[cold]
    pub(crate) fn note_first(&self, first: Mark, make: impl FnOnce() -> Coercion) {
        if !self.call.report.get() || self.call.suppress.get() > 0 || self.quick.get() {
            return;
        }
        let first = coercions_in(first);
        let stored = self.call.stored.get();
        let kept = coercions_in(stored);
        if first > kept || first >= MAX_COERCIONS {
            self.call
                .notes_dropped
                .set(self.call.notes_dropped.get() + 1);
            return;
        }
        let mut coercion = make();
        if self.call.secret.get() > 0 {
            coercion.redact();
        }
        let mut coercions = self.call.coercions.borrow_mut();
        if kept < MAX_COERCIONS {
            self.call.stored.set(stored + COERCION);
        } else {
            coercions.pop();
            self.call
                .notes_dropped
                .set(self.call.notes_dropped.get() + 1);
        }
        coercions.insert(first, coercion);
    }

    /// Record the issue `make` builds; past [`MAX_ISSUES`] only count it, unbuilt.
    #[cold]
    pub(crate) fn record_with(&self, make: impl FnOnce() -> Issue) {
        if self.call.suppress.get() > 0 {
            return;
        }
        if issues_in(self.call.stored.get()) < MAX_ISSUES {
            self.record(make());
        } else {
            self.call.dropped.set(self.call.dropped.get() + 1);
        }
    }

    /// Record every issue of `issues` (paths relative to the value being read).
    #[cold]
    pub(crate) fn record_all(&self, issues: IssueBuf) {
        if self.call.suppress.get() > 0 {
            return;
        }
        let (issues, dropped) = issues.into_parts();
        for issue in issues {
            self.record(issue);
        }
        self.call.dropped.set(self.call.dropped.get() + dropped);
    }

    /// Whether a field marked secret is being read ([`SecretField`]).
    #[inline]
    pub(crate) fn in_secret(&self) -> bool {
        self.call.secret.get() > 0
    }

    /// Put `segment` in front of `issue`'s path, as `*` for a key inside a secret field.
    pub(crate) fn prepend_issue(&self, issue: &mut Issue, segment: Segment) {
        if issue.is_redacted() && matches!(segment, Segment::Key(_)) && self.in_secret() {
            issue.prepend(Segment::Key("*".to_owned()));
        } else {
            issue.prepend(segment);
        }
    }

    /// Put `segment` in front of `coercion`'s path, redacted as in [`Engine::prepend_issue`].
    pub(crate) fn prepend_coercion(&self, coercion: &mut Coercion, segment: Segment) {
        if matches!(segment, Segment::Key(_)) && self.in_secret() {
            coercion.prepend(Segment::Key("*".to_owned()));
        } else {
            coercion.prepend(segment);
        }
    }

    /// What is kept now; compare later with [`Engine::prefix_since`].
    #[inline]
    pub(crate) fn mark(&self) -> Mark {
        self.call.stored.get()
    }

    /// Prefix what was kept since `mark`; issues about `value` lacking input get it.
    #[inline]
    pub(crate) fn prefix_since(
        &self,
        mark: Mark,
        segment: impl FnOnce() -> Segment,
        value: &Value,
    ) {
        if self.call.stored.get() > mark {
            self.prefix_slow(mark, segment(), value);
        }
    }

    #[cold]
    fn prefix_slow(&self, mark: Mark, segment: Segment, value: &Value) {
        for issue in self
            .call
            .issues
            .borrow_mut()
            .iter_mut()
            .skip(issues_in(mark))
        {
            if issue.path().is_root() && !issue.has_input() {
                issue.set_input(crate::issue::Input::from_value(value));
            }
            self.prepend_issue(issue, segment.clone());
        }
        let coercions = coercions_in(mark);
        if coercions_in(self.call.stored.get()) > coercions {
            for coercion in self.call.coercions.borrow_mut().iter_mut().skip(coercions) {
                self.prepend_coercion(coercion, segment.clone());
            }
        }
    }

    /// Issues found past the cap so far (counted, not kept).
    #[cfg_attr(not(feature = "coercer"), allow(dead_code))]
    pub(crate) fn dropped(&self) -> usize {
        self.call.dropped.get()
    }

    #[inline]
    #[cfg_attr(not(feature = "coercer"), allow(dead_code))]
    pub(crate) fn issues_since(&self, mark: Mark) -> bool {
        issues_in(self.call.stored.get()) > issues_in(mark)
    }

    /// Whether the call records its coercions.
    #[cfg_attr(not(feature = "coercer"), allow(dead_code))]
    pub(crate) fn reports(&self) -> bool {
        self.call.report.get()
    }

    /// Put `segment`'s segment in front of what was kept since `mark`, inputs as they are.
    #[inline]
    #[cfg_attr(not(feature = "coercer"), allow(dead_code))]
    pub(crate) fn prefix_plain(&self, mark: Mark, segment: impl FnOnce() -> Segment) {
        if self.call.stored.get() > mark {
            self.prefix_plain_slow(mark, segment());
        }
    }

    #[cold]
    #[cfg_attr(not(feature = "coercer"), allow(dead_code))]
    fn prefix_plain_slow(&self, mark: Mark, segment: Segment) {
        for issue in self
            .call
            .issues
            .borrow_mut()
            .iter_mut()
            .skip(issues_in(mark))
        {
            self.prepend_issue(issue, segment.clone());
        }
        for coercion in self
            .call
            .coercions
            .borrow_mut()
            .iter_mut()
            .skip(coercions_in(mark))
        {
            self.prepend_coercion(coercion, segment.clone());
        }
    }

    #[cfg_attr(not(feature = "coercer"), allow(dead_code))]
    pub(crate) fn for_issues_since(&self, mark: Mark, mut f: impl FnMut(&mut Issue)) {
        if issues_in(self.call.stored.get()) > issues_in(mark) {
            for issue in self
                .call
                .issues
                .borrow_mut()
                .iter_mut()
                .skip(issues_in(mark))
            {
                f(issue);
            }
        }
    }

    /// Take back what was recorded since `mark` (a trial reading not kept).
    #[cold]
    #[cfg_attr(not(feature = "coercer"), allow(dead_code))]
    pub(crate) fn rewind(&self, mark: Mark, dropped: usize) {
        self.call.issues.borrow_mut().truncate(issues_in(mark));
        self.call
            .coercions
            .borrow_mut()
            .truncate(coercions_in(mark));
        self.call.stored.set(mark);
        self.call.dropped.set(dropped);
    }

    /// Run `call` with recording off (building a stand-in), back on however it ends.
    pub(crate) fn suppressed<R>(&self, call: impl FnOnce() -> R) -> R {
        counted(&self.call.suppress, call)
    }

    pub(crate) fn route(&self) -> Route {
        self.call.route.get()
    }

    /// An error of the caller's type that adds no issue (its cause was recorded).
    #[cold]
    pub(crate) fn silent<E: serde::de::Error>(&self) -> E {
        self.silence.set(true);
        let e = E::custom("stopped after an earlier issue");
        self.silence.set(false);
        e
    }

    /// The learned plans the call reads by: with type defaults when it reports.
    fn learned(&self) -> PlanSource {
        if self.call.report.get() {
            PlanSource::Reported
        } else {
            PlanSource::Learned
        }
    }

    /// The plan of `T` from `source`, built once per thread.
    #[inline]
    fn plan_for<T: DeserializeOwned>(&self, source: PlanSource) -> Rc<Plan> {
        // A function's address stands for the code that computes the plan: two types
        // whose plan functions share an address share the code, and so the plan.
        let key = match source {
            PlanSource::Learned => probe::learn::<T> as fn(&Engine) -> Plan as usize,
            PlanSource::Reported => probe::learn_reported::<T> as fn(&Engine) -> Plan as usize,
            PlanSource::Schema(build) => build as usize,
        };
        if let Some(plan) = self.plans.borrow().get(&key) {
            return Rc::clone(plan);
        }
        self.plan_slow::<T>(source, key)
    }

    #[cold]
    #[inline(never)]
    fn plan_slow<T: DeserializeOwned>(&self, source: PlanSource, key: usize) -> Rc<Plan> {
        if self.learning.borrow().contains(&key) {
            return Rc::new(Plan::opaque());
        }
        self.learning.borrow_mut().push(key);
        struct Done<'e>(&'e RefCell<Vec<usize>>, usize);
        impl Drop for Done<'_> {
            fn drop(&mut self) {
                if let Ok(mut learning) = self.0.try_borrow_mut() {
                    learning.retain(|k| *k != self.1);
                }
            }
        }
        let _done = Done(&self.learning, key);
        // Learning runs the type's `Deserialize`, which may call an entry point itself:
        // counted as a call, so that such a call sets the engine's state aside and gives
        // it back instead of starting from (and leaving) a clean one.
        let plan = Rc::new(counted(&self.calls, || match source {
            PlanSource::Learned => probe::learn::<T>(self),
            PlanSource::Reported => probe::learn_reported::<T>(self),
            PlanSource::Schema(build) => build().unwrap_or_else(|| probe::learn::<T>(self)),
        }));
        let mut plans = self.plans.borrow_mut();
        // Types are finite in a program; the cap is for the unforeseen.
        if plans.len() >= MAX_PLANS {
            plans.clear();
        }
        plans.insert(key, Rc::clone(&plan));
        plan
    }
}

/// Plans kept per thread, at most.
const MAX_PLANS: usize = 4096;

/// Run `f` with this thread's engine.
#[inline]
pub(crate) fn with<R>(f: impl FnOnce(&Engine) -> R) -> R {
    ENGINE.with(f)
}

/// Read `value` as a `T` in one call, reporting every issue.
pub(crate) fn read_call<T: DeserializeOwned>(
    value: Value,
    route: Route,
    plan: PlanSource,
) -> Result<T, Rejection> {
    read(
        value,
        route,
        plan,
        false,
        None,
        |engine, plan, out| match finish(engine, out) {
            Some(value) => Ok(value),
            None => Err(rejection(engine, plan)),
        },
    )
}

/// [`read_call`], also recording the coercions; `tool` is the tool's name, where known.
pub(crate) fn read_call_reported<T: DeserializeOwned>(
    value: Value,
    route: Route,
    plan: PlanSource,
    tool: Option<&str>,
) -> (Result<T, Rejection>, Report) {
    read(
        value,
        route,
        plan,
        true,
        tool,
        |engine, plan, out| match finish(engine, out) {
            Some(value) => (Ok(value), take_report(engine, plan)),
            None => {
                let (rejection, report) = refusal(engine, plan);
                (Err(rejection), report)
            }
        },
    )
}

/// One call: `value` read as a `T` by the engine, its outcome handed to `end`.
#[inline(always)]
fn read<T: DeserializeOwned, R: Outcome>(
    mut value: Value,
    route: Route,
    plan: PlanSource,
    report: bool,
    tool: Option<&str>,
    end: impl FnOnce(&Engine, &Plan, Result<T, Error>) -> R,
) -> R {
    with(|engine| {
        let plan = engine.plan_for::<T>(plan);
        let _call = Call::enter(engine, route, Rc::clone(&plan), report);
        if let Some(tool) = tool {
            *engine.call.tool.borrow_mut() = Some(tool.into());
        }
        let out = T::deserialize(de::ValueDe::root(&mut value, engine, &plan));
        let out = end(engine, &plan, out);
        // Every value the engine read is at most `MAX_NESTING` deep, and dropping it
        // recurses that far at most; what it did not read may be deeper.
        if engine.call.deep.replace(false) || out.refused() {
            drop_flat(value);
        }
        out
    })
}

/// What a call answers: whether it refused.
trait Outcome {
    fn refused(&self) -> bool;
}

impl<T> Outcome for Result<T, Rejection> {
    fn refused(&self) -> bool {
        self.is_err()
    }
}

impl<T> Outcome for (Result<T, Rejection>, Report) {
    fn refused(&self) -> bool {
        self.0.is_err()
    }
}

/// Run `read` as a call reading no type (the schema route): its rejection and report.
#[cfg_attr(not(feature = "coercer"), allow(dead_code))]
pub(crate) fn plain_call<R>(
    report: bool,
    read: impl FnOnce(&Engine) -> R,
) -> (R, Option<Rejection>, Report) {
    thread_local! {
        /// The plan of every plain call: immutable, so one per thread.
        static OPAQUE: Rc<Plan> = Rc::new(Plan::opaque());
    }
    with(|engine| {
        let plan = OPAQUE.with(Rc::clone);
        let route = Route {
            from_text: false,
            take_strings: true,
        };
        let _call = Call::enter(engine, route, Rc::clone(&plan), report);
        let out = read(engine);
        if issues_in(engine.call.stored.get()) == 0 && engine.call.dropped.get() == 0 {
            let report = take_report(engine, &plan);
            (out, None, report)
        } else {
            let (rejection, report) = refusal(engine, &plan);
            (out, Some(rejection), report)
        }
    })
}

/// The call's value if accepted; else the issues stay in the engine ([`refusal`]).
#[inline(always)]
fn finish<T>(engine: &Engine, out: Result<T, Error>) -> Option<T> {
    let out = match out {
        Ok(value) => Some(value),
        Err(e) => {
            if let Some(issue) = e.into_issue() {
                engine.record(issue);
            }
            None
        }
    };
    if issues_in(engine.call.stored.get()) == 0 && engine.call.dropped.get() == 0 {
        out
    } else {
        None
    }
}

/// The issues and coercions recorded, caller-chosen keys marked in their paths.
#[cold]
#[inline(never)]
fn refusal(engine: &Engine, plan: &Plan) -> (Rejection, Report) {
    let dropped = engine.call.dropped.replace(0);
    let mut issues = std::mem::take(&mut *engine.call.issues.borrow_mut());
    for issue in &mut issues {
        plan.mark_sent(issue.path_mut());
    }
    let report = take_report(engine, plan);
    engine.call.stored.set(0);
    let rejection = if issues.is_empty() && dropped == 0 {
        Rejection::new([Issue::new(Code::Custom, "invalid arguments")
            .with_hint("re-read the tool's inputSchema")])
    } else {
        Rejection::from_parts(issues, dropped)
    };
    (rejection, report)
}

/// The issues recorded (a call read without a report).
#[cold]
#[inline(never)]
fn rejection(engine: &Engine, plan: &Plan) -> Rejection {
    refusal(engine, plan).0
}

/// The coercions recorded, the keys the caller chose marked in their paths.
fn take_report(engine: &Engine, plan: &Plan) -> Report {
    let stored = engine.call.stored.get();
    if coercions_in(stored) == 0 && engine.call.notes_dropped.get() == 0 {
        return Report::default();
    }
    engine.call.stored.set(stored & (COERCION - 1));
    let mut coercions = std::mem::take(&mut *engine.call.coercions.borrow_mut());
    for coercion in &mut coercions {
        plan.mark_sent(coercion.path_mut());
    }
    Report::from_parts(coercions, engine.call.notes_dropped.replace(0))
}

/// One call's state on this thread; an enclosing call's is put back on drop.
struct Call<'e> {
    engine: &'e Engine,
    /// The enclosing call's state: boxed (nesting is rare), `ManuallyDrop` (no drop glue).
    saved: std::mem::ManuallyDrop<Option<Box<CallState>>>,
    /// Whether the call runs inside a quick attempt (put back when it ends).
    quick: bool,
}

impl<'e> Call<'e> {
    #[inline]
    fn enter(engine: &'e Engine, route: Route, plan: Rc<Plan>, report: bool) -> Self {
        let outer = engine.calls.get();
        engine.calls.set(outer + 1);
        let saved = std::mem::ManuallyDrop::new((outer > 0).then(|| set_aside(engine)));
        // A call is never a quick attempt itself (one may run inside a quick attempt, from
        // a `Deserialize` impl): its adapters record their issues.
        let quick = engine.quick.replace(false);
        engine.call.report.set(report);
        engine.call.route.set(route);
        *engine.call.plan.borrow_mut() = Some(plan);
        Call {
            engine,
            saved,
            quick,
        }
    }
}

impl Drop for Call<'_> {
    #[inline]
    fn drop(&mut self) {
        let e = self.engine;
        e.calls.set(e.calls.get().saturating_sub(1));
        e.quick.set(self.quick);
        match self.saved.take() {
            Some(saved) => restore(e, saved),
            None => e.call.clear(),
        }
    }
}

/// Set the enclosing call's state aside while a nested one runs fresh.
#[cold]
#[inline(never)]
fn set_aside(engine: &Engine) -> Box<CallState> {
    let saved = Box::new(CallState::new());
    engine.call.swap(&saved, true);
    saved
}

/// Put back the enclosing call's state; the nested one's goes with `saved`.
#[cold]
#[inline(never)]
fn restore(e: &Engine, saved: Box<CallState>) {
    e.call.swap(&saved, false);
}

/// Run `attempt` as a quick first attempt (see [`quick`]), restored afterwards.
#[inline(always)]
pub(crate) fn quick_attempt<R>(attempt: impl FnOnce() -> R) -> R {
    with_quick(true, attempt)
}

/// Run `read` never as a quick attempt (its answer depends on reading to the end).
pub(crate) fn in_full<R>(read: impl FnOnce() -> R) -> R {
    with_quick(false, read)
}

/// Run `call` with the quick flag set to `quick`, put back afterwards however it ends.
#[inline(always)]
fn with_quick<R>(quick: bool, call: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        #[inline(always)]
        fn drop(&mut self) {
            let before = self.0;
            with(|engine| engine.quick.set(before));
        }
    }
    let _restore = Restore(with(|engine| engine.quick.replace(quick)));
    call()
}

/// Run `call` with `counter` one higher, one lower again afterwards however it ends.
fn counted<R>(counter: &Cell<u32>, call: impl FnOnce() -> R) -> R {
    struct Restore<'c>(&'c Cell<u32>);
    impl Drop for Restore<'_> {
        fn drop(&mut self) {
            self.0.set(self.0.get().saturating_sub(1));
        }
    }
    counter.set(counter.get() + 1);
    let _restore = Restore(counter);
    call()
}

/// Run `call` with `plan` as the call's plan, the one before put back however it ends.
fn with_plan<R>(engine: &Engine, plan: Rc<Plan>, call: impl FnOnce() -> R) -> R {
    struct Restore<'e>(&'e Engine, Option<Rc<Plan>>);
    impl Drop for Restore<'_> {
        fn drop(&mut self) {
            if let Ok(mut plan) = self.0.call.plan.try_borrow_mut() {
                *plan = self.1.take();
            }
        }
    }
    let _restore = Restore(engine, engine.call.plan.replace(Some(plan)));
    call()
}

/// Whether the refusing adapter runs in a quick first attempt, whose issues nobody reads.
#[cold]
pub(crate) fn quick() -> bool {
    with(|engine| engine.quick.get())
}

// The interface the adapter shell uses.

/// The native array's elements for an adapter's own loop (`None` under other deserializers);
/// hand them back in order ([`give_back_native_array`]).
#[inline]
pub(crate) fn take_native_array() -> Option<Vec<Value>> {
    with(|engine| engine.native.borrow_mut().take())
}

/// Whether adapters may move strings out of the arguments ([`Route::take_strings`]).
#[inline]
pub(crate) fn takes_strings() -> bool {
    with(|engine| engine.call.route.get().take_strings)
}

/// Put back the elements [`take_native_array`] handed out.
#[inline]
pub(crate) fn give_back_native_array(items: Vec<Value>) {
    with(|engine| *engine.native.borrow_mut() = Some(items));
}

/// Record an adapter's issues (driven by the engine: paths relative to its value).
#[cold]
pub(crate) fn record(issues: IssueBuf) {
    with(|engine| engine.record_all(issues));
}

/// Whether the call keeps no more issues (describing one can be skipped).
#[inline]
pub(crate) fn issues_full() -> bool {
    with(|engine| issues_in(engine.call.stored.get()) >= MAX_ISSUES)
}

/// Whether a field marked secret is being read ([`SecretField`]).
#[cold]
pub(crate) fn in_secret() -> bool {
    with(|engine| engine.in_secret())
}

/// [`Engine::prepend_coercion`] on this thread's engine.
#[cfg_attr(not(feature = "coercer"), allow(dead_code))]
pub(crate) fn prepend_coercion(coercion: &mut Coercion, segment: Segment) {
    with(|engine| engine.prepend_coercion(coercion, segment));
}

/// One field marked secret being read: what is recorded while it lives is redacted.
pub(crate) struct SecretField(());

impl SecretField {
    pub(crate) fn enter() -> Self {
        with(|engine| {
            engine
                .call
                .secret
                .set(engine.call.secret.get().saturating_add(1))
        });
        SecretField(())
    }
}

impl Drop for SecretField {
    fn drop(&mut self) {
        with(|engine| {
            engine
                .call
                .secret
                .set(engine.call.secret.get().saturating_sub(1))
        });
    }
}

/// What the call keeps now, for [`notes`] and [`locate_since`].
pub(crate) fn entry_mark() -> Mark {
    with(|engine| engine.mark())
}

/// Give issues since `mark` about elements of array text `t` their offset in `s`.
pub(crate) fn locate_since(mark: Mark, s: &str, t: &str) {
    with(|engine| {
        if issues_in(engine.call.stored.get()) > issues_in(mark) {
            locate_slow(engine, mark, s, t);
        }
    });
}

#[cold]
fn locate_slow(engine: &Engine, mark: Mark, s: &str, t: &str) {
    let mut issues = engine.call.issues.borrow_mut();
    crate::decode::locate_json_elements(issues.iter_mut().skip(issues_in(mark)), s, t);
}

/// A stand-in `T` for a refused value; `None` when `T` cannot be built from stand-ins.
#[cold]
pub(crate) fn placeholder<T: DeserializeOwned>() -> Option<T> {
    with(|engine| {
        engine
            .suppressed(|| T::deserialize(placeholder::Placeholder::new()))
            .ok()
    })
}

/// An error of the caller's type that adds no issue (its cause was recorded).
#[cold]
pub(crate) fn silent<E: serde::de::Error>() -> E {
    with(|engine| engine.silent())
}

/// Read `T` from an object an adapter decoded in the call, by the plan node `at.node` (or `T`'s
/// plan); `None` when `T` could not be built.
pub(crate) fn read_object<T: DeserializeOwned>(mut value: Value, at: Drive) -> Option<T> {
    with(|engine| {
        let outer = engine.call.plan.borrow().clone();
        let plan = match &outer {
            Some(plan) if plan.is_struct(at.node) => Rc::clone(plan),
            _ => engine.plan_for::<T>(engine.learned()),
        };
        let node = if outer.as_ref().is_some_and(|p| Rc::ptr_eq(p, &plan)) {
            at.node
        } else {
            plan::ROOT
        };
        let out = with_plan(engine, Rc::clone(&plan), || {
            T::deserialize(de::ValueDe::nested(
                &mut value, engine, &plan, node, at.depth,
            ))
        });
        if engine.call.deep.get() || out.is_err() {
            drop_flat(value);
        }
        match out {
            Ok(out) => Some(out),
            Err(e) => {
                if let Some(issue) = e.into_issue() {
                    engine.record(issue);
                }
                None
            }
        }
    })
}

/// Read an array's elements, each at its index by the items node (or `P`'s plan), into `keep`;
/// `decode` may replace (`Some(Ok)`) or refuse (`Some(Err)`) each first.
pub(crate) fn read_items<P: DeserializeOwned, R>(
    items: &mut [Value],
    at: Drive,
    mut decode: impl FnMut(&Value) -> Option<Result<Value, Issue>>,
    mut read: impl FnMut(de::ValueDe<'_>) -> Result<R, Error>,
    mut keep: impl FnMut(Option<R>),
) {
    with(|engine| {
        let outer = engine.call.plan.borrow().clone();
        let (plan, node) = match &outer {
            Some(plan) if plan.is_seq(at.node) => (Rc::clone(plan), plan.items(at.node)),
            _ => (engine.plan_for::<P>(engine.learned()), plan::ROOT),
        };
        with_plan(engine, Rc::clone(&plan), || {
            let depth = at.depth.saturating_add(1);
            for (index, value) in items.iter_mut().enumerate() {
                let out = de::read_member(
                    engine,
                    value,
                    || Segment::Index(index),
                    |value| match decode(value) {
                        None => read(de::ValueDe::nested(value, engine, &plan, node, depth)),
                        Some(Ok(mut decoded)) => {
                            let out = read(de::ValueDe::nested(
                                &mut decoded,
                                engine,
                                &plan,
                                node,
                                depth,
                            ));
                            if engine.call.deep.get() || out.is_err() {
                                drop_flat(decoded);
                            }
                            out
                        }
                        Some(Err(issue)) => {
                            engine.record(issue);
                            Err(Error::silent())
                        }
                    },
                );
                match out {
                    Ok(item) => keep(Some(item)),
                    Err(e) => {
                        if let Some(issue) = e.into_issue() {
                            engine.record(issue);
                        }
                        keep(None);
                    }
                }
            }
        });
    });
}

/// JSON-encoded objects read inside one another, at most: a recursive type whose objects
/// may arrive as strings would otherwise nest without end, since each string is parsed
/// afresh (serde_json's 128 levels count within one text only) and a few hundred kilobytes
/// overflow a 2 MiB thread stack.
pub const MAX_ENCODED_LAYERS: u32 = 4;

/// One JSON-encoded object being read; leaving it (return, error or panic) counts it out.
pub(crate) struct EncodedLayer(());

impl EncodedLayer {
    /// `None` when [`MAX_ENCODED_LAYERS`] are being read already.
    pub(crate) fn enter() -> Option<EncodedLayer> {
        with(|engine| {
            let now = engine.call.encoded_layers.get();
            (now < MAX_ENCODED_LAYERS).then(|| {
                engine.call.encoded_layers.set(now + 1);
                EncodedLayer(())
            })
        })
    }
}

impl Drop for EncodedLayer {
    fn drop(&mut self) {
        with(|engine| {
            let now = engine.call.encoded_layers.get();
            engine.call.encoded_layers.set(now.saturating_sub(1));
        });
    }
}

/// The issues of the adapter error the shell's `fail_fast` is making, if any.
pub(crate) fn take_stashed() -> Option<IssueBuf> {
    with(|engine| engine.stash.borrow_mut().take())
}

/// Hand `issues` to the error that `make` builds, if that error is the engine's own.
pub(crate) fn with_stashed<R>(issues: IssueBuf, make: impl FnOnce() -> R) -> R {
    with(|engine| {
        *engine.stash.borrow_mut() = Some(issues);
        let out = make();
        engine.stash.borrow_mut().take();
        out
    })
}

/// Whether the next `custom` error is [`silent`]'s (taken by the engine's error type).
pub(crate) fn take_silence() -> bool {
    with(|engine| engine.silence.replace(false))
}
