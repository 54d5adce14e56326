//! `uuid` (RFC 9562): written lowercase and hyphenated.

use super::{Format, invalid};
use crate::issue::Issue;
use crate::words;

/// Read a UUID (hyphenated, braced, `urn:uuid:`, 32 hex digits) and whether valid as sent.
pub(crate) fn read(text: &str) -> Result<([u8; 16], bool), Issue> {
    let t = words::trim(text);
    let mut as_sent = t.len() == text.len();
    let mut core = t;
    if core.len() >= 9 && core.as_bytes()[..9].eq_ignore_ascii_case(b"urn:uuid:") {
        core = &core[9..];
        as_sent = false;
    }
    if let Some(inner) = core.strip_prefix('{').and_then(|c| c.strip_suffix('}')) {
        core = inner;
        as_sent = false;
    }
    let b = core.as_bytes();
    let hex: Option<[u8; 32]> = match b.len() {
        36 if [8, 13, 18, 23].iter().all(|&i| b[i] == b'-') => {
            let mut out = [0u8; 32];
            let mut n = 0;
            for (i, &c) in b.iter().enumerate() {
                if ![8, 13, 18, 23].contains(&i) {
                    out[n] = c;
                    n += 1;
                }
            }
            Some(out)
        }
        32 => {
            as_sent = false;
            let mut out = [0u8; 32];
            out.copy_from_slice(b);
            Some(out)
        }
        _ => None,
    };
    let bytes = hex.and_then(|hex| {
        let mut bytes = [0u8; 16];
        for (i, pair) in hex.chunks_exact(2).enumerate() {
            bytes[i] = (nibble(pair[0])? << 4) | nibble(pair[1])?;
        }
        Some(bytes)
    });
    bytes.map(|bytes| (bytes, as_sent)).ok_or_else(|| {
        invalid(
            Format::Uuid,
            text,
            "expected a UUID: 32 hex digits, hyphenated 8-4-4-4-12",
            "send the UUID as 8-4-4-4-12 hex digits, e.g. 6f9619ff-8b86-d011-b42d-00c04fc964ff",
        )
    })
}

fn nibble(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// The canonical text: lowercase, hyphenated.
pub(crate) fn canonical(bytes: &[u8; 16]) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(36);
    for (i, byte) in bytes.iter().enumerate() {
        if matches!(i, 4 | 6 | 8 | 10) {
            out.push('-');
        }
        let _ = write!(out, "{byte:02x}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        let c = "6f9619ff-8b86-d011-b42d-00c04fc964ff";
        for (sent, as_sent) in [
            (c, true),
            ("6F9619FF-8B86-D011-B42D-00C04FC964FF", true),
            ("{6F9619FF-8B86-D011-B42D-00C04FC964FF}", false),
            ("urn:uuid:6f9619ff-8b86-d011-b42d-00c04fc964ff", false),
            ("URN:UUID:{6f9619ff-8b86-d011-b42d-00c04fc964ff}", false),
            ("6f9619ff8b86d011b42d00c04fc964ff", false),
            (" 6f9619ff-8b86-d011-b42d-00c04fc964ff ", false),
        ] {
            let (bytes, s) = read(sent).unwrap_or_else(|i| panic!("{sent:?}: {}", i.message()));
            assert_eq!((canonical(&bytes).as_str(), s), (c, as_sent), "{sent:?}");
        }
        for sent in [
            "",
            "6f9619ff-8b86-d011-b42d-00c04fc964f",
            "6f9619ff-8b86-d011-b42d-00c04fc964fff",
            "6f9619ff-8b86-d011-b42d-00c04fc964fg",
            "6f9619f-f8b86-d011-b42d-00c04fc964ff",
            "6f9619ff8b86-d011-b42d-00c04fc964ff",
            "{6f9619ff-8b86-d011-b42d-00c04fc964ff",
            "6f9619ff-8b86-d011-b42d-00c04fc964ffé",
            "éééééééééééééééé",
        ] {
            let issue = read(sent).err().unwrap_or_else(|| panic!("{sent:?} read"));
            assert_eq!(issue.code(), crate::Code::FormatInvalid, "{sent:?}");
        }
    }
}
