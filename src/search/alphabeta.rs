//! Iterative deepening with aspiration windows around a principal-variation negamax
//! (fail-soft alpha-beta), a transposition table, late-move reductions, reverse futility
//! pruning, the draw rules (repetition over the game's history and the search path; the
//! no-removal ply counter), oracle probes in the moving phase, and a quiescence search of
//! mill-closing moves.
//!
//! Wins and losses score by distance (`WIN_SCORE - ply`), so the search prefers the fastest
//! win and the slowest loss. A side to move with fewer than three stones or no legal move
//! has lost.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::evalcache::EvalCache;
use super::ordering::{MoveOrder, pick};
use super::params::{
    ASPIRATION_DEPTH, ASPIRATION_GIVE_UP, CLOCK_INTERVAL, LMR_DEPTH, LMR_MOVES, MAX_PLY, MAX_SEARCH_DEPTH,
    ORACLE_MAX_DISTANCE, ORACLE_STONE, ORACLE_WIN_OFFSET, PLACING_PROBE_DEPTH, QUIESCENCE_PLIES, RFP_DEPTH,
    SearchSettings, TACTICAL, TRAP_SCALE,
};
use super::tt::{Bound, TranspositionTable};
use super::{DECIDED, Oracle, OracleValue, WIN_SCORE};
use crate::eval::EvalChoice;
use crate::rules::{Game, MAX_MOVES, Move, MoveList, Phase, Position, Ruleset};
use crate::time::Deadlines;

/// How one search runs.
#[derive(Clone)]
pub struct SearchConfig<'a> {
    /// The static evaluation.
    pub eval: EvalChoice,
    /// What the search does beyond plain alpha-beta.
    pub settings: SearchSettings,
    /// The deepest iteration (at most [`MAX_SEARCH_DEPTH`]).
    pub max_depth: u32,
    /// Stop after about this many nodes.
    pub max_nodes: Option<u64>,
    /// Soft and hard deadlines, from `start`.
    pub deadlines: Option<Deadlines>,
    /// When the search (the move's clock) started.
    pub start: Instant,
    /// Exact values for covered positions.
    pub oracle: Option<&'a dyn Oracle>,
    /// The root moves to choose from (those that keep the root's value by the tables);
    /// `None` or an empty list: every legal move.
    pub root_moves: Option<&'a [Move]>,
    /// Read the oracle's placing values below the root ([`Oracle::probe_placing`]) at
    /// nodes of at least [`PLACING_PROBE_DEPTH`] plies to go: a decided value there is
    /// exact (no placing position repeats, and each placement resets the count).
    pub placing_probes: bool,
    /// Set from outside to stop the search as soon as possible.
    pub stop: &'a AtomicBool,
}

