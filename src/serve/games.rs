//! A game played on the page: the [`Game`] (the rules core keeps it), which sides the
//! engine plays, and the engine's searches, one at a time, each on its own thread so
//! requests never wait for one. Clicks become moves in [`super::clicks`]; every move is
//! checked by the rules core and refused with its reason.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::ServeConfig;
use super::clicks::{self, ClickError, Clicked};
use super::export::{ExportView, export};
use super::replay::ReplayError;
use super::slot::{Meta, Session, SessionSlot};
use super::verdict;
pub use super::view::{BoardName, GraphPoint};
use super::view::{
    Geometry, MoveView, PositionView, ValueView, class_words, geometry, outcome_words, score_words, value_words,
};
use crate::analysis::Verdict;
use crate::engine::{Engine, EngineOptions, EvalChoice, Iteration, SearchLimits, SearchOutcome};
use crate::rules::notation::{ParseMoveError, parse_move};
use crate::rules::{ByColor, Color, Game, IllegalMove, Move, MoveList, Position};
use crate::search::{Oracle, OracleValue};

/// How strongly the engine plays: its evaluation and a depth limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strength {
    /// The classroom handout's estimate, 2 plies deep.
    Beginner,
    /// The engine's evaluation, 3 plies deep.
    Casual,
    /// The engine's evaluation, 6 plies deep.
    Club,
    /// The full engine: as deep as the time allows.
    Full,
}

impl Strength {
    fn eval(self) -> EvalChoice {
        if self == Strength::Beginner { EvalChoice::Handout } else { EvalChoice::Strong }
    }

    fn depth(self) -> Option<u32> {
        match self {
            Strength::Beginner => Some(2),
            Strength::Casual => Some(3),
            Strength::Club => Some(6),
            Strength::Full => None,
        }
    }
}

/// Who plays whom, as the "new game" form says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Human {
    /// The person plays White, the engine Black.
    White,
    /// The person plays Black, the engine White.
    Black,
    /// Two people at one board.
    Both,
    /// The engine plays itself.
    None,
}

/// The body of "new game" (every field optional: the server's defaults).
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct NewGameRequest {
    /// The board.
    pub board: Option<BoardName>,
    /// The person's side.
    pub human: Option<Human>,
    /// Seconds per engine move.
    pub movetime: Option<f64>,
    /// The engine's strength.
    pub strength: Option<Strength>,
    /// Where to start: any text the replay reads (a move list, after an optional
    /// `setboard <position>` line, or a record file's first game); default the start.
    pub from: Option<String>,
    /// On a full server: the ticket of an earlier refusal, the tab's place in line.
    pub ticket: Option<String>,
}

/// The body of "settings": which sides the engine plays, time and strength.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct SettingsRequest {
    /// Whether the engine plays White.
    pub engine_white: Option<bool>,
    /// Whether the engine plays Black.
    pub engine_black: Option<bool>,
    /// Seconds per engine move.
    pub movetime: Option<f64>,
    /// The engine's strength.
    pub strength: Option<Strength>,
}

/// The least time a hint searches: a hint is the engine's best, even in a game whose
/// engine plays fast.
pub const HINT_TIME: Duration = Duration::from_secs(1);

/// The shortest and longest time per move the page may ask for, in seconds.
pub const MOVETIME_RANGE: (f64, f64) = (0.05, 60.0);

