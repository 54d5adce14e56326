//! The coercion of one call against a compiled schema (docs/contract.md, "Coercion against a
//! JSON Schema"): the value read in place, issues and coercions recorded relative to it and
//! given their path on the way back up.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde_json::{Map, Number, Value};

use super::compile::{Compiled, Id, Node, type_of, types};
use super::number;
use crate::arguments::{self, Folded};
use crate::decode;
use crate::engine::{Engine, Mark as EngineMark};
use crate::issue::{Code, Input, Issue, Path, Segment, kind_of};
use crate::report::{Coercion, Rule};
use crate::rules;
use crate::words::truncate;

/// Containers nested deeper than this are refused (`too_deep`), as by the typed engine.
const MAX_NESTING: u32 = 128;

/// Nodes applied to one value without descending (`allOf`, `$ref`): past this, a loop.
const MAX_HOPS: u32 = 64;

/// Node applications nested in the whole walk: past this, `too_deep` (a deep `$ref` chain would
/// overflow the stack).
const MAX_CHAIN: u32 = 1024;

/// Node applications a call may take, plus [`BUDGET_PER_VALUE`] per value.
const BASE_BUDGET: u64 = 1_000_000;

/// Node applications each member or element of the call adds to its budget.
const BUDGET_PER_VALUE: u64 = 64;

/// One call's coercion: the engine it records in, and the limits of the walk.
pub(crate) struct Ctx<'e> {
    engine: &'e Engine,
    /// Checking a value "as sent": any lax reading fails it; nothing is changed or recorded.
    strict: bool,
    failed: bool,
    budget: u64,
    /// The budget ran out (reported once, when the walk ends).
    exhausted: bool,
    /// Strict verdicts of union nodes, by (node, value address), while nothing is changed.
    memo: HashMap<(Id, usize), bool, BuildHasherDefault<MemoHasher>>,
    /// The tool's name, where the caller knows it (the repeated tool-call envelope).
    tool: Option<&'e str>,
    /// The value is a comma piece: reading it from text is no coercion of its own.
    quiet_text: bool,
}

/// The hasher of [`Ctx::memo`]'s keys: a multiply-rotate mix (SipHash was too slow).
#[derive(Default)]
struct MemoHasher(u64);

impl Hasher for MemoHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// How much a call has recorded: compare later with [`Ctx::mark`].
#[derive(Clone, Copy, PartialEq, Eq)]
struct Mark(EngineMark, usize);

impl<'e> Ctx<'e> {
    /// A context for one call, recording in `engine`.
    pub(crate) fn new(engine: &'e Engine, tool: Option<&'e str>) -> Ctx<'e> {
        Ctx {
            engine,
            strict: false,
            failed: false,
            budget: BASE_BUDGET,
            exhausted: false,
            memo: HashMap::default(),
            tool,
            quiet_text: false,
        }
    }

    fn mark(&self) -> Mark {
        Mark(self.engine.mark(), self.engine.dropped())
    }

    /// Whether anything failed since `mark` (an issue, or a failed strict check).
    fn failed_since(&self, mark: Mark) -> bool {
        self.failed || self.engine.issues_since(mark.0) || self.engine.dropped() > mark.1
    }

    /// Record `make`'s issue (its path relative to the value being read).
    fn issue(&mut self, make: impl FnOnce() -> Issue) {
        if self.strict {
            self.failed = true;
        } else {
            self.engine.record_with(make);
        }
    }

    /// Whether a lax reading may be applied: not while checking a value as sent.
    fn lax(&mut self) -> bool {
        if self.strict {
            self.failed = true;
            false
        } else {
            true
        }
    }

    /// Record `make`'s coercion, if the call records them.
    fn note(&mut self, make: impl FnOnce() -> Coercion) {
        if !self.strict {
            self.engine.note(make);
        }
    }

    /// Put `segment` in front of what was recorded since `mark`.
    fn prefix(&mut self, mark: Mark, segment: impl FnOnce() -> Segment) {
        self.engine.prefix_plain(mark.0, segment);
    }

    /// Take back what was recorded since `mark` (a trial that is not kept).
    fn rewind(&mut self, mark: Mark) {
        self.engine.rewind(mark.0, mark.1);
    }

    /// One node application; `false` once the budget is spent.
    fn tick(&mut self) -> bool {
        if self.budget == 0 {
            self.exhausted = true;
            self.failed = true;
            return false;
        }
        self.budget -= 1;
        true
    }
}

/// The coercion of values against one compiled schema.
pub(crate) struct Walk<'c, 'e> {
    pub(crate) c: &'c Compiled,
    pub(crate) ctx: &'c mut Ctx<'e>,
}

/// Where a value sits, as its node needs to know.
#[derive(Clone, Copy)]
struct At {
    /// Containers around the value.
    depth: u32,
    /// Nodes applied to this value so far without descending.
    hops: u32,
    /// Node applications around this one, at every level ([`MAX_CHAIN`]).
    chain: u32,
}

impl At {
    const ROOT: At = At {
        depth: 0,
        hops: 0,
        chain: 0,
    };

    fn down(self) -> At {
        At {
            depth: self.depth + 1,
            hops: 0,
            chain: self.chain + 1,
        }
    }

    fn hop(self) -> At {
        At {
            depth: self.depth,
            hops: self.hops + 1,
            chain: self.chain + 1,
        }
    }
}

impl Walk<'_, '_> {
    /// Coerce the arguments `value` against the root node.
    pub(crate) fn root(&mut self, value: &mut Value) {
        self.apply(self.c.root, value, At::ROOT);
        // Recorded here, once the walk is over, never where the budget ran out: a union's
        // trial takes back what it recorded, and a walk cut short must not be accepted.
        if self.ctx.exhausted {
            self.ctx.engine.record(
                Issue::new(
                    Code::Custom,
                    "the schema asks for too much work on this value",
                )
                .with_hint("send a simpler value; the tool's inputSchema says what it holds"),
            );
        }
    }

    fn apply(&mut self, id: Id, value: &mut Value, at: At) {
        if at.hops > MAX_HOPS {
            self.ctx.issue(|| {
                Issue::new(Code::Custom, "the schema refers to itself without end")
                    .with_hint("the tool's inputSchema cannot be checked")
            });
            return;
        }
        if at.chain > MAX_CHAIN {
            self.ctx.issue(|| {
                Issue::new(
                    Code::TooDeep,
                    "the schema nests too deep for this value to be checked",
                )
                .with_input(Input::from_value(value))
                .with_hint("send the value with less nesting")
            });
            return;
        }
        if !self.ctx.tick() {
            return;
        }
        let c = self.c;
        let node = c.node(id);
        if node.leaf != 0 && as_sent(node, value) {
            return;
        }
        if node.never {
            self.ctx.issue(|| never(value));
            return;
        }
        if node.any {
            return;
        }
        if let Some(target) = node.reference {
            self.apply(target, value, at.hop());
            if node.ref_only {
                return;
            }
        }
        if value.is_null() && self.allows_null(node) {
            return;
        }
        // An enum string sent in another spelling is read as the value it names before the
        // string's own keywords judge it (preprocess, then assert).
        if value.is_string() && (node.enumeration.is_some() || node.constant.is_some()) {
            self.fold_member(node, value);
        }
        self.typed(node, value, at);
        for &branch in &node.all_of {
            self.apply(branch, value, at.hop());
        }
        if !node.any_of.is_empty() {
            self.union(node, &node.any_of, false, value, at);
        }
        if !node.one_of.is_empty() {
            self.union(node, &node.one_of, true, value, at);
        }
        if node.enumeration.is_some() || node.constant.is_some() {
            self.member(node, value);
        }
    }

