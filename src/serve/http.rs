//! HTTP: the routes, JSON bodies, limits and errors, over hyper's HTTP/1.1 on one Tokio
//! thread ([`net`] holds the connections and their limits). A request's body
//! is read without a thread; its handler then runs on Tokio's blocking pool (handlers
//! lock sessions and may compute verdicts); a long poll waits as a future, without a
//! thread, for its session's next change.
//!
//! Routes (every body and answer is JSON; errors are `{"error": "one line"}` with a 4xx):
//!
//! | method | path | what |
//! |---|---|---|
//! | GET | `/` | the page |
//! | POST | `/api/games` | a new game (body: board, human, movetime, strength, from: a text the replay reads; all optional) |
//! | GET | `/api/games/ID?after=V&wait=S` | the game's state, once its version is newer than V (waits up to S seconds) |
//! | POST | `/api/games/ID/input` | `{"clicks": ["D2"]}`: the points clicked so far |
//! | POST | `/api/games/ID/move` | `{"move": "D3,G1"}`: a whole move in notation |
//! | POST | `/api/games/ID/undo`, `/hint`, `/stop`, `/close` | take back, suggest a move, stop the search, forget the game |
//! | POST | `/api/games/ID/leave` | the page went away (a beacon): stop the search, forget the game in a few seconds unless asked again |
//! | POST | `/api/games/ID/takeback` | `{"plies": N}`: back to the position after N plies |
//! | POST | `/api/games/ID/new`, `/settings` | start again; change the engine's sides, time, strength |
//! | POST | `/api/replays` | `{"text": "...", "game": N}`: a record file or move list to replay |
//! | GET | `/api/replays/ID?after=V&wait=S` | the replay with its analysis so far |
//! | POST | `/api/replays/ID/close` | stop its analysis and forget it |

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use hyper::body::{Body as _, Incoming};
use hyper::header::{CACHE_CONTROL, CONNECTION, CONTENT_TYPE, HeaderMap, HeaderValue};
use hyper::{Method, StatusCode};

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while_m_n, take_while1};
use nom::character::complete::char;
use nom::combinator::{all_consuming, eof, map, opt, value};
use nom::sequence::preceded;
use nom::{IResult, Parser};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use tokio::sync::watch;

use super::ServeConfig;
use super::clicks::ClickError;
use super::games::{GameError, GameSession, InputReply, NewGameRequest, SettingsRequest};
use super::net::{self, Conn, Connections, Limits};
use super::replay::{ReplayError, ReplayRequest, ReplaySession};
use super::slot::{Session, Slot};

/// The page, with its script and styles, shipped inside the binary.
const PAGE: &str = include_str!("page.html");

/// The largest request body accepted, in bytes (a record file of a long tournament).
pub const MAX_BODY: usize = 1 << 20;
/// A body over [`MAX_BODY`] is read to its end (and thrown away) before it is refused
/// when it is at most this long; a longer one is refused unread and its connection closed.
const DRAINED: usize = 4 * MAX_BODY;
/// The longest URL accepted, in bytes.
pub const MAX_URL: usize = 2048;
/// The most header bytes accepted.
pub const MAX_HEADERS: usize = 16 * 1024;
/// The most request handlers running at once on the blocking pool (waiting polls and
/// bodies being received hold none); more wait their turn.
const MAX_HANDLERS: usize = 64;
/// Polls answered at once (each makes its session's state on the blocking pool).
const POLL_ANSWERS: usize = 2;
/// The longest a poll may wait for a change.
pub const MAX_WAIT: Duration = Duration::from_secs(30);
/// How many tabs may wait in line for a place on a full server.
pub const QUEUE_CAP: usize = 64;
/// How often a tab in line asks again (told with each refusal).
pub const RETRY_AFTER: Duration = Duration::from_secs(5);
/// A ticket not shown again for this long has left the line (its tab went away).
pub const TICKET_EXPIRY: Duration = Duration::from_secs(15);
/// How many ids of sessions closed to make room are remembered, so their pages are told
/// why their game is gone (410) rather than that it never was (404).
const EVICTED_REMEMBERED: usize = 1024;

/// A refused request: an HTTP status (4xx, or 503 when the server is full) and a
/// one-line reason, sent as `{"error": reason}`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ApiError {
    /// The HTTP status.
    status: u16,
    /// Why, in one line.
    reason: String,
}

impl ApiError {
    /// 400: the request is malformed.
    fn bad_request(reason: String) -> ApiError {
        ApiError { status: 400, reason }
    }

    /// 404: no such page, game or replay.
    fn not_found(reason: String) -> ApiError {
        ApiError { status: 404, reason }
    }

    /// 410: a game or replay that was closed to make room for a new one.
    fn gone(reason: String) -> ApiError {
        ApiError { status: 410, reason }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status, self.reason)
    }
}

/// The status of clicks refused: 400 for what no page sends, 422 for what the rules
/// refuse.
fn click_status(e: &ClickError) -> u16 {
    match e {
        ClickError::Count(_) | ClickError::AfterRemoval => 400,
        ClickError::NotAPoint { .. } | ClickError::Blocked(_) | ClickError::Illegal(_) => 422,
    }
}

