//! Lines read with bounded memory: a line up to the limit whole, a longer one in chunks
//! as it arrives.

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// The size of the chunks a line past the limit is passed on in.
pub const CHUNK: usize = 64 << 10;

/// What [`LineReader::next`] read.
#[derive(Debug, PartialEq, Eq)]
pub enum Piece {
    /// A whole line within the limit, without its `\n`.
    Line(Vec<u8>),
    /// A chunk of a line past the limit: the first one holds the limit's worth and more,
    /// the last one (`last`) ends where the line does (its `\n` not included).
    Oversized {
        /// The bytes.
        chunk: Vec<u8>,
        /// The line's first chunk.
        first: bool,
        /// The line's last chunk.
        last: bool,
    },
    /// The end of the input.
    Eof,
}

/// Reads `\n`-terminated lines, holding at most the limit and one buffer's worth.
#[derive(Debug)]
pub struct LineReader<R> {
    inner: R,
    max: usize,
    buf: Vec<u8>,
    streaming: bool,
    first: bool,
}

impl<R: AsyncBufRead + Unpin> LineReader<R> {
    /// Lines of `inner`, whole up to `max` bytes.
    pub fn new(inner: R, max: usize) -> Self {
        LineReader {
            inner,
            max,
            buf: Vec::new(),
            streaming: false,
            first: false,
        }
    }

    fn oversized(&mut self, last: bool) -> Piece {
        let first = std::mem::take(&mut self.first);
        self.streaming = !last;
        Piece::Oversized {
            chunk: std::mem::take(&mut self.buf),
            first,
            last,
        }
    }

    /// The next line or chunk. A last line without `\n` is a line all the same.
    ///
    /// # Errors
    ///
    /// The reader's own.
    pub async fn next(&mut self) -> std::io::Result<Piece> {
        loop {
            let available = self.inner.fill_buf().await?;
            if available.is_empty() {
                if self.streaming {
                    return Ok(self.oversized(true));
                }
                if self.buf.is_empty() {
                    return Ok(Piece::Eof);
                }
                return Ok(Piece::Line(std::mem::take(&mut self.buf)));
            }
            let (taken, end) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (available.len(), false),
            };
            self.buf.extend_from_slice(&available[..taken]);
            self.inner.consume(if end { taken + 1 } else { taken });
            if !self.streaming && self.buf.len() > self.max {
                self.first = true;
                return Ok(self.oversized(end));
            }
            if end {
                if self.streaming {
                    return Ok(self.oversized(true));
                }
                return Ok(Piece::Line(std::mem::take(&mut self.buf)));
            }
            if self.streaming && self.buf.len() >= CHUNK {
                return Ok(self.oversized(false));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(input: &[u8], max: usize) -> Vec<Piece> {
        let rt = tokio::runtime::Builder::new_current_thread().build();
        let Ok(rt) = rt else { panic!("no runtime") };
        rt.block_on(async {
            let reader = tokio::io::BufReader::with_capacity(4, input);
            let mut lines = LineReader::new(reader, max);
            let mut out = Vec::new();
            loop {
                match lines.next().await {
                    Ok(Piece::Eof) | Err(_) => return out,
                    Ok(piece) => out.push(piece),
                }
            }
        })
    }

    fn big(chunk: &[u8], first: bool, last: bool) -> Piece {
        Piece::Oversized {
            chunk: chunk.to_vec(),
            first,
            last,
        }
    }

    #[test]
    fn lines_within_and_past_the_limit() {
        let line = |s: &[u8]| Piece::Line(s.to_vec());
        let rows: Vec<(&[u8], usize, Vec<Piece>)> = vec![
            (b"a\nbc\n", 8, vec![line(b"a"), line(b"bc")]),
            (b"a\n\nb", 8, vec![line(b"a"), line(b""), line(b"b")]),
            (b"", 8, vec![]),
            (
                b"0123456789\nab\n",
                8,
                vec![big(b"0123456789", true, true), line(b"ab")],
            ),
            (
                b"0123456789",
                8,
                vec![big(b"0123456789", true, false), big(b"", false, true)],
            ),
            (b"012345678\n", 8, vec![big(b"012345678", true, true)]),
            (b"01234567\n", 8, vec![line(b"01234567")]),
        ];
        for (input, max, want) in rows {
            assert_eq!(
                read_all(input, max),
                want,
                "{:?}",
                String::from_utf8_lossy(input)
            );
        }
    }

    #[test]
    fn a_long_line_comes_in_chunks_of_bounded_size() {
        let mut input = vec![b'x'; 3 * CHUNK + 10];
        input.push(b'\n');
        input.extend_from_slice(b"{}\n");
        let pieces = read_all(&input, 100);
        let total: usize = pieces
            .iter()
            .map(|p| match p {
                Piece::Oversized { chunk, .. } => {
                    assert!(chunk.len() <= CHUNK + 4);
                    chunk.len()
                }
                _ => 0,
            })
            .sum();
        assert_eq!(total, 3 * CHUNK + 10);
        assert_eq!(pieces.last(), Some(&Piece::Line(b"{}".to_vec())));
    }
}
