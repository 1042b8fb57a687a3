//! Replays: a recorded game (one line of the referee's record file, read by the parser of
//! [`crate::referee::outcome::record`]) or a plain move list, played through the rules core into
//! the position after every move, and analysed in the background by
//! [`crate::analysis`], the analysis `morris analyze` prints: each position's value and
//! each move's mark (`!`, `?!`, `?`, `??`), the same on every load.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};

use super::ServeConfig;
use super::slot::{Meta, Session, SessionSlot};
use super::view::{
    BoardName, Geometry, GraphPoint, MoveView, PositionView, class_words, geometry, outcome_words, score_words,
    value_words,
};
use crate::analysis::{self, AnalyzeSettings, Analyzer, PositionAnalysis, Verdict};
use crate::referee::outcome::game_text::{GameText, GameTextError, SETBOARD};
use crate::rules::{Color, Game, Move, Position, Ruleset, Unreachable};
use crate::topology::Topology;

/// The most moves a replayed game may have.
pub const MAX_REPLAY_PLIES: usize = 2000;

/// The body of "load a replay".
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ReplayRequest {
    /// A record file's text, or a move list.
    pub text: String,
    /// Which game of a record file (1-based; default the first).
    pub game: Option<usize>,
    /// The board of a move list (default: the standard board, or the classroom board
    /// when only its names fit).
    pub board: Option<BoardName>,
}

/// Why a text gives no game to replay or to start from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The text holds no game: a record line that does not read, a misplaced
    /// `setboard`, no moves, or a start position that is no position.
    #[error(transparent)]
    Text(#[from] GameTextError),
    /// The `setboard` position is one no game from the start reaches.
    #[error("{SETBOARD} {text}: {error}")]
    Unreachable {
        /// The position text, as written.
        text: String,
        /// The first reason ([`Position::check_reachable`]).
        error: Unreachable,
    },
    /// More moves than [`MAX_REPLAY_PLIES`].
    #[error("the game has {moves} moves, more than the {MAX_REPLAY_PLIES} {what}")]
    TooLong {
        /// The game's moves.
        moves: usize,
        /// What may have at most that many: `a replay shows`, `a game may start from`.
        what: &'static str,
    },
    /// A game number the text does not have.
    #[error("game {selected} is out of range: the text holds {}", crate::words::count(*held as u64, "game", "games"))]
    NoSuchGame {
        /// The number asked for (1-based).
        selected: usize,
        /// How many games the text holds.
        held: usize,
    },
    /// A word of the game that is no move on the board, or a move that is not legal
    /// where it is played.
    #[error(transparent)]
    Move(GameTextError),
}

/// The games in `text`: every game of a record file, or one move list (after an optional
/// `setboard` line), read by [`crate::referee::outcome::game_text::read_games`].
///
/// # Errors
/// A record line with too few fields, a misplaced `setboard`, or no game at all.
pub fn read_games(text: &str) -> Result<Vec<GameText>, ReplayError> {
    Ok(crate::referee::outcome::game_text::read_games(text)?)
}

/// The game before its moves: the start (a `setboard` position with its count, or the
/// rules' start).
///
/// # Errors
/// A `setboard` position that is not one (with the reason), or one no game reaches
/// (with the first reason: [`Position::check_reachable`]).
fn start_of(rules: &'static Ruleset, recorded: &GameText) -> Result<Game, ReplayError> {
    let game = recorded.new_game(rules)?;
    if let Some(text) = &recorded.start {
        // Only positions a game reaches: the set-up, a link and an import alike.
        game.start().check_reachable().map_err(|error| ReplayError::Unreachable { text: text.clone(), error })?;
    }
    Ok(game)
}

/// The game `text` holds (game `index` of a record file, 1-based; on `board`, or the
/// board whose names fit), every move checked: what a new game starts from.
///
/// # Errors
/// What [`read_games`] refuses, a game number out of range, a bad start position, or a
/// move that is not legal where it is played (naming it).
pub fn game_from_text(
    config: &ServeConfig,
    text: &str,
    index: Option<usize>,
    board: Option<BoardName>,
) -> Result<(BoardName, Game), ReplayError> {
    let games = read_games(text)?;
    let recorded = chosen(&games, index)?;
    if recorded.moves.len() > MAX_REPLAY_PLIES {
        return Err(ReplayError::TooLong { moves: recorded.moves.len(), what: "a game may start from" });
    }
    let on = |b: BoardName| -> Result<(BoardName, Game), ReplayError> {
        let rules = config.rules.on(b.into());
        start_of(rules, recorded)?;
        let game = recorded.play(rules).map_err(ReplayError::Move)?;
        Ok((b, game))
    };
    match board {
        Some(b) => on(b),
        None => on(BoardName::Standard).or_else(|e| on(BoardName::Classroom22).map_err(|_| e)),
    }
}