/// The status of a text that gives no game: 400, or 422 for a move the rules refuse.
fn replay_status(e: &ReplayError) -> u16 {
    match e {
        ReplayError::Move(_) => 422,
        ReplayError::Text(_) | ReplayError::Unreachable { .. } | ReplayError::TooLong { .. } => 400,
        ReplayError::NoSuchGame { .. } => 400,
    }
}

/// The status of a refused action on a game: 400 for a value out of range, 409 for not
/// now, 422 for a move the rules refuse.
fn game_status(e: &GameError) -> u16 {
    match e {
        GameError::Movetime(_) | GameError::PastTheEnd { .. } => 400,
        GameError::Over(_) | GameError::EngineTurn(_) | GameError::NothingToUndo | GameError::Thinking => 409,
        GameError::Notation(_) | GameError::Illegal(_) => 422,
        GameError::Clicks(e) => click_status(e),
        GameError::Start(e) => replay_status(e),
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        ApiError { status: game_status(&e), reason: e.to_string() }
    }
}

impl From<ReplayError> for ApiError {
    fn from(e: ReplayError) -> ApiError {
        ApiError { status: replay_status(&e), reason: e.to_string() }
    }
}

/// A running server.
pub struct ServerHandle {
    addr: SocketAddr,
    hub: Arc<Hub>,
    connections: Arc<Connections>,
    /// Raised to stop accepting and serving.
    closing: watch::Sender<bool>,
    /// The Tokio thread: connections, bodies, polls.
    io: JoinHandle<()>,
    reaper: JoinHandle<()>,
}

impl ServerHandle {
    /// The address it listens on.
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's URL.
    #[must_use]
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Serves until the process ends.
    pub fn wait(self) {
        let _ = self.io.join();
    }

    /// Stops accepting requests, stops every search and analysis, and returns once the
    /// server's own threads have ended.
    pub fn shutdown(self) {
        self.hub.closing.store(true, Ordering::Relaxed);
        self.closing.send_replace(true);
        let _ = self.io.join();
        let _ = self.reaper.join();
        for slot in self.hub.games.lock().unwrap_or_else(PoisonError::into_inner).values() {
            slot.update(|s, _| s.stop());
        }
        for slot in self.hub.replays.lock().unwrap_or_else(PoisonError::into_inner).values() {
            slot.update(|s, _| s.stop());
        }
    }

    /// How many games and replays are open (for tests and measurements).
    #[must_use]
    pub fn sessions(&self) -> usize {
        self.hub.count()
    }

    /// How many connections are open (for tests and measurements).
    #[must_use]
    pub fn connections(&self) -> usize {
        self.connections.count()
    }

    /// How many connections were refused because every place was taken by a busy one.
    #[must_use]
    pub fn refused(&self) -> u64 {
        self.connections.refused()
    }

    /// How many searches and analyses are running, counting a cancelled search until its
    /// thread has returned the engine (for tests: nothing runs that nobody watches).
    #[must_use]
    pub fn searches_running(&self) -> usize {
        let games = self.hub.games.lock().unwrap_or_else(PoisonError::into_inner);
        let replays = self.hub.replays.lock().unwrap_or_else(PoisonError::into_inner);
        games.values().filter(|s| s.lock().is_searching()).count()
            + replays.values().filter(|s| s.lock().is_analyzing()).count()
    }
}

/// The server's sessions and settings, shared by every handler.
struct Hub {
    config: Arc<ServeConfig>,
    games: Mutex<HashMap<String, Arc<Slot<GameSession>>>>,
    replays: Mutex<HashMap<String, Arc<Slot<ReplaySession>>>>,
    /// Sessions closed to make room, newest last.
    evicted: Mutex<VecDeque<String>>,
    /// Tabs refused a new game on a full server, in the order they first asked: places
    /// are given first come, first served.
    line: Mutex<VecDeque<Waiting>>,
    closing: AtomicBool,
    /// Polls whose answer is being made: a few at a time, so that thousands of polls
    /// whose time is up together answer one after another beside other requests, not
    /// all ahead of them in the blocking pool's queue.
    answering: tokio::sync::Semaphore,
}

/// A tab in line for a place on a full server.
struct Waiting {
    ticket: String,
    /// When it last asked.
    seen: Instant,
}

/// A new game refused on a full server, with the tab's place in line.
struct Full {
    reason: String,
    /// The ticket to show when asking again; none when the line is full too.
    ticket: Option<String>,
    /// The place in line, from 1 (the tabs ahead plus one).
    place: usize,
}

impl From<Full> for ApiError {
    fn from(full: Full) -> ApiError {
        ApiError { status: 503, reason: full.reason }
    }
}

/// A session that might give way to a new one.
struct Candidate {
    id: String,
    replay: bool,
    /// 0: its page went away; 1: no page asked for it for a while; 2: only idle.
    rank: u8,
    /// Since a person last acted on it.
    idle: Duration,
}

impl Hub {
    fn count(&self) -> usize {
        self.games.lock().unwrap_or_else(PoisonError::into_inner).len()
            + self.replays.lock().unwrap_or_else(PoisonError::into_inner).len()
    }

    fn new_id() -> String {
        format!("{:016x}", rand::random::<u64>())
    }

