//! The class tournament's parts through the library's API: rosters read and refused, a
//! tournament's plan and its deferred waves, a resumed record, the standings pages. They
//! were unit tests; as integration tests the library is not compiled a second time for
//! them (docs/performance.md).

mod roster {
    use morris::referee::outcome::usage::PonderPolicy;
    use morris::referee::sandbox::limits::EngineLimits;
    use morris::referee::tournament::bracket::TournamentFormat;
    use morris::referee::tournament::roster::*;
    use morris::referee::tournament::terms::{TournamentOpenings, TournamentTime};
    use std::path::Path;

    fn parse(text: &str) -> Result<Roster, RosterError> {
        parse_roster(text, Path::new("class.toml"))
    }

    const TWO: &str = "[[entrant]]\nname = \"a\"\ncommand = \"morris --depth 1\"\n\
                       [[entrant]]\nname = \"b\"\ncommand = \"morris --depth 2\"\n";

    #[test]
    fn a_small_roster_reads_with_defaults() {
        let r = parse(TWO).unwrap();
        assert_eq!(r.entrants.len(), 2);
        assert_eq!(r.entrants[1].name, "b");
        assert_eq!(r.entrants[1].words, ["morris", "--depth", "2"]);
        assert_eq!((r.format, r.games, r.seed, r.time), (None, None, None, None));
        assert_eq!(r.limits, EngineLimits::default());
    }

    #[test]
    fn every_setting_reads() {
        let text = format!(
            "format = \"round-robin\"\ngames = 4\ntiebreak_pairs = 1\nseed = 42\ntime = 30\ninc = 0.5\n\
             send_clock = true\ngrace_ms = 100\nstartup_ms = 3000\nmax_plies = 400\nrandom_plies = 4\n\
             [limits]\nmemory = \"512MiB\"\nprocesses = 16\nfile_size = 1048576\nopen_files = 64\nsandbox = false\n{TWO}"
        );
        let r = parse(&text).unwrap();
        assert_eq!(r.format, Some(TournamentFormat::RoundRobin));
        assert_eq!((r.games, r.tiebreak_pairs, r.seed), (Some(4), Some(1), Some(42)));
        assert_eq!(r.time, Some(TournamentTime::Clock(30.0, std::time::Duration::from_millis(500), true)));
        assert_eq!(r.openings, Some(TournamentOpenings::Random(4)));
        assert_eq!((r.grace_ms, r.startup_ms, r.max_plies), (Some(100), Some(3000), Some(400)));
        let l = r.limits;
        assert_eq!((l.memory, l.processes, l.file_size, l.open_files, l.sandbox), (512 << 20, 16, 1 << 20, 64, false));
    }

    /// The error of `text`, which must be on `line` and mention `says`.
    fn refused(text: &str, line: usize, says: &str) {
        let e = parse(text).unwrap_err();
        let shown = e.to_string();
        assert_eq!(e.line, Some(line), "{shown}");
        assert!(shown.starts_with(&format!("class.toml:{line}: ")), "{shown}");
        assert!(shown.contains(says), "{shown} should say {says:?}");
        assert_eq!(shown.lines().count(), 1, "{shown}");
    }

