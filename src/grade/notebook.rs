//! The files a Jupyter or Colab notebook writes with IPython's `%%writefile` cell magic.
//!
//! A student who worked in Colab may hand in only the notebook, its programs in cells that
//! begin `%%writefile MiniMaxOpening.py` and are run by `!python MiniMaxOpening.py …` cells
//! below them. Running the notebook would write those files; a TA would run it. The grader
//! writes them as the cells say, without running anything else of the notebook: the cell's
//! text below its first line, into the notebook's folder, appended where the magic says
//! `-a`. A file the submission already holds is the student's own and is never written over.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Writes the `%%writefile` cells of every notebook below `work` beside their notebook; the
/// files written, relative to `work`, in the order written.
pub fn write_cells(work: &Path) -> Vec<String> {
    let notebooks = super::submission::walk(work).into_iter().filter(|f| f.extension().is_some_and(|e| e == "ipynb"));
    let mut written: Vec<PathBuf> = Vec::new();
    let mut ours = HashSet::new();
    for notebook in notebooks {
        let Some(folder) = notebook.parent() else { continue };
        let Ok(text) = crate::files::read_text(&notebook, crate::files::SMALL_TEXT) else { continue };
        for (name, append, body) in writefile_cells(&text) {
            let Some(to) = target(folder, &name) else { continue };
            if !ours.contains(&to) && to.exists() {
                log::info!("{}: in the submission already, not written from {}", to.display(), notebook.display());
                continue;
            }
            if let Err(e) = write(&to, &body, append && ours.contains(&to)) {
                log::info!(
                    "{}: not written from {}: {}",
                    to.display(),
                    notebook.display(),
                    crate::files::io_reason(&e)
                );
                continue;
            }
            if ours.insert(to.clone()) {
                written.push(to);
            }
        }
    }
    written.iter().map(|f| super::submission::relative(work, f)).collect()
}

fn write(to: &Path, body: &str, append: bool) -> std::io::Result<()> {
    use std::io::Write;
    if let Some(dir) = to.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut file = std::fs::OpenOptions::new().create(true).write(true).append(append).truncate(!append).open(to)?;
    file.write_all(body.as_bytes())
}

/// Where a cell's file goes: its path below the notebook's folder (`/` or `\` between its
/// folders), or, for a path that leaves it (Colab's `/content/MiniMaxGame.py`, Windows'
/// `C:\Users\me\ABGame.py`, `~/x.py`, `../x.py`), its file name there.
fn target(folder: &Path, name: &str) -> Option<PathBuf> {
    let parts: Vec<&str> = name.split(['/', '\\']).collect();
    let leaves =
        name.starts_with(['/', '\\', '~']) || parts.first().is_some_and(|p| p.ends_with(':')) || parts.contains(&"..");
    let mut parts = parts.into_iter().filter(|p| !p.is_empty() && *p != ".");
    if leaves {
        return Some(folder.join(parts.next_back()?));
    }
    Some(parts.fold(folder.to_path_buf(), |at, p| at.join(p)))
}

/// The `%%writefile` cells of a notebook's JSON text: each one's file name, whether it
/// appends (`-a`), and its text below the magic's line. A notebook that is not JSON, or
/// not of nbformat 4's shape, has none.
fn writefile_cells(text: &str) -> Vec<(String, bool, String)> {
    let Ok(notebook) = serde_json::from_str::<serde_json::Value>(text) else { return Vec::new() };
    let Some(cells) = notebook.get("cells").and_then(|c| c.as_array()) else { return Vec::new() };
    cells
        .iter()
        .filter(|cell| cell.get("cell_type").and_then(|t| t.as_str()) == Some("code"))
        .filter_map(|cell| {
            let source = match cell.get("source")? {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Array(lines) => lines.iter().filter_map(|l| l.as_str()).collect(),
                _ => return None,
            };
            let source = source.trim_start_matches(['\n', '\r']);
            let (first, body) = source.split_once('\n').unwrap_or((source, ""));
            let (name, append) = magic_arguments(first.trim_end())?;
            let body = if body.is_empty() || body.ends_with('\n') { body.to_string() } else { format!("{body}\n") };
            Some((name, append, body))
        })
        .collect()
}

/// `%%writefile [-a|--append] NAME` (the name quoted where it holds spaces): the name and
/// whether it appends.
fn magic_arguments(line: &str) -> Option<(String, bool)> {
    let rest = line.trim_start().strip_prefix("%%writefile")?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let mut rest = rest.trim();
    let mut append = false;
    for flag in ["-a", "--append"] {
        if let Some(after) = rest.strip_prefix(flag).filter(|a| a.starts_with(char::is_whitespace)) {
            append = true;
            rest = after.trim_start();
        }
    }
    let name = rest.trim_matches(|c| c == '"' || c == '\'');
    (!name.is_empty()).then(|| (name.to_string(), append))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notebook(cells: &[serde_json::Value]) -> String {
        serde_json::json!({ "nbformat": 4, "nbformat_minor": 0, "metadata": {}, "cells": cells }).to_string()
    }

    fn code(lines: &[&str]) -> serde_json::Value {
        serde_json::json!({ "cell_type": "code", "metadata": {}, "outputs": [], "source": lines })
    }

    #[test]
    fn a_notebooks_writefile_cells_are_written_beside_it() {
        let dir = std::env::temp_dir().join(format!("morris-notebook-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("colab")).unwrap();
        std::fs::write(dir.join("colab/shipped.py"), "print('mine')\n").unwrap();
        let text = notebook(&[
            serde_json::json!({ "cell_type": "markdown", "metadata": {}, "source": ["%%writefile not_code.py\n", "x\n"] }),
            code(&["%%writefile common.py\n", "A = 1\n", "B = 2"]),
            code(&["%%writefile -a common.py\n", "C = 3\n"]),
            code(&["%%writefile /content/MiniMaxGame.py\n", "import common\n"]),
            code(&["%%writefile \"src/board file.py\"\n", "pass\n"]),
            code(&["%%writefile C:\\Users\\me\\Project2\\ABGame.py\n", "pass\n"]),
            code(&["%%writefile ./src\\rules.py\n", "pass\n"]),
            code(&["%%writefile shipped.py\n", "print('the cell')\n"]),
            code(&["%%writefilex odd.py\n", "pass\n"]),
            code(&["!python MiniMaxGame.py board3.txt board4.txt 3\n"]),
        ]);
        std::fs::write(dir.join("colab/Project2.ipynb"), text).unwrap();
        let written = write_cells(&dir);
        assert_eq!(
            written,
            [
                "colab/common.py",
                "colab/MiniMaxGame.py",
                "colab/src/board file.py",
                "colab/ABGame.py",
                "colab/src/rules.py"
            ]
        );
        assert_eq!(std::fs::read_to_string(dir.join("colab/common.py")).unwrap(), "A = 1\nB = 2\nC = 3\n");
        assert_eq!(std::fs::read_to_string(dir.join("colab/MiniMaxGame.py")).unwrap(), "import common\n");
        // The student's own file stands; a markdown cell and another magic write nothing.
        assert_eq!(std::fs::read_to_string(dir.join("colab/shipped.py")).unwrap(), "print('mine')\n");
        assert!(!dir.join("colab/not_code.py").exists() && !dir.join("colab/odd.py").exists());
        // A damaged notebook writes nothing, and nothing is written twice.
        std::fs::write(dir.join("broken.ipynb"), "{\"cells\": [").unwrap();
        assert!(write_cells(&dir).is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
