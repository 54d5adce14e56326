//! Which hosts are internal: the server-side request forgery (SSRF) classifier behind the
//! `internal` reason of [`check_url`](super::check_url). Every policy refuses these hosts;
//! an allowlist cannot let them back in.
//!
//! Addresses are judged by two tables built from the IANA IPv4 and IPv6 Special-Purpose
//! Address Registries (RFC 6890 defines their columns): an address belongs to the most
//! specific block that holds it, and is internal unless that block's "Globally
//! Reachable" column says true. Blocks marked "N/A" (deprecated relays and identifiers)
//! count as internal, except the forms that carry an IPv4 address (6to4, Teredo), which
//! are judged by that address. Beside the registries: multicast (`224.0.0.0/4`, RFC 5771;
//! `ff00::/8`, RFC 4291), site-local `fec0::/10` (deprecated by RFC 3879, still routed
//! inside some networks), the IPv4-compatible and translated forms that carry an IPv4
//! address (RFC 4291, RFC 2765), and the cloud metadata addresses their providers
//! document, where a registry range does not already hold them.

use std::net::{Ipv4Addr, Ipv6Addr};

use ::url::Host;

/// How the registry's "Globally Reachable" column is read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Reach {
    /// "False" (or "N/A"): refused.
    Internal,
    /// "True": a public anycast service, allowed.
    Global,
    /// The block carries an IPv4 address: judged by it.
    Embedded,
}

/// One block: its first address, prefix length, and how it is judged. The comment of each
/// row gives the registry's name and the RFC that requested it.
type Block<A> = (A, u8, Reach);

use Reach::{Embedded, Global, Internal};

const fn v4(a: u8, b: u8, c: u8, d: u8) -> Ipv4Addr {
    Ipv4Addr::new(a, b, c, d)
}

#[allow(clippy::too_many_arguments)]
const fn v6(a: u16, b: u16, c: u16, d: u16, e: u16, f: u16, g: u16, h: u16) -> Ipv6Addr {
    Ipv6Addr::new(a, b, c, d, e, f, g, h)
}

/// The IPv4 blocks.
const V4: &[Block<Ipv4Addr>] = &[
    (v4(0, 0, 0, 0), 8, Internal),        // "This network", RFC 791
    (v4(10, 0, 0, 0), 8, Internal),       // Private-Use, RFC 1918
    (v4(100, 64, 0, 0), 10, Internal),    // Shared Address Space, RFC 6598
    (v4(127, 0, 0, 0), 8, Internal),      // Loopback, RFC 1122
    (v4(169, 254, 0, 0), 16, Internal),   // Link Local, RFC 3927
    (v4(172, 16, 0, 0), 12, Internal),    // Private-Use, RFC 1918
    (v4(192, 0, 0, 0), 24, Internal),     // IETF Protocol Assignments, RFC 6890
    (v4(192, 0, 0, 9), 32, Global),       // Port Control Protocol Anycast, RFC 7723
    (v4(192, 0, 0, 10), 32, Global),      // TURN Anycast, RFC 8155
    (v4(192, 0, 2, 0), 24, Internal),     // Documentation (TEST-NET-1), RFC 5737
    (v4(192, 88, 99, 0), 24, Internal),   // Deprecated (6to4 Relay Anycast), RFC 7526
    (v4(192, 168, 0, 0), 16, Internal),   // Private-Use, RFC 1918
    (v4(198, 18, 0, 0), 15, Internal),    // Benchmarking, RFC 2544
    (v4(198, 51, 100, 0), 24, Internal),  // Documentation (TEST-NET-2), RFC 5737
    (v4(203, 0, 113, 0), 24, Internal),   // Documentation (TEST-NET-3), RFC 5737
    (v4(240, 0, 0, 0), 4, Internal),      // Reserved, RFC 1112 (255.255.255.255 inside)
    (v4(224, 0, 0, 0), 4, Internal),      // multicast, RFC 5771 (not in the registry)
    (v4(168, 63, 129, 16), 32, Internal), // Azure's platform address (WireServer, IMDS proxy)
];

