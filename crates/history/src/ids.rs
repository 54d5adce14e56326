//! Rewrite call ids for a provider with other id rules, the same way every time.

use std::collections::{HashMap, HashSet};
use std::fmt;

use super::WireMessage;

/// The call id rule of a target provider.
///
/// | profile ([`name`](Self::name)) | accepts | other ids become |
/// |---|---|---|
/// | `Anthropic` (`anthropic`) | `^[a-zA-Z0-9_-]+$` | the id with every other char replaced by `_` (cut to 32 chars), `_`, an 11-char hash |
/// | `OpenAiResponses` (`openai`) | 1 to 64 bytes (so at most 64 chars whichever way they are counted) | the id cut to 52 bytes at a char boundary, `_`, an 11-char hash |
/// | `Mistral` (`mistral`) | exactly 9 chars of `[a-zA-Z0-9]` | a 9-char hash |
///
/// Hashes are FNV-1a 64 of the id's UTF-8 bytes, written in base 62 (`0-9A-Za-z`).
///
/// Each rule is what the provider's API answers when an id breaks it:
///
/// - Anthropic Messages: `messages.92.content.0.tool_use.id: String should match pattern
///   '^[a-zA-Z0-9_-]+$'` (reported in BlockRunAI/ClawRouter#17 for ids with `:` and `.`,
///   such as the `functions.get_weather:0` ids other providers hand out);
/// - OpenAI Responses: `Invalid 'input[95].call_id': string too long. Expected a string with
///   maximum length 64, but got a string with length 116 instead.` (AnswerDotAI/fastllm#45);
/// - Mistral: `Tool call id was abc123 but must be a-z, A-Z, 0-9, with a length of 9.`
///   (langchain-ai/langchain#24668).
///
/// [`validate_for`](crate::validate_for) reports the ids a profile refuses, and
/// [`repair`](fn@crate::repair) with [`RepairPolicy::ids`](crate::RepairPolicy::ids) maps them.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::IdProfile;
///
/// assert!(IdProfile::Anthropic.accepts("toolu_01A-b"));
/// assert!(!IdProfile::Anthropic.accepts("functions.get_weather:0"));
/// assert!(IdProfile::Mistral.accepts("a1B2c3D4e"));
/// assert!(!IdProfile::OpenAiResponses.accepts(&"x".repeat(65)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IdProfile {
    /// Anthropic Messages API: `^[a-zA-Z0-9_-]+$`.
    Anthropic,
    /// OpenAI Responses API: at most 64.
    OpenAiResponses,
    /// Mistral: exactly 9 alphanumerics.
    Mistral,
}

