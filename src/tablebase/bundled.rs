//! Tables carried in the binary (63.7 MB), so that the engine without `--tablebase` still
//! plays perfectly where it otherwise goes wrong most: its first eleven placements and the
//! endgames below. The moving tables (35 MB):
//! - **3-3, 3-4, 4-3 and 4-4** (650 KB): against itself with every table, 17 of the 23
//!   value-losing moves of the engine without them were 4 against 3 or 3 against 3
//!   (docs/tablebase.md, "Strength");
//! - **4-5, 5-4, 5-5, 4-6 and 6-4**, with the flying pairs their moves lead to (3-5, 5-3,
//!   3-6, 6-3): drawn positions where some move loses value, the engine at 300,000 nodes
//!   chose a value-losing move in 12 % of the 6-4 ones and 7 % of the 4-6 ones, and 27 % of
//!   the 6-5 ones, whose removals lead into 6-4 and 5-5 (`examples/endgame_errors.rs`,
//!   docs/engine.md). A set closed under moves: every move of a carried position leads to
//!   a carried position, or to one with fewer than three stones.
//!
//! The first four are exactly what `morris tablebase build --max-stones 4` writes under
//! the game's rule (a draw after 100 plies without a removal); `tests/tablebase.rs` builds
//! them again and compares them byte for byte. The others were copied from a whole build
//! (`scripts/tables.sh`) under the same rule, too large to build again in a test: the
//! test checks every file's own checksums and verifies a sample of each table against
//! its children (`tablebase verify`). They are read in place, from the binary's own
//! bytes: nothing is written, so the engine starts as fast in a sandbox whose temporary
//! folder is small or missing as anywhere else.
//!
//! The placing values of plies 0 to 11 (203 cells of the 9-stone game under the game's
//! rule and their set's dictionary, 28.9 MB: [`PLACING`], listed by `build.rs` from
//! `data/tables/`, copied from a whole build by `scripts/carry-placing.sh 11`): with them
//! the engine chooses each of its first eleven placements among those that keep the
//! value. In 100 games at 0.3 s a move against itself with every table, 30 of the 35
//! placing moves by which the engine without them lost value came at moves 5 to 11
//! (docs/engine.md, "Over whole games"); ply 12 would add 46.6 MB, past the 64 MB this
//! knowledge may take. Placing cells need not be closed under moves: at ply 11 the
//! engine searches.
use std::sync::Arc;

use super::probe::Tablebase;
use super::shared::error::TablebaseError;
use super::shared::sector::is_supported;
use crate::rules::{Ruleset, STANDARD};

/// The carried files, by name: the 4-stone game's first ([`SMALL_GAME`] of them).
pub static FILES: [(&str, &[u8]); 26] = [
    ("3-3.mtb", include_bytes!("../../data/tables/3-3.mtb")),
    ("3-3.wdl", include_bytes!("../../data/tables/3-3.wdl")),
    ("3-4.mtb", include_bytes!("../../data/tables/3-4.mtb")),
    ("3-4.wdl", include_bytes!("../../data/tables/3-4.wdl")),
    ("4-3.mtb", include_bytes!("../../data/tables/4-3.mtb")),
    ("4-3.wdl", include_bytes!("../../data/tables/4-3.wdl")),
    ("4-4.mtb", include_bytes!("../../data/tables/4-4.mtb")),
    ("4-4.wdl", include_bytes!("../../data/tables/4-4.wdl")),
    ("3-5.mtb", include_bytes!("../../data/tables/3-5.mtb")),
    ("3-5.wdl", include_bytes!("../../data/tables/3-5.wdl")),
    ("5-3.mtb", include_bytes!("../../data/tables/5-3.mtb")),
    ("5-3.wdl", include_bytes!("../../data/tables/5-3.wdl")),
    ("3-6.mtb", include_bytes!("../../data/tables/3-6.mtb")),
    ("3-6.wdl", include_bytes!("../../data/tables/3-6.wdl")),
    ("6-3.mtb", include_bytes!("../../data/tables/6-3.mtb")),
    ("6-3.wdl", include_bytes!("../../data/tables/6-3.wdl")),
    ("4-5.mtb", include_bytes!("../../data/tables/4-5.mtb")),
    ("4-5.wdl", include_bytes!("../../data/tables/4-5.wdl")),
    ("5-4.mtb", include_bytes!("../../data/tables/5-4.mtb")),
    ("5-4.wdl", include_bytes!("../../data/tables/5-4.wdl")),
    ("5-5.mtb", include_bytes!("../../data/tables/5-5.mtb")),
    ("5-5.wdl", include_bytes!("../../data/tables/5-5.wdl")),
    ("4-6.mtb", include_bytes!("../../data/tables/4-6.mtb")),
    ("4-6.wdl", include_bytes!("../../data/tables/4-6.wdl")),
    ("6-4.mtb", include_bytes!("../../data/tables/6-4.mtb")),
    ("6-4.wdl", include_bytes!("../../data/tables/6-4.wdl")),
];

/// How many of [`FILES`] (the first) a build of the 4-stone game writes.
pub const SMALL_GAME: usize = 8;

include!(concat!(env!("OUT_DIR"), "/carried_placing.rs"));

/// Every carried file, [`FILES`] and then [`PLACING`]: what [`open_bundled`] opens.
#[must_use]
pub fn carried_files() -> Vec<(&'static str, &'static [u8])> {
    FILES.iter().chain(PLACING).copied().collect()
}

/// The carried tables, opened for `rules` with every index ready; `Ok(None)` when they
/// do not apply (another board, removal or flying rule, or another no-removal rule than
/// the game's, which they were built under).
///
/// # Errors
/// A file fails its checks.
pub fn open_bundled(rules: &Ruleset) -> Result<Option<Arc<Tablebase>>, TablebaseError> {
    if !is_supported(rules) || rules.no_removal_plies != STANDARD.no_removal_plies {
        return Ok(None);
    }
    let tb = Tablebase::carried(&carried_files())?;
    // Every index now, on this thread (about 10 ms): a covered position is answered from
    // the first move.
    tb.wait_ready();
    log::info!("tablebase: the carried moving tables (3-3 .. 6-4) and {} placing files", PLACING.len());
    Ok(Some(Arc::new(tb)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_carried_files_open_in_place_and_a_damaged_one_is_named() {
        let small = Tablebase::carried(&FILES[..SMALL_GAME]).expect("the 4-stone game's tables open");
        assert_eq!(format!("{small:?}"), "Tablebase { dir: \"carried\", subspaces: 4 }");
        // A flipped byte in a header fails its checksum, in the file's own name.
        let mut damaged: Vec<(&str, &'static [u8])> = FILES[..SMALL_GAME].to_vec();
        let mut bytes = damaged[0].1.to_vec();
        bytes[30] ^= 1;
        damaged[0].1 = Box::leak(bytes.into_boxed_slice());
        let e = Tablebase::carried(&damaged).expect_err("a damaged header");
        assert!(e.to_string().contains("carried/3-3.mtb"), "{e}");
        // A table whose moves lead to one not carried is refused.
        let e = Tablebase::carried(&FILES[2..4]).expect_err("3-4 without 3-3");
        assert!(e.to_string().contains("3-3"), "{e}");
    }
}
