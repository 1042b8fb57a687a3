//! Hostile engines (tests/hostile/) in one tournament with two honest ones, in Python and
//! Java: each hostile one ends with its own forfeit reason, nothing it started is left
//! running, nothing outside its sandbox changed, and the honest games finish normally.
//!
//! Needs bubblewrap, python3 and a JDK; fails where one is missing, unless
//! `MORRIS_SKIP_SANDBOX_TESTS=1` skips it on purpose.

use std::collections::HashMap;
use std::fs;
use std::io::Read;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;

use morris::referee::outcome::record::{RecordedGame, parse_records};
use morris::referee::sandbox::child::Launch;
use morris::referee::sandbox::jail::{MemoryGuard, Sandbox};
use morris::referee::sandbox::limits::EngineLimits;

const MORRIS: &str = env!("CARGO_BIN_EXE_morris");

/// The tournament of hostile engines and the affinity test one after the other: the
/// burner fills its core, which the other test's engines (timed) may be given too.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Holds [`ONE_AT_A_TIME`] and a lock on a file every test process shares, so that the
/// hostile tests also take turns across processes: under a runner that starts each test
/// in its own process (cargo-nextest), or two test runs at once, the affinity test would
/// otherwise count another run's burners as its own left running.
fn one_at_a_time() -> (std::sync::MutexGuard<'static, ()>, fs::File) {
    let guard = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let path = std::env::temp_dir().join("morris-hostile-tests.lock");
    let file = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    file.lock().unwrap_or_else(|e| panic!("locking {}: {e}", path.display()));
    (guard, file)
}

/// Whether `MORRIS_SKIP_SANDBOX_TESTS=1` skips the tests that need the sandbox (these,
/// and the documented commands of `doc_commands`) on purpose; says so when it does.
pub(crate) fn skipped() -> bool {
    if std::env::var_os("MORRIS_SKIP_SANDBOX_TESTS").is_some_and(|v| v == "1") {
        eprintln!("MORRIS_SKIP_SANDBOX_TESTS=1: the tests that need the sandbox are skipped on purpose");
        return true;
    }
    false
}

/// Fails, naming the package to install, where `tool` is not on the `PATH`.
pub(crate) fn require(tool: &str, package: &str) {
    let found =
        Command::new("sh").arg("-c").arg(format!("command -v {tool}")).output().is_ok_and(|o| o.status.success());
    assert!(
        found,
        "{tool} is missing: install it ('apt-get install {package}') or set MORRIS_SKIP_SANDBOX_TESTS=1 to skip on purpose"
    );
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("morris-sandbox-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn hostile(script: &str) -> String {
    format!("python3 {}/tests/hostile/{script}", env!("CARGO_MANIFEST_DIR"))
}

/// Processes whose command line contains `needle` (other than this test).
fn processes_with(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").into_iter().flatten().flatten() {
        if let Ok(cmdline) = fs::read(entry.path().join("cmdline")) {
            let text = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            if text.contains(needle) {
                found.push(format!("{}: {text}", entry.file_name().to_string_lossy()));
            }
        }
    }
    found
}

