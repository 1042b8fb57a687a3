//! Tables of a small game built by the `morris` binary for a test: both rule profiles.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// `morris ARGS`, its standard input read from `stdin` (none when `None`).
pub mod small_game;

pub fn morris(args: &[&str], stdin: Option<&Path>) -> Output {
    let input = stdin.map_or_else(Stdio::null, |p| Stdio::from(std::fs::File::open(p).expect("the input file")));
    Command::new(env!("CARGO_BIN_EXE_morris")).args(args).stdin(input).output().expect("run morris")
}

/// A fresh directory `name` under the temp dir with the game of `stones` a side: the
/// moving tables and placing cells under a no-removal rule of `rule` plies, and the
/// placing cells without the rule.
pub fn build_both_profiles(name: &str, stones: u8, rule: u16) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("morris-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().expect("a UTF-8 temp dir");
    let (stones, rule) = (stones.to_string(), rule.to_string());
    for args in [
        ["tablebase", "build", "--dir", d, "--max-stones", &stones, "--no-removal-plies", &rule, ""],
        ["tablebase", "build", "--dir", d, "--max-stones", &stones, "--no-removal-plies", "0", "--placing"],
    ] {
        let args: Vec<&str> = args.into_iter().filter(|a| !a.is_empty()).collect();
        let out = morris(&args, None);
        assert!(out.status.success(), "morris {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
    dir
}