/// Why a request on a game is refused: what the game says, in one line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GameError {
    /// A time per move the page may not ask for.
    #[error("movetime {0} is out of range: expected {lo} to {hi} seconds", lo = MOVETIME_RANGE.0, hi = MOVETIME_RANGE.1)]
    Movetime(f64),
    /// A take-back to a ply the game has not reached.
    #[error("cannot take back to ply {plies}: the game has {played} plies")]
    PastTheEnd {
        /// The ply asked for.
        plies: usize,
        /// The plies played.
        played: usize,
    },
    /// The game is over (its result in words).
    #[error("the game is over: {0}")]
    Over(String),
    /// A person's move while the engine is to move.
    #[error("it is the engine's turn ({0}): wait for its move")]
    EngineTurn(Color),
    /// An undo with no move played.
    #[error("nothing to take back")]
    NothingToUndo,
    /// A hint while the engine searches.
    #[error("the engine is thinking: wait for it")]
    Thinking,
    /// Clicks that make no move.
    #[error(transparent)]
    Clicks(#[from] ClickError),
    /// A move text that is no move (boxed: it is large, and rare).
    #[error(transparent)]
    Notation(Box<ParseMoveError>),
    /// A move the rules refuse, with the rules core's reason.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// A start (a move list, a record, a `setboard` line) that gives no game.
    #[error(transparent)]
    Start(#[from] ReplayError),
}

/// Seconds from a request, checked against [`MOVETIME_RANGE`].
///
/// # Errors
/// [`GameError::Movetime`], which names the range.
pub fn movetime_from(seconds: f64) -> Result<Duration, GameError> {
    let (lo, hi) = MOVETIME_RANGE;
    if seconds.is_finite() && (lo..=hi).contains(&seconds) {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(GameError::Movetime(seconds))
    }
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum SearchKind {
    /// The engine's own move, played when found.
    Move,
    /// A suggestion for the person, shown and not played.
    Hint,
}

/// A search in progress.
struct Running {
    id: u64,
    kind: SearchKind,
    stop: Arc<AtomicBool>,
    started: Instant,
    live: Option<SearchView>,
}

/// Where the game's engine is.
enum EngineSlot {
    /// Not created yet (created on the first search, so games nobody asks the engine
    /// about cost no table memory).
    Absent,
    /// Ready.
    Idle(Box<Engine>),
    /// On a search thread (possibly a cancelled one that has not noticed yet).
    Busy,
}

/// A search report as the page shows it.
#[derive(Serialize, Clone, Debug)]
pub struct SearchView {
    /// Depth in plies.
    pub depth: u32,
    /// The score in words (`White is ahead by 0.40 stones`, `Black wins in 7 plies`).
    pub score: String,
    /// The principal variation in notation.
    pub pv: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds searched.
    pub time_ms: u64,
    /// The move the search chose (for a finished search).
    pub best: Option<String>,
}

impl SearchView {
    fn of_info(info: &Iteration, pos: &Position) -> SearchView {
        let topo = pos.topology();
        SearchView {
            depth: info.depth,
            score: score_words(info.score, pos.side_to_move()),
            pv: info.pv.iter().map(|m| m.display(topo).to_string()).collect(),
            nodes: info.nodes,
            time_ms: u64::try_from(info.elapsed.as_millis()).unwrap_or(u64::MAX),
            best: None,
        }
    }

    fn of_result(result: &SearchOutcome, pos: &Position) -> SearchView {
        let topo = pos.topology();
        SearchView {
            depth: result.depth,
            score: score_words(result.score, pos.side_to_move()),
            pv: result.pv.iter().map(|m| m.display(topo).to_string()).collect(),
            nodes: result.nodes,
            time_ms: u64::try_from(result.elapsed.as_millis()).unwrap_or(u64::MAX),
            best: result.best.map(|m| m.display(topo).to_string()),
        }
    }
}

/// One game on the page.
pub struct GameSession {
    meta: Meta,
    config: Arc<ServeConfig>,
    board: BoardName,
    game: Game,
    engine_sides: ByColor<bool>,
    movetime: Duration,
    strength: Strength,
    engine: EngineSlot,
    search: Option<Running>,
    /// Searches stopped because no page watched; the next request resumes them.
    paused: bool,
    /// The engine's last move's search, with the plies played once that move was: a
    /// move taken back takes its search with it.
    last_search: Option<(usize, SearchView)>,
    hint: Option<(Move, SearchView, HintSource)>,
    message: Option<String>,
    /// What is known of each position's value so far (index: plies played), for the
    /// value graph: exact where the tables cover it, else the engine's search there.
    graph: Vec<Option<GraphPoint>>,
    /// The side that resigned, which ends the game.
    resigned: Option<Color>,
    /// Each side's time used on its moves so far.
    clock: ByColor<Duration>,
    /// When the side to move's turn began.
    turn_started: Instant,
}

/// Each side's time used, for the page's clock.
#[derive(Serialize, Debug)]
pub struct ClockView {
    /// Milliseconds used by White and Black, the side to move's running turn included.
    pub used_ms: [u64; 2],
    /// The side whose time runs (`white`, `black`), none once the game is over.
    pub running: Option<&'static str>,
}

/// A past position, for viewing the game's history.
#[derive(Serialize, Debug)]
pub struct HistoryPly {
    /// The board string.
    pub stones: String,
    /// The position: side to move, stones in hand and on the board, phases (the side
    /// panel shows the position viewed, not the live one).
    pub position: PositionView,
    /// The move that led here (none for the start).
    #[serde(rename = "move")]
    pub mv: Option<MoveView>,
}

impl Session for GameSession {
    const KIND: &'static str = "game";

    fn meta(&mut self) -> &mut Meta {
        &mut self.meta
    }

    /// A search running, or a cancelled one whose thread still holds the engine.
    fn is_running(&self) -> bool {
        self.search.is_some() || matches!(self.engine, EngineSlot::Busy)
    }

    /// Stops the search, which the next request resumes, telling the page why it stopped.
    fn abandon(&mut self) -> bool {
        if self.search.is_none() {
            return false;
        }
        self.cancel_search();
        self.paused = true;
        self.message = Some("The engine stopped thinking because no page was watching; it resumes now.".to_string());
        true
    }

    fn close(&mut self) {
        self.stop();
    }
}

static SEARCH_IDS: AtomicU64 = AtomicU64::new(1);

/// A game's state as the page draws it.
#[derive(Serialize, Debug)]
pub struct GameState {
    /// The game's id.
    pub id: String,
    /// Raised by every change.
    pub version: u64,
    /// `standard` or `classroom22`.
    pub board: BoardName,
    /// The drawing of the board.
    pub geometry: Geometry,
    /// The rules in one line.
    pub rules: String,
    /// The current position.
    pub position: PositionView,
    /// The moves so far, in notation.
    pub moves: Vec<String>,
    /// The last move, in parts.
    pub last_move: Option<MoveView>,
    /// The result in words, if the game is over.
    pub outcome: Option<String>,
    /// `human`, `engine` or `over`: who is to act.
    pub turn: &'static str,
    /// Whether the engine plays White and Black.
    pub engine_sides: [bool; 2],
    /// Seconds per engine move.
    pub movetime: f64,
    /// The engine's strength.
    pub strength: Strength,
    /// The points a click may start a move on (for the person's turn).
    pub choices: Vec<&'static str>,
    /// The search in progress: `move` or `hint`, and its last iteration.
    pub thinking: Option<ThinkingView>,
    /// The engine's last finished search.
    pub last_search: Option<SearchView>,
    /// The last hint.
    pub hint: Option<HintView>,
    /// Perfect-play values, when tables are loaded.
    pub tables: Option<TablesView>,
    /// A notice (e.g. a search stopped because the page went away).
    pub message: Option<String>,
    /// The game written out (a move list, a record, the position).
    pub export: ExportView,
    /// Every position so far, from the start: the history the page steps through.
    pub history: Vec<HistoryPly>,
    /// The value graph: each position's value for White, where known.
    pub graph: Vec<Option<GraphPoint>>,
    /// Each side's time used.
    pub clock: ClockView,
}

/// A search in progress, for the page.
#[derive(Serialize, Debug)]
pub struct ThinkingView {
    /// `move` or `hint`.
    kind: SearchKind,
    /// Milliseconds since it started.
    elapsed_ms: u64,
    /// The last finished iteration.
    live: Option<SearchView>,
}

/// A hint: the move the engine suggests and its search.
#[derive(Serialize, Debug)]
pub struct HintView {
    /// The move, in parts.
    #[serde(rename = "move")]
    pub mv: MoveView,
    /// The search behind it (for the tables' move: depth 0, its value in words).
    pub search: SearchView,
    /// Where it comes from: `tables` or `engine`.
    pub source: HintSource,
}

/// Where a hint comes from.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum HintSource {
    /// The endgame tables' best move: they value every move of the position.
    Tables,
    /// The full engine's search.
    Engine,
}

/// The tables' view: the position's perfect-play value and each legal move's.
#[derive(Serialize, Debug)]
pub struct TablesView {
    /// Whether the tables cover this position and all its moves.
    pub covered: bool,
    /// The value for the side to move, in words (or why it is not covered).
    pub value: String,
    /// Each legal move with its value for the side making it, best first.
    pub moves: Vec<MoveValueView>,
}

/// One legal move and its perfect-play value.
#[derive(Serialize, Debug)]
pub struct MoveValueView {
    /// The move, in parts.
    #[serde(rename = "move")]
    pub mv: MoveView,
    /// The value for the side making it.
    pub value: ValueView,
}

/// What a click answers.
#[derive(Serialize, Debug)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum InputReply {
    /// The move is not complete: the clicks so far, the points that may come next and
    /// what to do.
    Need {
        /// What the next click chooses: `to` or `remove`.
        stage: clicks::ClickStage,
        /// The clicks that stand (a click on another own stone replaces the first).
        clicks: Vec<&'static str>,
        /// The points the next click may go to.
        highlight: Vec<&'static str>,
        /// What to do next, in words.
        prompt: String,
        /// While a removal is pending: the points of the mills the move just closed.
        mill: Vec<&'static str>,
    },
    /// The move was played.
    Played {
        /// The game after it.
        state: Box<GameState>,
    },
}

