//! Reading a line of text without trusting its length: the engine's protocol loop, the
//! referee (an engine's output) and `play` (a person's or a script's input) all read
//! lines through [`read_line`], which holds at most [`MAX_LINE`] bytes of a line in
//! memory and skips the rest of a longer one (`protocol.md` §5).

use std::io::{self, BufRead};

/// The longest line read whole, in bytes; a longer line is reported as too long and
/// the rest of it skipped (`protocol.md` §5: "a line longer than 4096 bytes").
pub const MAX_LINE: usize = 4096;

/// What [`read_line`] found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReadLine {
    /// A line (in the buffer, without its line end).
    Line,
    /// A line longer than the limit: the buffer holds its first `max` bytes, the rest was
    /// read and dropped up to the line end.
    TooLong,
    /// The end of the input.
    Eof,
}

/// Reads one line into `buf` (without `\n` or `\r\n`), holding at most `max` bytes of it
/// in memory: a longer line is consumed to its end, its first `max` bytes kept, and
/// reported as [`ReadLine::TooLong`]. A last line without a line end still counts.
///
/// # Errors
/// Reading failed (an interrupted read is retried).
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>, max: usize) -> io::Result<ReadLine> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(if !any {
                ReadLine::Eof
            } else if too_long {
                ReadLine::TooLong
            } else {
                ReadLine::Line
            });
        }
        any = true;
        let (used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let content = &chunk[..if done { used - 1 } else { used }];
        if !too_long {
            let room = max - buf.len();
            if content.len() > room {
                too_long = true;
                buf.extend_from_slice(&content[..room]);
            } else {
                buf.extend_from_slice(content);
            }
        }
        input.consume(used);
        if done {
            if too_long {
                return Ok(ReadLine::TooLong);
            }
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(ReadLine::Line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line `read_line` finds in `data`, read through a buffer of `capacity` bytes:
    /// `Err(prefix)` for a line that was too long.
    fn lines(data: &[u8], capacity: usize, max: usize) -> Vec<Result<Vec<u8>, Vec<u8>>> {
        let mut input = io::BufReader::with_capacity(capacity, data);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            match read_line(&mut input, &mut buf, max).unwrap() {
                ReadLine::Eof => return out,
                ReadLine::TooLong => out.push(Err(buf.clone())),
                ReadLine::Line => out.push(Ok(buf.clone())),
            }
            assert!(buf.capacity() <= max.max(64) * 2, "memory stays bounded");
        }
    }

    #[test]
    fn lines_are_split_whatever_the_chunks() {
        let data = b"D2\r\n\nabcdefghij\nF4\r\nlast";
        for capacity in [1, 2, 3, 7, 64] {
            let got = lines(data, capacity, 8);
            let want = vec![
                Ok(b"D2".to_vec()),
                Ok(vec![]),
                Err(b"abcdefgh".to_vec()),
                Ok(b"F4".to_vec()),
                Ok(b"last".to_vec()),
            ];
            assert_eq!(got, want, "capacity {capacity}");
        }
        assert!(lines(b"", 4, 8).is_empty());
        assert_eq!(lines(b"\n", 4, 8), vec![Ok(vec![])]);
        assert_eq!(lines(b"123456789", 4, 8), vec![Err(b"12345678".to_vec())]);
        // The `\r` of a `\r\n` line end counts towards the limit.
        assert_eq!(lines(b"12345678\r\n", 4, 8), vec![Err(b"12345678".to_vec())]);
    }

    #[test]
    fn a_huge_line_is_skipped_in_bounded_memory() {
        // 64 MB of one line, then a short one: the buffer never grows past the limit.
        struct Repeat(usize);
        impl io::Read for Repeat {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                let n = out.len().min(self.0);
                out[..n].fill(b'x');
                self.0 -= n;
                Ok(n)
            }
        }
        let mut input = io::BufReader::new(io::Read::chain(Repeat(64 << 20), &b"\nD2\n"[..]));
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut input, &mut buf, MAX_LINE).unwrap(), ReadLine::TooLong);
        assert!(buf.len() == MAX_LINE && buf.capacity() <= 2 * MAX_LINE);
        assert_eq!(read_line(&mut input, &mut buf, MAX_LINE).unwrap(), ReadLine::Line);
        assert_eq!(buf, b"D2");
    }
}
