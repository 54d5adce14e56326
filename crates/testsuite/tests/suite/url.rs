//! URLs with a policy, through the crate's entry points, serde_json, TOML and the plain
//! check.
#![cfg(feature = "url")]

use crate::harness::Route;
use mcp_coerce::url::{Url, UrlLike, WhatwgUrl, check_url};
use mcp_coerce::{Code, HttpsOnly, Input, UrlPolicy};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use serde_with::serde_as;

/// The demo's policy: `https` only, any subdomain of `cdn.example.com`.
struct Cdn;

impl UrlPolicy for Cdn {
    const SCHEMES: &'static [&'static str] = &["https"];
    const HOSTS: &'static [&'static str] = &["*.cdn.example.com"];
    const EXAMPLE: &'static str = "https://img.cdn.example.com/cat.jpg";
}

/// Exact hosts, an IP entry, and two schemes.
struct Listed;

impl UrlPolicy for Listed {
    const SCHEMES: &'static [&'static str] = &["https", "wss"];
    const HOSTS: &'static [&'static str] = &["api.example.com", "1.2.3.4", "[2606:4700::1111]"];
    const MAX_LEN: usize = 40;
    const EXAMPLE: &'static str = "https://api.example.com/v1";
}

/// A non-special scheme, whose host the URL parser leaves opaque.
struct Git;

impl UrlPolicy for Git {
    const SCHEMES: &'static [&'static str] = &["git"];
    const EXAMPLE: &'static str = "git://example.com/repo";
}

#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
struct CdnArgs {
    #[serde_as(as = "UrlLike<Cdn>")]
    image_url: WhatwgUrl,
}

#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
struct OpenArgs {
    #[serde_as(as = "UrlLike")]
    url: String,
}

#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
struct ListedArgs {
    #[serde_as(as = "UrlLike<Listed>")]
    url: String,
}

#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
struct GitArgs {
    #[serde_as(as = "UrlLike<Git>")]
    url: String,
}

#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
struct OptArgs {
    #[serde_as(as = "UrlLike<Cdn>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    image_url: Option<WhatwgUrl>,
    #[serde_as(as = "UrlLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    callback: Option<String>,
}

