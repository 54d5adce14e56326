//! Schema dialects: the canonical `inputSchema` rewritten for front ends that refuse parts
//! of JSON Schema.
//!
//! A tool's schema is written once, in standard JSON Schema (the canonical schema the
//! runtime check enforces). Several front ends refuse parts of it and then fail the whole
//! request, not just one tool: Gemini's function declarations take an OpenAPI 3.0 subset,
//! OpenAI's strict mode demands closed objects with every property required, and some MCP
//! clients cannot resolve `$ref` or read a `type` array. [`rewrite`] turns the canonical
//! schema into a named [`Dialect`]; what a profile cannot say is moved into the
//! `description` of the same schema, so the agent still reads it, and every change is
//! listed as a [`Note`].
//!
//! The runtime check never changes with the dialect: the arguments are still checked
//! against every constraint of the canonical schema. The one bridge is
//! [`null_as_absent`] (or [`Dialect::normalize_arguments`]), for the strict profile, which
//! makes optional properties nullable: the `null` a strict client sends for a property it
//! wanted to leave out is removed before the check, so the property is absent.
//!
//! ```
//! use mcp_coerce::dialect::{self, Dialect};
//! use serde_json::json;
//!
//! let canonical = json!({
//!     "type": "object",
//!     "properties": {
//!         "ids": {"type": "array", "items": {"type": "integer"}, "maxItems": 1000},
//!         "limit": {"type": "integer", "minimum": 1, "maximum": 100}
//!     },
//!     "required": ["ids"]
//! });
//! let gemini = dialect::rewrite(&canonical, Dialect::Gemini);
//! assert_eq!(gemini.schema["properties"]["ids"], json!({
//!     "type": "array", "items": {"type": "integer"}, "description": "At most 1000 items."
//! }));
//! assert_eq!(gemini.notes[0].to_string(), "maxItems moved into description at /properties/ids");
//!
//! let strict = dialect::rewrite(&canonical, Dialect::OpenAiStrict);
//! assert_eq!(strict.schema["required"], json!(["ids", "limit"]));
//! assert_eq!(strict.schema["properties"]["limit"]["type"], json!(["integer", "null"]));
//!
//! // A strict client fills the optional `limit` with null: it is removed, then checked.
//! let mut arguments = json!({"ids": [1, 2], "limit": null});
//! Dialect::OpenAiStrict.normalize_arguments(&mut arguments, &canonical);
//! assert_eq!(arguments, json!({"ids": [1, 2]}));
//! ```
//!
//! # Picking a dialect
//!
//! | dialect | for | keywords kept |
//! |---|---|---|
//! | [`canonical`](Dialect::Canonical) | clients that read standard JSON Schema (the default) | all: the schema is returned unchanged |
//! | [`gemini`](Dialect::Gemini) | Gemini function declarations (`parameters`, the OpenAPI 3.0 subset) | `type`, `format` (a few), `description`, `nullable`, `enum` (strings), `properties`, `required`, `items`, `anyOf` |
//! | [`openai-strict`](Dialect::OpenAiStrict) | OpenAI strict function calling and strict OpenAI-compatible validators | `type` (with `"null"`), `description`, `properties`, `required`, `additionalProperties: false`, `items`, `enum`, `anyOf`, `pattern`, `format` (nine), `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minItems`, `maxItems` |
//! | [`conservative`](Dialect::Conservative) | an unknown client: what every reported client accepts | `type` (one name), `description`, `properties`, `required`, `items`, `enum` (strings) |
//!
//! [`Dialect::keywords`] returns these lists. Every profile except `canonical` first
//! inlines local `$ref`s ([`inline_refs`]). The input is any JSON Schema as a
//! `serde_json::Value`, such as the one `schema::input_schema` builds (feature `schemars`);
//! serve the rewritten schema as the tool's `inputSchema` and keep checking the arguments
//! against the canonical types.
//!
//! # Rules of every profile except `canonical`
//!
//! | rule | source | failure it avoids |
//! |---|---|---|
//! | local `$ref`s (`#/$defs/X`, `#/definitions/X`, any `#/…` pointer) are inlined, then `$defs`/`definitions` removed; a recursive reference stops at its second visit and becomes `{"type": …}` with a description saying the structure is recursive; an unresolvable or remote reference becomes a permissive schema; sibling keywords of `$ref` are merged in | [anthropics/claude-code#76881](https://github.com/anthropics/claude-code/issues/76881), [decolua/9router#1036](https://github.com/decolua/9router/issues/1036), [defog-ai/defog#244](https://github.com/defog-ai/defog/pull/244) | `can't resolve reference #/$defs/ScreenInstance from id #`; Gemini `Unknown name "ref" at '…items': Cannot find field.`; OpenAI `$ref cannot have keywords {'description'}` |
//! | `allOf` members are merged into their schema; `oneOf` becomes `anyOf` | [docker/docker-agent#4155](https://github.com/docker/docker-agent/pull/4155), [openai/openai-agents-python#1884](https://github.com/openai/openai-agents-python/pull/1884), [kaitranntt/ccs#497](https://github.com/kaitranntt/ccs/pull/497) | `'oneOf' is not permitted` |
//! | annotations (`title`, `$schema`, `$id`, `$comment`, `examples`, `default`, `readOnly`, unknown keywords) are removed; `default` (unless `null`) and `examples` are described | [router-for-me/CLIProxyAPI#97](https://github.com/router-for-me/CLIProxyAPI/issues/97), [openai/openai-agents-python#4390](https://github.com/openai/openai-agents-python/issues/4390), [kaitranntt/ccs#497](https://github.com/kaitranntt/ccs/pull/497) | Gemini `Unknown name "$schema" at '…parameters': Cannot find field.`; OpenAI `'default' is not permitted within a property definition` |
//! | `required` lists only declared properties | [Kilo-Org/kilocode#11955](https://github.com/Kilo-Org/kilocode/pull/11955) | Gemini refuses a `required` name with no property |
//! | every schema has a `type` (inferred from its keywords; a schema that allows any value becomes `"type": "string"` described "Any JSON value.") or an `anyOf`; every array has `items` | [danny-avila/LibreChat#6971](https://github.com/danny-avila/LibreChat/issues/6971), [can1357/oh-my-pi#211](https://github.com/can1357/oh-my-pi/issues/211), [kkrishnan90/gemini-desktop#7](https://github.com/kkrishnan90/gemini-desktop/pull/7), [microsoft/vscode-copilot-release#7462](https://github.com/microsoft/vscode-copilot-release/issues/7462) | `type: must be specified when not using one_of, any_of or all_of fields`; `schema must have a 'type' key`; `items: missing field`; `tool parameters array type must have items` |
//! | keywords that constrain another JSON type than the schema's (`pattern` on an integer) are removed | JSON Schema: they never apply | |
//!
//! # Gemini (`gemini`)
//!
//! The `parameters` field of Gemini function declarations: "a select subset of an OpenAPI
//! 3.0 schema object" ([Schema reference](https://ai.google.dev/api/caching#Schema)).
//! Newer Gemini models also read full JSON Schema through `parametersJsonSchema`; serve
//! `canonical` there.
//!
//! | rule | source | failure it avoids |
//! |---|---|---|
//! | a `type` array becomes one `type` and `nullable: true`; several non-null types become an `anyOf` of one branch per type, each with the keywords of its type | [Schema reference](https://ai.google.dev/api/caching#Schema) (`type` is one enum), [WordPress/ai-provider-for-google#33](https://github.com/WordPress/ai-provider-for-google/issues/33) | `Unknown name "type" at '…': Proto field is not repeating, cannot start list.` |
//! | `additionalProperties` is removed (`false` is described "No other properties.") | [brainlid/langchain#599](https://github.com/brainlid/langchain/pull/599) | `Unknown name "additionalProperties" at 'tools[0].function_declarations[0].parameters': Cannot find field.` |
//! | `format` is kept only as `date-time` or `enum` on strings, `int32`/`int64` on integers, `float`/`double` on numbers | [Schema reference](https://ai.google.dev/api/caching#Schema), [google-gemini/gemini-cli#3178](https://github.com/google-gemini/gemini-cli/issues/3178) | `…properties[url].format: only 'enum' and 'date-time' are supported for STRING type` |
//! | `enum` is kept only with string values on a string; other enums are described ("One of: 0, 1, 2."); empty strings leave the enum and are described | [microsoft/azure-devops-mcp#139](https://github.com/microsoft/azure-devops-mcp/issues/139), [Bobsilvio/ha-claude#32](https://github.com/Bobsilvio/ha-claude/pull/32) | `Invalid value at '…enum[1]' (TYPE_STRING), 2`; `enum[1]: cannot be empty` |
//! | `const` becomes a one-value `enum` (a string) or is described | [zed-industries/zed#44875](https://github.com/zed-industries/zed/issues/44875) | `Unknown name "const" at '…any_of[2]': Cannot find field.` |
//! | every other constraint (`minimum`, `maximum`, `exclusiveMinimum`, `minLength`, `maxLength`, `pattern`, `minItems`, `maxItems`, `uniqueItems`, `propertyNames`, …) is described | [router-for-me/CLIProxyAPI#2123](https://github.com/router-for-me/CLIProxyAPI/issues/2123), [ruvnet/agentic-flow#55](https://github.com/ruvnet/agentic-flow/issues/55), [maximhq/bifrost#5433](https://github.com/maximhq/bifrost/issues/5433) | `Unknown name "uniqueItems" at '…': Cannot find field.`; `value at properties.textSelection.minLength must be a number` |
//!
//! # OpenAI strict (`openai-strict`)
//!
//! Function calling with `"strict": true`, and OpenAI-compatible endpoints that validate
//! the same way ([Structured Outputs: supported
//! schemas](https://platform.openai.com/docs/guides/structured-outputs#supported-schemas),
//! [function calling: strict mode](https://platform.openai.com/docs/guides/function-calling#strict-mode)).
//!
//! | rule | source | failure it avoids |
//! |---|---|---|
//! | every object gets `additionalProperties: false` (a free-form object can then only be sent empty) | docs; [camel-ai/camel#2574](https://github.com/camel-ai/camel/issues/2574) | `'additionalProperties' is required to be supplied and to be false` |
//! | every property is listed in `required`; a property that was optional becomes nullable: `"type": [T, "null"]` (and `null` joins its `enum`), or a `{"type": "null"}` branch in its `anyOf`; the runtime removes the `null` again ([`null_as_absent`]) | docs ("all fields must be required", optional fields as a union with `null`); [CherryHQ/cherry-studio#12415](https://github.com/CherryHQ/cherry-studio/pull/12415) | `'required' is required to be supplied and to be an array including every key in properties` |
//! | every object has `properties` | [openai/openai-agents-python#454](https://github.com/openai/openai-agents-python/pull/454) | the API expects `properties` on the parameters object |
//! | `format` is kept only as `date-time`, `time`, `date`, `duration`, `email`, `hostname`, `ipv4`, `ipv6`, `uuid` | docs; [posit-dev/chatlas#255](https://github.com/posit-dev/chatlas/pull/255) | `In context=('properties', 'url'), 'uri' is not a valid format.` |
//! | kept constraints: `pattern`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minItems`, `maxItems`; the others (`minLength`, `maxLength`, `uniqueItems`, `minProperties`, `patternProperties`, `not`, `if`, …) are described | docs (supported properties; composition keywords unsupported); [pydantic/pydantic-ai#7400](https://github.com/pydantic/pydantic-ai/pull/7400) | strict OpenAI-compatible validators refuse `minLength`/`maxLength` |
//! | `const` becomes a one-value `enum` | docs (`enum` is supported) | |
//!
//! # Conservative (`conservative`)
//!
//! What every client in the reports accepts: the Gemini rules, then fewer keywords.
//! It does not satisfy OpenAI strict mode (which needs `additionalProperties: false`,
//! refused by Gemini); serve `openai-strict` to strict clients.
//!
//! | rule | source | failure it avoids |
//! |---|---|---|
//! | one type name, never an array; a union (type array, `anyOf`, `oneOf`) keeps one branch (a `string` one if any, since clients and the crate's adapters can send anything as a string; else a numeric one if all are numeric; else the first) and describes the others ("Or: …"); `null` is described ("May be null.") | [microsoft/copilot-intellij-feedback#691](https://github.com/microsoft/copilot-intellij-feedback/issues/691), [cursor/cursor#3778](https://github.com/cursor/cursor/issues/3778) | `Expected STRING but was BEGIN_ARRAY at path $.servers[0].tools[31].inputSchema.properties..type`; `Parameter 'optionalStr' must be of type null,string, got string` |
//! | `enum` only with string values on a string | [microsoft/azure-devops-mcp#139](https://github.com/microsoft/azure-devops-mcp/issues/139), [cboxdk/statamic-mcp#7](https://github.com/cboxdk/statamic-mcp/pull/7) | `Invalid value at '…enum[1]' (TYPE_STRING), 2` |
//! | every other keyword (`format`, `nullable`, `anyOf`, all constraints) is described | the Gemini and strict failures above | |
//! | the root object has `properties` | [openai/openai-agents-python#454](https://github.com/openai/openai-agents-python/pull/454) | |
//!
//! # Descriptions
//!
//! A dropped constraint becomes one sentence appended to the description of the schema it
//! was on: "At most 1000 items.", "From 1 to 100.", "At most 64 chars.", "Must match
//! ^ATC-[0-9]{4}-[0-9]{6,}$.", "Format: uri.", "One of: 0, 1.", "Default: 10.". Sentences
//! come in a fixed order; quoted JSON is cut to 120 chars (keys sorted), a sentence to 400,
//! and a pattern longer than 160 chars is not quoted ("Must match a pattern too long to
//! quote here."), since a regex cut short means something else. A description without
//! final punctuation gets a period before the sentences.
//!
//! # Limits
//!
//! [`rewrite`] never panics, on any JSON value: a value that is not a schema where one is
//! expected is treated as `{}` (with a note); `true` and `false` schemas are understood.
//! Schemas nested deeper than [`MAX_SCHEMA_DEPTH`] schema levels are cut (with a note);
//! inlining stops after [`MAX_INLINED_NODES`] units copied (JSON values, and strings by
//! their size; with a note), so a schema whose references fan out, or share a long
//! description, cannot blow up; recursion is bounded by both. [`null_as_absent`] judges
//! each schema object once, however many references share it. The output's maps are
//! built in sorted key order and every list comes out in a fixed order, with or without
//! `serde_json`'s `preserve_order`. Rewriting a rewritten schema with the same profile
//! changes nothing.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::Path;

