//! URLs that a server forwards or fetches, checked against a [`UrlPolicy`]: scheme, host
//! allowlist, no userinfo, no internal addresses, bounded length.
//!
//! [`check_url`] holds the check, usable without serde; [`UrlLike`] (for `#[serde_as]`), the
//! [`deserialize`]/[`serialize`] functions (for `#[serde(with)]`) and the wrapper type
//! [`Url`] are thin shells around it. The table of what is accepted, the internal hosts and
//! what the check cannot see (DNS, redirects) are in docs/contract.md, "Scalars".

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::str::FromStr;

use ::url::Host;
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};
use serde_with::{DeserializeAs, SerializeAs};

/// The `url` crate's URL type, re-exported under another name (this module's [`Url`] is the
/// checked wrapper) so that your code names the same version.
pub use ::url::Url as WhatwgUrl;

mod internal;

use internal::{internal_name, internal_v4, internal_v6, opaque_host_is_internal};

use crate::issue::IssueBuf;
use crate::issue::{Code, Input, Issue};
use crate::policy::{HttpsOnly, UrlPolicy};
use crate::shell::trim;
use crate::shell::{Optional, Outcome, Settled, TextOnly, TextShape};
use crate::words::truncate;

/// Whether the policy's entries follow the rules in [`UrlPolicy`]'s docs.
const fn policy_is_valid(schemes: &[&str], hosts: &[&str]) -> bool {
    if schemes.is_empty() {
        return false;
    }
    let mut i = 0;
    while i < schemes.len() {
        if !scheme_is_valid(schemes[i].as_bytes()) {
            return false;
        }
        i += 1;
    }
    let mut i = 0;
    while i < hosts.len() {
        if !host_entry_is_valid(hosts[i].as_bytes()) {
            return false;
        }
        i += 1;
    }
    true
}

const fn scheme_is_valid(s: &[u8]) -> bool {
    if s.is_empty() || !s[0].is_ascii_lowercase() {
        return false;
    }
    let mut i = 1;
    while i < s.len() {
        let c = s[i];
        if !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'+' || c == b'-' || c == b'.') {
            return false;
        }
        i += 1;
    }
    true
}

const fn host_entry_is_valid(s: &[u8]) -> bool {
    let mut start = 0;
    if s.len() >= 2 && s[0] == b'*' && s[1] == b'.' {
        start = 2;
    }
    if s.len() == start || s[start] == b'.' || s[s.len() - 1] == b'.' {
        return false;
    }
    let bracketed = s[start] == b'[';
    if bracketed && (start != 0 || s[s.len() - 1] != b']') {
        return false;
    }
    let mut i = start;
    let mut previous = 0u8;
    while i < s.len() {
        let c = s[i];
        let ok = c.is_ascii_lowercase()
            || c.is_ascii_digit()
            || c == b'-'
            || c == b'.'
            || (bracketed && (c == b':' || c == b'[' || c == b']'));
        if !ok || (c == b'.' && previous == b'.') {
            return false;
        }
        previous = c;
        i += 1;
    }
    true
}

