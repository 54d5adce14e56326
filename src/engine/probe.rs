//! Learning a type's plan from its own `Deserialize`, run again and again over made-up input
//! ([`ProbeDe`]): each failed run names one more required field (`missing_field`) or alias
//! (`duplicate_field`), then optional fields are offered to explore the structs inside. The
//! work depends on the type alone, within the bounds in docs/contract.md, Limits.

use std::borrow::Cow;
use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor,
};

use super::error::Error;
use super::handshake::{Request, request};
use super::placeholder::Placeholder;
use super::plan::{Check, NONE, Node, NodeId, Plan, Prop, StructNode};
use super::{Drive, Engine};
use crate::issue::Input;

/// Runs of the type's `Deserialize`, at most.
const MAX_RUNS: usize = 2048;
const MAX_NODES: usize = 4096;
/// Levels of a plan, at most.
const MAX_DEPTH: u32 = 32;
/// Values made up over all runs, at most: past it, stand-ins only (bounded work).
const MAX_STEPS: u32 = 200_000;

pub(crate) fn learn<T: DeserializeOwned>(engine: &Engine) -> Plan {
    learn_as::<T>(engine, false)
}

/// [`learn`], and the type defaults of absent fields ([`learn_defaults`]).
pub(crate) fn learn_reported<T: DeserializeOwned>(engine: &Engine) -> Plan {
    learn_as::<T>(engine, true)
}

fn learn_as<T: DeserializeOwned>(engine: &Engine, defaults: bool) -> Plan {
    let builder = RefCell::new(Builder::default());
    builder.borrow_mut().node(None, "");
    for _ in 0..MAX_RUNS {
        builder.borrow_mut().reached.clear();
        let run = engine.suppressed(|| {
            T::deserialize(ProbeDe {
                builder: &builder,
                node: 0,
                depth: 0,
                engine,
            })
        });
        let mut b = builder.borrow_mut();
        match run {
            Ok(_) => {
                if !b.advance() {
                    break;
                }
            }
            Err(e) if e.is_learned() => {}
            Err(_) => break,
        }
    }
    if defaults {
        learn_defaults::<T>(&builder, engine);
    }
    builder.into_inner().into_plan()
}

/// Threads learning type defaults now: while none is, [`default_filled`] costs one load.
static LOGGING: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// The type defaults filled in while the struct being learned ends; `None` otherwise.
    static FILLED: RefCell<Option<Vec<Input>>> = const { RefCell::new(None) };
}

/// Called when serde fills in a crate type default: tells the probe which field.
#[inline]
pub(crate) fn default_filled(value: impl FnOnce() -> Input) {
    if LOGGING.load(Ordering::Relaxed) != 0 {
        filled_slow(value());
    }
}

#[cold]
#[inline(never)]
fn filled_slow(value: Input) {
    FILLED.with(|f| {
        if let Ok(mut f) = f.try_borrow_mut()
            && let Some(log) = f.as_mut()
            && log.len() < MAX_FILLED
        {
            log.push(value);
        }
    });
}

/// Type defaults noted per struct and run, at most.
const MAX_FILLED: usize = 256;

