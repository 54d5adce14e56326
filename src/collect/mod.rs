//! Collecting every issue of one call.
//!
//! The entry points run the crate's own [`Deserializer`](serde::Deserializer) over a
//! `serde_json::Value` (`de::ValueDe`). It sees each value before its visitor does, so a
//! type mismatch is recorded as an issue and the visitor is fed a placeholder, and
//! deserialization goes on to the next field. The crate's adapters learn that they are
//! driven by that deserializer (and not by `serde_json` or a format of the user's) by
//! asking for it: they call `deserialize_newtype_struct` with a reserved name
//! ([`adapt`]), which only `ValueDe` answers, by setting a one-shot thread-local token
//! right before calling the adapter's visitor, which takes it on entry. A driven adapter
//! records its issues here and returns a placeholder; an adapter driven by anything else
//! fails fast with all of its own issues in one `D::Error`.
//!
//! Issues are recorded with paths relative to the value being deserialized; each level of
//! `ValueDe` puts its own segment in front of the issues recorded below it as the call
//! returns, so no path is built on the success path.

pub(crate) mod de;
mod error;
mod placeholder;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt;

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::issue::{Input, Issue, MAX_ISSUES, Rejection, Segment};

pub(crate) use error::Error;

thread_local! {
    /// Set by `ValueDe` right before it calls a visitor; taken by an adapter's visitor.
    static DIRECT: Cell<bool> = const { Cell::new(false) };
    /// The nesting depth of the value `ValueDe` last handed to an adapter: an object the
    /// adapter decodes and reads through [`nested`] counts its levels on from there.
    static ADAPTER_DEPTH: Cell<u32> = const { Cell::new(0) };
    /// Non-zero while a placeholder is being built: nothing it records is real.
    static SUPPRESS: Cell<u32> = const { Cell::new(0) };
    /// Mirror of `ISSUES.len()`, read on every value, so kept out of the `RefCell`.
    static STORED: Cell<usize> = const { Cell::new(0) };
    /// Issues found past `MAX_ISSUES`: counted, not kept.
    static DROPPED: Cell<usize> = const { Cell::new(0) };
    static ISSUES: RefCell<Vec<Issue>> = const { RefCell::new(Vec::new()) };
    /// Ordinal of the next struct (an object read through `deserialize_struct`) of this pass.
    static STRUCT_SEQ: Cell<u32> = const { Cell::new(0) };
    /// Fields found missing in earlier passes, by namespace and struct ordinal: fed a
    /// placeholder so the struct gets past them and the next missing field shows.
    static INJECT: RefCell<HashMap<(u32, u32), Vec<&'static str>>> = RefCell::new(HashMap::new());
    /// The ordinal space structs are numbered in: 0 for the arguments, one of its own for
    /// each object read through [`nested`] (see [`namespace_of`]).
    static NAMESPACE: Cell<u32> = const { Cell::new(0) };
    /// Objects read through [`nested`] since the last struct ordinal of this namespace.
    static NESTED_SINCE: Cell<u32> = const { Cell::new(0) };
    /// The namespace of each nested object, by its place in the pass: (enclosing
    /// namespace, the enclosing namespace's next struct ordinal, nested objects read since
    /// that ordinal). Only what comes before a place in the pass decides it, and the
    /// passes of one call read the same input the same way up to where the last one
    /// stopped, so an object keeps its namespace, and the fields found missing in it,
    /// from pass to pass instead of finding them again each time.
    static NAMESPACES: RefCell<HashMap<(u32, u32, u32), u32>> = RefCell::new(HashMap::new());
    /// Extra passes left in this call (shared by the top level and nested objects).
    static PASSES_LEFT: Cell<usize> = const { Cell::new(0) };
    /// Values the extra passes of this call may still re-read, in all (shared likewise).
    static WORK_LEFT: Cell<usize> = const { Cell::new(0) };
    /// The issues of one `E::custom` call made by `fail_fast`.
    static STASH: RefCell<Option<IssueBuf>> = const { RefCell::new(None) };
    /// Set while `from_str`/`from_slice` read the call through a `Value` they parsed from
    /// its text: the reading then follows `serde_json::from_str`, not `from_value`.
    static FROM_TEXT: Cell<bool> = const { Cell::new(false) };
    /// How many sessions are running on this thread (more than one when a `Deserialize`
    /// impl calls an entry point).
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// Set for the duration of one `E::custom` call made by `silent`.
    static SILENCE_NEXT: Cell<bool> = const { Cell::new(false) };
}

