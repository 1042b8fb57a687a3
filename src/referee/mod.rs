//! Matches, tournaments and protocol checks between engine processes.
//!
//! The referee starts engine programs in a sandbox, relays and checks every move with
//! `rules`, schedules games, writes records, computes results, reads every game text the
//! project writes and checks other people's engines. It knows engines only through the
//! line protocol of protocol.md; it never calls our own search. It takes plain settings
//! ([`GameSettings`](game::GameSettings), [`CheckSettings`](check::CheckSettings), one
//! [`TimeControl`](outcome::time_control::TimeControl)) and returns records, standings
//! and reports; the command lines of `morris match`, `tournament` and `check`, and their
//! printing, are `cmd`'s.
//!
//! # Floors
//!
//! It is built in floors, each importing only the floors below it (and, within a floor,
//! only the siblings listed before it), so each can be read, tested and reused without
//! those above:
//!
//! 1. [`outcome`]: what games come to, with no process in sight: results and
//!    terminations, the time control, usage figures, the record file, game texts,
//!    openings, standings and the SPRT. The board (`serve`) and `analyze` use only this.
//! 2. [`sandbox`]: running a program the referee does not trust: limits, program
//!    resolution, the sandbox, and the owned [`Child`](sandbox::child::Child) with its
//!    usage sampled from its cgroups. The grader (`grade`) uses it too.
//! 3. [`engine`]: an engine process in its sandbox, speaking the line protocol.
//! 4. [`game`] (one refereed game) and [`check`] (whether an engine follows protocol.md).
//! 5. [`tournament`]: rosters, the bracket, the terms that decide a tournament's games
//!    and their fingerprint, the runner that plays games `jobs` at a time, resuming
//!    from a record file, the standings pages, a Slurm cluster's waves, and
//!    the conduct of a whole tournament as library calls that return reports.
//!
//! Errors follow the floors: a record file's and an opening's in `outcome`, an engine's
//! in `engine`, a tournament's in `tournament` (which folds the ones below it in).
//! The test below reads the sources and fails on an arrow that points up or back.

pub mod check;
pub mod engine;
pub mod game;
pub mod outcome;
pub mod sandbox;
pub mod tournament;

#[cfg(test)]
mod floors {
    use std::path::Path;

    /// Every module of the referee, floor by floor and, within a floor, in an order in
    /// which each imports only modules before it (a floor's `mod.rs` only declares).
    const MODULES: &[(&str, u8)] = &[
        ("outcome::time_control", 1),
        ("outcome::usage", 1),
        ("outcome::result", 1),
        ("outcome::record", 1),
        ("outcome::game_text", 1),
        ("outcome::openings", 1),
        ("outcome::stats", 1),
        ("outcome::sprt", 1),
        ("outcome", 1),
        ("sandbox::limits", 2),
        ("sandbox::program", 2),
        ("sandbox::host", 2),
        ("sandbox::cgroup", 2),
        ("sandbox::jail", 2),
        ("sandbox::chain", 2),
        ("sandbox::child", 2),
        ("sandbox", 2),
        ("engine", 3),
        ("game", 4),
        ("check::report", 4),
        ("check::checker", 4),
        ("check", 4),
        ("tournament::error", 5),
        ("tournament::bracket", 5),
        ("tournament::resume", 5),
        ("tournament::terms", 5),
        ("tournament::roster", 5),
        ("tournament::pages", 5),
        ("tournament::runner", 5),
        ("tournament::waves", 5),
        ("tournament::conduct", 5),
        ("tournament", 5),
    ];

    /// The module a file holds: `outcome/record.rs` → `outcome::record`.
    fn module_of(file: &Path, root: &Path) -> String {
        let relative = file.strip_prefix(root).unwrap_or(file).with_extension("");
        let parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
        let parts = if parts.last().is_some_and(|p| p == "mod") { &parts[..parts.len() - 1] } else { &parts[..] };
        parts.join("::")
    }