#[test]
fn hostile_engines_lose_by_their_own_reasons_and_harm_nothing() {
    if skipped() {
        return;
    }
    let _alone = one_at_a_time();
    for (tool, package) in [("bwrap", "bubblewrap"), ("python3", "python3"), ("javac", "default-jdk-headless")] {
        require(tool, package);
    }
    let sandbox = Sandbox::probe(EngineLimits::default(), Vec::new());
    assert!(sandbox.isolated(), "bubblewrap is installed but cannot make its namespaces here");
    // A fork bomb is only safe where the process limit binds (root ignores RLIMIT_NPROC).
    assert!(sandbox.processes_bounded(), "refusing the fork test: {}", sandbox.summary());

    let dir = scratch("class");
    let ta = dir.join("ta");
    let sibling = dir.join("sibling");
    let java = dir.join("java");
    let snoop = dir.join("snoop");
    for d in [&ta, &sibling, &java, &snoop] {
        fs::create_dir_all(d).unwrap();
    }
    let secret = "SECRET-of-the-sibling-4711";
    fs::write(sibling.join("secret.txt"), secret).unwrap();
    let home = PathBuf::from(std::env::var("HOME").unwrap_or_else(|_| "/root".into()));
    let planted = home.join("morris-hostile-pwned");
    let _ = fs::remove_file(&planted);
    // The snooper's own folder: the script and the paths it goes after.
    fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile/snoop.py"), snoop.join("snoop.py")).unwrap();
    let targets = format!("{}\n{}\n", home.display(), sibling.join("secret.txt").display());
    fs::write(snoop.join("targets.txt"), targets).unwrap();
    let hostile_src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile/Honest.java");
    let status = Command::new("javac").arg("-d").arg(&java).arg(&hostile_src).status().expect("javac");
    assert!(status.success(), "javac failed");
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();

    let engine = format!("{MORRIS} --depth 1");
    let entrants = [
        format!("python={} {engine}", hostile("honest.py")),
        format!("java=java -cp {} Honest {engine}", java.display()),
        format!("memory={}", hostile("memory_hog.py")),
        format!("fork={}", hostile("fork_bomb.py")),
        format!("snoop=python3 {}", snoop.join("snoop.py").display()),
        format!("network={} {port}", hostile("network.py")),
        format!("child={} {engine}", hostile("leave_child.py")),
        format!("flood={}", hostile("flood.py")),
    ];
    let record = dir.join("games.tsv");
    let mut cmd = Command::new(MORRIS);
    cmd.current_dir(&ta).args(["tournament", "--format", "gauntlet", "--games", "2", "--jobs", "2"]);
    // Start-up time enough for the memory hog to reach its limit on a busy machine
    // (the whole suite runs beside it): at the default 2 s it lost on time first at a load of 5.
    cmd.args(["--movetime", "0.5", "--startup-ms", "8000", "--engine-memory", "512MiB", "--record"]).arg(&record);
    for e in &entrants {
        cmd.arg("--engine").arg(e);
    }
    let out = cmd.output().expect("morris tournament");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "tournament failed: {stderr}");

    let games = recorded_games(&record);
    assert_eq!(games.len(), 14, "7 pairings of 2 games");
    // Each game's ending, with what the other engine used and its last words, to tell a
    // limit from a clock when one is not what was expected.
    let mut reasons: HashMap<String, Vec<(String, String)>> = HashMap::new();
    for g in &games {
        let python = g.side_of("python").expect("a gauntlet game without the first entrant") as usize;
        let other = &g.names[1 - python];
        let seen = format!("{} (used {:?}, stderr {:?})", g.reason, g.usage[1 - python], g.stderr_tail[1 - python]);
        reasons.entry(other.clone()).or_default().push((g.termination.clone(), seen.clone()));
        if other == "java" || other == "child" {
            assert!(
                ["rules", "ply-cap"].contains(&g.termination.as_str()),
                "{other}'s game did not finish normally: {} ({seen})",
                g.termination
            );
        } else {
            assert_eq!(g.result, ["white", "black"][python], "{other}: {seen}");
        }
    }
    let expect = |name: &str, termination: &str, has: &str| {
        for (t, reason) in &reasons[name] {
            assert_eq!(t, termination, "{name}: {reason}");
            assert!(reason.contains(has), "{name}: '{reason}' does not say '{has}'");
        }
    };
    expect("memory", "limit", "memory limit (512MiB)");
    expect("fork", "limit", "process limit (128)");
    expect("snoop", "crash", "could not write");
    expect("network", "crash", "exited");
    expect("flood", "time", "no move within");

    // Nothing it started is left running; nothing outside its sandbox changed.
    for needle in ["tests/hostile/", "3600.25"] {
        let left = processes_with(needle);
        assert!(left.is_empty(), "left running: {left:?}");
    }
    assert!(!planted.exists(), "an engine wrote into the TA's home: {}", planted.display());
    let text = fs::read_to_string(&record).unwrap();
    assert!(!text.contains(secret), "an engine read a sibling's folder");
    assert!(listener.accept().is_err(), "an engine reached the network");
    assert_eq!(fs::read_dir(&ta).unwrap().count(), 0, "an engine wrote into its folder");
    let _ = fs::remove_dir_all(&dir);
}

