//! Recording the coercions a call applies into the call being read (the report's model is
//! `crate::report`'s). While no call on any thread reports ([`active`]), each function costs
//! one relaxed atomic load.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::Mark;
use crate::issue::{Input, Segment};
use crate::report::{Coercion, Rule, encoded};

/// Calls read with a report on any thread: while none is, recording costs nothing.
static REPORTING: AtomicUsize = AtomicUsize::new(0);

/// Counts one call read with a report for as long as it lives.
pub(crate) struct Reporting(());

impl Reporting {
    pub(crate) fn start() -> Self {
        REPORTING.fetch_add(1, Ordering::Relaxed);
        Reporting(())
    }
}

impl Drop for Reporting {
    fn drop(&mut self) {
        REPORTING.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Whether any thread reads a call with a report (the quick test before [`coerced`]).
#[inline]
pub(crate) fn active() -> bool {
    REPORTING.load(Ordering::Relaxed) != 0
}

/// Record that an integer `from` was clamped to `to`, the `minimum` or `maximum` (`bound`).
#[cold]
pub(crate) fn clamped(from: Input, to: Input, bound: &'static str) {
    if active() {
        note(|| Coercion::clamp(from, to, bound));
    }
}

/// Record that `rule` was applied to the value being read.
#[inline]
pub(crate) fn coerced(
    rule: Rule,
    from: impl FnOnce() -> Option<Input>,
    to: impl FnOnce() -> Option<Input>,
) {
    if REPORTING.load(Ordering::Relaxed) != 0 {
        coerced_slow(rule, from, to);
    }
}

#[cold]
#[inline(never)]
fn coerced_slow(
    rule: Rule,
    from: impl FnOnce() -> Option<Input>,
    to: impl FnOnce() -> Option<Input>,
) {
    note(|| Coercion::new(rule, from(), to()));
}

/// Where the report stands now, for [`coerced_first`] (0 while no call reports).
#[inline]
pub(crate) fn mark() -> Mark {
    if active() { super::entry_mark() } else { 0 }
}

/// Record `rule` in front of the steps recorded since `first`.
#[inline]
pub(crate) fn coerced_first(
    first: Mark,
    rule: Rule,
    from: impl FnOnce() -> Option<Input>,
    to: impl FnOnce() -> Option<Input>,
) {
    if active() {
        coerced_first_slow(first, rule, from, to);
    }
}

#[cold]
#[inline(never)]
fn coerced_first_slow(
    first: Mark,
    rule: Rule,
    from: impl FnOnce() -> Option<Input>,
    to: impl FnOnce() -> Option<Input>,
) {
    note_first(first, || Coercion::new(rule, from(), to()));
}

/// Run `read` on the text `inner` a layer of `outer` held, recording `json_string` first.
#[inline]
pub(crate) fn peeled<R>(outer: &str, inner: &str, read: impl FnOnce() -> R) -> R {
    let first = mark();
    let out = read();
    coerced_first(
        first,
        Rule::JsonString,
        || encoded(outer),
        || encoded(inner),
    );
    out
}

/// Run `read` on the element at `index`: its steps get the index in front.
#[inline]
pub(crate) fn at_index<R>(index: usize, read: impl FnOnce() -> R) -> R {
    if !active() {
        return read();
    }
    let mark = super::entry_mark();
    let out = read();
    prefix_notes_since(mark, Segment::Index(index));
    out
}

/// Record the coercion `make` builds ([`Engine::note`](super::Engine::note)).
#[cold]
fn note(make: impl FnOnce() -> Coercion) {
    super::with(|engine| engine.note(make));
}

#[cold]
fn note_first(first: Mark, make: impl FnOnce() -> Coercion) {
    super::with(|engine| engine.note_first(first, make));
}

#[cold]
fn prefix_notes_since(mark: Mark, segment: Segment) {
    super::with(|engine| {
        for coercion in engine
            .call
            .coercions
            .borrow_mut()
            .iter_mut()
            .skip(super::coercions_in(mark))
        {
            engine.prepend_coercion(coercion, segment.clone());
        }
    });
}