/// The IPv6 blocks.
const V6: &[Block<Ipv6Addr>] = &[
    (v6(0, 0, 0, 0, 0, 0, 0, 0), 128, Internal), // Unspecified, RFC 4291
    (v6(0, 0, 0, 0, 0, 0, 0, 1), 128, Internal), // Loopback, RFC 4291
    (v6(0, 0, 0, 0, 0, 0, 0, 0), 96, Embedded),  // IPv4-compatible (deprecated), RFC 4291
    (v6(0, 0, 0, 0, 0, 0xffff, 0, 0), 96, Embedded), // IPv4-mapped, RFC 4291
    (v6(0, 0, 0, 0, 0xffff, 0, 0, 0), 96, Embedded), // IPv4-translated, RFC 2765
    (v6(0x64, 0xff9b, 0, 0, 0, 0, 0, 0), 96, Embedded), // IPv4-IPv6 Translation, RFC 6052
    (v6(0x64, 0xff9b, 1, 0, 0, 0, 0, 0), 48, Internal), // Local-use IPv4/IPv6 Translation, RFC 8215
    (v6(0x100, 0, 0, 0, 0, 0, 0, 0), 64, Internal), // Discard-Only Address Block, RFC 6666
    (v6(0x100, 0, 0, 1, 0, 0, 0, 0), 64, Internal), // Dummy IPv6 Prefix, RFC 9780
    (v6(0x2001, 0, 0, 0, 0, 0, 0, 0), 23, Internal), // IETF Protocol Assignments, RFC 2928
    (v6(0x2001, 0, 0, 0, 0, 0, 0, 0), 32, Embedded), // TEREDO, RFC 4380
    (v6(0x2001, 1, 0, 0, 0, 0, 0, 1), 128, Global), // Port Control Protocol Anycast, RFC 7723
    (v6(0x2001, 1, 0, 0, 0, 0, 0, 2), 128, Global), // TURN Anycast, RFC 8155
    (v6(0x2001, 1, 0, 0, 0, 0, 0, 3), 128, Global), // DNS-SD Service Registration Protocol Anycast, RFC 9665
    (v6(0x2001, 2, 0, 0, 0, 0, 0, 0), 48, Internal), // Benchmarking, RFC 5180
    (v6(0x2001, 3, 0, 0, 0, 0, 0, 0), 32, Global),  // AMT, RFC 7450
    (v6(0x2001, 4, 0x112, 0, 0, 0, 0, 0), 48, Global), // AS112-v6, RFC 7535
    (v6(0x2001, 0x10, 0, 0, 0, 0, 0, 0), 28, Internal), // Deprecated (previously ORCHID), RFC 4843
    (v6(0x2001, 0x20, 0, 0, 0, 0, 0, 0), 28, Global), // ORCHIDv2, RFC 7343
    (v6(0x2001, 0x30, 0, 0, 0, 0, 0, 0), 28, Global), // Drone Remote ID Protocol Entity Tags, RFC 9374
    (v6(0x2001, 0xdb8, 0, 0, 0, 0, 0, 0), 32, Internal), // Documentation, RFC 3849
    (v6(0x2002, 0, 0, 0, 0, 0, 0, 0), 16, Embedded),  // 6to4, RFC 3056
    (v6(0x3fff, 0, 0, 0, 0, 0, 0, 0), 20, Internal),  // Documentation, RFC 9637
    (v6(0x5f00, 0, 0, 0, 0, 0, 0, 0), 16, Internal),  // Segment Routing (SRv6) SIDs, RFC 9602
    (v6(0xfc00, 0, 0, 0, 0, 0, 0, 0), 7, Internal), // Unique-Local, RFC 4193 (fd00:ec2::254 inside)
    (v6(0xfe80, 0, 0, 0, 0, 0, 0, 0), 10, Internal), // Link-Local Unicast, RFC 4291
    (v6(0xfec0, 0, 0, 0, 0, 0, 0, 0), 10, Internal), // site-local (deprecated), RFC 3879
    (v6(0xff00, 0, 0, 0, 0, 0, 0, 0), 8, Internal), // multicast, RFC 4291
];

/// The most specific block of `blocks` holding `addr` (as bits, `width` of them).
fn most_specific<A: Copy>(
    blocks: &[Block<A>],
    bits: impl Fn(A) -> u128,
    addr: u128,
    width: u8,
) -> Option<Reach> {
    blocks
        .iter()
        .filter(|(first, prefix, _)| {
            let shift = u32::from(width - prefix);
            // A prefix of the whole width compares every bit; `checked_shr` keeps a /0
            // from overflowing.
            addr.checked_shr(shift) == bits(*first).checked_shr(shift)
        })
        .max_by_key(|(_, prefix, _)| *prefix)
        .map(|(_, _, reach)| *reach)
}