/// Check one URL against policy `P`: trimmed, at most `P::MAX_LEN` chars (before parsing and
/// after normalization), parsed as an absolute URL per the WHATWG URL Standard, then its
/// scheme, userinfo and host judged (`url_forbidden` with the `reason` in the context:
/// `scheme`, `userinfo`, `host`, `internal`; the internal hosts, in every spelling the parser
/// accepts, are docs/contract.md's, "Scalars").
///
/// # Errors
///
/// One [`Issue`] with the input as it arrived: `too_long`, `url_invalid`, `url_forbidden`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, HttpsOnly};
/// use mcp_coerce::url::check_url;
///
/// let url = check_url::<HttpsOnly>(" HTTPS://Example.COM/a b ")?;
/// assert_eq!(url.as_str(), "https://example.com/a%20b");
/// let issue = check_url::<HttpsOnly>("https://0x7f000001/admin").unwrap_err();
/// assert_eq!((issue.code(), &issue.context().unwrap()["reason"]), (Code::UrlForbidden, &"internal".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_url<P: UrlPolicy>(text: &str) -> Result<WhatwgUrl, Issue> {
    const {
        assert!(
            policy_is_valid(P::SCHEMES, P::HOSTS),
            "invalid UrlPolicy: see the entry rules in UrlPolicy's docs"
        );
    }
    let refuse = |issue: Issue| issue.with_input(Input::from_text(text));
    let t = trim(text);
    crate::shell::trimmed(text, t);
    let chars = t.chars().count();
    if chars > P::MAX_LEN {
        return Err(refuse(too_long::<P>(chars)));
    }
    if t.is_empty() {
        return Err(refuse(
            Issue::new(
                Code::UrlInvalid,
                "expected an absolute URL, got an empty string",
            )
            .with_hint(absolute_hint::<P>()),
        ));
    }
    let url = WhatwgUrl::parse(t).map_err(|e| {
        refuse(
            Issue::new(Code::UrlInvalid, format!("invalid URL: {e}"))
                .with_hint(absolute_hint::<P>()),
        )
    })?;
    if !P::SCHEMES.contains(&url.scheme()) {
        return Err(refuse(
            forbidden(
                format!("scheme not allowed: {}", truncate(url.scheme())),
                "scheme",
                format!(
                    "send a URL with scheme {}, e.g. {}",
                    P::SCHEMES.join(" or "),
                    P::EXAMPLE
                ),
            )
            .with_context("allowed", P::SCHEMES),
        ));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(refuse(forbidden(
            "user name or password in URL not allowed".into(),
            "userinfo",
            format!("remove the user name and password, e.g. {}", P::EXAMPLE),
        )));
    }
    check_host::<P>(&url).map_err(refuse)?;
    let normalized = url.as_str().chars().count();
    if normalized > P::MAX_LEN {
        return Err(refuse(too_long::<P>(normalized)));
    }
    Ok(url)
}

/// The host rules: present, no empty label, not internal, in the allowlist.
fn check_host<P: UrlPolicy>(url: &WhatwgUrl) -> Result<(), Issue> {
    let host = match url.host() {
        Some(Host::Domain(d)) if !d.is_empty() => Host::Domain(d.to_ascii_lowercase()),
        Some(Host::Ipv4(ip)) => Host::Ipv4(ip),
        Some(Host::Ipv6(ip)) => Host::Ipv6(ip),
        _ => {
            return Err(forbidden(
                "no host in URL".into(),
                "host",
                format!("send a URL with a host, e.g. {}", P::EXAMPLE),
            ));
        }
    };
    let internal = match &host {
        Host::Ipv4(ip) => internal_v4(*ip),
        Host::Ipv6(ip) => internal_v6(*ip),
        Host::Domain(d) => {
            let name = d.strip_suffix('.').unwrap_or(d);
            if name.is_empty() || name.split('.').any(str::is_empty) {
                return Err(forbidden(
                    format!("not a valid host name: {}", truncate(d)),
                    "host",
                    format!("send a URL with a host name, e.g. {}", P::EXAMPLE),
                ));
            }
            internal_name(name)
                // The opaque host of a non-special scheme is not parsed as an address by
                // the URL parser; parse it as one here, as a special scheme would.
                || (!url_is_special(url) && opaque_host_is_internal(name))
        }
    };
    let shown = url.host_str().map(truncate).unwrap_or_default();
    if internal {
        return Err(forbidden(
            format!("host is an internal address: {shown}"),
            "internal",
            format!("send a URL of a public host, e.g. {}", P::EXAMPLE),
        ));
    }
    // The opaque host of a non-special scheme (`git:`, `ssh:`) keeps its percent escapes:
    // `evil.com%2F.example.com` would end in an allowed domain while naming another. No
    // valid host name holds a `%`.
    if let Host::Domain(d) = &host
        && d.contains('%')
    {
        return Err(forbidden(
            format!("host holds percent escapes: {shown}"),
            "host",
            format!("send a URL with a plain host name, e.g. {}", P::EXAMPLE),
        ));
    }
    if !P::HOSTS.is_empty() && !host_listed(&host, P::HOSTS) {
        return Err(forbidden(
            format!("host not allowed: {shown}"),
            "host",
            format!(
                "send a URL whose host matches {}, e.g. {}",
                P::HOSTS.join(" or "),
                P::EXAMPLE
            ),
        )
        .with_context("allowed", P::HOSTS));
    }
    Ok(())
}