/// One completed iteration, reported while searching: depth, score for the side to move,
/// nodes, time since the start and principal variation.
#[derive(Clone, Debug)]
pub struct Iteration {
    /// Depth in plies.
    pub depth: u32,
    /// Score for the side to move.
    pub score: i32,
    /// Nodes so far.
    pub nodes: u64,
    /// Table probes that answered, so far.
    pub tb_hits: u64,
    /// Leaves of this iteration that were estimated (a static evaluation, an unproven
    /// transposition entry, a draw that depends on the path): 0 means the score is the
    /// position's exact value, proven from the ends of the game and the tables.
    pub estimates: u64,
    /// Time since the start.
    pub elapsed: Duration,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// The answer of a search: the move to play (`None` only when the side to move has no
/// move), its score, the last completed depth, nodes, time taken and principal variation.
#[derive(Clone, Debug)]
pub struct SearchOutcome {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Move>,
    /// Score for the side to move.
    pub score: i32,
    /// The last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Table probes that answered.
    pub tb_hits: u64,
    /// Whether the last completed iteration proved its score exact (no estimated leaf).
    pub proven: bool,
    /// Time from the start of the search to its result.
    pub elapsed: Duration,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

struct Frame {
    moves: MoveList,
    scores: [i32; MAX_MOVES],
}

struct Searcher<'a> {
    cfg: &'a SearchConfig<'a>,
    tt: &'a TranspositionTable,
    rules: &'static Ruleset,
    order: MoveOrder,
    frames: Vec<Frame>,
    /// Keys of the positions since the last placement or removal: the game's, then the
    /// search path's (the current node's key is not on it).
    keys: Vec<u64>,
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    tb_hits: u64,
    /// Estimated leaves so far (see [`Iteration::estimates`]).
    estimates: u64,
    stopped: bool,
    /// The move searched first at the root (the previous iteration's best).
    root_first: Option<Move>,
    /// The best root move of this iteration so far, once it is provably no worse than
    /// the move searched first.
    root_best: Option<(Move, i32)>,
    completed_depth: u32,
    /// The root is a draw by the oracle: its drawn moves score by the replies that lose
    /// ([`TRAP_SCALE`]).
    drawn_root: bool,
    /// The engine's evaluation cache, kept across its searches.
    evals: &'a mut EvalCache,
}

/// Converts a score to its table form: win/loss distances from this node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= DECIDED {
        score + ply as i32
    } else if score <= -DECIDED {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= DECIDED {
        score - ply as i32
    } else if score <= -DECIDED {
        score + ply as i32
    } else {
        score
    }
}

/// The score of an exact oracle value of `pos`, found at `ply`. A table's win is proven
/// but its end is not in sight, so it scores below every win the search sees to the end;
/// among table wins, fewer stones left to the loser come first (each conversion takes
/// one), then fewer plies to the next conversion. So the engine converts when it can and
/// the loser holds out longest, and every such score is still decided.
fn oracle_score(value: OracleValue, pos: &Position, ply: usize) -> i32 {
    let progress = |loser: crate::rules::Color, n: u16| {
        ORACLE_WIN_OFFSET
            + ply as i32
            + i32::from(n.min(ORACLE_MAX_DISTANCE))
            + ORACLE_STONE * pos.stones(loser).len() as i32
    };
    let side = pos.side_to_move();
    match value {
        OracleValue::Win(n) => WIN_SCORE - progress(!side, n),
        OracleValue::Loss(n) => -(WIN_SCORE - progress(side, n)),
        OracleValue::Draw => 0,
    }
}

