//! A whole game of four stones a side, where every rule happens, against a brute force
//! that shares nothing with the solver (`brute/mod.rs`: its own board, symmetries,
//! enumeration and moves, written from `shared/spec/rules.md`).
//!
//! `morris tablebase build --max-stones 4` builds the moving pairs 3-3 .. 4-4 and the
//! placing cells under a short no-removal rule ([`RULE`] plies, short enough to turn wins
//! into draws in both phases), then the placing cells again without the rule. Every index
//! of every table and cell, reachable or not, is compared with the brute force: the
//! moving tables at every count under the rule and without it, the placing cells of both
//! profiles. Every canonical position of the brute force is met exactly once, so the
//! indices cover each position once. The brute force counts what happened (removals while
//! placing, blocked sides, lines closed while every stone of the other side stood in one,
//! flying, cursed wins, placing values that differ between the profiles) and each count
//! must be above zero. `verify --every 1` passes over the whole game.

#[path = "brute/mod.rs"]
mod brute;
use crate::tables_support;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use brute::{DRAW, Game, LOSS, WIN};
use morris::rules::STANDARD;
use morris::search::OracleValue;
use morris::tablebase::shared::cell::{self as placing, PlacingFile, wdl_of_code};
use morris::tablebase::shared::index::Indexer;
use morris::tablebase::{RuleProfile, Subspace, Table, Wdl, rules_text};

/// The short rule: the longest 4-4 wins need far more plies without a removal.
const RULE: u16 = 4;

/// Stones a side: 4, or 5 with `MORRIS_BRUTE_STONES=5` (`scripts/brute-force.sh`: too
/// slow for CI).
fn stones() -> u8 {
    match std::env::var("MORRIS_BRUTE_STONES").as_deref() {
        Ok("5") => 5,
        Ok(other) if other != "4" => panic!("MORRIS_BRUTE_STONES={other}: 4 or 5"),
        _ => 4,
    }
}

/// rules.md, "The other board formats": the board string's point order (seed 000, rows
/// numbered 0-6 from the bottom), which the tables' point sets follow bit by bit.
const BOARD_STRING_ORDER: &str = "a0 d0 g0 b1 d1 f1 c2 d2 e2 a3 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6";

/// The brute force's point of each bit of the tables' point sets.
fn bit_points() -> [usize; 24] {
    let mut out = [0; 24];
    for (bit, name) in BOARD_STRING_ORDER.split_whitespace().enumerate() {
        let (col, row) = name.split_at(1);
        let row: u8 = row.parse().expect("a row");
        out[bit] = brute::point(&format!("{}{}", col.to_uppercase(), 7 - row));
    }
    out
}

/// A point set of the tables as the brute force's.
fn to_brute(points: &[usize; 24], set: u32) -> u32 {
    brute::bits(set).fold(0, |m, b| m | 1 << points[b])
}

fn morris(args: &[&str]) {
    let out = tables_support::morris(args, None);
    assert!(out.status.success(), "morris {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// The tables of the 4-stone game under both profiles, built by `morris`.
fn tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| tables_support::build_both_profiles("brute-force", stones(), RULE))
}

fn game() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    GAME.get_or_init(|| {
        let t = std::time::Instant::now();
        let g = Game::solve(stones(), RULE);
        eprintln!("brute force of the {}-stone game: {:.1} s, {:?}", stones(), t.elapsed().as_secs_f64(), g.seen);
        g
    })
}

fn code(v: Option<OracleValue>) -> u8 {
    match v.expect("a value under the table's own rule") {
        OracleValue::Win(_) => WIN,
        OracleValue::Draw => DRAW,
        OracleValue::Loss(_) => LOSS,
    }
}