/// What a row expects: the normalized URL, or one issue (code, path, context `reason`).
#[derive(Debug)]
enum Want {
    Ok(&'static str),
    Err(Code, &'static str, Option<&'static str>),
}

use Want::{Err as E, Ok as K};

/// The outcome through both entry points (the shared harness's [`Route`]s), written once
/// when they agree.
fn outcome<T: DeserializeOwned>(args: &Value, get: impl Fn(&T) -> String) -> String {
    let [by_value, by_str] = Route::BOTH.map(|route| match route.read::<T>(args) {
        Ok(value) => format!("ok {}", get(&value)),
        Err(rejection) => rejection
            .issues()
            .iter()
            .map(|issue| {
                let reason = issue
                    .context()
                    .and_then(|c| c.get("reason"))
                    .and_then(Value::as_str);
                format!("{} {} {reason:?}", issue.code(), issue.path())
            })
            .collect::<Vec<_>>()
            .join("; "),
    });
    if by_value == by_str {
        by_value
    } else {
        format!("from_value: {by_value}; from_str: {by_str}")
    }
}

fn expected(want: &Want) -> String {
    match want {
        K(url) => format!("ok {url}"),
        E(code, path, reason) => format!("{code} {path} {reason:?}"),
    }
}

/// Run every row of `cases` (the field's value, or absent for `None`) and report every
/// mismatch before failing.
#[track_caller]
fn table<T: DeserializeOwned>(
    field: &str,
    cases: &[(Option<Value>, Want)],
    get: impl Fn(&T) -> String,
) {
    let mut failures = Vec::new();
    for (value, want) in cases {
        let mut args = serde_json::Map::new();
        if let Some(value) = value {
            args.insert(field.to_owned(), value.clone());
        }
        let got = outcome::<T>(&Value::Object(args), &get);
        let want = expected(want);
        if got != want {
            failures.push(format!("{value:?}\n    want {want}\n    got  {got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

fn s(text: &str) -> Option<Value> {
    Some(Value::String(text.to_owned()))
}

const FORBIDDEN: Code = Code::UrlForbidden;
const INVALID: Code = Code::UrlInvalid;

#[test]
fn cdn_policy_table() {
    let cases = [
        (
            s("https://img.cdn.example.com/cat.jpg"),
            K("https://img.cdn.example.com/cat.jpg"),
        ),
        (
            s("https://a.b.cdn.example.com/x"),
            K("https://a.b.cdn.example.com/x"),
        ),
        (
            s(" HTTPS://IMG.CDN.Example.COM/cat.jpg\n"),
            K("https://img.cdn.example.com/cat.jpg"),
        ),
        (
            s("\u{3000}https://img.cdn.example.com/x\u{85}"),
            K("https://img.cdn.example.com/x"),
        ),
        (
            s("https://img.cdn.example.com:443/x?q=1#f"),
            K("https://img.cdn.example.com/x?q=1#f"),
        ),
        (
            s("https://img.cdn.example.com./x"),
            K("https://img.cdn.example.com./x"),
        ),
        (
            s("https://img.cdn.example.com/a b"),
            K("https://img.cdn.example.com/a%20b"),
        ),
        (
            s("https://cdn.example.com/x"),
            E(FORBIDDEN, "/image_url", Some("host")),
        ),
        (
            s("https://cdn.example.com./x"),
            E(FORBIDDEN, "/image_url", Some("host")),
        ),
        (
            s("https://evilcdn.example.com/x"),
            E(FORBIDDEN, "/image_url", Some("host")),
        ),
        (
            s("https://img.cdn.example.com.evil.com/x"),
            E(FORBIDDEN, "/image_url", Some("host")),
        ),
        (
            s("https://example.com/x"),
            E(FORBIDDEN, "/image_url", Some("host")),
        ),
        (
            s("https://img.cdn.example.com../x"),
            E(FORBIDDEN, "/image_url", Some("host")),
        ),
        (
            s("https://user:pw@img.cdn.example.com/"),
            E(FORBIDDEN, "/image_url", Some("userinfo")),
        ),
        (
            s("https://user@img.cdn.example.com/"),
            E(FORBIDDEN, "/image_url", Some("userinfo")),
        ),
        (
            s("https://:pw@img.cdn.example.com/"),
            E(FORBIDDEN, "/image_url", Some("userinfo")),
        ),
        (
            s("http://img.cdn.example.com/x"),
            E(FORBIDDEN, "/image_url", Some("scheme")),
        ),
        (
            s("file:///etc/passwd"),
            E(FORBIDDEN, "/image_url", Some("scheme")),
        ),
        (
            s("data:text/plain,hi"),
            E(FORBIDDEN, "/image_url", Some("scheme")),
        ),
        (
            s("javascript:alert(1)"),
            E(FORBIDDEN, "/image_url", Some("scheme")),
        ),
        (
            s("ftp://img.cdn.example.com/x"),
            E(FORBIDDEN, "/image_url", Some("scheme")),
        ),
        (
            s("https://localhost/"),
            E(FORBIDDEN, "/image_url", Some("internal")),
        ),
        (
            s("https://127.0.0.1/"),
            E(FORBIDDEN, "/image_url", Some("internal")),
        ),
        (s("/cat.jpg"), E(INVALID, "/image_url", None)),
        (
            s("img.cdn.example.com/cat.jpg"),
            E(INVALID, "/image_url", None),
        ),
        (s("https://"), E(INVALID, "/image_url", None)),
        (s("https://exa mple.com/"), E(INVALID, "/image_url", None)),
        (s(""), E(INVALID, "/image_url", None)),
        (s("   "), E(INVALID, "/image_url", None)),
        (s("null"), E(INVALID, "/image_url", None)),
        (Some(json!(42)), E(Code::InvalidType, "/image_url", None)),
        (Some(json!(true)), E(Code::InvalidType, "/image_url", None)),
        (Some(json!(null)), E(Code::InvalidType, "/image_url", None)),
        (
            Some(json!(["https://img.cdn.example.com/x"])),
            E(Code::InvalidType, "/image_url", None),
        ),
        (
            Some(json!({"url": "https://img.cdn.example.com/x"})),
            E(Code::InvalidType, "/image_url", None),
        ),
        (None, E(Code::Missing, "/image_url", None)),
    ];
    table::<CdnArgs>("image_url", &cases, |a| a.image_url.to_string());
}

/// IPv4 ranges (the IANA special-purpose blocks that are not globally reachable,
/// multicast, the cloud metadata addresses): the first and last address of each, and the
/// addresses just outside.
#[test]
fn internal_ipv4_boundaries() {
    let internal = |host: &'static str| (s(host), E(FORBIDDEN, "/url", Some("internal")));
    let public = |host: &'static str, url: &'static str| (s(host), K(url));
    let cases = [
        // 0.0.0.0/8
        internal("https://0.0.0.0/"),
        internal("https://0.255.255.255/"),
        public("https://1.0.0.0/", "https://1.0.0.0/"),
        // 10.0.0.0/8
        public("https://9.255.255.255/", "https://9.255.255.255/"),
        internal("https://10.0.0.0/"),
        internal("https://10.255.255.255/"),
        public("https://11.0.0.0/", "https://11.0.0.0/"),
        // 100.64.0.0/10
        public("https://100.63.255.255/", "https://100.63.255.255/"),
        internal("https://100.64.0.0/"),
        internal("https://100.127.255.255/"),
        public("https://100.128.0.0/", "https://100.128.0.0/"),
        // 127.0.0.0/8
        public("https://126.255.255.255/", "https://126.255.255.255/"),
        internal("https://127.0.0.0/"),
        internal("https://127.255.255.255/"),
        public("https://128.0.0.0/", "https://128.0.0.0/"),
        // 169.254.0.0/16
        public("https://169.253.255.255/", "https://169.253.255.255/"),
        internal("https://169.254.0.0/"),
        internal("https://169.254.169.254/latest/meta-data/"),
        internal("https://169.254.255.255/"),
        public("https://169.255.0.0/", "https://169.255.0.0/"),
        // 172.16.0.0/12
        public("https://172.15.255.255/", "https://172.15.255.255/"),
        internal("https://172.16.0.0/"),
        internal("https://172.31.255.255/"),
        public("https://172.32.0.0/", "https://172.32.0.0/"),
        // 192.168.0.0/16
        public("https://192.167.255.255/", "https://192.167.255.255/"),
        internal("https://192.168.0.0/"),
        internal("https://192.168.255.255/"),
        public("https://192.169.0.0/", "https://192.169.0.0/"),
        // 198.18.0.0/15 (benchmarking)
        public("https://198.17.255.255/", "https://198.17.255.255/"),
        internal("https://198.18.0.1/"),
        internal("https://198.19.255.255/"),
        public("https://198.20.0.0/", "https://198.20.0.0/"),
        // 192.0.0.0/24 (IETF protocol assignments; 192.0.0.192 is a cloud metadata
        // address), except its two globally reachable anycast addresses.
        public("https://191.255.255.255/", "https://191.255.255.255/"),
        internal("https://192.0.0.0/"),
        internal("https://192.0.0.8/"),
        public("https://192.0.0.9/", "https://192.0.0.9/"),
        public("https://192.0.0.10/", "https://192.0.0.10/"),
        internal("https://192.0.0.11/"),
        internal("https://192.0.0.170/"),
        internal("https://192.0.0.192/opc/v2/instance/"),
        internal("https://192.0.0.255/"),
        public("https://192.0.1.0/", "https://192.0.1.0/"),
        // 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24 (documentation)
        public("https://192.0.1.255/", "https://192.0.1.255/"),
        internal("https://192.0.2.0/"),
        internal("https://192.0.2.255/"),
        public("https://192.0.3.0/", "https://192.0.3.0/"),
        public("https://198.51.99.255/", "https://198.51.99.255/"),
        internal("https://198.51.100.0/"),
        internal("https://198.51.100.255/"),
        public("https://198.51.101.0/", "https://198.51.101.0/"),
        public("https://203.0.112.255/", "https://203.0.112.255/"),
        internal("https://203.0.113.0/"),
        internal("https://203.0.113.255/"),
        public("https://203.0.114.0/", "https://203.0.114.0/"),
        // 192.88.99.0/24 (the deprecated 6to4 relay anycast block)
        public("https://192.88.98.255/", "https://192.88.98.255/"),
        internal("https://192.88.99.0/"),
        internal("https://192.88.99.255/"),
        public("https://192.88.100.0/", "https://192.88.100.0/"),
        // Globally reachable special-purpose blocks (AS112, AMT) stay public.
        public("https://192.31.196.1/", "https://192.31.196.1/"),
        public("https://192.52.193.1/", "https://192.52.193.1/"),
        public("https://192.175.48.1/", "https://192.175.48.1/"),
        // Cloud metadata addresses: Azure's platform address (a public range), and the
        // ones inside the ranges above (Alibaba Cloud in 100.64.0.0/10, AWS ECS in
        // 169.254.0.0/16).
        public("https://168.63.129.15/", "https://168.63.129.15/"),
        internal("https://168.63.129.16/"),
        public("https://168.63.129.17/", "https://168.63.129.17/"),
        internal("https://100.100.100.200/latest/meta-data/"),
        internal("https://169.254.170.2/v2/credentials"),
        // 224.0.0.0/4 (multicast) and 240.0.0.0/4 (reserved, with the broadcast address)
        public("https://223.255.255.255/", "https://223.255.255.255/"),
        internal("https://224.0.0.1/"),
        internal("https://239.255.255.250/"),
        internal("https://240.0.0.0/"),
        internal("https://255.255.255.255/"),
        internal("https://4294967295/"),
        // Other spellings the parser accepts.
        internal("https://127.1/"),
        internal("https://0x7f000001/"),
        internal("https://2130706433/"),
        internal("https://0177.0.0.1/"),
        internal("https://0x7f.1/"),
        internal("https://127.0.0.1./"),
        internal("https://127.0.0.1%2e/"),
        internal("https://0/"),
        internal("https://10.1/"),
        internal("https://3232235521/"),
        public("https://0x08080808/", "https://8.8.8.8/"),
        public("https://134744072/x", "https://8.8.8.8/x"),
    ];
    table::<OpenArgs>("url", &cases, |a| a.url.clone());
}

/// IPv6 ranges, the IPv4 forms embedded in IPv6, and the boundaries of each.
#[test]
fn internal_ipv6_boundaries() {
    let internal = |host: &'static str| (s(host), E(FORBIDDEN, "/url", Some("internal")));
    let public = |host: &'static str, url: &'static str| (s(host), K(url));
    let cases = [
        internal("https://[::]/"),
        internal("https://[0:0:0:0:0:0:0:0]/"),
        internal("https://[::1]/"),
        internal("https://[0:0:0:0:0:0:0:1]/"),
        // fc00::/7
        public(
            "https://[fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/",
            "https://[fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/",
        ),
        internal("https://[fc00::]/"),
        internal("https://[fd00:ec2::254]/"),
        internal("https://[fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/"),
        public("https://[fe00::]/", "https://[fe00::]/"),
        // fe80::/10
        public(
            "https://[fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/",
            "https://[fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/",
        ),
        internal("https://[fe80::]/"),
        internal("https://[FE80::1]/"),
        internal("https://[febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/"),
        // fec0::/10 (site-local, deprecated)
        internal("https://[fec0::]/"),
        internal("https://[fec0::1]/"),
        internal("https://[feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/"),
        // ff00::/8 (multicast)
        internal("https://[ff02::1]/"),
        internal("https://[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/"),
        // IPv4-mapped: ::ffff:a.b.c.d, at the IPv4 boundaries.
        internal("https://[::ffff:127.0.0.1]/"),
        internal("https://[::FFFF:7f00:1]/"),
        internal("https://[0:0:0:0:0:ffff:127.0.0.1]/"),
        internal("https://[::ffff:0.0.0.0]/"),
        internal("https://[::ffff:10.0.0.0]/"),
        internal("https://[::ffff:100.64.0.0]/"),
        internal("https://[::ffff:169.254.169.254]/"),
        internal("https://[::ffff:172.31.255.255]/"),
        internal("https://[::ffff:192.168.0.1]/"),
        public(
            "https://[::ffff:126.255.255.255]/",
            "https://[::ffff:7eff:ffff]/",
        ),
        public("https://[::ffff:128.0.0.0]/", "https://[::ffff:8000:0]/"),
        public("https://[::ffff:8.8.8.8]/", "https://[::ffff:808:808]/"),
        // IPv4-compatible ::a.b.c.d (deprecated): read as the IPv4 address, so `::2` up
        // to `::ff:ffff` (0.0.0.0/8) are internal too.
        internal("https://[::2]/"),
        internal("https://[::ff:ffff]/"),
        internal("https://[::127.0.0.1]/"),
        internal("https://[::10.1.2.3]/"),
        public("https://[::100:0]/", "https://[::100:0]/"),
        public("https://[::8.8.8.8]/", "https://[::808:808]/"),
        // NAT64 well-known prefix 64:ff9b::/96.
        internal("https://[64:ff9b::127.0.0.1]/"),
        internal("https://[64:ff9b::a00:1]/"),
        public("https://[64:ff9b::8.8.8.8]/", "https://[64:ff9b::808:808]/"),
        // IPv4-translated ::ffff:0:a.b.c.d (RFC 2765).
        internal("https://[::ffff:0:7f00:1]/"),
        internal("https://[::ffff:0:10.0.0.1]/"),
        public("https://[::ffff:0:808:808]/", "https://[::ffff:0:808:808]/"),
        // Local-use NAT64 64:ff9b:1::/48 (RFC 8215): internal whatever it embeds.
        internal("https://[64:ff9b:1::7f00:1]/"),
        internal("https://[64:ff9b:1::808:808]/"),
        internal("https://[64:ff9b:1:ffff:ffff:ffff:ffff:ffff]/"),
        public(
            "https://[64:ff9b:2::808:808]/",
            "https://[64:ff9b:2::808:808]/",
        ),
        // 6to4 2002:AABB:CCDD::/48 (RFC 3056): the IPv4 address in groups 2 and 3.
        internal("https://[2002:7f00:1::]/"),
        internal("https://[2002:a00:1::1]/"),
        internal("https://[2002:c0a8:101:1::1]/"),
        public("https://[2002:808:808::1]/", "https://[2002:808:808::1]/"),
        // 100::/64 (discard-only) and 100:0:0:1::/64 (dummy prefix)
        public(
            "https://[ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/",
            "https://[ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/",
        ),
        internal("https://[100::]/"),
        internal("https://[100::ffff:ffff:ffff:ffff]/"),
        internal("https://[100:0:0:1::]/"),
        internal("https://[100:0:0:1:ffff:ffff:ffff:ffff]/"),
        public("https://[100:0:0:2::]/", "https://[100:0:0:2::]/"),
        // 2001::/23 (IETF protocol assignments) and the globally reachable blocks in it.
        public(
            "https://[2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/",
            "https://[2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/",
        ),
        internal("https://[2001:1::]/"),
        public("https://[2001:1::1]/", "https://[2001:1::1]/"),
        public("https://[2001:1::2]/", "https://[2001:1::2]/"),
        public("https://[2001:1::3]/", "https://[2001:1::3]/"),
        internal("https://[2001:1::4]/"),
        internal("https://[2001:2::]/"),
        internal("https://[2001:2:0:ffff:ffff:ffff:ffff:ffff]/"),
        public("https://[2001:3::]/", "https://[2001:3::]/"),
        public(
            "https://[2001:3:ffff:ffff:ffff:ffff:ffff:ffff]/",
            "https://[2001:3:ffff:ffff:ffff:ffff:ffff:ffff]/",
        ),
        public("https://[2001:4:112::]/", "https://[2001:4:112::]/"),
        internal("https://[2001:4:113::]/"),
        internal("https://[2001:10::]/"),
        internal("https://[2001:1f:ffff:ffff:ffff:ffff:ffff:ffff]/"),
        public("https://[2001:20::]/", "https://[2001:20::]/"),
        public(
            "https://[2001:3f:ffff:ffff:ffff:ffff:ffff:ffff]/",
            "https://[2001:3f:ffff:ffff:ffff:ffff:ffff:ffff]/",
        ),
        internal("https://[2001:40::]/"),
        internal("https://[2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff]/"),
        public("https://[2001:200::]/", "https://[2001:200::]/"),
        // Teredo 2001::/32 (RFC 4380): the client's IPv4 address, inverted, in the last
        // 32 bits (10.0.0.1 is f5ff:fffe, 8.8.8.8 is f7f7:f7f7).
        internal("https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/"),
        internal("https://[2001::]/"),
        public(
            "https://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/",
            "https://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/",
        ),
        // 2001:db8::/32 and 3fff::/20 (documentation)
        public(
            "https://[2001:db7:ffff:ffff:ffff:ffff:ffff:ffff]/",
            "https://[2001:db7:ffff:ffff:ffff:ffff:ffff:ffff]/",
        ),
        internal("https://[2001:db8::]/"),
        internal("https://[2001:db8::1]/"),
        internal("https://[2001:db8:ffff:ffff:ffff:ffff:ffff:ffff]/"),
        public("https://[2001:db9::]/", "https://[2001:db9::]/"),
        public(
            "https://[3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/",
            "https://[3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/",
        ),
        internal("https://[3fff::]/"),
        internal("https://[3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff]/"),
        public("https://[3fff:1000::]/", "https://[3fff:1000::]/"),
        // 5f00::/16 (SRv6 segment identifiers)
        public(
            "https://[5eff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/",
            "https://[5eff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/",
        ),
        internal("https://[5f00::]/"),
        internal("https://[5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/"),
        public("https://[5f01::]/", "https://[5f01::]/"),
        // 6to4 with a documentation address inside.
        internal("https://[2002:c000:201::]/"),
        // Ordinary public addresses.
        public("https://[2620:4f:8000::]/", "https://[2620:4f:8000::]/"),
        public("https://[2606:4700::1111]/", "https://[2606:4700::1111]/"),
    ];
    table::<OpenArgs>("url", &cases, |a| a.url.clone());
}

#[test]
fn internal_names() {
    let internal = |host: &'static str| (s(host), E(FORBIDDEN, "/url", Some("internal")));
    let cases = [
        internal("https://localhost/"),
        internal("https://LOCALHOST./"),
        internal("https://localhost:8080/admin"),
        internal("https://a.localhost/"),
        internal("https://a.b.LocalHost./"),
        internal("https://%6c%6fcalhost/"),
        // Loopback names of common Linux /etc/hosts files.
        internal("https://localhost.localdomain/"),
        internal("https://LOCALHOST.LOCALDOMAIN./"),
        internal("https://ip6-localhost/"),
        internal("https://ip6-loopback/"),
        internal("https://ip6-localnet/"),
        internal("https://ip6-mcastprefix/"),
        internal("https://ip6-allnodes/"),
        internal("https://IP6-AllRouters./"),
        internal("https://localhost4/"),
        internal("https://localhost4.localdomain4/"),
        internal("https://localhost6/"),
        internal("https://localhost6.localdomain6/"),
        // Names under the top-level names reserved for private and link-local use.
        internal("https://metadata.google.internal/computeMetadata/v1/"),
        internal("https://ip-10-0-0-1.ec2.internal/"),
        internal("https://internal/"),
        internal("https://printer.local/"),
        internal("https://PRINTER.LOCAL./"),
        internal("https://router.home.arpa/"),
        internal("https://metadata/computeMetadata/v1/"),
        internal("https://INSTANCE-DATA./latest/meta-data/"),
        (
            s("https://metadata.example.com/"),
            K("https://metadata.example.com/"),
        ),
        (
            s("https://internal.example.com/"),
            K("https://internal.example.com/"),
        ),
        (s("https://myinternal/"), K("https://myinternal/")),
        (s("https://a.locals/"), K("https://a.locals/")),
        (
            s("https://home.arpa.example/"),
            K("https://home.arpa.example/"),
        ),
        (s("https://localhost5/"), K("https://localhost5/")),
        (s("https://a.localdomain/"), K("https://a.localdomain/")),
        internal("https://ｌｏｃａｌｈｏｓｔ/"),
        (
            s("https://localhost.example.com/"),
            K("https://localhost.example.com/"),
        ),
        (s("https://mylocalhost/"), K("https://mylocalhost/")),
        (
            s("https://localhost../"),
            E(FORBIDDEN, "/url", Some("host")),
        ),
        (s("https://a..b/"), E(FORBIDDEN, "/url", Some("host"))),
        (
            s("https://.example.com/"),
            E(FORBIDDEN, "/url", Some("host")),
        ),
        (s("https://example.com./x"), K("https://example.com./x")),
        (s("https://☃.com/"), K("https://xn--n3h.com/")),
        (s("HTTPS://EXAMPLE.COM"), K("https://example.com/")),
        (s("https:example.com"), K("https://example.com/")),
        (
            s("https://example.com:8443/"),
            K("https://example.com:8443/"),
        ),
        (s("https://@example.com/"), K("https://example.com/")),
    ];
    table::<OpenArgs>("url", &cases, |a| a.url.clone());
}

#[test]
fn exact_entries_and_ip_entries() {
    let cases = [
        (
            s("https://api.example.com/v1"),
            K("https://api.example.com/v1"),
        ),
        (
            s("https://API.example.com./"),
            K("https://api.example.com./"),
        ),
        (s("wss://api.example.com/"), K("wss://api.example.com/")),
        (s("https://1.2.3.4/"), K("https://1.2.3.4/")),
        (s("https://0x01020304/"), K("https://1.2.3.4/")),
        (
            s("https://[2606:4700:0::1111]/"),
            K("https://[2606:4700::1111]/"),
        ),
        (
            s("https://x.api.example.com/"),
            E(FORBIDDEN, "/url", Some("host")),
        ),
        (
            s("https://example.com/"),
            E(FORBIDDEN, "/url", Some("host")),
        ),
        (s("https://1.2.3.5/"), E(FORBIDDEN, "/url", Some("host"))),
        (
            s("ws://api.example.com/"),
            E(FORBIDDEN, "/url", Some("scheme")),
        ),
        // MAX_LEN 40: 40 chars pass, 41 do not.
        (
            s("https://api.example.com/aaaaaaaaaaaaaaaa"),
            K("https://api.example.com/aaaaaaaaaaaaaaaa"),
        ),
        (
            s("https://api.example.com/aaaaaaaaaaaaaaaaa"),
            E(Code::TooLong, "/url", None),
        ),
    ];
    table::<ListedArgs>("url", &cases, |a| a.url.clone());
}

#[test]
fn opaque_hosts_of_non_special_schemes() {
    let cases = [
        (s("git://example.com/repo"), K("git://example.com/repo")),
        (s("GIT://Example.com/repo"), K("git://Example.com/repo")),
        (
            s("git://127.1/repo"),
            E(FORBIDDEN, "/url", Some("internal")),
        ),
        (
            s("git://0x7f000001/"),
            E(FORBIDDEN, "/url", Some("internal")),
        ),
        (
            s("git://LocalHost./"),
            E(FORBIDDEN, "/url", Some("internal")),
        ),
        (
            s("git://%6c%6fcalhost/"),
            E(FORBIDDEN, "/url", Some("internal")),
        ),
        (s("git://[::1]/"), E(FORBIDDEN, "/url", Some("internal"))),
        (s("git:///repo"), E(FORBIDDEN, "/url", Some("host"))),
        (s("git:repo"), E(FORBIDDEN, "/url", Some("host"))),
        (
            s("https://example.com/"),
            E(FORBIDDEN, "/url", Some("scheme")),
        ),
    ];
    table::<GitArgs>("url", &cases, |a| a.url.clone());
}

#[test]
fn length_is_counted_in_chars_before_and_after_parsing() {
    let base = "https://example.com/";
    let at_limit = format!("{base}{}", "a".repeat(2048 - base.len()));
    let over = format!("{at_limit}a");
    assert_eq!(at_limit.chars().count(), 2048);
    assert_eq!(
        check_url::<HttpsOnly>(&at_limit).map(String::from),
        Ok(at_limit.clone())
    );
    // Whitespace around does not count.
    assert!(check_url::<HttpsOnly>(&format!("  {at_limit}\n")).is_ok());

    let issue = check_url::<HttpsOnly>(&over).unwrap_err();
    assert_eq!(issue.code(), Code::TooLong);
    assert_eq!(
        issue.message(),
        "expected a URL of at most 2048 chars, got 2049"
    );
    assert_eq!(issue.context().unwrap()["maxLength"], 2048);
    // The input is echoed cut to 64 chars.
    assert_eq!(issue.input(), Some(&Input::from_text(&over)));
    let Some(Input::Text(echo)) = issue.input() else {
        panic!("no input")
    };
    assert_eq!(echo.chars().count(), 65);

    // Counted in chars, not bytes: 2049 two-byte chars are 2049, refused before parsing.
    let wide = format!("{base}{}", "é".repeat(2049 - base.len()));
    let issue = check_url::<HttpsOnly>(&wide).unwrap_err();
    assert_eq!(
        issue.message(),
        "expected a URL of at most 2048 chars, got 2049"
    );

    // Within the limit as sent, over it once percent-encoded: the value forwarded must fit.
    let expands = format!("{base}{}", "é".repeat(400));
    let issue = check_url::<HttpsOnly>(&expands).unwrap_err();
    assert_eq!(issue.code(), Code::TooLong);
    assert_eq!(
        issue.message(),
        format!(
            "expected a URL of at most 2048 chars, got {}",
            base.len() + 400 * 6
        )
    );

    // Through the entry point, at the field's path.
    table::<OpenArgs>(
        "url",
        &[(Some(Value::String(over)), E(Code::TooLong, "/url", None))],
        |a| a.url.clone(),
    );
}

#[test]
fn refusals_say_which_rule_and_what_to_send() {
    let issue = check_url::<Cdn>("http://img.cdn.example.com/x").unwrap_err();
    assert_eq!(issue.message(), "scheme not allowed: http");
    assert_eq!(
        Value::Object(issue.context().unwrap().clone()),
        json!({"reason": "scheme", "allowed": ["https"]})
    );
    assert_eq!(
        issue.hint(),
        "send a URL with scheme https, e.g. https://img.cdn.example.com/cat.jpg"
    );
    assert_eq!(
        issue.input(),
        Some(&Input::Text("http://img.cdn.example.com/x".into()))
    );

    let issue = check_url::<Cdn>("https://cdn.example.com/x").unwrap_err();
    assert_eq!(issue.message(), "host not allowed: cdn.example.com");
    assert_eq!(
        Value::Object(issue.context().unwrap().clone()),
        json!({"reason": "host", "allowed": ["*.cdn.example.com"]})
    );
    assert!(issue.hint().contains("https://img.cdn.example.com/cat.jpg"));

    let issue = check_url::<HttpsOnly>("https://[::ffff:127.0.0.1]/").unwrap_err();
    assert_eq!(
        issue.message(),
        "host is an internal address: [::ffff:7f00:1]"
    );
    assert_eq!(
        Value::Object(issue.context().unwrap().clone()),
        json!({"reason": "internal"})
    );
    assert_eq!(
        issue.hint(),
        "send a URL of a public host, e.g. https://example.com/image.png"
    );

    let issue = check_url::<HttpsOnly>("https://user:secret@example.com/").unwrap_err();
    assert_eq!(
        Value::Object(issue.context().unwrap().clone()),
        json!({"reason": "userinfo"})
    );

    let issue = check_url::<HttpsOnly>("/relative").unwrap_err();
    assert_eq!(issue.code(), Code::UrlInvalid);
    assert_eq!(issue.message(), "invalid URL: relative URL without a base");
    assert_eq!(
        issue.hint(),
        "send an absolute URL, e.g. https://example.com/image.png"
    );

    // Input-derived text in messages is cut to 64 chars.
    let long_scheme = format!("{}://example.com/", "s".repeat(200));
    let issue = check_url::<HttpsOnly>(&long_scheme).unwrap_err();
    assert!(issue.message().chars().count() < 100, "{}", issue.message());
    let long_host = format!("https://{}.localhost/", "a".repeat(200));
    let issue = check_url::<HttpsOnly>(&long_host).unwrap_err();
    assert!(issue.message().chars().count() < 110, "{}", issue.message());
}

#[test]
fn optional_rules() {
    let cases: &[(Option<Value>, Want)] = &[
        (None, K("None")),
        (Some(json!(null)), K("None")),
        (s(""), K("None")),
        (s(" \t "), K("None")),
        (s("null"), E(INVALID, "/image_url", None)),
        (s(" null "), E(INVALID, "/image_url", None)),
        (
            s("https://img.cdn.example.com/x"),
            K("Some(\"https://img.cdn.example.com/x\")"),
        ),
        (
            s("http://img.cdn.example.com/x"),
            E(FORBIDDEN, "/image_url", Some("scheme")),
        ),
        (Some(json!(5)), E(Code::InvalidType, "/image_url", None)),
        (Some(json!({})), E(Code::InvalidType, "/image_url", None)),
    ];
    table::<OptArgs>("image_url", cases, |a| {
        format!("{:?}", a.image_url.as_ref().map(WhatwgUrl::as_str))
    });
    let cases: &[(Option<Value>, Want)] = &[
        (None, K("None")),
        (s(""), K("None")),
        (
            s("HTTPS://Example.com"),
            K("Some(\"https://example.com/\")"),
        ),
        (s("null"), E(INVALID, "/callback", None)),
        (
            s("https://10.0.0.1/"),
            E(FORBIDDEN, "/callback", Some("internal")),
        ),
    ];
    table::<OptArgs>("callback", cases, |a| format!("{:?}", a.callback));
}

/// serde_with's generic `Option<UrlLike>` keeps serde's rules: `""` is checked (refused).
#[test]
fn generic_option_keeps_serde_rules() {
    #[serde_as]
    #[derive(Debug, Deserialize)]
    struct Generic {
        #[serde_as(as = "Option<UrlLike<Cdn>>")]
        #[serde(default)]
        image_url: Option<WhatwgUrl>,
    }
    let cases: &[(Option<Value>, Want)] = &[
        (None, K("None")),
        (Some(json!(null)), K("None")),
        (s(""), E(INVALID, "/image_url", None)),
        (
            s("https://img.cdn.example.com/x"),
            K("Some(\"https://img.cdn.example.com/x\")"),
        ),
    ];
    table::<Generic>("image_url", cases, |a| {
        format!("{:?}", a.image_url.as_ref().map(WhatwgUrl::as_str))
    });
}

#[test]
fn every_field_is_reported() {
    #[serde_as]
    #[derive(Debug, Deserialize)]
    #[allow(dead_code, reason = "only the refusal is looked at")]
    struct Two {
        #[serde_as(as = "UrlLike<Cdn>")]
        image_url: WhatwgUrl,
        #[serde_as(as = "UrlLike")]
        callback: String,
        threshold: f64,
    }
    let rejection = mcp_coerce::from_value::<Two>(json!({
        "image_url": "https://cdn.example.com/x",
        "callback": "http://example.com/",
    }))
    .unwrap_err();
    // Issues come in the order of the arguments' keys (sorted, as `serde_json` keeps them).
    let found: Vec<_> = rejection
        .issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect();
    assert_eq!(
        found,
        [
            (Code::UrlForbidden, "/callback".to_owned()),
            (Code::UrlForbidden, "/image_url".to_owned()),
            (Code::Missing, "/threshold".to_owned()),
        ]
    );
}

#[test]
fn serializes_as_the_normalized_string() {
    let args: CdnArgs =
        mcp_coerce::from_str(r#"{"image_url": "HTTPS://IMG.cdn.example.com/cat.jpg"}"#).unwrap();
    assert_eq!(
        serde_json::to_value(&args).unwrap(),
        json!({"image_url": "https://img.cdn.example.com/cat.jpg"})
    );
    let opt: OptArgs = mcp_coerce::from_str(r#"{"image_url": "", "callback": null}"#).unwrap();
    assert_eq!(serde_json::to_value(&opt).unwrap(), json!({}));
    let opt: OptArgs = mcp_coerce::from_str(
        r#"{"image_url": "https://a.cdn.example.com", "callback": "https://x.org"}"#,
    )
    .unwrap();
    assert_eq!(
        serde_json::to_value(&opt).unwrap(),
        json!({"image_url": "https://a.cdn.example.com/", "callback": "https://x.org/"})
    );
}

#[test]
fn with_functions() {
    #[derive(Debug, Deserialize, Serialize)]
    struct Args {
        #[serde(
            deserialize_with = "mcp_coerce::url::deserialize::<Cdn, _>",
            serialize_with = "mcp_coerce::url::serialize"
        )]
        image_url: WhatwgUrl,
        #[serde(
            default,
            deserialize_with = "mcp_coerce::url::option::deserialize::<HttpsOnly, _>",
            serialize_with = "mcp_coerce::url::option::serialize"
        )]
        callback: Option<WhatwgUrl>,
    }
    let args: Args =
        mcp_coerce::from_str(r#"{"image_url": "https://IMG.cdn.example.com/x", "callback": "  "}"#)
            .unwrap();
    assert_eq!(
        serde_json::to_value(&args).unwrap(),
        json!({"image_url": "https://img.cdn.example.com/x", "callback": null})
    );
    let rejection = mcp_coerce::from_str::<Args>(
        r#"{"image_url": "https://cdn.example.com/x", "callback": "null"}"#,
    )
    .unwrap_err();
    let found: Vec<_> = rejection
        .issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect();
    assert_eq!(
        found,
        [
            (Code::UrlInvalid, "/callback".to_owned()),
            (Code::UrlForbidden, "/image_url".to_owned()),
        ]
    );
}

#[test]
fn wrapper_type() {
    #[derive(Debug, Deserialize, Serialize)]
    struct Args {
        image_url: Url<Cdn>,
        #[serde(default)]
        callback: Option<Url>,
    }
    let args: Args =
        mcp_coerce::from_str(r#"{"image_url": "https://Img.cdn.example.com/a.png"}"#).unwrap();
    assert_eq!(args.image_url.as_str(), "https://img.cdn.example.com/a.png");
    assert_eq!(args.image_url.host_str(), Some("img.cdn.example.com"));
    assert_eq!(
        args.image_url.to_string(),
        "https://img.cdn.example.com/a.png"
    );
    assert_eq!(
        format!("{:?}", args.image_url),
        r#"Url("https://img.cdn.example.com/a.png")"#
    );
    assert_eq!(args.callback, None);
    assert_eq!(
        serde_json::to_value(&args).unwrap(),
        json!({"image_url": "https://img.cdn.example.com/a.png", "callback": null})
    );
    let url: WhatwgUrl = args.image_url.clone().into_inner();
    assert_eq!(url.as_str(), "https://img.cdn.example.com/a.png");

    // serde's own Option rules: `""` is checked and refused.
    let rejection =
        mcp_coerce::from_str::<Args>(r#"{"image_url": "https://localhost/", "callback": ""}"#)
            .unwrap_err();
    let found: Vec<_> = rejection
        .issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect();
    assert_eq!(
        found,
        [
            (Code::UrlInvalid, "/callback".to_owned()),
            (Code::UrlForbidden, "/image_url".to_owned()),
        ]
    );

    let parsed: Url<Cdn> = "https://x.cdn.example.com".parse().unwrap();
    assert_eq!(parsed.as_str(), "https://x.cdn.example.com/");
    assert_eq!(
        "https://cdn.example.com"
            .parse::<Url<Cdn>>()
            .unwrap_err()
            .issues()[0]
            .code(),
        Code::UrlForbidden
    );
}

/// Used directly under serde_json, the adapter fails fast with one error.
#[test]
fn fails_fast_under_serde_json() {
    let err =
        serde_json::from_str::<CdnArgs>(r#"{"image_url": "https://user:pw@x.cdn.example.com/"}"#)
            .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("user name or password in URL not allowed (url_forbidden)"),
        "{text}"
    );
    let ok: CdnArgs =
        serde_json::from_str(r#"{"image_url": "https://x.cdn.example.com/"}"#).unwrap();
    assert_eq!(ok.image_url.as_str(), "https://x.cdn.example.com/");
}

/// A second serde format: a TOML document.
#[test]
fn works_under_toml() {
    let args: CdnArgs =
        toml::from_str("image_url = \"HTTPS://img.CDN.example.com/cat.jpg\"\n").unwrap();
    assert_eq!(
        args.image_url.as_str(),
        "https://img.cdn.example.com/cat.jpg"
    );

    let opt: OptArgs =
        toml::from_str("image_url = \"\"\ncallback = \"https://example.org\"\n").unwrap();
    assert_eq!(opt.image_url, None);
    assert_eq!(opt.callback.as_deref(), Some("https://example.org/"));

    let err = toml::from_str::<CdnArgs>("image_url = \"https://127.0.0.1/\"\n").unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("host is an internal address: 127.0.0.1 (url_forbidden)"),
        "{text}"
    );
    let err = toml::from_str::<CdnArgs>("image_url = 7\n").unwrap_err();
    assert!(err.to_string().contains("(invalid_type)"), "{err}");
}

#[test]
fn plain_check_returns_the_normalized_url() {
    let url = check_url::<Cdn>("https://IMG.cdn.example.com/a/../b?x#y").unwrap();
    assert_eq!(url.as_str(), "https://img.cdn.example.com/b?x#y");
    assert_eq!(url.host_str(), Some("img.cdn.example.com"));
}

struct Foo;

impl UrlPolicy for Foo {
    const SCHEMES: &'static [&'static str] = &["https", "http", "foo", "ws"];
    const EXAMPLE: &'static str = "https://example.com/";
}

fn url_like() -> impl Strategy<Value = String> {
    prop_oneof![
        // Mostly well-formed, with odd paths, queries and fragments.
        "[ \t]{0,2}(https|HTTPS|Https|http|foo|ws)://([a-zA-Z0-9-]{1,8}\\.){0,3}[a-zA-Z0-9é-]{1,8}\\.?(:[0-9]{1,5})?(/[ -~éü]{0,16})?(\\?[ -~é]{0,8})?(#[ -~é]{0,8})?[ ]{0,2}",
        // Mostly malformed.
        "[ \t]{0,2}(https?|HTTPS|ftp|foo|ws|file|data)?:(//)?([a-zA-Z0-9%@:._~\\[\\]-]|é|ü|\u{3000}|\\.){0,24}(/[ -~éü]{0,16})?(\\?[ -~é]{0,8})?(#[ -~é]{0,8})?[ ]{0,2}",
        "https://[0-9a-fA-F:.]{0,30}\\]?/?",
        "https://[0-9a-fx.]{1,20}/",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// An accepted URL's serialization is accepted again, unchanged.
    #[test]
    fn accepted_urls_recheck_to_themselves(text in url_like()) {
        if let Ok(url) = check_url::<HttpsOnly>(&text) {
            let again = check_url::<HttpsOnly>(url.as_str());
            prop_assert_eq!(again.as_ref().map(WhatwgUrl::as_str), Ok(url.as_str()));
        }
        if let Ok(url) = check_url::<Foo>(&text) {
            let again = check_url::<Foo>(url.as_str());
            prop_assert_eq!(again.as_ref().map(WhatwgUrl::as_str), Ok(url.as_str()));
        }
        if let Ok(url) = check_url::<Cdn>(&text) {
            prop_assert!(url.host_str().is_some_and(|h| h.trim_end_matches('.').ends_with(".cdn.example.com")));
        }
    }

    /// Every accepted URL is within the policy; every refusal echoes at most 64 chars.
    #[test]
    fn accepted_means_within_the_policy(text in url_like()) {
        match check_url::<HttpsOnly>(&text) {
            Ok(url) => {
                prop_assert_eq!(url.scheme(), "https");
                prop_assert!(url.username().is_empty() && url.password().is_none());
                prop_assert!(url.as_str().chars().count() <= 2048);
                let host = url.host_str().unwrap_or_default().to_owned();
                prop_assert!(host != "localhost" && !host.ends_with(".localhost") && !host.ends_with(".localhost."));
            }
            Err(issue) => {
                if let Some(Input::Text(echo)) = issue.input() {
                    prop_assert!(echo.chars().count() <= 65);
                }
                prop_assert!(matches!(issue.code(), Code::UrlInvalid | Code::UrlForbidden | Code::TooLong));
            }
        }
    }

    /// Every IPv4 address is refused exactly when it is in one of the internal ranges.
    #[test]
    fn ipv4_refused_iff_internal(bits in any::<u32>()) {
        let ip = std::net::Ipv4Addr::from(bits);
        let [a, b, _, _] = ip.octets();
        let internal = a == 0 || a == 10 || a == 127
            || (a == 100 && (64..128).contains(&b))
            || (a == 169 && b == 254)
            || (a == 172 && (16..32).contains(&b))
            || (a == 192 && b == 168)
            || (a == 198 && (18..20).contains(&b))
            || a >= 224;
        let [hi, lo] = [(bits >> 16) as u16, bits as u16];
        for text in [
            format!("https://{ip}/"),
            format!("https://{bits}/"),
            format!("https://[::ffff:{ip}]/"),
            format!("https://[2002:{hi:x}:{lo:x}::1]/"),
        ] {
            let refused = check_url::<HttpsOnly>(&text).is_err();
            prop_assert_eq!(refused, internal, "{}", text);
        }
    }
}
