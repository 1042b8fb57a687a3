//! HTTP: the route table, JSON bodies, limits and refusals, on axum's [`Router`] over
//! hyper's HTTP/1.1 on one Tokio thread ([`net`] holds the connections and their limits).
//! A request's head is checked and its body received (bounded in size and time) without
//! a thread; its handler then runs on Tokio's blocking pool (handlers lock sessions and
//! may compute verdicts); a long poll waits as a future, without a thread, for its
//! session's next change.
//!
//! Status codes live here only: the sessions' errors ([`GameError`], [`ReplayError`],
//! [`ClickError`], and the store's [`Missing`] and [`Full`]) are turned into them by
//! `Refusal`.
//!
//! Routes (every body and answer is JSON; a refusal is `{"error": "one line"}` with a 4xx,
//! or 503 when the server is full; `ID` is 1 to 32 hex digits; only the two polls take a
//! query; another method is 405, another path 404):
//!
//! | method | path | what |
//! |---|---|---|
//! | GET | `/`, `/index.html` | the page |
//! | POST | `/api/games` | a new game (body: board, human, movetime, strength, from: a text the replay reads, ticket; all optional) |
//! | GET | `/api/games/ID?after=V&wait=S` | the game's state, once its version is newer than V (waits up to S seconds) |
//! | POST | `/api/games/ID/input` | `{"clicks": ["D2"]}`: the points clicked so far |
//! | POST | `/api/games/ID/move` | `{"move": "D3,G1"}`: a whole move in notation |
//! | POST | `/api/games/ID/undo` | take back the last move (and the engine's reply) |
//! | POST | `/api/games/ID/hint` | suggest a move for the side to move |
//! | POST | `/api/games/ID/resign` | the person's side gives up |
//! | POST | `/api/games/ID/takeback` | `{"plies": N}`: back to the position after N plies |
//! | POST | `/api/games/ID/new` | start again (the fields of a new game, all optional) |
//! | POST | `/api/games/ID/settings` | change the engine's sides, time, strength |
//! | POST | `/api/games/ID/stop` | stop the search (a later request resumes it) |
//! | POST | `/api/games/ID/close` | forget the game |
//! | POST | `/api/games/ID/leave` | the page went away (a beacon, any body): stop the search, forget the game in a few seconds unless asked again |
//! | POST | `/api/replays` | `{"text": "...", "game": N, "board": B}`: a record file or move list to replay |
//! | GET | `/api/replays/ID?after=V&wait=S` | the replay with its analysis so far |
//! | POST | `/api/replays/ID/close` | stop its analysis and forget it |
//!
//! Bodies marked optional may be empty (the page's buttons send `{}`); every body is
//! checked field by field (an unknown field is refused).

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Extension, FromRequest, FromRequestParts, Path, Request, State};
use axum::handler::Handler;
use axum::http::header::{CACHE_CONTROL, CONNECTION, CONTENT_TYPE, HeaderMap, HeaderValue};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get, post};
use hyper::body::{Body as _, Incoming};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::json;
use tokio::sync::watch;
use tower::ServiceExt as _;

use super::ServeConfig;
use super::clicks::ClickError;
use super::games::{GameError, GameSession, InputReply, NewGameRequest, SettingsRequest};
use super::net::{self, Conn, ConnectionLimits, Connections};
use super::replay::{ReplayError, ReplayRequest, ReplaySession};
use super::sessions::{self, Full, Missing, Policy, RETRY_AFTER, Store};
use super::slot::{Session, SessionSlot};

/// The page, with its script and styles, shipped inside the binary.
const PAGE_HTML: &str = include_str!("page.html");
/// The content type of every answer but the page.
const JSON: &str = "application/json; charset=utf-8";

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