    /// Whether the node admits `null` (`type`, `enum`/`const`, or a `null` branch).
    fn allows_null(&self, node: &Node) -> bool {
        if node.types & types::NULL != 0 {
            return true;
        }
        if node.types == 0 {
            let null_branch = |branches: &[Id]| {
                branches.iter().any(|&b| {
                    let n = self.c.node(b);
                    n.any || n.types == types::NULL
                })
            };
            if null_branch(&node.any_of) || null_branch(&node.one_of) {
                return true;
            }
        }
        false
    }

    /// The rules of the node's types.
    fn typed(&mut self, node: &Node, value: &mut Value, at: At) {
        let accepted = node.accepted_types();
        let sent = type_of(value);
        if accepted == 0 {
            // No type: the value's own type selects the row.
            self.row(node, sent, value, at);
            return;
        }
        if sent & accepted != 0 {
            self.row(node, sent & accepted, value, at);
            return;
        }
        // Not of an accepted type: the lax readings toward each accepted type, in the
        // order of `types`.
        let targets: Vec<u8> = [
            types::INTEGER,
            types::NUMBER,
            types::BOOLEAN,
            types::ARRAY,
            types::OBJECT,
        ]
        .into_iter()
        .filter(|t| accepted & t != 0 && reads(sent, *t, value))
        .collect();
        match targets.as_slice() {
            [] => self.ctx.issue(|| wrong_type(accepted, value)),
            [one] => self.row(node, *one, value, at),
            several => {
                // The first that accepts it.
                for &target in several {
                    let mark = self.ctx.mark();
                    let mut trial = value.clone();
                    self.row(node, target, &mut trial, at);
                    if !self.ctx.failed_since(mark) {
                        *value = trial;
                        return;
                    }
                    self.ctx.rewind(mark);
                    self.ctx.failed = false;
                    if self.ctx.strict {
                        self.ctx.failed = true;
                        return;
                    }
                }
                self.ctx.issue(|| wrong_type(accepted, value));
            }
        }
    }

    fn row(&mut self, node: &Node, row: u8, value: &mut Value, at: At) {
        // The integer rules where the schema declares `integer`; a type inferred from
        // `enum`/`const` values reads a number as the number it is.
        if row & types::INTEGER != 0
            && (node.types & types::INTEGER != 0 || !matches!(value, Value::Number(_)))
        {
            self.integer(node, value);
        } else if row & (types::NUMBER | types::INTEGER) != 0 {
            self.number(node, value);
        } else if row & types::BOOLEAN != 0 {
            self.boolean(value);
        } else if row & types::STRING != 0 {
            self.string(node, value);
        } else if row & types::ARRAY != 0 {
            self.array(node, value, at);
        } else if row & types::OBJECT != 0 {
            self.object(node, value, at);
        } else if row & types::NULL != 0 && !value.is_null() {
            self.ctx.issue(|| wrong_type(types::NULL, value));
        }
    }

    // -- integers and numbers ---------------------------------------------------------

    fn integer(&mut self, node: &Node, value: &mut Value) {
        let read = match &*value {
            Value::Number(n) if n.is_i64() || n.is_u64() => Ok(None),
            Value::Number(n) => {
                let f = n.as_f64().unwrap_or(f64::NAN);
                match rules::int::from_f64(f) {
                    // Valid as sent: JSON Schema reads `1.0` as an integer (but draft 4).
                    Ok(_) if self.ctx.strict && self.c.integral_floats => Ok(None),
                    Ok(int) if self.ctx.lax() => {
                        let from = Input::Number(n.clone());
                        Ok(Some((int, Some(from), None)))
                    }
                    Ok(_) => return,
                    Err(failure) => Err(rules::int::issue(
                        failure,
                        Input::Number(n.clone()),
                        JSON_MIN,
                        JSON_MAX,
                    )),
                }
            }
            Value::String(text) => {
                if !self.ctx.lax() {
                    return;
                }
                match rules::int::from_str(text) {
                    Ok(int) => {
                        let integral = text.contains('.');
                        Ok(Some((int, None, Some(integral))))
                    }
                    Err(failure) => Err(rules::int::issue(
                        failure,
                        Input::from_text(text),
                        JSON_MIN,
                        JSON_MAX,
                    )),
                }
            }
            other => Err(wrong_type(types::INTEGER, other)),
        };
        match read {
            Err(issue) => self.ctx.issue(|| issue),
            Ok(None) => {}
            Ok(Some((int, from_float, from_text))) => {
                let Some(n) = json_int(int) else {
                    let input = Input::from_value(value);
                    self.ctx.issue(|| {
                        rules::int::issue(rules::int::Failure::Overflow, input, JSON_MIN, JSON_MAX)
                    });
                    return;
                };
                if let Some(integral) = from_text {
                    if !self.ctx.quiet_text {
                        // `value` is still the string read.
                        let sent = &*value;
                        self.ctx.note(|| {
                            Coercion::new(
                                Rule::NumericString,
                                Some(Input::from_text(sent.as_str().unwrap_or_default())),
                                Some(Input::Number(n.clone())),
                            )
                        });
                    }
                    if integral {
                        self.ctx.note(|| {
                            Coercion::new(Rule::IntegralFloat, None, Some(Input::Number(n.clone())))
                        });
                    }
                }
                if let Some(from) = from_float {
                    self.ctx.note(|| {
                        Coercion::new(
                            Rule::IntegralFloat,
                            Some(from),
                            Some(Input::Number(n.clone())),
                        )
                    });
                }
                *value = Value::Number(n);
            }
        }
        self.bounds(node, value);
    }

    fn number(&mut self, node: &Node, value: &mut Value) {
        match &*value {
            Value::Number(_) => {}
            Value::String(text) => {
                if !self.ctx.lax() {
                    return;
                }
                match rules::number::from_str(text) {
                    Ok(f) => {
                        // Without a fraction, the number is written as an integer.
                        let n = rules::int::from_str(text)
                            .ok()
                            .and_then(json_int)
                            .or_else(|| Number::from_f64(f));
                        let Some(n) = n else { return };
                        if !self.ctx.quiet_text {
                            self.ctx.note(|| {
                                Coercion::new(
                                    Rule::NumericString,
                                    Some(Input::from_text(text)),
                                    Some(Input::Number(n.clone())),
                                )
                            });
                        }
                        *value = Value::Number(n);
                    }
                    Err(failure) => {
                        let input = Input::from_text(text);
                        self.ctx.issue(|| rules::number::issue(failure, input));
                        return;
                    }
                }
            }
            other => {
                let issue = wrong_type(types::NUMBER, other);
                self.ctx.issue(|| issue);
                return;
            }
        }
        self.bounds(node, value);
    }