fn url_is_special(url: &WhatwgUrl) -> bool {
    matches!(
        url.scheme(),
        "http" | "https" | "ws" | "wss" | "ftp" | "file"
    )
}

/// Whether `host` matches an entry: exact, or `*.domain` for a strict subdomain.
fn host_listed(host: &Host<String>, entries: &[&str]) -> bool {
    match host {
        Host::Domain(d) => {
            let name = d.strip_suffix('.').unwrap_or(d);
            entries.iter().any(|entry| match entry.strip_prefix("*.") {
                Some(domain) => name
                    .strip_suffix(domain)
                    .and_then(|rest| rest.strip_suffix('.'))
                    .is_some_and(|sub| !sub.is_empty()),
                None => name == *entry,
            })
        }
        Host::Ipv4(ip) => {
            let shown = ip.to_string();
            entries.iter().any(|entry| *entry == shown)
        }
        Host::Ipv6(ip) => {
            let shown = format!("[{ip}]");
            entries.iter().any(|entry| *entry == shown)
        }
    }
}

#[cold]
fn forbidden(message: String, reason: &'static str, hint: String) -> Issue {
    Issue::new(Code::UrlForbidden, message)
        .with_hint(hint)
        .with_context("reason", reason)
}

#[cold]
fn too_long<P: UrlPolicy>(chars: usize) -> Issue {
    Issue::new(
        Code::TooLong,
        format!(
            "expected a URL of at most {} chars, got {chars}",
            P::MAX_LEN
        ),
    )
    .with_hint(format!(
        "send a URL of at most {} chars, e.g. {}",
        P::MAX_LEN,
        P::EXAMPLE
    ))
    .with_context("maxLength", P::MAX_LEN)
}

fn absolute_hint<P: UrlPolicy>() -> String {
    format!("send an absolute URL, e.g. {}", P::EXAMPLE)
}

/// Adapter for a URL checked by [`check_url`] against policy `P` ([`HttpsOnly`] by default),
/// into a [`WhatwgUrl`] or a `String` (the normalized serialization), or their `Option`
/// with the optional rules (absent, `null`, `""` give `None`; `"null"` is parsed and
/// refused). [`Url`] is the wrapper type.
///
/// # Examples
///
/// ```
/// use mcp_coerce::url::{UrlLike, WhatwgUrl};
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Debug, serde::Deserialize)]
/// struct Args {
///     #[serde_as(as = "UrlLike")]
///     image_url: WhatwgUrl,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"image_url": "HTTPS://Img.example.com/cat.jpg"}"#)?;
/// assert_eq!(args.image_url.as_str(), "https://img.example.com/cat.jpg");
/// let refused = mcp_coerce::from_str::<Args>(r#"{"image_url": "https://169.254.169.254/"}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].code().as_str(), "url_forbidden");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// The codes of [`check_url`], and `invalid_type` for a value that is not a string.
#[derive(Clone, Copy, Debug, Default)]
pub struct UrlLike<P = HttpsOnly>(PhantomData<P>);

/// The shape visitor: a string to the checked URL (as `T`), anything else `invalid_type`.
struct UrlShape<P, T>(PhantomData<fn() -> (P, T)>);

impl<P, T> UrlShape<P, T> {
    fn new() -> Self {
        UrlShape(PhantomData)
    }
}

/// A [`WhatwgUrl`] on its way out of [`Settled`], which builds a placeholder to stand in for a
/// refused value by deserializing one; `WhatwgUrl` has no `Deserialize` here, and no empty value.
struct UrlSlot(Option<WhatwgUrl>);

/// The placeholder: empty, whatever it is read from.
impl<'de> Deserialize<'de> for UrlSlot {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        de::IgnoredAny::deserialize(deserializer).map(|_| UrlSlot(None))
    }
}

impl From<WhatwgUrl> for UrlSlot {
    fn from(url: WhatwgUrl) -> Self {
        UrlSlot(Some(url))
    }
}

/// The value that stands in for a refused URL while its issue is recorded; never seen by
/// the caller, whose call fails.
fn stand_in<E: de::Error>(slot: UrlSlot) -> Result<WhatwgUrl, E> {
    match slot.0 {
        Some(url) => Ok(url),
        None => WhatwgUrl::parse("about:blank").map_err(|_| E::custom("URL refused")),
    }
}