/// An engine's own view of its credentials (`/proc/self/status`), its limits and its
/// reach: as an unprivileged uid of its own (the referee is root) with no supplementary
/// group, no capability in any set, no new privileges through `exec`, the rlimits of
/// `EngineLimits` (soft and hard), and neither the power to signal nor to read the memory
/// of (ptrace) a root process: bubblewrap's init, its pid 1, or the referee (out of its
/// sight, by pid).
#[test]
fn an_engine_runs_unprivileged_and_cannot_touch_root_processes() {
    if skipped() {
        return;
    }
    require("bwrap", "bubblewrap");
    let sandbox = Sandbox::probe(EngineLimits::default(), Vec::new());
    assert!(sandbox.isolated(), "bubblewrap is installed but cannot make its namespaces here");
    let referee = std::process::id();
    let script = format!(
        "grep -E '^(Uid|Gid|Groups|Cap(Inh|Prm|Eff|Amb)|NoNewPrivs):' /proc/self/status; \
         grep -E '^Max (file size|core file size|processes|open files) ' /proc/self/limits; \
         for pid in 1 {referee}; do \
           if kill -0 $pid 2>/dev/null; then echo signal $pid yes; else echo signal $pid no; fi; \
           if cat /proc/$pid/environ >/dev/null 2>&1; then echo ptrace $pid yes; else echo ptrace $pid no; fi; \
         done"
    );
    let argv = ["sh".to_string(), "-c".to_string(), script];
    let launch = Launch { argv: &argv, folder: None, core: Some(0), writable: None, stdin: false };
    let mut child = sandbox.spawn(launch).expect("started in the sandbox");
    let mut out = String::new();
    child.take_stdout().expect("stdout").read_to_string(&mut out).expect("read");
    assert!(child.wait().is_some_and(|s| s.success()), "{out}");
    let field = |name: &str| -> Vec<String> {
        let line = out.lines().find(|l| l.starts_with(&format!("{name}:"))).unwrap_or_else(|| panic!("{name}: {out}"));
        line.split_whitespace().skip(1).map(str::to_string).collect()
    };
    let (uid, gid) = (field("Uid"), field("Gid"));
    // Real, effective, saved and file-system ids all the same: nothing to switch back to.
    assert!(uid.iter().all(|u| *u == uid[0]) && gid.iter().all(|g| *g == gid[0]), "{out}");
    let own_uid = fs::metadata("/proc/self").map(|m| std::os::unix::fs::MetadataExt::uid(&m)).expect("own uid");
    if own_uid == 0 {
        assert_ne!(uid[0], "0", "the engine runs as root: {out}");
        assert_ne!(gid[0], "0", "the engine runs in root's group: {out}");
    } else {
        assert_eq!(uid[0], own_uid.to_string(), "{out}");
    }
    assert!(field("Groups").is_empty(), "supplementary groups kept: {out}");
    for set in ["CapInh", "CapPrm", "CapEff", "CapAmb"] {
        assert_eq!(field(set), ["0000000000000000"], "{set}: {out}");
    }
    assert_eq!(field("NoNewPrivs"), ["1"], "{out}");
    let limits = EngineLimits::default();
    for (name, value) in [
        ("Max file size", limits.file_size),
        ("Max core file size", 0),
        ("Max processes", limits.processes),
        ("Max open files", limits.open_files),
    ] {
        let line = out.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name}: {out}"));
        let words: Vec<&str> = line[name.len()..].split_whitespace().collect();
        assert_eq!(words[..2], [value.to_string(), value.to_string()], "{name} (soft, hard): {out}");
    }
    for pid in ["1".to_string(), referee.to_string()] {
        assert!(out.contains(&format!("signal {pid} no")), "it can signal {pid}: {out}");
        assert!(out.contains(&format!("ptrace {pid} no")), "it can read {pid}'s memory: {out}");
    }
}

#[test]
fn without_a_sandbox_engines_run_as_before() {
    if skipped() {
        return;
    }
    let out = Command::new(MORRIS)
        .args(["match", "--no-sandbox", "--games", "2", "--movetime", "0.2"])
        .args(["--engine", &format!("a={MORRIS} --depth 1"), "--engine", &format!("b={MORRIS} --depth 1")])
        .output()
        .expect("morris match");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("game   2"));
}

