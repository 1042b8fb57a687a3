//! Tables of a small game for the tests of the tablebase's modules, built once in this
//! process through [`run_build`] (so the build job is exercised too): the 3-stone game's
//! moving pair 3-3 under a 12-ply rule, its placing cells, and their packing, in a
//! directory of its own under the temp dir.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use morris::tablebase::driver::BuildOptions;
use morris::tablebase::driver::job::{BuildEvent, BuildRequest, JobReport, Phases, run_build};
use morris::tablebase::shared::value::RuleProfile;

/// The rule the small game's tables are built under.
pub const RULE: u16 = 12;
/// Stones a side of the small game.
pub const STONES: u8 = 3;

/// What the build printed: each event's kind and line.
pub type Events = Vec<(&'static str, String)>;

/// A fresh directory `name` under the temp dir, unique to this process.
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("morris-small-game-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Builds the small game in `dir` under `phases`: the report and the events heard.
pub fn build_small_game(dir: &Path, phases: Phases) -> (JobReport, Events) {
    let request = BuildRequest {
        dir: dir.to_path_buf(),
        subspaces: Vec::new(),
        max_stones: Some(STONES),
        phases,
        options: BuildOptions::new(2, RuleProfile::new(RULE)),
        max_memory_gb: None,
    };
    let mut events = Events::new();
    let report = run_build(&request, &(), &mut |e| {
        events.push(match e {
            BuildEvent::Planned(line) => ("planned", line),
            BuildEvent::Pair(line) => ("pair", line.to_string()),
            BuildEvent::Ply(line) => ("ply", line.to_string()),
            BuildEvent::MovingDone(s) => ("moving", s.to_string()),
            BuildEvent::PlacingDone(s) => ("placing", s.to_string()),
            BuildEvent::Packed(s) => ("packed", s.to_string()),
        });
    })
    .expect("the small game builds");
    (report, events)
}

/// The small game's tables, built once for every test: the directory, the first build's
/// report and events.
pub fn small_game() -> &'static (PathBuf, JobReport, Events) {
    static BUILT: OnceLock<(PathBuf, JobReport, Events)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = fresh_dir("small-game");
        let (report, events) = build_small_game(&dir, Phases::Both);
        (dir, report, events)
    })
}
