//! The 22-point board of the classroom Morris Variant (conventions in `docs/classroom.md`).
//!
//! ```text
//!  6  a6------------------d6------------------g6
//!     |  \                |                /   |
//!  5  |    b5-------------d5-------------f5    |
//!     |    |  \           |           /  |     |
//!  4  |    |    c4--------d4--------e4   |     |
//!     |    |    |                    |   |     |
//!  3  |    b3---c3                  e3---f3----g3
//!     |    |    |                    |   |     |
//!  2  |    |    c2------------------e2   |     |
//!     |    |  /                        \ |     |
//!  1  |    b1-------------d1-------------f1    |
//!     |  /                |                 \  |
//!  0  a0------------------d0------------------g0
//!     a    b    c         d          e   f     g
//! ```
//!
//! Points are numbered in the handout's board-string order: bottom row first, left to
//! right, rows upwards. Four edges lie on lines of only two points and make no mill:
//! a0–a6, d0–d1, c2–e2 and b3–c3.

use super::Topology;

/// The classroom board: 22 points, 16 lines of three including four diagonals.
pub static CLASSROOM22: Topology = Topology::build(
    "classroom22",
    &[
        "a0", "d0", "g0", "b1", "d1", "f1", "c2", "e2", "b3", "c3", "e3", //
        "f3", "g3", "c4", "d4", "e4", "b5", "d5", "f5", "a6", "d6", "g6",
    ],
    &[
        // rows
        ["a0", "d0", "g0"],
        ["b1", "d1", "f1"],
        ["e3", "f3", "g3"],
        ["c4", "d4", "e4"],
        ["b5", "d5", "f5"],
        ["a6", "d6", "g6"],
        // columns
        ["b1", "b3", "b5"],
        ["c2", "c3", "c4"],
        ["e2", "e3", "e4"],
        ["f1", "f3", "f5"],
        ["g0", "g3", "g6"],
        ["d4", "d5", "d6"],
        // diagonals
        ["a0", "b1", "c2"],
        ["g0", "f1", "e2"],
        ["c4", "b5", "a6"],
        ["e4", "f5", "g6"],
    ],
    &[["a0", "a6"], ["d0", "d1"], ["c2", "e2"], ["b3", "c3"]],
    // Row 0 at the bottom (`variant-board.md`).
    r"
 6 o-----------------o-----------------o
   | \               |               / |
 5 |   o-------------o-------------o   |
   |   | \           |           / |   |
 4 |   |   o---------o---------o   |   |
   |   |   |                   |   |   |
 3 |   o---o                   o---o---o
   |   |   |                   |   |   |
 2 |   |   o-------------------o   |   |
   |   |  /                     \  |   |
 1 |   o-------------o-------------o   |
   |  /              |              \  |
 0 o-----------------o-----------------o
   a   b   c         d         e   f   g",
);
