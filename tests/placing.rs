//! The placing phase's tables, against a brute-force solution of a whole small game.
//!
//! A game of three stones a side on the standard board: the placing phase (6 plies) and
//! the moving phase 3-3 it leads into. The tables are built by `morris` (the moving pair
//! by retrograde analysis, the placing cells layer by layer); the reference here shares
//! no code with either: it plays the game through the rules core alone (legal moves,
//! play), solves the moving phase by plain sweeps over every position and count, and the
//! placing phase by memoized minimax. Both rule profiles are checked: a no-removal rule
//! short enough to turn long wins into draws (12 plies; the longest 3-3 win is 25), and
//! none (every game win counts).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use morris::rules::{ByColor, Color, MoveList, Position, Ruleset, STANDARD, Setup};
use morris::tablebase::driver::placing::{PlacingOptions, build_placing, plan_placing};
use morris::tablebase::shared::cell::{self as placing, PlacingCell, PlacingFile, cells};
use morris::tablebase::{BuildOptions, RuleProfile, Subspace, Tablebase, TablebaseError, Wdl, build, plan, plan_build};
use morris::topology::PointSet;

const STONES: u8 = 3;
const RULE: u16 = 12;

fn rules(plies: u16) -> &'static Ruleset {
    Ruleset { stones: STONES, no_removal_plies: plies, ..STANDARD.clone() }.into_static()
}

/// The moving pair 3-3 under the short rule, and the placing cells of both profiles.
fn tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("morris-placing-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        let options = BuildOptions::new(2, RuleProfile::new(RULE));
        let moving = plan_build(&dir, plan(&[Subspace::new(3, 3)]), &options);
        build(&dir, &moving, &options, &(), &mut |_| {}).expect("moving build");
        for profile in [RULE, 0] {
            let options = PlacingOptions { stones: STONES, profile: RuleProfile::new(profile), threads: 2 };
            let plan = plan_placing(&dir, &options);
            assert!(plan.done.iter().all(|d| !d));
            let reports = build_placing(&dir, &plan, &options, &(), &mut |_| {}).expect("placing build");
            assert_eq!(reports.len(), cells(STONES).len());
            // A second run keeps every cell.
            let again = plan_placing(&dir, &options);
            assert!(again.done.iter().all(|&d| d), "every cell is kept on resume");
        }
        dir
    })
}

fn tablebase() -> &'static Tablebase {
    static TB: OnceLock<Tablebase> = OnceLock::new();
    TB.get_or_init(|| Tablebase::open(tables()).expect("open"))
}

/// Win, draw, loss for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum V {
    Win,
    Draw,
    Loss,
}

impl V {
    fn flip(self) -> V {
        match self {
            V::Win => V::Loss,
            V::Loss => V::Win,
            V::Draw => V::Draw,
        }
    }
    fn rank(self) -> u8 {
        match self {
            V::Loss => 0,
            V::Draw => 1,
            V::Win => 2,
        }
    }
    fn of(w: Wdl) -> V {
        match w {
            Wdl::Win => V::Win,
            Wdl::Loss => V::Loss,
            _ => V::Draw,
        }
    }
}

fn best(values: impl Iterator<Item = V>) -> V {
    values.max_by_key(|v| v.rank()).unwrap_or(V::Loss)
}

/// The board's symmetries as point permutations.
fn symmetries() -> Vec<[u8; 24]> {
    STANDARD
        .topology
        .symmetries()
        .iter()
        .map(|s| {
            let mut perm = [0u8; 24];
            for p in STANDARD.topology.points() {
                perm[p.index()] = s.apply(p).index() as u8;
            }
            perm
        })
        .collect()
}

fn map_set(perm: &[u8; 24], mut set: u32) -> u32 {
    let mut out = 0;
    while set != 0 {
        out |= 1 << perm[set.trailing_zeros() as usize];
        set &= set - 1;
    }
    out
}

/// The smallest image of (us, them) under the symmetries, as one key.
fn canonical(syms: &[[u8; 24]], us: u32, them: u32) -> u64 {
    syms.iter().map(|perm| (u64::from(map_set(perm, us)) << 32) | u64::from(map_set(perm, them))).min().unwrap_or(0)
}

