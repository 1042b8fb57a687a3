//! Third-party Python packages a submission imports and this machine's Python lacks
//! (numpy, click, rich, tabulate): installed into the submission's copy, as a course's
//! autograder installs a submission's `requirements.txt` before it runs the tests.
//!
//! Only what a program imports and Python cannot find is installed, named as the
//! submission's own declarations name it (`requirements*.txt`, a `Pipfile`, a
//! `pyproject.toml`, `setup.py`/`setup.cfg`, a conda `environment.yml`), with the version it
//! asks for, or, where it declares nothing, a package so widely used that its import name
//! says which it is (`numpy`, `click`, `yaml` for PyYAML). Nothing of the student's reaches
//! pip but those names and version specifiers, each checked to be plain words.
//!
//! pip installs wheels only (`--only-binary=:all:`): no package's code runs at install
//! (an sdist's build would run its `setup.py`), and its code then runs only where the
//! student's does, in the sandbox. pip itself runs outside it, for the network (PyPI, or
//! the index that pip's own configuration or `PIP_INDEX_URL`/`PIP_FIND_LINKS` names), into a
//! virtual environment made for the submission (`.grade-venv/`, with the system's packages
//! seen too), whose Python then runs all its programs. `morris grade --no-install` (or
//! `install = false` in the class file) installs nothing: such a program then fails as on a
//! machine without the package, and the report says which to install.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::run::{ProgramRunner, RunSpec};
use crate::referee::sandbox::jail::Sandbox;

/// The virtual environment's folder in the submission's copy.
pub const VENV: &str = ".grade-venv";

/// The longest one pip install may take (a first download of numpy or pandas on a slow
/// network), whatever the build steps' limit.
const PIP_LIMIT: Duration = Duration::from_secs(300);

/// Import names whose distribution is named otherwise on PyPI.
const DISTRIBUTIONS: [(&str, &str); 12] = [
    ("PIL", "pillow"),
    ("cv2", "opencv-python-headless"),
    ("yaml", "pyyaml"),
    ("sklearn", "scikit-learn"),
    ("skimage", "scikit-image"),
    ("bs4", "beautifulsoup4"),
    ("dateutil", "python-dateutil"),
    ("attr", "attrs"),
    ("dotenv", "python-dotenv"),
    ("serial", "pyserial"),
    ("Crypto", "pycryptodome"),
    ("jwt", "pyjwt"),
];

/// Packages installed for an import even where the submission declares nothing: each so
/// widely used that its import name can mean no other (a student who imports numpy and
/// wrote no `requirements.txt` still means numpy).
const WELL_KNOWN: [&str; 30] = [
    "numpy",
    "scipy",
    "pandas",
    "matplotlib",
    "click",
    "typer",
    "rich",
    "tabulate",
    "prettytable",
    "texttable",
    "termcolor",
    "colorama",
    "tqdm",
    "yaml",
    "attr",
    "attrs",
    "networkx",
    "sympy",
    "numba",
    "loguru",
    "docopt",
    "fire",
    "pyfiglet",
    "more_itertools",
    "sortedcontainers",
    "cachetools",
    // What a `setup.py` imports to build a student's own Cython extension (see `cython.rs`).
    "Cython",
    "setuptools",
    // What an nbconvert export needs to run under IPython (see `ipython.rs`).
    "IPython",
    "nbformat",
];

/// A requirement a submission declares: its distribution's name and the version it asks
/// for (`>=1.24`), and the file that says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Requirement {
    /// The distribution, as written (`numpy`, `PyYAML`).
    pub name: String,
    /// Extras, as written between the brackets (`[standard]`), or empty.
    pub extras: String,
    /// Version specifiers in PEP 440's form (`>=1.24,<3`), or empty.
    pub version: String,
    /// Where it is declared, relative to the submission.
    pub from: String,
}

impl Requirement {
    /// As pip takes it: `name[extras]version`.
    fn spec(&self, with_version: bool) -> String {
        let extras = if self.extras.is_empty() { String::new() } else { format!("[{}]", self.extras) };
        let version = if with_version { self.version.as_str() } else { "" };
        format!("{}{extras}{version}", self.name)
    }
}

/// What [`install`] did: the Python to run the programs with, if it changed, and lines
/// for the report.
#[derive(Debug, Default)]
pub struct Installed {
    /// The virtual environment's Python, where packages were installed into it.
    pub python: Option<String>,
    /// What was installed, and from which declaration.
    pub notes: Vec<String>,
    /// What could not be installed, for a TA's look.
    pub doubts: Vec<String>,
}

