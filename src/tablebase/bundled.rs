//! Tables carried in the binary (63.2 MB, within the 64 MB issue 46 allows this
//! knowledge), so that the engine without `--tablebase` still plays perfectly where it
//! otherwise goes wrong most: its first twelve placements and the endgames below. The
//! moving tables (15.5 MB as carried, 34.8 MB unpacked):
//! - **3-3, 3-4, 4-3 and 4-4** (237 KB as carried, 650 KB unpacked): against itself with
//!   every table, 17 of the 23 value-losing moves of the engine without them were 4
//!   against 3 or 3 against 3 (docs/tablebase.md, "Strength");
//! - **4-5, 5-4, 5-5, 4-6 and 6-4**, with the flying pairs their moves lead to (3-5, 5-3,
//!   3-6, 6-3): drawn positions where some move loses value, the engine at 300,000 nodes
//!   chose a value-losing move in 12 % of the 6-4 ones and 7 % of the 4-6 ones, and 27 % of
//!   the 6-5 ones, whose removals lead into 6-4 and 5-5 (`examples/endgame_errors.rs`,
//!   docs/engine.md). A set closed under moves: every move of a carried position leads to
//!   a carried position, or to one with fewer than three stones.
//!
//! The first four are exactly what `morris tablebase build --max-stones 4` writes under
//! the game's rule (a draw after 100 plies without a removal); `tests/tablebase.rs` builds
//! them again and compares them byte for byte (the `.wdl` files as unpacked). The others
//! were copied from a whole build (`scripts/tables.sh`) under the same rule, too large to
//! build again in a test: the test checks every file's own checksums and verifies a sample
//! of each table against its children (`tablebase verify`). `scripts/carry-moving.sh`
//! copies all of them from a whole build into `data/tables/`.
//!
//! Each pair's `.mtb` file (11.9 MB in all) is read in place, from the binary's own bytes.
//! Its `.wdl` file, the fast form a search probes (22.9 MB in all), is carried packed with
//! `zstd -19` (`X-Y.wdl.zst`, 3.6 MB in all): 19.3 MB less binary. The tables open
//! without their indices and with the fast forms still packed; both are readied the first
//! time the engine's root comes within three removals of a carried table
//! (`Oracle::prepare`), about 0.1 s of CPU once, on a thread of its own so that no move
//! waits for it, and 25 MB more resident. Most games an
//! engine is started for in tests and short matches end before: an engine's start took
//! 87–114 ms of CPU when it readied them at once, and takes 12–15 ms (`perf stat -e
//! task-clock morris --depth 2 </dev/null`). Nothing is written, so the engine starts as
//! fast in a sandbox whose temporary folder is small or missing as anywhere else.
//!
//! The placing values of plies 0 to 12 (252 cells of the 9-stone game under the game's
//! rule and their set's dictionary, 47.7 MB: [`PLACING`], listed by `build.rs` from
//! `data/tables/`, written from a whole build by `scripts/carry-placing.sh 12 9`): with
//! them the engine chooses each of its first twelve placements among those that keep the
//! value. In 100 games at 0.3 s a move against itself with every table, 30 of the 35
//! placing moves by which the engine without them lost value came at moves 5 to 11, and
//! with plies 0 to 11 carried, three of the five left at 1 s came at the twelfth
//! (docs/engine.md, "Over whole games"). Plies 0 to 8 are the cells as the build packed
//! them; of plies 9 to 12 each cell is carried in the smaller of that form and the one
//! coded against a model of its positions ([`modeled`](super::shared::modeled): 46.9 MB
//! instead of 74.6). Placing cells need not be closed under moves: at ply 12 the engine
//! searches.
use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::probe::{PACKED_EXTENSION, Tablebase, unpack_carried};
use super::shared::error::TablebaseError;
use super::shared::sector::is_supported;
use crate::rules::{Ruleset, STANDARD};