    /// The referee modules a line names with `super::…` or `crate::referee::…` (comments
    /// aside); `depth` is how far the line sits below its file's module (1 in `mod tests`).
    fn named(line: &str, module: &str, depth: usize) -> Vec<String> {
        let code = line.split("//").next().unwrap_or("");
        let mut found = Vec::new();
        for (at, _) in code.match_indices("super::").chain(code.match_indices("crate::referee::")) {
            // Inside a longer path, or a visibility (`pub(in crate::referee::outcome)`).
            if code[..at].ends_with(':') || code[..at].ends_with("in ") {
                continue;
            }
            let mut base: Vec<&str> = if module.is_empty() { Vec::new() } else { module.split("::").collect() };
            let mut rest = &code[at..];
            if let Some(r) = rest.strip_prefix("crate::referee::") {
                base.clear();
                rest = r;
            } else {
                let mut ups = 0;
                while let Some(r) = rest.strip_prefix("super::") {
                    ups += 1;
                    rest = r;
                }
                if ups <= depth {
                    continue; // the file's own module (`use super::*` in its tests)
                }
                base.truncate(base.len().saturating_sub(ups - depth));
            }
            let words = rest.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).next().unwrap_or("");
            base.extend(words.split("::").filter(|w| !w.is_empty()));
            // The longest prefix that is a module (an item's path ends in the item).
            while !base.is_empty() && !MODULES.iter().any(|(m, _)| *m == base.join("::")) {
                base.pop();
            }
            found.push(base.join("::"));
        }
        found
    }

    fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                files(&path, out);
            } else if path.extension().is_some_and(|x| x == "rs") {
                out.push(path);
            }
        }
    }

    #[test]
    fn arrows_point_down_the_floors_and_never_back() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/referee");
        let mut paths = Vec::new();
        files(&root, &mut paths);
        let place = |m: &str| MODULES.iter().position(|(n, _)| *n == m);
        let mut wrong = Vec::new();
        for path in &paths {
            let module = module_of(path, &root);
            if module.is_empty() {
                continue; // this file: the floors' table
            }
            let Some(own) = place(&module) else {
                wrong.push(format!("{}: module {module} is not in the floors' table", path.display()));
                continue;
            };
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let mut depth = 0;
            for (n, line) in text.lines().enumerate() {
                if !line.starts_with([' ', '/']) && line.contains("mod ") && line.ends_with('{') {
                    depth = 1;
                }
                for target in named(line, &module, depth) {
                    let other = place(&target);
                    let verdict = match other {
                        None => Some("names the referee's root (import the module that owns it)".to_string()),
                        Some(t) if t == own => None,
                        Some(t) if MODULES[t].1 > MODULES[own].1 => {
                            Some(format!("points up, floor {} → floor {}", MODULES[own].1, MODULES[t].1))
                        }
                        Some(t) if t > own => Some(format!(
                            "points back within floor {}: {target} comes after {module} in the table (a circle could close)",
                            MODULES[own].1
                        )),
                        Some(_) => None,
                    };
                    if let Some(why) = verdict {
                        wrong.push(format!("{}:{}: {} {why}", path.display(), n + 1, line.trim()));
                    }
                }
            }
        }
        assert!(wrong.is_empty(), "imports against the floors:\n{}", wrong.join("\n"));
    }

    #[test]
    fn the_reader_finds_arrows() {
        assert_eq!(named("use super::result::GameResult;", "outcome::record", 0), ["outcome::result"]);
        assert_eq!(named("use crate::referee::engine::EngineCommand;", "tournament::roster", 0), ["engine"]);
        assert_eq!(named("    use super::*;", "outcome::record", 1), Vec::<String>::new());
        assert_eq!(named("let x = super::super::game::play_game(", "tournament::runner", 0), ["game"]);
        assert_eq!(named("use super::{engine, game};", "check", 0), [""]);
        assert_eq!(named("/// [`x`](super::engine::X)", "game", 0), Vec::<String>::new());
        assert_eq!(named("pub(in crate::referee::outcome) fn f() {", "outcome::record", 1), Vec::<String>::new());
    }
}