/// The game a new-game request starts: from the start of `board`, or from the text it
/// names (whose board is `board` when the request names one, else the one its names fit).
fn start_game(
    config: &ServeConfig,
    board: BoardName,
    request: &NewGameRequest,
) -> Result<(BoardName, Game), GameError> {
    match &request.from {
        Some(text) => Ok(super::replay::game_from_text(config, text, None, request.board)?),
        None => Ok((board, Game::new(Position::start(config.rules.on(board.into()))))),
    }
}

fn sides_of(human: Human) -> ByColor<bool> {
    match human {
        Human::White => ByColor([false, true]),
        Human::Black => ByColor([true, false]),
        Human::Both => ByColor([false, false]),
        Human::None => ByColor([true, true]),
    }
}

impl GameSession {
    /// A new game with the server's defaults changed by `request`.
    ///
    /// # Errors
    /// A movetime out of range, or a start that gives no game.
    pub fn new(config: Arc<ServeConfig>, request: &NewGameRequest) -> Result<GameSession, GameError> {
        let movetime = match request.movetime {
            Some(s) => movetime_from(s)?,
            None => config.movetime,
        };
        let (board, game) = start_game(&config, request.board.unwrap_or(BoardName::Standard), request)?;
        Ok(GameSession {
            meta: Meta::new(),
            board,
            game,
            engine_sides: sides_of(request.human.unwrap_or(Human::White)),
            movetime,
            strength: request.strength.unwrap_or(config.strength),
            engine: EngineSlot::Absent,
            search: None,
            paused: false,
            last_search: None,
            hint: None,
            message: None,
            graph: Vec::new(),
            resigned: None,
            clock: ByColor([Duration::ZERO; 2]),
            turn_started: Instant::now(),
            config,
        })
    }

