//! A notes server over MCP, written with `mcp-coerce` as its README recommends for rmcp
//! servers: the arguments of each tool defined with the crate's adapters, taken with
//! [`mcp_coerce::rmcp::Parameters`], and the calls routed through
//! [`mcp_coerce::rmcp::coerce`]. The binary (`src/main.rs`) serves it over stdio; the
//! tests in `tests/` are the ones a server author copies.
//!
//! | tool | arguments | result |
//! |---|---|---|
//! | `notes_search` | [`SearchNotes`] | [`Notes`] |
//! | `notes_get` | [`GetNote`] | [`Note`] |
//! | `notes_tag` | [`TagNotes`] | [`Notes`] |
//! | `notes_create` | [`CreateNote`] | [`Note`] |
//!
//! The fields are written in both of serde's spellings: `#[serde_as(as = "XLike<..>")]`
//! under `#[serde_as]`, and `#[serde(deserialize_with = "As::<XLike<..>>::deserialize")]`
//! with `#[schemars(with = "SchemaAs<T, XLike<..>>")]`, which keeps the adapter's bounds in
//! the published schema. Both read and publish the same.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex, PoisonError};

use mcp_coerce::prelude::*;
use mcp_coerce::rmcp::{Coercions, Parameters, Router};
use mcp_coerce::{Category, pattern};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::CallToolResult;
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_with::serde_as;

pattern! {
    /// A note id such as `N-1042`.
    pub NoteId {
        name: "note_id",
        source: r"^N-[1-9][0-9]{0,8}$",
        example: "N-1042",
        max_length: 16,
    }
}

/// The arguments of `notes_search`.
#[serde_as]
#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
pub struct SearchNotes {
    /// Words to find in titles and bodies, 1 to 200 chars.
    #[serde_as(as = "TextLike<1, 200, Trim>")]
    pub query: String,
    /// Only notes by these authors (user ids), at most 20; every author when absent.
    #[serde(
        default,
        deserialize_with = "As::<IntArrayLike<Items<0, 20>>>::deserialize"
    )]
    #[schemars(with = "SchemaAs<Vec<u64>, IntArrayLike<Items<0, 20>>>")]
    pub author_ids: Vec<u64>,
    /// The order of the notes; by relevance when absent.
    #[serde_as(as = "EnumLike<Optional>")]
    #[serde(default)]
    pub sort: Option<Sort>,
    /// How many notes, 1 to 50 (more is read as 50); 10 when absent.
    // `::<u32>`: schemars calls the default function to publish `"default": 10`, and a
    // `deserialize_with` field gives it no type to infer `value`'s from.
    #[serde(
        default = "DefaultTo::<10>::value::<u32>",
        deserialize_with = "As::<IntLike<1, 50, Clamp, DefaultTo<10>>>::deserialize"
    )]
    #[schemars(with = "SchemaAs<u32, IntLike<1, 50, Clamp, DefaultTo<10>>>")]
    pub limit: u32,
}

/// The orders of `notes_search`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Sort {
    /// The most matches first.
    Relevance,
    /// The newest note first.
    Newest,
    /// The oldest note first.
    Oldest,
}

/// The arguments of `notes_get`.
#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
pub struct GetNote {
    /// The note's id, such as N-1042 (notes_search finds them).
    #[serde(deserialize_with = "As::<PatternLike<NoteId>>::deserialize")]
    #[schemars(with = "SchemaAs<String, PatternLike<NoteId>>")]
    pub note_id: String,
}

/// The arguments of `notes_tag`.
#[serde_as]
#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
pub struct TagNotes {
    /// The notes to tag: 1 to 50 ids such as N-1042.
    #[serde_as(as = "ArrayLike<PatternLike<NoteId>, Items<1, 50>>")]
    pub note_ids: Vec<String>,
    /// The tags to add (or remove), 1 to 10.
    #[serde(deserialize_with = "As::<StringArrayLike<Items<1, 10>>>::deserialize")]
    #[schemars(with = "SchemaAs<Vec<String>, StringArrayLike<Items<1, 10>>>")]
    pub tags: Vec<String>,
    /// Remove the tags instead of adding them; false when absent.
    #[serde_as(as = "BoolLike")]
    #[serde(default)]
    pub remove: bool,
}