    /// `minimum`, `maximum` (inclusive or exclusive) and `multipleOf`.
    fn bounds(&mut self, node: &Node, value: &Value) {
        let Value::Number(n) = value else { return };
        if let Some(min) = &node.minimum {
            let ord = number::compare(n, &min.value);
            if ord.is_lt() || (min.exclusive && ord.is_eq()) {
                let input = Input::Number(n.clone());
                self.ctx.issue(|| {
                    rules::bounds::too_small(&min.value, min.exclusive).with_input(input)
                });
                return;
            }
        }
        if let Some(max) = &node.maximum {
            let ord = number::compare(n, &max.value);
            if ord.is_gt() || (max.exclusive && ord.is_eq()) {
                let input = Input::Number(n.clone());
                self.ctx
                    .issue(|| rules::bounds::too_big(&max.value, max.exclusive).with_input(input));
                return;
            }
        }
        if let Some(m) = &node.multiple_of
            && !number::is_multiple(n, m)
        {
            let input = Input::Number(n.clone());
            self.ctx.issue(|| {
                Issue::new(Code::Custom, format!("must be a multiple of {m}"))
                    .with_input(input)
                    .with_hint(format!("send a multiple of {m}"))
                    .with_context("multipleOf", Value::Number(m.clone()))
            });
        }
    }

    // -- booleans and strings ---------------------------------------------------------

    fn boolean(&mut self, value: &mut Value) {
        let read = match &*value {
            Value::Bool(_) => return,
            Value::Number(n) if n.as_u64() == Some(1) => Some(true),
            Value::Number(n) if n.as_u64() == Some(0) => Some(false),
            Value::String(text) => rules::boolean::from_str(text),
            Value::Number(_) => None,
            other => {
                let issue = wrong_type(types::BOOLEAN, other);
                self.ctx.issue(|| issue);
                return;
            }
        };
        match read {
            Some(b) => {
                if !self.ctx.lax() {
                    return;
                }
                let sent = &*value;
                self.ctx.note(|| {
                    Coercion::new(
                        Rule::BoolToken,
                        Some(Input::from_value(sent)),
                        Some(Input::Bool(b)),
                    )
                });
                *value = Value::Bool(b);
            }
            None => {
                let input = Input::from_value(value);
                self.ctx.issue(|| rules::boolean::issue(input));
            }
        }
    }

    fn string(&mut self, node: &Node, value: &mut Value) {
        // `format` first: lengths and `pattern` judge the canonical text. A value valid as
        // sent is kept as it is, and its canonical text never written.
        if let Some(format) = node.format
            && let Value::String(text) = &*value
            && !rules::format::as_sent(format, text)
        {
            match rules::format::read(format, text) {
                Ok(read) if read.as_sent => {}
                Ok(read) => {
                    if !self.ctx.lax() {
                        return;
                    }
                    let from = Input::from_text(text);
                    let to = Input::from_text(&read.canonical);
                    self.ctx
                        .note(|| Coercion::new(Rule::FormatCanonical, Some(from), Some(to)));
                    *value = Value::String(read.canonical);
                }
                Err(issue) => {
                    self.ctx.issue(|| issue);
                    return;
                }
            }
        }
        let Value::String(text) = &*value else {
            let issue = wrong_type(types::STRING, value);
            self.ctx.issue(|| issue);
            return;
        };
        if node.min_length.is_some() || node.max_length.is_some() {
            let (min, max) = (
                node.min_length.unwrap_or(0),
                node.max_length.unwrap_or(usize::MAX),
            );
            if let Err(issue) = rules::text::check_length(text, min, max) {
                let input = Input::from_text(text);
                self.ctx.issue(|| issue.with_input(input));
                return;
            }
        }
        if let Some(pattern) = &node.pattern {
            let verdict = pattern.is_match(text);
            if verdict != Ok(true) {
                let input = Input::from_text(text);
                let exhausted = verdict.is_err();
                self.ctx.issue(|| {
                    let issue = if exhausted {
                        Issue::new(
                            Code::PatternMismatch,
                            "the pattern could not be checked against this value",
                        )
                        .with_hint("send a shorter or simpler value")
                    } else {
                        Issue::new(Code::PatternMismatch, "does not match the pattern").with_hint(
                            "send a value that matches the pattern in the tool's inputSchema",
                        )
                    };
                    issue
                        .with_input(input)
                        .with_context("pattern", truncate(pattern.source()))
                });
            }
        }
    }

    // -- enums --------------------------------------------------------------------------

    /// A string folding to one `enum`/`const` string read as it; whether it is a member.
    fn fold_member(&mut self, node: &Node, value: &mut Value) -> bool {
        let allowed: &[Value] = match (&node.enumeration, &node.constant) {
            (Some(values), _) => values,
            (None, Some(value)) => std::slice::from_ref(value),
            _ => return true,
        };
        if allowed.iter().any(|a| number::equal(a, value)) {
            return true;
        }
        // A format's canonical text is the value to compare: folding it back onto a member
        // written in another spelling (`2026/01/15`) would return text the format refuses.
        if node.format.is_some() {
            return false;
        }
        if let (Value::String(sent), Some(folded)) = (&*value, &node.folded) {
            let key: String = arguments::folded(sent).collect();
            if let Some([index]) = folded.get(&key).map(Vec::as_slice)
                && let Some(name) = allowed.get(*index)
            {
                if !self.ctx.lax() {
                    return true;
                }
                self.ctx.note(|| {
                    Coercion::new(
                        Rule::EnumFold,
                        Some(Input::from_text(sent)),
                        Some(Input::from_value(name)),
                    )
                });
                *value = name.clone();
                return true;
            }
        }
        false
    }

    /// `enum`/`const`: membership by value, a string folding to one value read as it.
    fn member(&mut self, node: &Node, value: &mut Value) {
        if self.fold_member(node, value) {
            return;
        }
        let allowed: &[Value] = match (&node.enumeration, &node.constant) {
            (Some(values), _) => values,
            (None, Some(value)) => std::slice::from_ref(value),
            _ => return,
        };
        let input = Input::from_value(value);
        self.ctx
            .issue(|| rules::enums::unknown(allowed, value.as_str(), input));
    }

    // -- arrays ---------------------------------------------------------------------------

    fn array(&mut self, node: &Node, value: &mut Value, at: At) {
        if at.depth >= MAX_NESTING {
            self.ctx.issue(|| too_deep(value));
            return;
        }
        let mut origin = Origin::Native;
        if !value.is_array() {
            match self.read_as_array(node, value) {
                Some(o) => origin = o,
                None => return,
            }
        }
        let Value::Array(items) = value else { return };
        let count = items.len();
        if let Some(max) = node.max_items
            && count > max
        {
            self.ctx.issue(|| rules::items::too_long(count, max));
        } else if let Some(min) = node.min_items
            && count < min
        {
            self.ctx.issue(|| rules::items::too_short(count, min));
        }
        let first = self.ctx.mark();
        self.ctx.budget = self
            .ctx
            .budget
            .saturating_add(BUDGET_PER_VALUE.saturating_mul(count as u64));
        // A native array whose scalar leaf `items` accepts every element as sent is left as
        // it is in one loop, without a call per element (`Walk::apply` would leave each).
        let leaf = match (&origin, node.prefix_items.is_empty(), node.items) {
            (Origin::Native, true, Some(id)) => Some(self.c.node(id)).filter(|n| n.leaf != 0),
            _ => None,
        };
        let all_as_sent = match leaf {
            Some(leaf) if bare(leaf) => items.iter().all(|item| of_leaf_type(leaf.leaf, item)),
            Some(leaf) => items.iter().all(|item| as_sent(leaf, item)),
            None => false,
        };
        let walked = if all_as_sent { 0 } else { items.len() };
        for (i, item) in items.iter_mut().enumerate().take(walked) {
            let element = match node.prefix_items.get(i) {
                Some(&id) => Some(id),
                None => node.items,
            };
            if let Some(id) = element {
                let mark = self.ctx.mark();
                match &origin {
                    Origin::Pieces { text, pieces } => {
                        let Some((range, offset, refused)) = pieces.get(i) else {
                            continue;
                        };
                        let piece = text.get(range.clone()).unwrap_or_default();
                        if *refused {
                            continue;
                        }
                        // A comma piece is text by nature: only what goes beyond reading it
                        // as text is recorded.
                        let quiet = std::mem::replace(&mut self.ctx.quiet_text, true);
                        self.apply(id, item, at.down());
                        self.ctx.quiet_text = quiet;
                        if self.ctx.engine.issues_since(mark.0) {
                            let separated = rules::array_text::other_separator(piece);
                            self.ctx.engine.for_issues_since(mark.0, |issue| {
                                if let Some(offset) = offset {
                                    issue.set_context("offset", *offset);
                                }
                                if separated {
                                    issue.set_hint(rules::array_text::OTHER_SEPARATOR_HINT);
                                }
                            });
                        }
                    }
                    _ => self.apply(id, item, at.down()),
                }
                self.ctx.prefix(mark, || Segment::Index(i));
            }
            if self.ctx.strict && self.ctx.failed {
                return;
            }
        }
        if let Origin::Json { s, t } = &origin {
            crate::engine::locate_since(first.0, s, t);
        }
        if node.unique_items
            && let Some(i) = first_repeat(items)
        {
            self.ctx.issue(|| {
                Issue::new(Code::Custom, "array items must be unique")
                    .with_hint("send each item once")
                    .at(Path::root().join(i))
            });
        }
    }