    /// The session that should give way first when the server is full: one whose page
    /// went away, then one no page asks about, then the one nobody acted on for longest.
    fn candidate(&self) -> Option<Candidate> {
        self.candidates().into_iter().next()
    }

    /// Places for new sessions: free ones, and sessions that may give way.
    fn room(&self) -> usize {
        let free = self.config.max_sessions.saturating_sub(self.count());
        free + self.candidates().iter().filter(|c| self.may_give_way(c)).count()
    }

    fn may_give_way(&self, c: &Candidate) -> bool {
        c.rank < 2 || c.idle >= self.config.evict_after
    }

    /// Every session, the one that should give way first first.
    fn candidates(&self) -> Vec<Candidate> {
        let config = &self.config;
        let judge = |meta: &mut super::slot::Meta| {
            let rank = if meta.left.is_some() {
                0
            } else if meta.is_abandoned(config.abandon_after) {
                1
            } else {
                2
            };
            (rank, meta.last_action.elapsed())
        };
        let games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        let replays = self.replays.lock().unwrap_or_else(PoisonError::into_inner);
        let game_candidates = games.iter().map(|(id, slot)| (id, false, judge(slot.lock().meta())));
        let replay_candidates = replays.iter().map(|(id, slot)| (id, true, judge(slot.lock().meta())));
        let mut all: Vec<Candidate> = game_candidates
            .chain(replay_candidates)
            .map(|(id, replay, (rank, idle))| Candidate { id: id.clone(), replay, rank, idle })
            .collect();
        all.sort_by_key(|c| (c.rank, std::cmp::Reverse(c.idle)));
        all
    }

    /// Room for one more session, first come, first served: the tabs refused earlier
    /// (in line, with `ticket`s) go first, so a request may take a place only when there
    /// is one for each tab ahead of it too. While the server is full, the session that
    /// should give way first is closed, if it may.
    ///
    /// # Errors
    /// [`Full`] (503) when every open session is in use (acted on within
    /// `evict_after`) or the places left are for tabs ahead in line; it comes with a
    /// ticket, the tab's place in line when it may `join` the line (a new game, not a
    /// replay), kept while the tab asks again within [`TICKET_EXPIRY`] (at most
    /// [`QUEUE_CAP`] tabs wait).
    fn make_room(&self, ticket: Option<&str>, join: bool) -> Result<(), Full> {
        let mut line = self.line.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        line.retain(|w| now.duration_since(w.seen) < TICKET_EXPIRY);
        let place = ticket.and_then(|t| line.iter().position(|w| w.ticket == t));
        if let Some(p) = place {
            line[p].seen = now;
        }
        let ahead = place.unwrap_or(line.len());
        if self.room() > ahead {
            while self.count() >= self.config.max_sessions {
                let Some(c) = self.candidate().filter(|c| self.may_give_way(c)) else { break };
                self.evict(&c);
            }
            if self.count() < self.config.max_sessions {
                if let Some(p) = place {
                    line.remove(p);
                }
                return Ok(());
            }
        }
        let ticket = match (place, ticket) {
            (Some(_), Some(t)) => Some(t.to_string()),
            _ if join && line.len() < QUEUE_CAP => {
                let t = Hub::new_id();
                line.push_back(Waiting { ticket: t.clone(), seen: now });
                Some(t)
            }
            _ => None,
        };
        let place = match (place, &ticket) {
            (Some(p), _) => p,
            (None, Some(_)) => line.len() - 1,
            (None, None) => line.len(),
        } + 1;
        let waiting = match ticket {
            Some(_) if place > 1 => format!("; {} in line before you", place - 1),
            Some(_) => "; you are first in line".to_string(),
            None if join => format!("; {QUEUE_CAP} tabs already wait in line"),
            None if line.is_empty() => String::new(),
            None => format!("; {} waiting in line for a game", line.len()),
        };
        Err(Full {
            reason: format!(
                "the server is full: {} games and replays are open, the most it keeps, and each was played \
                 in the last {} s{waiting}; try again in {} s",
                self.config.max_sessions,
                self.config.evict_after.as_secs(),
                RETRY_AFTER.as_secs()
            ),
            ticket,
            place,
        })
    }

    fn evict(&self, c: &Candidate) {
        if c.replay {
            let slot = self.replays.lock().unwrap_or_else(PoisonError::into_inner).remove(&c.id);
            if let Some(slot) = slot {
                slot.update(|s, _| s.stop());
            }
        } else {
            let slot = self.games.lock().unwrap_or_else(PoisonError::into_inner).remove(&c.id);
            if let Some(slot) = slot {
                slot.update(|s, _| s.stop());
            }
        }
        log::info!("{} {} closed to make room (idle {:?})", if c.replay { "replay" } else { "game" }, c.id, c.idle);
        let mut evicted = self.evicted.lock().unwrap_or_else(PoisonError::into_inner);
        if evicted.len() >= EVICTED_REMEMBERED {
            evicted.pop_front();
        }
        evicted.push_back(c.id.clone());
    }