    fn position(&self) -> Position {
        *self.game.position()
    }

    fn is_engine_turn(&self) -> bool {
        self.game.outcome().is_none() && self.resigned.is_none() && self.engine_sides[self.position().side_to_move()]
    }

    /// The result in words, if the game is over (by the rules, or by a resignation).
    fn result_words(&self) -> Option<String> {
        match (self.game.outcome(), self.resigned) {
            (Some(outcome), _) => Some(outcome_words(outcome)),
            (None, Some(side)) => Some(format!("{} wins by {side}'s resignation", !side)),
            (None, None) => None,
        }
    }

    /// Adds the time since the turn began to `mover`'s clock; the next turn begins now.
    fn charge_clock(&mut self, mover: Color) {
        self.clock[mover] += self.turn_started.elapsed();
        self.turn_started = Instant::now();
    }

    fn clock_view(&self, over: bool) -> ClockView {
        let side = self.position().side_to_move();
        let ms = |c: Color| {
            let running = if over || c != side { Duration::ZERO } else { self.turn_started.elapsed() };
            u64::try_from((self.clock[c] + running).as_millis()).unwrap_or(u64::MAX)
        };
        ClockView { used_ms: [ms(Color::White), ms(Color::Black)], running: (!over).then(|| side.name()) }
    }

    /// The person gives the game up: the side they play (with two people at the board, or
    /// nobody, the side to move).
    ///
    /// # Errors
    /// [`GameError::Over`].
    pub fn resign(&mut self) -> Result<(), GameError> {
        if let Some(words) = self.result_words() {
            return Err(GameError::Over(words));
        }
        let side = match (self.engine_sides[Color::White], self.engine_sides[Color::Black]) {
            (true, false) => Color::Black,
            (false, true) => Color::White,
            _ => self.position().side_to_move(),
        };
        self.cancel_search();
        self.resigned = Some(side);
        self.hint = None;
        self.message = None;
        Ok(())
    }