/// The route table (the module's documentation says what each route does).
fn routes(hub: Arc<Hub>) -> Router {
    let plain = Router::new()
        .route("/", only_get(page))
        .route("/index.html", only_get(page))
        .route("/api/games", only_post(new_game))
        .route("/api/games/", only_post(new_game))
        .route("/api/games/{id}/input", only_post(input))
        .route("/api/games/{id}/move", only_post(play))
        .route("/api/games/{id}/undo", only_post(undo))
        .route("/api/games/{id}/hint", only_post(hint))
        .route("/api/games/{id}/resign", only_post(resign))
        .route("/api/games/{id}/takeback", only_post(take_back))
        .route("/api/games/{id}/new", only_post(restart))
        .route("/api/games/{id}/settings", only_post(settings))
        .route("/api/games/{id}/stop", only_post(stop))
        .route("/api/games/{id}/close", only_post(close_game))
        .route("/api/games/{id}/leave", only_post(leave))
        .route("/api/replays", only_post(new_replay))
        .route("/api/replays/", only_post(new_replay))
        .route("/api/replays/{id}/close", only_post(close_replay))
        // Only the two polls below take a query.
        .route_layer(middleware::from_fn(no_query));
    let polls =
        Router::new().route("/api/games/{id}", only_get(poll_game)).route("/api/replays/{id}", only_get(poll_replay));
    plain
        .merge(polls)
        .fallback(no_page)
        .layer(middleware::from_fn_with_state(Arc::clone(&hub), receive))
        .with_state(hub)
}

/// A route for GET (and HEAD); another method is refused with a reason.
fn only_get<H: Handler<T, Arc<Hub>>, T: 'static>(handler: H) -> MethodRouter<Arc<Hub>> {
    get(handler).fallback(|method: Method, uri: Uri| async move { Refusal::wrong_method(&method, &uri, "GET") })
}

/// A route for POST; another method is refused with a reason.
fn only_post<H: Handler<T, Arc<Hub>>, T: 'static>(handler: H) -> MethodRouter<Arc<Hub>> {
    post(handler).fallback(|method: Method, uri: Uri| async move { Refusal::wrong_method(&method, &uri, "POST") })
}

/// A running server.
pub struct ServerHandle {
    addr: SocketAddr,
    hub: Arc<Hub>,
    connections: Arc<Connections>,
    /// Raised to stop accepting and serving.
    closing: watch::Sender<bool>,
    /// The Tokio thread: connections, bodies, polls, and the store's reaping.
    io: JoinHandle<()>,
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
    /// server's own thread has ended.
    pub fn shutdown(self) {
        self.closing.send_replace(true);
        let _ = self.io.join();
        self.hub.store.close_all();
    }

    /// How many games and replays are open (for tests and measurements).
    #[must_use]
    pub fn sessions(&self) -> usize {
        self.hub.store.count()
    }

    /// How many connections are open (for tests and measurements).
    #[must_use]
    pub fn connections(&self) -> usize {
        self.connections.count()
    }

    /// How many open connections are in the middle of a request, not idle or waiting in
    /// a long poll (for tests: a poll counts as waiting once it is read).
    #[must_use]
    pub fn busy_connections(&self) -> usize {
        self.connections.busy()
    }

    /// How many connections were refused because every place was taken by a busy one.
    #[must_use]
    pub fn refused(&self) -> u64 {
        self.connections.refused()
    }

    /// How many connections were admitted since the start (for tests: a connection the
    /// client made may still wait in the listening socket's queue).
    #[must_use]
    pub fn admitted(&self) -> u64 {
        self.connections.admitted()
    }

    /// How many searches and analyses are running, counting a cancelled search until its
    /// thread has returned the engine (for tests: nothing runs that nobody watches).
    #[must_use]
    pub fn searches_running(&self) -> usize {
        self.hub.store.running()
    }
}