    #[test]
    fn each_kind_of_bad_roster_names_its_line() {
        refused(&format!("movetim = 1\n{TWO}"), 1, "movetim");
        refused(&format!("{TWO}colour = \"red\"\n"), 7, "colour");
        refused(&format!("[limits]\nmemroy = \"1GiB\"\n{TWO}"), 2, "memroy");
        refused(&format!("format = \"swiss\"\n{TWO}"), 1, "not a format");
        refused(&format!("games = 0\n{TWO}"), 1, "at least 1");
        refused(&format!("games = -2\n{TWO}"), 1, "games");
        refused(&format!("movetime = 0\n{TWO}"), 1, "movetime");
        refused(&format!("movetime = 1\ntime = 60\n{TWO}"), 2, "exclude");
        refused(&format!("inc = 1\n{TWO}"), 1, "needs a game clock");
        refused(&format!("random_plies = 2\nopenings = \"o.txt\"\n{TWO}"), 1, "exclude");
        refused(&format!("openings = \"/nonexistent/o.txt\"\n{TWO}"), 1, "no file");
        refused(&format!("[limits]\nmemory = \"2 gigs\"\n{TWO}"), 2, "not a size");
        refused(&format!("[limits]\nmemory = 2\n{TWO}"), 2, "below the least usable");
        refused(&format!("[limits]\nprocesses = 0\n{TWO}"), 2, "at least 1");
        refused(&format!("[limits]\nopen_files = 1\n{TWO}"), 2, "stdin");
        refused(&format!("[limits]\ncpus = 0\n{TWO}"), 2, "limits.cpus: '0' is not a number of CPUs");
        refused(&format!("[limits]\ncpus = \"two\"\n{TWO}"), 2, "cpus");
        refused(&format!("ponder_share = 1.5\n{TWO}"), 1, "not a share from 0 to 1");
        refused(&format!("ponder_share = -0.1\n{TWO}"), 1, "not a share from 0 to 1");
        refused(&format!("ponder = \"no\"\n{TWO}"), 1, "ponder");
        refused(&format!("{TWO}ponder = 3\n"), 7, "ponder");
        refused(&format!("{TWO}[[entrant]]\nname = \"a\"\ncommand = \"x\"\n"), 8, "given twice");
        refused(&format!("{TWO}[[entrant]]\nname = \"c d\"\ncommand = \"x\"\n"), 8, "letters, digits");
        refused(&format!("{TWO}[[entrant]]\nname = \"c\"\ncommand = \"x 'y\"\n"), 9, "unclosed quote");
        refused(
            &format!("{TWO}[[entrant]]\nname = \"c\"\ncommand = \"x\"\nfolder = \"/nonexistent\"\n"),
            10,
            "no folder",
        );
        refused(&format!("{TWO}[[entrant]]\nname = \"c\"\n"), 7, "command");
        refused("[[entrant]]\nname = \"a\"\ncommand = \"x\"\n", 1, "at least two entrants");
        refused(&format!("seed = \"x\n{TWO}"), 1, "");
    }

    #[test]
    fn pondering_is_allowed_unless_the_roster_or_the_entrant_says_no() {
        let r = parse(TWO).unwrap();
        assert_eq!((r.ponder, r.cpus), (PonderPolicy::default(), None));
        let text = format!("ponder = false\nponder_share = 0.25\n[limits]\ncpus = 0.5\n{TWO}ponder = true\n");
        let r = parse(&text).unwrap();
        assert_eq!(r.ponder, PonderPolicy { share: 0.25, forbidden: vec!["a".to_string()] });
        assert_eq!(r.cpus, Some(0.5));
        let text = format!("{TWO}ponder = false\n");
        assert_eq!(parse(&text).unwrap().ponder.forbidden, ["b"]);
    }