    /// The state for the page.
    #[must_use]
    pub fn state(&self, id: &str) -> GameState {
        let pos = self.position();
        let topo = pos.topology();
        let outcome = self.result_words();
        let turn = if outcome.is_some() {
            "over"
        } else if self.engine_sides[pos.side_to_move()] {
            "engine"
        } else {
            "human"
        };
        let choices = if turn == "human" { clicks::start_points(&pos) } else { Vec::new() };
        GameState {
            id: id.to_string(),
            version: self.meta.version,
            board: self.board,
            geometry: geometry(topo),
            rules: pos.rules().describe(),
            position: PositionView::of(&pos),
            moves: self.game.moves().map(|m| m.display(topo).to_string()).collect(),
            last_move: self.game.last_move().map(|m| MoveView::of(m, topo)),
            clock: self.clock_view(outcome.is_some()),
            outcome,
            turn,
            engine_sides: [self.engine_sides[Color::White], self.engine_sides[Color::Black]],
            movetime: self.movetime.as_secs_f64(),
            strength: self.strength,
            choices,
            thinking: self.search.as_ref().map(|r| ThinkingView {
                kind: r.kind,
                elapsed_ms: u64::try_from(r.started.elapsed().as_millis()).unwrap_or(u64::MAX),
                live: r.live.clone(),
            }),
            last_search: self.last_search.as_ref().map(|(_, view)| view.clone()),
            hint: self.hint.as_ref().map(|(m, s, source)| HintView {
                mv: MoveView::of(*m, topo),
                search: s.clone(),
                source: *source,
            }),
            tables: self.tables_view(),
            message: self.message.clone(),
            export: export(&self.game, self.engine_sides.0.map(|e| if e { "morris" } else { "person" }), self.resigned),
            history: self.history(),
            graph: (0..=self.game.len()).map(|i| self.graph.get(i).copied().flatten()).collect(),
        }
    }

    fn history(&self) -> Vec<HistoryPly> {
        let mut pos = *self.game.start();
        let topo = pos.topology();
        let mut out = vec![HistoryPly { stones: pos.board_string(), position: PositionView::of(&pos), mv: None }];
        for m in self.game.moves() {
            pos = pos.play_unchecked(m);
            let (stones, position) = (pos.board_string(), PositionView::of(&pos));
            out.push(HistoryPly { stones, position, mv: Some(MoveView::of(m, topo)) });
        }
        out
    }

    /// Notes a value of the position after `ply` plies on the graph; an exact value
    /// is not replaced by a search's.
    fn note_value(&mut self, ply: usize, point: GraphPoint) {
        if self.graph.len() <= ply {
            self.graph.resize(ply + 1, None);
        }
        if !self.graph[ply].is_some_and(|p| p.exact && !point.exact) {
            self.graph[ply] = Some(point);
        }
    }

    /// Takes the game back to the position after `plies` plies (the person then plays
    /// on from there; the engine moves if it is its turn).
    ///
    /// # Errors
    /// [`GameError::PastTheEnd`] for a ply beyond the game's.
    pub fn take_back_to(
        &mut self,
        slot: &Arc<SessionSlot<GameSession>>,
        plies: usize,
    ) -> Result<Vec<String>, GameError> {
        if plies > self.game.len() {
            return Err(GameError::PastTheEnd { plies, played: self.game.len() });
        }
        self.cancel_search();
        let topo = self.position().topology();
        let mut taken = Vec::new();
        while self.game.len() > plies {
            if let Some(m) = self.game.undo() {
                taken.push(m.display(topo).to_string());
            }
        }
        taken.reverse();
        self.graph.truncate(plies + 1);
        self.forget_undone_search();
        self.resigned = None;
        self.turn_started = Instant::now();
        self.hint = None;
        self.message = None;
        self.paused = false;
        self.after_change(slot);
        Ok(taken)
    }

    fn tables_view(&self) -> Option<TablesView> {
        let tables = self.config.tables.as_deref()?;
        let pos = self.position();
        let topo = pos.topology();
        if self.game.outcome().is_some() {
            return None;
        }
        match verdict::move_values(Some(tables), &self.game) {
            Some(values) => {
                let value = match verdict::exact(Some(tables), &self.game) {
                    Some(Verdict::ExactClass(v)) => class_words(v, pos.side_to_move()),
                    Some(Verdict::Exact(v)) => value_words(v, pos.side_to_move()),
                    _ => String::new(),
                };
                let moves = values
                    .into_iter()
                    .map(|(m, v)| {
                        let distance = verdict::has_distance(&pos.play_unchecked(m));
                        MoveValueView { mv: MoveView::of(m, topo), value: ValueView::with_distance(v, distance) }
                    })
                    .collect();
                Some(TablesView { covered: true, value, moves })
            }
            None => Some(TablesView {
                covered: false,
                value: "not in the tables (they cover the standard board: the moving phase, and the placing phase \
                        once its layers are built)"
                    .to_string(),
                moves: Vec::new(),
            }),
        }
    }

