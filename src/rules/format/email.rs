//! `email`: the addresses both the HTML standard and `jsonschema`'s `email` accept
//! (docs/contract.md, "Formats"), kept as sent, trimmed.

use super::{Format, invalid};
use crate::issue::Issue;
use crate::words;

const HINT: &str = "send the address alone, e.g. ann@example.com";

/// Read an email address (trimmed, `mailto:` removed) and whether valid as sent.
pub(crate) fn read(text: &str) -> Result<(&str, bool), Issue> {
    let t = words::trim(text);
    let mut as_sent = t.len() == text.len();
    let mut address = t;
    if address.len() >= 7 && address.as_bytes()[..7].eq_ignore_ascii_case(b"mailto:") {
        address = &address[7..];
        as_sent = false;
    }
    if valid(address) {
        return Ok((address, as_sent));
    }
    if let Some((_, inner)) = address.rsplit_once('<')
        && let Some(inner) = inner.strip_suffix('>')
        && valid(inner)
    {
        return Err(invalid(
            Format::Email,
            text,
            "expected an email address alone, got a display name with it",
            format!("send the address alone: {}", words::truncate(inner)),
        ));
    }
    Err(invalid(
        Format::Email,
        text,
        "expected an email address",
        HINT,
    ))
}

/// Whether `address` is within the rule of the module's docs.
fn valid(address: &str) -> bool {
    let Some((local, domain)) = address.split_once('@') else {
        return false;
    };
    local.len() <= 64
        && address.len() <= 254
        && local
            .split('.')
            .all(|atom| !atom.is_empty() && atom.bytes().all(atext))
        && hostname(domain)
}

/// RFC 5322's `atext`.
fn atext(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+/=?^_`{|}~-".contains(&b)
}

/// A host name: LDH labels of 1 to 63 bytes, at most 253, no `xn--`-style hyphens.
fn hostname(domain: &str) -> bool {
    domain.len() <= 253
        && domain.split('.').all(|label| {
            let b = label.as_bytes();
            (1..=63).contains(&b.len())
                && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
                && b[0] != b'-'
                && b[b.len() - 1] != b'-'
                && !(b.len() >= 4 && b[2] == b'-' && b[3] == b'-')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        for (sent, address, as_sent) in [
            ("ann@example.com", "ann@example.com", true),
            (
                "Ann.Lee+tools@Example.COM",
                "Ann.Lee+tools@Example.COM",
                true,
            ),
            (" ann@example.com\t", "ann@example.com", false),
            ("mailto:ann@example.com", "ann@example.com", false),
            ("MAILTO:ann@example.com", "ann@example.com", false),
            ("a@localhost", "a@localhost", true),
            (
                "o'neil!#$%&*/=?^_`{|}~-@x.io",
                "o'neil!#$%&*/=?^_`{|}~-@x.io",
                true,
            ),
        ] {
            assert_eq!(read(sent).ok(), Some((address, as_sent)), "{sent:?}");
        }
        let hint = |t: &str| {
            read(t)
                .err()
                .map(|i| i.hint().to_owned())
                .unwrap_or_default()
        };
        assert_eq!(
            hint("Ann <ann@example.com>"),
            "send the address alone: ann@example.com"
        );
        assert_eq!(
            hint("\"Ann Lee\" <ann@example.com>"),
            "send the address alone: ann@example.com"
        );
        for sent in [
            "",
            "ann",
            "ann@",
            "@example.com",
            "ann@@example.com",
            "a@b@example.com",
            ".ann@example.com",
            "ann.@example.com",
            "an..n@example.com",
            "ann@example..com",
            "ann@example.com.",
            "ann@-example.com",
            "ann@example-.com",
            "ann@xn--mnchen-3ya.de",
            "ann@[192.0.2.1]",
            "\"ann\"@example.com",
            "ann lee@example.com",
            "ann@exa_mple.com",
            "änn@example.com",
            "ann@exämple.com",
            "mailto:ann@example.com?subject=hi",
            "Ann <ann@example.com",
        ] {
            assert!(!hint(sent).is_empty(), "{sent:?} read");
        }
        let long_local = format!("{}@example.com", "a".repeat(65));
        assert!(read(&long_local).is_err());
        let long_label = format!("ann@{}.com", "a".repeat(64));
        assert!(read(&long_label).is_err());
    }
}