    /// Read a non-array as one (JSON text, comma pieces, a lone element); `None` when refused.
    fn read_as_array(&mut self, node: &Node, value: &mut Value) -> Option<Origin> {
        if !self.ctx.lax() {
            return None;
        }
        let kind = self.element_kind(node);
        match std::mem::take(value) {
            Value::String(text) => {
                let read = self.array_text(&text, kind, &text, 1);
                match read {
                    Some((items, origin)) => {
                        *value = Value::Array(items);
                        Some(origin)
                    }
                    None => {
                        *value = Value::String(text);
                        None
                    }
                }
            }
            Value::Null => {
                let issue = wrong_type(types::ARRAY, &Value::Null);
                self.ctx.issue(|| issue);
                None
            }
            lone => {
                // The integer- and string-array rules take a lone element of the element
                // type only (`7` for integers); any other lone value is the field's
                // `invalid_type` (`true` for integers, `42` for strings), as on the typed
                // route. Arrays of other elements wrap any lone value.
                let fits = match kind {
                    ArrayKind::Any => true,
                    ArrayKind::Strings => false,
                    ArrayKind::Scalars => {
                        let element = self.element_types(node);
                        match &lone {
                            Value::Number(_) => element & (types::INTEGER | types::NUMBER) != 0,
                            Value::Bool(_) => element & types::BOOLEAN != 0,
                            _ => false,
                        }
                    }
                };
                if !fits {
                    let issue = wrong_type(types::ARRAY, &lone);
                    self.ctx.issue(|| issue);
                    *value = lone;
                    return None;
                }
                let from = match &lone {
                    Value::Object(map) => crate::report::members(map.len()),
                    other => Some(Input::from_value(other)),
                };
                self.ctx
                    .note(|| Coercion::new(Rule::ScalarWrap, from, crate::report::items(1)));
                *value = Value::Array(vec![lone]);
                Some(Origin::Native)
            }
        }
    }

    /// The items the string `s` holds for an array of `kind` elements, and their origin.
    fn array_text(
        &mut self,
        s: &str,
        kind: ArrayKind,
        arrived: &str,
        layer: u8,
    ) -> Option<(Vec<Value>, Origin)> {
        use rules::array_text::{self as text, Text};
        let shape = if kind == ArrayKind::Strings {
            &text::STRINGS
        } else {
            &decode::ARRAY
        };
        match text::text(s, kind) {
            Text::Empty => {
                self.ctx.note(|| {
                    Coercion::new(
                        Rule::CommaSplit,
                        Some(Input::from_text(s)),
                        crate::report::items(0),
                    )
                });
                Some((Vec::new(), Origin::Native))
            }
            Text::Json { text: t, only } => match serde_json::from_str::<Vec<Value>>(t) {
                Ok(items) => {
                    let n = items.len();
                    self.ctx.note(|| {
                        Coercion::new(
                            Rule::JsonString,
                            crate::report::encoded(s),
                            crate::report::items(n),
                        )
                    });
                    Some((
                        items,
                        Origin::Json {
                            s: s.to_owned(),
                            t: t.to_owned(),
                        },
                    ))
                }
                Err(e) if only => {
                    self.ctx
                        .issue(|| decode::invalid_json(shape, &e, s, arrived));
                    None
                }
                Err(_) => self.plain_array(t, s, kind, arrived),
            },
            Text::Layer(Ok(_)) if layer >= decode::MAX_LAYERS => {
                self.ctx
                    .issue(|| decode::too_encoded(&decode::ARRAY, arrived));
                None
            }
            Text::Layer(Ok(inner)) => {
                let first = self.ctx.mark();
                let out = self.array_text(&inner, kind, arrived, layer + 1);
                if out.is_some() {
                    self.ctx.engine.note_first(first.0, || {
                        Coercion::new(
                            Rule::JsonString,
                            crate::report::encoded(s),
                            crate::report::encoded(&inner),
                        )
                    });
                }
                out
            }
            Text::Layer(Err(e)) => {
                self.ctx
                    .issue(|| decode::invalid_json(shape, &e, s, arrived));
                None
            }
            Text::Plain(t) => self.plain_array(t, s, kind, arrived),
        }
    }

    /// Plain text `t` read as an array: comma pieces for scalars and strings, else one element.
    fn plain_array(
        &mut self,
        t: &str,
        s: &str,
        kind: ArrayKind,
        arrived: &str,
    ) -> Option<(Vec<Value>, Origin)> {
        use rules::array_text as text;
        match kind {
            ArrayKind::Any => {
                self.ctx.note(|| {
                    Coercion::new(
                        Rule::ScalarWrap,
                        Some(Input::from_text(s)),
                        crate::report::items(1),
                    )
                });
                Some((vec![Value::String(s.to_owned())], Origin::Native))
            }
            ArrayKind::Strings => {
                if text::quoted_pieces(t) {
                    self.ctx.issue(|| text::quoted_pieces_issue(s, arrived));
                    return None;
                }
                let items: Vec<Value> = text::pieces(t)
                    .map(|p| Value::String(p.to_owned()))
                    .collect();
                let n = items.len();
                self.ctx.note(|| {
                    Coercion::new(
                        Rule::CommaSplit,
                        Some(Input::from_text(s)),
                        crate::report::items(n),
                    )
                });
                Some((items, Origin::Native))
            }
            ArrayKind::Scalars => {
                // A leading zero in a string of two or more pieces (`"1,000"`) is a number
                // written with thousands separators, not several integers.
                let several = text::pieces(t).nth(1).is_some();
                let mut cursor = decode::Cursor::new(s);
                let mut items = Vec::new();
                let mut pieces = Vec::new();
                for (index, piece) in text::pieces(t).enumerate() {
                    let offset = cursor.at(piece);
                    let refused = several && text::leading_zero(piece);
                    if refused {
                        self.ctx.issue(|| {
                            let mut issue = *text::thousands_issue(piece, t);
                            if let Some(offset) = offset {
                                issue.set_context("offset", offset);
                            }
                            issue.at(Path::root().join(index))
                        });
                    }
                    items.push(Value::String(piece.to_owned()));
                    let start = piece.as_ptr() as usize - t.as_ptr() as usize;
                    pieces.push((start..start + piece.len(), offset, refused));
                }
                let n = items.len();
                self.ctx.note(|| {
                    Coercion::new(
                        Rule::CommaSplit,
                        Some(Input::from_text(s)),
                        crate::report::items(n),
                    )
                });
                Some((
                    items,
                    Origin::Pieces {
                        text: t.to_owned(),
                        pieces,
                    },
                ))
            }
        }
    }