mod keywords;
mod nulls;
mod profile;
mod refs;

pub use nulls::null_as_absent;

/// Schemas nested deeper than this many schema levels (each `properties/x`, `items`,
/// `anyOf/0`, … is one level) are cut and replaced by a permissive schema, with a note.
pub const MAX_SCHEMA_DEPTH: usize = 32;

/// Inlining `$ref`s copies at most this many units in all: one per JSON value, and one
/// more per 16 bytes of each string and key (so about 320 KB of text at most); a reference
/// past the budget becomes a permissive schema, with a note.
pub const MAX_INLINED_NODES: usize = 20_000;

/// A named schema profile: which parts of JSON Schema the front end accepts.
///
/// The rules of each profile, with their sources, are in the [module docs](self).
///
/// # Examples
///
/// ```
/// use mcp_coerce::dialect::Dialect;
///
/// let dialect: Dialect = "openai-strict".parse()?;
/// assert_eq!(dialect, Dialect::OpenAiStrict);
/// assert_eq!(dialect.as_str(), "openai-strict");
/// assert!("gpt".parse::<Dialect>().is_err());
/// // The same names in configuration files:
/// let from_config: Dialect = serde_json::from_str(r#""gemini""#)?;
/// assert_eq!(from_config, Dialect::Gemini);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Dialect {
    /// Standard JSON Schema, returned unchanged (`$ref`s included; see [`inline_refs`]).
    #[default]
    Canonical,
    /// The OpenAPI 3.0 subset of Gemini function declarations.
    Gemini,
    /// OpenAI strict function calling: closed objects, every property required, optional
    /// ones nullable.
    #[serde(rename = "openai-strict")]
    OpenAiStrict,
    /// What every reported client accepts: one type name, `description`, `properties`,
    /// `required`, `items` and string `enum`s.
    Conservative,
}

