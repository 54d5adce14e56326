//! The renderings of every refusal of [`Args`]: the MCP tool result, the JSON-RPC error
//! and the HTTP body (see `mcp_coerce_fuzz::envelope::check` for the invariants: size and
//! issue count bounds, `issues + truncated == total`, documented codes, JSON Pointer paths,
//! echoes cut, `structuredContent` equal to `content[0].text`).
#![no_main]

use libfuzzer_sys::{Corpus, fuzz_target};
use mcp_coerce_fuzz::{MAX_INPUT, args::Args, envelope};

fuzz_target!(|data: &[u8]| -> Corpus {
    if data.len() > MAX_INPUT {
        return Corpus::Reject;
    }
    // A tool name from the client's side of the call, long or short.
    let tool = "t".repeat(data.len() % 150);
    if let Err(rejection) = mcp_coerce::from_slice::<Args>(data) {
        envelope::check(&rejection, &tool, data);
    }
    // The `Value` route renders its refusals the same way.
    if let Ok(value) = serde_json::from_slice(data)
        && let Err(rejection) = mcp_coerce::from_value::<Args>(value)
    {
        envelope::check(&rejection, &tool, data);
    }
    Corpus::Keep
});