/// Extra passes allowed for one call to discover further missing fields (serde's derived
/// visitors stop at the first missing field; each pass injects one more placeholder).
const MISSING_FIELD_PASSES: usize = 64;

/// Work units ([`work_units`]) the extra passes of one call may re-read, in all: a large
/// input gets fewer of them, so the whole call stays linear in the input's size.
const EXTRA_PASS_WORK: usize = 1 << 20;

/// Spend one extra top-level pass over a value of `units` work units, if the call has a
/// pass and that much work left, and the pass can still add an issue (the list is not
/// full: past the cap, further passes would only add to the count).
pub(crate) fn take_pass(units: usize) -> bool {
    let left = PASSES_LEFT.with(Cell::get);
    if STORED.with(Cell::get) >= MAX_ISSUES || left == 0 {
        return false;
    }
    // Each pass also builds one placeholder per field injected: one per pass taken, and
    // the one injected for this pass.
    let injected = MISSING_FIELD_PASSES.saturating_sub(left) + 1;
    if !take_work(units.saturating_add(injected)) {
        return false;
    }
    PASSES_LEFT.with(|p| p.set(left - 1));
    true
}

/// Spend one extra pass of a nested object (`nested`): its own count of passes (so that
/// each object's missing fields are all found, whatever the top level spent), but the
/// call's one budget of work, shared with the top level and every other nested object and
/// session, so nothing inside the arguments buys itself passes of its own.
fn take_nested_pass(units: usize, taken: &mut usize) -> bool {
    if STORED.with(Cell::get) >= MAX_ISSUES || *taken >= MISSING_FIELD_PASSES {
        return false;
    }
    // Each pass also builds one placeholder per field injected: one per pass taken, and
    // the one injected for this pass.
    if !take_work(units.saturating_add(*taken + 1)) {
        return false;
    }
    *taken += 1;
    true
}

fn take_work(units: usize) -> bool {
    WORK_LEFT.with(|w| {
        let left = w.get();
        w.set(left.saturating_sub(units));
        left >= units
    })
}

/// What one more pass over `value` costs, in work units (plus one per field already
/// injected, charged by the callers): one per JSON value, and one per two bytes of each
/// string and key (a string can hold a whole array or object for an
/// adapter to decode on every pass: `"1,2,3"` costs as much as `[1,2,3]`). Counted
/// without recursion.
pub(crate) fn work_units(value: &Value) -> usize {
    let mut units = 0usize;
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        units = units.saturating_add(1);
        match v {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => {
                for (key, member) in map {
                    units = units.saturating_add(key.len() / 2);
                    stack.push(member);
                }
            }
            Value::String(s) => units = units.saturating_add(s.len() / 2),
            _ => {}
        }
    }
    units
}

/// Whether the call being read was parsed from text by `from_str`/`from_slice`.
pub(crate) fn from_text() -> bool {
    FROM_TEXT.with(Cell::get)
}

/// Run `read` with [`from_text`] true (put back as it was afterwards, also on a panic).
pub(crate) fn reading_text<R>(read: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            FROM_TEXT.with(|f| f.set(self.0));
        }
    }
    let _restore = Restore(FROM_TEXT.with(|f| f.replace(true)));
    read()
}

/// The newtype-struct name through which an adapter asks to be driven by the collecting
/// deserializer. `ValueDe` (and `Placeholder`) answer it by setting the token and reading
/// the value; every other deserializer sees an ordinary newtype struct and calls the
/// adapter's `visit_newtype_struct`, which reads on without the token. (serde_json asks
/// for its `RawValue` the same way.)
pub(crate) const DIRECT_NAME: &str = "$mcp_coerce::private::Direct";

/// Run an adapter's visitor on `deserializer`: collected when `deserializer` is the
/// crate's, failing fast under any other.
#[inline]
pub(crate) fn adapt<'de, D: serde::Deserializer<'de>, V: serde::de::Visitor<'de>>(
    deserializer: D,
    visitor: V,
) -> Result<V::Value, D::Error> {
    deserializer.deserialize_newtype_struct(DIRECT_NAME, visitor)
}

