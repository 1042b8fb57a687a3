//! The standard 24-point Nine Men's Morris board, with the tournament assignment's point names (docs/assignments.md).
//!
//! ```text
//!  1   A1----------D1----------G1
//!      |           |           |
//!  2   |   B2------D2------F2   |
//!      |   |       |       |   |
//!  3   |   |   C3--D3--E3   |   |
//!      |   |   |       |   |   |
//!  4   A4--B4--C4      E4--F4--G4
//!      |   |   |       |   |   |
//!  5   |   |   C5--D5--E5   |   |
//!      |   |       |       |   |
//!  6   |   B6------D6------F6   |
//!      |           |           |
//!  7   A7----------D7----------G7
//! ```
//!
//! Points are numbered in the terminal-play assignment's board-string order (docs/assignments.md) (bottom row first, left to right,
//! rows upwards), the same convention as the classroom board: A7 is point 0, G1 point 23.
//! Every edge lies on a line, so the lines alone declare the board.

use super::Topology;

/// The standard board (`docs/assignments.md`): 24 points, 16 lines, no diagonals.
pub static STANDARD24: Topology = Topology::build(
    "standard24",
    &[
        "A7", "D7", "G7", "B6", "D6", "F6", "C5", "D5", "E5", "A4", "B4", "C4", //
        "E4", "F4", "G4", "C3", "D3", "E3", "B2", "D2", "F2", "A1", "D1", "G1",
    ],
    &[
        // rows
        ["A1", "D1", "G1"],
        ["B2", "D2", "F2"],
        ["C3", "D3", "E3"],
        ["A4", "B4", "C4"],
        ["E4", "F4", "G4"],
        ["C5", "D5", "E5"],
        ["B6", "D6", "F6"],
        ["A7", "D7", "G7"],
        // columns
        ["A1", "A4", "A7"],
        ["B2", "B4", "B6"],
        ["C3", "C4", "C5"],
        ["D1", "D2", "D3"],
        ["D5", "D6", "D7"],
        ["E3", "E4", "E5"],
        ["F2", "F4", "F6"],
        ["G1", "G4", "G7"],
    ],
    &[],
    // Row 1 at the top (`docs/assignments.md`).
    r"
 1 o-----------o-----------o
   |           |           |
 2 |   o-------o-------o   |
   |   |       |       |   |
 3 |   |   o---o---o   |   |
   |   |   |       |   |   |
 4 o---o---o       o---o---o
   |   |   |       |   |   |
 5 |   |   o---o---o   |   |
   |   |       |       |   |
 6 |   o-------o-------o   |
   |           |           |
 7 o-----------o-----------o
   A   B   C   D   E   F   G",
);