    /// Why a session is not found: it was closed to make room (410), or never was (404).
    fn missing(&self, what: &str, id: &str) -> ApiError {
        if self.evicted.lock().unwrap_or_else(PoisonError::into_inner).contains(&id.to_string()) {
            ApiError::gone(format!(
                "{what} {id} was closed to make room for a new one: the server keeps at most {} games and \
                 replays, and this one had been idle longest",
                self.config.max_sessions
            ))
        } else {
            ApiError::not_found(format!("no {what} {id} (it may have expired, or the server was restarted)"))
        }
    }

    fn game(&self, id: &str) -> Result<Arc<Slot<GameSession>>, ApiError> {
        let found = self.games.lock().unwrap_or_else(PoisonError::into_inner).get(id).cloned();
        found.ok_or_else(|| self.missing("game", id))
    }

    fn replay(&self, id: &str) -> Result<Arc<Slot<ReplaySession>>, ApiError> {
        let found = self.replays.lock().unwrap_or_else(PoisonError::into_inner).get(id).cloned();
        found.ok_or_else(|| self.missing("replay", id))
    }

    /// Stops searches nobody watches and forgets sessions nobody asked about for long.
    fn reap(&self) {
        let config = &self.config;
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        games.retain(|id, slot| {
            let (abandoned, expired) = {
                let mut s = slot.lock();
                let searching = s.is_searching();
                let meta = s.meta();
                let left = meta.watchers == 0 && meta.has_left(config.leave_grace);
                (
                    searching && meta.is_abandoned(config.abandon_after),
                    left || (!searching && meta.is_abandoned(config.idle_expiry)),
                )
            };
            if expired {
                slot.update(|s, _| s.stop());
                log::info!("game {id}: dropped (its page went away, or nobody asked about it for long)");
            }
            if abandoned && slot.update(|s, _| s.abandon()) {
                log::info!("game {id}: no page is watching; its search is stopped");
            }
            !expired
        });
        drop(games);
        let mut replays = self.replays.lock().unwrap_or_else(PoisonError::into_inner);
        replays.retain(|id, slot| {
            let (abandoned, expired) = {
                let mut s = slot.lock();
                let analyzing = s.is_analyzing();
                let meta = s.meta();
                let left = meta.watchers == 0 && meta.has_left(config.leave_grace);
                (analyzing && meta.is_abandoned(config.abandon_after), left || meta.is_abandoned(config.idle_expiry))
            };
            if abandoned && slot.update(|s, _| s.stop()) {
                log::info!("replay {id}: no page is watching; its analysis is stopped");
            }
            if expired {
                slot.update(|s, _| s.stop());
            }
            !expired
        });
    }
}

/// Why a server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The address cannot be bound.
    #[error("cannot listen on {addr}: {reason}")]
    Listen {
        /// The address asked for.
        addr: SocketAddr,
        /// The operating system's reason.
        reason: String,
    },
    /// The socket has no IP address (not a TCP socket).
    #[error("the server has no IP address")]
    NoAddress,
    /// A server thread could not be started.
    #[error(transparent)]
    Thread(#[from] std::io::Error),
}

/// Starts a server with `config` on threads of its own.
///
/// # Errors
/// The address cannot be bound, or a thread cannot be started.
pub fn start(config: ServeConfig) -> Result<ServerHandle, StartError> {
    let cannot_listen = |reason: String| StartError::Listen { addr: config.bind, reason };
    let listener = listen(config.bind, config.idle_connection).map_err(|e| cannot_listen(e.to_string()))?;
    let addr = listener.local_addr().map_err(|e| cannot_listen(e.to_string()))?;
    let limits = Limits {
        max_connections: net::fit_file_limit(config.max_connections),
        head_timeout: config.head_timeout,
        write_timeout: config.write_timeout,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(MAX_HANDLERS)
        .thread_name("serve-handler")
        .build()?;
    let listener = {
        let _inside = runtime.enter();
        tokio::net::TcpListener::from_std(listener).map_err(|e| cannot_listen(e.to_string()))?
    };
    let hub = Arc::new(Hub {
        config: Arc::new(config),
        games: Mutex::new(HashMap::new()),
        replays: Mutex::new(HashMap::new()),
        evicted: Mutex::new(VecDeque::new()),
        line: Mutex::new(VecDeque::new()),
        closing: AtomicBool::new(false),
        answering: tokio::sync::Semaphore::new(POLL_ANSWERS),
    });
    let connections = Arc::new(Connections::new(limits.max_connections));
    let (closing, closed) = watch::channel(false);
    let io = {
        let (hub, connections) = (Arc::clone(&hub), Arc::clone(&connections));
        std::thread::Builder::new().name("serve-io".into()).spawn(move || {
            let answer = move |request, conn| answer(Arc::clone(&hub), conn, request);
            runtime.block_on(net::accept(listener, limits, connections, closed, answer));
            // Open connections and waiting polls end with the runtime; a handler still
            // running gets a moment to finish.
            runtime.shutdown_timeout(Duration::from_secs(5));
        })?
    };
    let reaper = {
        let hub = Arc::clone(&hub);
        std::thread::Builder::new().name("serve-reaper".into()).spawn(move || {
            while !hub.closing.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                hub.reap();
            }
        })?
    };
    log::info!("serving on http://{addr}/ (at most {} connections)", limits.max_connections);
    Ok(ServerHandle { addr, hub, connections, closing, io, reaper })
}