impl IdProfile {
    /// Every profile.
    pub const ALL: &'static [IdProfile] = &[
        IdProfile::Anthropic,
        IdProfile::OpenAiResponses,
        IdProfile::Mistral,
    ];

    /// The provider's name, as `history_check --provider NAME` takes it: `anthropic`,
    /// `openai`, `mistral`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_history::IdProfile;
    ///
    /// for profile in IdProfile::ALL {
    ///     assert_eq!(IdProfile::from_name(profile.name()), Some(*profile));
    /// }
    /// assert_eq!(IdProfile::OpenAiResponses.name(), "openai");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            IdProfile::Anthropic => "anthropic",
            IdProfile::OpenAiResponses => "openai",
            IdProfile::Mistral => "mistral",
        }
    }

    /// The profile of the provider `name` (as [`name`](Self::name) spells it, in any
    /// case), if there is one.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_history::IdProfile;
    ///
    /// assert_eq!(IdProfile::from_name("Mistral"), Some(IdProfile::Mistral));
    /// assert_eq!(IdProfile::from_name("deepseek"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<IdProfile> {
        IdProfile::ALL
            .iter()
            .copied()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }

    /// The rule, in words: what an id must be.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_history::IdProfile;
    ///
    /// assert_eq!(IdProfile::Anthropic.rule(), "call ids match ^[a-zA-Z0-9_-]+$");
    /// ```
    pub const fn rule(self) -> &'static str {
        match self {
            IdProfile::Anthropic => "call ids match ^[a-zA-Z0-9_-]+$",
            IdProfile::OpenAiResponses => "call ids are 1 to 64 bytes",
            IdProfile::Mistral => "call ids are exactly 9 chars of [a-zA-Z0-9]",
        }
    }

    /// Whether the provider accepts `id` as it is.
    pub fn accepts(self, id: &str) -> bool {
        match self {
            IdProfile::Anthropic => {
                !id.is_empty()
                    && id
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
            }
            IdProfile::OpenAiResponses => !id.is_empty() && id.len() <= 64,
            IdProfile::Mistral => id.len() == 9 && id.bytes().all(|b| b.is_ascii_alphanumeric()),
        }
    }

    /// The candidate for `id` on attempt `salt` (0 first).
    pub(crate) fn candidate(self, id: &str, salt: u32) -> String {
        let hash = fnv1a64(&[id.as_bytes(), &salt.to_le_bytes()]);
        match self {
            IdProfile::Anthropic => {
                let mut out: String = id
                    .chars()
                    .take(32)
                    .map(|c| {
                        if c.is_ascii_alphanumeric() || c == '-' {
                            c
                        } else {
                            '_'
                        }
                    })
                    .collect();
                out.push('_');
                push_base62(&mut out, u128::from(hash), 11);
                out
            }
            IdProfile::OpenAiResponses => {
                let mut cut = id.len().min(52);
                while !id.is_char_boundary(cut) {
                    cut -= 1;
                }
                let mut out = String::with_capacity(64);
                out.push_str(&id[..cut]);
                out.push('_');
                push_base62(&mut out, u128::from(hash), 11);
                out
            }
            IdProfile::Mistral => {
                let mut out = String::with_capacity(9);
                push_base62(&mut out, u128::from(hash) % 62u128.pow(9), 9);
                out
            }
        }
    }

    /// The `n`th id of a plain enumeration, for when hashing keeps colliding.
    pub(crate) fn enumerated(self, n: u64) -> String {
        let mut out = String::new();
        match self {
            IdProfile::Anthropic | IdProfile::OpenAiResponses => {
                out.push_str("id_");
                push_base62(&mut out, u128::from(n), 11);
            }
            IdProfile::Mistral => push_base62(&mut out, u128::from(n) % 62u128.pow(9), 9),
        }
        out
    }
}

/// FNV-1a 64 over the concatenation of `parts`.
pub(crate) fn fnv1a64(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for byte in *part {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

const BASE62: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// `n` in base 62, left-padded with `0` to `width` digits (wider when `n` needs it).
fn push_base62(out: &mut String, mut n: u128, width: usize) {
    let mut digits = Vec::with_capacity(width.max(22));
    while n > 0 || digits.len() < width {
        let digit = (n % 62) as usize;
        digits.push(char::from(BASE62[digit]));
        n /= 62;
    }
    out.extend(digits.iter().rev());
}

/// How [`map_ids`] rewrote the ids of a history: every distinct id, in order of first
/// appearance, with the id it became (itself when the profile accepted it).
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{self as history, openai::{Message, ToolCall}, IdProfile};
///
/// let mut messages = vec![
///     Message::calls([ToolCall::function("functions.now:0", "now", "{}")]),
///     Message::tool("functions.now:0", "12:00"),
/// ];
/// let map = history::map_ids(&mut messages, IdProfile::Anthropic);
/// let new = map.get("functions.now:0").unwrap();
/// assert!(IdProfile::Anthropic.accepts(new));
/// assert_eq!(messages[1].tool_call_id.as_deref(), Some(new));
/// assert_eq!(map.changed().count(), 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IdMap {
    pairs: Vec<(String, String)>,
    index: HashMap<String, usize>,
}

impl IdMap {
    /// The id `old` became, if it is an id of the history.
    pub fn get(&self, old: &str) -> Option<&str> {
        self.index
            .get(old)
            .and_then(|&i| self.pairs.get(i))
            .map(|(_, new)| new.as_str())
    }

    /// Every (old, new) pair, in order of first appearance.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pairs
            .iter()
            .map(|(old, new)| (old.as_str(), new.as_str()))
    }

    /// The pairs whose id changed.
    pub fn changed(&self) -> impl Iterator<Item = (&str, &str)> {
        self.iter().filter(|(old, new)| old != new)
    }

    /// How many distinct ids the history has.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether the history has no ids.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
}