const GEMINI_KEYWORDS: &[&str] = &[
    "anyOf",
    "description",
    "enum",
    "format",
    "items",
    "nullable",
    "properties",
    "required",
    "type",
];

const OPENAI_STRICT_KEYWORDS: &[&str] = &[
    "additionalProperties",
    "anyOf",
    "description",
    "enum",
    "exclusiveMaximum",
    "exclusiveMinimum",
    "format",
    "items",
    "maxItems",
    "maximum",
    "minItems",
    "minimum",
    "multipleOf",
    "pattern",
    "properties",
    "required",
    "type",
];

const CONSERVATIVE_KEYWORDS: &[&str] = &[
    "description",
    "enum",
    "items",
    "properties",
    "required",
    "type",
];

impl Dialect {
    /// Every dialect, canonical first.
    pub const ALL: [Dialect; 4] = [
        Dialect::Canonical,
        Dialect::Gemini,
        Dialect::OpenAiStrict,
        Dialect::Conservative,
    ];

    /// The profile's name: `canonical`, `gemini`, `openai-strict` or `conservative`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Dialect::Canonical => "canonical",
            Dialect::Gemini => "gemini",
            Dialect::OpenAiStrict => "openai-strict",
            Dialect::Conservative => "conservative",
        }
    }

    /// The keywords a rewritten schema may use at any schema position (sorted), or `None`
    /// for [`Dialect::Canonical`], which keeps everything.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::dialect::Dialect;
    ///
    /// assert_eq!(
    ///     Dialect::Conservative.keywords(),
    ///     Some(&["description", "enum", "items", "properties", "required", "type"][..])
    /// );
    /// assert_eq!(Dialect::Canonical.keywords(), None);
    /// ```
    pub const fn keywords(self) -> Option<&'static [&'static str]> {
        match self {
            Dialect::Canonical => None,
            Dialect::Gemini => Some(GEMINI_KEYWORDS),
            Dialect::OpenAiStrict => Some(OPENAI_STRICT_KEYWORDS),
            Dialect::Conservative => Some(CONSERVATIVE_KEYWORDS),
        }
    }

    /// The `format` values the profile keeps for JSON type `ty` (others are described), or
    /// `None` when every format is kept (canonical).
    pub(crate) fn formats(self, ty: &str) -> Option<&'static [&'static str]> {
        match (self, ty) {
            (Dialect::Canonical, _) => None,
            (Dialect::Gemini, "string") => Some(&["date-time", "enum"]),
            (Dialect::Gemini, "integer") => Some(&["int32", "int64"]),
            (Dialect::Gemini, "number") => Some(&["double", "float"]),
            (Dialect::OpenAiStrict, "string") => Some(&[
                "date",
                "date-time",
                "duration",
                "email",
                "hostname",
                "ipv4",
                "ipv6",
                "time",
                "uuid",
            ]),
            _ => Some(&[]),
        }
    }

    /// [`rewrite`] `schema` into this dialect.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::dialect::Dialect;
    /// use serde_json::json;
    ///
    /// let schema = json!({"type": "object", "properties": {"q": {"type": ["string", "null"]}}});
    /// let out = Dialect::Conservative.rewrite(&schema).schema;
    /// assert_eq!(out["properties"]["q"], json!({"type": "string", "description": "May be null."}));
    /// ```
    pub fn rewrite(self, schema: &Value) -> Rewritten {
        rewrite(schema, self)
    }

    /// Undo, on the arguments of a call, what this dialect's schema made the client send:
    /// for [`Dialect::OpenAiStrict`], [`null_as_absent`]; for the others, nothing. Call it
    /// before the runtime check, with the canonical schema.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::dialect::Dialect;
    /// use serde_json::json;
    ///
    /// let canonical = json!({"type": "object", "properties": {"q": {"type": "string"}}});
    /// let mut arguments = json!({"q": null});
    /// Dialect::Gemini.normalize_arguments(&mut arguments, &canonical);
    /// assert_eq!(arguments, json!({"q": null}));
    /// Dialect::OpenAiStrict.normalize_arguments(&mut arguments, &canonical);
    /// assert_eq!(arguments, json!({}));
    /// ```
    pub fn normalize_arguments(self, arguments: &mut Value, canonical_schema: &Value) {
        if self == Dialect::OpenAiStrict {
            null_as_absent(arguments, canonical_schema);
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A dialect name that is none of `canonical`, `gemini`, `openai-strict`, `conservative`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown schema dialect: {0:?} (expected canonical, gemini, openai-strict or conservative)"
)]
pub struct UnknownDialect(pub String);

