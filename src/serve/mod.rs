//! `morris serve` (issue #12): a local web server with one page, shipped inside the
//! binary, on which a person plays the engine by clicking an SVG board, studies the
//! endgame tables' verdicts and replays recorded games.
//!
//! A thin layer over the library: the [`Game`](crate::rules::Game) keeps the game, the
//! rules core checks every move and gives the refusals' reasons (the protocol's own
//! sentences), the [`Engine`](crate::engine::Engine) searches, and the tables give exact
//! values. The page holds no rule: it sends the points clicked and draws what it is sent.
//!
//! - [`http`]: requests to handlers (tiny_http), JSON in and out, limits, errors.
//! - [`games`]: a game on the page, its engine and searches (one at a time, each on its
//!   own thread; a search no page watches is stopped).
//! - [`clicks`]: clicked points into moves, or the next points to click.
//! - [`replay`]: record files and move lists, played through and analysed.
//! - [`verdict`]: the one place values come from (tables, else a search).
//! - [`view`]: what the page is sent (geometry, positions, words).
//!
//! Knows nothing of stdin/stdout beyond printing the URL in [`run`].

pub mod clicks;
pub mod games;
pub mod http;
pub mod replay;
pub mod slot;
pub mod verdict;
pub mod view;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;

pub use games::Strength;
pub use http::{ServerHandle, start};

use crate::cmd::common::RuleArgs;
use crate::perfect::Tablebase;
use crate::rules::RuleOptions;

/// A refused request: an HTTP status (4xx, or 503 when the server is full) and a
/// one-line reason, sent as `{"error": reason}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: u16,
    /// Why, in one line.
    pub reason: String,
}

impl ApiError {
    /// 400: the request is malformed.
    #[must_use]
    pub fn bad_request(reason: String) -> ApiError {
        ApiError { status: 400, reason }
    }

    /// 404: no such page, game or replay.
    #[must_use]
    pub fn not_found(reason: String) -> ApiError {
        ApiError { status: 404, reason }
    }

    /// 409: not now (not the person's turn, the game is over, the engine is busy).
    #[must_use]
    pub fn conflict(reason: String) -> ApiError {
        ApiError { status: 409, reason }
    }

    /// 422: a well-formed move the rules refuse, with the rules core's reason.
    #[must_use]
    pub fn illegal(reason: String) -> ApiError {
        ApiError { status: 422, reason }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status, self.reason)
    }
}

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
    /// Search time per position when a replay is analysed.
    pub analysis_time: Duration,
    /// A search whose game no page has asked about for this long is stopped.
    pub abandon_after: Duration,
    /// A game or replay nobody has asked about for this long is dropped.
    pub idle_expiry: Duration,
    /// The most games and replays open at once.
    pub max_sessions: usize,
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
            analysis_time: replay::ANALYSIS_TIME,
            abandon_after: Duration::from_secs(15),
            idle_expiry: Duration::from_secs(2 * 3600),
            max_sessions: 64,
        }
    }
}

/// Transposition table per game, in MiB: a game at a few seconds a move fills little
/// more, and 20 open games should cost well under a gigabyte.
pub const DEFAULT_HASH_MB: usize = 16;

/// Options of `morris serve`.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port; the URL is printed)
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on. The default serves this machine only; any other address
    /// makes the board reachable from the network
    #[arg(long, default_value = "127.0.0.1", value_name = "ADDR")]
    pub bind: IpAddr,
    /// Seconds per engine move in a new game (the page can change it)
    #[arg(long, default_value = "1.0", value_name = "SECONDS", value_parser = crate::protocol::parse_seconds)]
    pub movetime: Duration,
    /// The engine's strength in a new game (the page can change it)
    #[arg(long, value_enum, default_value = "full")]
    pub strength: Strength,
    /// Also stop every search at this depth in plies
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    /// Transposition table size per game in MiB
    #[arg(long = "hash", default_value_t = DEFAULT_HASH_MB, value_name = "MB")]
    pub hash_mb: usize,
    /// Search threads per search
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: u16,
    /// Directory of endgame databases: perfect-play values on the page and in replays
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Seconds of search per position when a replay is analysed
    #[arg(long, default_value = "0.2", value_name = "SECONDS", value_parser = crate::protocol::parse_seconds)]
    pub analysis_time: Duration,
    /// The most games and replays open at once
    #[arg(long, default_value_t = 64, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_games: u32,
    #[command(flatten)]
    /// The rule options of rules.md
    pub rules: RuleArgs,
}

impl ServeArgs {
    /// The server configuration these options describe (loading the tables).
    ///
    /// # Errors
    /// A move time the page could not offer, or tables that cannot be loaded.
    pub fn config(&self) -> anyhow::Result<ServeConfig> {
        let (lo, hi) = games::MOVETIME_RANGE;
        if !(lo..=hi).contains(&self.movetime.as_secs_f64()) {
            anyhow::bail!("--movetime {}: expected {lo} to {hi} seconds", self.movetime.as_secs_f64());
        }
        let tables = match &self.tablebase {
            Some(dir) => {
                let rules = self.rules.ruleset();
                Some(
                    crate::perfect::open_oracle(dir, rules)
                        .with_context(|| format!("--tablebase {}", dir.display()))?,
                )
            }
            None => None,
        };
        Ok(ServeConfig {
            bind: SocketAddr::new(self.bind, self.port),
            rules: self.rules.options(),
            movetime: self.movetime,
            strength: self.strength,
            depth: self.depth,
            hash_mb: self.hash_mb,
            threads: usize::from(self.threads),
            tables,
            analysis_time: self.analysis_time,
            max_sessions: self.max_games as usize,
            ..ServeConfig::new(self.port)
        })
    }
}

/// `morris serve`: starts the server, prints its URL on stdout and serves until killed.
///
/// # Errors
/// Tables that cannot be loaded, or an address that cannot be bound.
pub fn run(args: &ServeArgs) -> anyhow::Result<ExitCode> {
    let config = args.config()?;
    if !config.bind.ip().is_loopback() {
        log::warn!("listening on {}: the board is reachable from other machines", config.bind);
    }
    let server = start(config)?;
    println!("{}", server.url());
    eprintln!("morris serve: open {} in a browser (Ctrl-C stops the server)", server.url());
    server.wait();
    Ok(ExitCode::SUCCESS)
}