/// The server's sessions and settings, shared by every handler.
struct Hub {
    config: Arc<ServeConfig>,
    store: Arc<Store>,
    /// Polls whose answer is being made: a few at a time, so that thousands of polls
    /// whose time is up together answer one after another beside other requests, not
    /// all ahead of them in the blocking pool's queue.
    answering: tokio::sync::Semaphore,
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

/// Starts a server with `config` on a thread of its own.
///
/// # Errors
/// The address cannot be bound, or the thread cannot be started.
pub fn start(config: ServeConfig) -> Result<ServerHandle, StartError> {
    let cannot_listen = |reason: String| StartError::Listen { addr: config.bind, reason };
    let listener = listen(config.bind, config.idle_connection).map_err(|e| cannot_listen(e.to_string()))?;
    let addr = listener.local_addr().map_err(|e| cannot_listen(e.to_string()))?;
    let limits = ConnectionLimits {
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
        store: Arc::new(Store::new(Policy::of(&config))),
        config: Arc::new(config),
        answering: tokio::sync::Semaphore::new(POLL_ANSWERS),
    });
    let connections = Arc::new(Connections::new(limits.max_connections));
    let (closing, closed) = watch::channel(false);
    let io = {
        let (router, connections) = (routes(Arc::clone(&hub)), Arc::clone(&connections));
        let reaping = sessions::reap_every(Arc::clone(&hub.store));
        std::thread::Builder::new().name("serve-io".into()).spawn(move || {
            let answer = move |mut request: hyper::Request<Incoming>, conn: Arc<Conn>| {
                request.extensions_mut().insert(conn);
                let router = router.clone();
                async move { router.oneshot(request).await.unwrap_or_else(|never| match never {}) }
            };
            runtime.spawn(reaping);
            runtime.block_on(net::accept(listener, limits, connections, closed, answer));
            // Open connections, waiting polls and the reaping end with the runtime; a
            // handler still running gets a moment to finish.
            runtime.shutdown_timeout(Duration::from_secs(5));
        })?
    };
    log::info!("serving on http://{addr}/ (at most {} connections)", limits.max_connections);
    Ok(ServerHandle { addr, hub, connections, closing, io })
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

/// A refused request: an HTTP status and a one-line reason, answered as
/// `{"error": reason}`.
#[derive(Debug)]
struct Refusal {
    status: StatusCode,
    reason: String,
}

impl Refusal {
    fn new(status: StatusCode, reason: String) -> Refusal {
        Refusal { status, reason }
    }

    /// 400: the request is malformed.
    fn bad_request(reason: String) -> Refusal {
        Refusal::new(StatusCode::BAD_REQUEST, reason)
    }

    /// 404 for a path no route has.
    fn no_page(uri: &Uri) -> Refusal {
        Refusal::new(StatusCode::NOT_FOUND, format!("no page {}", shown(uri.path())))
    }

    /// 405 for a route asked with another method than `want`.
    fn wrong_method(method: &Method, uri: &Uri, want: &str) -> Refusal {
        Refusal::new(StatusCode::METHOD_NOT_ALLOWED, format!("{method} {}: use {want}", shown(uri.path())))
    }
}

/// A path as a reason shows it: at most 60 characters, escaped.
fn shown(path: &str) -> String {
    path.chars().take(60).flat_map(char::escape_debug).collect()
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        log::debug!("refused with {}: {}", self.status, self.reason);
        let close = matches!(
            self.status,
            StatusCode::REQUEST_TIMEOUT | StatusCode::PAYLOAD_TOO_LARGE | StatusCode::INTERNAL_SERVER_ERROR
        );
        let mut response =
            (self.status, [(CONTENT_TYPE, JSON)], json!({ "error": self.reason }).to_string()).into_response();
        if close {
            // A body refused unread (too large, too slow) leaves the connection unusable.
            response.headers_mut().insert(CONNECTION, HeaderValue::from_static("close"));
        }
        response
    }
}

/// Clicks refused: 400 for what no page sends, 422 for what the rules refuse.
fn click_status(e: &ClickError) -> StatusCode {
    match e {
        ClickError::Count(_) | ClickError::AfterRemoval => StatusCode::BAD_REQUEST,
        ClickError::NotAPoint { .. } | ClickError::Blocked(_) | ClickError::Illegal(_) => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
    }
}

/// A text that gives no game: 400, or 422 for a move the rules refuse.
fn replay_status(e: &ReplayError) -> StatusCode {
    match e {
        ReplayError::Move(_) => StatusCode::UNPROCESSABLE_ENTITY,
        ReplayError::Text(_)
        | ReplayError::Unreachable { .. }
        | ReplayError::TooLong { .. }
        | ReplayError::NoSuchGame { .. } => StatusCode::BAD_REQUEST,
    }
}

/// A refused action on a game: 400 for a value out of range, 409 for "not now", 422 for
/// a move the rules refuse.
fn game_status(e: &GameError) -> StatusCode {
    match e {
        GameError::Movetime(_) | GameError::PastTheEnd { .. } => StatusCode::BAD_REQUEST,
        GameError::Over(_) | GameError::EngineTurn(_) | GameError::NothingToUndo | GameError::Thinking => {
            StatusCode::CONFLICT
        }
        GameError::Notation(_) | GameError::Illegal(_) => StatusCode::UNPROCESSABLE_ENTITY,
        GameError::Clicks(e) => click_status(e),
        GameError::Start(e) => replay_status(e),
    }
}

impl From<GameError> for Refusal {
    fn from(e: GameError) -> Refusal {
        Refusal::new(game_status(&e), e.to_string())
    }
}