impl FromStr for Dialect {
    type Err = UnknownDialect;

    /// Parses a profile name, exactly as [`Dialect::as_str`] spells it.
    ///
    /// # Errors
    ///
    /// [`UnknownDialect`] for any other text.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Dialect::ALL
            .into_iter()
            .find(|d| d.as_str() == name)
            .ok_or_else(|| UnknownDialect(name.to_owned()))
    }
}

/// A schema rewritten into a dialect, with what the rewrite changed.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Rewritten {
    /// The rewritten schema.
    pub schema: Value,
    /// What was inlined, moved into a description, converted, added or dropped: a schema's
    /// keywords in sorted order (a subschema's notes at its keyword's turn), whatever the
    /// order of the input's maps.
    pub notes: Vec<Note>,
}

/// What kind of change a [`Note`] records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum NoteKind {
    /// The keyword was removed and said in the schema's description instead.
    Described,
    /// The keyword was removed (an annotation, an unknown keyword, or one that cannot
    /// apply).
    Dropped,
    /// The keyword was rewritten into an equivalent or looser form (`oneOf` to `anyOf`, a
    /// `type` array to `nullable`, …).
    Converted,
    /// The keyword was added (`additionalProperties: false`, `items`, `type`, …).
    Added,
    /// A `$ref` was replaced by the schema it points to.
    Inlined,
    /// A `$ref` points back into the structure it is in; the recursion was cut.
    Recursive,
    /// A `$ref` that does not resolve to a local schema.
    Unresolved,
    /// The schema was nested deeper than [`MAX_SCHEMA_DEPTH`] and was cut.
    TooDeep,
    /// A `$ref` was not inlined because the [`MAX_INLINED_NODES`] budget was spent.
    TooLarge,
    /// The keyword's value is malformed (`"minimum": "one"`) and was removed.
    Invalid,
}