impl<P: UrlPolicy, T: From<WhatwgUrl>> TextShape for UrlShape<P, T> {
    type Output = T;
    const EXPECTED: &'static str = "a URL string";
    const HINT: &'static str = "send the URL as a JSON string, e.g. \"https://example.com/a\"";

    fn text(self, text: &str) -> Outcome<T> {
        check_url::<P>(text).map(T::from).map_err(IssueBuf::one)
    }

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an absolute URL string")
    }
}

/// The optional rules for URLs: `null` and blank text are `None`; the text `"null"` is a
/// URL to check (and refuse), not an absent value.
fn optional<P: UrlPolicy, T: From<WhatwgUrl>>() -> Optional<TextOnly<UrlShape<P, T>>> {
    Optional {
        inner: TextOnly(UrlShape::new()),
        empty_is_none: true,
        null_text_is_none: false,
    }
}

impl<'de, P: UrlPolicy> DeserializeAs<'de, WhatwgUrl> for UrlLike<P> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<WhatwgUrl, D::Error> {
        let slot = crate::shell::adapt(
            deserializer,
            Settled(TextOnly(UrlShape::<P, UrlSlot>::new())),
        )?;
        stand_in(slot)
    }
}

impl<'de, P: UrlPolicy> DeserializeAs<'de, String> for UrlLike<P> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(TextOnly(UrlShape::<P, String>::new())),
        )
    }
}

impl<'de, P: UrlPolicy> DeserializeAs<'de, Option<WhatwgUrl>> for UrlLike<P> {
    fn deserialize_as<D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<WhatwgUrl>, D::Error> {
        let slot = crate::shell::adapt(deserializer, Settled(optional::<P, UrlSlot>()))?;
        Ok(slot.and_then(|slot| slot.0))
    }
}

impl<'de, P: UrlPolicy> DeserializeAs<'de, Option<String>> for UrlLike<P> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
        crate::shell::adapt(deserializer, Settled(optional::<P, String>()))
    }
}

impl<P: UrlPolicy> SerializeAs<WhatwgUrl> for UrlLike<P> {
    fn serialize_as<S: Serializer>(source: &WhatwgUrl, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(source.as_str())
    }
}

impl<P: UrlPolicy> SerializeAs<String> for UrlLike<P> {
    fn serialize_as<S: Serializer>(source: &String, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(source)
    }
}

impl<P: UrlPolicy> SerializeAs<Option<WhatwgUrl>> for UrlLike<P> {
    fn serialize_as<S: Serializer>(
        source: &Option<WhatwgUrl>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match source {
            Some(url) => serializer.serialize_some(url.as_str()),
            None => serializer.serialize_none(),
        }
    }
}

impl<P: UrlPolicy> SerializeAs<Option<String>> for UrlLike<P> {
    fn serialize_as<S: Serializer>(
        source: &Option<String>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

/// For `#[serde(deserialize_with = "mcp_coerce::url::deserialize::<HttpsOnly, _>")]`: as
/// [`UrlLike<P>`](UrlLike) (its schema: `#[schemars(with = "SchemaAs<WhatwgUrl,
/// UrlLike<HttpsOnly>>")]`).
///
/// # Errors
///
/// As [`UrlLike`].
pub fn deserialize<'de, P: UrlPolicy, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<WhatwgUrl, D::Error> {
    <UrlLike<P> as DeserializeAs<'de, WhatwgUrl>>::deserialize_as(deserializer)
}

/// For `#[serde(serialize_with = "mcp_coerce::url::serialize")]`: the URL as a string.
///
/// # Errors
///
/// Only the serializer's own.
pub fn serialize<S: Serializer>(url: &WhatwgUrl, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(url.as_str())
}

/// [`deserialize`] and [`serialize`] for `Option<WhatwgUrl>` fields, with [`UrlLike`]'s
/// optional rules.
pub mod option {
    use super::*;

    /// Deserialize an optional URL checked against policy `P`.
    ///
    /// # Errors
    ///
    /// As [`UrlLike`]; a refusal is never turned into `None`.
    pub fn deserialize<'de, P: UrlPolicy, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<WhatwgUrl>, D::Error> {
        <UrlLike<P> as DeserializeAs<'de, Option<WhatwgUrl>>>::deserialize_as(deserializer)
    }

