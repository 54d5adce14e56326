//! Reading a value the adapter refuses: drained (so a format's reader stays in step) or
//! echoed as compact JSON, only as far as an issue's input shows it.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::issue::Input;

/// Consume a sequence the caller will refuse, so the format's reader stays in step.
pub(crate) fn drain_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(())
}

/// Read a sequence the caller will refuse, for the issue's input (compact JSON, cut).
pub(crate) fn seq_input<'de, A: SeqAccess<'de>>(seq: A) -> Result<Input, A::Error> {
    echo(|echo| echo.visit_seq(seq))
}

/// Read a map the caller will refuse, for the issue's input (compact JSON, cut).
pub(crate) fn map_input<'de, A: MapAccess<'de>>(map: A) -> Result<Input, A::Error> {
    echo(|echo| echo.visit_map(map))
}

fn echo<E>(read: impl FnOnce(Echo<'_>) -> Result<(), E>) -> Result<Input, E> {
    let mut out = String::new();
    read(Echo {
        out: &mut out,
        depth: 0,
    })?;
    Ok(Input::from_text(&out))
}

/// Writes a value as compact JSON, only as far as an issue echoes it: past the echo cap
/// (or 16 levels down) the rest is skipped unread, so a huge or deep value costs no more
/// memory, and no more recursion, than a small one.
struct Echo<'a> {
    out: &'a mut String,
    depth: u8,
}

/// Bytes enough for the echo limit in chars, plus one char to show that it was cut.
const ECHO_BYTES: usize = (crate::issue::INPUT_ECHO_CHARS + 1) * 4;
const ECHO_DEPTH: u8 = 16;

impl Echo<'_> {
    fn full(&self) -> bool {
        self.out.len() >= ECHO_BYTES
    }

    fn write(&mut self, text: &str) {
        if !self.full() {
            self.out.push_str(text);
        }
    }
}

impl<'de> DeserializeSeed<'de> for Echo<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        if self.full() || self.depth >= ECHO_DEPTH {
            self.out.push_str(if self.full() { "" } else { "…" });
            IgnoredAny::deserialize(d).map(|_| ())
        } else {
            d.deserialize_any(self)
        }
    }
}

impl<'de> Visitor<'de> for Echo<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_bool<E: de::Error>(mut self, v: bool) -> Result<(), E> {
        self.write(if v { "true" } else { "false" });
        Ok(())
    }

    fn visit_i64<E: de::Error>(mut self, v: i64) -> Result<(), E> {
        self.write(&v.to_string());
        Ok(())
    }

    fn visit_u64<E: de::Error>(mut self, v: u64) -> Result<(), E> {
        self.write(&v.to_string());
        Ok(())
    }

    fn visit_i128<E: de::Error>(mut self, v: i128) -> Result<(), E> {
        self.write(&v.to_string());
        Ok(())
    }

    fn visit_u128<E: de::Error>(mut self, v: u128) -> Result<(), E> {
        self.write(&v.to_string());
        Ok(())
    }

    fn visit_f64<E: de::Error>(mut self, v: f64) -> Result<(), E> {
        self.write(&serde_json::Value::from(v).to_string());
        Ok(())
    }

    fn visit_str<E: de::Error>(mut self, v: &str) -> Result<(), E> {
        if !self.full() {
            let cut: String = v.chars().take(ECHO_BYTES).collect();
            self.write(&serde_json::Value::String(cut).to_string());
        }
        Ok(())
    }

    fn visit_bytes<E: de::Error>(mut self, _: &[u8]) -> Result<(), E> {
        self.write("\"<bytes>\"");
        Ok(())
    }

    fn visit_unit<E: de::Error>(mut self) -> Result<(), E> {
        self.write("null");
        Ok(())
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        self.deserialize(d)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        self.deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let depth = self.depth + 1;
        write_list(self.out, ['[', ']'], |out| {
            Ok(seq.next_element_seed(Echo { out, depth })?.is_some())
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let depth = self.depth + 1;
        write_list(self.out, ['{', '}'], |out| {
            if map
                .next_key_seed(Echo {
                    out: &mut *out,
                    depth,
                })?
                .is_none()
            {
                return Ok(false);
            }
            if out.len() < ECHO_BYTES {
                out.push(':');
            }
            map.next_value_seed(Echo { out, depth })?;
            Ok(true)
        })
    }
}

/// Write `open`, the entries `entry` writes, comma-separated, and `close`, as far as the
/// echo cap lets them: `entry` answers whether there was one (none: what it began is cut).
fn write_list<E>(
    out: &mut String,
    [open, close]: [char; 2],
    mut entry: impl FnMut(&mut String) -> Result<bool, E>,
) -> Result<(), E> {
    out.push(open);
    let mut first = true;
    loop {
        let before = out.len();
        if !first && out.len() < ECHO_BYTES {
            out.push(',');
        }
        if !entry(out)? {
            out.truncate(before);
            break;
        }
        first = false;
    }
    if out.len() < ECHO_BYTES {
        out.push(close);
    }
    Ok(())
}

/// Consume a map the caller will refuse, so the format's reader stays in step.
pub(crate) fn drain_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
    Ok(())
}
