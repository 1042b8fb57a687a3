//! Python programs that import a compiled extension of the student's own, written in Cython
//! (`import morris_cy` beside `morris_cy.pyx`, no pure-Python fallback): built in the
//! submission's copy as its README says a user builds it, `python setup.py build_ext
//! --inplace` where a `setup.py` sits in the extension's folder or above it, otherwise
//! Cython's own `cythonize -i`. The build is a step of the student's like `make`: it runs in
//! the sandbox, with the Python that runs the programs (Cython installed into the copy's
//! environment where the submission declares it, see [`super::packages`]).

use std::path::{Path, PathBuf};

/// The modules the submission's Cython sources (`.pyx`) make, by name: imports that no
/// package gives and nothing should be installed for.
#[must_use]
pub fn modules(files: &[PathBuf]) -> Vec<String> {
    let mut out: Vec<String> = sources(files).filter_map(|f| stem(f)).collect();
    out.sort();
    out.dedup();
    out
}

fn sources(files: &[PathBuf]) -> impl Iterator<Item = &PathBuf> {
    files.iter().filter(|f| f.extension().is_some_and(|e| e == "pyx"))
}

fn stem(file: &Path) -> Option<String> {
    file.file_stem().map(|s| s.to_string_lossy().into_owned())
}

/// What building the extensions told: notes for the report, and a doubt for a TA where
/// one could not be built.
#[derive(Debug, Default)]
pub struct Outcome {
    pub notes: Vec<String>,
    pub doubts: Vec<String>,
}

/// Builds each extension that a program imports (`imported`, module names) and that is not
/// built for this machine already (a `morris_cy.cpython-311-x86_64-linux-gnu.so` beside its
/// source; a Mac's `…-darwin.so` is no use here), by `step` (a build step run in the sandbox:
/// its command and folder, whether it succeeded). `python` runs the programs.
pub fn build(
    work: &Path,
    files: &[PathBuf],
    imported: &[String],
    python: &str,
    step: &mut dyn FnMut(Vec<String>, &Path) -> bool,
) -> Outcome {
    let mut out = Outcome::default();
    let wanted: Vec<&PathBuf> =
        sources(files).filter(|f| stem(f).is_some_and(|m| imported.contains(&m))).filter(|f| !built_here(f)).collect();
    let mut setups_run: Vec<PathBuf> = Vec::new();
    for source in wanted {
        let shown = super::submission::relative(work, source);
        let folder = source.parent().unwrap_or(work);
        let setup =
            folder.ancestors().take_while(|d| d.starts_with(work)).map(|d| d.join("setup.py")).find(|s| s.is_file());
        // The step, and how the report names it.
        let (ok, how) = match &setup {
            Some(setup) if setups_run.contains(setup) => continue,
            Some(setup) => {
                setups_run.push(setup.clone());
                let dir = setup.parent().unwrap_or(work);
                let argv = [python, "setup.py", "build_ext", "--inplace"].map(String::from).to_vec();
                let how =
                    format!("`python setup.py build_ext --inplace` in {}", super::submission::relative(work, dir));
                (step(argv, dir), how)
            }
            None => {
                let file = source.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                let argv = [python, "-m", "Cython.Build.Cythonize", "-3", "-i", &file].map(String::from).to_vec();
                (step(argv, folder), "Cython's `cythonize -3 -i` (no setup.py)".to_string())
            }
        };
        if ok && built_here(source) {
            out.notes.push(format!("{shown}: the Cython extension its programs import was built by {how}"));
        } else {
            out.doubts.push(format!(
                "{shown}: the Cython extension its programs import could not be built by {how} (the build's last \
                 lines are in the report); without it they cannot run"
            ));
        }
    }
    out
}

/// Whether the extension of `source` is built for this machine beside it: a shared object
/// named for the module (`morris_cy.so`, `morris_cy.cpython-311-x86_64-linux-gnu.so`),
/// not one for another system.
fn built_here(source: &Path) -> bool {
    let (Some(folder), Some(module)) = (source.parent(), stem(source)) else { return false };
    let Ok(entries) = std::fs::read_dir(folder) else { return false };
    entries.flatten().any(|e| {
        let name = e.file_name().to_string_lossy().into_owned();
        name.strip_prefix(&module).and_then(|r| r.strip_suffix(".so")).is_some_and(|tag| {
            let head = super::submission::head(&e.path());
            (tag.is_empty() || tag.starts_with('.'))
                && head.starts_with(super::submission::ELF)
                && super::submission::foreign_program(&head).is_none()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_extension_built_for_this_system_counts_as_built() {
        let dir = std::env::temp_dir().join(format!("morris-cython-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pyx = dir.join("morris_cy.pyx");
        std::fs::write(&pyx, "cdef int x = 1\n").unwrap();
        assert!(!built_here(&pyx));
        // A Mac's, and a file that only bears the name.
        std::fs::write(dir.join("morris_cy.cpython-311-darwin.so"), b"\xcf\xfa\xed\xfe").unwrap();
        std::fs::write(dir.join("morris_cy.cpython-311-x86_64-linux-gnu.so"), b"not a library").unwrap();
        assert!(!built_here(&pyx));
        std::fs::write(dir.join("morris_cy.cpython-311-x86_64-linux-gnu.so"), b"\x7fELF\x02\x01\x01").unwrap();
        assert!(built_here(&pyx));
        // Another module's object is not this one's.
        std::fs::write(dir.join("other.pyx"), "").unwrap();
        assert!(!built_here(&dir.join("other.pyx")));
        assert_eq!(modules(&[pyx, dir.join("other.pyx"), dir.join("a.py")]), ["morris_cy", "other"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
