//! The private newtype handshake between the crate's adapters and the engine, all of it.
//!
//! An adapter asks for `deserialize_newtype_struct` with a private name ([`adapt`]); only the
//! crate's deserializers recognise it ([`request`]) and set the drive token the adapter takes
//! ([`take_drive`]): driven, it records issues and goes on with a stand-in; under any other
//! deserializer it fails fast. (serde_json asks for its `RawValue` the same way.)

use serde::de::{Deserializer, Visitor};

use super::plan::{NONE, NodeId};
use super::{Engine, with};

/// The name through which an adapter asks to be driven by the engine.
const DIRECT_NAME: &str = "$mcp_coerce::private::Direct";

/// The name through which the generic array adapter asks to be driven.
const ARRAY_NAME: &str = "$mcp_coerce::private::ArrayOf";

/// What an adapter driven by the engine is told: its value's depth and plan node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Drive {
    pub(crate) depth: u32,
    pub(crate) node: NodeId,
}

impl Drive {
    /// No token: in the engine's state, where no adapter is being driven.
    pub(super) const NONE: Drive = Drive {
        depth: u32::MAX,
        node: NONE,
    };
}

/// What a handshake newtype-struct name asks of the engine's deserializers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Request {
    /// [`DIRECT_NAME`]: an adapter asking to be driven.
    Direct,
    /// [`ARRAY_NAME`]: the generic array adapter asking to be driven.
    Array,
}

/// The handshake request `name` makes, if any.
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
    /// Run the adapter visitor call `call` with the drive token set, cleared after.
    #[inline]
    pub(crate) fn drive<R>(&self, drive: Drive, call: impl FnOnce() -> R) -> R {
        self.call.drive.set(drive);
        let out = call();
        self.call.drive.set(Drive::NONE);
        out
    }
}

/// Run an adapter's visitor: driven by the engine, failing fast under others.
#[inline]
pub(crate) fn adapt<'de, D: Deserializer<'de>, V: Visitor<'de>>(
    deserializer: D,
    visitor: V,
) -> Result<V::Value, D::Error> {
    deserializer.deserialize_newtype_struct(DIRECT_NAME, visitor)
}

/// [`adapt`] for the generic array adapter (see [`ARRAY_NAME`]).
#[inline]
pub(crate) fn adapt_array<'de, D: Deserializer<'de>, V: Visitor<'de>>(
    deserializer: D,
    visitor: V,
) -> Result<V::Value, D::Error> {
    deserializer.deserialize_newtype_struct(ARRAY_NAME, visitor)
}

/// The drive token, if the running adapter visitor was asked for through [`adapt`]; resets it.
#[inline]
pub(crate) fn take_drive() -> Option<Drive> {
    let drive = with(|engine| engine.call.drive.replace(Drive::NONE));
    (drive.depth != u32::MAX).then_some(drive)
}
