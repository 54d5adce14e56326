//! The named profiles: what each front end accepts, and the sources of every rule.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{Rewritten, null_as_absent, rewrite};

/// A named schema profile: which parts of JSON Schema the front end accepts.
///
/// | dialect | for | keywords kept |
/// |---|---|---|
/// | [`canonical`](Dialect::Canonical) | clients that read standard JSON Schema (the default) | all: the schema is returned unchanged |
/// | [`gemini`](Dialect::Gemini) | Gemini function declarations (`parameters`, the OpenAPI 3.0 subset) | `type`, `format` (a few), `description`, `nullable`, `enum` (strings), `properties`, `required`, `items`, `anyOf` |
/// | [`openai-strict`](Dialect::OpenAiStrict) | OpenAI strict function calling and strict OpenAI-compatible validators | `type` (with `"null"`), `description`, `properties`, `required`, `additionalProperties: false`, `items`, `enum`, `anyOf`, `pattern`, `format` (nine), `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minItems`, `maxItems` |
/// | [`conservative`](Dialect::Conservative) | an unknown client: what every reported client accepts | `type` (one name), `description`, `properties`, `required`, `items`, `enum` (strings) |
///
/// [`Dialect::keywords`] returns these lists. Every profile except `canonical` first
/// inlines local `$ref`s ([`inline_refs`](crate::inline_refs)). The input is any JSON Schema as a
/// `serde_json::Value`, such as the one `mcp_coerce::schema::input_schema` builds;
/// serve the rewritten schema as the tool's `inputSchema` and keep checking the arguments
/// against the canonical types.
///
/// # Rules of every profile except `canonical`
///
/// | rule | source | failure it avoids |
/// |---|---|---|
/// | local `$ref`s (`#/$defs/X`, `#/definitions/X`, any `#/…` pointer) are inlined, then `$defs`/`definitions` removed; a recursive reference stops at its second visit and becomes `{"type": …}` with a description saying the structure is recursive; an unresolvable or remote reference becomes a permissive schema; sibling keywords of `$ref` are merged in | [anthropics/claude-code#76881](https://github.com/anthropics/claude-code/issues/76881), [decolua/9router#1036](https://github.com/decolua/9router/issues/1036), [defog-ai/defog#244](https://github.com/defog-ai/defog/pull/244) | `can't resolve reference #/$defs/ScreenInstance from id #`; Gemini `Unknown name "ref" at '…items': Cannot find field.`; OpenAI `$ref cannot have keywords {'description'}` |
/// | `allOf` members are merged into their schema; `oneOf` becomes `anyOf` | [docker/docker-agent#4155](https://github.com/docker/docker-agent/pull/4155), [openai/openai-agents-python#1884](https://github.com/openai/openai-agents-python/pull/1884), [kaitranntt/ccs#497](https://github.com/kaitranntt/ccs/pull/497) | `'oneOf' is not permitted` |
/// | annotations (`title`, `$schema`, `$id`, `$comment`, `examples`, `default`, `readOnly`, unknown keywords) are removed; `default` (unless `null`) and `examples` are described | [router-for-me/CLIProxyAPI#97](https://github.com/router-for-me/CLIProxyAPI/issues/97), [openai/openai-agents-python#4390](https://github.com/openai/openai-agents-python/issues/4390), [kaitranntt/ccs#497](https://github.com/kaitranntt/ccs/pull/497) | Gemini `Unknown name "$schema" at '…parameters': Cannot find field.`; OpenAI `'default' is not permitted within a property definition` |
/// | `required` lists only declared properties | [Kilo-Org/kilocode#11955](https://github.com/Kilo-Org/kilocode/pull/11955) | Gemini refuses a `required` name with no property |
/// | every schema has a `type` (inferred from its keywords; a schema that allows any value becomes `"type": "string"` described "Any JSON value.") or an `anyOf`; every array has `items` | [danny-avila/LibreChat#6971](https://github.com/danny-avila/LibreChat/issues/6971), [can1357/oh-my-pi#211](https://github.com/can1357/oh-my-pi/issues/211), [kkrishnan90/gemini-desktop#7](https://github.com/kkrishnan90/gemini-desktop/pull/7), [microsoft/vscode-copilot-release#7462](https://github.com/microsoft/vscode-copilot-release/issues/7462) | `type: must be specified when not using one_of, any_of or all_of fields`; `schema must have a 'type' key`; `items: missing field`; `tool parameters array type must have items` |
/// | keywords that constrain another JSON type than the schema's (`pattern` on an integer) are removed | JSON Schema: they never apply | |
///
///
/// # Gemini (`gemini`)
///
/// The `parameters` field of Gemini function declarations: "a select subset of an OpenAPI
/// 3.0 schema object" ([Schema reference](https://ai.google.dev/api/caching#Schema)).
/// Newer Gemini models also read full JSON Schema through `parametersJsonSchema`; serve
/// `canonical` there.
///
/// | rule | source | failure it avoids |
/// |---|---|---|
/// | a `type` array becomes one `type` and `nullable: true`; several non-null types become an `anyOf` of one branch per type, each with the keywords of its type | [Schema reference](https://ai.google.dev/api/caching#Schema) (`type` is one enum), [WordPress/ai-provider-for-google#33](https://github.com/WordPress/ai-provider-for-google/issues/33) | `Unknown name "type" at '…': Proto field is not repeating, cannot start list.` |
/// | `additionalProperties` is removed (`false` is described "No other properties.") | [brainlid/langchain#599](https://github.com/brainlid/langchain/pull/599) | `Unknown name "additionalProperties" at 'tools[0].function_declarations[0].parameters': Cannot find field.` |
/// | `format` is kept only as `date-time` or `enum` on strings, `int32`/`int64` on integers, `float`/`double` on numbers | [Schema reference](https://ai.google.dev/api/caching#Schema), [google-gemini/gemini-cli#3178](https://github.com/google-gemini/gemini-cli/issues/3178) | `…properties[url].format: only 'enum' and 'date-time' are supported for STRING type` |
/// | `enum` is kept only with string values on a string; other enums are described ("One of: 0, 1, 2."); empty strings leave the enum and are described | [microsoft/azure-devops-mcp#139](https://github.com/microsoft/azure-devops-mcp/issues/139), [Bobsilvio/ha-claude#32](https://github.com/Bobsilvio/ha-claude/pull/32) | `Invalid value at '…enum[1]' (TYPE_STRING), 2`; `enum[1]: cannot be empty` |
/// | `const` becomes a one-value `enum` (a string) or is described | [zed-industries/zed#44875](https://github.com/zed-industries/zed/issues/44875) | `Unknown name "const" at '…any_of[2]': Cannot find field.` |
/// | every other constraint (`minimum`, `maximum`, `exclusiveMinimum`, `minLength`, `maxLength`, `pattern`, `minItems`, `maxItems`, `uniqueItems`, `propertyNames`, …) is described | [router-for-me/CLIProxyAPI#2123](https://github.com/router-for-me/CLIProxyAPI/issues/2123), [ruvnet/agentic-flow#55](https://github.com/ruvnet/agentic-flow/issues/55), [maximhq/bifrost#5433](https://github.com/maximhq/bifrost/issues/5433) | `Unknown name "uniqueItems" at '…': Cannot find field.`; `value at properties.textSelection.minLength must be a number` |
///
///
/// # OpenAI strict (`openai-strict`)
///
/// Function calling with `"strict": true`, and OpenAI-compatible endpoints that validate
/// the same way ([Structured Outputs: supported
/// schemas](https://platform.openai.com/docs/guides/structured-outputs#supported-schemas),
/// [function calling: strict mode](https://platform.openai.com/docs/guides/function-calling#strict-mode)).
///
/// | rule | source | failure it avoids |
/// |---|---|---|
/// | every object gets `additionalProperties: false` (a free-form object can then only be sent empty) | docs; [camel-ai/camel#2574](https://github.com/camel-ai/camel/issues/2574) | `'additionalProperties' is required to be supplied and to be false` |
/// | every property is listed in `required`; a property that was optional becomes nullable: `"type": [T, "null"]` (and `null` joins its `enum`), or a `{"type": "null"}` branch in its `anyOf`; the runtime removes the `null` again ([`null_as_absent`]) | docs ("all fields must be required", optional fields as a union with `null`); [CherryHQ/cherry-studio#12415](https://github.com/CherryHQ/cherry-studio/pull/12415) | `'required' is required to be supplied and to be an array including every key in properties` |
/// | every object has `properties` | [openai/openai-agents-python#454](https://github.com/openai/openai-agents-python/pull/454) | the API expects `properties` on the parameters object |
/// | `format` is kept only as `date-time`, `time`, `date`, `duration`, `email`, `hostname`, `ipv4`, `ipv6`, `uuid` | docs; [posit-dev/chatlas#255](https://github.com/posit-dev/chatlas/pull/255) | `In context=('properties', 'url'), 'uri' is not a valid format.` |
/// | kept constraints: `pattern`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minItems`, `maxItems`; the others (`minLength`, `maxLength`, `uniqueItems`, `minProperties`, `patternProperties`, `not`, `if`, …) are described | docs (supported properties; composition keywords unsupported); [pydantic/pydantic-ai#7400](https://github.com/pydantic/pydantic-ai/pull/7400) | strict OpenAI-compatible validators refuse `minLength`/`maxLength` |
/// | `const` becomes a one-value `enum` | docs (`enum` is supported) | |
///
///
/// # Conservative (`conservative`)
///
/// What every client in the reports accepts: the Gemini rules, then fewer keywords.
/// It does not satisfy OpenAI strict mode (which needs `additionalProperties: false`,
/// refused by Gemini); serve `openai-strict` to strict clients.
///
/// | rule | source | failure it avoids |
/// |---|---|---|
/// | one type name, never an array; a union (type array, `anyOf`, `oneOf`) keeps one branch (a `string` one if any, since clients and the crate's adapters can send anything as a string; else a numeric one if all are numeric; else the first) and describes the others ("Or: …"); `null` is described ("May be null.") | [microsoft/copilot-intellij-feedback#691](https://github.com/microsoft/copilot-intellij-feedback/issues/691), [cursor/cursor#3778](https://github.com/cursor/cursor/issues/3778) | `Expected STRING but was BEGIN_ARRAY at path $.servers[0].tools[31].inputSchema.properties..type`; `Parameter 'optionalStr' must be of type null,string, got string` |
/// | `enum` only with string values on a string | [microsoft/azure-devops-mcp#139](https://github.com/microsoft/azure-devops-mcp/issues/139), [cboxdk/statamic-mcp#7](https://github.com/cboxdk/statamic-mcp/pull/7) | `Invalid value at '…enum[1]' (TYPE_STRING), 2` |
/// | every other keyword (`format`, `nullable`, `anyOf`, all constraints) is described | the Gemini and strict failures above | |
/// | the root object has `properties` | [openai/openai-agents-python#454](https://github.com/openai/openai-agents-python/pull/454) | |
///
/// # Examples
///
/// ```
/// use mcp_coerce_dialect::Dialect;
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
    /// Standard JSON Schema, returned unchanged (`$ref`s included; see [`inline_refs`](crate::inline_refs)).
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