/// A distribution's name as PyPI compares them (PEP 503): lower case, runs of `-`, `_`
/// and `.` one `-`.
fn normalized(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if matches!(c, '-' | '_' | '.') {
            if !out.ends_with('-') {
                out.push('-');
            }
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

/// The distribution that provides the import `module`, by name.
fn distribution_of(module: &str) -> String {
    DISTRIBUTIONS.iter().find(|(m, _)| *m == module).map_or_else(|| normalized(module), |(_, d)| (*d).to_string())
}

fn plain_name(w: &str) -> bool {
    !w.is_empty()
        && w.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && w.starts_with(|c: char| c.is_ascii_alphanumeric())
}

/// PEP 440 specifiers only: comparison operators, version numbers, wildcards, commas.
fn plain_version(v: &str) -> bool {
    v.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '*' | ',' | '<' | '>' | '=' | '!' | '~' | '+'))
}

/// One PEP 508 requirement (`numpy>=1.24`, `rich[jupyter] ~= 13.0 ; python_version >=
/// "3.8"`), its marker dropped; `None` for anything else (an option, a URL, a path).
fn parse_requirement(line: &str, from: &str) -> Option<Requirement> {
    let line = line.split(';').next()?.trim();
    if line.is_empty() || line.starts_with('-') || line.contains("://") || line.contains('@') {
        return None;
    }
    let end = line.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))).unwrap_or(line.len());
    let (name, rest) = line.split_at(end);
    let mut rest = rest.trim_start();
    let mut extras = String::new();
    if let Some(after) = rest.strip_prefix('[') {
        let (inside, tail) = after.split_once(']')?;
        extras = inside.split(',').map(str::trim).collect::<Vec<_>>().join(",");
        if !extras.split(',').all(plain_name) {
            return None;
        }
        rest = tail.trim_start();
    }
    // `numpy (>=1.24)`, an older form.
    let version: String = rest.trim_start_matches('(').trim_end_matches(')').split_whitespace().collect();
    (plain_name(name) && plain_version(&version)).then(|| Requirement {
        name: name.to_string(),
        extras,
        version,
        from: from.to_string(),
    })
}

/// A Poetry or Pipfile version (`"^1.24"`, `"*"`, `"==1.2"`, `{ version = ">=2" }`) in
/// PEP 440's form where it has one; Poetry's `^` and `~` have none here and are dropped.
fn table_version(value: &toml::Value) -> String {
    let v = match value {
        toml::Value::String(s) => s.as_str(),
        toml::Value::Table(t) => t.get("version").and_then(toml::Value::as_str).unwrap_or(""),
        _ => "",
    };
    let v = v.trim();
    if v == "*" || v.starts_with('^') || (v.starts_with('~') && !v.starts_with("~=")) {
        return String::new();
    }
    if v.starts_with(|c: char| c.is_ascii_digit()) { format!("=={v}") } else { v.replace(' ', "") }
}

/// A file's name, lower case, where it is one that declares requirements.
fn declaring(file: &Path) -> Option<String> {
    let name = file.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase())?;
    let declares = (name.starts_with("requirements") && name.ends_with(".txt"))
        || ["pipfile", "pyproject.toml", "setup.py", "setup.cfg", "environment.yml", "environment.yaml"]
            .contains(&name.as_str());
    declares.then_some(name)
}