impl fmt::Display for IdMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (old, new) in self.changed() {
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            write!(f, "{old:?} -> {new:?}")?;
        }
        Ok(())
    }
}

/// Rewrite every call id of `messages`, and every response id that refers to one, so
/// that `profile` accepts them, and say how.
///
/// - Ids the profile accepts stay as they are; the others become what the
///   [`IdProfile`] table says.
/// - Two different ids never end up the same: when a new id is already taken (by an id
///   the profile accepts, or by an earlier new id), the hash is taken again with a
///   counter appended to the input, in order of first appearance; so one history always
///   maps the same way.
/// - A response and its call use the same id before, so they use the same id after:
///   pairing, and with it what [`validate`](super::validate) reports, is unchanged.
/// - Absent and empty ids are left alone: they are a violation for
///   [`repair`](fn@crate::repair), not something to map.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{self as history, anthropic::{Block, Message}, IdProfile, Role};
/// use serde_json::json;
///
/// let mut messages = vec![
///     Message::blocks(Role::Assistant, [Block::tool_use("toolu_01ABCdef", "now", json!({}))]),
///     Message::blocks(Role::User, [Block::tool_result("toolu_01ABCdef", "12:00")]),
/// ];
/// let map = history::map_ids(&mut messages, IdProfile::Mistral);
/// let new = map.get("toolu_01ABCdef").unwrap();
/// assert_eq!(new.len(), 9);
/// assert_eq!(history::map_ids(&mut messages.clone(), IdProfile::Mistral).get(new), Some(new));
/// assert!(history::validate(&messages).is_empty());
/// ```
pub fn map_ids<M: WireMessage>(messages: &mut [M], profile: IdProfile) -> IdMap {
    let mut map = IdMap::default();
    for message in messages.iter_mut() {
        message.visit_ids(&mut |id| {
            if !map.index.contains_key(id.as_str()) {
                map.index.insert(id.clone(), map.pairs.len());
                map.pairs.push((id.clone(), String::new()));
            }
        });
    }
    let mut taken: HashSet<String> = map
        .pairs
        .iter()
        .filter(|(old, _)| profile.accepts(old))
        .map(|(old, _)| old.clone())
        .collect();
    let mut enumeration = 0u64;
    for (old, new) in &mut map.pairs {
        if profile.accepts(old) {
            new.clone_from(old);
            continue;
        }
        let mut found = None;
        for salt in 0..64 {
            let candidate = profile.candidate(old, salt);
            if !taken.contains(&candidate) {
                found = Some(candidate);
                break;
            }
        }
        let chosen = match found {
            Some(candidate) => candidate,
            None => loop {
                let candidate = profile.enumerated(enumeration);
                enumeration += 1;
                if !taken.contains(&candidate) {
                    break candidate;
                }
            },
        };
        taken.insert(chosen.clone());
        *new = chosen;
    }
    for message in messages.iter_mut() {
        message.visit_ids(&mut |id| {
            if let Some(new) = map.get(id)
                && new != id
            {
                *id = new.to_owned();
            }
        });
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a64_known_vectors() {
        assert_eq!(fnv1a64(&[b""]), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(&[b"a"]), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(&[b"foobar"]), 0x8594_4171_f739_67e8);
        assert_eq!(fnv1a64(&[b"foo", b"bar"]), fnv1a64(&[b"foobar"]));
    }

    #[test]
    fn base62_widths() {
        let render = |n: u128, width| {
            let mut s = String::new();
            push_base62(&mut s, n, width);
            s
        };
        assert_eq!(render(0, 3), "000");
        assert_eq!(render(61, 1), "z");
        assert_eq!(render(62, 1), "10");
        assert_eq!(render(u128::from(u64::MAX), 11), "LygHa16AHYF");
    }

    #[test]
    fn candidates_obey_their_profile() {
        let ids = [
            "",
            "a.b",
            "функция:0",
            &"é".repeat(80),
            &"x".repeat(200),
            "a b\u{0}c",
        ];
        for profile in IdProfile::ALL {
            for id in ids {
                for salt in [0, 1, 63] {
                    let c = profile.candidate(id, salt);
                    assert!(profile.accepts(&c), "{profile:?} {id:?} -> {c:?}");
                }
                assert!(profile.accepts(&profile.enumerated(u64::MAX)));
            }
        }
    }
}