impl From<ReplayError> for Refusal {
    fn from(e: ReplayError) -> Refusal {
        Refusal::new(replay_status(&e), e.to_string())
    }
}

impl From<Missing> for Refusal {
    /// 410 for a session closed to make room, 404 for one that is not there.
    fn from(e: Missing) -> Refusal {
        let status = match e {
            Missing::Evicted { .. } => StatusCode::GONE,
            Missing::Unknown { .. } => StatusCode::NOT_FOUND,
        };
        Refusal::new(status, e.to_string())
    }
}

impl From<Full> for Refusal {
    /// 503: the server keeps as many sessions as it may and none can give way yet.
    fn from(full: Full) -> Refusal {
        Refusal::new(StatusCode::SERVICE_UNAVAILABLE, full.reason)
    }
}

/// What a handler answers.
type Reply = Result<Response, Refusal>;

/// `value` as a JSON answer with `status`.
fn json<T: Serialize>(status: StatusCode, value: &T) -> Reply {
    let body = serde_json::to_string(value)
        .map_err(|e| Refusal::new(StatusCode::INTERNAL_SERVER_ERROR, format!("cannot write the answer: {e}")))?;
    Ok((status, [(CONTENT_TYPE, JSON)], body).into_response())
}

/// Runs `work` on the blocking pool: it locks sessions, which a search's thread or
/// another handler may hold for a while.
async fn blocking<R: Send + 'static>(work: impl FnOnce() -> Result<R, Refusal> + Send + 'static) -> Result<R, Refusal> {
    tokio::task::spawn_blocking(work).await.unwrap_or_else(|e| {
        Err(Refusal::new(StatusCode::INTERNAL_SERVER_ERROR, format!("the request's handler failed: {e}")))
    })
}

/// Every request, before its route: the connection counts as busy (it is not shed)
/// while the request is received and handled; the URL and headers are checked (414,
/// 431) and the body received within its bounds (413, 408), without a thread.
async fn receive(State(hub): State<Arc<Hub>>, request: Request, next: Next) -> Response {
    let _busy = request.extensions().get::<Arc<Conn>>().map(Conn::busy);
    let (parts, body) = request.into_parts();
    let received = match check_head(&parts.uri, &parts.headers) {
        Ok(()) => read_body(body, hub.config.body_timeout).await,
        Err(refusal) => Err(refusal),
    };
    let mut response = match received {
        Ok(bytes) => next.run(Request::from_parts(parts, Body::from(bytes))).await,
        Err(refusal) => refusal.into_response(),
    };
    response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Refuses a query on a route that takes none.
async fn no_query(request: Request, next: Next) -> Response {
    if request.uri().query().is_some_and(|q| !q.is_empty()) {
        return Refusal::bad_request(format!("{} takes no query", shown(request.uri().path()))).into_response();
    }
    next.run(request).await
}

/// The URL and the headers within their limits (414, 431).
fn check_head(uri: &Uri, headers: &HeaderMap) -> Result<(), Refusal> {
    let url = uri.path_and_query().map_or_else(|| uri.to_string().len(), |p| p.as_str().len());
    if url > MAX_URL {
        let reason = format!("the URL has {url} bytes, more than the {MAX_URL} accepted");
        return Err(Refusal::new(StatusCode::URI_TOO_LONG, reason));
    }
    let size: usize = headers.iter().map(|(name, value)| name.as_str().len() + value.len() + 4).sum();
    if size > MAX_HEADERS {
        let reason = format!("the headers have {size} bytes, more than the {MAX_HEADERS} accepted");
        return Err(Refusal::new(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, reason));
    }
    Ok(())
}

/// The body, at most [`MAX_BODY`] bytes, received within `timeout` (else 408). A longer
/// one is refused (413): one announced beyond [`DRAINED`] without reading it, closing
/// the connection; a shorter one after reading it to its end without keeping it, so
/// that a client still sending it is not cut off before it reads the answer.
async fn read_body(mut body: Body, timeout: Duration) -> Result<Vec<u8>, Refusal> {
    let too_large = |n: &dyn std::fmt::Display| {
        let reason = format!("the request body has {n} bytes, more than the {MAX_BODY} accepted");
        Refusal::new(StatusCode::PAYLOAD_TOO_LARGE, reason)
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
            let frame = frame.map_err(|e| Refusal::bad_request(format!("cannot read the request body: {e}")))?;
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
        let reason = format!("the request body did not arrive within {} s", timeout.as_secs_f64());
        Err(Refusal::new(StatusCode::REQUEST_TIMEOUT, reason))
    })
}