/// The requirements one file declares.
fn declared_in(file: &Path, text: &str, from: &str) -> Vec<Requirement> {
    let Some(name) = declaring(file) else { return Vec::new() };
    let from_table = |table: Option<&toml::Table>, skip: &[&str]| -> Vec<Requirement> {
        table
            .into_iter()
            .flatten()
            .filter(|(k, _)| !skip.contains(&k.as_str()) && plain_name(k))
            .filter_map(|(k, v)| {
                let version = table_version(v);
                plain_version(&version).then(|| Requirement {
                    name: k.clone(),
                    extras: String::new(),
                    version,
                    from: from.to_string(),
                })
            })
            .collect()
    };
    if name.starts_with("requirements") && name.ends_with(".txt") {
        return text.lines().filter_map(|l| parse_requirement(l.split(" #").next().unwrap_or(""), from)).collect();
    }
    match name.as_str() {
        "pipfile" => {
            let Ok(doc) = text.parse::<toml::Table>() else { return Vec::new() };
            from_table(doc.get("packages").and_then(toml::Value::as_table), &[])
        }
        "pyproject.toml" => {
            let Ok(doc) = text.parse::<toml::Table>() else { return Vec::new() };
            let mut out: Vec<Requirement> = doc
                .get("project")
                .and_then(|p| p.get("dependencies"))
                .and_then(toml::Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|d| d.as_str().and_then(|d| parse_requirement(d, from)))
                .collect();
            let poetry = doc
                .get("tool")
                .and_then(|t| t.get("poetry"))
                .and_then(|p| p.get("dependencies"))
                .and_then(toml::Value::as_table);
            out.extend(from_table(poetry, &["python"]));
            out
        }
        "setup.py" | "setup.cfg" => setup_requirements(text, from),
        "environment.yml" | "environment.yaml" => conda_requirements(text, from),
        _ => Vec::new(),
    }
}

/// `install_requires` of a `setup.py` (`install_requires=["numpy>=1.24", "click"]`) or a
/// `setup.cfg` (`install_requires =` and the lines indented under it), read as text.
fn setup_requirements(text: &str, from: &str) -> Vec<Requirement> {
    let Some(at) = text.find("install_requires") else { return Vec::new() };
    let rest = &text[at + "install_requires".len()..];
    let rest = rest.trim_start().trim_start_matches(['=', ':']).trim_start();
    if let Some(list) = rest.strip_prefix('[') {
        let list = list.split(']').next().unwrap_or("");
        return list
            .split(',')
            .map(|item| item.trim().trim_matches(|c| c == '"' || c == '\''))
            .filter_map(|item| parse_requirement(item, from))
            .collect();
    }
    // setup.cfg: the value's first line, then the indented ones.
    let mut lines = rest.lines();
    let first = lines.next().unwrap_or("");
    std::iter::once(first)
        .chain(lines.take_while(|l| l.starts_with([' ', '\t']) || l.trim().is_empty()))
        .filter_map(|l| parse_requirement(l.trim(), from))
        .collect()
}

/// The packages of a conda `environment.yml` (`- numpy=1.26`, and those under `- pip:`).
fn conda_requirements(text: &str, from: &str) -> Vec<Requirement> {
    let mut out = Vec::new();
    let mut in_dependencies = false;
    for line in text.lines() {
        if !line.starts_with([' ', '\t', '-']) && !line.trim().is_empty() {
            in_dependencies = line.trim_end() == "dependencies:";
            continue;
        }
        let Some(item) = line.trim().strip_prefix('-').map(str::trim) else { continue };
        if !in_dependencies || item.ends_with(':') || item.starts_with("python") {
            continue;
        }
        // conda's `numpy=1.26` (one `=`, a prefix of versions) or pip's `numpy==1.26`.
        let item = item.trim_matches(|c| c == '"' || c == '\'');
        let pep = match item.split_once('=') {
            Some((n, v)) if !v.starts_with('=') && !n.ends_with(['<', '>', '!', '~']) => {
                format!("{n}=={}", v.split('=').next().unwrap_or(v).trim_end_matches(".*"))
            }
            _ => item.to_string(),
        };
        out.extend(parse_requirement(&pep, from));
    }
    out
}

/// Every requirement the submission's files declare, in their order.
#[must_use]
pub fn declared(work: &Path, files: &[PathBuf]) -> Vec<Requirement> {
    let mut out = Vec::new();
    for f in files.iter().filter(|f| declaring(f).is_some()) {
        let Some(text) = crate::files::read_text_lossy(f, crate::files::SMALL_TEXT) else { continue };
        out.extend(declared_in(f, &text, &super::submission::relative(work, f)));
    }
    out
}

/// What to install for the modules `missing` (imported, not found by the submission's
/// Python): each declared requirement that provides one, else a well-known package by its
/// import name. The modules left are those nothing says how to install.
fn chosen<'a>(missing: &'a [String], declared: &[Requirement]) -> (Vec<Requirement>, Vec<&'a str>) {
    let mut install: Vec<Requirement> = Vec::new();
    let mut left = Vec::new();
    for module in missing {
        let dist = distribution_of(module);
        let found = declared.iter().find(|r| normalized(&r.name) == dist).cloned().or_else(|| {
            WELL_KNOWN.contains(&module.as_str()).then(|| Requirement {
                name: dist.clone(),
                extras: String::new(),
                version: String::new(),
                from: String::new(),
            })
        });
        match found {
            Some(r) if !install.iter().any(|i| normalized(&i.name) == normalized(&r.name)) => install.push(r),
            Some(_) => {}
            None => left.push(module.as_str()),
        }
    }
    (install, left)
}

