//! What decides a tournament's games, as given on the command line or in a roster
//! ([`TournamentTerms`]), and the [`Fingerprint`] its record file keeps of them, by which
//! a resumed run knows it is the same tournament.
//!
//! What the fingerprint holds, in which order and how each value is written must stay
//! as it is: record files written before must still resume (the keys added later are
//! written only when set, so older files still match). No processes here.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::bracket::TournamentFormat;
use super::resume::Fingerprint;
use crate::referee::engine::EngineCommand;
use crate::referee::outcome::usage::PonderPolicy;
use crate::referee::sandbox::limits::EngineLimits;
use crate::rules::RuleOptions;

/// A tournament's time control, as given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TournamentTime {
    /// Seconds per move.
    PerMove(f64),
    /// A game clock: seconds for all of a side's moves, the increment, and whether the
    /// engines are sent `clock` lines.
    Clock(f64, Duration, bool),
}

/// Where a tournament's openings come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentOpenings {
    /// An openings file.
    File(PathBuf),
    /// This many random plies for each pair of games.
    Random(usize),
}

/// Everything that decides a tournament's games, as given (seconds and paths as they
/// were typed): what its record file's [`Fingerprint`] holds. Two runs with the same
/// terms ask for the same games.
#[derive(Clone, Debug)]
pub struct TournamentTerms<'a> {
    /// The format.
    pub format: TournamentFormat,
    /// Games per pairing.
    pub games: usize,
    /// Knockout: extra colour-swapped pairs for a level bout.
    pub tiebreak_pairs: usize,
    /// Seed of openings, pairings and coins.
    pub seed: u64,
    /// A time per move or a game clock.
    pub time: TournamentTime,
    /// Slack on each reply, in milliseconds.
    pub grace_ms: u64,
    /// More for each engine's first reply, in milliseconds.
    pub startup_ms: u64,
    /// The ply cap.
    pub max_plies: usize,
    /// An openings file or random plies.
    pub openings: TournamentOpenings,
    /// The rules the referee applies.
    pub rules: RuleOptions,
    /// Whether the rule flags are passed on to the engines.
    pub pass_rules: bool,
    /// The tables that adjudicate the games they cover, if any.
    pub tablebase: Option<&'a Path>,
    /// What each engine process may use.
    pub limits: EngineLimits,
    /// Each engine's CPU quota, if one is set.
    pub cpus: Option<f64>,
    /// Who may think on the opponent's time.
    pub ponder: &'a PonderPolicy,
    /// The entrants, in order.
    pub entrants: &'a [EngineCommand],
}