/// Whether the adapter visitor now running was asked for through [`adapt`] by the
/// collecting deserializer; resets the token.
#[inline]
pub(crate) fn take_direct() -> bool {
    DIRECT.with(|d| d.replace(false))
}

/// Run the adapter visitor call `call` with the token set (only the visitor passed
/// through [`adapt`] sees it: it takes it on entry), and clear it afterwards.
#[inline]
pub(crate) fn drive_adapter<R>(depth: u32, call: impl FnOnce() -> R) -> R {
    ADAPTER_DEPTH.with(|d| d.set(depth));
    DIRECT.with(|d| d.set(true));
    let out = call();
    DIRECT.with(|d| d.set(false));
    out
}

/// Run `call` with recording switched off (building a placeholder).
pub(crate) fn suppressed<R>(call: impl FnOnce() -> R) -> R {
    struct Restore;
    impl Drop for Restore {
        fn drop(&mut self) {
            SUPPRESS.with(|s| s.set(s.get().saturating_sub(1)));
        }
    }
    SUPPRESS.with(|s| s.set(s.get() + 1));
    let _restore = Restore;
    call()
}

/// Record one issue, its path relative to the value being deserialized.
#[cold]
pub(crate) fn record(issue: Issue) {
    if SUPPRESS.with(Cell::get) > 0 {
        return;
    }
    let stored = STORED.with(Cell::get);
    if stored < MAX_ISSUES {
        ISSUES.with(|v| v.borrow_mut().push(issue));
        STORED.with(|s| s.set(stored + 1));
    } else {
        DROPPED.with(|d| d.set(d.get() + 1));
    }
}

/// Whether the collecting session on this thread keeps no more issues (it only counts
/// them): a caller may then skip the work of describing one. False outside a session.
#[inline]
pub(crate) fn issues_full() -> bool {
    STORED.with(Cell::get) >= MAX_ISSUES
}

/// How many issues are stored now; compare later with [`prefix_since`].
#[inline]
pub(crate) fn mark() -> usize {
    STORED.with(Cell::get)
}

/// Put `segment` in front of the issues stored since `mark`; those about `value` itself
/// that did not say what arrived get `value` as their input.
#[inline]
pub(crate) fn prefix_since(mark: usize, segment: impl FnOnce() -> Segment, value: &Value) {
    if STORED.with(Cell::get) > mark {
        prefix_slow(mark, segment(), value);
    }
}

#[cold]
fn prefix_slow(mark: usize, segment: Segment, value: &Value) {
    ISSUES.with(|v| {
        for issue in v.borrow_mut().iter_mut().skip(mark) {
            if issue.path().is_root() && !issue.has_input() {
                issue.set_input(Input::from_value(value));
            }
            issue.prepend(segment.clone());
        }
    });
}

/// The ordinal of a struct about to be read, and the fields injected into it.
pub(crate) fn next_struct() -> (u32, Vec<&'static str>) {
    let ordinal = STRUCT_SEQ.with(|s| {
        let n = s.get();
        s.set(n.wrapping_add(1));
        n
    });
    NESTED_SINCE.with(|n| n.set(0));
    let injected = INJECT.with(|i| {
        let i = i.borrow();
        if i.is_empty() {
            Vec::new()
        } else {
            let namespace = NAMESPACE.with(Cell::get);
            i.get(&(namespace, ordinal)).cloned().unwrap_or_default()
        }
    });
    (ordinal, injected)
}

/// One call's collecting state, installed on this thread for as long as it lives; an
/// enclosing session (a `Deserialize` impl that calls an entry point) is put back on drop.
///
/// Every session leaves the thread's state fresh when it ends, so the outermost one (the
/// common case) starts on fresh state and moves nothing; only a nested one sets the
/// enclosing state aside.
pub(crate) struct Session {
    saved: Option<Saved>,
    passes: usize,
    /// The work budget to put back, for the outermost session only.
    work: Option<usize>,
}

struct Saved {
    direct: bool,
    suppress: u32,
    stored: usize,
    dropped: usize,
    issues: Vec<Issue>,
    struct_seq: u32,
    inject: HashMap<(u32, u32), Vec<&'static str>>,
    namespace: u32,
    nested_since: u32,
    namespaces: HashMap<(u32, u32, u32), u32>,
    from_text: bool,
}