    /// Serialize as a string, or `null`.
    ///
    /// # Errors
    ///
    /// Only the serializer's own.
    #[allow(clippy::ref_option, reason = "the signature serde's `with` requires")]
    pub fn serialize<S: Serializer>(
        url: &Option<WhatwgUrl>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        <UrlLike as SerializeAs<Option<WhatwgUrl>>>::serialize_as(url, serializer)
    }
}

/// A [`WhatwgUrl`] that passed [`check_url`] with policy `P`, as a value. It derefs to
/// [`WhatwgUrl`] read-only, serializes as its string, and compares, hashes and displays as
/// that string.
///
/// # Examples
///
/// ```
/// use mcp_coerce::url::Url;
///
/// let url: Url = serde_json::from_str(r#""https://EXAMPLE.com/x""#)?; // HttpsOnly
/// assert_eq!(url.host_str(), Some("example.com"));
/// assert_eq!(url, "https://example.com/x".parse::<Url>().unwrap());
/// # Ok::<(), serde_json::Error>(())
/// ```
pub struct Url<P = HttpsOnly> {
    url: WhatwgUrl,
    _policy: PhantomData<fn() -> P>,
}

impl<P: UrlPolicy> Url<P> {
    /// `url`, checked as [`UrlLike<P>`](UrlLike) checks one.
    ///
    /// # Errors
    ///
    /// The issue of [`check_url`], in a [`Rejection`](crate::Rejection).
    pub fn new(url: WhatwgUrl) -> Result<Self, crate::Rejection> {
        Url::parse(url.as_str())
    }

    /// `text`, trimmed, parsed and checked as [`UrlLike<P>`](UrlLike) does.
    ///
    /// # Errors
    ///
    /// As [`Url::new`].
    pub fn parse(text: &str) -> Result<Self, crate::Rejection> {
        check_url::<P>(text)
            .map(|url| Url {
                url,
                _policy: PhantomData,
            })
            .map_err(|issue| crate::Rejection::new([issue]))
    }
}

wrapper_value!(impl [P] Url<P> => WhatwgUrl, url);

impl<P: UrlPolicy> TryFrom<WhatwgUrl> for Url<P> {
    type Error = crate::Rejection;
    fn try_from(url: WhatwgUrl) -> Result<Self, crate::Rejection> {
        Url::new(url)
    }
}

impl<P> AsRef<str> for Url<P> {
    fn as_ref(&self) -> &str {
        self.url.as_str()
    }
}

impl<P> From<Url<P>> for WhatwgUrl {
    fn from(url: Url<P>) -> WhatwgUrl {
        url.url
    }
}

impl<P> From<Url<P>> for String {
    fn from(url: Url<P>) -> String {
        url.url.into()
    }
}

impl<P: UrlPolicy> FromStr for Url<P> {
    type Err = crate::Rejection;
    fn from_str(text: &str) -> Result<Self, crate::Rejection> {
        Url::parse(text)
    }
}

impl<P> Clone for Url<P> {
    fn clone(&self) -> Self {
        Url {
            url: self.url.clone(),
            _policy: PhantomData,
        }
    }
}

impl<P> fmt::Debug for Url<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Url").field(&self.url.as_str()).finish()
    }
}

impl<P> fmt::Display for Url<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.url.as_str())
    }
}

impl<P> PartialEq for Url<P> {
    fn eq(&self, other: &Self) -> bool {
        self.url == other.url
    }
}

impl<P> Eq for Url<P> {}

impl<P> Hash for Url<P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.url.hash(state);
    }
}

impl<'de, P: UrlPolicy> Deserialize<'de> for Url<P> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <UrlLike<P> as DeserializeAs<'de, WhatwgUrl>>::deserialize_as(deserializer).map(|url| Url {
            url,
            _policy: PhantomData,
        })
    }
}

impl<P> Serialize for Url<P> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.url.as_str())
    }
}

#[cfg(test)]
mod tests {
    use std::net::{Ipv4Addr, Ipv6Addr};

    use super::*;