/// An opaque host that a special scheme's host parser reads as an internal address.
pub(super) fn opaque_host_is_internal(name: &str) -> bool {
    match Host::parse(name) {
        Ok(Host::Ipv4(ip)) => internal_v4(ip),
        Ok(Host::Ipv6(ip)) => internal_v6(ip),
        Ok(Host::Domain(d)) => internal_name(d.strip_suffix('.').unwrap_or(&d)),
        Err(_) => false,
    }
}

/// `localhost` and its subdomains (RFC 6761); names under the top-level names reserved for
/// private or link-local use: `.internal` (reserved by ICANN for private use; cloud
/// metadata and private DNS names such as `metadata.google.internal` and
/// `*.compute.internal` sit there), `.local` (multicast DNS, RFC 6762) and `.home.arpa`
/// (RFC 8375); `metadata` and `instance-data`, the single-label names cloud resolvers answer
/// with the metadata service's address; and the names the default `/etc/hosts` of common Linux distributions give
/// to loopback, link-local and multicast addresses (Debian: `ip6-localhost`,
/// `ip6-loopback`, `ip6-localnet`, `ip6-mcastprefix`, `ip6-allnodes`, `ip6-allrouters`;
/// Red Hat: `localhost.localdomain`, `localhost4`, `localhost4.localdomain4`,
/// `localhost6`, `localhost6.localdomain6`); `name` lowercase, without its trailing dot.
pub(super) fn internal_name(name: &str) -> bool {
    let under = |zone: &str| {
        name == zone
            || name
                .strip_suffix(zone)
                .is_some_and(|head| head.ends_with('.'))
    };
    under("localhost")
        || under("internal")
        || under("local")
        || under("home.arpa")
        || matches!(
            name,
            "metadata"
                | "instance-data"
                | "localhost.localdomain"
                | "localhost4"
                | "localhost4.localdomain4"
                | "localhost6"
                | "localhost6.localdomain6"
                | "ip6-localhost"
                | "ip6-loopback"
                | "ip6-localnet"
                | "ip6-mcastprefix"
                | "ip6-allnodes"
                | "ip6-allrouters"
        )
}

/// An IPv4 address in a block of [`V4`] that is not globally reachable.
pub(super) fn internal_v4(ip: Ipv4Addr) -> bool {
    let bits = |a: Ipv4Addr| u128::from(a.to_bits());
    most_specific(V4, bits, bits(ip), 32) == Some(Internal)
}

/// An IPv6 address in a block of [`V6`] that is not globally reachable, or carrying an
/// internal IPv4 address.
pub(super) fn internal_v6(ip: Ipv6Addr) -> bool {
    match most_specific(V6, Ipv6Addr::to_bits, ip.to_bits(), 128) {
        Some(Internal) => true,
        Some(Embedded) => embedded_v4(ip).is_some_and(internal_v4),
        Some(Global) | None => false,
    }
}

/// The IPv4 address an [`Embedded`] block's address carries: in its last 32 bits
/// (compatible `::a.b.c.d`, mapped `::ffff:a.b.c.d`, translated `::ffff:0:a.b.c.d`, NAT64
/// `64:ff9b::a.b.c.d`), in its second and third groups (6to4 `2002:AABB:CCDD::/48`), or
/// in its last 32 bits inverted (the Teredo client, RFC 4380 section 4).
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let [first, second, third, .., seventh, eighth] = ip.segments();
    let v4 = |hi: u16, lo: u16| Ipv4Addr::from_bits(u32::from(hi) << 16 | u32::from(lo));
    match (first, second) {
        (0x2002, _) => Some(v4(second, third)),
        (0x2001, 0) => Some(v4(!seventh, !eighth)),
        _ => Some(v4(seventh, eighth)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every block's first address has no bit set past its prefix, so the table says what
    /// its comments say.
    #[test]
    fn blocks_start_on_their_prefix() {
        let host_bits = |bits: u128, width: u8, prefix: u8| {
            let shift = u32::from(width - prefix);
            bits & 1u128.checked_shl(shift).map_or(u128::MAX, |b| b - 1)
        };
        for (first, prefix, _) in V4 {
            assert_eq!(
                host_bits(first.to_bits().into(), 32, *prefix),
                0,
                "{first}/{prefix}"
            );
        }
        for (first, prefix, _) in V6 {
            assert_eq!(
                host_bits(first.to_bits(), 128, *prefix),
                0,
                "{first}/{prefix}"
            );
        }
    }
}