/// Which absent optional fields get a type default, learned by leaving fields out run by run.
fn learn_defaults<T: DeserializeOwned>(builder: &RefCell<Builder>, engine: &Engine) {
    struct Logging;
    impl Drop for Logging {
        fn drop(&mut self) {
            LOGGING.fetch_sub(1, Ordering::Relaxed);
        }
    }
    LOGGING.fetch_add(1, Ordering::Relaxed);
    let _logging = Logging;
    let structs: Vec<NodeId> = {
        let b = builder.borrow();
        (0..b.nodes.len())
            .filter(|&i| matches!(&b.nodes[i], BNode::Struct(s) if s.phase == Phase::Done))
            .map(|i| i as NodeId)
            .collect()
    };
    let mut runs = 0;
    // One run with `omit` at its node: the type defaults filled in per struct node.
    let mut run = |omit: Option<(NodeId, Omit)>| -> Option<Vec<Vec<Input>>> {
        runs += 1;
        if runs > MAX_DEFAULT_RUNS {
            return None;
        }
        {
            let mut b = builder.borrow_mut();
            for n in b.nodes.iter_mut() {
                if let BNode::Struct(s) = n {
                    s.omit = Omit::Nothing;
                    s.filled.clear();
                }
            }
            if let Some((n, o)) = omit
                && let Some(BNode::Struct(s)) = b.nodes.get_mut(n as usize)
            {
                s.omit = o;
            }
            b.reached.clear();
        }
        let out = engine.suppressed(|| {
            T::deserialize(ProbeDe {
                builder,
                node: 0,
                depth: 0,
                engine,
            })
        });
        let mut b = builder.borrow_mut();
        let filled = b
            .nodes
            .iter_mut()
            .map(|n| match n {
                BNode::Struct(s) => {
                    s.omit = Omit::Nothing;
                    std::mem::take(&mut s.filled)
                }
                _ => Vec::new(),
            })
            .collect();
        out.ok().map(|_| filled)
    };
    let Some(baseline) = run(None) else { return };
    for id in structs {
        let at = |filled: &Vec<Vec<Input>>| filled.get(id as usize).cloned().unwrap_or_default();
        let base = at(&baseline);
        let Some(all) = run(Some((id, Omit::Optional))) else {
            continue;
        };
        if at(&all).len() <= base.len() {
            continue;
        }
        let optional: Vec<&'static str> = match builder.borrow().nodes.get(id as usize) {
            Some(BNode::Struct(s)) => s
                .offers()
                .into_iter()
                .filter(|n| !s.required.contains(n))
                .collect(),
            _ => continue,
        };
        for name in optional {
            let Some(filled) = run(Some((id, Omit::One(name)))) else {
                continue;
            };
            if let Some(value) = one_more(&at(&filled), &base)
                && let Some(BNode::Struct(s)) = builder.borrow_mut().nodes.get_mut(id as usize)
            {
                s.defaults.push((name, value));
            }
        }
    }
}

/// Runs spent on learning type defaults, at most (beyond the plan's own).
const MAX_DEFAULT_RUNS: usize = 512;

/// The one value `with` holds beyond `without` (as multisets); `None` unless exactly one.
fn one_more(with: &[Input], without: &[Input]) -> Option<Input> {
    if with.len() != without.len() + 1 {
        return None;
    }
    let mut rest: Vec<&Input> = without.iter().collect();
    let mut extra = None;
    for value in with {
        match rest.iter().position(|r| *r == value) {
            Some(i) => {
                rest.swap_remove(i);
            }
            None if extra.is_none() => extra = Some(value.clone()),
            None => return None,
        }
    }
    extra
}

/// Which fields a struct leaves out in a run that learns type defaults.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Omit {
    Nothing,
    /// Every optional field.
    Optional,
    /// This one.
    One(&'static str),
}

#[derive(Default)]
struct Builder {
    nodes: Vec<BNode>,
    /// Values made up so far (see [`MAX_STEPS`]).
    steps: u32,
    reached: Vec<NodeId>,
}

#[derive(Default)]
enum BNode {
    #[default]
    Unseen,
    Struct(Box<BStruct>),
    Seq(NodeId),
    /// Reached as two different kinds of value, or not worth knowing.
    Opaque,
}

