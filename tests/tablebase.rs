//! Endgame tables: counts against the reference figures, the independent verify pass,
//! the no-removal rule and its cursed wins (the whole 4-stone game against a brute force
//! at every count is `brute_force.rs`'s), typed errors on damaged files, hand-checked
//! positions, the oracle and the command line. Tables up to 4-4 are built once into a
//! temporary directory (a few seconds).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use morris::rules::{ByColor, CLASSROOM, Color, MoveList, Position, Ruleset, STANDARD, Setup};
use morris::search::{Oracle, OracleValue};
use morris::tablebase::TablebaseError;
use morris::tablebase::shared::store::{self, TableFile};
use morris::tablebase::verify::{load_for, position_of, verify_subspace};
use morris::tablebase::{
    BuildOptions, RuleProfile, Subspace, Table, TableValue, Tablebase, Wdl, build, canonical_positions,
    full_board_counts, open_oracle, plan, plan_build, rules_text,
};
use morris::topology::{PointSet, STANDARD24};

use crate::slurm_support;

/// A fresh directory under the system's temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("morris-tablebase-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Builds everything `targets` needs in `dir` under a no-removal rule of `plies`.
fn build_into(dir: &Path, targets: &[Subspace], plies: u16) -> Vec<morris::tablebase::BuildReport> {
    let options = BuildOptions::new(2, RuleProfile::new(plies));
    let plan = plan_build(dir, plan(targets), &options);
    build(dir, &plan, &options, &(), &mut |_| {}).expect("build")
}

/// Tables up to 4-4 under the standard rule (100 plies), built once for all tests.
fn tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = temp_dir("shared");
        build_into(&dir, &[Subspace::new(4, 4)], STANDARD.no_removal_plies);
        dir
    })
}

/// The same pairs up to 4-3 under a rule of only 3 plies, where the rule bites.
fn short_rule_tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = temp_dir("short-rule");
        build_into(&dir, &[Subspace::new(4, 3)], SHORT_RULE);
        dir
    })
}

const SHORT_RULE: u16 = 3;

fn tablebase() -> &'static Tablebase {
    static TB: OnceLock<Tablebase> = OnceLock::new();
    TB.get_or_init(|| Tablebase::open(tables()).expect("open tables"))
}

/// The names of the files in `dir`, sorted.
fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names
}

fn load(dir: &Path, s: Subspace) -> Table {
    let profile = Tablebase::open(dir).expect("open").profile();
    Table::load(dir, s, &rules_text(profile), &STANDARD24, true).expect("load table")
}

fn set(names: &[&str]) -> PointSet {
    names.iter().map(|n| STANDARD24.point_named(n).expect("point name")).collect()
}

/// White to move, hands empty, standard rules.
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

fn value(pos: &Position) -> TableValue {
    tablebase().value(pos).expect("no damage").expect("covered")
}

fn win(distance: u16) -> TableValue {
    TableValue { wdl: Wdl::Win, distance }
}

fn loss(distance: u16) -> TableValue {
    TableValue { wdl: Wdl::Loss, distance }
}

#[test]
fn three_three_matches_the_reference_figures() {
    let t = load(tables(), Subspace::new(3, 3));
    assert_eq!(t.indexer.full_len(), 2_691_920);
    assert_eq!(t.wdl.len(), 169_626);
    let full = full_board_counts(&t);
    assert_eq!(full.total(), 2_691_920);
    // Every removal in 3-3 ends the game, so distance to conversion is distance to the end.
    let share = full.count(Wdl::Win) as f64 / 2_691_920.0;
    assert!((0.82..0.84).contains(&share), "win share {share}");
    let h = tablebase().header(Subspace::new(3, 3)).expect("3-3 open");
    assert_eq!((h.summary.longest_win, h.summary.longest_loss), (25, 26));
    assert_eq!(h.summary.count(Wdl::CursedWin) + h.summary.count(Wdl::BlessedLoss), 0);
}

#[test]
fn subspaces_up_to_four_have_the_expected_sizes() {
    let tb = tablebase();
    let subs = [Subspace::new(3, 3), Subspace::new(3, 4), Subspace::new(4, 3), Subspace::new(4, 4)];
    assert_eq!(tb.subspaces(), subs.to_vec());
    for s in subs {
        let t = load(tables(), s);
        // The orbit count without an index agrees with the index.
        assert_eq!(canonical_positions(s), t.wdl.len() as u64, "{s}");
        // Reduction by 16 symmetries: a little more than a sixteenth (symmetric positions).
        assert!(t.wdl.len() as u64 * 16 >= t.indexer.full_len());
        assert!((t.wdl.len() as u64 * 16) < t.indexer.full_len() * 102 / 100);
    }
    // Every subspace 3-3 .. 9-9: the figure the whole build covers.
    let all: u64 =
        morris::tablebase::shared::sector::pairs_up_to(9).iter().flatten().map(|&s| canonical_positions(s)).sum();
    assert_eq!(all, morris::tablebase::ALL_POSITIONS);
    assert_eq!(all, 8_904_593_601);
}

#[test]
fn verify_passes() {
    let rules = rules_text(RuleProfile::new(STANDARD.no_removal_plies));
    for s in [Subspace::new(3, 3), Subspace::new(3, 4), Subspace::new(4, 3)] {
        let loaded = load_for(tables(), s, &rules).expect("load");
        let report = verify_subspace(&loaded, s, RuleProfile::new(100), tables(), 2, 1, &()).expect("verify runs");
        assert_eq!(report.errors, 0, "{s}: {:?}", report.examples.first().map(|e| &e.0));
        assert_eq!(report.positions, canonical_positions(s));
    }
    // 4-4 by sample, as `morris tablebase verify --every 97` does.
    let s = Subspace::new(4, 4);
    let loaded = load_for(tables(), s, &rules).expect("load");
    let report = verify_subspace(&loaded, s, RuleProfile::new(100), tables(), 2, 97, &()).expect("verify runs");
    assert_eq!(report.errors, 0);
    assert_eq!(report.positions, canonical_positions(s).div_ceil(97));
}

#[test]
fn a_verify_catches_a_wrong_value() {
    let rules = rules_text(RuleProfile::new(STANDARD.no_removal_plies));
    let mut loaded = load_for(tables(), Subspace::new(3, 3), &rules).expect("load");
    let t = loaded.get_mut(&Subspace::new(3, 3)).expect("3-3");
    let i = t.wdl.iter().position(|&c| c == Wdl::Win.code()).expect("a win");
    t.distance[i] += 2;
    let report =
        verify_subspace(&loaded, Subspace::new(3, 3), RuleProfile::new(100), tables(), 2, 1, &()).expect("runs");
    assert!(report.errors >= 1);
}

