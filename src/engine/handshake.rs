// The private newtype handshake between the crate's adapters and the engine, whole.
//
// An adapter cannot see which `Deserializer` it is handed, and serde offers no way to ask.
// So it asks in a way only the crate's own deserializers answer: it calls
// `deserialize_newtype_struct` with a private name ([`adapt`], [`adapt_array`]). The
// engine's deserializer ([`ValueDe`](super::de::ValueDe)), its plan probe and its stand-in
// builder recognise the name ([`request`]) and answer by setting the *drive token*
// ([`Engine::drive`]) right before calling the adapter's visitor, which takes it on entry
// ([`take_drive`]): driven, the adapter records its issues in the call and goes on with a
// stand-in. Every other deserializer sees an ordinary newtype struct and calls the
// visitor's `visit_newtype_struct`, where no token is set: the adapter then fails fast,
// with every issue of its value in one error. (serde_json asks for its `RawValue` the same
// way.)
//
// The names, the token and both sides of the exchange live in this file and nowhere else.

use serde::de::{Deserializer, Visitor};

use super::plan::{NONE, NodeId};
use super::{Engine, with};

// The newtype-struct name through which an adapter asks to be driven by the engine.
// [`ValueDe`](super::de::ValueDe) answers it by setting the drive token and reading the value; every other
// deserializer sees an ordinary newtype struct and calls the adapter's
// `visit_newtype_struct`, which reads on without the token. (serde_json asks for its
// `RawValue` the same way.)
const DIRECT_NAME: &str = "$mcp_coerce::private::Direct";

// The newtype-struct name through which the generic array adapter asks to be driven by
// the engine: as [`DIRECT_NAME`], and a lone value (neither an array, a string nor
// `null`) is handed to it as the one element of a native array ([`take_native_array`](super::take_native_array)).
// The plan's probe answers it with one element, so that the plan learns the elements'
// structs.
const ARRAY_NAME: &str = "$mcp_coerce::private::ArrayOf";

// What an adapter driven by the engine is told: how deep its value is (an object it
// decodes counts its levels on from there) and the plan node of its value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Drive {
    pub(crate) depth: u32,
    pub(crate) node: NodeId,
}

impl Drive {
    // No token: in the engine's state, where no adapter is being driven.
    pub(super) const NONE: Drive = Drive {
        depth: u32::MAX,
        node: NONE,
    };
}

// What a newtype-struct name asks of the engine's deserializers, if it is one of the
// handshake's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Request {
    // [`DIRECT_NAME`]: an adapter asking to be driven.
    Direct,
    // [`ARRAY_NAME`]: the generic array adapter asking to be driven.
    Array,
}

// The handshake's request `name` makes, if any (every other name is an ordinary newtype
// struct's).
#[inline(always)]
pub(super) fn request(name: &str) -> Option<Request> {
    if name == DIRECT_NAME {
        Some(Request::Direct)
    } else if name == ARRAY_NAME {
        Some(Request::Array)
    } else {
        None
    }
}

impl Engine {
    // Run the adapter visitor call `call` with the drive token set (only the visitor
    // asked for through [`adapt`] sees it: it takes it on entry), cleared afterwards.
    #[inline]
    pub(crate) fn drive<R>(&self, drive: Drive, call: impl FnOnce() -> R) -> R {
        self.call.drive.set(drive);
        let out = call();
        self.call.drive.set(Drive::NONE);
        out
    }
}

// Run an adapter's visitor on `deserializer`: driven by the engine when `deserializer` is
// the engine's, failing fast under any other.
#[inline]
pub(crate) fn adapt<'de, D: Deserializer<'de>, V: Visitor<'de>>(
    deserializer: D,
    visitor: V,
) -> Result<V::Value, D::Error> {
    deserializer.deserialize_newtype_struct(DIRECT_NAME, visitor)
}

// [`adapt`] for the generic array adapter (see [`ARRAY_NAME`]).
#[inline]
pub(crate) fn adapt_array<'de, D: Deserializer<'de>, V: Visitor<'de>>(
    deserializer: D,
    visitor: V,
) -> Result<V::Value, D::Error> {
    deserializer.deserialize_newtype_struct(ARRAY_NAME, visitor)
}

// The drive token, if the adapter visitor now running was asked for through [`adapt`] by
// the engine; resets it.
#[inline]
pub(crate) fn take_drive() -> Option<Drive> {
    let drive = with(|engine| engine.call.drive.replace(Drive::NONE));
    (drive.depth != u32::MAX).then_some(drive)
}