/// A JSON body, which must be there.
struct Json<T>(T);

/// A JSON body, or `T`'s default when the body is empty.
struct JsonOr<T>(T);

/// The body as UTF-8 text (received whole by [`receive`]).
async fn body_text(request: Request) -> Result<String, Refusal> {
    let bytes = axum::body::to_bytes(request.into_body(), MAX_BODY)
        .await
        .map_err(|e| Refusal::bad_request(format!("cannot read the request body: {e}")))?;
    String::from_utf8(bytes.to_vec()).map_err(|e| {
        Refusal::bad_request(format!("the request body is not UTF-8 (byte {})", e.utf8_error().valid_up_to() + 1))
    })
}

fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, Refusal> {
    serde_json::from_str(text).map_err(|e| Refusal::bad_request(format!("bad JSON body: {e}")))
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = Refusal;

    async fn from_request(request: Request, _: &S) -> Result<Self, Refusal> {
        Ok(Json(from_json(&body_text(request).await?)?))
    }
}

impl<T: DeserializeOwned + Default, S: Send + Sync> FromRequest<S> for JsonOr<T> {
    type Rejection = Refusal;

    async fn from_request(request: Request, _: &S) -> Result<Self, Refusal> {
        let text = body_text(request).await?;
        if text.trim().is_empty() {
            return Ok(JsonOr(T::default()));
        }
        Ok(JsonOr(from_json(&text)?))
    }
}

/// The body of a request that takes no fields.
#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Empty {}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ClicksBody {
    clicks: Vec<String>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TakebackBody {
    plies: usize,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    text: String,
}

/// The query of a poll: `after=V&wait=S`, both optional.
#[derive(Debug, Default, PartialEq)]
struct Poll {
    after: u64,
    wait: Duration,
}

impl Poll {
    /// Reads `query`; a bad part is refused with what it expects.
    fn parse(query: &str) -> Result<Poll, String> {
        let mut poll = Poll::default();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let shown: String = pair.chars().take(40).flat_map(char::escape_debug).collect();
            // The name is a word; the value is anything up to the next `&`, so a bad
            // value (`wait=-1`) is refused by its parameter, which says what it expects.
            let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            let Some((key, raw)) = pair.split_once('=').filter(|(k, v)| word(k) && !v.is_empty()) else {
                return Err(format!("query part '{shown}' is not name=value"));
            };
            let val: String = raw.chars().take(20).flat_map(char::escape_debug).collect();
            match key {
                "after" => poll.after = raw.parse().map_err(|_| format!("after={val}: expected a version number"))?,
                "wait" => {
                    let range = format!("expected 0 to {} seconds", MAX_WAIT.as_secs());
                    let secs: f64 = raw.parse().map_err(|_| format!("wait={val}: {range}"))?;
                    if !(secs.is_finite() && secs >= 0.0 && secs <= MAX_WAIT.as_secs_f64()) {
                        return Err(format!("wait={val} is out of range: {range}"));
                    }
                    poll.wait = Duration::from_secs_f64(secs);
                }
                _ => return Err(format!("unknown query parameter '{shown}': expected after or wait")),
            }
        }
        Ok(poll)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Poll {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Refusal> {
        Poll::parse(parts.uri.query().unwrap_or("")).map_err(Refusal::bad_request)
    }
}

/// The session of kind `T` the path's `ID` names (lower-cased), found in the store: 404
/// for an `ID` that is not 1 to 32 hex digits or no such session, 410 for one closed to
/// make room.
struct Open<T> {
    id: String,
    slot: Arc<SessionSlot<T>>,
}

impl<T: Session> FromRequestParts<Arc<Hub>> for Open<T> {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, hub: &Arc<Hub>) -> Result<Self, Refusal> {
        let Path(id) =
            Path::<String>::from_request_parts(parts, hub).await.map_err(|_| Refusal::no_page(&parts.uri))?;
        if !(1..=32).contains(&id.len()) || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(Refusal::no_page(&parts.uri));
        }
        let id = id.to_ascii_lowercase();
        let slot = hub.store.get::<T>(&id)?;
        Ok(Open { id, slot })
    }
}