fn swap_state(with: Saved) -> Saved {
    Saved {
        direct: DIRECT.with(|c| c.replace(with.direct)),
        suppress: SUPPRESS.with(|c| c.replace(with.suppress)),
        stored: STORED.with(|c| c.replace(with.stored)),
        dropped: DROPPED.with(|c| c.replace(with.dropped)),
        issues: ISSUES.with(|c| c.replace(with.issues)),
        struct_seq: STRUCT_SEQ.with(|c| c.replace(with.struct_seq)),
        inject: INJECT.with(|c| c.replace(with.inject)),
        namespace: NAMESPACE.with(|c| c.replace(with.namespace)),
        nested_since: NESTED_SINCE.with(|c| c.replace(with.nested_since)),
        namespaces: NAMESPACES.with(|c| c.replace(with.namespaces)),
        from_text: FROM_TEXT.with(|c| c.replace(with.from_text)),
    }
}

fn fresh() -> Saved {
    Saved {
        direct: false,
        suppress: 0,
        stored: 0,
        dropped: 0,
        issues: Vec::new(),
        struct_seq: 0,
        inject: HashMap::new(),
        namespace: 0,
        nested_since: 0,
        namespaces: HashMap::new(),
        from_text: false,
    }
}

/// Reset the state of this pass, in place; the injected fields stay.
fn reset_pass() {
    DIRECT.with(|c| c.set(false));
    SUPPRESS.with(|c| c.set(0));
    if STORED.with(|c| c.replace(0)) > 0 {
        ISSUES.with(|c| c.borrow_mut().clear());
    }
    DROPPED.with(|c| c.set(0));
    STRUCT_SEQ.with(|c| c.set(0));
    NESTED_SINCE.with(|c| c.set(0));
    NAMESPACE.with(|c| c.set(0));
}

impl Session {
    pub(crate) fn start() -> Self {
        let passes = PASSES_LEFT.with(|p| p.replace(MISSING_FIELD_PASSES));
        let outer = DEPTH.with(|d| d.replace(d.get() + 1));
        // A session inside another (a `Deserialize` impl calling an entry point) spends
        // the enclosing call's work: one budget per call, however deep.
        let work = (outer == 0).then(|| WORK_LEFT.with(|w| w.replace(EXTRA_PASS_WORK)));
        let saved = (outer > 0).then(|| swap_state(fresh()));
        Session {
            saved,
            passes,
            work,
        }
    }

    /// Forget what the last pass found, keeping the fields injected so far.
    pub(crate) fn new_pass(&self) {
        reset_pass();
    }

    /// Inject a placeholder for `field` of struct `ordinal` from the next pass on; false
    /// when it already was (no progress is possible).
    pub(crate) fn inject(&self, ordinal: u32, field: &'static str) -> bool {
        // The top level's structs are numbered in namespace 0.
        add_injection(0, ordinal, field)
    }

    /// The issues of the last pass, if any.
    pub(crate) fn rejection(&self) -> Option<Rejection> {
        let stored = STORED.with(|c| c.replace(0));
        let dropped = DROPPED.with(Cell::get);
        if stored == 0 && dropped == 0 {
            return None;
        }
        let issues = ISSUES.with(|c| std::mem::take(&mut *c.borrow_mut()));
        Some(Rejection::from_parts(issues, dropped))
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        PASSES_LEFT.with(|p| p.set(self.passes));
        if let Some(work) = self.work {
            WORK_LEFT.with(|w| w.set(work));
        }
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
        match self.saved.take() {
            Some(saved) => {
                swap_state(saved);
            }
            None => {
                reset_pass();
                INJECT.with(|c| {
                    if let Ok(mut inject) = c.try_borrow_mut() {
                        inject.clear();
                    }
                });
                NAMESPACES.with(|c| {
                    if let Ok(mut namespaces) = c.try_borrow_mut() {
                        namespaces.clear();
                    }
                });
            }
        }
    }
}

/// Issues found by one adapter call, with paths relative to the adapter's value; capped
/// like a [`Rejection`], and counted past the cap without being built.
#[derive(Debug, Default)]
pub(crate) struct IssueBuf {
    issues: Vec<Issue>,
    dropped: usize,
}

