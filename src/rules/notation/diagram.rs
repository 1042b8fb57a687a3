//! A position drawn as text from its board's drawing ([`Topology::layout`]): the one
//! drawer behind the protocol's `board` reply, with the same picture `morris play`
//! decorates (marks and colour are `play`'s business).
//!
//! [`Topology::layout`]: crate::topology::Topology::layout

use crate::rules::{Color, Position};

/// What stands on an empty point in a drawing.
pub const EMPTY_POINT: char = '.';

/// A position drawn as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The column letters, aligned with the rows' text.
    pub letters: String,
    /// Each row: its label (a row digit, or empty between rows) and its text, with `W`,
    /// `B` or [`EMPTY_POINT`] at each point.
    pub rows: Vec<(String, String)>,
}

/// The drawing of `pos`. A board whose drawing cannot be read (every built-in board's
/// can: a test checks) is listed row by row instead, `name:stone` per point.
#[must_use]
pub fn diagram(pos: &Position) -> Diagram {
    let topology = pos.topology();
    let stone = |p| pos.stone_at(p).map_or(EMPTY_POINT, Color::letter);
    let Ok(drawing) = topology.drawing() else {
        let mut rows: Vec<(String, String)> = Vec::new();
        for p in topology.points() {
            let name = topology.point_name(p);
            let row = name.chars().last().unwrap_or('?').to_string();
            let entry = format!("{name}:{}", stone(p));
            match rows.iter_mut().find(|(r, _)| *r == row) {
                Some((_, text)) => *text = format!("{text} {entry}"),
                None => rows.push((row, entry)),
            }
        }
        return Diagram { letters: String::new(), rows };
    };
    let mut grid: Vec<Vec<char>> = drawing.rows.iter().map(|(_, cells)| cells.clone()).collect();
    for &(r, c, p) in &drawing.points {
        grid[r][c] = stone(p);
    }
    let rows = drawing
        .rows
        .iter()
        .zip(grid)
        .map(|((label, _), cells)| ((*label).to_string(), cells.into_iter().collect::<String>().trim_end().to_string()))
        .collect();
    Diagram { letters: drawing.letters.to_string(), rows }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CLASSROOM, STANDARD};

    #[test]
    fn both_boards_draw_from_their_layouts() {
        let d = diagram(&crate::rules::notation::game_after(&STANDARD, "A1 A7").unwrap().position().to_owned());
        assert_eq!(d.letters, "A   B   C   D   E   F   G");
        assert_eq!(d.rows[0], ("1".to_string(), "W-----------.-----------.".to_string()));
        assert_eq!(d.rows[12], ("7".to_string(), "B-----------.-----------.".to_string()));
        let d = diagram(&Position::start(&CLASSROOM));
        assert_eq!(d.rows[1].1, "| \\               |               / |");
        assert_eq!(d.rows[12], ("0".to_string(), ".-----------------.-----------------.".to_string()));
    }
}