    /// The clicks so far (point names) → a move, played at once, or what comes next
    /// (`None`: the move was played).
    ///
    /// # Errors
    /// Not the person's turn, or clicks no legal move allows (with the rules core's
    /// reason).
    pub fn input(
        &mut self,
        slot: &Arc<SessionSlot<GameSession>>,
        names: &[String],
    ) -> Result<Option<InputReply>, GameError> {
        self.check_human_turn()?;
        let pos = self.position();
        match clicks::interpret(&pos, names)? {
            Clicked::Need { stage, clicks, highlight, prompt, mill } => {
                Ok(Some(InputReply::Need { stage, clicks, highlight, prompt, mill }))
            }
            Clicked::Play(m) => {
                self.play_human(slot, m)?;
                Ok(None)
            }
        }
    }

    /// A whole move in notation, as the protocol reads it.
    ///
    /// # Errors
    /// Not the person's turn, or the notation's or the rules' reason.
    pub fn play_text(&mut self, slot: &Arc<SessionSlot<GameSession>>, text: &str) -> Result<(), GameError> {
        self.check_human_turn()?;
        let m = parse_move(text, self.position().topology()).map_err(|e| GameError::Notation(Box::new(e)))?;
        self.play_human(slot, m)
    }

    fn check_human_turn(&self) -> Result<(), GameError> {
        if let Some(words) = self.result_words() {
            return Err(GameError::Over(words));
        }
        let side = self.position().side_to_move();
        if self.engine_sides[side] {
            return Err(GameError::EngineTurn(side));
        }
        Ok(())
    }

    fn play_human(&mut self, slot: &Arc<SessionSlot<GameSession>>, m: Move) -> Result<(), GameError> {
        let mover = self.position().side_to_move();
        self.game.play(m)?;
        self.charge_clock(mover);
        // A hint for the position before is worthless now.
        self.cancel_search();
        self.hint = None;
        self.message = None;
        self.after_change(slot);
        Ok(())
    }

    /// Takes back the last move and the engine's replies after it, so it is a person's
    /// turn again (with nobody's side the engine's, one move).
    ///
    /// # Errors
    /// [`GameError::NothingToUndo`].
    pub fn undo(&mut self, slot: &Arc<SessionSlot<GameSession>>) -> Result<Vec<String>, GameError> {
        if self.game.is_empty() {
            return Err(GameError::NothingToUndo);
        }
        self.cancel_search();
        let topo = self.position().topology();
        let mut taken = Vec::new();
        while let Some(m) = self.game.undo() {
            taken.push(m.display(topo).to_string());
            let side = self.position().side_to_move();
            if !self.engine_sides[side] || self.game.is_empty() {
                break;
            }
        }
        taken.reverse();
        self.graph.truncate(self.game.len() + 1);
        self.forget_undone_search();
        self.resigned = None;
        self.turn_started = Instant::now();
        self.hint = None;
        self.message = None;
        self.paused = false;
        self.after_change(slot);
        Ok(taken)
    }

    /// Drops the engine's last search once its move is taken back (the page said
    /// "played D5" after D5 was undone).
    fn forget_undone_search(&mut self) {
        let plies = self.game.len();
        self.last_search.take_if(|(played, _)| *played > plies);
    }

    /// Starts a search for the side to move whose best move is shown, not played.
    ///
    /// # Errors
    /// The game is over, or the engine is busy.
    pub fn hint(&mut self, slot: &Arc<SessionSlot<GameSession>>) -> Result<(), GameError> {
        if let Some(words) = self.result_words() {
            return Err(GameError::Over(words));
        }
        if self.is_running() {
            return Err(GameError::Thinking);
        }
        self.hint = self.table_hint();
        if self.hint.is_none() {
            self.start_search(slot, SearchKind::Hint);
        }
        Ok(())
    }