/// The arguments of `notes_create`.
#[serde_as]
#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
pub struct CreateNote {
    /// The title, 1 to 120 chars (spaces around it are dropped).
    #[serde(deserialize_with = "As::<TextLike<1, 120, Trim>>::deserialize")]
    #[schemars(with = "SchemaAs<String, TextLike<1, 120, Trim>>")]
    pub title: String,
    /// The text of the note, 1 to 10000 chars.
    #[serde_as(as = "TextLike<1, 10000>")]
    pub body: String,
    /// The priority, from 1 (highest) to 5; none when absent.
    #[serde(default, deserialize_with = "As::<IntLike<1, 5>>::deserialize")]
    #[schemars(with = "SchemaAs<Option<u8>, IntLike<1, 5>>")]
    pub priority: Option<u8>,
}

/// A note: the result of `notes_get` and `notes_create`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Note {
    /// The note's id, such as N-1042.
    pub id: String,
    /// The author's user id.
    pub author_id: u64,
    /// The title.
    pub title: String,
    /// The text.
    pub body: String,
    /// The tags, sorted.
    pub tags: Vec<String>,
    /// The priority, from 1 (highest) to 5.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub priority: Option<u8>,
}

/// Notes: the result of `notes_search` and `notes_tag`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Notes {
    /// The notes, in the order asked for.
    pub notes: Vec<Note>,
}

/// What the server keeps: notes by number (`N-7` is 7).
#[derive(Debug, Default)]
struct Store {
    notes: BTreeMap<u64, Note>,
}

impl Store {
    fn note(&self, id: &str) -> Option<&Note> {
        self.notes.get(&number(id)?)
    }
}

/// The number of a note id (`N-7`: 7); `None` for anything else.
fn number(id: &str) -> Option<u64> {
    id.strip_prefix("N-")?.parse().ok()
}

/// The user the notes created through this server belong to.
const USER_ID: u64 = 1;

/// The notes server: four tools over notes kept in memory.
#[derive(Clone)]
pub struct NotesServer {
    tool_router: ToolRouter<Self>,
    store: Arc<Mutex<Store>>,
}

impl Default for NotesServer {
    fn default() -> Self {
        NotesServer::new()
    }
}

/// A structured result, with the notes for the model (a clamped `limit`, a folded `sort`)
/// attached.
fn answer(value: &impl Serialize, coercions: &Coercions) -> Result<CallToolResult, ErrorData> {
    serde_json::to_value(value)
        .map(|value| coercions.attach(CallToolResult::structured(value)))
        .map_err(|e| ErrorData::internal_error(format!("could not write the result: {e}"), None))
}

/// The `isError` result of notes that do not exist, for the model to read.
fn not_found(tool: &str, ids: &[&str]) -> CallToolResult {
    let envelope = Envelope::new(
        Category::NotFound,
        tool,
        format!("no note {}", ids.join(", ")),
        "Find note ids with notes_search.",
    );
    // Every tool declares an outputSchema, which the envelope does not match.
    mcp_coerce::rmcp::refusal_result(&envelope, true)
}

#[tool_router]
impl NotesServer {
    /// A server holding two notes, `N-1` and `N-2`.
    pub fn new() -> Self {
        let store = Store {
            notes: [
                (
                    1,
                    "Release checklist",
                    "Tag the release, then publish the crates.",
                ),
                (
                    2,
                    "Meeting notes",
                    "Agreed to publish the release on Friday.",
                ),
            ]
            .into_iter()
            .map(|(n, title, body)| {
                let note = Note {
                    id: format!("N-{n}"),
                    author_id: n,
                    title: title.to_owned(),
                    body: body.to_owned(),
                    tags: Vec::new(),
                    priority: None,
                };
                (n, note)
            })
            .collect(),
        };
        NotesServer {
            tool_router: Self::tool_router(),
            store: Arc::new(Mutex::new(store)),
        }
    }

    /// The router `tools/list` and `tools/call` go through: the tool router with the
    /// crate's services. The tests list the tools through it too.
    pub fn router(&self) -> Router<&ToolRouter<Self>, Self> {
        mcp_coerce::rmcp::coerce(&self.tool_router)
    }