/// The modules of `imported` that `python` cannot find, asked in the sandbox as the
/// programs will run.
pub(super) fn not_found(python: &str, imported: &[String], runner: &ProgramRunner, limit: Duration) -> Vec<String> {
    let mut argv = vec![
        python.to_string(),
        "-c".into(),
        "import importlib.util as u, sys; print(*[m for m in sys.argv[1:] if u.find_spec(m) is None])".into(),
    ];
    argv.extend(imported.iter().cloned());
    let out = runner.run(&RunSpec {
        argv,
        dir: std::env::temp_dir(),
        time_limit: limit,
        output_limit: 4096,
        writable: None,
        stdin: None,
    });
    if !out.succeeded() {
        return Vec::new();
    }
    out.stdout.split_whitespace().map(str::to_string).collect()
}

/// Runs `argv` outside the sandbox (pip needs the network; it runs no student code).
fn outside(argv: Vec<String>, dir: &Path, limit: Duration) -> super::run::RunOutcome {
    ProgramRunner::new(Sandbox::off()).run(&RunSpec {
        argv,
        dir: dir.to_path_buf(),
        time_limit: limit,
        output_limit: 16_384,
        writable: None,
        stdin: None,
    })
}

/// Set once pip reached no package index in this run: the next submissions are not made to
/// wait for the same timeouts (a class graded offline, thirty numpy students).
static NO_INDEX: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether pip's messages tell of a network that reaches no index (not of a package the
/// index lacks).
fn unreachable(stderr: &str) -> bool {
    [
        "Failed to establish a new connection",
        "Temporary failure in name resolution",
        "Name or service not known",
        "Network is unreachable",
        "Read timed out",
        "connection broken by",
    ]
    .iter()
    .any(|m| stderr.contains(m))
}