impl IssueBuf {
    pub(crate) fn one(issue: Issue) -> Self {
        IssueBuf {
            issues: vec![issue],
            dropped: 0,
        }
    }

    /// Add the issue `make` builds, unless the cap is reached (then only count it).
    #[inline]
    pub(crate) fn push_with(&mut self, make: impl FnOnce() -> Issue) {
        if self.issues.len() < MAX_ISSUES {
            self.issues.push(make());
        } else {
            self.dropped += 1;
        }
    }

    pub(crate) fn push(&mut self, issue: Issue) {
        self.push_with(|| issue);
    }

    /// These issues as one, located where the error that carries them will be (a map key,
    /// or a value serde replays from a buffer, whose own path is unknown here): the first
    /// issue's code, with its relative path, if any, and the count of the others in its
    /// message.
    pub(crate) fn into_located_here(self) -> Issue {
        let more = self.issues.len().saturating_sub(1) + self.dropped;
        let mut issues = self.issues.into_iter();
        let Some(first) = issues.next() else {
            return Issue::new(crate::issue::Code::Custom, "invalid value");
        };
        first.relocated_here(more)
    }

    /// Add `other`'s issues after these.
    pub(crate) fn append(&mut self, other: IssueBuf) {
        for issue in other.issues {
            self.push(issue);
        }
        self.dropped += other.dropped;
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.issues.is_empty() && self.dropped == 0
    }

    /// These issues as a [`Rejection`], for checks used without a deserializer.
    pub(crate) fn into_rejection(self) -> Rejection {
        Rejection::from_parts(self.issues, self.dropped)
    }
}

/// Every issue kept (up to `MAX_ISSUES`), then how many more were found.
impl fmt::Display for IssueBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, issue) in self.issues.iter().enumerate() {
            if n > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{issue}")?;
        }
        if self.dropped > 0 {
            write!(f, "; and {} more", self.dropped)?;
        }
        Ok(())
    }
}

/// The end of every adapter call: the value, or the issues. Driven by `ValueDe` (`direct`),
/// issues are recorded and a placeholder stands in so the caller goes on; otherwise they
/// become one error of the caller's format.
#[inline]
pub(crate) fn settle<T: DeserializeOwned, E: serde::de::Error>(
    direct: bool,
    outcome: Result<T, IssueBuf>,
) -> Result<T, E> {
    match outcome {
        Ok(value) => Ok(value),
        Err(issues) => settle_err(direct, issues),
    }
}

#[cold]
fn settle_err<T: DeserializeOwned, E: serde::de::Error>(
    direct: bool,
    issues: IssueBuf,
) -> Result<T, E> {
    if direct {
        record_all(issues);
        placeholder()
    } else {
        Err(fail_fast(issues))
    }
}

/// One error of the caller's format for an adapter's issues. If that format is the
/// crate's own (a map key, or serde's replay of a buffered `flatten` or untagged value),
/// the issues travel with it structured, through [`take_stashed`].
#[cold]
pub(crate) fn fail_fast<E: serde::de::Error>(issues: IssueBuf) -> E {
    let message = issues.to_string();
    STASH.with(|s| *s.borrow_mut() = Some(issues));
    let e = E::custom(message);
    STASH.with(|s| s.borrow_mut().take());
    e
}

/// The issues of the adapter whose error is being made, if [`fail_fast`] is making it.
pub(crate) fn take_stashed() -> Option<IssueBuf> {
    STASH.with(|s| s.borrow_mut().take())
}

/// Record an adapter's issues (driven by `ValueDe`: their paths are relative to the value
/// being deserialized).
#[cold]
pub(crate) fn record_all(issues: IssueBuf) {
    let dropped = issues.dropped;
    for issue in issues.issues {
        record(issue);
    }
    if SUPPRESS.with(Cell::get) == 0 {
        DROPPED.with(|d| d.set(d.get() + dropped));
    }
}

/// Some value of type `T` to stand in for a refused one, so the caller can go on. Only
/// for visitors called by `ValueDe` (so `E` is the crate's error type): if no placeholder
/// can be made, the call stops without a further issue.
#[cold]
pub(crate) fn placeholder<T: DeserializeOwned, E: serde::de::Error>() -> Result<T, E> {
    suppressed(|| T::deserialize(placeholder::Placeholder::new())).map_err(|_| silent())
}