/// What a profile keeps, describes, converts and adds: the differences between the
/// profiles, as data. The renderer ([`rewrite`]) reads nothing else of a dialect, and the
/// rule tables above say the same in prose.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Profile {
    /// The keywords a rewritten schema may use (sorted); the others are described, or
    /// dropped when there is nothing to say.
    pub keywords: &'static [&'static str],
    /// The `format` values kept, by the JSON type they are on; the others are described.
    pub formats: &'static [(&'static str, &'static [&'static str])],
    /// How a schema says that `null` is allowed.
    pub null: Null,
    /// Whether `type` may list several names; where it may not, they become a union.
    pub type_lists: bool,
    /// How a union (`anyOf`, `oneOf`, several types) is said below the root (at the root,
    /// the arguments object is kept and the other branches are described).
    pub unions: Unions,
    /// Which `enum` values are kept; a `const` becomes a one-value `enum` where that enum
    /// can be kept.
    pub enums: Enums,
    /// What every object must say.
    pub objects: Objects,
}

/// How a profile says that `null` is allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Null {
    /// `"null"` in the `type` list, a `{"type": "null"}` branch of `anyOf`, `null` in
    /// `enum`; a schema of only `null` is `{"type": "null"}`.
    InType,
    /// `nullable: true` (OpenAPI 3.0); a schema of only `null` is a string said "Must be
    /// null.".
    Keyword,
    /// "May be null." in the description; a schema of only `null` is a string said "Must
    /// be null.".
    Described,
}

