//! Who wrote a message, shared by both wire formats.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The `role` of a message.
///
/// Unknown roles are kept as [`Role::Other`] and written back unchanged. Build roles with
/// [`Role::from`] so that a known name becomes its own variant: `Role::Other("user")`
/// would be written as `"user"` but checked as an unknown role.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::Role;
///
/// assert_eq!(Role::from("tool"), Role::Tool);
/// assert_eq!(Role::from("critic"), Role::Other("critic".into()));
/// assert_eq!(serde_json::to_string(&Role::Assistant)?, r#""assistant""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Role {
    /// `system`: instructions (OpenAI; Anthropic keeps them outside the messages).
    System,
    /// `developer`: instructions (OpenAI's newer name for `system`).
    Developer,
    /// `user`: the person, and for Anthropic also the carrier of tool results.
    User,
    /// `assistant`: the model, and the author of tool calls.
    Assistant,
    /// `tool`: one tool response (OpenAI).
    Tool,
    /// Any other role, kept as it was written.
    Other(String),
}

impl Role {
    /// The role as written on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Role::System => "system",
            Role::Developer => "developer",
            Role::User => "user",
            Role::Assistant => "assistant",
            Role::Tool => "tool",
            Role::Other(name) => name,
        }
    }
}

impl From<&str> for Role {
    fn from(name: &str) -> Self {
        match name {
            "system" => Role::System,
            "developer" => Role::Developer,
            "user" => Role::User,
            "assistant" => Role::Assistant,
            "tool" => Role::Tool,
            other => Role::Other(other.to_owned()),
        }
    }
}

impl From<String> for Role {
    fn from(name: String) -> Self {
        match Role::from(name.as_str()) {
            Role::Other(_) => Role::Other(name),
            known => known,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Role {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Role {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Role::from)
    }
}