/// One change made by a rewrite: where, which keyword, what happened.
///
/// `Display` renders one line, such as `maxItems moved into description at
/// /properties/ids`; `Serialize` gives `{"path", "keyword", "kind", "detail"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Note {
    /// The schema position, as a JSON Pointer into the rewritten schema (`""` is the
    /// root); inside inlined references, the position where the reference was.
    pub path: Path,
    /// The keyword concerned (`maxItems`, `$ref`, `type`, …).
    pub keyword: String,
    /// What happened.
    pub kind: NoteKind,
    /// The details: the reference, the value, the reason (may be empty).
    pub detail: String,
}

impl Note {
    pub(crate) fn new(
        path: &Path,
        keyword: impl Into<String>,
        kind: NoteKind,
        detail: impl Into<String>,
    ) -> Self {
        Note {
            path: path.clone(),
            keyword: keyword.into(),
            kind,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.path.is_root() {
            "the root".to_owned()
        } else {
            self.path.to_string()
        };
        let (keyword, detail) = (&self.keyword, &self.detail);
        match self.kind {
            NoteKind::Described => write!(f, "{keyword} moved into description at {at}"),
            NoteKind::Inlined => write!(f, "{keyword} {detail} inlined at {at}"),
            NoteKind::Recursive => write!(f, "{keyword} {detail} is recursive: cut at {at}"),
            NoteKind::Unresolved => write!(f, "{keyword} {detail} unresolved at {at}"),
            NoteKind::TooLarge => write!(
                f,
                "{keyword} {detail} not inlined at {at}: over {MAX_INLINED_NODES} units inlined"
            ),
            NoteKind::TooDeep => write!(
                f,
                "schema nested deeper than {MAX_SCHEMA_DEPTH} levels: cut at {at}"
            ),
            kind => {
                let verb = match kind {
                    NoteKind::Dropped => "dropped",
                    NoteKind::Converted => "converted",
                    NoteKind::Added => "added",
                    _ => "dropped (invalid value)",
                };
                if detail.is_empty() {
                    write!(f, "{keyword} {verb} at {at}")
                } else {
                    write!(f, "{keyword} {verb} at {at}: {detail}")
                }
            }
        }
    }
}

/// Rewrite a canonical JSON Schema into `dialect`.
///
/// [`Dialect::Canonical`] returns the schema unchanged, with no notes. The other profiles
/// inline local `$ref`s, then apply their rules (in the [module docs](self)) at every
/// schema position (`properties` values, `items`, `prefixItems`, `additionalProperties`,
/// `anyOf`/`oneOf`/`allOf` members, `not`, `if`/`then`/`else`, `$defs` values, …): a
/// property *named* `format`, `pattern` or `$ref` is a property, not a keyword, and the
/// values of `enum`, `const`, `default` and `examples` are data, never rewritten.
///
/// Never panics; see the [limits](self#limits).
///
/// # Examples
///
/// ```
/// use mcp_coerce::dialect::{self, Dialect};
/// use serde_json::json;
///
/// let canonical = json!({
///     "type": "object",
///     "properties": {
///         "card_id": {"type": "string", "maxLength": 64, "pattern": "^ATC-[0-9]{4}-[0-9]{6,}$"},
///         "format": {"type": "string", "format": "uri"}
///     },
///     "required": ["card_id"]
/// });
/// let out = dialect::rewrite(&canonical, Dialect::Conservative);
/// assert_eq!(out.schema, json!({
///     "type": "object",
///     "properties": {
///         "card_id": {
///             "type": "string",
///             "description": "Must match ^ATC-[0-9]{4}-[0-9]{6,}$. At most 64 chars."
///         },
///         "format": {"type": "string", "description": "Format: uri."}
///     },
///     "required": ["card_id"]
/// }));
/// assert_eq!(dialect::rewrite(&canonical, Dialect::Canonical).schema, canonical);
/// ```
pub fn rewrite(schema: &Value, dialect: Dialect) -> Rewritten {
    if dialect == Dialect::Canonical {
        return Rewritten {
            schema: schema.clone(),
            notes: Vec::new(),
        };
    }
    let mut notes = Vec::new();
    let inlined = refs::inline(schema, &mut notes);
    let schema = profile::apply(&inlined, dialect, &mut notes);
    Rewritten { schema, notes }
}

/// Standard JSON Schema with every local `$ref` replaced by the schema it points to, and
/// `$defs`/`definitions` removed: for clients that read JSON Schema but cannot resolve
/// references. Nothing else changes.
///
/// A reference to a schema it is inside of (a recursive structure) is followed once; at
/// its second visit it becomes `{"type": <the target's type>}` with a description saying
/// that the structure is recursive. An unresolvable or non-local reference (`#foo`,
/// `other.json#/x`) becomes `{}` with its sibling keywords. Sibling keywords of a `$ref`
/// are merged into the inlined schema (annotations such as `description` from the
/// sibling win; for a conflicting constraint the target's value is kept, with a note).
///
/// # Examples
///
/// ```
/// use mcp_coerce::dialect::inline_refs;
/// use serde_json::json;
///
/// let schema = json!({
///     "type": "object",
///     "properties": {"tree": {"$ref": "#/$defs/Node", "description": "The root."}},
///     "$defs": {"Node": {
///         "type": "object",
///         "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}
///     }}
/// });
/// let out = inline_refs(&schema);
/// assert_eq!(out.schema["properties"]["tree"]["description"], "The root.");
/// assert_eq!(
///     out.schema["properties"]["tree"]["properties"]["children"]["items"],
///     json!({"type": "object", "description": "Recursive: the same structure as #/$defs/Node."})
/// );
/// assert_eq!(out.schema.get("$defs"), None);
/// ```
pub fn inline_refs(schema: &Value) -> Rewritten {
    let mut notes = Vec::new();
    let schema = refs::inline(schema, &mut notes);
    Rewritten { schema, notes }
}