struct BStruct {
    name: &'static str,
    fields: &'static [&'static str],
    /// Learned from `missing_field`, in the order serde names them (declaration order).
    required: Vec<&'static str>,
    /// Names serde reports in `duplicate_field`: each is a field's own name.
    canonical: Vec<&'static str>,
    /// Alias -> the field it stands for.
    aliases: Vec<(&'static str, &'static str)>,
    /// Optional names whose made-up value the type refused: not offered again.
    skipped: Vec<&'static str>,
    phase: Phase,
    /// The node of each field's value, by the name it was offered under.
    children: Vec<(&'static str, NodeId)>,
    /// Fields left out in this run (learning type defaults).
    omit: Omit,
    /// The type defaults filled in after this struct's members in this run.
    filled: Vec<Input>,
    /// Optional fields with a type default, and the default.
    defaults: Vec<(&'static str, Input)>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// Offering only the required fields known, to learn the others.
    Discover,
    /// Offering every field, to learn aliases and what lies inside optional fields.
    Explore,
    Done,
    /// A run failed inside it without teaching anything: the rest stays unknown.
    Broken,
}

impl Builder {
    /// The node of the value offered under `key` in `parent` (created on first use).
    fn node(&mut self, parent: Option<NodeId>, key: &'static str) -> NodeId {
        if let Some(p) = parent
            && let Some(BNode::Struct(s)) = self.nodes.get(p as usize)
            && let Some(&(_, id)) = s.children.iter().find(|(k, _)| *k == key)
        {
            return id;
        }
        if self.nodes.len() >= MAX_NODES {
            return NONE;
        }
        let id = self.nodes.len() as NodeId;
        self.nodes.push(BNode::Unseen);
        if let Some(p) = parent
            && let Some(BNode::Struct(s)) = self.nodes.get_mut(p as usize)
        {
            s.children.push((key, id));
        }
        id
    }

    fn items(&mut self, id: NodeId) -> NodeId {
        match self.nodes.get(id as usize) {
            Some(BNode::Seq(items)) => return *items,
            Some(BNode::Unseen) => {}
            _ => return NONE,
        }
        if self.nodes.len() >= MAX_NODES {
            return NONE;
        }
        let items = self.nodes.len() as NodeId;
        self.nodes.push(BNode::Unseen);
        if let Some(n) = self.nodes.get_mut(id as usize) {
            *n = BNode::Seq(items);
        }
        items
    }

    fn mark_opaque(&mut self, id: NodeId) {
        if let Some(n) = self.nodes.get_mut(id as usize) {
            *n = BNode::Opaque;
        }
    }

    /// After a successful run, every struct moves on a phase; whether more can be learned.
    fn advance(&mut self) -> bool {
        let mut more = false;
        for id in std::mem::take(&mut self.reached) {
            if let Some(BNode::Struct(s)) = self.nodes.get_mut(id as usize) {
                match s.phase {
                    Phase::Discover => {
                        s.phase = Phase::Explore;
                        more = true;
                    }
                    Phase::Explore => s.phase = Phase::Done,
                    Phase::Done | Phase::Broken => {}
                }
            }
        }
        more
    }

    fn into_plan(self) -> Plan {
        let nodes = self
            .nodes
            .into_iter()
            .map(|n| match n {
                BNode::Struct(s) => Node::Struct(s.into_node()),
                BNode::Seq(items) => Node::Seq(items),
                BNode::Unseen | BNode::Opaque => Node::Opaque,
            })
            .collect();
        Plan::from_nodes(nodes)
    }
}

impl BStruct {
    fn new(name: &'static str, fields: &'static [&'static str]) -> Self {
        BStruct {
            name,
            fields,
            required: Vec::new(),
            canonical: Vec::new(),
            aliases: Vec::new(),
            skipped: Vec::new(),
            phase: Phase::Discover,
            children: Vec::new(),
            omit: Omit::Nothing,
            filled: Vec::new(),
            defaults: Vec::new(),
        }
    }

    fn is_alias(&self, name: &str) -> bool {
        self.aliases.iter().any(|(a, _)| *a == name)
    }

    /// The names to offer in this run, in order.
    fn offers(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = self.required.clone();
        if self.phase == Phase::Discover || self.omit == Omit::Optional {
            return out;
        }
        for name in self.canonical.iter().chain(self.fields) {
            if !out.contains(name)
                && !self.is_alias(name)
                && !self.skipped.contains(name)
                && self.omit != Omit::One(name)
            {
                out.push(name);
            }
        }
        out
    }

    fn child(&self, key: &str) -> NodeId {
        self.children
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(NONE, |(_, id)| *id)
    }

    fn into_node(self) -> StructNode {
        let mut props: Vec<Prop> = Vec::with_capacity(self.fields.len());
        for field in &self.required {
            let mut prop = Prop::new(Cow::Borrowed(*field), true, self.child(field));
            prop.aliases.extend(
                self.aliases
                    .iter()
                    .filter(|(_, of)| of == field)
                    .map(|(alias, _)| Cow::Borrowed(*alias)),
            );
            props.push(prop);
        }
        // Every other name serde knows, each its own property: an alias of an optional
        // field is as good a name for its value as the field's own. Only once the struct
        // is explored: before, a name may be an alias of a required field, and a key the
        // props do not list blocks the judging of required fields instead.
        let explored = self.phase == Phase::Done;
        for name in self.fields.iter().filter(|_| explored) {
            if props
                .iter()
                .any(|p| p.name == *name || p.aliases.iter().any(|a| a == name))
            {
                continue;
            }
            let mut prop = Prop::new(Cow::Borrowed(*name), false, self.child(name));
            prop.default = self
                .defaults
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| Box::new(v.clone()));
            props.push(prop);
        }
        StructNode::new(
            Check::Serde {
                name: self.name,
                fields: self.fields,
            },
            props,
            self.phase == Phase::Done,
        )
    }
}

/// The made-up input of one run, at one node of the plan being learned.
struct ProbeDe<'b, 'e> {
    builder: &'b RefCell<Builder>,
    node: NodeId,
    depth: u32,
    engine: &'e Engine,
}

impl<'b, 'e> ProbeDe<'b, 'e> {
    fn at(&self, node: NodeId) -> ProbeDe<'b, 'e> {
        {
            let mut b = self.builder.borrow_mut();
            b.steps = b.steps.saturating_add(1);
        }
        ProbeDe {
            builder: self.builder,
            node,
            depth: self.depth + 1,
            engine: self.engine,
        }
    }

    /// Nothing more to learn below here: answer as a stand-in does.
    fn done(&self) -> bool {
        self.node == NONE || self.depth >= MAX_DEPTH || self.builder.borrow().steps >= MAX_STEPS
    }
}

macro_rules! like_placeholder {
    ($($method:ident),*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            Placeholder::new().$method(visitor)
        })*
    };
}