    /// How a string sent for an array of `node`'s items splits.
    fn element_kind(&self, node: &Node) -> ArrayKind {
        use ArrayKind as Kind;
        let t = self.element_types(node);
        if t != 0 && t & !(types::INTEGER | types::NUMBER | types::BOOLEAN) == 0 {
            Kind::Scalars
        } else if t == types::STRING {
            Kind::Strings
        } else {
            Kind::Any
        }
    }

    /// The type bits of `node`'s scalar `items` (`null` left out); 0 otherwise.
    fn element_types(&self, node: &Node) -> u8 {
        let Some(items) = node.items.filter(|_| node.prefix_items.is_empty()) else {
            return 0;
        };
        let mut id = items;
        for _ in 0..8 {
            let n = self.c.node(id);
            match n.reference {
                Some(target) if n.ref_only || n.accepted_types() == 0 => id = target,
                _ => break,
            }
        }
        self.c.node(id).accepted_types() & !types::NULL
    }

    // -- objects --------------------------------------------------------------------------

    fn object(&mut self, node: &Node, value: &mut Value, at: At) {
        if at.depth >= MAX_NESTING {
            self.ctx.issue(|| too_deep(value));
            return;
        }
        if let Value::String(text) = &*value {
            if !self.ctx.lax() {
                return;
            }
            match rules::object_text::read(text) {
                Ok(object) => *value = Value::Object(object),
                Err(issue) => {
                    self.ctx.issue(|| issue);
                    return;
                }
            }
        }
        let Value::Object(map) = value else {
            let issue = wrong_type(types::OBJECT, value);
            self.ctx.issue(|| issue);
            return;
        };
        // The property names, on the stack for the common sizes.
        const ON_STACK: usize = 16;
        let mut names = [""; ON_STACK];
        let spilled: Vec<&str>;
        let declared: &[&str] = if node.properties.len() <= ON_STACK {
            for (slot, (name, _)) in names.iter_mut().zip(&node.properties) {
                *slot = name;
            }
            &names[..node.properties.len()]
        } else {
            spilled = node.properties.iter().map(|(n, _)| &**n).collect();
            &spilled
        };
        if at.depth == 0 && !declared.is_empty() && map.len() <= 2 {
            self.unwrap_root(map, declared);
        }
        let mut all_declared = map.keys().all(|k| declared.contains(&k.as_str()));
        if !declared.is_empty() && !all_declared {
            // The names keys fold to: the properties, and the names `required` gives without
            // a property (a key spelled as one of those is the schema's own, never folded).
            let mut named = declared.to_vec();
            named.extend(
                node.required
                    .iter()
                    .map(|n| &**n)
                    .filter(|n| !declared.contains(n)),
            );
            if !arguments::key_folds(map.keys().map(String::as_str), &named).is_empty() {
                if !self.ctx.lax() {
                    return;
                }
                self.fold_keys(map, &named);
                all_declared = map.keys().all(|k| declared.contains(&k.as_str()));
            }
        }
        if all_declared && node.property_names.is_none() && !map.values().any(may_read_as_absent) {
            self.declared_only(node, map, at);
        } else {
            self.members(node, map, declared, at);
        }
        if self.ctx.strict && self.ctx.failed {
            return;
        }
        self.absent(node, map, declared, all_declared, at);
    }

    /// Members of an object with only declared keys, none absent-like, read in place.
    fn declared_only(&mut self, node: &Node, map: &mut Map<String, Value>, at: At) {
        self.ctx.budget = self
            .ctx
            .budget
            .saturating_add(BUDGET_PER_VALUE.saturating_mul(map.len() as u64));
        for (key, value) in map.iter_mut() {
            let mark = self.ctx.mark();
            if let Some(&(_, id)) = node
                .properties
                .iter()
                .find(|(name, _)| **name == *key.as_str())
            {
                self.apply(id, value, at.down());
                self.pattern_properties(node, key, value, at);
            }
            self.ctx.prefix(mark, || Segment::key(key));
            if self.ctx.strict && self.ctx.failed {
                return;
            }
        }
    }

    /// The members of an object, one key after the other.
    fn members(&mut self, node: &Node, map: &mut Map<String, Value>, declared: &[&str], at: At) {
        let keys: Vec<String> = map.keys().cloned().collect();
        self.ctx.budget = self
            .ctx
            .budget
            .saturating_add(BUDGET_PER_VALUE.saturating_mul(keys.len() as u64));
        for key in &keys {
            let mark = self.ctx.mark();
            match node
                .properties
                .iter()
                .find(|(name, _)| &**name == key.as_str())
            {
                Some((_, id)) => {
                    self.property(node, *id, map, key, at);
                    if let Some(value) = map.get_mut(key.as_str()) {
                        self.pattern_properties(node, key, value, at);
                    }
                }
                None => self.other_key(node, map, key, declared, at),
            }
            self.ctx.prefix(mark, || Segment::key(key));
            if let Some(names) = node.property_names {
                // A key is checked as it is: it is never renamed.
                let mut name = Value::String(key.clone());
                if !self.valid(names, &mut name, at.down()) {
                    let input = Input::from_text(key);
                    self.ctx.issue(|| {
                        Issue::new(Code::Custom, "this key is not an allowed property name")
                            .with_input(input)
                            .with_hint("send only the keys the tool's inputSchema allows")
                            .at(Path::root().join(key.as_str()))
                    });
                }
            }
            if self.ctx.strict && self.ctx.failed {
                return;
            }
        }
    }

    /// A declared property's value, read-as-absent values handled as for optional fields.
    fn property(&mut self, node: &Node, id: Id, map: &mut Map<String, Value>, key: &str, at: At) {
        let Some(value) = map.get_mut(key) else {
            return;
        };
        let optional = !node.required.iter().any(|r| &**r == key);
        // A value the property's schema accepts as sent is never read as absent (`null` in
        // an `enum` that lists it, `"  "` for a `minLength` of 1).
        if optional && self.reads_as_absent(id, value) && !self.valid(id, value, at.down()) {
            if !self.ctx.lax() {
                return;
            }
            let from = Input::from_value(value);
            let keeps_null = self.allows_null(self.followed(id));
            // At the property's path: the caller puts the key in front.
            self.ctx
                .note(|| Coercion::new(Rule::EmptyAsAbsent, Some(from), None));
            if keeps_null {
                *value = Value::Null;
            } else {
                map.remove(key);
            }
            return;
        }
        self.apply(id, value, at.down());
    }

    /// Whether an optional property's value reads as absent (`null`, `""`, `"null"`).
    fn reads_as_absent(&self, id: Id, value: &Value) -> bool {
        let node = self.followed(id);
        let accepted = self.union_types(node, 0);
        match value {
            Value::Null => !self.allows_null(node) && accepted != 0,
            Value::String(s) if crate::words::trim(s).is_empty() => {
                accepted != 0 && self.refuses_blank(node, s, 0)
            }
            Value::String(s) if s == "null" => accepted != 0 && accepted & types::STRING == 0,
            _ => false,
        }
    }