/// How a request counts for its session's bookkeeping ([`super::slot::Meta`]).
#[derive(Clone, Copy)]
enum Seen {
    /// A person acted on it (a move, a hint...).
    Acted,
    /// A page asked about it.
    Asked,
    /// Not at all: the beacon of a page that went away is not a page asking.
    Not,
}

impl Open<GameSession> {
    /// Runs `work` on the game on the blocking pool, the game seen as `seen`, and
    /// answers with what it returns.
    async fn run<R: Serialize>(
        self,
        seen: Seen,
        work: impl FnOnce(&Arc<SessionSlot<GameSession>>, &str) -> Result<R, GameError> + Send + 'static,
    ) -> Reply {
        blocking(move || {
            match seen {
                Seen::Acted => self.slot.act(),
                Seen::Asked => self.slot.touch(),
                Seen::Not => {}
            }
            json(StatusCode::OK, &work(&self.slot, &self.id)?)
        })
        .await
    }
}

async fn page() -> Response {
    ([(CONTENT_TYPE, "text/html; charset=utf-8")], PAGE_HTML).into_response()
}

async fn no_page(uri: Uri) -> Refusal {
    Refusal::no_page(&uri)
}

async fn new_game(State(hub): State<Arc<Hub>>, JsonOr(request): JsonOr<NewGameRequest>) -> Reply {
    blocking(move || {
        if let Err(full) = hub.store.make_room(request.ticket.as_deref(), true) {
            // The refusal carries the tab's place in line and when to ask again.
            let body = json!({
                "error": full.reason,
                "ticket": full.ticket,
                "place": full.place,
                "retry_after": RETRY_AFTER.as_secs(),
            });
            return json(StatusCode::SERVICE_UNAVAILABLE, &body);
        }
        let slot = SessionSlot::new(GameSession::new(Arc::clone(&hub.config), &request)?);
        let id = hub.store.insert(&slot);
        // The engine moves first if it plays White.
        slot.update(|s, slot| s.begin(slot));
        json(StatusCode::CREATED, &slot.lock().state(&id))
    })
    .await
}

async fn poll_game(
    State(hub): State<Arc<Hub>>,
    poll: Poll,
    game: Open<GameSession>,
    Extension(conn): Extension<Arc<Conn>>,
) -> Reply {
    let slot = Arc::clone(&game.slot);
    blocking(move || {
        // Checked first: a change (even none) raises the version and wakes polls.
        if slot.lock().is_paused() {
            slot.update(|s, slot| s.resume(slot));
        }
        Ok(())
    })
    .await?;
    answer_change(&hub, &conn, game, &poll, GameSession::state).await
}

async fn poll_replay(
    State(hub): State<Arc<Hub>>,
    poll: Poll,
    replay: Open<ReplaySession>,
    Extension(conn): Extension<Arc<Conn>>,
) -> Reply {
    answer_change(&hub, &conn, replay, &poll, ReplaySession::state).await
}

/// Waits, without a thread, until the session is newer than the poll's version or the
/// poll's time is up, then answers with its `state`.
async fn answer_change<T: Session, S: Serialize + 'static>(
    hub: &Hub,
    conn: &Conn,
    open: Open<T>,
    poll: &Poll,
    state: fn(&T, &str) -> S,
) -> Reply {
    let changed = open.slot.wait_newer(poll.after, poll.wait);
    // Waiting, the connection may give way to a new one: the poll then answers at once,
    // as if its time were up.
    conn.waiting(async {
        tokio::select! {
            () = changed => {}
            () = conn.shed() => {}
        }
    })
    .await;
    // Never closed, so a permit always comes.
    let _turn = hub.answering.acquire().await;
    blocking(move || json(StatusCode::OK, &state(&open.slot.lock(), &open.id))).await
}

async fn input(game: Open<GameSession>, Json(body): Json<ClicksBody>) -> Reply {
    game.run(Seen::Acted, move |slot, id| {
        let need = slot.update(|s, slot| s.input(slot, &body.clicks))?;
        Ok(need.unwrap_or_else(|| InputReply::Played { state: Box::new(slot.lock().state(id)) }))
    })
    .await
}

async fn play(game: Open<GameSession>, Json(body): Json<MoveBody>) -> Reply {
    game.run(Seen::Acted, move |slot, id| {
        slot.update(|s, slot| s.play_text(slot, &body.text))?;
        Ok(slot.lock().state(id))
    })
    .await
}

