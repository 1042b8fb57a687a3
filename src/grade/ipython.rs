//! Python scripts that only IPython runs: the exports `jupyter nbconvert --to script`
//! writes of a notebook whose cells use magics.
//!
//! nbconvert turns each magic into a call on the running shell:
//! `get_ipython().run_line_magic('run', 'morris_core.ipynb')` for `%run morris_core.ipynb`,
//! `get_ipython().run_line_magic('matplotlib', 'inline')` for `%matplotlib inline`. Under
//! plain `python3` such a script stops at its first line (`NameError: name 'get_ipython' is
//! not defined`); under `ipython MiniMaxOpening.py board1.txt board2.txt 2`, as such a
//! student runs it and a TA would, it runs as the notebook did. The grader runs it so,
//! `python3 -m IPython`, with IPython (and what the magics use: nbformat for a notebook
//! `%run` reads, matplotlib for `%matplotlib`) installed as any other package a program
//! needs ([`super::packages`]), and IPython's own files (its profile, its history) kept in
//! the submission's copy instead of the home folder.

use std::path::Path;

/// IPython's settings folder in the submission's copy.
const IPYTHON_DIR: &str = ".grade-ipython";

/// Whether `text` is a script that calls IPython's shell at its top level without
/// defining or importing `get_ipython` itself (a script that imports it from IPython runs
/// under plain Python, and one that defines a stand-in of its own needs nothing).
pub fn needs_ipython(text: &str) -> bool {
    let calls = text.lines().any(|l| l.starts_with("get_ipython()"));
    let own = text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("def get_ipython")
            || (l.starts_with("from ") && l.contains("import") && l.contains("get_ipython"))
    });
    calls && !own
}

/// The modules a script that [`needs_ipython`] needs besides its imports: IPython, and
/// what its magics load.
pub fn modules_for(text: &str) -> Vec<String> {
    let mut out = vec!["IPython".to_string()];
    let magic = |name: &str| {
        text.lines().any(|l| {
            l.starts_with("get_ipython().run_line_magic(")
                && l["get_ipython().run_line_magic(".len()..]
                    .trim_start()
                    .trim_start_matches(['\'', '"'])
                    .starts_with(name)
        })
    };
    let runs_notebook = text
        .lines()
        .any(|l| l.starts_with("get_ipython().run_line_magic(") && l.contains("'run'") && l.contains(".ipynb"));
    if runs_notebook {
        out.push("nbformat".into());
    }
    if magic("matplotlib") || magic("pylab") {
        out.push("matplotlib".into());
    }
    out
}

/// The command that runs `file` with IPython (the arguments follow it, after `--`, so that
/// IPython reads none of them as its own), its settings in `work`, pip kept off the
/// network.
pub fn command(python: &str, file: &str, work: &Path) -> Vec<String> {
    vec![
        "env".into(),
        format!("IPYTHONDIR={}", super::submission::s(&work.join(IPYTHON_DIR))),
        "MPLBACKEND=Agg".into(),
        // A `!pip install numpy` cell, exported as `get_ipython().system('pip install
        // numpy')`, finds what the grader installed, or fails at once: the sandbox has no
        // network for pip to retry against at every call.
        "PIP_NO_INDEX=1".into(),
        "PIP_DISABLE_PIP_VERSION_CHECK=1".into(),
        python.into(),
        "-m".into(),
        "IPython".into(),
        "--no-banner".into(),
        "--HistoryManager.enabled=False".into(),
        "--colors=nocolor".into(),
        file.into(),
        "--".into(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXPORT: &str = "#!/usr/bin/env python\n# coding: utf-8\n\n# In[1]:\n\n\n\
        get_ipython().run_line_magic('run', 'morris_core.ipynb')\n\
        get_ipython().run_line_magic('matplotlib', 'inline')\n\n\n# In[2]:\n\n\nimport sys\n";

    #[test]
    fn an_nbconvert_export_needs_ipython_and_what_its_magics_load() {
        assert!(needs_ipython(EXPORT));
        assert_eq!(modules_for(EXPORT), ["IPython", "nbformat", "matplotlib"]);
        let plain = "get_ipython().run_line_magic('time', '')\n";
        assert!(needs_ipython(plain));
        assert_eq!(modules_for(plain), ["IPython"]);
    }

    #[test]
    fn a_script_with_its_own_get_ipython_or_a_mention_needs_nothing() {
        assert!(!needs_ipython("from IPython import get_ipython\nget_ipython().run_line_magic('time', '')\n"));
        assert!(!needs_ipython("def get_ipython():\n    return None\nget_ipython()\n"));
        assert!(!needs_ipython("# get_ipython() is IPython's\nimport sys\n"));
        assert!(!needs_ipython("if False:\n    get_ipython().system('ls')\n"));
    }

    #[test]
    fn the_command_keeps_ipython_from_the_home_folder_and_the_arguments() {
        let argv = command("python3", "/w/MiniMaxOpening.py", Path::new("/w"));
        assert_eq!(argv[1], "IPYTHONDIR=/w/.grade-ipython");
        assert_eq!(&argv[6..8], ["-m", "IPython"]);
        assert_eq!(argv[argv.len() - 2..], ["/w/MiniMaxOpening.py", "--"]);
    }
}
