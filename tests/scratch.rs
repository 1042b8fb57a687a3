//! Scratch folders that go away with the test that made them.

use std::path::{Path, PathBuf};

/// A fresh folder `morris-NAME-PID` in the system's temporary folder for one test,
/// removed with everything in it when dropped, so that runs of the tests leave nothing
/// behind (a folder of the same name left by an earlier process is emptied first).
pub struct Scratch(PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("morris-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(dir)
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