    #[test]
    fn policy_entry_rules() {
        let good: &[(&[&str], &[&str])] = &[
            (&["https"], &[]),
            (&["https", "git+ssh", "coap.tcp", "x-y1"], &[]),
            (
                &["https"],
                &[
                    "*.cdn.example.com",
                    "api.example.com",
                    "xn--n3h.com",
                    "203.0.113.7",
                    "[2001:db8::1]",
                    "a",
                ],
            ),
        ];
        for (schemes, hosts) in good {
            assert!(policy_is_valid(schemes, hosts), "{schemes:?} {hosts:?}");
        }
        let bad: &[(&[&str], &[&str])] = &[
            (&[], &[]),
            (&[""], &[]),
            (&["HTTPS"], &[]),
            (&["1http"], &[]),
            (&["https:"], &[]),
            (&["ht tps"], &[]),
            (&["https"], &[""]),
            (&["https"], &["Example.com"]),
            (&["https"], &["*."]),
            (&["https"], &["*"]),
            (&["https"], &["*.*.example.com"]),
            (&["https"], &["a..b"]),
            (&["https"], &[".example.com"]),
            (&["https"], &["example.com."]),
            (&["https"], &["exa mple.com"]),
            (&["https"], &["é.com"]),
            (&["https"], &["example.com/x"]),
            (&["https"], &["[::1"]),
            (&["https"], &["*.[::1]"]),
            (&["https"], &["a[b]"]),
            (&["https"], &["localhost:8080"]),
        ];
        for (schemes, hosts) in bad {
            assert!(!policy_is_valid(schemes, hosts), "{schemes:?} {hosts:?}");
        }
    }

    #[test]
    fn host_patterns() {
        let entries = [
            "*.cdn.example.com",
            "api.example.com",
            "203.0.113.7",
            "[::2]",
        ];
        let domain = |d: &str| Host::Domain(d.to_owned());
        let cases = [
            (domain("img.cdn.example.com"), true),
            (domain("a.b.cdn.example.com"), true),
            (domain("img.cdn.example.com."), true),
            (domain("cdn.example.com"), false),
            (domain("cdn.example.com."), false),
            (domain("evilcdn.example.com"), false),
            (domain("img.cdn.example.com.evil"), false),
            (domain("api.example.com"), true),
            (domain("api.example.com."), true),
            (domain("x.api.example.com"), false),
            (domain("example.com"), false),
            (Host::Ipv4(Ipv4Addr::new(203, 0, 113, 7)), true),
            (Host::Ipv4(Ipv4Addr::new(203, 0, 113, 8)), false),
            (Host::Ipv6(Ipv6Addr::new(0, 0, 0, 0, 0, 0, 0, 2)), true),
            (Host::Ipv6(Ipv6Addr::new(0, 0, 0, 0, 0, 0, 0, 3)), false),
        ];
        for (host, want) in cases {
            assert_eq!(host_listed(&host, &entries), want, "{host:?}");
        }
    }

    #[test]
    fn the_stand_in_for_a_refused_url_builds() {
        assert!(stand_in::<serde_json::Error>(UrlSlot(None)).is_ok());
    }
}

json_schema_as!(
    impl [P: UrlPolicy] UrlLike<P> => [WhatwgUrl, String, Option<WhatwgUrl>, Option<String>],
    name = format!("Url_{}", std::any::type_name::<P>().replace(|c: char| !c.is_ascii_alphanumeric(), "_")),
    schema = schema_of::<P>(),
);

json_schema_for!(
    impl [P: UrlPolicy] Url<P>,
    name = format!("Url_{}", std::any::type_name::<P>().replace(|c: char| !c.is_ascii_alphanumeric(), "_")),
    schema = schema_of::<P>(),
);

/// `{"type": "string", "format": "uri", "maxLength", "description"}`: the host policy is
/// a constraint JSON Schema cannot express, so the description states it. (A doc comment
/// on the field replaces this description in schemars' output: say the policy there too.)
#[cfg(feature = "schemars")]
fn schema_of<P: UrlPolicy>() -> schemars::Schema {
    crate::schema::schema(serde_json::json!({
        "type": "string",
        "format": "uri",
        "maxLength": P::MAX_LEN,
        "description": P::description(),
    }))
}