impl TournamentTerms<'_> {
    /// The fingerprint the record file keeps of these terms.
    #[must_use]
    pub fn fingerprint(&self) -> Fingerprint {
        let mut f = Fingerprint::new();
        f.push("format", self.format.name());
        f.push("games", self.games);
        if self.format == TournamentFormat::Knockout {
            f.push("tiebreak_pairs", self.tiebreak_pairs);
        }
        f.push("seed", self.seed);
        f.push(
            "time",
            match self.time {
                TournamentTime::Clock(time, increment, sent) => {
                    format!("clock {time} inc {}{}", increment.as_secs_f64(), if sent { " sent" } else { "" })
                }
                TournamentTime::PerMove(seconds) => format!("movetime {seconds}"),
            },
        );
        f.push("grace_ms", self.grace_ms);
        f.push("startup_ms", self.startup_ms);
        f.push("max_plies", self.max_plies);
        f.push(
            "openings",
            match &self.openings {
                TournamentOpenings::File(file) => format!("file {}", file.display()),
                TournamentOpenings::Random(plies) => format!("random {plies}"),
            },
        );
        let r = &self.rules;
        f.push(
            "rules",
            format!(
                "removal {} repetition {} no_removal_plies {}{}",
                r.removal.name(),
                r.repetition,
                r.no_removal_plies,
                if self.pass_rules { " passed" } else { "" }
            ),
        );
        f.push("tablebase", self.tablebase.map_or("-".to_string(), |t| t.display().to_string()));
        f.push("limits", self.limits.describe());
        // Only when set, so the files of tournaments from before these keys still match.
        if let Some(cpus) = self.cpus {
            f.push("cpus", cpus);
        }
        if let Some(ponder) = self.ponder.describe() {
            f.push("ponder", ponder);
        }
        f.push("entrants", self.entrants.iter().map(|e| e.name.as_str()).collect::<Vec<_>>().join(" "));
        for e in self.entrants {
            let folder = e.folder.as_ref().map_or(String::new(), |d| format!(" (in {})", d.display()));
            f.push(&format!("entrant.{}", e.name), format!("{}{folder}", e.words.join(" ")));
        }
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RemovalRule;

    fn entrant(name: &str, words: &[&str], folder: Option<&str>) -> EngineCommand {
        EngineCommand {
            name: name.to_string(),
            words: words.iter().map(|w| (*w).to_string()).collect(),
            folder: folder.map(PathBuf::from),
        }
    }

    const MIB: u64 = 1 << 20;

    /// The lines `morris tournament` wrote before the terms moved here from the command
    /// line (2026-11): the same terms must give the same line, or those files would no
    /// longer resume.
    #[test]
    fn the_fingerprint_is_the_line_earlier_versions_wrote() {
        let ponder = PonderPolicy::default();
        let abc = [entrant("a", &["true"], None), entrant("b", &["true"], None), entrant("c", &["true"], None)];
        let knockout = TournamentTerms {
            format: TournamentFormat::Knockout,
            games: 2,
            tiebreak_pairs: 1,
            seed: 1,
            time: TournamentTime::PerMove(0.3),
            grace_ms: 50,
            startup_ms: 2000,
            max_plies: 1000,
            openings: TournamentOpenings::Random(4),
            rules: RuleOptions { removal: RemovalRule::WhenAllInMills, repetition: 3, no_removal_plies: 100 },
            pass_rules: false,
            tablebase: None,
            limits: EngineLimits { sandbox: false, ..EngineLimits::default() },
            cpus: None,
            ponder: &ponder,
            entrants: &abc,
        };
        assert_eq!(
            knockout.fingerprint().line(),
            "# morris tournament\tformat=knockout\tgames=2\ttiebreak_pairs=1\tseed=1\ttime=movetime 0.3\t\
             grace_ms=50\tstartup_ms=2000\tmax_plies=1000\topenings=random 4\t\
             rules=removal when-all-in-mills repetition 3 no_removal_plies 100\ttablebase=-\t\
             limits=memory 2GiB, processes 128, file size 64MiB, open files 256, sandbox off\t\
             entrants=a b c\tentrant.a=true\tentrant.b=true\tentrant.c=true"
        );
        let ab = [entrant("a", &["true", "x"], None), entrant("b", &["true\ty"], None)];
        let clock = TournamentTerms {
            format: TournamentFormat::RoundRobin,
            games: 3,
            seed: 7,
            time: TournamentTime::Clock(5.25, Duration::from_millis(100), true),
            grace_ms: 10,
            startup_ms: 100,
            max_plies: 200,
            openings: TournamentOpenings::File("openings.txt".into()),
            rules: RuleOptions { removal: RemovalRule::Never, repetition: 0, no_removal_plies: 50 },
            pass_rules: true,
            limits: EngineLimits { memory: 512 * MIB, sandbox: false, ..EngineLimits::default() },
            cpus: Some(0.5),
            entrants: &ab,
            ..knockout.clone()
        };
        assert_eq!(
            clock.fingerprint().line(),
            "# morris tournament\tformat=round-robin\tgames=3\tseed=7\ttime=clock 5.25 inc 0.1 sent\t\
             grace_ms=10\tstartup_ms=100\tmax_plies=200\topenings=file openings.txt\t\
             rules=removal never repetition 0 no_removal_plies 50 passed\ttablebase=-\t\
             limits=memory 512MiB, processes 128, file size 64MiB, open files 256, sandbox off\t\
             cpus=0.5\tentrants=a b\tentrant.a=true x\tentrant.b=true y"
        );
        let shy = PonderPolicy { share: 0.25, forbidden: vec!["alice".into(), "bob".into(), "ref".into()] };
        let class = [
            entrant("alice", &["true", "alice.py"], Some("/tmp/fp/class/alice")),
            entrant("bob", &["true", "-side", "{color}", "-o", "{opening}"], Some("/tmp/fp/class/bob")),
            entrant("ref", &["true", "--depth", "3"], None),
        ];
        // A roster's class: the clock's terms, with what the roster changes.
        let mut roster = clock.clone();
        (roster.format, roster.seed, roster.max_plies) = (TournamentFormat::Gauntlet, 2024, 300);
        roster.time = TournamentTime::Clock(60.0, Duration::from_millis(500), true);
        (roster.grace_ms, roster.startup_ms) = (40, 10000);
        roster.openings = TournamentOpenings::File("/tmp/fp/openings.txt".into());
        (roster.rules, roster.pass_rules) = (knockout.rules, false);
        roster.limits = EngineLimits { processes: 64, file_size: 32 * MIB, open_files: 128, ..clock.limits };
        (roster.ponder, roster.entrants) = (&shy, &class);
        assert_eq!(
            roster.fingerprint().line(),
            "# morris tournament\tformat=gauntlet\tgames=3\tseed=2024\ttime=clock 60 inc 0.5 sent\t\
             grace_ms=40\tstartup_ms=10000\tmax_plies=300\topenings=file /tmp/fp/openings.txt\t\
             rules=removal when-all-in-mills repetition 3 no_removal_plies 100\ttablebase=-\t\
             limits=memory 512MiB, processes 64, file size 32MiB, open files 128, sandbox off\t\
             cpus=0.5\tponder=share 0.25 not allowed: alice bob ref\tentrants=alice bob ref\t\
             entrant.alice=true alice.py (in /tmp/fp/class/alice)\t\
             entrant.bob=true -side {color} -o {opening} (in /tmp/fp/class/bob)\tentrant.ref=true --depth 3"
        );
        let tables = TournamentTerms { tablebase: Some(Path::new("tables/std")), ..knockout };
        assert_eq!(tables.fingerprint().get("tablebase"), Some("tables/std"));
    }
}