    /// The type bits `node` accepts, or its union branches' when it names none; 0 for any.
    fn union_types(&self, node: &Node, depth: u32) -> u8 {
        let own = node.accepted_types();
        if own != 0 || depth > 8 {
            return own;
        }
        let mut bits = 0;
        for &b in node.any_of.iter().chain(&node.one_of) {
            let t = self.union_types(self.followed(b), depth + 1);
            if t == 0 {
                return 0;
            }
            bits |= t;
        }
        bits
    }

    /// Whether the blank string `s` is no value of `node`.
    fn refuses_blank(&self, node: &Node, s: &str, depth: u32) -> bool {
        let accepted = node.accepted_types();
        if accepted == 0 {
            let mut branches = node.any_of.iter().chain(&node.one_of).peekable();
            return depth <= 8
                && branches.peek().is_some()
                && branches.all(|&b| self.refuses_blank(self.followed(b), s, depth + 1));
        }
        accepted & types::STRING == 0
            || node.min_length.is_some_and(|m| m > 0)
            || node
                .enumeration
                .as_ref()
                .is_some_and(|e| !e.iter().any(|v| v.as_str() == Some(s)))
            || node
                .constant
                .as_ref()
                .is_some_and(|c| c.as_str() != Some(s))
            || node
                .pattern
                .as_ref()
                .is_some_and(|p| p.is_match(s) != Ok(true))
            || node
                .format
                .is_some_and(|f| rules::format::read(f, s).is_err())
    }

    /// The node `id`, past `$ref`s that stand alone.
    fn followed(&self, mut id: Id) -> &Node {
        for _ in 0..8 {
            let n = self.c.node(id);
            match n.reference {
                Some(target)
                    if n.ref_only || (n.accepted_types() == 0 && n.properties.is_empty()) =>
                {
                    id = target;
                }
                _ => break,
            }
        }
        self.c.node(id)
    }

    /// A key no property names: `patternProperties`, `additionalProperties`, or free-form.
    fn other_key(
        &mut self,
        node: &Node,
        map: &mut Map<String, Value>,
        key: &str,
        declared: &[&str],
        at: At,
    ) {
        let Some(value) = map.get_mut(key) else {
            return;
        };
        if self.pattern_properties(node, key, value, at) {
            return;
        }
        match node.additional {
            Some(id) if self.c.node(id).never => {
                let near = near_hint(key, declared, map).map(|field| (key, field));
                self.ctx.issue(|| {
                    rules::keys::unknown_field(declared, near).with_input(Input::from_text(key))
                });
            }
            Some(id) => self.apply(id, value, at.down()),
            None => {
                if rules::keys::FORBIDDEN.contains(&key) {
                    self.ctx.issue(|| rules::keys::forbidden_key(key));
                } else {
                    // Scanned here even where a `$ref`, `allOf`, `anyOf` or `oneOf` reads the
                    // same object: a branch that is `true`, `{}` or annotations only scans
                    // nothing (crates/testsuite/tests/suite/schema_engine_regressions.rs).
                    self.free_form(value);
                }
            }
        }
    }

    /// Apply the `patternProperties` whose pattern `key` matches; whether one matched.
    fn pattern_properties(&mut self, node: &Node, key: &str, value: &mut Value, at: At) -> bool {
        let mut matched = false;
        for (pattern, id) in &node.pattern_properties {
            match pattern.is_match(key) {
                Ok(true) => {
                    matched = true;
                    self.apply(*id, value, at.down());
                }
                Ok(false) => {}
                Err(_) => {
                    matched = true;
                    self.ctx.issue(|| {
                        Issue::new(
                            Code::PatternMismatch,
                            "the key could not be checked against a pattern",
                        )
                        .with_hint("send a shorter key")
                    });
                }
            }
        }
        matched
    }

    /// A value no schema describes: forbidden keys refused at any depth.
    fn free_form(&mut self, value: &Value) {
        if !matches!(value, Value::Array(_) | Value::Object(_)) {
            return;
        }
        for issue in rules::keys::forbidden_in(value, MAX_NESTING as usize) {
            self.ctx.issue(|| issue);
        }
    }

    /// Required properties the object lacks (default or `missing`), and near-miss keys.
    fn absent(
        &mut self,
        node: &Node,
        map: &mut Map<String, Value>,
        declared: &[&str],
        all_declared: bool,
        at: At,
    ) {
        // Nothing missing and nothing to note (the common case): no lists are built.
        if node.required.iter().all(|r| map.contains_key(&**r))
            && (declared.is_empty() || !self.ctx.engine.reports() || all_declared)
        {
            return;
        }
        let missing: Vec<&str> = node
            .required
            .iter()
            .map(|r| &**r)
            .filter(|r| !map.contains_key(*r))
            .collect();
        let unknown: Vec<String> = if declared.is_empty() {
            Vec::new()
        } else {
            map.keys()
                .filter(|k| !declared.contains(&k.as_str()))
                .cloned()
                .collect()
        };
        let unknown_refs: Vec<&str> = unknown.iter().map(String::as_str).collect();
        let mut still: Vec<&str> = Vec::new();
        for name in missing {
            let default =
                node.properties
                    .iter()
                    .find(|(n, _)| &**n == name)
                    .and_then(|&(_, id)| {
                        let default = self
                            .followed(id)
                            .default
                            .clone()
                            .or_else(|| self.c.node(id).default.clone())?;
                        // A default the property's own schema refuses (`"default": null` on a
                        // string) is not filled in: the result would not validate.
                        let mut check = default.clone();
                        self.valid(id, &mut check, at.down()).then_some(default)
                    });
            match default {
                Some(default) if self.ctx.lax() => {
                    let to = Input::from_value(&default);
                    self.ctx.note(|| {
                        let mut c = Coercion::new(Rule::DefaultApplied, None, Some(to));
                        crate::engine::prepend_coercion(&mut c, Segment::key(name));
                        c
                    });
                    map.insert(name.to_owned(), default);
                }
                Some(_) => return,
                None => still.push(name),
            }
        }
        if !still.is_empty() {
            let near = arguments::near_misses(&still, &unknown_refs);
            for (name, sent) in still.iter().zip(near) {
                let inside = arguments::sent_inside(map, name, declared);
                self.ctx.issue(|| match inside {
                    Some(wrapper) => rules::keys::missing_inside(name, wrapper),
                    None => rules::keys::missing(name, sent),
                });
            }
        }
        if self.ctx.engine.reports()
            && !unknown_refs.is_empty()
            && !matches!(node.additional, Some(id) if self.c.node(id).never)
        {
            let optional: Vec<&str> = declared
                .iter()
                .copied()
                .filter(|d| !map.contains_key(*d) && !still.contains(d))
                .collect();
            let near = arguments::near_misses(&optional, &unknown_refs);
            for (field, key) in optional.iter().zip(near) {
                if let Some(key) = key {
                    let (from, to) = (Input::from_text(key), Input::Text((*field).to_owned()));
                    self.ctx.note(|| {
                        let mut c = Coercion::new(Rule::UnknownIgnored, Some(from), Some(to));
                        crate::engine::prepend_coercion(&mut c, Segment::key(key));
                        c
                    });
                }
            }
        }
    }

