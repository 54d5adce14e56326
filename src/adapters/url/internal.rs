//! Which hosts are internal: the server-side request forgery (SSRF) classifier behind the
//! `internal` reason of [`check_url`](super::check_url). Every policy refuses these hosts;
//! an allowlist cannot let them back in.

use std::net::{Ipv4Addr, Ipv6Addr};

use ::url::Host;

/// An opaque host that a special scheme's host parser reads as an internal address.
pub(super) fn opaque_host_is_internal(name: &str) -> bool {
    match Host::parse(name) {
        Ok(Host::Ipv4(ip)) => internal_v4(ip),
        Ok(Host::Ipv6(ip)) => internal_v6(ip),
        Ok(Host::Domain(d)) => internal_name(d.strip_suffix('.').unwrap_or(&d)),
        Err(_) => false,
    }
}

/// `localhost` and its subdomains (RFC 6761), and the names the default `/etc/hosts` of
/// common Linux distributions give to loopback, link-local and multicast addresses
/// (Debian: `ip6-localhost`, `ip6-loopback`, `ip6-localnet`, `ip6-mcastprefix`,
/// `ip6-allnodes`, `ip6-allrouters`; Red Hat: `localhost.localdomain`, `localhost4`,
/// `localhost4.localdomain4`, `localhost6`, `localhost6.localdomain6`); `name` lowercase,
/// without its trailing dot.
pub(super) fn internal_name(name: &str) -> bool {
    name == "localhost"
        || name.ends_with(".localhost")
        || matches!(
            name,
            "localhost.localdomain"
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

/// `0.0.0.0/8`, `127.0.0.0/8`, `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16`,
/// `169.254.0.0/16`, `100.64.0.0/10` (shared address space), `198.18.0.0/15`
/// (benchmarking), `224.0.0.0/4` (multicast) and `240.0.0.0/4` (reserved, with the
/// broadcast address).
pub(super) fn internal_v4(ip: Ipv4Addr) -> bool {
    let [a, b, _, _] = ip.octets();
    a == 0
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || (a == 100 && b & 0xc0 == 64)
        || (a == 198 && b & 0xfe == 18)
        || a >= 224
}

/// `::`, `::1`, `fc00::/7`, `fe80::/10`, `fec0::/10` (site-local, deprecated but still
/// routed inside some networks), `ff00::/8` (multicast), `64:ff9b:1::/48` (local-use
/// NAT64, RFC 8215), and addresses embedding an internal IPv4 address.
pub(super) fn internal_v6(ip: Ipv6Addr) -> bool {
    let [first, second, ..] = ip.segments();
    ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_unique_local()
        || ip.is_unicast_link_local()
        || first & 0xffc0 == 0xfec0
        || first & 0xff00 == 0xff00
        || (first == 0x64 && second == 0xff9b && ip.segments()[2] == 1)
        || embedded_v4(ip).is_some_and(internal_v4)
}

/// The IPv4 address inside `::ffff:a.b.c.d` (mapped), `::a.b.c.d` (compatible),
/// `::ffff:0:a.b.c.d` (translated, RFC 2765), `64:ff9b::a.b.c.d` (the NAT64 well-known
/// prefix, RFC 6052) and `2002:AABB:CCDD::/48` (6to4, RFC 3056, the address in the second
/// and third groups).
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    if let Some(v4) = ip.to_ipv4() {
        return Some(v4);
    }
    let v4 = |hi: u16, lo: u16| {
        let [a, b] = hi.to_be_bytes();
        let [c, d] = lo.to_be_bytes();
        Ipv4Addr::new(a, b, c, d)
    };
    match ip.segments() {
        [0x64, 0xff9b, 0, 0, 0, 0, hi, lo] | [0, 0, 0, 0, 0xffff, 0, hi, lo] => Some(v4(hi, lo)),
        [0x2002, hi, lo, ..] => Some(v4(hi, lo)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn address_ranges() {
        let v4 = |a, b, c, d| internal_v4(Ipv4Addr::new(a, b, c, d));
        assert!(v4(0, 0, 0, 0) && v4(0, 255, 255, 255) && !v4(1, 0, 0, 0));
        assert!(!v4(100, 63, 255, 255) && v4(100, 64, 0, 0));
        assert!(v4(100, 127, 255, 255) && !v4(100, 128, 0, 0));
        assert!(!v4(8, 8, 8, 8) && v4(255, 255, 255, 255) && v4(224, 0, 0, 1));
        assert!(!v4(198, 17, 255, 255) && v4(198, 18, 0, 0) && !v4(198, 20, 0, 0));
        let v6 = |text: &str| internal_v6(text.parse().unwrap());
        assert!(v6("::") && v6("::1") && v6("fc00::") && v6("fe80::1"));
        assert!(v6("::ffff:127.0.0.1") && v6("::127.0.0.1") && v6("64:ff9b::10.0.0.1"));
        assert!(!v6("::ffff:8.8.8.8") && !v6("64:ff9b::8.8.8.8") && v6("64:ff9b:1::8.8.8.8"));
        assert!(v6("2002:7f00:1::") && !v6("2002:808:808::1"));
        assert!(!v6("2001:db8::1") && v6("fec0::1") && v6("ff02::1"));
        assert_eq!(
            embedded_v4("64:ff9b::c000:201".parse().unwrap()),
            Some(Ipv4Addr::new(192, 0, 2, 1))
        );
    }
}