/// An engine that widens its affinity to every CPU and burns every core from helper
/// processes and threads stays on the one core of its cpuset: each of them reports, from
/// inside, the CPUs it may run on after widening, and the cpuset it is in.
#[test]
fn an_engine_that_widens_its_affinity_stays_on_its_core() {
    if skipped() {
        return;
    }
    require("python3", "python3");
    let _alone = one_at_a_time();
    let sandbox = Sandbox::probe(EngineLimits::default(), Vec::new());
    assert!(
        sandbox.pinning_binds(),
        "no cpuset cgroup can be made here (root and the cpuset controller are needed): {}; \
         set MORRIS_SKIP_SANDBOX_TESTS=1 to skip on purpose",
        sandbox.pinning()
    );
    let dir = scratch("affinity");
    let record = dir.join("games.tsv");
    let engine = format!("{MORRIS} --depth 1");
    let out = Command::new(MORRIS)
        .current_dir(&dir)
        // A grace of 2 s: the honest engine answers at depth 1 in milliseconds, but the
        // rest of the test suite may hold its core for a while (it forfeited once so, at
        // the default 50 ms, on 2026-12-04); an engine starved by its neighbour on a shared
        // core would stay starved for the whole game, far beyond it.
        .args(["match", "--games", "2", "--jobs", "1", "--movetime", "0.5", "--grace-ms", "2000", "--record"])
        .arg(&record)
        .args(["--engine", &format!("honest={} {engine}", hostile("honest.py"))])
        .args(["--engine", &format!("wide={} {engine}", hostile("affinity.py"))])
        .output()
        .expect("morris match");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let games = recorded_games(&record);
    assert_eq!(games.len(), 2);
    for g in &games {
        // Its burning slows only itself (it may lose on time); the honest engine on the
        // other core is not harmed: it never forfeits (it may lose by the rules).
        let honest = if g.names[0] == "honest" { "white" } else { "black" };
        let forfeit = !["rules", "ply-cap"].contains(&g.termination.as_str());
        assert!(!forfeit || g.result == honest, "honest forfeited: {} ({})", g.termination, g.reason);
        let side = usize::from(g.names[1] == "wide");
        let lines = &g.stderr_tail[side];
        let reports: Vec<&String> = lines.iter().filter(|l| l.starts_with("affinity ")).collect();
        // The engine, its helper processes (2 per CPU, at least 2) and 2 threads.
        assert!(reports.len() >= 5, "{lines:?}");
        for report in &reports {
            let words: Vec<&str> = report.split_whitespace().collect();
            // `affinity WHO CPUS cpuset CGROUP`: one CPU (with taskset alone the widening
            // would show every CPU). The cpuset is `/`: bubblewrap's cgroup namespace
            // makes the engine's own cgroup its root.
            assert_eq!(words.len(), 5, "{report}");
            assert!(!words[2].contains(',') && !words[2].contains('-'), "widened to {}: {report}", words[2]);
            assert_eq!(words[3..], ["cpuset", "/"], "{report}");
        }
        let cpus: std::collections::HashSet<&str> =
            reports.iter().filter_map(|r| r.split_whitespace().nth(2)).collect();
        assert_eq!(cpus.len(), 1, "the engine's processes ran on several cores: {reports:?}");
    }
    // The two games put the engine on the two cores of the slot, one as each colour.
    let core = |game: usize, side: usize| -> String {
        games[game].stderr_tail[side]
            .iter()
            .find(|l| l.starts_with("affinity engine"))
            .map_or(String::new(), |l| l.split_whitespace().nth(2).unwrap_or_default().to_string())
    };
    let (first, second) = (usize::from(games[0].names[1] == "wide"), usize::from(games[1].names[1] == "wide"));
    assert_ne!(core(0, first), core(1, second), "white and black share a core");
    let left = processes_with("tests/hostile/affinity.py");
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = fs::remove_dir_all(&dir);
}

/// The sandbox this machine makes, refusing (unless skipped on purpose) to test what
/// engines used where no cgroup measures it.
fn measuring_sandbox() -> Sandbox {
    let sandbox = Sandbox::probe(EngineLimits::default(), Vec::new());
    assert!(
        sandbox.memory_guard() != MemoryGuard::AddressSpace,
        "no cgroup can be made here (root and the memory controller are needed), so nothing measures what \
         an engine used: {}; set MORRIS_SKIP_SANDBOX_TESTS=1 to skip on purpose",
        sandbox.summary()
    );
    sandbox
}

/// The games of a record file, read by the project's own reader.
fn recorded_games(path: &Path) -> Vec<RecordedGame> {
    parse_records(&fs::read_to_string(path).expect("record file")).expect("the record reads")
}

