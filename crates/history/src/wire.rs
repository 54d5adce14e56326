//! What the two wire formats share: the sealed bound every function of the crate takes.

/// A message of one of the supported wire formats: [`openai::Message`](crate::openai::Message)
/// or [`anthropic::Message`](crate::anthropic::Message).
///
/// Sealed: the pairing rules are written for these two formats. Use it as a bound to
/// write code that works on either.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{self as history, anthropic, openai, RepairPolicy, WireMessage};
///
/// /// A history ready to send: repaired, with no call left open.
/// fn ready<M: WireMessage>(messages: Vec<M>) -> Vec<M> {
///     let mut policy = RepairPolicy::default();
///     policy.close_trailing_calls = true;
///     history::repair(messages, &policy).messages
/// }
///
/// assert_eq!(ready(vec![openai::Message::user("hi")]).len(), 1);
/// assert_eq!(ready(vec![anthropic::Message::user("hi")]).len(), 1);
/// ```
pub trait WireMessage: sealed::Sealed {}

impl WireMessage for crate::openai::Message {}
impl WireMessage for crate::anthropic::Message {}

pub(crate) mod sealed {
    use crate::Format;
    use crate::check::Skel;
    use crate::repair::FormatOps;

    /// What the pairing rules and the repair steps read of a message.
    pub trait Sealed: FormatOps {
        const FORMAT: Format;
        /// The message, reduced to what the pairing rules look at.
        fn skel(&self) -> Skel<'_>;
        /// Visit every present, non-empty call id and response id.
        fn visit_ids(&mut self, visit: &mut dyn FnMut(&mut String));
    }
}