#[test]
fn a_mill_that_wins_at_once_is_a_win_in_one() {
    // White flies B2 to G7 and closes A7-D7-G7: Black is down to two stones.
    let pos = position(&["A7", "D7", "B2"], &["A1", "D1", "E4"]);
    assert_eq!(value(&pos), win(1));
    let moves = tablebase().move_values(&pos).expect("no damage").expect("covered");
    assert_eq!(moves[0].1, win(1));
    assert_eq!(moves[0].0.display(&STANDARD24).to_string().split(',').next(), Some("B2-G7"));
}

#[test]
fn a_blocked_side_has_lost() {
    // White's four stones in the lower left corner have no empty neighbour.
    let pos = position(&["A7", "D7", "A4", "B6"], &["G7", "D6", "A1", "B4"]);
    assert_eq!(pos.count_legal_moves(), 0);
    assert_eq!(value(&pos), loss(0));
    // With Black to move the same stones are no loss for Black: Black can slide.
    assert_ne!(value(&pos.with_side_to_move(Color::Black)), loss(0));
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
    assert_eq!(value(&pos), TableValue::DRAW);
    let moves = tb.move_values(&pos).expect("no damage").expect("covered");
    let text = |i: usize| moves[i].0.display(&STANDARD24).to_string();
    assert_eq!((text(0).as_str(), moves[0].1), ("G7-B6", TableValue::DRAW));
    assert!(moves[1..].iter().all(|&(_, v)| v.wdl == Wdl::Loss));
    assert_eq!(moves.iter().filter(|&&(_, v)| v == loss(2)).count(), moves.len() - 3);
    let child = pos.play(moves[0].0).expect("legal");
    assert_eq!(value(&child), TableValue::DRAW);
}

fn sign(v: OracleValue) -> i8 {
    match v {
        OracleValue::Win(_) => 1,
        OracleValue::Draw => 0,
        OracleValue::Loss(_) => -1,
    }
}

#[test]
fn a_win_longer_than_the_count_allows_is_a_draw_and_cursed_wins_are_game_wins() {
    // Under the 100-ply rule: a 3-3 win at distance d stands at counts up to 100 - d.
    let t = load(tables(), Subspace::new(3, 3));
    let i = t.wdl.iter().zip(&t.distance).position(|(&c, &d)| c == Wdl::Win.code() && d == 25).expect("longest win");
    let v = t.value_at(i);
    assert_eq!(v.at_count(75, 100, RuleProfile::new(100)), Some(OracleValue::Win(25)));
    assert_eq!(v.at_count(76, 100, RuleProfile::new(100)), Some(OracleValue::Draw));
    let (us, them) = t.indexer.position(i as u64);
    let pos = position_of(us, them);
    assert_eq!(tablebase().value_at_count(&pos, 75, true), Some(OracleValue::Win(25)));
    assert_eq!(tablebase().value_at_count(&pos, 76, true), Some(OracleValue::Draw));
    // The same position under a 3-ply rule is a cursed win: a draw in the game, a win
    // without the rule, and the tables say which.
    let short = load(short_rule_tables(), Subspace::new(3, 3));
    let cursed = short.value(us, them);
    assert_eq!(cursed.wdl, Wdl::CursedWin);
    assert_eq!(cursed.at_count(0, SHORT_RULE, RuleProfile::new(SHORT_RULE)), Some(OracleValue::Draw));
    assert!(matches!(cursed.at_count(0, 0, RuleProfile::new(SHORT_RULE)), Some(OracleValue::Win(_))));
    // Every game win under one rule is a game win under the other.
    for j in 0..t.wdl.len() {
        let (a, b) = (t.value_at(j).wdl, short.value_at(j).wdl);
        assert_eq!(a.is_game_win(), b.is_game_win(), "index {j}");
        assert_eq!(a.is_game_loss(), b.is_game_loss(), "index {j}");
        if b == Wdl::Win {
            assert!(short.value_at(j).distance <= SHORT_RULE);
        }
    }
}

#[test]
fn the_oracle_gives_stored_values_and_only_for_covered_positions() {
    let oracle = open_oracle(tables(), &STANDARD).expect("open oracle");
    oracle.wait_ready();
    let t = load(tables(), Subspace::new(4, 3));
    for i in (0..t.wdl.len()).step_by(1013) {
        let (us, them) = t.indexer.position(i as u64);
        let pos = position_of(us, them);
        let stored = t.value_at(i).at_count(0, 100, RuleProfile::new(100));
        assert_eq!(oracle.probe_exact(&pos, 0), stored);
        // The search's probe may give a bound of the distance, never another class.
        assert_eq!(oracle.probe(&pos, 0).map(sign), stored.map(sign));
        // Colours do not matter: the same stones with Black to move.
        assert_eq!(oracle.probe(&pos.swapped(), 0), oracle.probe(&pos, 0));
    }
    let pos = position(&["A7", "D7", "B2"], &["A1", "D1", "E4"]);
    let placing = Position::from_setup_unchecked(&Setup { in_hand: ByColor([1, 1]), ..pos.to_setup() });
    assert_eq!(oracle.probe(&placing, 0), None);
    let other_rules = Position::from_setup_unchecked(&Setup { rules: &CLASSROOM, ..pos.to_setup() });
    assert_eq!(oracle.probe(&other_rules, 0), None);
    let five = position(&["A7", "D7", "G7", "B6", "D6"], &["A1", "D1", "G1", "B2", "D2"]);
    assert_eq!(oracle.probe(&five, 0), None);
}

