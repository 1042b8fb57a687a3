//! The board as a person sees it: a drawing per board shape, coordinates on both axes,
//! the last move marked, and a side panel (stones in hand and on board, whose turn).
//!
//! The picture is the board's own drawing ([`Topology::drawing`](crate::topology::Topology::drawing)),
//! the same one the protocol's `board` reply uses; a board whose drawing cannot be read is
//! listed row by row instead ([`diagram`]). Colour is ANSI, on request; this module knows
//! nothing of terminals, prompts or the engine.

use crate::rules::notation::diagram::{EMPTY_POINT, diagram};
use crate::rules::{Color, Move, Position};
use crate::topology::{LABEL_WIDTH, Point};

/// How to draw: with ANSI colour or as plain text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// Whether to use ANSI colour escapes.
    pub color: bool,
}

impl Style {
    /// `text` wrapped in the ANSI style `code` (`1;31`), or as is without colour.
    #[must_use]
    pub fn paint(self, code: &str, text: &str) -> String {
        if self.color { format!("\x1b[{code}m{text}\x1b[0m") } else { text.to_string() }
    }
}

/// ANSI style of each side's stones: bold bright white and bold bright red.
#[must_use]
pub fn stone_code(c: Color) -> &'static str {
    match c {
        Color::White => "1;97",
        Color::Black => "1;91",
    }
}

const MARK_CODE: &str = "1;92";
const LINE_CODE: &str = "2";

/// One character cell of the drawing.
#[derive(Clone)]
enum DrawingCell {
    /// A line, a label or a blank.
    Plain(char),
    /// A point, with whoever stands on it.
    Point(Option<Color>),
    /// A mark beside a point of the last move (`[`, `]`, `(`, `)`).
    Mark(char),
    /// A point emptied by the last move's removal.
    Removed,
}

/// The board of `pos` as lines of text, `last` marked: its destination in `[ ]`, the
/// point it left in `( )`, and the stone it removed as `(x)`. `panel` lines are written
/// to the right of the board, from its first row on.
#[must_use]
pub fn board_lines(pos: &Position, last: Option<Move>, panel: &[String], style: Style) -> Vec<String> {
    let Ok(drawing) = pos.topology().drawing() else {
        return listed_board(pos, panel);
    };
    // One spare cell each side of the body, so a mark fits beside an edge point.
    let width = drawing.width() + 2;
    let mut grid: Vec<Vec<DrawingCell>> = drawing
        .rows
        .iter()
        .map(|(_, chars)| {
            let mut cells = vec![DrawingCell::Plain(' ')];
            cells.extend(chars.iter().copied().map(DrawingCell::Plain));
            cells.resize(width, DrawingCell::Plain(' '));
            cells
        })
        .collect();
    for &(r, c, p) in &drawing.points {
        grid[r][c + 1] = DrawingCell::Point(pos.stone_at(p));
    }
    if let Some(m) = last {
        let mut mark = |p: Point, open: char, close: char, removed: bool| {
            if let Some((r, c)) = drawing.cell_of(p) {
                grid[r][c] = DrawingCell::Mark(open);
                grid[r][c + 2] = DrawingCell::Mark(close);
                if removed {
                    grid[r][c + 1] = DrawingCell::Removed;
                }
            }
        };
        if let Some(from) = m.from() {
            mark(from, '(', ')', false);
        }
        if let Some(r) = m.remove() {
            mark(r, '(', ')', true);
        }
        mark(m.to(), '[', ']', false);
    }
    let letters: String = format!(" {}", drawing.letters);
    let letters = format!("{:LABEL_WIDTH$} {letters:width$}", "");
    let mut out = vec![letters.trim_end().to_string()];
    let rows = &drawing.rows;
    for (r, ((label, _), cells)) in rows.iter().zip(&grid).enumerate() {
        let body = render_row(cells, style);
        let panel_line = panel.get(r).map_or("", String::as_str);
        let text = format!("{label:>LABEL_WIDTH$} {body} {label:<LABEL_WIDTH$}  {panel_line}");
        out.push(text.trim_end().to_string());
    }
    for extra in panel.iter().skip(rows.len()) {
        out.push(format!("{:w$}{extra}", "", w = 2 * LABEL_WIDTH + width + 4));
    }
    out.push(letters.trim_end().to_string());
    out
}

/// A cell's character and ANSI style.
fn look(cell: &DrawingCell) -> (char, Option<&'static str>) {
    match cell {
        DrawingCell::Plain(' ') => (' ', None),
        DrawingCell::Plain(c) => (*c, Some(LINE_CODE)),
        DrawingCell::Point(Some(c)) => (c.letter(), Some(stone_code(*c))),
        DrawingCell::Point(None) => (EMPTY_POINT, None),
        DrawingCell::Mark(c) => (*c, Some(MARK_CODE)),
        DrawingCell::Removed => ('x', Some(MARK_CODE)),
    }
}

/// A row of cells as text, one escape per run of equally styled cells.
fn render_row(cells: &[DrawingCell], style: Style) -> String {
    let mut out = String::new();
    let mut run: Option<&str> = None;
    for cell in cells {
        let (c, code) = look(cell);
        let code = if style.color { code } else { None };
        if code != run {
            if run.is_some() {
                out.push_str("\x1b[0m");
            }
            if let Some(code) = code {
                out.push_str(&format!("\x1b[{code}m"));
            }
            run = code;
        }
        out.push(c);
    }
    if run.is_some() {
        out.push_str("\x1b[0m");
    }
    out
}

/// A board without a drawing: its points row by row, as [`diagram`] lists them.
fn listed_board(pos: &Position, panel: &[String]) -> Vec<String> {
    let mut out: Vec<String> = diagram(pos).rows.into_iter().map(|(_, text)| text).collect();
    out.extend(panel.iter().cloned());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CLASSROOM, STANDARD};

    #[test]
    fn last_move_is_marked_and_coordinates_are_on_both_axes() {
        let game = crate::rules::notation::game_after(&STANDARD, "A1 A4 D1 A7 G1,A4").unwrap();
        let lines = board_lines(game.position(), game.last_move(), &[], Style { color: false });
        assert_eq!(lines[0].trim(), "A   B   C   D   E   F   G");
        assert_eq!(lines[1], "  1  W-----------W----------[W] 1");
        assert_eq!(lines[7], "  4 (x)--.---.       .---.---.  4");
        assert_eq!(lines[13], "  7  B-----------.-----------.  7");
        let classroom = crate::rules::Position::start(&CLASSROOM);
        let lines = board_lines(&classroom, None, &[], Style { color: false });
        assert_eq!(lines[1], "  6  .-----------------.-----------------.  6");
        assert_eq!(lines[13], "  0  .-----------------.-----------------.  0");
    }
}
