//! Hostile regression cases for URL host policies (SEMANTICS "Scalars", URL with a
//! policy: `url_forbidden` for a host outside the allowlist).
#![cfg(feature = "url")]

use mcp_coerce::Code;
use mcp_coerce::url::{UrlPolicy, check_url};

/// A policy for a non-special scheme (its host stays opaque to the URL parser), with an
/// allowlist.
struct Mirrors;

impl UrlPolicy for Mirrors {
    const SCHEMES: &'static [&'static str] = &["git", "ssh"];
    const HOSTS: &'static [&'static str] = &["*.example.com"];
    const EXAMPLE: &'static str = "git://mirror.example.com/repo";
}

/// The opaque host of a non-special scheme keeps percent-encoding, so the allowlist is
/// matched against text whose decoded form is another host: `evil.com%2F.example.com`
/// ends in `.example.com`, and decodes to `evil.com/.example.com`. Observed: all of these
/// are accepted, and the forwarded URL is the same text. (A special scheme refuses the
/// same host: `https://evil.com%2F.example.com/` is `url_invalid`.) Any consumer that
/// percent-decodes the host before connecting reaches `evil.com`.
#[test]
fn percent_encoded_delimiters_in_an_opaque_host_do_not_match_the_allowlist() {
    for url in [
        "git://evil.com%2F.example.com/repo",
        "git://evil.com%40mirror.example.com/repo",
        "ssh://evil.com%3A22%2F.example.com/repo",
        "git://127.0.0.1%2F.example.com/repo",
    ] {
        match check_url::<Mirrors>(url) {
            Ok(accepted) => panic!("{url} is accepted as {accepted}"),
            Err(issue) => assert!(
                matches!(issue.code(), Code::UrlForbidden | Code::UrlInvalid),
                "{url}: {issue}"
            ),
        }
    }
    // What the allowlist is for still works.
    assert!(check_url::<Mirrors>("git://mirror.example.com/repo").is_ok());
}
