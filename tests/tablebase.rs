//! Endgame databases: counts against the reference figures, the independent
//! verify pass, typed errors on damaged files, hand-checked positions, the oracle and
//! the command line. Tables up to 4-4 are built once into a temporary directory (a few
//! seconds with the test profile's optimisation).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, OnceLock};

use indicatif::ProgressBar;
use morris::perfect::index::Indexer;
use morris::perfect::retro::solve_pair;
use morris::perfect::sector::{Board, LONG, Subspace, header_rules};
use morris::perfect::store::{self, TablebaseError};
use morris::perfect::verify::{position_of, value_from_children, verify_subspace};
use morris::perfect::{Tablebase, build, open_oracle, plan, table_stats};
use morris::rules::{ByColor, CLASSROOM, Color, Position, STANDARD, Setup};
use morris::search::OracleValue;
use morris::topology::{PointSet, STANDARD24};

/// A fresh directory under the system's temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("morris-tablebase-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Tables up to 4-4, built once for all tests of this file.
fn tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = temp_dir("shared");
        let pairs = plan(&[Subspace::new(4, 4)]);
        build(&dir, &pairs, 2).expect("build up to 4-4");
        dir
    })
}

fn tablebase() -> &'static Tablebase {
    static TB: OnceLock<Tablebase> = OnceLock::new();
    TB.get_or_init(|| Tablebase::open(tables()).expect("open tables"))
}

fn set(names: &[&str]) -> PointSet {
    names.iter().map(|n| STANDARD24.point_named(n).expect("point name")).collect()
}

/// White to move, hands empty.
fn position(white: &[&str], black: &[&str]) -> Position {
    Setup {
        rules: &STANDARD,
        stones: ByColor([set(white), set(black)]),
        in_hand: ByColor([0, 0]),
        side_to_move: Color::White,
    }
    .into_position()
    .expect("valid position")
}

#[test]
fn three_three_matches_the_reference_figures() {
    let tb = tablebase();
    let t = tb.table(Subspace::new(3, 3)).expect("3-3 built");
    assert_eq!(t.indexer.full_len(), 2_691_920);
    assert_eq!(t.values.len(), 169_626);
    let s = table_stats(t);
    assert_eq!(s.full_wins + s.full_draws + s.full_losses, 2_691_920);
    let share = s.full_wins as f64 / 2_691_920.0;
    assert!((0.82..0.84).contains(&share), "win share {share}");
    assert_eq!(s.longest_win, 25);
    assert_eq!(s.longest_loss, 26);
}

#[test]
fn subspaces_up_to_four_have_the_expected_sizes() {
    let tb = tablebase();
    assert_eq!(
        tb.subspaces(),
        vec![Subspace::new(3, 3), Subspace::new(3, 4), Subspace::new(4, 3), Subspace::new(4, 4)]
    );
    let full: u64 = tb.subspaces().iter().map(|&s| tb.table(s).map_or(0, |t| t.indexer.full_len())).sum();
    assert_eq!(full, 2_691_920 + 2 * 12_113_640 + 51_482_970);
    // Reduction by 16 symmetries: a little more than a sixteenth (symmetric positions).
    for s in tb.subspaces() {
        let t = tb.table(s).expect("loaded");
        assert!(t.values.len() as u64 * 16 >= t.indexer.full_len());
        assert!((t.values.len() as u64 * 16) < t.indexer.full_len() * 102 / 100);
    }
}

#[test]
fn verify_passes() {
    let tb = tablebase();
    for s in [Subspace::new(3, 3), Subspace::new(3, 4), Subspace::new(4, 3)] {
        let report = verify_subspace(tb, s, tables(), 2, &ProgressBar::hidden()).expect("verify runs");
        assert_eq!(report.errors, 0, "{s}: {:?}", report.examples.first().map(|e| &e.0));
        assert_eq!(report.positions, tb.table(s).map_or(0, |t| t.values.len() as u64));
    }
    // 4-4 by sample (the full check is `morris tablebase verify`).
    let t = tb.table(Subspace::new(4, 4)).expect("4-4");
    for i in (0..t.values.len()).step_by(97) {
        let (us, them) = t.indexer.position(i as u64);
        let pos = position_of(us, them);
        assert_eq!(value_from_children(tb, &pos, tables()).ok(), tb.value(&pos), "{pos}");
    }
}

