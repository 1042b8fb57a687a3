//! Engines the referee and check tests play against: the fake engines of
//! tests/fake_engines/, the random mover example and the engine written to the
//! tournament assignment alone (tests/engines/assignment_engine.rs).

use std::path::PathBuf;

/// The path of a fake engine script.
pub fn fake(name: &str) -> String {
    format!("{}/tests/fake_engines/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The random mover example, built by `cargo test` next to the test binaries.
pub fn random_mover() -> String {
    example("random_mover")
}

/// The engine written to the tournament assignment alone, built like an example.
#[allow(dead_code)] // not every test binary that shares this module uses it
pub fn assignment_engine() -> String {
    example("assignment_engine")
}

fn example(name: &str) -> String {
    let exe = std::env::current_exe().expect("test binary path");
    let dir = exe.parent().and_then(|deps| deps.parent()).expect("target directory");
    let path: PathBuf = dir.join("examples").join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "{} is missing: run `cargo test` (it builds the examples)", path.display());
    path.display().to_string()
}