fn position(rules: &'static Ruleset, white: u32, black: u32, hands: [u8; 2], side: Color) -> Position {
    Setup { rules, stones: ByColor([PointSet(white), PointSet(black)]), in_hand: ByColor(hands), side_to_move: side }
        .into_position()
        .expect("valid position")
}

/// [`solve_moving`], once per profile.
fn moving_values(plies: u16) -> &'static HashMap<u64, V> {
    static SHORT: OnceLock<HashMap<u64, V>> = OnceLock::new();
    static NONE: OnceLock<HashMap<u64, V>> = OnceLock::new();
    (if plies == 0 { &NONE } else { &SHORT }).get_or_init(|| solve_moving(plies))
}

/// The moving phase 3-3 solved by sweeps: the value at count 0 of every position (side
/// to move first, canonical key), under a no-removal rule of `plies` (0 = none).
fn solve_moving(plies: u16) -> HashMap<u64, V> {
    let syms = symmetries();
    let rules = rules(plies);
    let mut keys: Vec<u64> = Vec::new();
    let mut seen: HashMap<u64, usize> = HashMap::new();
    let sets: Vec<u32> = (0u32..1 << 24).filter(|s| s.count_ones() == 3).collect();
    for &us in &sets {
        for &them in &sets {
            if us & them == 0 {
                let k = canonical(&syms, us, them);
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(k) {
                    e.insert(keys.len());
                    keys.push(k);
                }
            }
        }
    }
    // Children of each position: `None` marks a move that removes (a win: two stones left).
    let children: Vec<Vec<Option<usize>>> = keys
        .iter()
        .map(|&k| {
            let (us, them) = ((k >> 32) as u32, k as u32);
            let pos = position(rules, us, them, [0, 0], Color::White);
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            list.as_slice()
                .iter()
                .map(|&m| {
                    if m.remove().is_some() {
                        return None;
                    }
                    let child = pos.play_unchecked(m);
                    let (cu, ct) = (child.stones(Color::Black).0, child.stones(Color::White).0);
                    Some(seen[&canonical(&syms, cu, ct)])
                })
                .collect()
        })
        .collect();
    let value_of = |i: usize, next: &dyn Fn(usize) -> Option<V>| -> Option<V> {
        let moves = &children[i];
        if moves.is_empty() {
            return Some(V::Loss);
        }
        if moves.iter().any(Option::is_none) {
            return Some(V::Win);
        }
        let vals: Vec<Option<V>> = moves.iter().map(|c| next(c.unwrap_or(0)).map(V::flip)).collect();
        if vals.contains(&Some(V::Win)) {
            return Some(V::Win);
        }
        if vals.iter().all(|v| *v == Some(V::Loss)) {
            Some(V::Loss)
        } else if vals.iter().all(Option::is_some) {
            Some(V::Draw)
        } else {
            None
        }
    };
    let values: Vec<V> = if plies > 0 {
        // Count `plies` is a draw; each count below it from the one above.
        let mut at: Vec<V> = vec![V::Draw; keys.len()];
        for _ in 0..plies {
            let above = at.clone();
            at = (0..keys.len()).map(|i| value_of(i, &|c| Some(above[c])).unwrap_or(V::Draw)).collect();
        }
        at
    } else {
        // No rule: decide what can be decided until nothing changes; the rest is drawn.
        let mut known: Vec<Option<V>> = vec![None; keys.len()];
        loop {
            let mut changed = false;
            for i in 0..keys.len() {
                if known[i].is_none() {
                    let snapshot = &known;
                    let v = {
                        let moves = &children[i];
                        if moves.iter().any(Option::is_none)
                            || moves.iter().any(|c| snapshot[c.unwrap_or(0)] == Some(V::Loss))
                        {
                            Some(V::Win)
                        } else if moves.iter().all(|c| snapshot[c.unwrap_or(0)] == Some(V::Win)) {
                            Some(V::Loss)
                        } else {
                            None
                        }
                    };
                    if v.is_some() {
                        known[i] = v;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        known.into_iter().map(|v| v.unwrap_or(V::Draw)).collect()
    };
    keys.into_iter().zip(values).collect()
}

/// Memoized minimax over the placing phase, down to the moving values at count 0.
struct Placing<'a> {
    moving: &'a HashMap<u64, V>,
    syms: Vec<[u8; 24]>,
    memo: HashMap<(u32, u32, u8, u8, bool), V>,
}

impl Placing<'_> {
    fn value(&mut self, pos: &Position) -> V {
        let side = pos.side_to_move();
        let key = (
            pos.stones(Color::White).0,
            pos.stones(Color::Black).0,
            pos.in_hand(Color::White),
            pos.in_hand(Color::Black),
            side == Color::White,
        );
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let v = if pos.is_lost_by_material() {
            V::Loss
        } else if pos.in_hand(Color::White) == 0 && pos.in_hand(Color::Black) == 0 {
            self.moving[&canonical(&self.syms, pos.stones(side).0, pos.stones(!side).0)]
        } else {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            let children: Vec<Position> = list.as_slice().iter().map(|&m| pos.play_unchecked(m)).collect();
            best(children.iter().map(|c| self.value(c).flip()))
        };
        self.memo.insert(key, v);
        v
    }
}

fn check_profile(plies: u16) {
    let tb = tablebase();
    let moving = moving_values(plies);
    let mut reference = Placing { moving, syms: symmetries(), memo: HashMap::new() };
    let r = rules(plies);
    let start = Position::start(r);
    let start_value = reference.value(&start);
    let mut compared = 0;
    let mut decisive = 0;
    let memo: Vec<_> = reference.memo.iter().map(|(k, v)| (*k, *v)).collect();
    for ((white, black, wh, bh, white_to_move), expected) in memo {
        if wh == 0 && bh == 0 {
            continue;
        }
        let side = if white_to_move { Color::White } else { Color::Black };
        let pos = position(r, white, black, [wh, bh], side);
        let got = tb.value(&pos).expect("probe").unwrap_or_else(|| panic!("not covered: {pos:?}"));
        assert_eq!(V::of(got.wdl), expected, "profile {plies}: {pos:?}");
        compared += 1;
        decisive += usize::from(expected != V::Draw);
    }
    assert!(compared > 50_000, "{compared} positions compared");
    assert!(decisive > 1000, "the game has decided positions to get wrong: {decisive}");
    assert_eq!(V::of(tb.value(&start).expect("probe").expect("covered").wdl), start_value);
}

#[test]
fn the_placing_tables_equal_brute_force_under_a_short_no_removal_rule() {
    check_profile(RULE);
}

#[test]
fn the_placing_tables_equal_brute_force_with_no_draw_rule() {
    check_profile(0);
}

#[test]
fn the_profiles_differ_where_the_rule_turns_wins_into_draws() {
    // The short rule must change some value, or the two checks above test one thing.
    let (short, none) = (moving_values(RULE), moving_values(0));
    assert!(short.iter().any(|(k, v)| none[k] != *v));
}

#[test]
fn every_placing_value_is_the_best_of_its_moves() {
    let tb = tablebase();
    for profile in [RULE, 0] {
        let report =
            morris::tablebase::verify::verify_placing(tb, STONES, RuleProfile::new(profile), 1).expect("verify");
        assert!(report.checked > 30_000, "{} checked", report.checked);
        assert_eq!(report.wrong, 0, "profile {profile}: {:?}", report.first_wrong);
    }
}

#[test]
fn the_engine_keeps_only_value_keeping_placements() {
    use morris::search::Oracle;
    let tb = tablebase();
    // White has two stones on a line and its third in hand; Black has not blocked.
    let pos = position(rules(RULE), 0b11, 1 << 10 | 1 << 12, [1, 1], Color::White);
    let values = tb.move_values(&pos).expect("probe").expect("covered");
    let kept = tb.root_moves(&pos, None).expect("placing position");
    // Values not read by the deadline: no filter, the search chooses among every move.
    assert_eq!(tb.root_moves(&pos, Some(std::time::Instant::now())), None);
    let best = values[0].1.wdl;
    assert!(!kept.is_empty());
    for (m, v) in &values {
        assert_eq!(kept.contains(m), v.wdl == best, "{m:?} {v:?}");
    }
}

#[test]
fn a_damaged_placing_block_is_an_error_never_a_value() {
    let src = tables();
    let dir = std::env::temp_dir().join(format!("morris-placing-damaged-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    for entry in std::fs::read_dir(src).expect("read") {
        let path = entry.expect("entry").path();
        std::fs::copy(&path, dir.join(path.file_name().expect("name"))).expect("copy");
    }
    // Find a cell whose first block is stored (not a constant) and flip a byte of it.
    let (cell, file) = cells(STONES)
        .into_iter()
        .filter_map(|c| PlacingFile::open(&dir, c, STONES, RuleProfile::new(RULE), None).ok().map(|f| (c, f)))
        .find(|(_, f)| matches!(f.block(0), Ok(placing::Block::Packed(_))))
        .expect("a cell with a stored block");
    let path = file.path.clone();
    let mut bytes = std::fs::read(&path).expect("read");
    let at = bytes.len() - file.data_bytes() as usize + 8;
    bytes[at] ^= 0x5a;
    std::fs::write(&path, &bytes).expect("write");
    let damaged = PlacingFile::open(&dir, cell, STONES, RuleProfile::new(RULE), None).expect("header still good");
    assert!(matches!(damaged.block(0), Err(TablebaseError::CorruptedBlock { .. })));
    let tb = Tablebase::open(&dir).expect("open");
    let mut hit = false;
    let indexer = morris::tablebase::shared::index::Indexer::new(STANDARD.topology, cell.us.into(), cell.them.into());
    let (hands, side) = {
        let (u, t) = cell.hands(STONES);
        if cell.ply.is_multiple_of(2) { ([u, t], Color::White) } else { ([t, u], Color::Black) }
    };
    let r = rules(RULE);
    for i in 0..indexer.len().min(placing::BLOCK_POSITIONS) {
        let (us, them) = indexer.position(i);
        let (white, black) = if side == Color::White { (us, them) } else { (them, us) };
        let pos = position(r, white, black, hands, side);
        match tb.value(&pos) {
            Err(TablebaseError::CorruptedBlock { .. }) => hit = true,
            other => panic!("a damaged block answered {other:?}"),
        }
    }
    assert!(hit);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn one_profile_is_not_served_for_the_other() {
    let tb = tablebase();
    assert_eq!(tb.placing_profiles(), vec![(STONES, RuleProfile::GAME_THEORETIC), (STONES, RuleProfile::new(RULE))]);
    // A game under the standard 100-ply rule has no placing tables here.
    let pos = position(rules(100), 1, 2, [2, 2], Color::White);
    assert_eq!(tb.placing_value(&pos).expect("probe"), None);
    // A cell file opened for the other profile's rules is refused.
    let c = PlacingCell::new(4, 2, 2);
    assert!(matches!(
        PlacingFile::open(
            tables(),
            c,
            STONES,
            RuleProfile::new(RULE),
            Some(&placing::placing_rules(STONES, RuleProfile::GAME_THEORETIC))
        ),
        Err(TablebaseError::Ruleset { .. })
    ));
}

#[test]
fn analyze_is_exact_from_the_first_placement_and_names_the_move_that_decided() {
    use std::sync::Arc;

    use morris::analysis::{AnalyzeSettings, analyze};
    use morris::engine::{EngineOptions, SearchLimits};
    use morris::rules::Game;
    let tb = Arc::new(Tablebase::open(tables()).expect("open"));
    let mut game = Game::new(Position::start(rules(RULE)));
    // Both sides keep the value, but for one placement that throws it away.
    let mut decided = None;
    while game.outcome().is_none() && game.len() < 7 {
        let pos = *game.position();
        let values = tb.move_values(&pos).expect("probe").expect("covered");
        let worse = values.iter().find(|(_, v)| v.wdl != values[0].1.wdl).filter(|_| decided.is_none());
        let m = match worse {
            Some(&(m, _)) => {
                decided = Some(game.len() + 1);
                m
            }
            None => values[0].0,
        };
        game.play(m).expect("legal");
    }
    let decided = decided.expect("some placement loses value");
    let settings = AnalyzeSettings {
        limits: SearchLimits { depth: Some(2), ..SearchLimits::default() },
        engine: EngineOptions { oracle: Some(tb.clone()), ..EngineOptions::default() },
        tablebase: Some(tb),
    };
    let a = analyze(&game, 0, &settings, &mut |_, _| {});
    assert_eq!(a.exact_from().map(|m| m.number), Some(1), "exact from the first placement");
    assert_eq!(a.decided_by().map(|m| m.number), Some(decided));
}

#[test]
fn the_engine_plays_a_value_keeping_placement_by_search_or_at_random() {
    use std::sync::Arc;

    use morris::engine::{Engine, EngineOptions, KeepChoice, SearchLimits};
    use morris::search::Oracle;
    let tb = Arc::new(Tablebase::open(tables()).expect("open"));
    // Every position of a short game where some placement loses value.
    let mut pos = Position::start(rules(RULE));
    let mut checked = 0;
    while pos.in_hand(Color::White) + pos.in_hand(Color::Black) > 0 {
        let values = tb.move_values(&pos).expect("probe").expect("covered");
        let kept = tb.root_moves(&pos, None).expect("placing");
        for choice in [KeepChoice::Search, KeepChoice::RootOnly, KeepChoice::Random] {
            let options = EngineOptions { oracle: Some(tb.clone()), keep_choice: choice, ..EngineOptions::default() };
            let mut engine = Engine::new(options, pos);
            let best = engine.think(&SearchLimits { depth: Some(3), ..SearchLimits::default() }, &mut |_| {}).best;
            assert!(best.is_some_and(|m| kept.contains(&m)), "{choice:?} played {best:?} in {pos:?}");
        }
        checked += usize::from(kept.len() < values.len());
        // Go on along the worst move, to meet decided positions.
        pos = pos.play_unchecked(values.last().expect("a move").0);
    }
    assert!(checked > 0, "some position had a placement that loses value");
}

#[test]
fn below_a_drawn_placing_root_the_search_reads_the_placing_tables() {
    use std::sync::Arc;

    use morris::engine::{Engine, EngineOptions, KeepChoice, SearchLimits};
    use morris::search::{Oracle, OracleValue};
    let tb = Arc::new(Tablebase::open(tables()).expect("open"));
    let start = Position::start(rules(RULE));
    assert_eq!(tb.probe_placing(&start), Some(OracleValue::Draw), "the 3-stone game is a draw");
    // A won placing root: White to place its third stone with two on a line.
    let won = position(rules(RULE), 0b11, 1 << 10 | 1 << 12, [1, 1], Color::White);
    assert!(matches!(tb.probe_placing(&won), Some(OracleValue::Win(_))));
    let hits = |pos: Position, choice: KeepChoice| {
        let options = EngineOptions { oracle: Some(tb.clone()), keep_choice: choice, ..EngineOptions::default() };
        let mut engine = Engine::new(options, pos);
        let out = engine.think(&SearchLimits { depth: Some(4), ..SearchLimits::default() }, &mut |_| {});
        (out.tb_hits, out.best)
    };
    // Four plies from the empty board stay in the placing phase: every hit is a placing
    // value read below the root, and there are some (lines where a side goes wrong).
    let (search, best) = hits(start, KeepChoice::Search);
    assert!(search > 0, "no placing value read below a drawn root");
    assert!(best.is_some());
    assert_eq!(hits(start, KeepChoice::RootOnly).0, 0, "root only reads none below the root");
    // Below a decided root the search chooses by its own judgement.
    assert_eq!(hits(won, KeepChoice::Search).0, hits(won, KeepChoice::RootOnly).0);
}

/// The browser board's verdicts in the placing phase: the position's value and every
/// move's, from the placing tables, as classes (they keep no distance) until the last
/// placement, whose moves lead into the moving tables and carry their distance.
#[test]
fn the_board_shows_placing_values_as_classes_and_distances_once_the_hands_are_empty() {
    use morris::analysis::Verdict;
    use morris::rules::Game;
    use morris::search::OracleValue;
    use morris::serve::verdict;
    use morris::serve::view::ValueView;
    let tb = tablebase();
    let class = |v: OracleValue| std::mem::discriminant(&v);
    let mut game = Game::new(Position::start(rules(RULE)));
    let mut classes_shown = 0;
    while game.outcome().is_none() && !verdict::has_distance(game.position()) {
        let pos = *game.position();
        let want = tb.placing_value(&pos).expect("probe").expect("covered").placing_class();
        let Some(Verdict::ExactClass(v)) = verdict::exact(Some(tb), &game) else {
            panic!("no class at ply {}", game.len())
        };
        assert_eq!(class(v), class(want), "ply {}", game.len());
        let values = verdict::move_values(Some(tb), &game).expect("every placement is covered");
        let table = tb.move_values(&pos).expect("probe").expect("covered");
        assert_eq!(values.len(), table.len());
        for ((m, v), (tm, tv)) in values.iter().zip(&table) {
            assert_eq!(m, tm);
            let distance = verdict::has_distance(&pos.play_unchecked(*m));
            let view = ValueView::with_distance(*v, distance);
            let kind = match tv.wdl {
                Wdl::Win => "win",
                Wdl::Loss => "loss",
                _ => "draw",
            };
            assert_eq!(view.kind, kind, "{m:?}");
            if kind != "draw" {
                // A distance exactly when the move empties both hands.
                assert_eq!(view.plies.is_some(), distance, "{m:?}");
                assert_eq!(tv.distance > 0, distance, "{m:?}: {tv:?}");
                classes_shown += usize::from(view.plies.is_none());
            }
        }
        // Play the worst move, so decided values come up.
        game.play(values.last().expect("moves").0).expect("legal");
    }
    assert!(classes_shown > 0, "no decided placement was shown: the test would check nothing");
    assert!(!matches!(verdict::exact(Some(tb), &game), Some(Verdict::ExactClass(_))), "hands empty: no class alone");
}

/// `morris tablebase probe` of a placing position: the position's value under the profile
/// asked for, and each placement's, as a class while a stone stays in hand after it (the
/// placing tables keep no distance), with the distance once it leads into the moving tables.
#[test]
fn tablebase_probe_answers_a_placing_position_with_classes_until_the_hands_are_empty() {
    let tb = tablebase();
    let mut pos = Position::start(rules(RULE));
    // Along the worst moves, the first position with a decisive move into a placing one.
    let (pos, m) = loop {
        let values = tb.move_values(&pos).expect("probe").expect("covered");
        let decisive = values.iter().find(|(m, v)| {
            v.wdl != Wdl::Draw
                && pos.play_unchecked(*m).in_hand(Color::White) + pos.play_unchecked(*m).in_hand(Color::Black) > 0
        });
        if let Some(&(m, _)) = decisive {
            break (pos, m);
        }
        pos = pos.play_unchecked(values.last().expect("a move").0);
        assert!(pos.in_hand(pos.side_to_move()) > 0, "no decisive placement met");
    };
    let side = if pos.side_to_move() == Color::White { "white" } else { "black" };
    let hands = format!("{},{}", pos.in_hand(Color::White), pos.in_hand(Color::Black));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_morris"))
        .args(["tablebase", "probe", "--dir"])
        .arg(tables())
        .args(["--stones", "3", "--no-removal-plies", "12", "--in-hand", &hands])
        .arg(format!("{} {side}", pos.board_string()))
        .output()
        .expect("run morris");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().expect("a first line");
    let want = tb.placing_value(&pos).expect("probe").expect("covered").wdl.name();
    assert!(first.to_lowercase().contains(&format!("{want} for {side}")), "{text}");
    assert!(first.contains("a no-removal rule of 12 plies"), "{text}");
    let name = m.display(STANDARD.topology).to_string();
    let line = text.lines().find(|l| l.split_whitespace().next() == Some(name.as_str())).expect("the move's line");
    let words: Vec<&str> = line.split_whitespace().collect();
    assert!(words.len() == 2 && (words[1] == "win" || words[1] == "loss"), "a class alone: {line:?}");
}