/// What pip said it installed (`Successfully installed numpy-2.1.3 rich-13.9.4`).
fn installed_versions(stdout: &str) -> String {
    stdout
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("Successfully installed "))
        .map(|rest| {
            rest.split_whitespace()
                .map(|w| w.rsplit_once('-').map_or(w.to_string(), |(n, v)| format!("{n} {v}")))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

/// Installs what the submission's programs import and `python` lacks, into a virtual
/// environment in `work` (see the module's documentation). `allowed`: false for
/// `--no-install`, when only the report says what is missing.
#[must_use]
pub fn install(
    work: &Path,
    files: &[PathBuf],
    imported: &[String],
    python: &str,
    runner: &ProgramRunner,
    limit: Duration,
    allowed: bool,
) -> Installed {
    let mut done = Installed::default();
    if imported.is_empty() {
        return done;
    }
    let missing = not_found(python, imported, runner, limit);
    if missing.is_empty() {
        return done;
    }
    let declared = declared(work, files);
    let (wanted, _left) = chosen(&missing, &declared);
    if wanted.is_empty() || !allowed {
        return done;
    }
    let names: Vec<String> = wanted.iter().map(|r| r.spec(true)).collect();
    if NO_INDEX.load(std::sync::atomic::Ordering::Relaxed) {
        done.doubts.push(format!(
            "the programs need {} (imported, and not in this machine's Python), not installed, as pip reached no \
             package index earlier in this run: install it where the programs can import it and grade again with \
             `--only`",
            names.join(" ")
        ));
        return done;
    }
    let venv = work.join(VENV);
    // Nothing of the student's may stand there (a link would send pip elsewhere).
    match std::fs::symlink_metadata(&venv) {
        Ok(m) if m.is_dir() => drop(std::fs::remove_dir_all(&venv)),
        Ok(_) => drop(std::fs::remove_file(&venv)),
        Err(_) => {}
    }
    // Outside the sandbox nothing of the student's may run: Python isolated (`-I`: neither
    // the working folder, where a submission's `venv.py` or `pip/` would be imported first,
    // nor PYTHON* variables on its path), in a folder of the grader's.
    let neutral = std::env::temp_dir();
    let made = outside(
        vec![
            python.to_string(),
            "-I".into(),
            "-m".into(),
            "venv".into(),
            "--system-site-packages".into(),
            "--without-pip".into(),
            super::submission::s(&venv),
        ],
        &neutral,
        limit,
    );
    let venv_python = venv.join("bin/python");
    let site = std::fs::read_dir(venv.join("lib"))
        .ok()
        .and_then(|entries| entries.flatten().map(|e| e.path().join("site-packages")).find(|p| p.is_dir()));
    let (true, Some(site)) = (made.succeeded() && venv_python.exists(), site) else {
        done.doubts.push(format!(
            "the programs need {} (imported, and not in this machine's Python), and no virtual environment could be \
             made to install it into ({}): install it and grade again with `--only`",
            names.join(" "),
            made.why_failed()
        ));
        return done;
    };
    // The machine's own pip, run by the machine's Python, installs into the environment's
    // site-packages (`--target`): the environment's Python, which would read the `.pth`
    // files of what is installed there, runs only in the sandbox.
    let pip = |specs: &[String]| {
        // A failed try may have left part of its packages.
        drop(std::fs::remove_dir_all(&site));
        drop(std::fs::create_dir_all(&site));
        let mut argv: Vec<String> = [
            python,
            "-I",
            "-m",
            "pip",
            "install",
            "--target",
            super::submission::s(&site).as_str(),
            "--only-binary=:all:",
            "--no-input",
            "--disable-pip-version-check",
            "--no-warn-script-location",
            "--progress-bar",
            "off",
            "--timeout",
            "20",
            "--retries",
            "1",
        ]
        .map(String::from)
        .to_vec();
        argv.push("--".into());
        argv.extend(specs.iter().cloned());
        outside(argv, &neutral, PIP_LIMIT.max(limit))
    };
    let mut out = pip(&names);
    let mut unpinned = false;
    // Versions pinned for another Python (numpy==1.21 has no wheel for 3.11): the newest
    // that installs, said so.
    if !out.succeeded() && wanted.iter().any(|r| !r.version.is_empty()) {
        let bare: Vec<String> = wanted.iter().map(|r| r.spec(false)).collect();
        let again = pip(&bare);
        if again.succeeded() {
            out = again;
            unpinned = true;
        }
    }
    if !out.succeeded() {
        drop(std::fs::remove_dir_all(&venv));
        if unreachable(&out.stderr) {
            NO_INDEX.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        let said = out
            .stderr
            .lines()
            .rev()
            .find(|l| l.contains("ERROR") || l.contains("rror:"))
            .unwrap_or_else(|| out.stderr.lines().last().unwrap_or(""))
            .trim()
            .to_string();
        done.doubts.push(format!(
            "the programs need {} (imported, and not in this machine's Python), which pip could not install ({}{}): \
             install it where the programs can import it and grade again with `--only`",
            names.join(" "),
            out.describe(),
            if said.is_empty() { String::new() } else { format!(": {said}") }
        ));
        return done;
    }
    let by: Vec<String> = {
        let mut froms: Vec<String> = wanted.iter().filter(|r| !r.from.is_empty()).map(|r| r.from.clone()).collect();
        froms.dedup();
        froms
    };
    let declared_by = if by.is_empty() {
        "none declared; named by their imports".to_string()
    } else {
        format!("as {} declares", crate::words::listed(&by, 3))
    };
    let versions = installed_versions(&out.stdout);
    done.notes.push(format!(
        "the packages its programs import and this machine's Python lacks installed into the copy's {VENV}/ (wheels only, \
         {declared_by}{}): {}{}",
        if unpinned { "; the versions it pins have no wheel for this Python, so the newest that installs" } else { "" },
        names.join(" "),
        if versions.is_empty() { String::new() } else { format!(" → {versions}") }
    ));
    done.python = Some(super::submission::s(&venv_python));
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(name: &str, version: &str) -> Requirement {
        Requirement { name: name.into(), extras: String::new(), version: version.into(), from: "f".into() }
    }

    #[test]
    fn requirement_lines_are_read_and_options_urls_and_paths_refused() {
        assert_eq!(parse_requirement("numpy>=1.24", "f"), Some(req("numpy", ">=1.24")));
        assert_eq!(
            parse_requirement("numpy >= 1.24, < 3 ; python_version >= \"3.9\"", "f"),
            Some(req("numpy", ">=1.24,<3"))
        );
        let rich = parse_requirement("rich[jupyter]~=13.0", "f").expect("rich");
        assert_eq!((rich.extras.as_str(), rich.spec(true).as_str()), ("jupyter", "rich[jupyter]~=13.0"));
        assert_eq!(parse_requirement("tabulate (>=0.9)", "f"), Some(req("tabulate", ">=0.9")));
        for bad in [
            "-r other.txt",
            "--index-url http://evil.example/simple",
            "-e .",
            "git+https://github.com/x/y.git",
            "pkg @ https://example.com/pkg.whl",
            "./local/pkg",
            "numpy>=1; rm -rf /",
            "numpy`id`",
            "numpy>=1 --install-option=--prefix=/",
            "",
        ] {
            let got = parse_requirement(bad, "f");
            assert!(
                got.as_ref().is_none_or(|r| r
                    .spec(true)
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.[],<>=!~*+".contains(c))),
                "{bad}: {got:?}"
            );
            assert!(got.as_ref().is_none_or(|r| !r.spec(true).contains('/')), "{bad}: {got:?}");
        }
        assert_eq!(parse_requirement("-r other.txt", "f"), None);
        assert_eq!(parse_requirement("./local/pkg", "f"), None);
        assert_eq!(parse_requirement("numpy>=1 --install-option=--prefix=/", "f"), None);
    }

    #[test]
    fn each_declaring_file_is_read() {
        let names = |file: &str, text: &str| -> Vec<String> {
            declared_in(Path::new(file), text, file).iter().map(|r| r.spec(true)).collect()
        };
        assert_eq!(
            names("requirements.txt", "# deps\nnumpy>=1.24  # arrays\n\n-r dev.txt\nclick\n"),
            ["numpy>=1.24", "click"]
        );
        assert_eq!(
            names(
                "Pipfile",
                "[[source]]\nurl = \"https://pypi.org/simple\"\n[packages]\ntabulate = \"*\"\nrich = \"==13.7\"\n[dev-packages]\npytest = \"*\"\n"
            ),
            ["rich==13.7", "tabulate"]
        );
        assert_eq!(
            names("pyproject.toml", "[project]\nname = \"m\"\ndependencies = [\"click>=8.1\", \"rich>=13\"]\n"),
            ["click>=8.1", "rich>=13"]
        );
        assert_eq!(
            names(
                "pyproject.toml",
                "[tool.poetry.dependencies]\npython = \"^3.11\"\nnumpy = \"^1.26\"\nrich = { version = \">=13\" }\n"
            ),
            ["numpy", "rich>=13"]
        );
        assert_eq!(
            names("setup.py", "setup(name='m',\n      install_requires=['numpy>=1.24', \"tabulate\"],\n)"),
            ["numpy>=1.24", "tabulate"]
        );
        assert_eq!(
            names("setup.cfg", "[options]\ninstall_requires =\n    numpy>=1.24\n    click\npython_requires = >=3.9\n"),
            ["numpy>=1.24", "click"]
        );
        assert_eq!(
            names(
                "environment.yml",
                "name: morris\nchannels:\n  - conda-forge\ndependencies:\n  - python=3.11\n  - numpy=1.26\n  - pip:\n    - rich==13.7\n"
            ),
            ["numpy==1.26", "rich==13.7"]
        );
        assert!(names("README.md", "numpy").is_empty());
    }

    #[test]
    fn a_missing_module_is_installed_as_declared_or_when_well_known() {
        let missing: Vec<String> = ["numpy", "yaml", "mystery_lib", "rich"].map(String::from).to_vec();
        let declared = [req("NumPy", "==1.21.0"), req("PyYAML", ""), req("pytest", "")];
        let (install, left) = chosen(&missing, &declared);
        let specs: Vec<String> = install.iter().map(|r| r.spec(true)).collect();
        assert_eq!(specs, ["NumPy==1.21.0", "PyYAML", "rich"]);
        assert_eq!(left, ["mystery_lib"]);
        assert_eq!(normalized("Foo__Bar.baz"), "foo-bar-baz");
    }

    #[test]
    fn pip_s_last_line_gives_the_versions() {
        assert_eq!(
            installed_versions("Collecting numpy\nSuccessfully installed markdown-it-py-3.0.0 numpy-2.1.3\n"),
            "markdown-it-py 3.0.0, numpy 2.1.3"
        );
        assert_eq!(installed_versions("nothing\n"), "");
    }
}