/// A listening socket whose connections send small writes at once and are probed when
/// idle.
///
/// An answer of a few KiB leaves in several segments; with Nagle's algorithm the last one
/// waited for the browser's delayed acknowledgement, about 40 ms on every keep-alive
/// request (measured under the earlier server). Connections accepted from a listening
/// socket with `TCP_NODELAY` inherit it on Linux.
///
/// TCP keepalive, which accepted sockets inherit on Linux, probes a connection idle for
/// `idle` and closes it when the peer does not answer three probes 5 s apart: a client
/// that vanished without closing (a laptop shut, a network gone) in the middle of a long
/// poll is noticed even before the poll's time is up.
///
/// The backlog is long so that a burst of connections (a page's reload among many open
/// polls) waits in the kernel rather than being dropped and retried a second later.
fn listen(addr: SocketAddr, idle: Duration) -> std::io::Result<std::net::TcpListener> {
    use socket2::{Domain, Protocol, Socket, TcpKeepalive, Type};
    let socket = Socket::new(Domain::for_address(addr), Type::STREAM, Some(Protocol::TCP))?;
    socket.set_reuse_address(true)?;
    socket.set_tcp_nodelay(true)?;
    socket.set_keepalive(true)?;
    socket.set_tcp_keepalive(&TcpKeepalive::new().with_time(idle).with_interval(Duration::from_secs(5)))?;
    socket.bind(&addr.into())?;
    socket.listen(1024)?;
    socket.set_nonblocking(true)?;
    Ok(socket.into())
}

/// What a handler answers: a JSON value, the page, an error, or a poll that waits for a
/// change before it answers.
enum Reply {
    Json(u16, String),
    Page,
    Wait(Wait),
}

/// A long poll: resolves `until` (the session changed, or the time is up), then answers
/// with `answer` (the session's state then).
struct Wait {
    until: Pin<Box<dyn Future<Output = ()> + Send>>,
    answer: Box<dyn FnOnce() -> Result<Reply, ApiError> + Send>,
}

/// A request as the handlers see it: its body already received (within the limits).
struct Call {
    method: Method,
    url: String,
    body: Vec<u8>,
}

/// Answers one request on connection `conn`: checks the head, receives the body, runs
/// the handler on the blocking pool and, for a long poll, waits without a thread.
async fn answer(hub: Arc<Hub>, conn: Arc<Conn>, request: hyper::Request<Incoming>) -> hyper::Response<String> {
    let busy = conn.busy();
    let (head, body) = request.into_parts();
    let url = head.uri.path_and_query().map_or_else(|| head.uri.to_string(), |p| p.as_str().to_string());
    let shown = format!("{} {}", head.method, url.chars().take(80).collect::<String>());
    let reply = async {
        check_head(&url, &head.headers)?;
        let body = read_body(body, hub.config.body_timeout).await?;
        let call = Call { method: head.method, url, body };
        let handler_hub = Arc::clone(&hub);
        let reply = run_handler(move || route(&handler_hub, &call)).await?;
        match reply {
            Reply::Wait(wait) => {
                // Waiting, the connection may give way to a new one: the poll then
                // answers at once, as if its time were up.
                busy.waiting(async {
                    tokio::select! {
                        () = wait.until => {}
                        () = conn.shed() => {}
                    }
                })
                .await;
                // Never closed, so a permit always comes.
                let _turn = hub.answering.acquire().await;
                run_handler(wait.answer).await
            }
            reply => Ok(reply),
        }
    }
    .await;
    if let Err(e) = &reply {
        log::debug!("{shown}: {e}");
    }
    respond(reply)
}

/// Runs a handler on the blocking pool.
async fn run_handler(handler: impl FnOnce() -> Result<Reply, ApiError> + Send + 'static) -> Result<Reply, ApiError> {
    tokio::task::spawn_blocking(handler)
        .await
        .unwrap_or_else(|e| Err(ApiError { status: 500, reason: format!("the request's handler failed: {e}") }))
}

/// The URL and the headers within their limits (414, 431).
fn check_head(url: &str, headers: &HeaderMap) -> Result<(), ApiError> {
    if url.len() > MAX_URL {
        return Err(ApiError {
            status: 414,
            reason: format!("the URL has {} bytes, more than the {MAX_URL} accepted", url.len()),
        });
    }
    let size: usize = headers.iter().map(|(name, value)| name.as_str().len() + value.len() + 4).sum();
    if size > MAX_HEADERS {
        return Err(ApiError {
            status: 431,
            reason: format!("the headers have {size} bytes, more than the {MAX_HEADERS} accepted"),
        });
    }
    Ok(())
}

