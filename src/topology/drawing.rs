//! Reading a board's drawing ([`Topology::layout`]) into rows and point positions, so
//! every program that draws a board (the protocol's `board`, `morris play`) draws it from
//! the same data.

use super::{Point, Topology};

/// Width of the row-label column at the start of each line of a layout.
pub const LABEL_WIDTH: usize = 3;

/// A board's drawing, read from its layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// Each row of the picture: its label (the row digit, or empty between rows) and its
    /// characters after the label column, with `o` where a point is.
    pub rows: Vec<(&'static str, Vec<char>)>,
    /// The column letters under the picture, after the label column.
    pub letters: &'static str,
    /// Each point with its (row, column) in [`Drawing::rows`].
    pub points: Vec<(usize, usize, Point)>,
}

impl Drawing {
    /// Where `p` is drawn: (row, column), if it is.
    #[must_use]
    pub fn cell_of(&self, p: Point) -> Option<(usize, usize)> {
        self.points.iter().find(|&&(_, _, q)| q == p).map(|&(r, c, _)| (r, c))
    }

    /// The width of the widest row (or of the letter line), in characters.
    #[must_use]
    pub fn width(&self) -> usize {
        self.rows.iter().map(|(_, cells)| cells.len()).chain([self.letters.chars().count()]).max().unwrap_or(0)
    }
}

/// The part of a layout line after its label column.
fn body(line: &'static str) -> &'static str {
    line.char_indices().nth(LABEL_WIDTH).map_or("", |(i, _)| &line[i..])
}

/// The label column of a layout line, trimmed.
fn label(line: &'static str) -> &'static str {
    let end = line.char_indices().nth(LABEL_WIDTH).map_or(line.len(), |(i, _)| i);
    line[..end].trim()
}

impl Topology {
    /// The board's drawing, read from its [`layout`](Topology::layout).
    ///
    /// # Errors
    /// The layout is empty, names a point the board does not have (the letter under an
    /// `o` and its row label), or does not name every point exactly once.
    pub fn drawing(&self) -> Result<Drawing, String> {
        let lines: Vec<&'static str> = self.layout.lines().filter(|l| !l.is_empty()).collect();
        let Some((&letter_line, rows)) = lines.split_last() else {
            return Err(format!("board {} has an empty drawing", self.name));
        };
        let letters: Vec<char> = body(letter_line).chars().collect();
        let mut points = Vec::new();
        for (r, &line) in rows.iter().enumerate() {
            let digit = label(line).chars().next().unwrap_or('?');
            for (c, ch) in body(line).chars().enumerate() {
                if ch != 'o' {
                    continue;
                }
                let letter = letters.get(c).copied().unwrap_or('?');
                let p = self
                    .point_at(letter, digit)
                    .ok_or_else(|| format!("{letter}{digit} in the drawing of {} is not a point", self.name))?;
                points.push((r, c, p));
            }
        }
        for p in self.points() {
            let n = points.iter().filter(|&&(_, _, q)| q == p).count();
            if n != 1 {
                return Err(format!("{} appears {n} times in the drawing of {}", self.point_name(p), self.name));
            }
        }
        let rows = rows.iter().map(|&line| (label(line), body(line).chars().collect())).collect();
        Ok(Drawing { rows, letters: body(letter_line), points })
    }
}

#[cfg(test)]
mod tests {
    use crate::topology::{CLASSROOM22, STANDARD24};

    #[test]
    fn drawings_name_every_point_once() {
        for t in [&STANDARD24, &CLASSROOM22] {
            let d = t.drawing().unwrap();
            assert_eq!(d.points.len(), t.len());
        }
        let d = STANDARD24.drawing().unwrap();
        assert_eq!(d.rows[0].0, "1");
        assert_eq!(d.rows[1].0, "");
        assert_eq!(d.letters, "A   B   C   D   E   F   G");
    }
}