/// An engine that allocates slowly, as it starts, to just under its memory limit (256 MiB:
/// 160 MiB held by its Python wrapper, the rest the engine it runs) has its peak reported
/// in the record, under the limit and above what it holds, and no OOM kill; its honest
/// opponent's peak is below what the allocator holds.
#[test]
fn an_engine_that_allocates_to_just_under_its_limit_has_its_peak_reported() {
    if skipped() {
        return;
    }
    require("python3", "python3");
    let _alone = one_at_a_time();
    measuring_sandbox();
    let dir = scratch("peak");
    let record = dir.join("games.tsv");
    // The engine each Python wrapper runs, without its carried tables (read in place, but
    // resident as they are read, which the memory cgroup counts): the hog's 160 MiB and
    // its engine then stay under the 256 MiB limit.
    let engine = format!("{MORRIS} --depth 1 --no-small-tables");
    let out = Command::new(MORRIS)
        .current_dir(&dir)
        .args(["match", "--games", "2", "--jobs", "1", "--movetime", "0.5", "--startup-ms", "20000"])
        .args(["--engine-memory", "256MiB", "--record"])
        .arg(&record)
        .args(["--engine", &format!("honest={} {engine}", hostile("honest.py"))])
        .args(["--engine", &format!("hog={} 160 {engine}", hostile("slow_alloc.py"))])
        .output()
        .expect("morris match");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let games = recorded_games(&record);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_ne!(g.termination, "limit", "game {}: {}", g.number, g.reason);
        let hog = g.side_of("hog").expect("the hog played") as usize;
        assert!(g.stderr_tail[hog].iter().any(|l| l == "holding 160 MiB"), "{:?}", g.stderr_tail[hog]);
        let peak = g.usage[hog].peak_memory.expect("peak memory measured by the cgroup");
        assert!((160 << 20..256 << 20).contains(&peak), "game {}: peak {peak} bytes", g.number);
        assert_eq!(g.usage[hog].oom_killed, Some(false), "game {}", g.number);
        let honest = g.usage[1 - hog].peak_memory.expect("measured");
        assert!(honest < 160 << 20, "game {}: the honest engine's peak {honest}", g.number);
    }
    let _ = fs::remove_dir_all(&dir);
}