#[test]
fn every_moving_value_at_every_count_equals_the_brute_force() {
    let (dir, game, points) = (tables(), game(), bit_points());
    let (mut compared, mut cursed) = (0u64, 0u64);
    for (us, them) in (3..=stones()).flat_map(|us| (3..=stones()).map(move |them| (us, them))) {
        let table =
            Table::load(dir, Subspace::new(us, them), &rules_text(RuleProfile::new(RULE)), STANDARD.topology, true)
                .expect("a moving table");
        let (space, values) = (game.space(us, them), game.moving(us, them));
        let mut met = vec![false; space.keys.len()];
        table.indexer.for_each_position(0..table.indexer.len(), |i, u, t| {
            let (u, t) = (to_brute(&points, u), to_brute(&points, t));
            let id = space.id(game.board.canonical(u, t));
            assert!(!met[id], "{us}-{them}: two indices for one position ({i})");
            met[id] = true;
            let v = table.value_at(i as usize);
            for count in 0..=RULE {
                let want = values.at_count[usize::from(count)][id];
                assert_eq!(
                    code(v.at_count(count, RULE, RuleProfile::new(RULE))),
                    want,
                    "{us}-{them} index {i} count {count}: {v:?}"
                );
            }
            assert_eq!(
                code(v.at_count(0, 0, RuleProfile::new(RULE))),
                values.no_rule[id],
                "{us}-{them} index {i} without the rule"
            );
            cursed += u64::from(v.wdl == Wdl::CursedWin);
            compared += 1;
        });
        assert!(met.iter().all(|&m| m), "{us}-{them}: a position has no index");
    }
    eprintln!(
        "moving: {compared} positions compared at {} counts and without the rule, {cursed} cursed wins",
        RULE + 1
    );
    assert!(cursed > 0 && compared > 4_000_000, "{compared} compared, {cursed} cursed wins");
}

#[test]
fn every_placing_value_of_both_profiles_equals_the_brute_force() {
    let (dir, game, points) = (tables(), game(), bit_points());
    let mut compared = [0u64; 2];
    let mut differ = 0u64;
    let mut dictionaries = std::collections::BTreeSet::new();
    for cell in placing::cells(stones()) {
        let space = game.space(cell.us, cell.them);
        let indexer = Indexer::new(STANDARD.topology, usize::from(cell.us), usize::from(cell.them));
        assert_eq!(indexer.len(), space.keys.len() as u64, "{cell}");
        let mut codes = Vec::new();
        for (p, profile) in [RULE, 0].into_iter().enumerate() {
            let rules = placing::placing_rules(stones(), RuleProfile::new(profile));
            let file = PlacingFile::open(dir, cell, stones(), RuleProfile::new(profile), Some(&rules))
                .expect("a placing cell");
            // The build ends by packing the set: what is compared is what probes read.
            dictionaries.insert(file.packed_with().unwrap_or_else(|| panic!("{cell} is not packed")));
            codes.push(file.read_all().expect("its codes"));
            compared[p] += indexer.len();
        }
        let mut met = vec![false; space.keys.len()];
        indexer.for_each_position(0..indexer.len(), |i, u, t| {
            let id = space.id(game.board.canonical(to_brute(&points, u), to_brute(&points, t)));
            assert!(!met[id], "{cell}: two indices for one position ({i})");
            met[id] = true;
            let (rule, none) = game.placing(cell.ply, cell.us, cell.them, id);
            let at = |packed: &[u8]| {
                let code = (packed[(i / 4) as usize] >> ((i % 4) * 2)) & 3;
                match wdl_of_code(code) {
                    Wdl::Win => WIN,
                    Wdl::Loss => LOSS,
                    _ => DRAW,
                }
            };
            let (got_rule, got_none) = (at(&codes[0]), at(&codes[1]));
            assert_eq!(got_rule, rule, "{cell} index {i}: rule {RULE}");
            assert_eq!(got_none, none, "{cell} index {i}: no rule");
            differ += u64::from(got_rule != got_none);
        });
    }
    eprintln!(
        "placing: {compared:?} positions compared (rule {RULE}, no rule), {differ} differ between the profiles; \
         dictionaries {dictionaries:x?}"
    );
    assert!(dictionaries.len() <= 2, "one dictionary a profile: {dictionaries:x?}");
    assert_eq!(differ, game.seen.profiles_differ);
    assert!(differ > 0 && compared[0] > 1_000_000, "{compared:?} compared, {differ} differ");
}

#[test]
fn every_rule_happens_in_the_game() {
    let seen = &game().seen;
    eprintln!("{seen:#?}");
    for (what, n) in [
        ("blocked positions", seen.blocked),
        ("positions after a removal while placing", seen.placing_after_removal),
        ("cursed wins", seen.cursed_wins),
        ("lines closed with every stone of the other side in one", seen.removal_from_lines),
        ("flying positions", seen.flying),
        ("sliding positions", seen.sliding),
        ("placing positions the profiles value differently", seen.profiles_differ),
    ] {
        assert!(n > 0, "no {what}");
    }
}

#[test]
fn verify_checks_every_position_of_the_game() {
    let d = tables().to_str().expect("UTF-8");
    morris(&["tablebase", "verify", "--dir", d, "--every", "1"]);
    morris(&["tablebase", "verify", "--dir", d, "--placing", "--every", "1"]);
}