    /// The arguments read from inside a wrapper key.
    fn unwrap_root(&mut self, map: &mut Map<String, Value>, declared: &[&str]) {
        let Some(key) = arguments::wrapper(map, declared, self.ctx.tool).map(str::to_owned) else {
            return;
        };
        if !self.ctx.lax() {
            return;
        }
        let inner = match map.remove(&key) {
            Some(Value::Object(inner)) => inner,
            Some(Value::String(text)) => match arguments::object_in(&text) {
                Some(inner) => inner,
                None => return,
            },
            _ => return,
        };
        let members = inner.len();
        self.ctx.note(|| {
            Coercion::new(
                Rule::ArgsUnwrapped,
                Some(Input::Text(key)),
                crate::report::members(members),
            )
        });
        *map = inner;
    }

    /// Keys read as the properties they name once folded; two keys for one are `duplicate_key`.
    fn fold_keys(&mut self, map: &mut Map<String, Value>, declared: &[&str]) {
        let ctx = &mut self.ctx;
        arguments::fold_into(map, declared, |folded| match folded {
            Folded::Moved { key, name } => ctx.note(|| {
                let mut c = arguments::fold_note(key, name);
                crate::engine::prepend_coercion(&mut c, Segment::key(name));
                c
            }),
            Folded::Clash { key, name } => ctx.issue(|| rules::keys::clash(name, key)),
            Folded::Dropped(_) => {}
        });
    }

    // -- unions -----------------------------------------------------------------------------

    /// `anyOf` (`one` false) or `oneOf` (`one` true).
    fn union(&mut self, node: &Node, branches: &[Id], one: bool, value: &mut Value, at: At) {
        // A tagged union: the branch its tag names.
        if let Some(tag) = &node.tag
            && let Value::Object(map) = &mut *value
            && let Some(sent) = map.get(&*tag.property)
        {
            let chosen = match sent.as_str() {
                Some(s) => tag
                    .values
                    .iter()
                    .find(|(v, _)| &**v == s)
                    .or_else(|| {
                        let folded: String = arguments::folded(s).collect();
                        let mut close = tag
                            .values
                            .iter()
                            .filter(|(v, _)| arguments::folded(v).eq(folded.chars()));
                        match (close.next(), close.next()) {
                            (Some(one), None) => Some(one),
                            _ => None,
                        }
                    })
                    .cloned(),
                None => None,
            };
            match chosen {
                Some((canonical, index)) => {
                    if sent.as_str() != Some(&*canonical) {
                        if !self.ctx.lax() {
                            return;
                        }
                        let from = Input::from_value(sent);
                        let property = tag.property.clone();
                        let to = Input::Text(canonical.to_string());
                        self.ctx.note(|| {
                            let mut c = Coercion::new(Rule::EnumFold, Some(from), Some(to));
                            crate::engine::prepend_coercion(&mut c, Segment::key(&property));
                            c
                        });
                        map.insert(
                            tag.property.to_string(),
                            Value::String(canonical.to_string()),
                        );
                    }
                    if let Some(&branch) = branches.get(index) {
                        self.apply(branch, value, at.hop());
                    }
                }
                None => {
                    let allowed: Vec<Value> = tag
                        .values
                        .iter()
                        .map(|(v, _)| Value::String(v.to_string()))
                        .collect();
                    let input = Input::from_value(sent);
                    let text = sent.as_str().map(str::to_owned);
                    let property = tag.property.clone();
                    self.ctx.issue(|| {
                        rules::enums::unknown(&allowed, text.as_deref(), input)
                            .at(Path::root().join(&*property))
                    });
                }
            }
            return;
        }
        // The first branch the value matches as sent; with `oneOf`, two are a refusal.
        let mut valid = branches
            .iter()
            .enumerate()
            .filter(|(_, b)| self.valid(**b, value, at));
        if let Some((first, _)) = valid.next() {
            if one && valid.next().is_some() {
                let input = Input::from_value(value);
                self.ctx.issue(|| ambiguous(input));
            }
            let _ = first;
            return;
        }
        if self.ctx.strict {
            self.ctx.failed = true;
            return;
        }
        // The first branch that accepts it after coercion; with `oneOf`, a coerced value
        // that another branch accepts too is not kept (`oneOf` would refuse it).
        let mut several = false;
        for (index, &branch) in branches.iter().enumerate() {
            let mark = self.ctx.mark();
            let mut trial = value.clone();
            self.apply(branch, &mut trial, at.hop());
            if !self.ctx.failed_since(mark) {
                if !(one && self.also_valid(branches, index, &mut trial, at)) {
                    *value = trial;
                    return;
                }
                several = true;
            }
            self.ctx.rewind(mark);
            self.ctx.failed = false;
        }
        if several {
            let input = Input::from_value(value);
            self.ctx.issue(|| ambiguous(input));
            return;
        }
        // None: an address for `anyOf` of `ipv4` and `ipv6` (the contract's "a field taking
        // either"), as the typed route's field refuses it; the issues of the one branch of
        // the value's own type; or one issue.
        if let Value::String(text) = &*value
            && self.ip_either(branches)
            && let Err(issue) = rules::format::ip::read(text, rules::format::ip::Family::Either)
        {
            self.ctx.issue(|| issue);
            return;
        }
        let sent = type_of(value);
        let of_type: Vec<Id> = branches
            .iter()
            .copied()
            .filter(|&b| {
                let t = self.followed(b).accepted_types();
                t != 0 && t & sent != 0
            })
            .collect();
        if let [only] = of_type.as_slice() {
            self.apply(*only, value, at.hop());
            return;
        }
        let names: u8 = branches
            .iter()
            .fold(0, |bits, &b| bits | self.followed(b).accepted_types());
        self.ctx.issue(|| {
            wrong_type(names, value)
                .with_hint("send a value of one of the shapes the tool's inputSchema lists")
        });
    }

    /// Whether `branches` are exactly `format: ipv4` and `format: ipv6`.
    fn ip_either(&self, branches: &[Id]) -> bool {
        use rules::format::Format;
        let (mut v4, mut v6) = (false, false);
        for &b in branches {
            match self.followed(b).format {
                Some(Format::Ipv4) => v4 = true,
                Some(Format::Ipv6) => v6 = true,
                _ => return false,
            }
        }
        v4 && v6
    }

    /// Whether a branch other than `chosen` accepts `value` as sent.
    fn also_valid(&mut self, branches: &[Id], chosen: usize, value: &mut Value, at: At) -> bool {
        (0..branches.len()).any(|i| i != chosen && self.valid(branches[i], value, at))
    }

    /// Whether `value` satisfies node `id` as sent, with no lax reading.
    fn valid(&mut self, id: Id, value: &mut Value, at: At) -> bool {
        // What `Walk::apply` decides before any rule, without the memo: a scalar leaf's
        // value as sent, and `null` where the node's `type` takes it.
        let node = self.c.node(id);
        if !node.never && node.reference.is_none() {
            if node.leaf != 0 && as_sent(node, value) {
                return true;
            }
            if value.is_null() && node.types & types::NULL != 0 {
                return true;
            }
        }
        let key = (id, std::ptr::from_ref::<Value>(value) as usize);
        if let Some(&verdict) = self.ctx.memo.get(&key) {
            return verdict;
        }
        let (strict, failed) = (self.ctx.strict, self.ctx.failed);
        self.ctx.strict = true;
        self.ctx.failed = false;
        let mark = self.ctx.mark();
        self.apply(id, value, at.hop());
        let verdict = !self.ctx.failed && !self.ctx.failed_since(mark);
        self.ctx.rewind(mark);
        self.ctx.strict = strict;
        self.ctx.failed = failed;
        if !strict {
            self.ctx.memo.clear();
        } else {
            self.ctx.memo.insert(key, verdict);
        }
        verdict
    }
}