/// A game's title for the page: the record's reason with its colours capitalised, as
/// the page writes them (`black wins by blocking white` → `Black wins by blocking
/// White`).
fn title(game: &GameText) -> String {
    let Some(reason) = game.record.as_ref().map(|r| r.reason.as_str()) else { return game.title.clone() };
    let Some(head) = game.title.strip_suffix(reason) else { return game.title.clone() };
    let words: Vec<String> = reason
        .split(' ')
        .map(|w| {
            let (word, rest) = w.split_at(w.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(w.len()));
            match word {
                "white" => format!("White{rest}"),
                "black" => format!("Black{rest}"),
                _ => w.to_string(),
            }
        })
        .collect();
    format!("{head}{}", words.join(" "))
}

/// Game `index` (1-based, default 1) of `games`.
fn chosen(games: &[GameText], index: Option<usize>) -> Result<&GameText, ReplayError> {
    let selected = index.unwrap_or(1);
    let found = selected.checked_sub(1).and_then(|i| games.get(i));
    found.ok_or(ReplayError::NoSuchGame { selected, held: games.len() })
}

/// A game played through: the view of every position, the moves, and a note if the
/// record's game went on with an illegal move.
struct PlayedThrough {
    start: Position,
    moves: Vec<Move>,
    plies: Vec<PlyView>,
    note: Option<String>,
}

fn ply_view(game: &Game) -> PlyView {
    let pos = game.position();
    let topology = pos.topology();
    PlyView {
        position: PositionView::of(pos),
        mv: game.last_move().map(|m| MoveView::of(m, topology)),
        mover: game.last_move().map(|_| (!pos.side_to_move()).name()),
        outcome: game.outcome().map(outcome_words),
    }
}

/// The moves of `recorded` on `rules`' board, each checked by the rules core; stops at
/// the first one that is illegal, with a note saying so.
///
/// # Errors
/// Too many moves, or the first move that is not a move at all on this board.
fn play_through(rules: &'static Ruleset, recorded: &GameText) -> Result<PlayedThrough, ReplayError> {
    if recorded.moves.len() > MAX_REPLAY_PLIES {
        return Err(ReplayError::TooLong { moves: recorded.moves.len(), what: "a replay shows" });
    }
    let mut game = start_of(rules, recorded)?;
    let start = *game.start();
    let mut played = PlayedThrough { start, moves: Vec::new(), plies: vec![ply_view(&game)], note: None };
    for (i, text) in recorded.moves.iter().enumerate() {
        let m = recorded.read_move(i, rules).map_err(ReplayError::Move)?;
        if let Err(e) = game.play(m) {
            played.note = Some(format!("move {} ({text}) is illegal here: {e}; the replay stops before it", i + 1));
            break;
        }
        played.moves.push(m);
        played.plies.push(ply_view(&game));
    }
    // A game the record says ended off the board (a resignation, a forfeit) ends so here.
    if played.note.is_none()
        && let Some(last) = played.plies.last_mut()
        && last.outcome.is_none()
    {
        last.outcome = recorded.recorded_end();
    }
    Ok(played)
}

/// A replay on the page.
pub struct ReplaySession {
    meta: Meta,
    titles: Vec<String>,
    selected: usize,
    topology: &'static Topology,
    rules: String,
    plies: Vec<PlyView>,
    values: Vec<Option<(PositionAnalysis, Color)>>,
    moves: Vec<Move>,
    note: Option<String>,
    analyzing: bool,
    analysis: String,
    stop: Arc<AtomicBool>,
}

impl Session for ReplaySession {
    const KIND: &'static str = "replay";

    fn meta(&mut self) -> &mut Meta {
        &mut self.meta
    }

    /// The analysing thread is running.
    fn is_running(&self) -> bool {
        self.analyzing
    }

    fn abandon(&mut self) -> bool {
        self.stop()
    }

    fn close(&mut self) {
        self.stop();
    }
}

/// One position of a replay.
#[derive(Serialize, Clone, Debug)]
pub struct PlyView {
    /// The position.
    pub position: PositionView,
    /// The move that led here (none for the start).
    #[serde(rename = "move")]
    pub mv: Option<MoveView>,
    /// The side that made it.
    pub mover: Option<&'static str>,
    /// The result, if the game is over here.
    pub outcome: Option<String>,
}

/// A position's value for the page.
#[derive(Serialize, Clone, Debug)]
pub struct ValueText {
    /// In words.
    pub text: String,
    /// Whether it is exact (tables or a finished game) rather than a search's estimate.
    pub exact: bool,
}