    /// Starts again with the choices of `request` (the board, sides, time and strength
    /// not given stay as they were).
    ///
    /// # Errors
    /// A movetime out of range, or a start that gives no game.
    pub fn restart(&mut self, slot: &Arc<SessionSlot<GameSession>>, request: &NewGameRequest) -> Result<(), GameError> {
        if let Some(s) = request.movetime {
            self.movetime = movetime_from(s)?;
        }
        let (board, game) = start_game(&self.config, request.board.unwrap_or(self.board), request)?;
        self.cancel_search();
        self.board = board;
        if let Some(h) = request.human {
            self.engine_sides = sides_of(h);
        }
        if let Some(s) = request.strength {
            self.strength = s;
        }
        self.game = game;
        self.graph.clear();
        self.resigned = None;
        self.clock = ByColor([Duration::ZERO; 2]);
        self.turn_started = Instant::now();
        if let EngineSlot::Idle(engine) = &mut self.engine {
            // Forget the old game's table, so the new game's searches do not depend on it.
            engine.set_game(self.game.clone());
            engine.new_game();
        }
        self.last_search = None;
        self.hint = None;
        self.message = None;
        self.paused = false;
        self.after_change(slot);
        Ok(())
    }

    /// Changes which sides the engine plays, the time per move or the strength.
    ///
    /// # Errors
    /// A movetime out of range.
    pub fn settings(
        &mut self,
        slot: &Arc<SessionSlot<GameSession>>,
        request: &SettingsRequest,
    ) -> Result<(), GameError> {
        if let Some(s) = request.movetime {
            self.movetime = movetime_from(s)?;
        }
        if let Some(w) = request.engine_white {
            self.engine_sides[Color::White] = w;
        }
        if let Some(b) = request.engine_black {
            self.engine_sides[Color::Black] = b;
        }
        if let Some(s) = request.strength {
            self.strength = s;
        }
        // A search for a side the engine no longer plays stops; a hint stays.
        if self.search.as_ref().is_some_and(|r| r.kind == SearchKind::Move) && !self.is_engine_turn() {
            self.cancel_search();
        }
        self.paused = false;
        self.after_change(slot);
        Ok(())
    }

    /// Stops the search in progress (the page is going away); a later request resumes.
    pub fn stop(&mut self) {
        if self.search.is_some() {
            self.cancel_search();
            self.paused = true;
        }
    }

    /// Whether searches are paused because no page watched.
    #[must_use]
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// A page asks again: a search paused for lack of watchers resumes.
    pub fn resume(&mut self, slot: &Arc<SessionSlot<GameSession>>) {
        if self.paused {
            self.paused = false;
            self.after_change(slot);
        }
    }

    /// A new game's first step: the engine moves if it plays White.
    pub fn begin(&mut self, slot: &Arc<SessionSlot<GameSession>>) {
        self.after_change(slot);
    }

    fn cancel_search(&mut self) {
        if let Some(r) = self.search.take() {
            r.stop.store(true, Ordering::Relaxed);
        }
    }

    /// After any change: the engine moves if it is its turn.
    fn after_change(&mut self, slot: &Arc<SessionSlot<GameSession>>) {
        let exact = verdict::exact_value(self.config.tables.as_deref(), &self.game);
        if let Some(v) = exact {
            self.note_value(self.game.len(), GraphPoint::of_value(v, self.position().side_to_move()));
        }
        if self.is_engine_turn() && self.search.is_none() && !self.paused {
            self.start_search(slot, SearchKind::Move);
        }
    }

    fn engine_options(&self, eval: EvalChoice) -> EngineOptions {
        EngineOptions {
            hash_mb: self.config.hash_mb,
            threads: self.config.threads,
            oracle: self.config.tables.clone().map(|t| t as Arc<dyn Oracle>),
            ..EngineOptions::for_eval(eval)
        }
    }

    /// The evaluation, depth limit and time of a search: the game's strength for the
    /// engine's own moves; for a hint, the full engine whatever the strength (a hint is
    /// the best move the engine can find), for the game's time per move but at least
    /// [`HINT_TIME`].
    fn search_plan(&self, kind: SearchKind) -> (EvalChoice, Option<u32>, Duration) {
        match kind {
            SearchKind::Move => {
                let depth = match (self.strength.depth(), self.config.depth) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                (self.strength.eval(), depth, self.movetime)
            }
            SearchKind::Hint => (EvalChoice::Strong, self.config.depth, self.movetime.max(HINT_TIME)),
        }
    }