    #[test]
    fn folders_and_relative_programs_are_resolved_from_the_roster() {
        let dir = std::env::temp_dir().join(format!("morris-roster-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("alice")).unwrap();
        let text = "[[entrant]]\nname = \"alice\"\ncommand = \"./run.sh --fast\"\nfolder = \"alice\"\n\
                    [[entrant]]\nname = \"bob\"\ncommand = \"bin/bob\"\n\
                    [[entrant]]\nname = \"carol\"\ncommand = \"python3 carol.py\"\n";
        let r = parse_roster(text, &dir.join("class.toml")).unwrap();
        assert_eq!(r.entrants[0].folder.as_deref(), Some(dir.join("alice").as_path()));
        assert_eq!(r.entrants[0].words[0], dir.join("alice").join("./run.sh").display().to_string());
        assert_eq!(r.entrants[1].words[0], dir.join("bin/bob").display().to_string());
        assert_eq!((r.entrants[2].words[0].as_str(), r.entrants[2].folder.as_ref()), ("python3", None));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

mod conduct {
    use morris::referee::engine::EngineCommand;
    use morris::referee::game::GameSettings;
    use morris::referee::outcome::record::RecordWriter;
    use morris::referee::outcome::time_control::TimeControl;
    use morris::referee::sandbox::jail::Sandbox;
    use morris::referee::tournament::bracket::{KnockoutSettings, TournamentFormat};
    use morris::referee::tournament::conduct::*;
    use morris::referee::tournament::resume::{Fingerprint, Ledger, Schedule};
    use morris::referee::tournament::runner::Runner;
    use std::path::Path;
    use std::time::Duration;

    fn names() -> Vec<String> {
        ["alpha", "beta", "gamma"].map(String::from).to_vec()
    }

    fn time() -> TimeControl {
        TimeControl { movetime: Duration::from_secs(1), clock: None, grace: Duration::ZERO, startup: Duration::ZERO }
    }

    #[test]
    fn the_plan_says_who_plays_whom_and_how_long_it_takes() {
        let names = names();
        let plan = Plan {
            format: TournamentFormat::RoundRobin,
            names: &names,
            roster: Some(Path::new("class.toml")),
            seed: 7,
            pairs_each: 1,
            tiebreak_pairs: 2,
            time: time(),
            limits: "memory 2GiB".to_string(),
            jobs: 2,
            kept: false,
        };
        assert_eq!(
            plan_lines(&plan, &Ledger::default()),
            [
                "Plan: round-robin of 3 entrants from class.toml, seed 7, 2 games a pairing",
                "  pairings (3): alpha-beta, alpha-gamma, beta-gamma",
                "  6 games; none played yet",
                "  about 2.0 min a game (120 plies at the full time per move): 0.4 engine-hours (two engines a game, \
                 each on a core), 6 min wall time at --jobs 2",
                "  engine limits: memory 2GiB",
                "  no --record file: nothing is kept to resume from",
            ]
        );
        let knockout = Plan { format: TournamentFormat::Knockout, kept: true, ..plan };
        let lines = plan_lines(&knockout, &Ledger::default());
        assert!(lines[1].starts_with("  round 1: ") && lines[1].contains("; odd one out: "), "{lines:?}");
        assert_eq!(lines[2], "  4 games (12 if every bout goes to its tie-breaks); none played yet");
        assert_eq!(lines.len(), 5, "kept: no warning");
    }

    #[test]
    fn a_deferred_tournament_hands_back_its_next_wave_unplayed() {
        let names = names();
        let engines = names.iter().map(|n| EngineCommand::parse(&format!("{n}=no-such-engine")).unwrap()).collect();
        let settings = GameSettings {
            rules: &morris::rules::STANDARD,
            time: time(),
            max_plies: 10,
            engine_extra: Vec::new(),
            tablebase: None,
            sandbox: Sandbox::off(),
        };
        let runner = Runner::new(engines, settings, 1, RecordWriter::create(None).unwrap(), Box::new(()));
        let how = Conduct {
            format: TournamentFormat::RoundRobin,
            names: &names,
            knockout: KnockoutSettings { pairs_per_bout: 1, tiebreak_pairs: 0, seed: 1 },
            defer: true,
        };
        let mut said = Vec::new();
        let conducted = conduct(&how, &runner, Schedule::new(Vec::new()), &Ledger::default(), |l| said.extend(l));
        let Ok(Conducted::Deferred(wave)) = conducted else { panic!("deferred: {conducted:?}") };
        let numbers: Vec<usize> = wave.iter().map(|(n, _)| *n).collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
        assert_eq!((wave[0].1.white, wave[0].1.black, wave[1].1.white), (0, 1, 1));
        assert!(said.is_empty(), "a round robin says nothing as it goes");
    }

    #[test]
    fn a_record_file_of_another_tournament_or_of_none_is_refused() {
        let dir = std::env::temp_dir().join(format!("morris-conduct-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.tsv");
        let mut ours = Fingerprint::new();
        ours.push("seed", 1);
        let mut theirs = Fingerprint::new();
        theirs.push("seed", 2);
        // A new file gets the header and the tournament line, and is continued.
        let resume = open_record(Some(&path), &ours).unwrap();
        assert!(resume.ledger.is_empty());
        drop(resume);
        assert!(open_record(Some(&path), &ours).is_ok());
        let refused = open_record(Some(&path), &theirs).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(refused.contains("was written by another tournament (seed"), "{refused}");
        assert!(refused.ends_with("else give another --record file"), "{refused}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

mod resume {
    use morris::referee::outcome::record::RecordedGame;
    use morris::referee::tournament::error::TournamentError;
    use morris::referee::tournament::resume::*;

    fn recorded(number: usize, white: &str, black: &str, opening: &str, result: &str) -> RecordedGame {
        RecordedGame {
            number,
            names: [white.to_string(), black.to_string()],
            result: result.to_string(),
            termination: "rules".to_string(),
            reason: String::new(),
            opening: opening.to_string(),
            moves: String::new(),
            claims: String::new(),
            clocks: None,
            think: Default::default(),
            stderr_tail: Default::default(),
            usage: Default::default(),
        }
    }

    #[test]
    fn fingerprints_round_trip_and_name_the_first_difference() {
        let mut a = Fingerprint::new();
        a.push("format", "knockout");
        a.push("seed", 42);
        a.push("entrant.x", "morris\t--depth 1");
        let line = a.line();
        assert!(line.starts_with("# morris tournament\tformat=knockout\tseed=42\t"));
        let back = Fingerprint::find_in(&format!("# morris games v3\n{line}\n1\tx\n")).unwrap();
        assert_eq!(back, a);
        assert_eq!(back.get("entrant.x"), Some("morris --depth 1"));
        assert_eq!(a.difference(&back), None);
        let mut b = Fingerprint::new();
        b.push("format", "knockout");
        b.push("seed", 43);
        b.push("entrant.x", "morris\t--depth 1");
        assert_eq!(b.difference(&a).unwrap(), "seed was \"42\" there and is \"43\" now");
        let mut c = a.clone();
        c.push("max_plies", 10);
        assert!(c.difference(&a).unwrap().contains("was not set there"));
        assert!(a.difference(&c).unwrap().contains("is not set now"));
        assert_eq!(Fingerprint::find_in("1\tx\n"), None);
    }

    #[test]
    fn recorded_games_are_taken_and_only_the_rest_played() {
        let names = ["a".to_string(), "b".to_string(), "c".to_string()];
        let openings = vec!["D2".to_string(), "F4".to_string()];
        let ledger =
            Ledger::new(vec![recorded(1, "a", "b", "D2", "white"), recorded(3, "a", "c", "F4", "draw")], true).unwrap();
        let mut s = Scheduler::new(Schedule::new(openings.clone()), &ledger, &names);
        let mut asked = Vec::new();
        let points = s
            .bouts(&[(0, 1), (0, 2)], 1, |todo| {
                asked = todo.iter().map(|(n, _)| *n).collect();
                Err(TournamentError::NoEntrants)
            })
            .unwrap_err();
        assert!(matches!(points, TournamentError::NoEntrants));
        assert_eq!(asked, [2, 4], "only the games not in the file are played");
        // Everything recorded: nothing is played, and the points come from the file.
        let full = Ledger::new(
            vec![
                recorded(1, "a", "b", "D2", "white"),
                recorded(2, "b", "a", "D2", "white"),
                recorded(3, "a", "c", "F4", "draw"),
                recorded(4, "c", "a", "F4", "black"),
            ],
            true,
        )
        .unwrap();
        let mut s = Scheduler::new(Schedule::new(openings.clone()), &full, &names);
        let points = s.bouts(&[(0, 1), (0, 2)], 1, |_| panic!("nothing to play")).unwrap();
        assert_eq!(points, [(1.0, 1.0), (1.5, 0.5)]);
        assert_eq!((s.games().len(), s.taken()), (4, 4));
        // Other players or another opening under a number: refused, naming the game.
        let wrong = Ledger::new(vec![recorded(1, "a", "c", "D2", "white")], true).unwrap();
        let mut s = Scheduler::new(Schedule::new(openings.clone()), &wrong, &names);
        let e = s.bouts(&[(0, 1)], 1, |_| Ok(Vec::new())).unwrap_err().to_string();
        assert!(e.contains("game 1") && e.contains("a - c") && e.contains("a - b"), "{e}");
        let moved = Ledger::new(vec![recorded(1, "a", "b", "G7", "white")], true).unwrap();
        assert!(
            Scheduler::new(Schedule::new(openings), &moved, &names).bouts(&[(0, 1)], 1, |_| Ok(Vec::new())).is_err()
        );
        assert!(
            Ledger::new(vec![recorded(1, "a", "b", "", "white"), recorded(1, "a", "b", "", "white")], true).is_err()
        );
    }
}

mod pages {
    use morris::referee::outcome::record::RecordedGame;
    use morris::referee::outcome::usage::{EngineUsage, PonderPolicy};
    use morris::referee::tournament::bracket::{Bout, Decision, Round};
    use morris::referee::tournament::pages::*;
    use std::time::Duration;

    fn game(number: usize, white: &str, black: &str, result: &str, termination: &str, reason: &str) -> RecordedGame {
        RecordedGame {
            number,
            names: [white.to_string(), black.to_string()],
            result: result.to_string(),
            termination: termination.to_string(),
            reason: reason.to_string(),
            opening: "D2".to_string(),
            moves: "F4 B4".to_string(),
            claims: String::new(),
            clocks: None,
            think: [vec![Duration::from_millis(10)], vec![Duration::from_millis(30), Duration::from_millis(50)]],
            stderr_tail: [Vec::new(), vec!["<boom> & bust".to_string()]],
            usage: Default::default(),
        }
    }

    #[test]
    fn every_file_is_written_with_the_expected_rows() {
        let names = ["al|ce".to_string(), "bob".to_string()];
        let mut games = [
            game(1, "al|ce", "bob", "white", "illegal", "black forfeits: played \"D2\": occupied"),
            game(2, "bob", "al|ce", "draw", "rules", "threefold repetition"),
        ];
        // Bob burns 0.3 s on al|ce's turns against 0.1 s on its own 4 moves, in game 1;
        // game 2 measured nothing.
        games[0].usage[1] = EngineUsage {
            cpu: Some(Duration::from_millis(450)),
            own: Some(Duration::from_millis(100)),
            opponent: Some(Duration::from_millis(300)),
            moves: 4,
            peak_memory: Some(48 << 20),
            oom_killed: Some(false),
        };
        let ponder = PonderPolicy { share: 0.1, forbidden: vec!["bob".to_string()] };
        let view =
            TournamentView { title: "Class".to_string(), names: &names, games: &games, bracket: None, ponder: &ponder };
        let pages = pages(&view);
        let get = |p: &str| {
            pages.iter().find(|x| x.path == std::path::Path::new(p)).unwrap_or_else(|| panic!("{p}")).text.clone()
        };
        let txt = get("standings.txt");
        assert!(
            txt.lines().any(|l| l.starts_with("1     al|ce") || l.split_whitespace().take(3).eq(["1", "al|ce", "2"])),
            "{txt}"
        );
        assert!(get("standings.md").contains("al\\|ce"));
        let html = get("standings.html");
        assert!(html.contains("<a href=\"entrants/al_7cce.html\">al|ce</a>") && !html.contains("http"), "{html}");
        let csv = get("standings.csv");
        assert!(
            csv.starts_with("rank,engine,games,W,D,L,score") && csv.contains("\r\n1,al|ce,2,1,1,0,1.5,75,"),
            "{csv}"
        );
        assert!(get("crosstable.csv").contains("2,bob,0.5/2,x,0.5"), "{}", get("crosstable.csv"));
        let bob = get("entrants/bob.md");
        assert!(bob.contains("illegal 1, malformed 0"), "{bob}");
        assert!(bob.contains("the moves before it: `D2 F4 B4`"), "{bob}");
        assert!(bob.contains("mean 30.0 ms, max 50.0 ms over 3 timed replies"), "{bob}");
        assert!(bob.contains("<boom> & bust"));
        assert!(get("entrants/bob.html").contains("&lt;boom&gt; &amp; bust"));
        assert!(
            bob.contains(
                "CPU time: mean 25.00 ms per move on its own turns over 4 moves; 0.300 s on its opponents' turns \
                 (75% of its CPU); peak memory 48.0 MiB; no OOM kill. Flagged"
            ),
            "{bob}"
        );
        assert!(bob.contains("| 0.100 | 0.300 | 48.0 | no |"), "{bob}");
        assert!(bob.contains("| - | - | - | - |"), "game 2 measured nothing: {bob}");
        assert!(csv.contains(",25.00,0.30 (75%),48.0,flagged\r\n"), "{csv}");
        let alce = get("entrants/al_7cce.md");
        assert!(alce.contains("CPU time: not measured; peak memory not measured."), "{alce}");
        assert!(csv.contains(",-,-,-,yes\r\n"), "{csv}");
        assert!(!pages.iter().any(|p| p.path.starts_with("bracket")));
    }

    #[test]
    fn a_knockout_gets_its_bracket() {
        let names = ["a".to_string(), "b".to_string()];
        let games = [game(1, "a", "b", "white", "rules", "x"), game(2, "b", "a", "black", "rules", "x")];
        let bout = Bout { a: 0, b: 1, points: (2.0, 0.0), winner: 0, tiebreak_pairs: 0, decision: Decision::Points };
        let bracket = Bracket {
            rounds: vec![Round { number: 1, bouts: vec![bout], odd_bout: None, advancing: vec![0] }],
            champion: Some(0),
        };
        let ponder = PonderPolicy::default();
        let view = TournamentView {
            title: "KO".to_string(),
            names: &names,
            games: &games,
            bracket: Some(&bracket),
            ponder: &ponder,
        };
        let pages = pages(&view);
        let get = |p: &str| pages.iter().find(|x| x.path == std::path::Path::new(p)).unwrap().text.clone();
        assert!(get("bracket.txt").contains("  a vs b: 2-0 -> a\n  advance: a\nChampion: a"), "{}", get("bracket.txt"));
        assert!(get("bracket.md").contains("| 1 | a vs b | 2-0 |  | a |"), "{}", get("bracket.md"));
        assert!(get("bracket.html").contains("<td>a vs b</td>"));
        assert_eq!(file_stem("x#2"), "x_232");
    }
}