#[test]
fn a_mill_that_wins_at_once_is_a_win_in_one() {
    // White flies B2 to G7 and closes A7-D7-G7: Black is down to two stones.
    let pos = position(&["A7", "D7", "B2"], &["A1", "D1", "E4"]);
    assert_eq!(tablebase().value(&pos), Some(OracleValue::Win(1)));
    let moves = tablebase().move_values(&pos).expect("covered");
    assert_eq!(moves[0].1, OracleValue::Win(1));
    assert_eq!(moves[0].0.display(&STANDARD24).to_string().split(',').next(), Some("B2-G7"));
}

#[test]
fn a_blocked_side_has_lost() {
    // White's four stones in the lower left corner have no empty neighbour.
    let pos = position(&["A7", "D7", "A4", "B6"], &["G7", "D6", "A1", "B4"]);
    assert_eq!(pos.count_legal_moves(), 0);
    assert_eq!(tablebase().value(&pos), Some(OracleValue::Loss(0)));
    // With Black to move the same stones are no loss for Black: Black can slide.
    let black = pos.with_side_to_move(Color::Black);
    assert_ne!(tablebase().value(&black), Some(OracleValue::Loss(0)));
}

#[test]
fn a_flying_draw() {
    // Both sides fly. White holds the mill A7 D7 G7; Black's D6 F6 threaten B6, which
    // Black's A4 can fly to. Every White move that leaves B6 empty loses at once (Black
    // closes the mill and White is down to two stones), and A7-B6 or D7-B6 give up
    // White's own threat and lose slowly. G7-B6 blocks and threatens to close A7-D7-G7
    // again, so Black must fly into G7, and the blocking goes round: a draw, with G7-B6
    // the only drawing move.
    let tb = tablebase();
    let pos = position(&["A7", "D7", "G7"], &["D6", "F6", "A4"]);
    assert_eq!(tb.value(&pos), Some(OracleValue::Draw));
    let moves = tb.move_values(&pos).expect("covered");
    let text = |i: usize| moves[i].0.display(&STANDARD24).to_string();
    assert_eq!((text(0).as_str(), moves[0].1), ("G7-B6", OracleValue::Draw));
    assert!(moves[1..].iter().all(|&(_, v)| matches!(v, OracleValue::Loss(_))));
    assert_eq!(moves.iter().filter(|&&(_, v)| v == OracleValue::Loss(2)).count(), moves.len() - 3);
    let child = pos.play(moves[0].0).expect("legal");
    assert_eq!(tb.value(&child), Some(OracleValue::Draw));
}

#[test]
fn the_oracle_gives_stored_values_and_only_for_covered_positions() {
    let oracle = open_oracle(tables()).expect("open oracle");
    let tb = tablebase();
    let t = tb.table(Subspace::new(4, 3)).expect("4-3");
    for i in (0..t.values.len()).step_by(1013) {
        let (us, them) = t.indexer.position(i as u64);
        let pos = position_of(us, them);
        assert_eq!(oracle.probe(&pos), Some(t.value_at(i)));
        // Colours do not matter: the same stones with Black to move.
        assert_eq!(oracle.probe(&pos.swapped()), oracle.probe(&pos));
    }
    let pos = position(&["A7", "D7", "B2"], &["A1", "D1", "E4"]);
    let placing = Position::from_setup_unchecked(&Setup { in_hand: ByColor([1, 1]), ..pos.to_setup() });
    assert_eq!(oracle.probe(&placing), None);
    let other_rules = Position::from_setup_unchecked(&Setup { rules: &CLASSROOM, ..pos.to_setup() });
    assert_eq!(oracle.probe(&other_rules), None);
    let five = position(&["A7", "D7", "G7", "B6", "D6"], &["A1", "D1", "G1", "B2", "D2"]);
    assert_eq!(oracle.probe(&five), None);
}

