//! `morris serve`: the options of the local web server ([`morris::serve`]), turned into a
//! [`ServeConfig`]; starts it and prints its URL on stdout.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;

use super::common::{RuleArgs, value_enum_mirror};
use morris::protocol::parse_seconds;
use morris::serve::games::MOVETIME_RANGE;
use morris::serve::{DEFAULT_HASH_MB, DEFAULT_MAX_CONNECTIONS, ServeConfig, Strength, start};

value_enum_mirror! {
    /// `--strength`: the engine's strength in a new game (the library's [`Strength`] is
    /// also the page's JSON word).
    StrengthArg => Strength {
        /// The classroom handout's estimate, 2 plies deep.
        Beginner,
        /// The engine's evaluation, 3 plies deep.
        Casual,
        /// The engine's evaluation, 6 plies deep.
        Club,
        /// The full engine: as deep as the time allows.
        Full,
    }
}

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
    #[arg(long, default_value = "1.0", value_name = "SECONDS", value_parser = parse_seconds)]
    pub movetime: Duration,
    /// The engine's strength in a new game (the page can change it)
    #[arg(long, value_enum, default_value = "full")]
    pub strength: StrengthArg,
    /// Also stop every search at this depth in plies
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    /// Transposition table size per game in MiB
    #[arg(long = "hash", default_value_t = DEFAULT_HASH_MB, value_name = "MB")]
    pub hash_mb: usize,
    /// Search threads per search
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: u16,
    /// Directory of perfect-play tables: their values on the page and in replays
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Search depth per position when a replay is analysed (fixed, so the same game
    /// always gets the same values and marks)
    #[arg(long, default_value_t = morris::analysis::ANALYSIS_DEPTH, value_name = "PLIES",
          value_parser = clap::value_parser!(u32).range(2..=30))]
    pub analysis_depth: u32,
    /// The most games and replays open at once
    #[arg(long, default_value_t = 64, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_games: u32,
    /// The most connections open at once (each waiting page holds one); at the limit a
    /// new one takes the place of the one idle or waiting longest
    #[arg(long, default_value_t = DEFAULT_MAX_CONNECTIONS as u32, value_name = "N",
          value_parser = clap::value_parser!(u32).range(16..=1_000_000))]
    pub max_connections: u32,
    #[command(flatten)]
    /// The rule options of docs/assignments.md
    pub rules: RuleArgs,
}

impl ServeArgs {
    /// The server configuration these options describe (loading the tables).
    ///
    /// # Errors
    /// A move time the page could not offer, or tables that cannot be loaded.
    pub fn config(&self) -> anyhow::Result<ServeConfig> {
        let (lo, hi) = MOVETIME_RANGE;
        if !(lo..=hi).contains(&self.movetime.as_secs_f64()) {
            anyhow::bail!("--movetime {}: expected {lo} to {hi} seconds", self.movetime.as_secs_f64());
        }
        let tables = match &self.tablebase {
            Some(dir) => {
                let rules = self.rules.ruleset();
                Some(
                    morris::tablebase::open_oracle(dir, rules)
                        .with_context(|| format!("--tablebase {}", dir.display()))?,
                )
            }
            None => None,
        };
        Ok(ServeConfig {
            bind: SocketAddr::new(self.bind, self.port),
            rules: self.rules.options(),
            movetime: self.movetime,
            strength: self.strength.into(),
            depth: self.depth,
            hash_mb: self.hash_mb,
            threads: usize::from(self.threads),
            tables,
            analysis_depth: self.analysis_depth,
            max_sessions: self.max_games as usize,
            max_connections: self.max_connections as usize,
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
    say!("{}", server.url());
    eprintln!("morris serve: open {} in a browser (Ctrl-C stops the server)", server.url());
    server.wait();
    Ok(ExitCode::SUCCESS)
}
