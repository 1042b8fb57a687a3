//! The edge of the programs: board files ⇄ [`Position`]s, and the output file.
//!
//! A board file holds one board string: a `W`, `B` or `x` per point in the board's order
//! (white space around it is fine, and a byte order mark before it), read by
//! `rules::notation` with the handout's exact letters. Nothing inside the search sees a
//! board string. The output file is written
//! only once the search has a result, whole ([`crate::files::AtomicFile`]), so a failed
//! or interrupted run never leaves a truncated or half-written board behind.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use super::spec::ProgramPhase;
use crate::files::{AtomicFile, io_reason};
use crate::rules::notation::{LetterCase, parse_board_string_with};
use crate::rules::{BoardStringError, ByColor, CLASSROOM, Color, Position, Setup};
use crate::topology::PointSet;

/// Why a board file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum BoardFileError {
    /// The file cannot be read (missing, a directory, no permission).
    #[error("cannot read input file '{path}': {reason}")]
    Unreadable {
        /// The file.
        path: String,
        /// The operating system's reason.
        reason: String,
    },
    /// A character other than `W`, `B` or `x` inside the board.
    #[error("input file '{path}': letter {column} of the board is {found:?}, expected W, B or x")]
    BadLetter {
        /// The file.
        path: String,
        /// 1-based position of the letter in the board.
        column: usize,
        /// The letter found.
        found: char,
    },
    /// Too few or too many letters.
    #[error("input file '{path}': the board has {found} letters, expected {expected} (one W, B or x per point)")]
    WrongLength {
        /// The file.
        path: String,
        /// Letters found.
        found: usize,
        /// Points on the board.
        expected: usize,
    },
}

/// Why the output file cannot be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write output file '{path}': {reason}")]
pub struct OutputFileError {
    /// The file.
    pub path: String,
    /// What went wrong.
    pub reason: String,
}

/// Parses a board string (strictly `W`, `B`, `x`; white space around it allowed) into
/// each side's stones on the classroom board. `path` only names the file in errors.
///
/// # Errors
/// The first letter that is not `W`, `B` or `x`, or a wrong number of letters.
pub fn parse_board(text: &str, path: &str) -> Result<ByColor<PointSet>, BoardFileError> {
    parse_board_string_with(text, CLASSROOM.topology, LetterCase::Exact).map_err(|e| match e {
        BoardStringError::BadLetter { column, found } => {
            BoardFileError::BadLetter { path: path.to_string(), column, found }
        }
        BoardStringError::WrongLength { expected, found } => {
            BoardFileError::WrongLength { path: path.to_string(), found, expected }
        }
    })
}

/// Reads and parses a board file.
///
/// # Errors
/// [`BoardFileError`]: unreadable file, bad letter or wrong length.
pub fn read_board_file(path: &Path) -> Result<ByColor<PointSet>, BoardFileError> {
    let shown = path.display().to_string();
    let unreadable = |e: std::io::Error| BoardFileError::Unreadable { path: shown.clone(), reason: io_reason(&e) };
    // A board is a few dozen bytes: read no more than this, so that a huge file or a
    // device such as /dev/zero is reported (as a wrong length or letter) rather than read
    // for ever.
    const MAX_BYTES: u64 = 64 * 1024;
    let mut bytes = Vec::new();
    File::open(path).and_then(|f| f.take(MAX_BYTES).read_to_end(&mut bytes)).map_err(unreadable)?;
    // Bytes that are not UTF-8 become U+FFFD and are reported as a bad letter.
    parse_board(&String::from_utf8_lossy(&bytes), &shown)
}

/// The position the search starts from: White to move on `stones`.
///
/// The opening programs give both sides the largest hand a position can hold, so that
/// every ply of the search is a placement ("you may assume this game never goes into the
/// midgame phase"); [`max_opening_depth`] is how deep that holds. The game programs give
/// both sides empty hands, so a side slides, or flies with exactly three stones.
#[must_use]
pub fn start_position(stones: ByColor<PointSet>, phase: ProgramPhase) -> Position {
    let hand = match phase {
        ProgramPhase::Opening => u8::MAX,
        ProgramPhase::Game => 0,
    };
    Position::from_setup_unchecked(&Setup {
        rules: &CLASSROOM,
        stones,
        in_hand: ByColor([hand; 2]),
        side_to_move: Color::White,
    })
}