/// An error of the caller's type that adds no issue (the cause was recorded). Only for
/// visitors called by `ValueDe`, whose error type is the crate's.
#[cold]
pub(crate) fn silent<E: serde::de::Error>() -> E {
    SILENCE_NEXT.with(|s| s.set(true));
    let e = E::custom("stopped after an earlier issue");
    SILENCE_NEXT.with(|s| s.set(false));
    e
}

/// Deserialize `T` from `value` with the collecting deserializer, inside the current
/// call: issues are recorded relative to `value` (the caller's level puts its own path in
/// front), with one more pass per missing field as at the top. `None` when `T` could not
/// be built (its issues are recorded).
pub(crate) fn nested<T: DeserializeOwned>(value: &Value) -> Option<T> {
    let start_stored = STORED.with(Cell::get);
    let start_dropped = DROPPED.with(Cell::get);
    let namespace = namespace_of_next_nested();
    // The enclosing numbering goes on after this object as if it were not there, also
    // when reading it panics (a `Deserialize` impl may catch that and go on).
    let _restore = Enclosing {
        struct_seq: STRUCT_SEQ.with(Cell::get),
        nested_since: NESTED_SINCE.with(Cell::get),
        namespace: NAMESPACE.with(|c| c.replace(namespace)),
    };
    let mut size = None;
    let mut taken = 0;
    // Where the adapter found the value: the object's levels count on from there.
    let depth = ADAPTER_DEPTH.with(Cell::get);
    loop {
        STRUCT_SEQ.with(|c| c.set(0));
        NESTED_SINCE.with(|c| c.set(0));
        match T::deserialize(de::ValueDe::at_depth(value, depth)) {
            Ok(out) => break Some(out),
            Err(e) => {
                if let Some((ordinal, field)) = e.retry() {
                    let fresh = add_injection(namespace, ordinal, field);
                    // Counted on the error path only, once per nested object.
                    let units = *size.get_or_insert_with(|| work_units(value));
                    if fresh && take_nested_pass(units, &mut taken) {
                        ISSUES.with(|v| v.borrow_mut().truncate(start_stored));
                        STORED.with(|c| c.set(start_stored));
                        DROPPED.with(|c| c.set(start_dropped));
                        continue;
                    }
                }
                if let Some(issue) = e.into_issue() {
                    record(issue);
                }
                break None;
            }
        }
    }
}

/// Inject a placeholder for `field` of struct `ordinal` of `namespace` from the next pass
/// on; false when it already was (no progress is possible).
fn add_injection(namespace: u32, ordinal: u32, field: &'static str) -> bool {
    INJECT.with(|i| {
        let mut i = i.borrow_mut();
        let fields = i.entry((namespace, ordinal)).or_default();
        if fields.contains(&field) {
            false
        } else {
            fields.push(field);
            true
        }
    })
}

/// The enclosing numbering of a [`nested`] read, put back when it ends.
struct Enclosing {
    struct_seq: u32,
    nested_since: u32,
    namespace: u32,
}

impl Drop for Enclosing {
    fn drop(&mut self) {
        STRUCT_SEQ.with(|c| c.set(self.struct_seq));
        NESTED_SINCE.with(|c| c.set(self.nested_since));
        NAMESPACE.with(|c| c.set(self.namespace));
    }
}

/// The namespace of the object about to be read through [`nested`], by its place in the
/// pass (see `NAMESPACES`); counts it in.
fn namespace_of_next_nested() -> u32 {
    let parent = NAMESPACE.with(Cell::get);
    let ordinal = STRUCT_SEQ.with(Cell::get);
    let since = NESTED_SINCE.with(|c| {
        let n = c.get();
        c.set(n.wrapping_add(1));
        n
    });
    NAMESPACES.with(|c| {
        let mut namespaces = c.borrow_mut();
        let next = u32::try_from(namespaces.len())
            .unwrap_or(u32::MAX)
            .saturating_add(1);
        *namespaces.entry((parent, ordinal, since)).or_insert(next)
    })
}

/// Whether the next `custom` error is `silent`'s (taken by the crate's error type).
pub(crate) fn take_silence() -> bool {
    SILENCE_NEXT.with(|s| s.replace(false))
}