    #[tool(
        description = "Search the notes by words in their titles and bodies. Use it when \
        you need a note and do not hold its id. Filter by author with `author_ids`; `sort` \
        and `limit` (1 to 50, default 10) shape the list. Next: open a note with notes_get.",
        output_schema = mcp_coerce::rmcp::output_schema::<Notes>()
    )]
    async fn notes_search(
        &self,
        Parameters(args): Parameters<SearchNotes>,
        coercions: Coercions,
    ) -> Result<CallToolResult, ErrorData> {
        let words: Vec<String> = args
            .query
            .split_whitespace()
            .map(str::to_lowercase)
            .collect();
        let store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        let mut found: Vec<(usize, &Note)> = store
            .notes
            .values()
            .filter(|note| args.author_ids.is_empty() || args.author_ids.contains(&note.author_id))
            .filter_map(|note| {
                let text = format!("{} {}", note.title, note.body).to_lowercase();
                let hits: Option<Vec<usize>> = words
                    .iter()
                    .map(|w| Some(text.matches(w.as_str()).count()).filter(|&n| n > 0))
                    .collect();
                Some((hits?.iter().sum(), note))
            })
            .collect();
        match args.sort.unwrap_or(Sort::Relevance) {
            Sort::Relevance => found.sort_by_key(|(hits, _)| Reverse(*hits)),
            Sort::Newest => found.reverse(),
            Sort::Oldest => {}
        }
        let notes = found
            .into_iter()
            .take(args.limit as usize)
            .map(|(_, note)| note.clone())
            .collect();
        answer(&Notes { notes }, &coercions)
    }

    #[tool(
        description = "Fetch one note by its id, such as N-1042. Call it with an id from \
        notes_search; do not guess ids. Next: tag it with notes_tag.",
        output_schema = mcp_coerce::rmcp::output_schema::<Note>()
    )]
    async fn notes_get(
        &self,
        Parameters(args): Parameters<GetNote>,
        coercions: Coercions,
    ) -> Result<CallToolResult, ErrorData> {
        let store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        match store.note(&args.note_id) {
            Some(note) => answer(note, &coercions),
            None => Ok(not_found("notes_get", &[&args.note_id])),
        }
    }

    #[tool(
        description = "Add tags to notes, or remove them with `remove`. Use it when you \
        hold note ids (from notes_search) and want to group the notes. Nothing changes \
        when one of the notes does not exist. Returns the notes as tagged.",
        output_schema = mcp_coerce::rmcp::output_schema::<Notes>()
    )]
    async fn notes_tag(
        &self,
        Parameters(args): Parameters<TagNotes>,
        coercions: Coercions,
    ) -> Result<CallToolResult, ErrorData> {
        let mut store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        let missing: Vec<&str> = args
            .note_ids
            .iter()
            .map(String::as_str)
            .filter(|id| store.note(id).is_none())
            .collect();
        if !missing.is_empty() {
            return Ok(not_found("notes_tag", &missing));
        }
        let mut notes = Vec::new();
        for id in &args.note_ids {
            let Some(note) = number(id).and_then(|n| store.notes.get_mut(&n)) else {
                continue;
            };
            let mut tags: BTreeSet<String> = note.tags.drain(..).collect();
            for tag in &args.tags {
                if args.remove {
                    tags.remove(tag);
                } else {
                    tags.insert(tag.clone());
                }
            }
            note.tags = tags.into_iter().collect();
            notes.push(note.clone());
        }
        answer(&Notes { notes }, &coercions)
    }

    #[tool(
        description = "Create a note with a title, a body and an optional priority. Use \
        it when the user asks you to write something down. Returns the note with its new \
        id.",
        output_schema = mcp_coerce::rmcp::output_schema::<Note>()
    )]
    async fn notes_create(
        &self,
        Parameters(args): Parameters<CreateNote>,
        coercions: Coercions,
    ) -> Result<CallToolResult, ErrorData> {
        let mut store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        let n = store.notes.keys().next_back().map_or(1, |last| last + 1);
        let note = Note {
            id: format!("N-{n}"),
            author_id: USER_ID,
            title: args.title,
            body: args.body,
            tags: Vec::new(),
            priority: args.priority,
        };
        store.notes.insert(n, note.clone());
        answer(&note, &coercions)
    }
}

#[tool_handler(
    router = self.router(),
    name = "notes",
    instructions = "Notes: search them, read one, tag them, write new ones. Call \
        notes_search first to find note ids."
)]
impl ServerHandler for NotesServer {}