async fn undo(game: Open<GameSession>, JsonOr(Empty {}): JsonOr<Empty>) -> Reply {
    game.run(Seen::Acted, |slot, id| {
        let undone = slot.update(|s, slot| s.undo(slot))?;
        Ok(json!({ "undone": undone, "state": slot.lock().state(id) }))
    })
    .await
}

async fn hint(game: Open<GameSession>, JsonOr(Empty {}): JsonOr<Empty>) -> Reply {
    game.run(Seen::Acted, |slot, id| {
        slot.update(|s, slot| s.hint(slot))?;
        Ok(slot.lock().state(id))
    })
    .await
}

async fn resign(game: Open<GameSession>, JsonOr(Empty {}): JsonOr<Empty>) -> Reply {
    game.run(Seen::Acted, |slot, id| {
        slot.change(GameSession::resign)?;
        Ok(slot.lock().state(id))
    })
    .await
}

async fn take_back(game: Open<GameSession>, Json(body): Json<TakebackBody>) -> Reply {
    game.run(Seen::Acted, move |slot, id| {
        let undone = slot.update(|s, slot| s.take_back_to(slot, body.plies))?;
        Ok(json!({ "undone": undone, "state": slot.lock().state(id) }))
    })
    .await
}

async fn restart(game: Open<GameSession>, JsonOr(request): JsonOr<NewGameRequest>) -> Reply {
    game.run(Seen::Acted, move |slot, id| {
        slot.update(|s, slot| s.restart(slot, &request))?;
        Ok(slot.lock().state(id))
    })
    .await
}

async fn settings(game: Open<GameSession>, JsonOr(request): JsonOr<SettingsRequest>) -> Reply {
    game.run(Seen::Acted, move |slot, id| {
        slot.update(|s, slot| s.settings(slot, &request))?;
        Ok(slot.lock().state(id))
    })
    .await
}

async fn stop(game: Open<GameSession>, JsonOr(Empty {}): JsonOr<Empty>) -> Reply {
    game.run(Seen::Asked, |slot, id| {
        slot.change(GameSession::stop);
        Ok(slot.lock().state(id))
    })
    .await
}

async fn close_game(State(hub): State<Arc<Hub>>, game: Open<GameSession>, JsonOr(Empty {}): JsonOr<Empty>) -> Reply {
    game.run(Seen::Asked, move |_, id| {
        hub.store.close(id);
        Ok(json!({ "closed": id }))
    })
    .await
}

/// A beacon's body is whatever the browser sends with it: not read.
async fn leave(game: Open<GameSession>) -> Reply {
    game.run(Seen::Not, |slot, id| {
        slot.change(GameSession::stop);
        slot.leave();
        Ok(json!({ "leaving": id }))
    })
    .await
}

async fn new_replay(State(hub): State<Arc<Hub>>, Json(request): Json<ReplayRequest>) -> Reply {
    blocking(move || {
        hub.store.make_room(None, false)?;
        let slot = ReplaySession::load(&hub.config, SessionSlot::new, &request)?;
        let id = hub.store.insert(&slot);
        json(StatusCode::CREATED, &slot.lock().state(&id))
    })
    .await
}

async fn close_replay(
    State(hub): State<Arc<Hub>>,
    replay: Open<ReplaySession>,
    JsonOr(Empty {}): JsonOr<Empty>,
) -> Reply {
    blocking(move || {
        hub.store.close(&replay.id);
        json(StatusCode::OK, &json!({ "closed": replay.id }))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polls_read_after_and_wait() {
        assert_eq!(Poll::parse(""), Ok(Poll::default()));
        assert_eq!(Poll::parse("after=7&wait=2.5"), Ok(Poll { after: 7, wait: Duration::from_millis(2500) }));
        for bad in ["after=x", "wait=99", "wait=-1", "colour=red", "after", "a=b=c", "=1", "after="] {
            assert!(Poll::parse(bad).is_err(), "{bad}");
        }
        // A bad value is refused by its parameter, with what it expects.
        assert_eq!(Poll::parse("wait=-1").unwrap_err(), "wait=-1 is out of range: expected 0 to 30 seconds");
        assert_eq!(Poll::parse("wait=soon").unwrap_err(), "wait=soon: expected 0 to 30 seconds");
        assert_eq!(
            Poll::parse("colour=red").unwrap_err(),
            "unknown query parameter 'colour=red': expected after or wait"
        );
    }
}