/// The engine that burns every core from helpers (tests/hostile/affinity.py), in a
/// roster that does not allow pondering: the CPU its helpers burn while its opponent
/// thinks is charged to it (its cgroup), it is flagged on the standings and its page
/// and not forfeited, and its opponent is charged nothing on its turns and not flagged.
#[test]
fn an_engine_that_burns_on_its_opponents_time_is_charged_and_flagged() {
    if skipped() {
        return;
    }
    require("python3", "python3");
    let _alone = one_at_a_time();
    let sandbox = measuring_sandbox();
    assert!(sandbox.pinning_binds(), "no cpuset cgroup: {}", sandbox.pinning());
    let dir = scratch("ponder");
    // Our engine thinks on its own time only (it ponders only when asked to). Twenty plies
    // a game are turns enough to charge: the burners burn through every one of them.
    let roster = format!(
        "format = \"round-robin\"\ngames = 2\nmovetime = 0.3\nstartup_ms = 20000\nponder = false\nmax_plies = 20\n\
         [[entrant]]\nname = \"honest\"\ncommand = \"{} {MORRIS}\"\n\
         [[entrant]]\nname = \"wide\"\ncommand = \"{} {MORRIS} --depth 1\"\n",
        hostile("honest.py"),
        hostile("affinity.py")
    );
    fs::write(dir.join("class.toml"), roster).unwrap();
    let out = Command::new(MORRIS)
        .current_dir(&dir)
        .args(["tournament", "--roster", "class.toml", "--jobs", "1", "--record", "games.tsv", "--standings", "pages"])
        .output()
        .expect("morris tournament");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let games = recorded_games(&dir.join("games.tsv"));
    assert_eq!(games.len(), 2);
    let mut charged = 0;
    for g in &games {
        let wide = g.side_of("wide").expect("played") as usize;
        let (w, h) = (g.usage[wide], g.usage[1 - wide]);
        // On a machine loaded enough its first reply can come too late (its burners share
        // its core), and a game it lost on time before any move of its own has no own time.
        // As Black it is still charged for its opponent's first turn (seen in CI: own 0,
        // opponent 93 ms, no move); as White no turn of its opponent's came, so that game
        // has nothing to charge (seen with a table build beside the tests: own 0, opponent
        // 0, no move), and the other game must show the charge.
        if w.moves == 0 && w.opponent == Some(std::time::Duration::ZERO) {
            continue;
        }
        charged += 1;
        // Not that it used more on its opponent's turns than on its own: its depth-1 replies are slow in
        // wall time (its engine shares its one CPU with its own burners), and on a loaded
        // machine its turns can take as long as its opponent's (seen in CI: 131 ms against
        // 166 ms). Its share is what the flag is decided by (over 10%; 44% there).
        assert!(
            w.opponent.expect("measured") > std::time::Duration::ZERO
                && (w.own.expect("measured") > std::time::Duration::ZERO || w.moves == 0),
            "game {}: {w:?}",
            g.number
        );
        assert!(w.opponent_share().is_some_and(|s| s > 0.1), "game {}: {w:?}", g.number);
        // A game that ended before the honest engine's first turn gives it no share to
        // judge: 13 µs on its opponent's turn and nothing on its own is "100 %" of nothing
        // (seen in a fresh clone's CI with a table build beside it: own 0, no move). Its
        // standing below is over both games.
        if h.moves > 0 {
            assert!(
                h.opponent_share().is_some_and(|s| s < 0.1),
                "game {}: the honest engine was charged {h:?}",
                g.number
            );
        }
    }
    assert!(charged > 0, "neither game had a turn of the opponent's to charge: {games:?}");
    let csv = fs::read_to_string(dir.join("pages/standings.csv")).expect("standings.csv");
    let row =
        |name: &str| csv.lines().map(str::trim_end).find(|l| l.split(',').nth(1) == Some(name)).unwrap_or_default();
    // Flagged where it burned more than the floor a game (one-off work is not pondering):
    // games it lost on time at once leave it little to burn (seen beside a table build:
    // 0.45 s in two games), and the flag then waits for more.
    let measured: Vec<std::time::Duration> =
        games.iter().filter_map(|g| g.usage[g.side_of("wide").unwrap() as usize].opponent).collect();
    let burned: std::time::Duration = measured.iter().sum();
    let flagged = burned / measured.len().max(1) as u32 > morris::referee::outcome::usage::PONDER_FLOOR_PER_GAME;
    assert!(row("wide").ends_with(if flagged { ",flagged" } else { ",no" }), "{burned:?}: {csv}");
    assert!(row("honest").ends_with(",no"), "{csv}");
    let page = fs::read_to_string(dir.join("pages/entrants/wide.md")).expect("wide's page");
    assert_eq!(page.contains("Flagged: it may not think on its opponent's time"), flagged, "{page}");
    assert_eq!(fs::read_to_string(dir.join("games.tsv")).unwrap().matches("\tlimit\t").count(), 0);
    let left = processes_with("tests/hostile/affinity.py");
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = fs::remove_dir_all(&dir);
}

/// The engine in the sandbox, with the default limits (2 GiB of memory, no folder of
/// tables given), reads the tables its binary carries in place: it says so at its start,
/// and its first placements are chosen among those the carried placing cells keep.
#[test]
fn the_engine_reads_its_carried_tables_inside_the_sandbox() {
    if skipped() {
        return;
    }
    require("bwrap", "bubblewrap");
    let dir = scratch("carried");
    let engine = format!("{MORRIS} --depth 1");
    let out = Command::new(MORRIS)
        .current_dir(&dir)
        .env("RUST_LOG", "debug")
        // 2 s a move: its depth-1 replies are at once, and the first placement's read of the
        // carried cells (cold, inside the sandbox) has most of the 2 s before the engine
        // gives up on it; at 0.5 s a loaded machine missed it (a table build beside the tests).
        .args(["match", "--games", "1", "--jobs", "1", "--movetime", "2", "--keep-env", "RUST_LOG"])
        .args(["--engine", &format!("a={engine}"), "--engine", &format!("b={engine}")])
        .output()
        .expect("run morris match");
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    for side in ["a", "b"] {
        let loaded = format!("{side} stderr: [INFO  morris::tablebase::bundled] tablebase: the carried moving tables");
        assert!(log.contains(&loaded), "{side} did not say it read its carried tables:\n{log}");
        // The first placement: every one of the 24 keeps the draw.
        let filtered = format!("{side} stderr: [DEBUG morris::engine] root filter: Some(");
        assert!(log.lines().any(|l| l.contains(&filtered)), "{side} chose no placement by its carried cells:\n{log}");
    }
    assert!(log.contains("root filter: Some(24) in"), "{log}");
    let _ = fs::remove_dir_all(&dir);
}