/// The deepest opening search in which every ply is still a placement: White places on
/// the odd plies and Black on the even ones, each from a hand of the size
/// [`start_position`] gives (the rules core caps it).
#[must_use]
pub fn max_opening_depth() -> u32 {
    let hand = start_position(ByColor([PointSet::EMPTY; 2]), ProgramPhase::Opening).in_hand(Color::White);
    2 * u32::from(hand)
}

/// An output file about to be written: created before the search so that an unwritable
/// target is found before any work is done. [`PendingOutput::commit`] writes the board;
/// dropping it removes the temporary file.
#[derive(Debug)]
pub struct PendingOutput(AtomicFile);

impl PendingOutput {
    /// Checks the target and creates the temporary file next to it.
    ///
    /// # Errors
    /// The target is a directory, is read-only, names no file, or its directory does not
    /// exist or is not writable.
    pub fn create(target: &Path) -> Result<PendingOutput, OutputFileError> {
        AtomicFile::create(target).map(PendingOutput).map_err(|e| OutputFileError { path: e.path, reason: e.reason })
    }

    /// Writes `board` and a newline, then puts the file in place of the target.
    ///
    /// # Errors
    /// Writing or renaming failed; the target is then untouched.
    pub fn commit(self, board: &str) -> Result<(), OutputFileError> {
        self.0.commit(format!("{board}\n").as_bytes()).map_err(|e| OutputFileError { path: e.path, reason: e.reason })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_handout_examples_strictly() {
        let s = parse_board(" xxxxxBxWWWWBBBBxxxxxxx\n", "f").unwrap();
        assert_eq!(s[Color::White].len(), 4);
        assert_eq!(s[Color::Black].len(), 5);
        let p = start_position(s, ProgramPhase::Game);
        assert_eq!(p.board_string(), "xxxxxBxWWWWBBBBxxxxxxx");
        assert!(matches!(
            parse_board("xxxxxBxWWWWBBBBxxxxxx", "f"),
            Err(BoardFileError::WrongLength { found: 21, .. })
        ));
        assert!(matches!(
            parse_board("xxxxxbxWWWWBBBBxxxxxxx", "f"),
            Err(BoardFileError::BadLetter { column: 6, found: 'b', .. })
        ));
        assert!(matches!(parse_board("xxxxx xWWWWBBBBxxxxxxx", "f"), Err(BoardFileError::BadLetter { column: 6, .. })));
    }

    #[test]
    fn a_board_file_saved_with_a_byte_order_mark_is_read() {
        // Notepad's "UTF-8 with BOM", Python's encoding="utf-8-sig", with Windows line ends.
        let s = parse_board("\u{feff}xxxxxBxWWWWBBBBxxxxxxx\r\n", "f").unwrap();
        assert_eq!((s[Color::White].len(), s[Color::Black].len()), (4, 5));
        // Only one, and only first: elsewhere it is a letter that is none of W, B, x.
        assert!(matches!(
            parse_board("\u{feff}\u{feff}xxxxxBxWWWWBBBBxxxxxxx", "f"),
            Err(BoardFileError::BadLetter { column: 1, found: '\u{feff}', .. })
        ));
        assert!(matches!(
            parse_board("xxxxx\u{feff}BxWWWWBBBBxxxxxxx", "f"),
            Err(BoardFileError::BadLetter { column: 6, .. })
        ));
        assert!(matches!(parse_board("\u{feff}", "f"), Err(BoardFileError::WrongLength { found: 0, .. })));
        let dir = std::env::temp_dir().join(format!("morris-bom-board-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("board1.txt");
        std::fs::write(&file, b"\xef\xbb\xbfxxxxxxxWxxxxxxBxxxxxxx\n").unwrap();
        assert_eq!(read_board_file(&file).unwrap()[Color::White].len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn opening_positions_keep_placing() {
        let p = start_position(ByColor([PointSet::EMPTY; 2]), ProgramPhase::Opening);
        assert!(max_opening_depth() >= 2 * CLASSROOM.topology.len() as u32);
        assert_eq!(p.phase(Color::White), crate::rules::Phase::Placing);
        assert_eq!(p.phase(Color::Black), crate::rules::Phase::Placing);
    }
}
