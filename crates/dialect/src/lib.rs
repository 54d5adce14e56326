#![doc = include_str!("../README.md")]
//!
//! # Map
//! - The profiles: [`Dialect`] (its docs list every rule with its source),
//!   [`Dialect::keywords`], names parsed with `FromStr` ([`UnknownDialect`]).
//! - Rewriting: [`rewrite`] (or [`Dialect::rewrite`]), giving the [`Rewritten`] schema and
//!   a [`Note`] per change ([`NoteKind`], at a [`Pointer`] made of [`PointerSegment`]s);
//!   [`inline_refs`] alone for clients that cannot resolve `$ref`.
//! - Arguments from strict clients: [`null_as_absent`] (or
//!   [`Dialect::normalize_arguments`]).
//! - Bounds: [`MAX_SCHEMA_DEPTH`], [`MAX_INLINED_NODES`].
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod dialect;
mod keywords;
mod note;
mod nulls;
mod pointer;
mod profile;
mod refs;

pub use dialect::{Dialect, UnknownDialect};
pub use note::{Note, NoteKind, Rewritten};
pub use nulls::null_as_absent;
pub use pointer::{Pointer, PointerSegment};
pub use profile::rewrite;
pub use refs::{MAX_INLINED_NODES, MAX_SCHEMA_DEPTH, inline_refs};