impl<'de> Deserializer<'de> for ProbeDe<'_, '_> {
    type Error = Error;

    like_placeholder!(
        deserialize_any,
        deserialize_bool,
        deserialize_i8,
        deserialize_i16,
        deserialize_i32,
        deserialize_i64,
        deserialize_i128,
        deserialize_u8,
        deserialize_u16,
        deserialize_u32,
        deserialize_u64,
        deserialize_u128,
        deserialize_f32,
        deserialize_f64,
        deserialize_char,
        deserialize_str,
        deserialize_string,
        deserialize_identifier,
        deserialize_bytes,
        deserialize_byte_buf,
        deserialize_unit,
        deserialize_ignored_any,
        deserialize_map
    );

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.done() {
            return visitor.visit_none();
        }
        visitor.visit_some(self)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let asked = request(name);
        if asked == Some(Request::Direct) {
            // One of the crate's adapters: it answers with its own stand-in.
            let drive = Drive {
                depth: self.depth,
                node: NONE,
            };
            return self.engine.drive(drive, || visitor.visit_unit());
        }
        if asked == Some(Request::Array) {
            // The generic array adapter: one element, at the node of the elements, so that
            // the structs of its elements are learned.
            let drive = Drive {
                depth: self.depth,
                node: NONE,
            };
            if self.done() {
                return self.engine.drive(drive, || visitor.visit_unit());
            }
            let items = self.builder.borrow_mut().items(self.node);
            let of = self.at(items);
            return self.engine.drive(drive, || {
                visitor.visit_seq(Items {
                    left: 1,
                    first: true,
                    of,
                })
            });
        }
        if self.depth >= MAX_DEPTH {
            return Placeholder::new().deserialize_newtype_struct(name, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.done() {
            return Placeholder::new().deserialize_seq(visitor);
        }
        let items = self.builder.borrow_mut().items(self.node);
        visitor.visit_seq(Items {
            left: 1,
            first: true,
            of: self.at(items),
        })
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        if self.done() {
            return Placeholder::new().deserialize_tuple(len, visitor);
        }
        // Only the first element is learned from (the elements share one node); the others
        // are stand-ins, or a tuple nested in itself would cost len^depth runs.
        let items = self.builder.borrow_mut().items(self.node);
        visitor.visit_seq(Items {
            left: len,
            first: true,
            of: self.at(items),
        })
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if self.done() {
            return Placeholder::new().deserialize_struct(name, fields, visitor);
        }
        let offers = {
            let mut b = self.builder.borrow_mut();
            let node = self.node;
            match b.nodes.get_mut(node as usize) {
                Some(slot @ BNode::Unseen) => {
                    *slot = BNode::Struct(Box::new(BStruct::new(name, fields)))
                }
                Some(BNode::Struct(s)) if s.name == name && s.fields == fields => {}
                _ => {
                    b.mark_opaque(node);
                    drop(b);
                    return Placeholder::new().deserialize_struct(name, fields, visitor);
                }
            }
            b.reached.push(node);
            match b.nodes.get(node as usize) {
                Some(BNode::Struct(s)) => s.offers(),
                _ => Vec::new(),
            }
        };
        let mut access = Offers {
            probe: &self,
            names: offers.into_iter(),
            current: None,
        };
        let out = visitor.visit_map(&mut access);
        if LOGGING.load(Ordering::Relaxed) != 0 {
            let filled = FILLED.with(|f| f.try_borrow_mut().ok().and_then(|mut f| f.take()));
            if let Some(BNode::Struct(s)) =
                self.builder.borrow_mut().nodes.get_mut(self.node as usize)
            {
                s.filled = filled.unwrap_or_default();
            }
        }
        match out {
            Ok(out) => Ok(out),
            Err(e) => Err(self.learn_from(e, access.current, fields)),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        // Variants are not learned: their content is read as a stand-in.
        Placeholder::new().deserialize_enum(name, variants, visitor)
    }
}

impl ProbeDe<'_, '_> {
    /// What the failure `e` of the struct at this node teaches; the error to go on with.
    fn learn_from(
        &self,
        e: Error,
        current: Option<&'static str>,
        fields: &'static [&'static str],
    ) -> Error {
        if e.is_learned() {
            return e;
        }
        let mut b = self.builder.borrow_mut();
        let Some(BNode::Struct(s)) = b.nodes.get_mut(self.node as usize) else {
            return e;
        };
        if let Some(field) = e.missing_field()
            && fields.contains(&field)
            && !s.required.contains(&field)
            && s.phase != Phase::Broken
        {
            s.required.push(field);
            // A newly required field is learned from the start.
            s.phase = Phase::Discover;
            return Error::learned();
        }
        if let Some(field) = e.duplicate_field()
            && let Some(key) = current
        {
            if key != field && !s.is_alias(key) {
                s.aliases.push((key, field));
                if !s.canonical.contains(&field) {
                    s.canonical.push(field);
                }
                return Error::learned();
            }
            if key == field && !s.canonical.contains(&field) {
                s.canonical.push(field);
                return Error::learned();
            }
        }
        if s.phase != Phase::Broken {
            s.phase = Phase::Broken;
            return Error::learned();
        }
        e
    }
}

/// One element (or `left`) at the items node: the first learned from, the rest stand-ins.
struct Items<'b, 'e> {
    left: usize,
    first: bool,
    of: ProbeDe<'b, 'e>,
}

impl<'de> SeqAccess<'de> for Items<'_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        let first = self.first;
        self.left -= 1;
        self.first = false;
        if first {
            seed.deserialize(self.of.at(self.of.node)).map(Some)
        } else {
            seed.deserialize(Placeholder::new()).map(Some)
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// The fields offered to a struct in this run.
struct Offers<'p, 'b, 'e> {
    probe: &'p ProbeDe<'b, 'e>,
    names: std::vec::IntoIter<&'static str>,
    /// The name whose value comes next (or was the last offered).
    current: Option<&'static str>,
}

impl<'de> MapAccess<'de> for Offers<'_, '_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some(name) = self.names.next() else {
            if LOGGING.load(Ordering::Relaxed) != 0 {
                // The visitor fills in the absent fields' defaults next.
                FILLED.with(|f| {
                    if let Ok(mut f) = f.try_borrow_mut() {
                        *f = Some(Vec::new());
                    }
                });
            }
            return Ok(None);
        };
        self.current = Some(name);
        seed.deserialize(de::value::StrDeserializer::<Error>::new(name))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let name = self.current.unwrap_or("");
        let (child, required) = {
            let mut b = self.probe.builder.borrow_mut();
            let required = match b.nodes.get(self.probe.node as usize) {
                Some(BNode::Struct(s)) => s.required.contains(&name),
                _ => true,
            };
            (b.node(Some(self.probe.node), name), required)
        };
        match seed.deserialize(self.probe.at(child)) {
            Ok(v) => Ok(v),
            Err(e) if e.is_learned() || required => Err(e),
            Err(_) => {
                // An optional field whose made-up value the type refuses: leave it out.
                let mut b = self.probe.builder.borrow_mut();
                if let Some(BNode::Struct(s)) = b.nodes.get_mut(self.probe.node as usize) {
                    s.skipped.push(name);
                }
                Err(Error::learned())
            }
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.names.len())
    }
}
