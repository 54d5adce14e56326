//! Hostile regression cases for URL host policies: a host outside the allowlist is
//! `url_forbidden`, however it is spelled.
#![cfg(feature = "url")]

use mcp_coerce::url::check_url;
use mcp_coerce::{Code, UrlPolicy};

/// A policy for a non-special scheme (its host stays opaque to the URL parser), with an
/// allowlist.
struct Mirrors;

impl UrlPolicy for Mirrors {
    const SCHEMES: &'static [&'static str] = &["git", "ssh"];
    const HOSTS: &'static [&'static str] = &["*.example.com"];
    const EXAMPLE: &'static str = "git://mirror.example.com/repo";
}

/// The opaque host of a non-special scheme keeps percent-encoding, so an allowlist matched
/// on its text would take `evil.com%2F.example.com` (it ends in `.example.com`) for an
/// allowed host, while it decodes to `evil.com/.example.com` and any consumer that
/// percent-decodes the host before connecting reaches `evil.com`. Such hosts are refused,
/// as a special scheme refuses them (`https://evil.com%2F.example.com/` is `url_invalid`).
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
