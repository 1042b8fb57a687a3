//! Engines the referee and check tests play against: the fake engines of
//! tests/fake_engines/ and the random mover example.

use std::path::PathBuf;

/// The path of a fake engine script.
pub fn fake(name: &str) -> String {
    format!("{}/tests/fake_engines/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The random mover example, built by `cargo test` next to the test binaries.
pub fn random_mover() -> String {
    let exe = std::env::current_exe().expect("test binary path");
    let dir = exe.parent().and_then(|deps| deps.parent()).expect("target directory");
    let path: PathBuf = dir.join("examples").join(format!("random_mover{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "{} is missing: run `cargo test` (it builds the examples)", path.display());
    path.display().to_string()
}