/// A replay's state for the page.
#[derive(Serialize, Debug)]
pub struct ReplayState {
    /// The replay's id.
    pub id: String,
    /// Raised by every change.
    pub version: u64,
    /// The games found in the text (for a record file, one per line).
    pub games: Vec<String>,
    /// Which one is shown (1-based).
    pub selected: usize,
    /// The drawing of the board.
    pub geometry: Geometry,
    /// The rules in one line.
    pub rules: String,
    /// The start position and the position after each move.
    pub plies: Vec<PlyView>,
    /// Each position's value, once analysed.
    pub values: Vec<Option<ValueText>>,
    /// For each move (index i: the move leading to `plies[i + 1]`), why it is marked.
    pub marks: Vec<Option<String>>,
    /// For each move, its mark's sign: `!`, `?!`, `?` or `??`.
    pub glyphs: Vec<Option<&'static str>>,
    /// The value graph: each position's value for White, once analysed.
    pub graph: Vec<Option<GraphPoint>>,
    /// Whether the analysis is still running.
    pub analyzing: bool,
    /// Where the values come from.
    pub analysis: String,
    /// A notice (e.g. the record's game ends in an illegal move).
    pub note: Option<String>,
}

fn value_text(value: Verdict, side: Color) -> ValueText {
    match value {
        Verdict::Exact(v) => ValueText { text: value_words(v, side), exact: true },
        Verdict::ExactClass(v) => ValueText { text: class_words(v, side), exact: true },
        Verdict::Over(_) => {
            ValueText { text: value.exact_value(side).map_or_else(String::new, |v| value_words(v, side)), exact: true }
        }
        Verdict::Search { score, depth, proven: true, .. } => {
            ValueText { text: format!("{} (proven by a depth-{depth} search)", score_words(score, side)), exact: true }
        }
        Verdict::Search { score, depth, .. } => {
            ValueText { text: format!("{} (search, depth {depth})", score_words(score, side)), exact: false }
        }
    }
}

fn graph_point(value: Verdict, side: Color) -> GraphPoint {
    match (value.exact_value(side), value) {
        (Some(v), _) => GraphPoint::of_value(v, side),
        (None, Verdict::Search { score, .. }) => GraphPoint::of_score(score, side),
        (None, _) => GraphPoint::of_score(0, side),
    }
}

impl ReplaySession {
    /// Reads `request`, plays the chosen game through the rules and starts its analysis.
    ///
    /// # Errors
    /// Text that holds no game, a game number out of range, or a move that is not a
    /// move on the board.
    pub fn load(
        config: &Arc<ServeConfig>,
        slot_for: impl FnOnce(ReplaySession) -> Arc<SessionSlot<ReplaySession>>,
        request: &ReplayRequest,
    ) -> Result<Arc<SessionSlot<ReplaySession>>, ReplayError> {
        let games = read_games(&request.text)?;
        let selected = request.game.unwrap_or(1);
        let recorded = chosen(&games, request.game)?;
        let rules_for = |b: BoardName| config.rules.on(b.into());
        let played = match request.board {
            Some(b) => play_through(rules_for(b), recorded),
            None => play_through(rules_for(BoardName::Standard), recorded)
                .or_else(|e| play_through(rules_for(BoardName::Classroom22), recorded).map_err(|_| e)),
        }?;
        let PlayedThrough { start, moves, plies, note } = played;
        let rules = start.rules();
        let topology = rules.topology;
        let stop = Arc::new(AtomicBool::new(false));
        let tables_used = config.tables.is_some() && rules.topology.name() == "standard24";
        let analysis = format!(
            "{}a depth-{} search per position (one thread, a cleared table: the same every time, and the same as \
             morris analyze --depth {}). Marked: a win let go to a draw ?, to a loss ?? (exact values); the only \
             move that keeps the value ! (tables); a fall at the same search horizon ({}), or a move into a loss \
             the search sees ??",
            if tables_used { "endgame tables where they cover a position, else " } else { "" },
            config.analysis_depth,
            config.analysis_depth,
            analysis::thresholds_words()
        );
        let session = ReplaySession {
            meta: Meta::new(),
            titles: games.iter().map(title).collect(),
            selected,
            topology,
            rules: rules.describe(),
            values: vec![None; plies.len()],
            moves: moves.clone(),
            plies,
            note,
            analyzing: true,
            analysis,
            stop: Arc::clone(&stop),
        };
        let slot = slot_for(session);
        spawn_analysis(config, &slot, start, moves, stop);
        Ok(slot)
    }

