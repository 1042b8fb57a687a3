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
    let mut written: Vec<PathBuf> = Vec::new();
    let mut ours = HashSet::new();
    for (notebook, text) in notebooks(work) {
        let Some(folder) = notebook.parent() else { continue };
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

/// The notebooks below `work` that can be read, each with its text.
fn notebooks(work: &Path) -> Vec<(PathBuf, String)> {
    super::submission::walk(work)
        .into_iter()
        .filter(|f| f.extension().is_some_and(|e| e == "ipynb"))
        .filter_map(|f| crate::files::read_text(&f, crate::files::SMALL_TEXT).ok().map(|text| (f, text)))
        .collect()
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
    code_cells(text)
        .iter()
        .filter_map(|source| {
            let source = source.trim_start_matches(['\n', '\r']);
            let (first, body) = source.split_once('\n').unwrap_or((source, ""));
            let (name, append) = magic_arguments(first.trim_end())?;
            let body = if body.is_empty() || body.ends_with('\n') { body.to_string() } else { format!("{body}\n") };
            Some((name, append, body))
        })
        .collect()
}

/// The sources of a notebook's code cells, in order; none for a notebook that is not JSON
/// or not of nbformat 4's shape.
fn code_cells(text: &str) -> Vec<String> {
    let Ok(notebook) = serde_json::from_str::<serde_json::Value>(text) else { return Vec::new() };
    let Some(cells) = notebook.get("cells").and_then(|c| c.as_array()) else { return Vec::new() };
    cells
        .iter()
        .filter(|cell| cell.get("cell_type").and_then(|t| t.as_str()) == Some("code"))
        .filter_map(|cell| match cell.get("source")? {
            serde_json::Value::String(s) => Some(s.clone()),
            serde_json::Value::Array(lines) => Some(lines.iter().filter_map(|l| l.as_str()).collect()),
            _ => None,
        })
        .collect()
}

/// The programs a notebook defines as functions of its code cells (`def
/// MiniMaxOpening(input_file, output_file, depth):`, called in later cells on the
/// handout's examples): each program's function name, the first for each, in order.
fn program_functions(text: &str) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Vec::new();
    for cell in code_cells(text).iter().filter(|c| !c.trim_start().starts_with("%%")) {
        for line in cell.lines() {
            let Some(rest) = line.strip_prefix("def ") else { continue };
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if let Some((program, _)) = super::names::program_of(&name)
                && rest[name.len()..].trim_start().starts_with('(')
                && !out.iter().any(|(p, _)| *p == program.name)
            {
                out.push((program.name, name));
            }
        }
    }
    out
}

/// Writes, beside each notebook below `work` that defines programs as functions (and
/// holds no file of a program's name there), a Python program of the handout's name for
/// each ([`FUNCTION_RUNNER`]): it runs the notebook's code cells as a TA running all
/// cells would, but without the statements that use the programs (calls on examples, a
/// table of them compared) and with what they print sent to stderr, then calls the
/// program's function with the three arguments. The files
/// written, relative to `work`, each with its notebook and function.
pub fn function_programs(work: &Path) -> Vec<(String, String, String)> {
    let mut written = Vec::new();
    for (notebook, text) in notebooks(work) {
        let (Some(folder), Some(name)) = (notebook.parent(), notebook.file_name().and_then(|n| n.to_str())) else {
            continue;
        };
        let functions = program_functions(&text);
        let all: Vec<String> = functions.iter().map(|(_, f)| format!("{f:?}")).collect();
        for (program, function) in &functions {
            let to = folder.join(format!("{program}.py"));
            if to.exists() {
                continue;
            }
            let runner = FUNCTION_RUNNER
                .replace("@NOTEBOOK@", &format!("{name:?}"))
                .replace("@FUNCTION@", &format!("{function:?}"))
                .replace("@PROGRAMS@", &all.join(", "));
            match std::fs::write(&to, runner) {
                Ok(()) => written.push((super::submission::relative(work, &to), name.to_string(), function.clone())),
                Err(e) => log::info!("{}: not written: {}", to.display(), crate::files::io_reason(&e)),
            }
        }
    }
    written
}

/// The program written for a notebook's function ([`function_programs`]); `@NOTEBOOK@`,
/// `@FUNCTION@` and `@PROGRAMS@` (every program function's name, quoted) are filled in.
const FUNCTION_RUNNER: &str = r#"# Written by morris grade: runs the function @FUNCTION@ of the notebook @NOTEBOOK@ as the
# handout's program. The notebook's code cells run first, as "run all cells" would, but
# without the statements that use the programs (their calls on examples), IPython's magics,
# or what they print (sent to stderr); then the function is called with the input file,
# output file and depth.
import ast
import contextlib
import inspect
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = {@PROGRAMS@}


def cells():
    with open(os.path.join(HERE, @NOTEBOOK@), encoding="utf-8") as f:
        notebook = json.load(f)
    for cell in notebook.get("cells", []):
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else source
        if cell.get("cell_type") != "code" or source.lstrip().startswith("%%"):
            continue
        lines = []
        for line in source.splitlines():
            bare = line.lstrip()
            lines.append(line[: len(line) - len(bare)] + "pass" if bare.startswith(("%", "!")) else line)
        yield "\n".join(lines)


def uses_a_program(node):
    return any(isinstance(n, ast.Name) and n.id in PROGRAMS for n in ast.walk(node))


def argument_order(function):
    try:
        names = [p.lower() for p in inspect.signature(function).parameters][:3]
    except (TypeError, ValueError):
        return [0, 1, 2]
    if len(names) != 3:
        return [0, 1, 2]
    def kind(n):
        if "depth" in n or n in ("d", "ply", "plies", "level"):
            return 2
        if "out" in n or "dest" in n or "target" in n:
            return 1
        return 0
    order = [kind(n) for n in names]
    return order if sorted(order) == [0, 1, 2] else [0, 1, 2]


namespace = {"__name__": "__notebook__"}
with contextlib.redirect_stdout(sys.stderr):
    for source in cells():
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or not uses_a_program(node):
                try:
                    exec(compile(ast.Module([node], []), @NOTEBOOK@, "exec"), namespace)
                except Exception:
                    pass
given = [os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), int(sys.argv[3])]
function = namespace[@FUNCTION@]
function(*[given[k] for k in argument_order(function)])
"#;

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
    fn programs_a_notebook_defines_as_functions() {
        let text = notebook(&[
            code(&["import sys\n", "def neighbours(j):\n", "    def MiniMaxGame(x): pass\n"]),
            code(&["def MiniMaxOpening(input_file, output_file, depth):\n", "    pass\n"]),
            code(&["def ab_game (inp, out, d):\n", "    pass\n", "def minimax(board, depth): pass\n"]),
            code(&["%%writefile x.py\n", "def ABOpening(a, b, c): pass\n"]),
            code(&["def MiniMaxOpening(a, b, c): pass  # a second copy\n", "MiniMaxOpening('b1.txt', 'b2.txt', 2)\n"]),
        ]);
        assert_eq!(
            program_functions(&text),
            vec![("MiniMaxOpening", "MiniMaxOpening".to_string()), ("ABGame", "ab_game".to_string())]
        );
        assert!(program_functions("{\"cells\": [").is_empty());
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
