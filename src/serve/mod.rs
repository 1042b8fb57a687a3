//! `morris serve`: a local web server with one page, shipped inside the
//! binary, on which a person plays the engine by clicking an SVG board, studies the
//! endgame tables' verdicts and replays recorded games.
//!
//! A thin layer over the library: the [`Game`](crate::rules::Game) keeps the game, the
//! rules core checks every move and gives the refusals' reasons (the protocol's own
//! sentences), the [`Engine`](crate::engine::Engine) searches, and the tables give exact
//! values. The page holds no rule: it sends the points clicked and draws what it is sent.
//!
//! - [`http`]: the route table (axum's router on hyper and Tokio), JSON in and out,
//!   limits, and the only place statuses are known: each error becomes one.
//! - [`net`]: connections, each bounded in size and time, and the cap on how many.
//! - [`sessions`]: the open games and replays, one store for both: lookup, room for a
//!   new one, and reaping what nobody watches.
//! - [`slot`]: a session behind its lock, with the version its page's long poll waits on.
//! - [`games`]: a game on the page, its engine and searches (one at a time, each on its
//!   own thread; a search no page watches is stopped).
//! - [`clicks`]: clicked points into moves, or the next points to click.
//! - [`replay`]: record files and move lists, played through and analysed.
//! - [`export`]: a game written out as a move list and a record, which replay reads.
//! - [`verdict`]: the one place values come from (tables, else a search).
//! - [`view`]: what the page is sent (geometry, positions, words).
//!
//! Knows nothing of stdin/stdout; the command line (`morris serve`, which prints the URL)
//! is `cmd::serve`'s.

pub mod clicks;
pub mod export;
pub mod games;
pub mod http;
pub mod net;
pub mod replay;
pub mod sessions;
pub mod slot;
pub mod verdict;
pub mod view;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

pub use games::Strength;
pub use http::{ServerHandle, StartError, start};

use crate::rules::RuleOptions;
use crate::tablebase::Tablebase;

/// Everything the server is started with.
#[derive(Clone)]
pub struct ServeConfig {
    /// The address to listen on (port 0: any free port).
    pub bind: SocketAddr,
    /// The rule options, for both boards.
    pub rules: RuleOptions,
    /// Seconds per engine move in a new game.
    pub movetime: Duration,
    /// The engine's strength in a new game.
    pub strength: Strength,
    /// A depth limit for every search, on top of the strength's.
    pub depth: Option<u32>,
    /// Transposition table size per game, in MiB.
    pub hash_mb: usize,
    /// Search threads per search.
    pub threads: usize,
    /// Endgame tables, if loaded.
    pub tables: Option<Arc<Tablebase>>,
    /// Search depth per position when a replay is analysed.
    pub analysis_depth: u32,
    /// A search whose game no page has asked about for this long is stopped.
    pub abandon_after: Duration,
    /// A game or replay nobody has asked about for this long is dropped.
    pub idle_expiry: Duration,
    /// The most games and replays open at once. One more takes the place of the one
    /// idle longest, if one may give way (see [`ServeConfig::evict_after`]).
    pub max_sessions: usize,
    /// A game whose page went away (it sent `leave` when closed or reloaded) is dropped
    /// this long after, unless a page asks for it again (a reload does at once).
    pub leave_grace: Duration,
    /// On a full server, a session may give way to a new one when its page went away,
    /// when no page has asked for it for [`ServeConfig::abandon_after`], or when nobody
    /// has acted on it (moved, asked for a hint...) for this long.
    pub evict_after: Duration,
    /// A connection idle this long is probed (TCP keepalive) and closed if its peer is
    /// gone (a long poll waits up to 30 s without a byte).
    pub idle_connection: Duration,
    /// The most connections open at once (also bounded by the open-file limit, which the
    /// server raises towards what this needs). At the cap a new connection takes the
    /// place of the one idle or waiting longest.
    pub max_connections: usize,
    /// The time to receive a request head, and the longest a keep-alive connection waits
    /// idle for its next request; a slower client is disconnected.
    pub head_timeout: Duration,
    /// The time to receive a request body; a slower one is refused with 408.
    pub body_timeout: Duration,
    /// The longest a write to a client may make no progress (a client that stops
    /// reading) before its connection is dropped.
    pub write_timeout: Duration,
}

impl ServeConfig {
    /// The defaults: loopback on `port`, standard rules, 1 s per move, full strength,
    /// 16 MiB of table per game, no endgame tables.
    #[must_use]
    pub fn new(port: u16) -> ServeConfig {
        ServeConfig {
            bind: SocketAddr::from(([127, 0, 0, 1], port)),
            rules: RuleOptions::default(),
            movetime: Duration::from_secs(1),
            strength: Strength::Full,
            depth: None,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            tables: None,
            analysis_depth: crate::analysis::ANALYSIS_DEPTH,
            abandon_after: Duration::from_secs(15),
            idle_expiry: Duration::from_secs(2 * 3600),
            max_sessions: 64,
            leave_grace: Duration::from_secs(3),
            evict_after: Duration::from_secs(120),
            idle_connection: Duration::from_secs(30),
            max_connections: DEFAULT_MAX_CONNECTIONS,
            head_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
        }
    }
}

/// Connections open at once: room for a few thousand waiting pages, each a few KiB.
pub const DEFAULT_MAX_CONNECTIONS: usize = 4096;

/// Transposition table per game, in MiB: a game at a few seconds a move fills little
/// more, and 20 open games should cost well under a gigabyte.
pub const DEFAULT_HASH_MB: usize = 16;