    /// The state for the page.
    #[must_use]
    pub fn state(&self, id: &str) -> ReplayState {
        let values = self.values.iter().map(|v| v.map(|(a, side)| value_text(a.verdict, side))).collect();
        let judged: Vec<Option<analysis::Mark>> = (1..self.plies.len())
            .map(|i| match (self.values[i - 1], self.values[i], self.moves.get(i - 1)) {
                (Some((before, mover)), Some((after, _)), Some(&m)) => analysis::mark_move(&before, &after, m, mover),
                _ => None,
            })
            .collect();
        // A move marked as worse than another says which, as `morris analyze` does.
        let marks = judged
            .iter()
            .enumerate()
            .map(|(i, mark)| {
                let mark = mark.as_ref()?;
                let best =
                    self.values[i].and_then(|(before, _)| before.best).filter(|&b| Some(&b) != self.moves.get(i));
                Some(match best {
                    Some(b) if mark.glyph != analysis::Glyph::Only => {
                        format!("{}; best was {}", mark.reason, b.display(self.topology))
                    }
                    _ => mark.reason.clone(),
                })
            })
            .collect();
        let glyphs = judged.iter().map(|m| m.as_ref().map(|m| m.glyph.text())).collect();
        ReplayState {
            id: id.to_string(),
            version: self.meta.version,
            games: self.titles.clone(),
            selected: self.selected,
            geometry: geometry(self.topology),
            rules: self.rules.clone(),
            plies: self.plies.clone(),
            values,
            marks,
            glyphs,
            graph: self.values.iter().map(|v| v.map(|(a, side)| graph_point(a.verdict, side))).collect(),
            analyzing: self.analyzing,
            analysis: self.analysis.clone(),
            note: self.note.clone(),
        }
    }

    /// Stops the analysis (the replay is closed or nobody watches it); the analysing
    /// thread ends after the position it is on.
    pub fn stop(&mut self) -> bool {
        let was = self.analyzing && !self.stop.swap(true, Ordering::Relaxed);
        if was {
            self.analysis.push_str(" (stopped: no page was watching)");
        }
        was
    }
}

/// Values the start and the position after every move on a thread of its own, position
/// by position (one game played on as it goes), until done or `stop` is raised.
fn spawn_analysis(
    config: &Arc<ServeConfig>,
    slot: &Arc<SessionSlot<ReplaySession>>,
    start: Position,
    moves: Vec<Move>,
    stop: Arc<AtomicBool>,
) {
    let config = Arc::clone(config);
    let target = Arc::clone(slot);
    let work = move || {
        let mut analyzer = Analyzer::new(AnalyzeSettings::fixed_depth(config.analysis_depth, config.tables.clone()));
        let mut game = Game::new(start);
        for i in 0..=moves.len() {
            if i > 0 {
                // Checked when the replay was loaded.
                game.play_unchecked(moves[i - 1]);
            }
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let value = analyzer.position(&game);
            let side = game.position().side_to_move();
            target.update(|s, _| {
                if let Some(v) = s.values.get_mut(i) {
                    *v = Some((value, side));
                }
            });
        }
        target.update(|s, _| s.analyzing = false);
    };
    if let Err(e) = std::thread::Builder::new().name("replay-analysis".to_string()).spawn(work) {
        log::error!("cannot start the replay analysis: {e}");
        slot.update(|s, _| {
            s.analyzing = false;
            s.analysis = format!("no analysis: {e}");
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_lines_give_the_opening_then_the_moves() {
        use crate::referee::outcome::record::{HEADER, format_record};
        use crate::referee::outcome::result::{FinishedGame, Termination};
        use crate::rules::{ByColor, DrawReason, Outcome};
        // Written by the referee's own record writer, so a change of its format shows here.
        let record = FinishedGame {
            number: 3,
            names: ByColor(["alpha".to_string(), "beta".to_string()]),
            opening: "D2 F4".to_string(),
            moves: vec!["B4".to_string(), "D6".to_string()],
            termination: Termination::Rules(Outcome::Draw(DrawReason::Repetition)),
            think: ByColor::default(),
            claims: ByColor::default(),
            pids: ByColor::default(),
            clocks: None,
            stderr_tail: ByColor::default(),
        };
        let text = format!("{HEADER}\n{}\n", format_record(&record));
        let games = read_games(&text).unwrap();
        assert_eq!(games[0].moves, vec!["D2", "F4", "B4", "D6"]);
        assert!(games[0].title.starts_with("game 3: alpha (White) vs beta (Black), draw"), "{}", games[0].title);
        let bad = format!("{HEADER}\n1\talpha\tbeta\n");
        let reason = read_games(&bad).unwrap_err().to_string();
        assert!(reason.starts_with("the record's line 2: 3 tab-separated fields"), "{reason}");
        // Without its header, and with only the nine fields every version has.
        let line = format_record(&record);
        let nine: Vec<&str> = line.split('\t').take(9).collect();
        let games = read_games(&format!("{}\n", nine.join("\t"))).unwrap();
        assert_eq!(games[0].moves, vec!["D2", "F4", "B4", "D6"]);
    }
}
