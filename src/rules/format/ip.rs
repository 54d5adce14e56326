//! `ipv4` and `ipv6`: the address's standard text (`std::net`'s `Display`: RFC 5952 for
//! IPv6), read from the address with whitespace around or, for IPv6, in `[…]` brackets.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use super::{Format, invalid};
use crate::issue::Issue;
use crate::words;

/// Which addresses a field takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// IPv4 only (`format: ipv4`).
    V4,
    /// IPv6 only (`format: ipv6`).
    V6,
    /// Either (`anyOf` of the two formats).
    Either,
}

impl Family {
    fn format(self) -> Format {
        match self {
            Family::V4 => Format::Ipv4,
            Family::V6 | Family::Either => Format::Ipv6,
        }
    }
}

/// Read an IP address of `family` and whether valid as sent, or `format_invalid`.
pub(crate) fn read(text: &str, family: Family) -> Result<(IpAddr, bool), Issue> {
    let t = words::trim(text);
    let mut as_sent = t.len() == text.len();
    let mut core = t;
    let bracketed = core.strip_prefix('[').and_then(|c| c.strip_suffix(']'));
    if let Some(inner) = bracketed {
        core = inner;
        as_sent = false;
    }
    let v4 = if bracketed.is_none() {
        core.parse::<Ipv4Addr>().ok()
    } else {
        None
    };
    let v6 = core.parse::<Ipv6Addr>().ok();
    let read = match (family, v4, v6) {
        (Family::V4 | Family::Either, Some(a), _) => Some(IpAddr::V4(a)),
        (Family::V6 | Family::Either, _, Some(a)) => Some(IpAddr::V6(a)),
        _ => None,
    };
    if let Some(address) = read {
        return Ok((address, as_sent));
    }
    let format = family.format();
    if let (Family::V6, Some(a)) = (family, v4) {
        return Err(invalid(
            format,
            text,
            "expected an IPv6 address, got an IPv4 address",
            format!("send an IPv6 address, e.g. ::ffff:{a} for this IPv4 address"),
        ));
    }
    if let (Family::V4, Some(_)) = (family, v6) {
        return Err(invalid(
            Format::Ipv4,
            text,
            "expected an IPv4 address, got an IPv6 address",
            "send an IPv4 address, e.g. 192.0.2.1",
        ));
    }
    if let Some((address, _zone)) = core.split_once('%')
        && address.parse::<Ipv6Addr>().is_ok()
    {
        return Err(invalid(
            format,
            text,
            "a zone index (`%…`) is not part of an address",
            format!(
                "send the address without its zone index: {}",
                words::truncate(address)
            ),
        ));
    }
    // An IPv6 field gets the family's own hint below: the decimal reading would be
    // refused as IPv4 again.
    if family != Family::V6
        && let Some(decimal) = leading_zeros(core)
    {
        return Err(invalid(
            Format::Ipv4,
            text,
            "an IPv4 octet with a leading zero is ambiguous (octal in some parsers, decimal in others)",
            format!("send the octets without leading zeros, e.g. {decimal} if they are decimal"),
        ));
    }
    let hint = match family {
        Family::V4 => "send an IPv4 address, e.g. 192.0.2.1",
        Family::V6 => "send an IPv6 address, e.g. 2001:db8::1",
        Family::Either => "send an IPv4 or IPv6 address, e.g. 192.0.2.1 or 2001:db8::1",
    };
    let message = match family {
        Family::V4 => "expected an IPv4 address",
        Family::V6 => "expected an IPv6 address",
        Family::Either => "expected an IPv4 or IPv6 address",
    };
    Err(invalid(format, text, message, hint))
}

/// The IPv4 address `t` reads as without its octets' leading zeros, if it has any.
fn leading_zeros(t: &str) -> Option<Ipv4Addr> {
    let octets: Vec<&str> = t.split('.').collect();
    if octets.len() != 4
        || !octets
            .iter()
            .all(|o| (1..=3).contains(&o.len()) && o.bytes().all(|b| b.is_ascii_digit()))
        || !octets.iter().any(|o| o.len() > 1 && o.starts_with('0'))
    {
        return None;
    }
    let mut out = [0u8; 4];
    for (slot, octet) in out.iter_mut().zip(&octets) {
        *slot = octet.parse().ok()?;
    }
    Some(Ipv4Addr::from(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        let ok = |t: &str, f: Family| read(t, f).map(|(a, s)| (a.to_string(), s)).ok();
        assert_eq!(
            ok("192.0.2.1", Family::V4),
            Some(("192.0.2.1".into(), true))
        );
        assert_eq!(
            ok(" 192.0.2.1 ", Family::Either),
            Some(("192.0.2.1".into(), false))
        );
        assert_eq!(
            ok("2001:DB8:0:0:0:0:0:1", Family::V6),
            Some(("2001:db8::1".into(), true))
        );
        assert_eq!(
            ok("[2001:db8::1]", Family::Either),
            Some(("2001:db8::1".into(), false))
        );
        assert_eq!(
            ok("::ffff:192.0.2.1", Family::V6),
            Some(("::ffff:192.0.2.1".into(), true))
        );
        let hint = |t: &str, f: Family| read(t, f).err().map(|i| i.hint().to_owned());
        assert_eq!(
            hint("010.0.0.1", Family::Either).as_deref(),
            Some("send the octets without leading zeros, e.g. 10.0.0.1 if they are decimal")
        );
        assert_eq!(
            hint("fe80::1%eth0", Family::V6).as_deref(),
            Some("send the address without its zone index: fe80::1")
        );
        assert_eq!(
            hint("192.0.2.1", Family::V6).as_deref(),
            Some("send an IPv6 address, e.g. ::ffff:192.0.2.1 for this IPv4 address")
        );
        assert_eq!(
            hint("::1", Family::V4).as_deref(),
            Some("send an IPv4 address, e.g. 192.0.2.1")
        );
        for t in [
            "",
            "256.0.0.1",
            "1.2.3",
            "1.2.3.4.5",
            "[192.0.2.1]",
            "2001:db8::1::",
            "localhost",
            "0x7f.0.0.1",
        ] {
            assert!(read(t, Family::Either).is_err(), "{t:?}");
        }
    }
}