use rules::array_text::Kind as ArrayKind;

/// Where an array's items came from, for their issues' `context.offset` and reports.
enum Origin {
    /// A native array, a lone value, or pieces whose issues need nothing more.
    Native,
    /// JSON text `t` (trimmed) of the string `s`.
    Json { s: String, t: String },
    /// Integer comma pieces: char offsets, and whether already refused (a leading zero).
    Pieces {
        /// The text the pieces were cut from.
        text: String,
        /// Each piece's bytes in `text`.
        pieces: Vec<(std::ops::Range<usize>, Option<usize>, bool)>,
    },
}

/// The integers a JSON number holds exactly.
const JSON_MIN: i128 = i64::MIN as i128;
const JSON_MAX: u128 = u64::MAX as u128;

/// Whether the value may read as absent: `null`, a blank string or `"null"`.
fn may_read_as_absent(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(s) => s == "null" || crate::words::trim(s).is_empty(),
        _ => false,
    }
}

/// Whether a scalar leaf has no keyword but its type ([`of_leaf_type`] is then [`as_sent`]).
fn bare(node: &Node) -> bool {
    node.min_length.is_none()
        && node.max_length.is_none()
        && node.pattern.is_none()
        && node.format.is_none()
        && node.minimum.is_none()
        && node.maximum.is_none()
        && node.multiple_of.is_none()
        && node.enumeration.is_none()
        && node.constant.is_none()
}

/// Whether `value` is of the leaf type `leaf` as sent (`5.0` counts for an integer).
#[inline]
fn of_leaf_type(leaf: u8, value: &Value) -> bool {
    match (leaf, value) {
        (types::STRING, Value::String(_)) | (types::BOOLEAN, Value::Bool(_)) => true,
        (types::INTEGER, Value::Number(n)) => n.is_i64() || n.is_u64(),
        (types::NUMBER, Value::Number(_)) => true,
        _ => false,
    }
}

/// Whether a scalar leaf accepts `value` as sent, recording nothing.
#[inline]
fn as_sent(node: &Node, value: &Value) -> bool {
    let typed = match (node.leaf, value) {
        (types::STRING, Value::String(s)) => string_as_sent(node, s),
        (types::INTEGER, Value::Number(n)) => (n.is_i64() || n.is_u64()) && in_bounds(node, n),
        (types::NUMBER, Value::Number(n)) => in_bounds(node, n),
        (types::BOOLEAN, Value::Bool(_)) => true,
        _ => false,
    };
    typed
        && match (&node.enumeration, &node.constant) {
            (Some(values), _) => values.iter().any(|a| number::equal(a, value)),
            (None, Some(constant)) => number::equal(constant, value),
            (None, None) => true,
        }
}

/// A string's lengths, `pattern` and `format` checked as sent.
#[inline]
fn string_as_sent(node: &Node, s: &str) -> bool {
    let (min, max) = (
        node.min_length.unwrap_or(0),
        node.max_length.unwrap_or(usize::MAX),
    );
    // No more chars than bytes: a string of at most `max` bytes is short enough.
    if (min > 0 || s.len() > max)
        && !(min..=max).contains(&s.chars().take(max.saturating_add(1)).count())
    {
        return false;
    }
    node.pattern
        .as_ref()
        .is_none_or(|p| p.is_match(s) == Ok(true))
        && node.format.is_none_or(|f| rules::format::as_sent(f, s))
}

/// `minimum`, `maximum` and `multipleOf`, as [`Walk::bounds`] checks them.
fn in_bounds(node: &Node, n: &Number) -> bool {
    if let Some(min) = &node.minimum {
        let ord = number::compare(n, &min.value);
        if ord.is_lt() || (min.exclusive && ord.is_eq()) {
            return false;
        }
    }
    if let Some(max) = &node.maximum {
        let ord = number::compare(n, &max.value);
        if ord.is_gt() || (max.exclusive && ord.is_eq()) {
            return false;
        }
    }
    node.multiple_of
        .as_ref()
        .is_none_or(|m| number::is_multiple(n, m))
}

/// `int` as a JSON number, if it fits one exactly.
fn json_int(int: i128) -> Option<Number> {
    i64::try_from(int)
        .map(Number::from)
        .ok()
        .or_else(|| u64::try_from(int).map(Number::from).ok())
}

/// Whether a value of the type bits `sent` can be read as the type `target`.
fn reads(sent: u8, target: u8, value: &Value) -> bool {
    match target {
        types::INTEGER | types::NUMBER => sent & (types::STRING | types::NUMBER) != 0,
        types::BOOLEAN => {
            sent == types::STRING
                || matches!(value, Value::Number(n) if n.as_u64().is_some_and(|u| u <= 1))
        }
        types::ARRAY => sent != types::NULL,
        types::OBJECT => sent == types::STRING,
        _ => false,
    }
}

/// `invalid_type`: `value` is none of the types `accepted`.
fn wrong_type(accepted: u8, value: &Value) -> Issue {
    let names = types::names(accepted);
    let expected = match names.as_slice() {
        [] => "another value".to_owned(),
        [one] => article(one),
        several => several
            .iter()
            .map(|n| article(n))
            .collect::<Vec<_>>()
            .join(" or "),
    };
    Issue::new(
        Code::InvalidType,
        format!("expected {expected}, got {}", kind_of(value)),
    )
    .with_input(Input::from_value(value))
    .with_hint(format!("send {expected}"))
}

fn article(type_name: &str) -> String {
    match type_name {
        "null" => "null".to_owned(),
        "integer" => "an integer".to_owned(),
        "array" => "an array".to_owned(),
        "object" => "an object".to_owned(),
        other => format!("a {other}"),
    }
}

/// A `oneOf` value (`input`, as it arrived) that more than one branch accepts.
fn ambiguous(input: Input) -> Issue {
    Issue::new(
        Code::Custom,
        "the value matches more than one of the accepted shapes",
    )
    .with_input(input)
    .with_hint("send a value that matches exactly one shape of the tool's inputSchema")
}

/// No value is allowed (a `false` schema).
fn never(value: &Value) -> Issue {
    Issue::new(Code::Custom, "no value is allowed here")
        .with_input(Input::from_value(value))
        .with_hint("leave this value out")
}

fn too_deep(value: &Value) -> Issue {
    Issue::new(
        Code::TooDeep,
        format!("expected values nested at most {MAX_NESTING} levels deep"),
    )
    .with_input(Input::from_value(value))
    .with_hint("send the value with less nesting")
    .with_context("maxDepth", MAX_NESTING)
}

/// The index of the first item equal (by value) to an earlier one.
fn first_repeat(items: &[Value]) -> Option<usize> {
    (1..items.len()).find(|&i| {
        items[..i]
            .iter()
            .any(|earlier| number::equal(earlier, &items[i]))
    })
}

/// The declared field absent from `map` that the unknown `key` is a small edit from.
fn near_hint<'d>(key: &str, declared: &[&'d str], map: &Map<String, Value>) -> Option<&'d str> {
    let candidates: Vec<&str> = declared
        .iter()
        .copied()
        .filter(|d| !map.contains_key(*d))
        .collect();
    let near = arguments::near_misses(&candidates, &[key]);
    candidates
        .into_iter()
        .zip(near)
        .find_map(|(field, sent)| sent.map(|_| field))
}