impl Searcher<'_> {
    fn out_of_time(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        // The first root move of the first iteration always completes: a move to return.
        if self.completed_depth == 0 && self.root_best.is_none() {
            return false;
        }
        if self.cfg.max_nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CLOCK_INTERVAL) {
            let late = self.cfg.deadlines.is_some_and(|d| self.cfg.start.elapsed() >= d.hard);
            if late || self.cfg.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    fn draw_score(&self, ply: usize) -> i32 {
        // From the root side's point of view a draw is worth -contempt.
        if ply.is_multiple_of(2) { -self.cfg.settings.contempt } else { self.cfg.settings.contempt }
    }

    fn is_repetition(&self, key_now: u64, quiet: u16) -> bool {
        if self.rules.repetition == 0 {
            return false;
        }
        let n = self.keys.len();
        let reach = usize::from(quiet).min(n);
        (2..=reach).step_by(2).any(|d| self.keys[n - d] == key_now)
    }

    /// In the second half of the no-removal count the evaluation shrinks towards the
    /// draw it is heading for, so the side ahead prefers lines that remove a stone (and
    /// reset the count) sooner rather than shuffling into a draw by the ply rule.
    fn progress_scaled(&self, score: i32, quiet: u16) -> i32 {
        let limit = self.rules.no_removal_plies;
        let half = limit / 2;
        if limit == 0 || quiet <= half {
            return score;
        }
        let left = i32::from(limit.saturating_sub(quiet));
        score * left / i32::from(limit - half)
    }

    /// What `pos` is worth without a search: a loss if the side to move is blocked (the
    /// evaluation does not see that), otherwise the static value scaled by the coming
    /// no-removal draw.
    fn stand_pat(&mut self, pos: &Position, ply: usize, quiet: u16) -> i32 {
        // Only a sliding side can be blocked (a placing side always has an empty point,
        // a flying side too), and counting is cheaper than generating.
        if pos.phase(pos.side_to_move()) == Phase::Moving && pos.count_legal_moves() == 0 {
            return -(WIN_SCORE - ply as i32);
        }
        let eval = self.static_eval(pos);
        self.progress_scaled(eval, quiet)
    }

    fn static_eval(&mut self, pos: &Position) -> i32 {
        self.estimates += 1;
        self.evals.evaluate(self.cfg.eval, pos).0
    }

    /// The share of the replies in the drawn `pos` (the opponent to move, one ply below a
    /// drawn root) that lose by the oracle, scaled to [`TRAP_SCALE`]. A reply that
    /// repeats a position is a draw, not a loss.
    fn traps(&mut self, oracle: &dyn Oracle, pos: &Position, quiet: u16) -> i32 {
        let mut replies = MoveList::new();
        pos.legal_moves(&mut replies);
        if replies.is_empty() {
            return 0;
        }
        self.keys.push(pos.key());
        let mut losing = 0;
        for &r in replies.iter() {
            let after = pos.play_unchecked(r);
            let count = if r.remove().is_some() { 0 } else { quiet.saturating_add(1) };
            if self.is_repetition(after.key(), count) {
                continue;
            }
            self.tb_hits += 1;
            losing += usize::from(matches!(oracle.probe(&after, count), Some(OracleValue::Win(_))));
        }
        self.keys.pop();
        (losing * TRAP_SCALE as usize / replies.len()) as i32
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = m;
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    fn negamax(&mut self, pos: &Position, depth: i32, mut alpha: i32, mut beta: i32, ply: usize, quiet: u16) -> i32 {
        self.nodes += 1;
        self.pv_len[ply] = ply;
        if self.out_of_time() {
            return 0;
        }
        let is_pv = beta - alpha > 1;
        if ply > 0 {
            if pos.is_lost_by_material() {
                return -(WIN_SCORE - ply as i32);
            }
            let limit = self.rules.no_removal_plies;
            if (limit > 0 && quiet >= limit) || self.is_repetition(pos.key(), quiet) {
                if pos.count_legal_moves() == 0 {
                    return -(WIN_SCORE - ply as i32);
                }
                // A draw of this path, not a value of the position (the table keys
                // know neither the count nor the history).
                self.estimates += 1;
                return self.draw_score(ply);
            }
            // Mate distance: no line from here beats a win at the next ply.
            alpha = alpha.max(-(WIN_SCORE - ply as i32));
            beta = beta.min(WIN_SCORE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
            if let Some(oracle) = self.cfg.oracle
                && pos.in_hand(pos.side_to_move()) == 0
                && pos.in_hand(!pos.side_to_move()) == 0
                && let Some(value) = if ply <= 1 { oracle.probe_exact(pos, quiet) } else { oracle.probe(pos, quiet) }
            {
                self.tb_hits += 1;
                if ply == 1 && self.drawn_root && value == OracleValue::Draw {
                    return -self.traps(oracle, pos, quiet);
                }
                return oracle_score(value, pos, ply);
            }
            // While placing, only decided values end the line: among drawn lines the
            // search's own judgement keeps choosing (the root is a draw when this is on).
            if self.cfg.placing_probes
                && depth >= PLACING_PROBE_DEPTH
                && let Some(oracle) = self.cfg.oracle
                && let Some(value) = oracle.probe_placing(pos)
                && value != OracleValue::Draw
            {
                self.tb_hits += 1;
                return oracle_score(value, pos, ply);
            }
        }
        if depth <= 0 || ply >= MAX_PLY - QUIESCENCE_PLIES - 1 {
            return self.quiesce(pos, alpha, beta, ply, 0, quiet);
        }
        let key = pos.key();
        let estimates_before = self.estimates;
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            let score = from_tt(e.score, ply);
            // In the placing phase a proven bound holds at any depth: deeper search meets
            // the same ends, and no count or history changes them (each placement
            // starts a fresh count, and no position repeats).
            let placing = pos.in_hand(pos.side_to_move()) > 0 || pos.in_hand(!pos.side_to_move()) > 0;
            if ply > 0 && !is_pv && ((e.proven && placing) || i32::from(e.depth) >= depth) {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    if !e.proven {
                        self.estimates += 1;
                    }
                    return score;
                }
            }
        }
        // Reverse futility: off the principal variation, near the horizon, a static
        // value that beats beta by a margin for each ply left is trusted.
        let margin = self.cfg.settings.futility_margin;
        if margin > 0 && ply > 0 && !is_pv && depth <= RFP_DEPTH && beta.abs() < DECIDED {
            let eval = self.stand_pat(pos, ply, quiet);
            if eval - margin * depth >= beta {
                return eval;
            }
        }
        if ply == 0 && self.root_first.is_some() {
            tt_move = self.root_first;
        }
        let frame = &mut self.frames[ply];
        pos.legal_moves(&mut frame.moves);
        if ply == 0 {
            restrict(&mut frame.moves, self.cfg.root_moves);
        }
        let count = frame.moves.len();
        if count == 0 {
            return -(WIN_SCORE - ply as i32);
        }
        self.order.score(pos, ply, tt_move, &frame.moves, &mut frame.scores[..count]);

        let original_alpha = alpha;
        let mut best_score = -WIN_SCORE - 1;
        let mut best_move = None;
        self.keys.push(key);
        for i in 0..count {
            let frame = &mut self.frames[ply];
            let m = pick(&mut frame.moves, &mut frame.scores[..count], i);
            let order_score = frame.scores[i];
            let child = pos.play_unchecked(m);
            let child_quiet = if m.is_placement() || m.remove().is_some() { 0 } else { quiet.saturating_add(1) };
            let mut score;
            if i == 0 {
                score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, child_quiet);
            } else {
                let reduce =
                    if self.cfg.settings.reductions && depth >= LMR_DEPTH && i >= LMR_MOVES && order_score < TACTICAL {
                        1 + i32::from(depth >= 6 && i >= 12)
                    } else {
                        0
                    };
                score = -self.negamax(&child, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1, child_quiet);
                if score > alpha && reduce > 0 {
                    score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, child_quiet);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, child_quiet);
                }
            }
            if self.stopped {
                self.keys.pop();
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    self.update_pv(ply, m);
                    if ply == 0 {
                        self.root_best = Some((m, score));
                    }
                    if alpha >= beta {
                        if m.remove().is_none() {
                            let tried = &self.frames[ply].moves[..i];
                            self.order.record_cutoff(pos.side_to_move(), m, ply, depth, tried);
                        }
                        break;
                    }
                }
            }
        }
        self.keys.pop();
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let proven = self.estimates == estimates_before;
        self.tt.store(key, best_move, to_tt(best_score, ply), depth.clamp(0, 255) as u8, bound, proven);
        best_score
    }

    /// Stand pat on the static evaluation, or close a mill: searches only mill-closing
    /// moves, for at most [`QUIESCENCE_PLIES`] plies.
    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, qply: usize, quiet: u16) -> i32 {
        if qply > 0 {
            self.nodes += 1;
            self.pv_len[ply] = ply;
            if self.out_of_time() {
                return 0;
            }
            if pos.is_lost_by_material() {
                return -(WIN_SCORE - ply as i32);
            }
        }
        if !self.cfg.settings.quiescence {
            // The classroom entry: evaluate at the horizon, nothing more.
            return if pos.count_legal_moves() == 0 { -(WIN_SCORE - ply as i32) } else { self.static_eval(pos) };
        }
        let stand = self.stand_pat(pos, ply, quiet);
        if stand >= beta || qply >= QUIESCENCE_PLIES {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let frame = &mut self.frames[ply];
        pos.legal_moves(&mut frame.moves);
        // Mill-closing moves to the front; only they are searched here.
        let mut count = 0;
        for i in 0..frame.moves.len() {
            if frame.moves[i].remove().is_some() {
                frame.moves.swap(count, i);
                count += 1;
            }
        }
        self.order.score(pos, ply, None, &frame.moves[..count], &mut frame.scores[..count]);
        for i in 0..count {
            let frame = &mut self.frames[ply];
            let m = pick(&mut frame.moves[..count], &mut frame.scores[..count], i);
            let score = -self.quiesce(&pos.play_unchecked(m), -beta, -alpha, ply + 1, qply + 1, 0);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Keeps only the moves of `keep` in `list` (all of them when `keep` is `None`, empty or
/// would leave nothing).
fn restrict(list: &mut MoveList, keep: Option<&[Move]>) {
    let Some(keep) = keep.filter(|k| !k.is_empty()) else { return };
    let mut kept = MoveList::new();
    for &m in list.as_slice() {
        if keep.contains(&m) {
            kept.push(m);
        }
    }
    if !kept.is_empty() {
        *list = kept;
    }
}

/// Searches the current position of `game` within `cfg`'s limits, calling `on_iteration`
/// after each completed iteration. `tt` and `evals` are the engine's, kept from one
/// search to the next.
///
/// Always returns a legal move when there is one: the first iteration is never cut
/// before its first root move is searched. On the hard deadline the result is the last
/// completed iteration's, or this iteration's best so far when that move has been
/// proved better than the previous best.
pub fn search(
    game: &Game,
    tt: &TranspositionTable,
    evals: &mut EvalCache,
    cfg: &SearchConfig<'_>,
    on_iteration: &mut dyn FnMut(&Iteration),
) -> SearchOutcome {
    tt.new_search();
    let root = *game.position();
    let mut legal = MoveList::new();
    root.legal_moves(&mut legal);
    restrict(&mut legal, cfg.root_moves);
    let Some(&first) = legal.first() else {
        return SearchOutcome {
            best: None,
            score: -WIN_SCORE,
            depth: 0,
            nodes: 0,
            tb_hits: 0,
            proven: true,
            elapsed: cfg.start.elapsed(),
            pv: Vec::new(),
        };
    };
    let mut keys: Vec<u64> = game.repetition_keys().collect();
    keys.pop();
    let mut s = Searcher {
        cfg,
        tt,
        rules: root.rules(),
        order: MoveOrder::new(),
        evals,
        frames: (0..=MAX_PLY).map(|_| Frame { moves: MoveList::new(), scores: [0; MAX_MOVES] }).collect(),
        keys,
        pv: vec![[first; MAX_PLY + 1]; MAX_PLY + 1],
        pv_len: [0; MAX_PLY + 1],
        nodes: 0,
        tb_hits: 0,
        estimates: 0,
        stopped: false,
        root_first: None,
        root_best: None,
        completed_depth: 0,
        drawn_root: false,
    };
    let window = cfg.settings.aspiration_window;
    let quiet = game.quiet_plies();
    let moving = root.in_hand(root.side_to_move()) == 0 && root.in_hand(!root.side_to_move()) == 0;
    let root_value = cfg.oracle.filter(|_| moving).and_then(|o| {
        o.prepare(&root);
        o.probe(&root, quiet)
    });
    let root_in_oracle = root_value.is_some();
    s.drawn_root = root_value == Some(OracleValue::Draw);
    let mut out = SearchOutcome {
        best: Some(first),
        score: 0,
        depth: 0,
        nodes: 0,
        tb_hits: 0,
        proven: false,
        elapsed: Duration::ZERO,
        pv: vec![first],
    };
    let mut iteration_started = cfg.start.elapsed();
    let mut previous_iteration_time = Duration::ZERO;
    for depth in 1..=cfg.max_depth.clamp(1, MAX_SEARCH_DEPTH) {
        s.root_best = None;
        s.root_first = out.best.filter(|_| depth > 1);
        let d = depth as i32;
        let estimates_before = s.estimates;
        let mut delta = window;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_DEPTH && out.score.abs() < DECIDED {
            (out.score - delta, out.score + delta)
        } else {
            (-WIN_SCORE, WIN_SCORE)
        };
        let score = loop {
            let score = s.negamax(&root, d, alpha, beta, 0, quiet);
            if s.stopped {
                break score;
            }
            if score <= alpha && alpha > -WIN_SCORE {
                alpha = (score - delta).max(-WIN_SCORE);
            } else if score >= beta && beta < WIN_SCORE {
                beta = (score + delta).min(WIN_SCORE);
            } else {
                break score;
            }
            delta *= 2;
            if delta > ASPIRATION_GIVE_UP * window {
                (alpha, beta) = (-WIN_SCORE, WIN_SCORE);
            }
        };
        if s.stopped {
            if let Some((m, sc)) = s.root_best
                && (depth == 1 || Some(m) != out.best)
            {
                out.best = Some(m);
                out.score = sc;
                out.pv = vec![m];
            }
            break;
        }
        s.completed_depth = depth;
        // For the time manager: a best move that changes or a falling score asks for time.
        let trend = crate::time::Trend {
            best_changed: depth > 1 && s.pv_len[0] > 0 && Some(s.pv[0][0]) != out.best,
            score_drop: if depth > 1 { out.score - score } else { 0 },
        };
        let pv = s.pv[0][..s.pv_len[0]].to_vec();
        // A drawn move's share of losing replies chose among the draws; the value is a draw.
        let score = if s.drawn_root && (0..=TRAP_SCALE).contains(&score) { 0 } else { score };
        out.best = pv.first().copied().or(out.best);
        out.score = score;
        out.depth = depth;
        out.pv = if pv.is_empty() { out.best.into_iter().collect() } else { pv };
        let estimates = s.estimates - estimates_before;
        out.proven = estimates == 0;
        let elapsed = cfg.start.elapsed();
        on_iteration(&Iteration {
            depth,
            score,
            nodes: s.nodes,
            tb_hits: s.tb_hits,
            estimates,
            elapsed,
            pv: out.pv.clone(),
        });
        log::debug!(
            "depth {depth} score {score} nodes {} nps {} pv {}",
            s.nodes,
            (s.nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
            out.pv.iter().map(|m| m.display(root.topology()).to_string()).collect::<Vec<_>>().join(" ")
        );
        let iteration_time = elapsed.saturating_sub(iteration_started);
        let soft_passed = cfg.deadlines.is_some_and(|dl| {
            !crate::time::should_start_iteration(&dl, elapsed, iteration_time, previous_iteration_time, trend)
        });
        previous_iteration_time = iteration_time;
        iteration_started = elapsed;
        let decided_within = score.abs() >= DECIDED && WIN_SCORE - score.abs() + 2 <= depth as i32;
        let forced = legal.len() == 1 && cfg.deadlines.is_some();
        // A proven score is the position's value: deeper iterations meet the same ends.
        if soft_passed || decided_within || forced || root_in_oracle || out.proven || cfg.stop.load(Ordering::Relaxed) {
            break;
        }
    }
    out.nodes = s.nodes;
    out.tb_hits = s.tb_hits;
    out.elapsed = cfg.start.elapsed();
    out
}