/// The carried moving files as the binary holds them, by name: each pair's `.mtb` as
/// built, its `.wdl` packed with `zstd -19` (`data/tables/X-Y.wdl.zst`, written by
/// `scripts/carry-moving.sh`), unpacked when first readied (or all at once by [`files`]).
/// The 4-stone game's first ([`SMALL_GAME`] of them).
static PACKED: [(&str, &[u8]); 26] = [
    ("3-3.mtb", include_bytes!("../../data/tables/3-3.mtb")),
    ("3-3.wdl.zst", include_bytes!("../../data/tables/3-3.wdl.zst")),
    ("3-4.mtb", include_bytes!("../../data/tables/3-4.mtb")),
    ("3-4.wdl.zst", include_bytes!("../../data/tables/3-4.wdl.zst")),
    ("4-3.mtb", include_bytes!("../../data/tables/4-3.mtb")),
    ("4-3.wdl.zst", include_bytes!("../../data/tables/4-3.wdl.zst")),
    ("4-4.mtb", include_bytes!("../../data/tables/4-4.mtb")),
    ("4-4.wdl.zst", include_bytes!("../../data/tables/4-4.wdl.zst")),
    ("3-5.mtb", include_bytes!("../../data/tables/3-5.mtb")),
    ("3-5.wdl.zst", include_bytes!("../../data/tables/3-5.wdl.zst")),
    ("5-3.mtb", include_bytes!("../../data/tables/5-3.mtb")),
    ("5-3.wdl.zst", include_bytes!("../../data/tables/5-3.wdl.zst")),
    ("3-6.mtb", include_bytes!("../../data/tables/3-6.mtb")),
    ("3-6.wdl.zst", include_bytes!("../../data/tables/3-6.wdl.zst")),
    ("6-3.mtb", include_bytes!("../../data/tables/6-3.mtb")),
    ("6-3.wdl.zst", include_bytes!("../../data/tables/6-3.wdl.zst")),
    ("4-5.mtb", include_bytes!("../../data/tables/4-5.mtb")),
    ("4-5.wdl.zst", include_bytes!("../../data/tables/4-5.wdl.zst")),
    ("5-4.mtb", include_bytes!("../../data/tables/5-4.mtb")),
    ("5-4.wdl.zst", include_bytes!("../../data/tables/5-4.wdl.zst")),
    ("5-5.mtb", include_bytes!("../../data/tables/5-5.mtb")),
    ("5-5.wdl.zst", include_bytes!("../../data/tables/5-5.wdl.zst")),
    ("4-6.mtb", include_bytes!("../../data/tables/4-6.mtb")),
    ("4-6.wdl.zst", include_bytes!("../../data/tables/4-6.wdl.zst")),
    ("6-4.mtb", include_bytes!("../../data/tables/6-4.mtb")),
    ("6-4.wdl.zst", include_bytes!("../../data/tables/6-4.wdl.zst")),
];

/// How many of [`files`] (the first) a build of the 4-stone game writes.
pub const SMALL_GAME: usize = 8;

include!(concat!(env!("OUT_DIR"), "/carried_placing.rs"));

/// The carried moving files, by name (`X-Y.mtb`, `X-Y.wdl`), as a build writes them: the
/// 4-stone game's first ([`SMALL_GAME`] of them). The `.wdl` files are unpacked on the
/// first call (about 23 MB, held for the life of the process) and shared by every later one.
///
/// # Errors
/// A packed file does not unpack (a damaged binary): [`TablebaseError::CorruptedTable`],
/// naming it. Nothing is kept then: a later call tries again.
pub fn files() -> Result<&'static [(&'static str, &'static [u8])], TablebaseError> {
    static UNPACKED: OnceLock<Vec<(&'static str, &'static [u8])>> = OnceLock::new();
    if let Some(files) = UNPACKED.get() {
        return Ok(files);
    }
    let unpacked = PACKED.iter().map(|&(name, bytes)| unpack(name, bytes)).collect::<Result<Vec<_>, _>>()?;
    // Two first calls at once may both unpack: one's bytes are kept, the other's leaked.
    Ok(UNPACKED.get_or_init(|| unpacked))
}

/// The carried file `name` held as `bytes`, by the name a build gives it: a `.wdl.zst`
/// file unpacked ([`unpack_carried`]), any other as it is.
fn unpack(name: &'static str, bytes: &'static [u8]) -> Result<(&'static str, &'static [u8]), TablebaseError> {
    match name.strip_suffix(&format!(".{PACKED_EXTENSION}")) {
        Some(unpacked) => Ok((unpacked, unpack_carried(&Path::new("carried").join(name), bytes)?)),
        None => Ok((name, bytes)),
    }
}