#[test]
fn best_moves_lead_to_consistent_children() {
    let tb = tablebase();
    for s in tb.subspaces() {
        let t = tb.table(s).expect("loaded");
        for i in (0..t.values.len()).step_by(4999) {
            let (us, them) = t.indexer.position(i as u64);
            let pos = position_of(us, them);
            let value = tb.value(&pos).expect("covered");
            let moves = tb.move_values(&pos).expect("children covered");
            let Some(&(best, through)) = moves.first() else {
                assert_eq!(value, OracleValue::Loss(0));
                continue;
            };
            assert_eq!(through, value, "{pos}");
            let child = pos.play(best).expect("legal best move");
            let child_value = if child.is_lost_by_material() { Some(OracleValue::Loss(0)) } else { tb.value(&child) };
            let expected = match value {
                OracleValue::Win(n) => OracleValue::Loss(n - 1),
                OracleValue::Loss(n) => OracleValue::Win(n - 1),
                OracleValue::Draw => OracleValue::Draw,
            };
            assert_eq!(child_value, Some(expected), "{pos}");
        }
    }
}

#[test]
fn long_distances_go_to_the_side_list_and_survive_a_file() {
    // Solve 3-3 with distances over 10 stored as long entries (the path distances over
    // 253 plies take in big subspaces): same values, and a file round trip keeps them.
    let ix = Arc::new(Indexer::new(&STANDARD24, 3, 3));
    let pair = [Subspace::new(3, 3)];
    let board = Board::new(&STANDARD);
    let (tables, _) =
        solve_pair(&board, &pair, vec![ix], &[], 2, &ProgressBar::hidden(), 10).expect("solve with a low limit");
    let long = &tables[0];
    let normal = tablebase().table(pair[0]).expect("3-3");
    assert!(long.long.len() > 1000);
    assert!(long.values.iter().all(|&b| b <= 11 || b == LONG));
    assert!((0..normal.values.len()).all(|i| long.value_at(i) == normal.value_at(i)));
    let dir = temp_dir("long");
    let rules = header_rules(&STANDARD);
    store::write_table(&dir, pair[0], &rules, &long.values, &long.long).expect("write");
    let back = store::read_table(&dir, pair[0], &rules, &STANDARD24).expect("read back");
    assert!((0..normal.values.len()).all(|i| back.value_at(i) == normal.value_at(i)));
    // A long entry that is missing is a corrupted table, not a wrong value.
    let mut fewer = long.long.clone();
    let some = *fewer.keys().next().expect("an entry");
    fewer.remove(&some);
    store::write_table(&dir, pair[0], &rules, &long.values, &fewer).expect("write");
    assert!(matches!(
        store::read_table(&dir, pair[0], &rules, &STANDARD24),
        Err(TablebaseError::CorruptedTable { .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_files_are_rejected_with_typed_errors() {
    let rules = header_rules(&STANDARD);
    let s = Subspace::new(3, 3);
    let good = std::fs::read(store::table_path(tables(), s)).expect("3-3 file");
    let dir = temp_dir("damaged");
    let path = store::table_path(&dir, s);
    let read = |bytes: &[u8]| {
        std::fs::write(&path, bytes).expect("write");
        store::read_table(&dir, s, &rules, &STANDARD24)
    };
    assert!(read(&good).is_ok());
    let mut flipped = good.clone();
    flipped[good.len() / 2] ^= 0x10;
    assert!(matches!(read(&flipped), Err(TablebaseError::CorruptedTable { .. })));
    assert!(matches!(read(&good[..good.len() - 100]), Err(TablebaseError::CorruptedTable { .. })));
    assert!(matches!(read(&good[..10]), Err(TablebaseError::CorruptedTable { .. })));
    // A header that promises more positions than any file could hold.
    let mut count = good.clone();
    let count_at = good.len() - 8 - 8 - 169_626 - 8;
    count[count_at..count_at + 8].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(matches!(read(&count), Err(TablebaseError::CorruptedTable { .. })));
    let mut magic = good.clone();
    magic[0] = b'X';
    assert!(matches!(read(&magic), Err(TablebaseError::Magic(_))));
    assert!(matches!(read(&[]), Err(TablebaseError::Magic(_))));
    let mut version = good.clone();
    version[8] = 99;
    assert!(matches!(read(&version), Err(TablebaseError::Version { found: 99, .. })));
    // A whole, well-formed file for other rules.
    let table = store::read_table(tables(), s, &rules, &STANDARD24).expect("good table");
    store::write_table(&dir, s, "board=other", &table.values, &table.long).expect("write");
    assert!(matches!(store::read_table(&dir, s, &rules, &STANDARD24), Err(TablebaseError::Ruleset { .. })));
    std::fs::remove_file(&path).expect("remove");
    assert!(matches!(store::read_table(&dir, s, &rules, &STANDARD24), Err(TablebaseError::MissingTable { .. })));
    // A corrupt file in a directory makes opening it fail, never a wrong answer.
    std::fs::write(&path, &flipped).expect("write");
    assert!(open_oracle(&dir).is_err());
    let empty = temp_dir("empty");
    assert!(matches!(Tablebase::open(&empty), Err(TablebaseError::MissingTable { .. })));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&empty);
}

#[test]
fn builds_resume_and_plans_follow_dependencies() {
    let pairs = plan(&[Subspace::new(4, 3)]);
    assert_eq!(pairs, vec![vec![Subspace::new(3, 3)], vec![Subspace::new(3, 4), Subspace::new(4, 3)]]);
    let dir = temp_dir("resume");
    let first = build(&dir, &pairs[..1], 2).expect("build 3-3");
    assert!(!first[0].skipped);
    let before = std::fs::metadata(store::table_path(&dir, Subspace::new(3, 3))).and_then(|m| m.modified()).ok();
    let second = build(&dir, &pairs[..1], 2).expect("resume");
    assert!(second[0].skipped);
    let after = std::fs::metadata(store::table_path(&dir, Subspace::new(3, 3))).and_then(|m| m.modified()).ok();
    assert_eq!(before, after);
    // No temporary files are left behind.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    assert_eq!(names, vec!["3-3.mtb".to_string()]);
    // The same bytes as the shared build: the solver is deterministic.
    assert_eq!(std::fs::read(dir.join("3-3.mtb")).ok(), std::fs::read(tables().join("3-3.mtb")).ok());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_line_probes_and_rejects_bad_input() {
    let exe = env!("CARGO_BIN_EXE_morris");
    let dir = tables().to_string_lossy().into_owned();
    // A7 D7 .. B2 .. : White A7 D7 B2, Black E4 A1 D1 (board string order, seed 000).
    let board = "WWxxxxxxxxxxBxxxxxWxxBBx";
    let out = Command::new(exe).args(["tablebase", "probe", "--dir", &dir, &format!("{board} white")]).output();
    let out = out.expect("run morris");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("win in 1 for White"), "{text}");
    assert!(text.contains("best: B2-G7,"), "{text}");
    for bad in [format!("{board} green"), board.to_string(), "WWx white".to_string()] {
        let out = Command::new(exe).args(["tablebase", "probe", "--dir", &dir, &bad]).output().expect("run");
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let out = Command::new(exe).args(["tablebase", "stats", "--dir", &dir]).output().expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().any(|l| l.trim_start().starts_with("3-3") && l.contains("169626")), "{text}");
}