#[test]
fn the_carried_tables_are_what_the_build_writes_and_answer_alike() {
    use morris::tablebase::bundled::{SMALL_GAME, files, open_bundled};
    // Byte for byte what a build of 3-3 to 4-4 under the game's rule writes, and all of it
    // (the `.wdl` files as unpacked from the binary's `data/tables/X-Y.wdl.zst`).
    let files = files().expect("the carried files unpack");
    let built: Vec<String> =
        file_names(tables()).into_iter().filter(|n| n.ends_with(".mtb") || n.ends_with(".wdl")).collect();
    let mut small: Vec<String> = files[..SMALL_GAME].iter().map(|(name, _)| (*name).to_owned()).collect();
    small.sort();
    assert_eq!(built, small);
    for (name, bytes) in &files[..SMALL_GAME] {
        let fresh = std::fs::read(tables().join(name)).expect(name);
        assert!(
            &fresh == bytes,
            "{name}: the carried file is not what the build writes (data/tables/, scripts/carry-moving.sh)"
        );
    }
    // The larger ones pass their own checksums and a sampled verify against their
    // children, under the game's rule: every move of a carried position stays in the set.
    let carried = temp_dir("carried");
    for (name, bytes) in files {
        std::fs::write(carried.join(name), bytes).expect("write a carried file");
    }
    let rules = rules_text(RuleProfile::new(STANDARD.no_removal_plies));
    for (name, _) in files[SMALL_GAME..].iter().filter(|(n, _)| n.ends_with(".mtb")) {
        let s: Subspace = name.trim_end_matches(".mtb").parse().expect("a pair's name");
        let loaded = load_for(&carried, s, &rules).expect("the carried set holds every table its moves need");
        let report = verify_subspace(&loaded, s, RuleProfile::new(100), &carried, 2, 4999, &()).expect("verify");
        assert_eq!(report.errors, 0, "{s}: {:?}", report.examples.first().map(|e| &e.0));
        assert_eq!(report.positions, canonical_positions(s).div_ceil(4999), "{s}");
    }
    let _ = std::fs::remove_dir_all(&carried);
    let oracle = open_bundled(&STANDARD).expect("open").expect("the game's rules");
    // Not readied until a root comes near them: a game's start is far (eight removals
    // from 5-5, 4-6 and 6-4), a position of 7-6 stones near (three removals from 4-6).
    let small = position(&["A7", "E4", "B2"], &["G1", "C5", "F6"]);
    assert_eq!(oracle.probe_exact(&small, 0), None, "not ready before a root nears the tables");
    oracle.prepare(&Position::start(&STANDARD));
    assert_eq!(oracle.probe_exact(&small, 0), None, "the start is far from the carried tables");
    oracle.prepare(&position(&["A7", "D7", "G7", "B6", "D6", "F6", "C5"], &["A1", "D1", "G1", "B2", "D2", "F2"]));
    // On a thread of its own, off the move's clock: a bounded wait for it.
    let ready = (0..3000).any(|_| {
        oracle.probe_exact(&small, 0).is_some() || {
            std::thread::sleep(std::time::Duration::from_millis(10));
            false
        }
    });
    assert!(ready, "readied by a root three removals away");
    // Read from the binary's bytes, they answer as the built ones do (every table ready).
    oracle.wait_ready();
    let reference = open_oracle(tables(), &STANDARD).expect("open oracle");
    reference.wait_ready();
    let t = load(tables(), Subspace::new(4, 3));
    let mut decided = 0;
    for i in (0..t.wdl.len()).step_by(997) {
        let (us, them) = t.indexer.position(i as u64);
        let pos = position_of(us, them);
        let value = oracle.probe_exact(&pos, 0);
        assert_eq!(value, reference.probe_exact(&pos, 0), "index {i}");
        decided += usize::from(matches!(value, Some(OracleValue::Win(_) | OracleValue::Loss(_))));
    }
    assert!(decided > 0);
    // Not for other rules: another no-removal count, or the classroom board.
    let other = Ruleset { no_removal_plies: 50, ..STANDARD };
    assert!(open_bundled(&other).expect("no error").is_none());
    assert!(open_bundled(&CLASSROOM).expect("no error").is_none());
}

/// The move the engine binary plays in `pos` at `movetime` seconds, with `extra` flags.
fn engine_move(pos: &Position, movetime: &str, extra: &[&str]) -> String {
    use std::io::{BufRead, Write};
    // No temporary folder: the carried tables are read in place, nothing is written.
    let mut child = Command::new(env!("CARGO_BIN_EXE_morris"))
        .env("TMPDIR", "/nonexistent/morris-no-tmp")
        .args(["--color", "black", "--movetime", movetime])
        .args(extra)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("start morris");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "setboard {pos}").expect("write");
    writeln!(stdin, "go").expect("write");
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("read");
    drop(stdin);
    let _ = child.wait();
    line.trim().to_owned()
}

#[test]
fn the_engine_plays_hard_covered_endgames_from_its_carried_tables() {
    // Long wins that few moves keep (three stones a side; three against four), which a
    // 20 ms search does not see through: the engine without --tablebase keeps every one
    // of them (its carried tables), and --no-small-tables shows that the search alone
    // would not.
    let (mut kept, mut kept_without, mut tried) = (0, 0, 0);
    'subspaces: for (subspace, step, long) in [(Subspace::new(3, 3), 13, 15), (Subspace::new(3, 4), 7, 9)] {
        let t = load(tables(), subspace);
        let mut taken = 0;
        for i in (0..t.wdl.len()).step_by(step) {
            let v = t.value_at(i);
            if v.wdl != Wdl::Win || v.distance < long {
                continue;
            }
            let (us, them) = t.indexer.position(i as u64);
            let pos = position_of(us, them);
            let moves = tablebase().move_values(&pos).expect("no damage").expect("covered");
            let keeping: Vec<String> = moves
                .iter()
                .filter(|(_, m)| m.wdl == Wdl::Win)
                .map(|(m, _)| m.display(&STANDARD24).to_string().to_uppercase())
                .collect();
            if keeping.len() * 4 > moves.len() {
                continue;
            }
            tried += 1;
            kept += usize::from(keeping.contains(&engine_move(&pos, "0.02", &[])));
            kept_without += usize::from(keeping.contains(&engine_move(&pos, "0.02", &["--no-small-tables"])));
            taken += 1;
            if taken == 4 {
                continue 'subspaces;
            }
        }
        eprintln!("{subspace}: {taken}");
    }
    eprintln!("{tried} long wins: kept in {kept} with the carried tables, {kept_without} without");
    assert_eq!(tried, 8);
    assert_eq!(kept, tried);
    assert!(kept_without < tried);
}