/// How a profile says a union below the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unions {
    /// An `anyOf` of the rewritten branches.
    AnyOf,
    /// One branch (a string one if any, else a numeric one if all are numeric, else the
    /// first), the others described ("Or: …").
    OneBranch,
}

/// Which `enum` values a profile keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Enums {
    /// The values of the schema's types.
    OfItsType,
    /// Non-empty strings, on a string schema; other enums are described.
    NonEmptyStrings,
}

/// What a profile makes every object say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Objects {
    /// Nothing more than it said.
    AsGiven,
    /// The root object has `properties`.
    RootHasProperties,
    /// Closed: `additionalProperties: false`, `properties`, and every property in
    /// `required`, the optional ones made nullable.
    Closed,
}

const GEMINI: Profile = Profile {
    keywords: &[
        "anyOf",
        "description",
        "enum",
        "format",
        "items",
        "nullable",
        "properties",
        "required",
        "type",
    ],
    formats: &[
        ("string", &["date-time", "enum"]),
        ("integer", &["int32", "int64"]),
        ("number", &["double", "float"]),
    ],
    null: Null::Keyword,
    type_lists: false,
    unions: Unions::AnyOf,
    enums: Enums::NonEmptyStrings,
    objects: Objects::AsGiven,
};

const OPENAI_STRICT: Profile = Profile {
    keywords: &[
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
    ],
    formats: &[(
        "string",
        &[
            "date",
            "date-time",
            "duration",
            "email",
            "hostname",
            "ipv4",
            "ipv6",
            "time",
            "uuid",
        ],
    )],
    null: Null::InType,
    type_lists: true,
    unions: Unions::AnyOf,
    enums: Enums::OfItsType,
    objects: Objects::Closed,
};