/// The body, at most [`MAX_BODY`] bytes, received within `timeout` (else 408). A longer
/// one is refused (413): one announced beyond [`DRAINED`] without reading it, closing
/// the connection; a shorter one after reading it to its end without keeping it, so
/// that a client still sending it is not cut off before it reads the answer.
async fn read_body(mut body: Incoming, timeout: Duration) -> Result<Vec<u8>, ApiError> {
    let too_large = |n: &dyn std::fmt::Display| ApiError {
        status: 413,
        reason: format!("the request body has {n} bytes, more than the {MAX_BODY} accepted"),
    };
    let announced = body.size_hint().exact();
    if let Some(len) = announced
        && len > DRAINED as u64
    {
        return Err(too_large(&len));
    }
    let receive = async {
        let mut bytes = Vec::new();
        let mut received = 0;
        while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
            let frame = frame.map_err(|e| ApiError::bad_request(format!("cannot read the request body: {e}")))?;
            if let Ok(data) = frame.into_data() {
                received += data.len();
                if received > DRAINED {
                    break;
                }
                if received <= MAX_BODY {
                    bytes.extend_from_slice(&data);
                }
            }
        }
        match announced {
            _ if received <= MAX_BODY => Ok(bytes),
            Some(len) => Err(too_large(&len)),
            None => Err(too_large(&"more")),
        }
    };
    tokio::time::timeout(timeout, receive).await.unwrap_or_else(|_| {
        Err(ApiError {
            status: 408,
            reason: format!("the request body did not arrive within {} s", timeout.as_secs_f64()),
        })
    })
}