    /// The tables' best move, when they value every move of the position: a hint that
    /// needs no search.
    fn table_hint(&self) -> Option<(Move, SearchView, HintSource)> {
        let values = verdict::move_values(self.config.tables.as_deref(), &self.game)?;
        // Short wins first, then draws, then long losses.
        let rank = |v: OracleValue| match v {
            OracleValue::Win(n) => (0, i32::from(n)),
            OracleValue::Draw => (1, 0),
            OracleValue::Loss(n) => (2, -i32::from(n)),
        };
        let &(m, v) = values.iter().min_by_key(|(_, v)| rank(*v))?;
        let pos = self.position();
        let side = pos.side_to_move();
        let score =
            if verdict::has_distance(&pos.play_unchecked(m)) { value_words(v, side) } else { class_words(v, side) };
        let view = SearchView {
            depth: 0,
            score,
            pv: vec![m.display(pos.topology()).to_string()],
            nodes: 0,
            time_ms: 0,
            best: Some(m.display(pos.topology()).to_string()),
        };
        Some((m, view, HintSource::Tables))
    }

    /// Starts a search on its own thread, unless the engine is still held by a search
    /// that was cancelled: that one's return starts this one (one search per game).
    fn start_search(&mut self, slot: &Arc<SessionSlot<GameSession>>, kind: SearchKind) {
        let (eval, depth, movetime) = self.search_plan(kind);
        let mut engine = match std::mem::replace(&mut self.engine, EngineSlot::Busy) {
            EngineSlot::Busy => return,
            EngineSlot::Idle(e) if e.options().eval == eval => e,
            EngineSlot::Idle(_) | EngineSlot::Absent => {
                Box::new(Engine::new(self.engine_options(eval), *self.game.start()))
            }
        };
        engine.set_game(self.game.clone());
        let id = SEARCH_IDS.fetch_add(1, Ordering::Relaxed);
        let stop = engine.stop_flag();
        self.search = Some(Running { id, kind, stop: Arc::clone(&stop), started: Instant::now(), live: None });
        let limits = SearchLimits { movetime: Some(movetime), depth, ..SearchLimits::default() };
        let slot = Arc::clone(slot);
        let spawned = std::thread::Builder::new().name(format!("search-{id}")).spawn(move || {
            let pos = *engine.game().position();
            let result = engine.think(&limits, &mut |info| {
                slot.update(|s, _| match &mut s.search {
                    Some(r) if r.id == id => r.live = Some(SearchView::of_info(info, &pos)),
                    // Cancelled before the engine cleared its stop flag: stop now.
                    _ => stop.store(true, Ordering::Relaxed),
                });
            });
            slot.update(|s, slot| s.search_done(slot, id, engine, &result));
        });
        if let Err(e) = spawned {
            log::error!("cannot start a search thread: {e}");
            self.search = None;
            self.engine = EngineSlot::Absent;
            self.message = Some(format!("The engine could not start a search: {e}"));
        }
    }

    fn search_done(
        &mut self,
        slot: &Arc<SessionSlot<GameSession>>,
        id: u64,
        engine: Box<Engine>,
        result: &SearchOutcome,
    ) {
        self.engine = EngineSlot::Idle(engine);
        let current = self.search.as_ref().is_some_and(|r| r.id == id);
        if current && let Some(running) = self.search.take() {
            let pos = self.position();
            let view = SearchView::of_result(result, &pos);
            self.note_value(self.game.len(), GraphPoint::of_score(result.score, pos.side_to_move()));
            let chosen = result.best.filter(|&m| pos.is_legal(m)).or_else(|| {
                // A search that returns no legal move must not stall the game.
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                list.first().copied()
            });
            match (running.kind, chosen) {
                (SearchKind::Move, Some(m)) => {
                    match self.game.play(m) {
                        Ok(()) => self.charge_clock(pos.side_to_move()),
                        Err(e) => log::error!("the engine's move {} was refused: {e}", m.display(pos.topology())),
                    }
                    log::info!(
                        "engine played {} after {:?} (depth {}, {})",
                        m.display(pos.topology()),
                        running.started.elapsed(),
                        view.depth,
                        view.score
                    );
                    self.last_search = Some((self.game.len(), view));
                }
                (SearchKind::Hint, Some(m)) => self.hint = Some((m, view, HintSource::Engine)),
                (_, None) => {}
            }
        }
        self.after_change(slot);
    }
}
