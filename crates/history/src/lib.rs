#![doc = include_str!("../README.md")]
//!
//! # Map
//! - The wire formats, as serde models that keep unknown members, roles and block types:
//!   [`openai`] ([`openai::Message`]) and [`anthropic`] ([`anthropic::Message`]);
//!   [`Format::detect`] tells them apart in a JSON document; [`Role`]; the bound
//!   [`WireMessage`].
//! - Checking: [`validate`] (its docs state [the rules](validate#the-rules)), which
//!   reports every [`Violation`] with a stable [`ViolationCode`]; [`validate_for`], which
//!   also reports the call ids a target provider refuses.
//! - Repairing: [`repair`](fn@repair) under a [`RepairPolicy`] ([`Unanswered`], [`Separated`]),
//!   giving [`Repaired`] messages and the [`Action`]s taken ([`ActionKind`]).
//! - Keeping a history valid: [`Conversation`] (one checked append, whole-turn trimming),
//!   [`Refused`].
//! - Call ids for other providers: [`map_ids`] with an [`IdProfile`], giving an [`IdMap`].
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod check;
mod conversation;
mod format;
mod ids;
mod repair;
mod role;
mod violation;
mod wire;

pub mod anthropic;
pub mod openai;

pub use check::{validate, validate_for};
pub use conversation::{Conversation, Refused};
pub use format::Format;
pub use ids::{IdMap, IdProfile, map_ids};
pub use repair::{
    Action, ActionKind, CANCELLED_TEXT, RepairPolicy, Repaired, Separated, Unanswered, repair,
};
pub use role::Role;
pub use violation::{ECHO_CHARS, Violation, ViolationCode};
pub use wire::WireMessage;