const CONSERVATIVE: Profile = Profile {
    keywords: &[
        "description",
        "enum",
        "items",
        "properties",
        "required",
        "type",
    ],
    formats: &[],
    null: Null::Described,
    type_lists: false,
    unions: Unions::OneBranch,
    enums: Enums::NonEmptyStrings,
    objects: Objects::RootHasProperties,
};

impl Profile {
    /// The `format` values kept on JSON type `ty`.
    pub fn formats_on(&self, ty: &str) -> &'static [&'static str] {
        self.formats
            .iter()
            .find(|(on, _)| *on == ty)
            .map_or(&[], |(_, kept)| kept)
    }
}

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
    /// use mcp_coerce_dialect::Dialect;
    ///
    /// assert_eq!(
    ///     Dialect::Conservative.keywords(),
    ///     Some(&["description", "enum", "items", "properties", "required", "type"][..])
    /// );
    /// assert_eq!(Dialect::Canonical.keywords(), None);
    /// ```
    pub const fn keywords(self) -> Option<&'static [&'static str]> {
        match self.profile() {
            Some(profile) => Some(profile.keywords),
            None => None,
        }
    }

    /// What the profile keeps, describes, converts and adds, or `None` for
    /// [`Dialect::Canonical`], which changes nothing.
    pub(crate) const fn profile(self) -> Option<&'static Profile> {
        match self {
            Dialect::Canonical => None,
            Dialect::Gemini => Some(&GEMINI),
            Dialect::OpenAiStrict => Some(&OPENAI_STRICT),
            Dialect::Conservative => Some(&CONSERVATIVE),
        }
    }

    /// [`rewrite`] `schema` into this dialect.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_dialect::Dialect;
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
    /// use mcp_coerce_dialect::Dialect;
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
        if self.normalizes_arguments() {
            null_as_absent(arguments, canonical_schema);
        }
    }

    /// Whether [`normalize_arguments`](Dialect::normalize_arguments) can change anything in
    /// this dialect (so that a caller can skip building the canonical schema it reads).
    ///
    /// ```
    /// use mcp_coerce_dialect::Dialect;
    ///
    /// assert!(Dialect::OpenAiStrict.normalizes_arguments());
    /// assert!(!Dialect::Gemini.normalizes_arguments());
    /// ```
    pub fn normalizes_arguments(self) -> bool {
        // Only closed objects make optional properties nullable.
        self.profile().is_some_and(|p| p.objects == Objects::Closed)
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