#[test]
fn tables_built_for_another_rule_are_refused() {
    let fifty = Ruleset { no_removal_plies: 50, ..STANDARD.clone() }.into_static();
    assert!(matches!(open_oracle(tables(), fifty), Err(TablebaseError::Ruleset { .. })));
    // Without a no-removal rule, tables of any count answer (game values).
    let none = Ruleset { no_removal_plies: 0, ..STANDARD.clone() }.into_static();
    assert!(open_oracle(short_rule_tables(), none).is_ok());
    assert!(matches!(open_oracle(short_rule_tables(), &STANDARD), Err(TablebaseError::Ruleset { .. })));
    // A directory mixing two rules is refused when opened.
    let dir = temp_dir("mixed");
    std::fs::copy(store::table_path(tables(), Subspace::new(3, 3)), dir.join("3-3.mtb")).expect("copy");
    std::fs::copy(store::table_path(short_rule_tables(), Subspace::new(3, 4)), dir.join("3-4.mtb")).expect("copy");
    assert!(matches!(Tablebase::open(&dir), Err(TablebaseError::Ruleset { .. })));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn best_moves_lead_to_consistent_children() {
    let tb = tablebase();
    for s in tb.subspaces() {
        let t = load(tables(), s);
        for i in (0..t.wdl.len()).step_by(4999) {
            let (us, them) = t.indexer.position(i as u64);
            let pos = position_of(us, them);
            let v = value(&pos);
            let moves = tb.move_values(&pos).expect("no damage").expect("children covered");
            let Some(&(best, through)) = moves.first() else {
                assert_eq!(v, loss(0));
                continue;
            };
            assert_eq!(through, v, "{pos}");
            let child = pos.play(best).expect("legal best move");
            let child_value = tb.value(&child).expect("no damage").expect("covered");
            if best.remove().is_none() && v.wdl != Wdl::Draw {
                // A slide keeps the class (seen from the other side) one ply closer.
                assert_eq!((child_value.wdl, child_value.distance + 1), (v.wdl.flipped(), v.distance), "{pos}");
            }
        }
    }
}

#[test]
fn damaged_files_are_rejected_with_typed_errors() {
    let rules = rules_text(RuleProfile::new(100));
    let s = Subspace::new(3, 3);
    let good = std::fs::read(store::table_path(tables(), s)).expect("3-3 file");
    let dir = temp_dir("damaged");
    let path = store::table_path(&dir, s);
    let open = |bytes: &[u8]| {
        std::fs::write(&path, bytes).expect("write");
        TableFile::open(&dir, s, Some(&rules))
    };
    let file = open(&good).expect("good file");
    let data_start = good.len()
        - file.header.class_blocks.iter().chain(&file.header.distance_blocks).map(|b| b.len as usize).sum::<usize>();
    // The header: any flipped bit fails its checksum.
    let mut header_flip = good.clone();
    header_flip[30] ^= 0x10;
    assert!(matches!(open(&header_flip), Err(TablebaseError::CorruptedTable { .. })));
    assert!(matches!(open(&good[..good.len() - 100]), Err(TablebaseError::CorruptedTable { .. })));
    assert!(matches!(open(&good[..10]), Err(TablebaseError::CorruptedTable { .. })));
    let mut magic = good.clone();
    magic[0] = b'X';
    assert!(matches!(open(&magic), Err(TablebaseError::Magic(_))));
    assert!(matches!(open(&[]), Err(TablebaseError::CorruptedTable { .. }) | Err(TablebaseError::Magic(_))));
    let mut version = good.clone();
    version[8] = 99;
    assert!(matches!(open(&version), Err(TablebaseError::Version { found: 99, .. })));
    // A block: the file opens, the probe that meets the block gets a typed error, and
    // every other block still answers.
    let mut block_flip = good.clone();
    block_flip[data_start + 5] ^= 0x01;
    std::fs::write(&path, &block_flip).expect("write");
    let damaged = Tablebase::open(&dir).expect("header is fine");
    let pos = position(&["A7", "D7", "B2"], &["A1", "D1", "E4"]);
    let t = load(tables(), s);
    let first = position_of(t.indexer.position(0).0, t.indexer.position(0).1);
    assert!(matches!(damaged.value(&first), Err(TablebaseError::CorruptedBlock { block: 0, .. })));
    // The engine's oracle says nothing rather than something wrong.
    assert_eq!(damaged.value_at_count(&first, 0, true), None);
    let last = t.indexer.position(t.wdl.len() as u64 - 1);
    assert!(damaged.value(&position_of(last.0, last.1)).is_ok());
    let _ = pos;
    // Other rules; a missing file; an empty directory.
    std::fs::write(&path, &good).expect("write");
    assert!(matches!(TableFile::open(&dir, s, Some("board=other")), Err(TablebaseError::Ruleset { .. })));
    std::fs::remove_file(&path).expect("remove");
    assert!(matches!(TableFile::open(&dir, s, Some(&rules)), Err(TablebaseError::MissingTable { .. })));
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
    let first = build_into(&dir, &[Subspace::new(3, 3)], 100);
    assert!(!first[0].kept);
    let before = std::fs::metadata(store::table_path(&dir, Subspace::new(3, 3))).and_then(|m| m.modified()).ok();
    let second = build_into(&dir, &[Subspace::new(3, 3)], 100);
    assert!(second[0].kept);
    let after = std::fs::metadata(store::table_path(&dir, Subspace::new(3, 3))).and_then(|m| m.modified()).ok();
    assert_eq!(before, after);
    // No temporary files are left behind.
    assert_eq!(file_names(&dir), ["3-3.mtb", "3-3.wdl"]);
    // The same bytes as the shared build: the solver is deterministic.
    assert_eq!(std::fs::read(dir.join("3-3.mtb")).ok(), std::fs::read(tables().join("3-3.mtb")).ok());
    // The plan knows what is there and what the rest needs.
    let options = BuildOptions::new(2, RuleProfile::new(100));
    let p = plan_build(&dir, plan(&[Subspace::new(4, 3)]), &options);
    assert_eq!(p.done, vec![true, false]);
    assert_eq!(p.positions_to_solve, 2 * 760_398);
    assert!(p.peak_bytes > 0);
    // A pair stopped mid-solve (as a killed build is, after its third save) resumes from
    // its checkpoint: the same bytes as the shared build, and no checkpoint left.
    let mut stopping = BuildOptions::new(2, RuleProfile::new(100));
    stopping.checkpoint_every = Some(std::time::Duration::ZERO);
    stopping.stop_after_saves = Some(3);
    let stopped = build(&dir, &plan_build(&dir, plan(&[Subspace::new(4, 3)]), &stopping), &stopping, &(), &mut |_| {});
    assert!(matches!(stopped, Err(TablebaseError::Stopped(_))), "{:?}", stopped.err());
    assert!(file_names(&dir).contains(&"3-4.checkpoint".to_string()), "{:?}", file_names(&dir));
    let resumed = build_into(&dir, &[Subspace::new(4, 3)], 100);
    assert_eq!(resumed[1].resumed_at, Some(2), "save 3 was made before level 2");
    assert_eq!(file_names(&dir), ["3-3.mtb", "3-3.wdl", "3-4.mtb", "3-4.wdl", "4-3.mtb", "4-3.wdl"]);
    // One left beside a built pair (a build stopped before removing it) goes at the next build.
    std::fs::write(dir.join("3-4.checkpoint"), b"stale").expect("write");
    assert!(build_into(&dir, &[Subspace::new(4, 3)], 100)[1].kept);
    assert!(!file_names(&dir).contains(&"3-4.checkpoint".to_string()));
    for name in ["3-4.mtb", "4-3.mtb", "4-3.wdl"] {
        assert_eq!(std::fs::read(dir.join(name)).ok(), std::fs::read(tables().join(name)).ok(), "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_line_probes_and_rejects_bad_input() {
    let exe = env!("CARGO_BIN_EXE_morris");
    let dir = tables().to_string_lossy().into_owned();
    // A7 D7 .. B2 .. : White A7 D7 B2, Black E4 A1 D1 (board string order of docs/assignments.md).
    let board = "WWxxxxxxxxxxBxxxxxWxxBBx";
    let out = Command::new(exe).args(["tablebase", "probe", "--dir", &dir, &format!("{board} white")]).output();
    let out = out.expect("run morris");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("win in 1 for White"), "{text}");
    assert!(text.lines().nth(1).is_some_and(|l| l.trim_start().starts_with("B2-G7,")), "{text}");
    // The position text (protocol.md §8): the count in the text, as with --count.
    let out = Command::new(exe).args(["tablebase", "probe", "--dir", &dir, &format!("{board} white 0 0 3")]).output();
    let text = String::from_utf8_lossy(&out.expect("run morris").stdout).into_owned();
    assert!(text.contains("for White (after 3 plies without a removal)"), "{text}");
    for (bad, args) in [
        (format!("{board} green"), &[][..]),
        (format!("{board} white 0"), &[]),
        ("WWx white".to_string(), &[]),
        (format!("{board} white 0 0 3"), &["--count", "4"][..]),
    ] {
        let out = Command::new(exe).args(["tablebase", "probe", "--dir", &dir, &bad]).args(args).output().expect("run");
        assert!(!out.status.success(), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let out = Command::new(exe).args(["tablebase", "stats", "--dir", &dir]).output().expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().any(|l| l.trim_start().starts_with("3-3") && l.contains("169626")), "{text}");
    let out =
        Command::new(exe).args(["tablebase", "verify", "--dir", &dir, "--subspace", "3-3"]).output().expect("run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    let out = Command::new(exe).args(["tablebase", "build", "--dir", &dir, "--subspace", "2-3"]).output().expect("run");
    assert!(!out.status.success());
}

#[test]
fn the_referee_adjudicates_covered_wins_and_draws() {
    use morris::referee::game::adjudicate;
    use morris::referee::outcome::result::{GameResult, Termination};
    let tb = tablebase();
    let won = morris::rules::Game::new(position(&["A7", "D7", "B2"], &["A1", "D1", "E4"]));
    let Some(Termination::Tablebase { result, detail }) = adjudicate(tb, &won) else { panic!("covered") };
    assert_eq!((result, detail.as_str()), (GameResult::Win(Color::White), "white wins (conversion in 1)"));
    let drawn = morris::rules::Game::new(position(&["A7", "D7", "G7"], &["D6", "F6", "A4"]));
    assert!(matches!(adjudicate(tb, &drawn), Some(Termination::Tablebase { result: GameResult::Draw, .. })));
    let five = morris::rules::Game::new(position(&["A7", "D7", "G7", "B6", "D6"], &["A1", "D1", "G1", "B2", "D2"]));
    assert_eq!(adjudicate(tb, &five), None);
    assert_eq!(adjudicate(tb, &morris::rules::Game::new(Position::start(&STANDARD))), None);
}

#[test]
fn analyze_marks_the_move_that_lost_the_draw() {
    use morris::analysis::{AnalyzeSettings, analyze};
    use morris::engine::{EngineOptions, SearchLimits};
    let tb = std::sync::Arc::new(Tablebase::open(tables()).expect("open"));
    let start = position(&["A7", "D7", "G7"], &["D6", "F6", "A4"]);
    let mut game = morris::rules::Game::new(start);
    let blunder = morris::rules::notation::parse_move("A7-B6", &STANDARD24).expect("move");
    game.play(blunder).expect("legal");
    let settings = AnalyzeSettings {
        limits: SearchLimits { depth: Some(2), ..SearchLimits::default() },
        engine: EngineOptions::default(),
        tablebase: Some(tb),
    };
    let a = analyze(&game, 0, &settings, &mut |_, _| {});
    let m = &a.moves[0];
    assert!(m.value_lost);
    assert_eq!(m.best.map(|(b, _)| b.display(&STANDARD24).to_string()), Some("G7-B6".to_string()));
    assert_eq!(a.value_losing(Color::White).count(), 1);
    assert_eq!(a.value_losing(Color::Black).count(), 0);
    // The same from the command line, with the game in a file.
    let file = temp_dir("analyze").join("game.txt");
    std::fs::write(&file, "A7-B6\n").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_morris"))
        .args(["analyze", "--tablebase"])
        .arg(tables())
        .args(["--start", "WWWxBBxxxBxxxxxxxxxxxxxx white"])
        .arg(&file)
        .output()
        .expect("run morris");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains(">> ?? move 1 by White, A7-B6: draw -> loss; best was G7-B6 (draw)"), "{text}");
    assert!(text.contains("White: 1 value-losing move"), "{text}");
    // Exact from the start, where the position was a draw (the blunder comes after).
    assert!(text.contains("exact from move 1 on (in the moving phase): a draw"), "{text}");
    for bad in [vec!["analyze", "/no/such/file"], vec!["analyze", "--game", "2"]] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_morris"));
        cmd.args(&bad);
        if bad.len() == 3 {
            cmd.arg(&file);
        }
        let out = cmd.output().expect("run");
        assert!(!out.status.success());
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    }
}

/// The exact class (1 win, 0 draw, -1 loss for the side to move) of a position in the
/// last placements, by plain minimax down to the covered moving phase.
fn class_through_placements(pos: &Position, oracle: &dyn Oracle) -> i8 {
    if pos.is_lost_by_material() {
        return -1;
    }
    if let Some(v) = oracle.probe(pos, 0) {
        return sign(v);
    }
    assert!(pos.in_hand(Color::White) + pos.in_hand(Color::Black) > 0, "not covered: {pos}");
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.iter().map(|&m| -class_through_placements(&pos.play_unchecked(m), oracle)).max().unwrap_or(-1)
}

#[test]
fn a_search_from_the_last_placements_proves_the_exact_value() {
    use morris::engine::{Engine, EngineOptions, SearchLimits};
    let tb = open_oracle(tables(), &STANDARD).expect("open");
    tb.wait_ready();
    let oracle: std::sync::Arc<dyn Oracle> = tb;
    let (mut classes, mut hits, mut unproven_without_tables) = (Vec::new(), 0, 0);
    let t = load(tables(), Subspace::new(3, 3));
    for i in (0..t.wdl.len()).step_by(4099) {
        // Three stones and two on the board and one in hand each: White's placement,
        // Black's, then the tables (4-3, where the flying side often loses).
        let (white, black) = t.indexer.position(i as u64);
        let black = black & (black - 1);
        let pos =
            Position::from_setup_unchecked(&Setup { in_hand: ByColor([1, 1]), ..position_of(white, black).to_setup() });
        let expected = class_through_placements(&pos, oracle.as_ref());
        let options = EngineOptions { oracle: Some(oracle.clone()), ..EngineOptions::default() };
        let mut engine = Engine::new(options, pos);
        let mut last = None;
        let r = engine
            .think(&SearchLimits { depth: Some(8), ..SearchLimits::default() }, &mut |it| last = Some(it.clone()));
        let last = last.expect("an iteration");
        assert!(r.proven, "{pos}: {r:?}");
        assert_eq!(last.estimates, 0);
        hits += last.tb_hits;
        // Proven at a shallow depth: the engine stops once the value is known.
        assert!(r.depth < 8, "{r:?}");
        let class = if r.score >= morris::search::DECIDED {
            1
        } else if r.score <= -morris::search::DECIDED {
            -1
        } else {
            0
        };
        assert_eq!(class, expected, "{pos}: score {}", r.score);
        classes.push(class);
        // Without tables only a win or loss the search sees to the end is proven.
        let mut plain = Engine::new(EngineOptions::default(), pos);
        let p = plain.think(&SearchLimits { depth: Some(4), ..SearchLimits::default() }, &mut |_| {});
        assert!(!p.proven || p.score.abs() >= morris::search::DECIDED, "{pos}: {p:?}");
        unproven_without_tables += u32::from(!p.proven);
    }
    // The sample holds wins and draws (and maybe losses).
    assert!(classes.contains(&1) && classes.contains(&0), "{classes:?}");
    assert!(hits > 0 && unproven_without_tables > 0);
}

#[test]
fn the_engine_readies_its_roots_tables_before_searching() {
    use morris::engine::{Engine, EngineOptions, SearchLimits};
    // Opened without the warm-up thread: no index is built until someone asks.
    let tb: std::sync::Arc<dyn Oracle> = std::sync::Arc::new(Tablebase::open(tables()).expect("open"));
    // No two stones of a side share a line: no mill in one.
    let pos = position(&["A7", "E4", "B2"], &["G1", "C5", "F6"]);
    let mut engine = Engine::new(EngineOptions { oracle: Some(tb.clone()), ..EngineOptions::default() }, pos);
    let r = engine.think(&SearchLimits { depth: Some(6), ..SearchLimits::default() }, &mut |_| {});
    // The root is in the tables: one iteration over its children's table values.
    assert_eq!(r.depth, 1, "{r:?}");
    assert!(r.tb_hits > 0, "{r:?}");
    assert_eq!(tb.probe_exact(&pos, 0), tablebase().value_at_count(&pos, 0, true));
}

/// Runs `morris tablebase ARGS`.
fn morris_tablebase(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_morris")).arg("tablebase").args(args).output().expect("run morris")
}

#[test]
fn single_cell_jobs_build_the_same_files_as_a_local_build() {
    let dir = temp_dir("cells");
    let d = dir.to_string_lossy().into_owned();
    let out = morris_tablebase(&["plan", "--dir", &d, "--max-stones", "4"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let plan: serde_json::Value = serde_json::from_slice(&out.stdout).expect("plan is JSON");
    let cells = plan["cells"].as_array().expect("cells");
    let names: Vec<&str> = cells.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(names, ["3-3", "3-4", "4-4"]);
    assert!(cells.iter().all(|c| c["built"] == false && c["positions"].as_u64() > Some(0)));
    assert_eq!(cells[2]["inputs"], serde_json::json!(["3-4"]));

    // A cell whose inputs are missing is refused in one line naming them; nothing is written.
    let out = morris_tablebase(&["build", "--dir", &d, "--cell", "4-4"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.lines().count() == 1 && err.contains("needs 3-4 first"), "{err}");
    assert!(!dir.join("4-4.mtb").exists());

    // A killed job: its temporary file, and a table cut short (as a copy killed half-way
    // would leave it); neither counts as built.
    std::fs::write(dir.join(".3-3.mtb.4242-1f2e3d.tmp"), b"half a table").expect("write");
    let whole = std::fs::read(tables().join("3-4.mtb")).expect("3-4");
    std::fs::write(dir.join("3-4.mtb"), &whole[..whole.len() / 2]).expect("write");
    let out = morris_tablebase(&["plan", "--dir", &d, "--max-stones", "4"]);
    let plan: serde_json::Value = serde_json::from_slice(&out.stdout).expect("plan is JSON");
    assert!(plan["cells"].as_array().expect("cells").iter().all(|c| c["built"] == false), "{plan}");

    // One job per cell, in the plan's order, one thread each (the local build had two).
    for name in &names {
        let out = morris_tablebase(&["build", "--dir", &d, "--cell", name, "--threads", "1"]);
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    }
    for name in &names {
        for file in [format!("{name}.mtb"), format!("{}.mtb", name.chars().rev().collect::<String>())] {
            assert!(
                std::fs::read(dir.join(&file)).ok() == std::fs::read(tables().join(&file)).ok(),
                "{file} differs from the local build"
            );
        }
    }
    let out = morris_tablebase(&["plan", "--dir", &d, "--max-stones", "4"]);
    let plan: serde_json::Value = serde_json::from_slice(&out.stdout).expect("plan is JSON");
    assert!(plan["cells"].as_array().expect("cells").iter().all(|c| c["built"] == true), "{plan}");
    let out = morris_tablebase(&["build", "--dir", &d, "--cell", "4-4"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("kept"));

    // A placing cell of the last ply builds from the moving tables; one whose inputs are
    // not all built is refused, naming them; bad names are refused.
    let out = morris_tablebase(&["build", "--dir", &d, "--cell", "p17-2-3"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(dir.join("p17-2-3.s9.r100.ptb").is_file());
    for (cell, expected) in [("p16-3-2", "needs p17-2-4 first"), ("p18-0-0", "plies 0 to 17"), ("2-5", "is not a cell")]
    {
        let out = morris_tablebase(&["build", "--dir", &d, "--cell", cell]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(expected), "{cell}: {err}");
    }
    let out = morris_tablebase(&["plan", "--dir", &d, "--predict"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("critical path") && text.lines().count() == 7, "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// scripts/slurm-test.sh: a one-node Slurm cluster builds the tables up to 4 stones a side
/// through `morris tablebase slurm --submit`, equal to a local build (needs root, installs
/// Debian's Slurm; `MORRIS_SKIP_SLURM_TESTS=1` skips it on purpose).
#[test]
fn a_one_node_slurm_cluster_builds_the_same_files() {
    slurm_support::run_slurm_script("slurm-test.sh", &[env!("CARGO_BIN_EXE_morris"), "4"]);
}

#[test]
fn jobs_racing_on_one_cell_leave_one_whole_table() {
    let dir = temp_dir("race");
    let d = dir.to_string_lossy().into_owned();
    let exe = env!("CARGO_BIN_EXE_morris");
    let jobs: Vec<std::process::Child> = (0..3)
        .map(|_| {
            Command::new(exe)
                .args(["tablebase", "build", "--dir", &d, "--cell", "3-3", "--threads", "1"])
                .stdout(std::process::Stdio::null())
                .spawn()
                .expect("run morris")
        })
        .collect();
    for mut job in jobs {
        assert!(job.wait().expect("wait").success());
    }
    assert_eq!(std::fs::read(dir.join("3-3.mtb")).ok(), std::fs::read(tables().join("3-3.mtb")).ok());
    assert_eq!(std::fs::read(dir.join("3-3.wdl")).ok(), std::fs::read(tables().join("3-3.wdl")).ok());
    assert_eq!(file_names(&dir), ["3-3.mtb", "3-3.wdl"], "no temporary file is left");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_fast_form_agrees_with_the_full_tables_at_every_count() {
    use morris::tablebase::shared::fast::{self, FastFile};
    let dir = tables();
    let tb = tablebase();
    let mut answered = [0usize; 2];
    for s in [Subspace::new(3, 3), Subspace::new(4, 3), Subspace::new(3, 4), Subspace::new(4, 4)] {
        let fast_file =
            FastFile::open(dir, s, Some(&rules_text(RuleProfile::new(100)))).expect("the build writes the fast form");
        assert_eq!(fast_file.header.bound, fast::BOUND);
        let t = load(dir, s);
        let mut counts = [0u64; 4];
        for i in 0..t.wdl.len() {
            counts[usize::from(fast::code_of(t.value_at(i), fast::BOUND))] += 1;
        }
        assert_eq!(counts, fast_file.header.counts, "{s}");
        for i in (0..t.wdl.len()).step_by(97) {
            let (us, them) = t.indexer.position(i as u64);
            let pos = position_of(us, them);
            for count in [0, 1, 40, 68, 69, 99] {
                let exact = tb.value_at_count(&pos, count, true);
                let quick = tb.fast_value_at_count(&pos, count, true);
                assert_eq!(quick.map(sign), exact.map(sign), "{pos} at count {count}");
                let short = tb.fast_value(us, them, count, true).expect("fast block");
                answered[usize::from(short.is_some())] += 1;
                if let Some(v) = short {
                    assert_eq!(sign(v), exact.map_or(9, sign), "{pos} at count {count}");
                }
                assert_eq!(Oracle::probe_exact(tb, &pos, count), exact);
            }
        }
    }
    // Most probes never touch the full tables; some must (late counts).
    assert!(answered[1] > 10 * answered[0] && answered[0] > 0, "{answered:?}");
}

#[test]
fn a_missing_or_damaged_fast_form_falls_back_to_the_full_tables() {
    use morris::tablebase::shared::fast;
    let dir = temp_dir("fast-fallback");
    for entry in std::fs::read_dir(tables()).expect("read") {
        let path = entry.expect("entry").path();
        std::fs::copy(&path, dir.join(path.file_name().expect("name"))).expect("copy");
    }
    // Damage the middle of 4-4's fast file (its blocks), remove 4-3's.
    let damaged = fast::fast_path(&dir, Subspace::new(4, 4));
    let mut bytes = std::fs::read(&damaged).expect("read");
    let at = bytes.len() - 200;
    for b in &mut bytes[at..at + 100] {
        *b ^= 0x5a;
    }
    std::fs::write(&damaged, bytes).expect("write");
    std::fs::remove_file(fast::fast_path(&dir, Subspace::new(4, 3))).expect("remove");
    let tb = Tablebase::open(&dir).expect("open");
    for s in [Subspace::new(4, 4), Subspace::new(4, 3)] {
        let t = load(&dir, s);
        for i in (t.wdl.len() - 5000..t.wdl.len()).step_by(7) {
            let (us, them) = t.indexer.position(i as u64);
            let pos = position_of(us, them);
            assert_eq!(tb.fast_value_at_count(&pos, 0, true).map(sign), tb.value_at_count(&pos, 0, true).map(sign));
        }
    }
    assert!(tb.fast_value(0b111, 0b111 << 8, 0, true).is_ok(), "3-3 still has its fast form");
    // A build puts back a missing fast form, from the table.
    build_into(&dir, &[Subspace::new(4, 4)], STANDARD.no_removal_plies);
    let rebuilt =
        fast::FastFile::open(&dir, Subspace::new(4, 3), Some(&rules_text(RuleProfile::new(100)))).expect("rebuilt");
    let original = fast::FastFile::open(tables(), Subspace::new(4, 3), Some(&rules_text(RuleProfile::new(100))))
        .expect("original");
    assert_eq!(rebuilt.codes.read_all().expect("read"), original.codes.read_all().expect("read"));
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// `scripts/value-losses.sh` counts each engine's exact value-losing moves by phase, kind,
/// the stones on the board before the move and (placing) the move, skips search marks, and tells where exact
/// values begin and whom they favour there (the lines as `morris analyze` prints them:
/// see `analyze_marks_the_move_that_lost_the_draw`).
#[test]
fn value_losses_counts_each_engine_s_exact_losses_by_phase_and_stones() {
    let dir = temp_dir("value-losses");
    let record = dir.join("games.tsv");
    let analysis = dir.join("analyze.txt");
    // 18 placements (White's at ply 5 removes a Black stone), then slides: Black removes
    // at ply 20 and White at ply 23, so before ply 21 it is 8 against 8 and before ply 24
    // (Black to move) 7 of Black's against 8 of White's.
    let placements = "A1 B2 A4 D5 A7,B2 B4 C3 B6 C4 D1 C5 D2 D6 D3 E3 E4 E5 F2";
    let slides = "A1-D7 B4-B2,D1 A4-A1 C3-C2 G1-G4,E3 G4-G1 F2-F4";
    let (opening, moves) = placements.split_at(5);
    std::fs::write(
        &record,
        format!(
            "# morris games v4\tgame\twhite\tblack\tresult\ttermination\tplies\topening\tmoves\n\
             1\tnew\told\tblack\trules\t25\t{opening}\t{} {slides}\n\
             2\told\tnew\tdraw\trules\t18\t{opening}\t{}\n",
            moves.trim(),
            moves.trim()
        ),
    )
    .expect("write the record");
    std::fs::write(
        &analysis,
        "game 1: new (White) vs old (Black), Black wins (rules): by blocking white\n\
         \x20 >> ?? move 5 by White, A7,B2: by search: White lost about 0.8 stones; best was G7 (-0.15)\n\
         \x20 >> ?? move 21 by White, A1-D7: draw -> loss; best was A1-D1 (draw)\n\
         \x20 >> ? move 24 by Black, G4-G1: win -> draw; best was G4-G7 (win)\n\
         summary:\n\
         \x20 exact from move 17 on (in the placing phase): a draw\n\
         game 2: old (White) vs new (Black), draw (rules): by repetition\n\
         \x20 >> ?? move 7 by White, C3: draw -> loss; best was G7 (draw)\n\
         summary:\n\
         \x20 exact from move 18 on (in the placing phase): White wins\n",
    )
    .expect("write the analysis");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/value-losses.sh");
    let out = Command::new(&script).arg(&record).arg(&analysis).output().expect("run scripts/value-losses.sh");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let line = |who: &str| text.lines().find(|l| l.starts_with(&format!("{who}:"))).unwrap_or_default().to_string();
    assert!(text.starts_with("2 games\n"), "{text}");
    assert_eq!(line("new"), "new: 1 value-losing moves (0.50 a game): placing 0, moving 1; win to draw 0, to a loss 1");
    assert_eq!(line("old"), "old: 2 value-losing moves (1.00 a game): placing 1, moving 1; win to draw 1, to a loss 1");
    assert!(text.contains("by stones on the board (mover-opponent): 8-8:1\n"), "{text}");
    // Before ply 7 White has three stones, Black two (White's fifth placement removed one).
    let old = text.split("old:").nth(1).expect("old's lines");
    let stones = old.lines().find(|l| l.starts_with("  by stones")).expect("old's stones");
    assert!(stones.contains(" 7-8:1") && stones.contains(" 3-2:1"), "{text}");
    assert!(old.contains("\n  placing, by move (1 = the first placement): 7:1\n"), "{text}");
    assert_eq!(text.matches("placing, by move").count(), 1, "{text}");
    let early = text.lines().find(|l| l.starts_with("exact values from move")).expect("where exact values begin");
    assert!(
        early.starts_with("exact values from move 17.5 on average (latest 18) in 2 games; the value there:"),
        "{early}"
    );
    assert!(early.contains(" a draw 1") && early.contains(" won by old 1"), "{early}");
    // A missing file is one line naming it.
    let out = Command::new(&script).arg(dir.join("none.tsv")).arg(&analysis).output().expect("run the script");
    assert!(!out.status.success());
    let error = String::from_utf8_lossy(&out.stderr);
    assert_eq!(error.lines().count(), 1, "{error}");
    assert!(error.trim().ends_with(&format!("cannot read {}", dir.join("none.tsv").display())), "{error}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The placing cells the binary carries (the first plies of the 9-stone game under the
/// game's rule, copied by `scripts/carry-placing.sh`, listed by build.rs) open with their
/// dictionary, agree with their moves (a sampled verify down to the last carried ply, whose
/// moves lead out of the set), and answer at the start: a draw, every first placement keeps it.
#[test]
fn the_carried_placing_cells_agree_with_their_moves_and_answer_from_the_first_placement() {
    use morris::tablebase::bundled::{PLACING, carried_files, open_bundled};
    use morris::tablebase::verify::verify_placing;
    assert!(PLACING.iter().any(|(n, _)| *n == "placing.s9.r100.zdict"), "data/tables carries the set's dictionary");
    let cells = PLACING.iter().filter(|(n, _)| n.ends_with(".s9.r100.ptb")).count();
    assert!(cells > 100, "data/tables carries {cells} placing cells");
    let tb = Tablebase::carried(&carried_files()).expect("the carried set opens");
    // Every 80,021st position (3,386, and every cell's first), half what it was, for CI's
    // time: a position of a modeled cell and each of its moves decode a block in order
    // (about half a millisecond each).
    let profile = RuleProfile::new(STANDARD.no_removal_plies);
    let report = verify_placing(&tb, 9, profile, 80_021).expect("verify");
    assert_eq!(report.wrong, 0, "{report}");
    assert!(report.checked > 3_000 && report.skipped_cells > 0, "{report}");
    // The last ply's cells, which the verify skips, and every modeled cell decode: three
    // blocks of each, their checksums checked.
    let mut modeled = 0;
    for cell in tb.placing_cells(9, profile) {
        let file = tb.placing_file(9, profile, cell).expect("listed").expect("opens");
        if file.is_modeled() || cell.ply == 12 {
            modeled += usize::from(file.is_modeled());
            let last = file.blocks() - 1;
            for b in [0, last / 2, last] {
                file.block(b).unwrap_or_else(|e| panic!("{cell} block {b}: {e}"));
            }
        }
    }
    assert!(modeled > 20, "{modeled} cells carried modeled");
    let oracle = open_bundled(&STANDARD).expect("open").expect("the game's rules");
    let start = Position::start(&STANDARD);
    assert_eq!(oracle.probe_placing(&start), Some(OracleValue::Draw));
    let keeping = oracle.root_moves(&start, None).expect("the first placements have values");
    let mut moves = MoveList::new();
    start.legal_moves(&mut moves);
    assert_eq!(keeping.len(), moves.len());
    // At the twelfth placement the moves are valued by the carried ply 12, which is read
    // at the root and not in the middle of a search.
    let mut pos = start;
    for m in "D2 D6 F4 B4 D1 D7 A1 G7 F2 B6 E3".split(' ') {
        pos = pos.play(morris::rules::notation::parse_move(m, &STANDARD24).expect("move")).expect("legal");
    }
    let keeping = oracle.root_moves(&pos, None).expect("the twelfth placements have values");
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert!(!keeping.is_empty() && keeping.len() < moves.len(), "{} of {} keep the value", keeping.len(), moves.len());
    let child = pos.play(keeping[0]).expect("legal");
    assert!(oracle.probe_placing_root(&child).is_some());
    assert_eq!(oracle.probe_placing(&child), None, "a modeled cell is not read inside a search");
}