/// Every carried file as the binary holds it, the moving tables and then [`PLACING`]: what
/// [`open_bundled`] opens (the `.wdl.zst` files are unpacked when first readied).
#[must_use]
pub fn carried_files() -> Vec<(&'static str, &'static [u8])> {
    PACKED.iter().chain(PLACING).copied().collect()
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
    // Indices built and fast forms unpacked when a root first comes near the tables
    // (`Oracle::prepare`): most games a test or a tournament starts an engine for end
    // before (an engine's start, 0.11 -> about 0.02 s of CPU).
    let tb = Tablebase::carried(&carried_files())?.share();
    log::info!("tablebase: the carried moving tables (3-3 .. 6-4) and {} placing files", PLACING.len());
    Ok(Some(tb))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_carried_files_open_in_place_and_a_damaged_one_is_named() {
        let files = files().expect("the carried files unpack");
        assert!(std::ptr::eq(files, super::files().expect("again")), "unpacked once");
        let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
        let packed: Vec<&str> = PACKED.iter().map(|(name, _)| name.trim_end_matches(".zst")).collect();
        assert_eq!(names, packed);
        let small = Tablebase::carried(&files[..SMALL_GAME]).expect("the 4-stone game's tables open");
        assert_eq!(format!("{small:?}"), "Tablebase { dir: \"carried\", subspaces: 4 }");
        // A flipped byte in a header fails its checksum, in the file's own name.
        let mut damaged: Vec<(&str, &'static [u8])> = files[..SMALL_GAME].to_vec();
        let mut bytes = damaged[0].1.to_vec();
        bytes[30] ^= 1;
        damaged[0].1 = Box::leak(bytes.into_boxed_slice());
        let e = Tablebase::carried(&damaged).expect_err("a damaged header");
        assert!(e.to_string().contains("carried/3-3.mtb"), "{e}");
        // A table whose moves lead to one not carried is refused.
        let e = Tablebase::carried(&files[2..4]).expect_err("3-4 without 3-3");
        assert!(e.to_string().contains("3-3"), "{e}");
        // A packed file with a flipped byte fails its frame's checksum, in its own name; an
        // unpacked one is its packed bytes unpacked.
        let (name, packed) = PACKED[1];
        assert_eq!(unpack(name, packed).expect("unpacks"), files[1]);
        let mut bytes = packed.to_vec();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 1;
        let e = unpack(name, Box::leak(bytes.into_boxed_slice())).expect_err("a damaged packed file");
        assert!(matches!(e, TablebaseError::CorruptedTable { .. }), "{e:?}");
        assert!(e.to_string().contains("carried/3-3.wdl.zst"), "{e}");
        // Carried packed, a fast form is unpacked when readied; a damaged one then leaves
        // the full table to answer, with the same values.
        let mut set: Vec<(&str, &'static [u8])> = PACKED[..SMALL_GAME].to_vec();
        let mut bytes = set[1].1.to_vec();
        bytes[middle] ^= 1;
        set[1].1 = Box::leak(bytes.into_boxed_slice());
        let (good, broken) = (Tablebase::carried(&PACKED[..SMALL_GAME]), Tablebase::carried(&set));
        let (good, broken) = (good.expect("opens"), broken.expect("opens: a packed form is read when readied"));
        assert!(good.fast_value(0b111, 0b111 << 8, 0, false).expect("no error").is_none(), "not unpacked yet");
        good.wait_ready();
        broken.wait_ready();
        let (us, them) = (0b111, 0b101_0001 << 8);
        assert!(good.fast_value(us, them, 0, false).expect("no error").is_some(), "unpacked when readied");
        assert!(broken.fast_value(us, them, 0, false).expect("no error").is_none(), "the damaged form is not used");
        for them in [0b111 << 8, 0b1_0101 << 9, 0b1001_0001 << 12] {
            let value = good.value_of_sets(us, them, false).expect("no error");
            assert!(value.is_some());
            assert_eq!(broken.value_of_sets(us, them, false).expect("no error"), value);
        }
    }
}