fn respond(reply: Result<Reply, ApiError>) -> hyper::Response<String> {
    let json_kind = "application/json; charset=utf-8";
    let (status, body, kind, close) = match reply {
        Ok(Reply::Json(status, body)) => (status, body, json_kind, false),
        Ok(Reply::Page) => (200, PAGE.to_string(), "text/html; charset=utf-8", false),
        // Never left over: a poll's wait is answered before this.
        Ok(Reply::Wait(_)) => (500, "{\"error\": \"a poll was not answered\"}".to_string(), json_kind, false),
        Err(e) => {
            let body = serde_json::json!({ "error": e.reason }).to_string();
            // A body refused unread (too large, too slow) leaves the connection unusable.
            (e.status, body, json_kind, matches!(e.status, 408 | 413 | 500))
        }
    };
    let mut response = hyper::Response::new(body);
    *response.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if close {
        headers.insert(CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

/// Where a request goes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    Page,
    Games,
    Game(String, Option<GameAction>),
    Replays,
    Replay(String, Option<ReplayAction>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameAction {
    Input,
    Move,
    Undo,
    Hint,
    New,
    Settings,
    Stop,
    Close,
    Leave,
    Takeback,
    Resign,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ReplayAction {
    Close,
}

type Res<'a, T> = IResult<&'a str, T>;

fn session_id(input: &str) -> Res<'_, String> {
    map(take_while_m_n(1, 32, |c: char| c.is_ascii_hexdigit()), str::to_ascii_lowercase).parse(input)
}

fn game_action(input: &str) -> Res<'_, GameAction> {
    alt((
        value(GameAction::Input, tag("input")),
        value(GameAction::Move, tag("move")),
        value(GameAction::Undo, tag("undo")),
        value(GameAction::Hint, tag("hint")),
        value(GameAction::New, tag("new")),
        value(GameAction::Settings, tag("settings")),
        value(GameAction::Stop, tag("stop")),
        value(GameAction::Close, tag("close")),
        value(GameAction::Leave, tag("leave")),
        value(GameAction::Takeback, tag("takeback")),
        value(GameAction::Resign, tag("resign")),
    ))
    .parse(input)
}

/// The path (without the query) to a target.
fn parse_path(path: &str) -> Option<Target> {
    let page = value(Target::Page, alt((tag("/index.html"), tag("/"))));
    let game =
        map(preceded(tag("/api/games/"), (session_id, opt(preceded(char('/'), game_action)))), |(id, action)| {
            Target::Game(id, action)
        });
    let replay = map(
        preceded(
            tag("/api/replays/"),
            (session_id, opt(preceded(char('/'), value(ReplayAction::Close, tag("close"))))),
        ),
        |(id, action)| Target::Replay(id, action),
    );
    let games = value(Target::Games, (tag("/api/games"), opt(char('/'))));
    let replays = value(Target::Replays, (tag("/api/replays"), opt(char('/'))));
    let mut target = alt((
        all_consuming(game),
        all_consuming(replay),
        all_consuming(games),
        all_consuming(replays),
        all_consuming((page, eof)).map(|(t, _)| t),
    ));
    target.parse(path).ok().map(|(_, t)| t)
}

/// The query of a poll: `after=V&wait=S`.
#[derive(Debug, Default, PartialEq)]
struct Poll {
    after: u64,
    wait: Duration,
}

fn parse_query(query: &str) -> Result<Poll, ApiError> {
    let mut poll = Poll::default();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        // The name is a word; the value is anything up to the next `&`, so a bad value
        // (`wait=-1`) is refused by its parameter, which says what it expects.
        let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
        let parsed: Res<'_, (&str, &str)> =
            all_consuming((take_while1(word), preceded(char('='), take_while1(|c| c != '&')))).parse(pair);
        let shown: String = pair.chars().take(40).flat_map(char::escape_debug).collect();
        let Ok((_, (key, raw))) = parsed else {
            return Err(ApiError::bad_request(format!("query part '{shown}' is not name=value")));
        };
        let val: String = raw.chars().take(20).flat_map(char::escape_debug).collect();
        match key {
            "after" => {
                poll.after = raw
                    .parse()
                    .map_err(|_| ApiError::bad_request(format!("after={val}: expected a version number")))?;
            }
            "wait" => {
                let range = || format!("expected 0 to {} seconds", MAX_WAIT.as_secs());
                let secs: f64 = raw.parse().map_err(|_| ApiError::bad_request(format!("wait={val}: {}", range())))?;
                if !(secs.is_finite() && secs >= 0.0 && secs <= MAX_WAIT.as_secs_f64()) {
                    return Err(ApiError::bad_request(format!("wait={val} is out of range: {}", range())));
                }
                poll.wait = Duration::from_secs_f64(secs);
            }
            _ => {
                return Err(ApiError::bad_request(format!(
                    "unknown query parameter '{shown}': expected after or wait"
                )));
            }
        }
    }
    Ok(poll)
}

fn json<T: serde::Serialize>(status: u16, value: &T) -> Result<Reply, ApiError> {
    serde_json::to_string(value)
        .map(|body| Reply::Json(status, body))
        .map_err(|e| ApiError { status: 500, reason: format!("cannot write the answer: {e}") })
}

/// The body as UTF-8 text.
fn body_text(call: &Call) -> Result<&str, ApiError> {
    std::str::from_utf8(&call.body)
        .map_err(|e| ApiError::bad_request(format!("the request body is not UTF-8 (byte {})", e.valid_up_to() + 1)))
}

/// The body as `T`; an empty body is `T`'s default.
fn body<T: DeserializeOwned + Default>(call: &Call) -> Result<T, ApiError> {
    let text = body_text(call)?;
    if text.trim().is_empty() {
        return Ok(T::default());
    }
    serde_json::from_str(text).map_err(|e| ApiError::bad_request(format!("bad JSON body: {e}")))
}

/// The body as `T`, which must be there.
fn required_body<T: DeserializeOwned>(call: &Call) -> Result<T, ApiError> {
    let text = body_text(call)?;
    serde_json::from_str(text).map_err(|e| ApiError::bad_request(format!("bad JSON body: {e}")))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ClicksBody {
    clicks: Vec<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct TakebackBody {
    plies: usize,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    text: String,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Empty {}

fn route(hub: &Arc<Hub>, call: &Call) -> Result<Reply, ApiError> {
    let url = &call.url;
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let shown: String = path.chars().take(60).flat_map(char::escape_debug).collect();
    let target = parse_path(path).ok_or_else(|| ApiError::not_found(format!("no page {shown}")))?;
    let method = &call.method;
    let wrong_method = |want: &str| ApiError { status: 405, reason: format!("{method} {shown}: use {want}") };
    let is_get = matches!(*method, Method::GET | Method::HEAD);
    let is_post = *method == Method::POST;
    if !query.is_empty() && !matches!((&target, is_get), (Target::Game(_, None) | Target::Replay(_, None), true)) {
        return Err(ApiError::bad_request(format!("{shown} takes no query")));
    }
    match target {
        Target::Page if is_get => Ok(Reply::Page),
        Target::Page => Err(wrong_method("GET")),
        Target::Games if is_post => {
            let req: NewGameRequest = body(call)?;
            if let Err(full) = hub.make_room(req.ticket.as_deref(), true) {
                // The refusal carries the tab's place in line and when to ask again.
                let body = serde_json::json!({
                    "error": full.reason,
                    "ticket": full.ticket,
                    "place": full.place,
                    "retry_after": RETRY_AFTER.as_secs(),
                });
                return Ok(Reply::Json(503, body.to_string()));
            }
            let session = GameSession::new(Arc::clone(&hub.config), &req)?;
            let id = Hub::new_id();
            let slot = Slot::new(session);
            hub.games.lock().unwrap_or_else(PoisonError::into_inner).insert(id.clone(), Arc::clone(&slot));
            // The engine moves first if it plays White.
            slot.update(|s, slot| s.begin(slot));
            let state = slot.lock().state(&id);
            json(201, &state)
        }
        Target::Games => Err(wrong_method("POST")),
        Target::Game(id, None) if is_get => {
            let poll = parse_query(query)?;
            let slot = hub.game(&id)?;
            // Checked first: a change (even none) raises the version and wakes polls.
            if slot.lock().is_paused() {
                slot.update(|s, slot| s.resume(slot));
            }
            let until = Box::pin(slot.wait_newer(poll.after, poll.wait));
            Ok(Reply::Wait(Wait { until, answer: Box::new(move || json(200, &slot.lock().state(&id))) }))
        }
        Target::Game(_, None) => Err(wrong_method("GET")),
        Target::Game(id, Some(action)) if is_post => game_action_reply(hub, call, &id, action),
        Target::Game(..) => Err(wrong_method("POST")),
        Target::Replays if is_post => {
            let req: ReplayRequest = required_body(call)?;
            hub.make_room(None, false)?;
            let id = Hub::new_id();
            let slot = ReplaySession::load(&hub.config, Slot::new, &req)?;
            hub.replays.lock().unwrap_or_else(PoisonError::into_inner).insert(id.clone(), Arc::clone(&slot));
            let state = slot.lock().state(&id);
            json(201, &state)
        }
        Target::Replays => Err(wrong_method("POST")),
        Target::Replay(id, None) if is_get => {
            let poll = parse_query(query)?;
            let slot = hub.replay(&id)?;
            let until = Box::pin(slot.wait_newer(poll.after, poll.wait));
            Ok(Reply::Wait(Wait { until, answer: Box::new(move || json(200, &slot.lock().state(&id))) }))
        }
        Target::Replay(_, None) => Err(wrong_method("GET")),
        Target::Replay(id, Some(ReplayAction::Close)) if is_post => {
            let slot = hub.replay(&id)?;
            let _: Empty = body(call)?;
            slot.update(|s, _| s.stop());
            hub.replays.lock().unwrap_or_else(PoisonError::into_inner).remove(&id);
            json(200, &serde_json::json!({ "closed": id }))
        }
        Target::Replay(..) => Err(wrong_method("POST")),
    }
}

fn game_action_reply(hub: &Arc<Hub>, request: &Call, id: &str, action: GameAction) -> Result<Reply, ApiError> {
    let slot = hub.game(id)?;
    match action {
        GameAction::Stop | GameAction::Close => slot.touch(),
        // The beacon of a page that went away is not a page asking.
        GameAction::Leave => {}
        _ => slot.act(),
    }
    match action {
        GameAction::Input => {
            let clicks: ClicksBody = required_body(request)?;
            let need = slot.update(|s, slot| s.input(slot, &clicks.clicks))?;
            match need {
                Some(need) => json(200, &need),
                None => json(200, &InputReply::Played { state: Box::new(slot.lock().state(id)) }),
            }
        }
        GameAction::Move => {
            let mv: MoveBody = required_body(request)?;
            slot.update(|s, slot| s.play_text(slot, &mv.text))?;
            json(200, &slot.lock().state(id))
        }
        GameAction::Undo => {
            let _: Empty = body(request)?;
            let taken = slot.update(|s, slot| s.undo(slot))?;
            let state = slot.lock().state(id);
            json(200, &serde_json::json!({ "undone": taken, "state": state }))
        }
        GameAction::Hint => {
            let _: Empty = body(request)?;
            slot.update(|s, slot| s.hint(slot))?;
            json(200, &slot.lock().state(id))
        }
        GameAction::Resign => {
            let _: Empty = body(request)?;
            slot.update(|s, _| s.resign())?;
            json(200, &slot.lock().state(id))
        }
        GameAction::New => {
            let req: NewGameRequest = body(request)?;
            slot.update(|s, slot| s.restart(slot, &req))?;
            json(200, &slot.lock().state(id))
        }
        GameAction::Settings => {
            let req: SettingsRequest = body(request)?;
            slot.update(|s, slot| s.settings(slot, &req))?;
            json(200, &slot.lock().state(id))
        }
        GameAction::Takeback => {
            let to: TakebackBody = required_body(request)?;
            let taken = slot.update(|s, slot| s.take_back_to(slot, to.plies))?;
            let state = slot.lock().state(id);
            json(200, &serde_json::json!({ "undone": taken, "state": state }))
        }
        GameAction::Stop => {
            let _: Empty = body(request)?;
            slot.update(|s, _| s.stop());
            json(200, &slot.lock().state(id))
        }
        GameAction::Close => {
            let _: Empty = body(request)?;
            slot.update(|s, _| s.stop());
            hub.games.lock().unwrap_or_else(PoisonError::into_inner).remove(id);
            json(200, &serde_json::json!({ "closed": id }))
        }
        GameAction::Leave => {
            // A beacon's body is whatever the browser sends with it: ignored.
            slot.update(|s, _| s.stop());
            slot.leave();
            json(200, &serde_json::json!({ "leaving": id }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_name_their_targets() {
        assert_eq!(parse_path("/"), Some(Target::Page));
        assert_eq!(parse_path("/index.html"), Some(Target::Page));
        assert_eq!(parse_path("/api/games"), Some(Target::Games));
        assert_eq!(parse_path("/api/games/00ff"), Some(Target::Game("00ff".into(), None)));
        assert_eq!(parse_path("/api/games/00FF/undo"), Some(Target::Game("00ff".into(), Some(GameAction::Undo))));
        assert_eq!(parse_path("/api/replays/ab/close"), Some(Target::Replay("ab".into(), Some(ReplayAction::Close))));
        for bad in ["", "/x", "/api/games/zz", "/api/games/00/undo/", "/api/games/00/fly", "//", "/index.htm"] {
            assert_eq!(parse_path(bad), None, "{bad}");
        }
    }

    #[test]
    fn polls_read_after_and_wait() {
        assert_eq!(parse_query("").unwrap(), Poll::default());
        assert_eq!(parse_query("after=7&wait=2.5").unwrap(), Poll { after: 7, wait: Duration::from_millis(2500) });
        for bad in ["after=x", "wait=99", "wait=-1", "colour=red", "after", "a=b=c"] {
            assert_eq!(parse_query(bad).unwrap_err().status, 400, "{bad}");
        }
        // A bad value is refused by its parameter, with what it expects.
        assert_eq!(parse_query("wait=-1").unwrap_err().reason, "wait=-1 is out of range: expected 0 to 30 seconds");
        assert_eq!(parse_query("wait=soon").unwrap_err().reason, "wait=soon: expected 0 to 30 seconds");
    }
}
