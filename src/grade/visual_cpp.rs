//! A C or C++ program written in Visual Studio, built here as its IDE built it.
//!
//! The handout allows C and C++, and warns that "for C/C++ implementations … it may be
//! necessary for you to be present": a student on Windows writes for Visual C++, whose
//! project includes `pch.h` or `stdafx.h`, whose headers bring in more than they name
//! (`INT_MAX` after `<iostream>` alone), whose "secure" functions (`fopen_s`, `strcpy_s`,
//! `sprintf_s`) gcc has none of, which accepts `void main` and `_tmain`, and whose file
//! system finds `board.h` for `#include "Board.h"`. None of that is the program's
//! substance. Where gcc or g++ refuses a source as it is, it is compiled once more with
//! the grader's stand-ins (`visual_cpp/morris_visual_cpp.h`, included first, and empty
//! headers of the names a project includes), an include named in another case found, and
//! `void main` read as `int main` in the grader's copy; the report names each. The same
//! retry finds a header a project keeps in an include folder it names to its compiler
//! (CLion's CMake, `include_directories(include)`), stands in for C++20's `<format>` and
//! C++23's `<print>` where this machine's g++ has neither (g++ 12; Visual C++ 2022 has
//! both), and tries C++ as C++20 as well.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The folder of the grader's headers in a work copy (hidden: never a submission's file).
pub(super) const FOLDER: &str = ".grade-visual-cpp";
/// Included first: what Visual C++ gives a program without being asked.
const HEADER: (&str, &str) = ("morris_visual_cpp.h", include_str!("visual_cpp/morris_visual_cpp.h"));
/// What [`HEADER`] includes for a program built with UNICODE: <tchar.h>'s wide names.
const WIDE_HEADER: (&str, &str) = ("morris_visual_cpp_wide.h", include_str!("visual_cpp/morris_visual_cpp_wide.h"));
/// The grader's `main` for a program built with UNICODE, which calls its `wmain`; compiled
/// beside the program's sources (as `.c` for C, `.cpp` for C++).
const WIDE_MAIN: &str = include_str!("visual_cpp/morris_wmain.c");
/// Headers a Visual Studio project includes by name and gcc has none of: empty here (what
/// they give is in [`HEADER`]); a project's own copy beside its source comes first.
const HEADERS: [&str; 8] =
    ["pch.h", "stdafx.h", "targetver.h", "SDKDDKVer.h", "tchar.h", "conio.h", "windows.h", "Windows.h"];
/// The grader's stand-ins for standard headers of C++20 and C++23 that this machine's g++
/// may not have (g++ 12 has neither `<format>` nor `<print>`), which a student who wrote for
/// Visual C++ 2022, Apple's clang or a newer g++ used for every line the program prints:
/// written into the folder only where the machine's own compiler lacks them.
const STANDARD: [(&str, &str); 2] =
    [("format", include_str!("visual_cpp/format")), ("print", include_str!("visual_cpp/print"))];
/// Visual C++'s own names that [`HEADER`] stands in for, as a report names them.
const NAMES: [&str; 44] = [
    "fopen_s",
    "freopen_s",
    "strcpy_s",
    "strncpy_s",
    "strcat_s",
    "sprintf_s",
    "vsprintf_s",
    "scanf_s",
    "fscanf_s",
    "sscanf_s",
    "printf_s",
    "fprintf_s",
    "strtok_s",
    "gets_s",
    "_dupenv_s",
    "getenv_s",
    "memcpy_s",
    "_itoa_s",
    "_itoa",
    "localtime_s",
    "_strdup",
    "_stricmp",
    "_getch",
    "_getche",
    "getch",
    "getche",
    "_kbhit",
    "_tmain",
    "_tfopen",
    "_tfopen_s",
    "_wfopen",
    "_wfopen_s",
    "wmain",
    "_tsystem",
    "_fgetts",
    "_ttoi",
    "_ftscanf_s",
    "_stprintf_s",
    "_tprintf",
    "_countof",
    "Sleep",
    "GetTickCount",
    "GetTickCount64",
    "QueryPerformanceCounter",
];
/// At most this many files are read for their includes.
const MOST_FILES: usize = 200;

/// How to compile a program's sources once more as Visual C++ would.
pub(super) struct Standins {
    /// The compiler's arguments to put before the sources.
    pub args: Vec<String>,
    /// What was stood in for or changed, for the report (`the grader's stand-ins for
    /// pch.h, fopen_s; "board.h" found as Board.h; void main taken as int main`).
    pub what: String,
    /// Visual C++'s marks on the sources (its headers and names, `void main`): where even
    /// this build fails, a TA is told that the program was written for Windows, and by what.
    pub marks: Vec<String>,
    /// The includes found only under another letter case (`"board.h"` for `Board.h`): a
    /// mark of a case-blind file system, Windows's or a Mac's, not of Windows alone.
    pub case_blind: Vec<String>,
    /// Built with UNICODE, as [`Charset::AsProject`] found it: where that build fails, the
    /// program is tried once more with `TCHAR` a `char` ([`Charset::Narrow`]).
    pub unicode: bool,
    /// Sources of the grader's to compile with the program's (its `main` for a `wmain`).
    pub sources: Vec<PathBuf>,
}

/// The character set a program is built with, as Visual Studio's project setting
/// (`<CharacterSet>`) makes `TCHAR` a `wchar_t` or a `char`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Charset {
    /// As its project says, or, with no project, as its sources show.
    AsProject,
    /// `TCHAR` a `char`, whatever the project says.
    Narrow,
}

/// Prepares the grader's copy `work` for compiling `sources` (a program's file and the
/// helpers compiled with it) as Visual C++ would, `cpp` for C++.
pub(super) fn prepare(work: &Path, sources: &[PathBuf], cpp: bool, charset: Charset) -> Standins {
    let folder = work.join(FOLDER);
    let _ = std::fs::create_dir_all(&folder);
    let _ = std::fs::write(folder.join(HEADER.0), HEADER.1);
    let _ = std::fs::write(folder.join(WIDE_HEADER.0), WIDE_HEADER.1);
    // Read for what says the program is built with UNICODE.
    let mut marks_of = Wide::default();
    for h in HEADERS {
        let _ = std::fs::write(folder.join(h), "#pragma once\n");
    }
    let mut stood_in: BTreeSet<&str> = BTreeSet::new();
    let mut found_as: Vec<String> = Vec::new();
    let mut queue: Vec<PathBuf> = sources.to_vec();
    let mut seen: BTreeSet<PathBuf> = BTreeSet::new();
    let mut void_main = false;
    let mut include_folders: Vec<PathBuf> = Vec::new();
    let mut found_in: Vec<String> = Vec::new();
    let mut standard: Vec<&str> = Vec::new();
    // The header copies earlier builds of this submission made, read once.
    let copies = copies_made(work);
    while let Some(file) = queue.pop() {
        if seen.len() >= MOST_FILES || !seen.insert(file.clone()) {
            continue;
        }
        let Ok(text) = crate::files::read_text(&file, crate::files::SMALL_TEXT) else { continue };
        let dir = file.parent().unwrap_or(work).to_path_buf();
        for (name, quoted) in includes(&text) {
            let exact = dir.join(name.replace('\\', "/"));
            if exact.is_file() {
                // A copy made for an earlier build of the submission's: named again.
                let canonical = std::fs::canonicalize(&exact).unwrap_or_else(|_| exact.clone());
                if let Some((_, real)) = copies.iter().find(|(copy, _)| *copy == canonical) {
                    let said = format!("\"{name}\" found as {}", super::submission::relative(work, real));
                    if !found_as.contains(&said) {
                        found_as.push(said);
                    }
                    queue.push(real.clone());
                }
                queue.push(exact);
                continue;
            }
            if let Some(h) = HEADERS.iter().find(|h| **h == name) {
                stood_in.insert(h);
                continue;
            }
            if !quoted && STANDARD.iter().any(|(h, _)| *h == name) {
                // With the stand-ins it includes in its turn (`<print>` is written on `<format>`).
                let mut wanted = vec![name.clone()];
                while let Some(w) = wanted.pop() {
                    let Some((h, text)) = STANDARD.iter().find(|(h, _)| *h == w) else { continue };
                    if !standard.contains(h) && compiler_lacks(h) && std::fs::write(folder.join(h), text).is_ok() {
                        standard.push(h);
                        wanted.extend(includes(text).into_iter().filter(|(_, q)| !q).map(|(n, _)| n));
                    }
                }
                continue;
            }
            // Found on Windows or macOS whatever its case or separators: a copy under
            // the name the source gives, where gcc looks for it.
            let Some(real) = quoted.then(|| case_blind(&dir, &name)).flatten().filter(|r| r.starts_with(work)) else {
                // In a folder of headers the project names to its compiler (CMake's
                // `include_directories(include)`, an IDE's include path): that folder.
                if let Some(folder) = quoted.then(|| header_folder(work, &name)).flatten() {
                    if !include_folders.contains(&folder) {
                        let shown = super::submission::relative(work, &folder);
                        found_in.push(format!("\"{name}\" found in {shown}/, as its project's include folder"));
                        include_folders.push(folder.clone());
                    }
                    queue.push(folder.join(&name));
                }
                continue;
            };
            let named = dir.join(&name);
            if named.parent().is_some_and(|p| std::fs::create_dir_all(p).is_ok()) && same_file_copy(work, &real, &named)
            {
                found_as.push(format!("\"{name}\" found as {}", super::submission::relative(work, &real)));
            }
            queue.push(real);
        }
        for n in NAMES {
            if has_word(&text, n) {
                stood_in.insert(n);
            }
        }
        marks_of.read(&text);
        if let Some(fixed) = int_main(&text).filter(|_| cpp && sources.contains(&file)) {
            void_main |= std::fs::write(&file, fixed).is_ok();
        }
    }
    let mut args = vec![
        "-I".to_string(),
        super::submission::s(&folder),
        "-include".into(),
        super::submission::s(&folder.join(HEADER.0)),
    ];
    for f in &include_folders {
        args.extend(["-I".to_string(), super::submission::s(f)]);
    }
    if cpp {
        // Visual C++ accepts what g++ calls errors (a `return;` in `void main`).
        args.push("-fpermissive".into());
    }
    let mut marks: Vec<String> = stood_in.iter().map(|n| n.to_string()).collect();
    let mut what = Vec::new();
    if !stood_in.is_empty() {
        what.push(format!("the grader's stand-ins for {}", marks.join(", ")));
    }
    let why_unicode = match charset {
        Charset::Narrow => None,
        Charset::AsProject => project_charset(work, sources.first().map_or(work, |f| f.parent().unwrap_or(work)))
            .map_or_else(
                || marks_of.unicode().then(|| "as its sources are written".to_string()),
                |(said, by)| {
                    // A program of `char`s alone is the same program either way: said only
                    // where TCHAR or the wide calls are in it.
                    (said && marks_of.any()).then(|| format!("as {by} sets its character set"))
                },
            ),
    };
    let mut extra = Vec::new();
    if let Some(why) = &why_unicode {
        args.extend(["-DUNICODE".to_string(), "-D_UNICODE".into()]);
        let mut said = format!("built with UNICODE, {why}: TCHAR a wchar_t and _T(\"…\") wide");
        if marks_of.wmain {
            let main = folder.join(if cpp { "morris_wmain.cpp" } else { "morris_wmain.c" });
            if std::fs::write(&main, WIDE_MAIN).is_ok() {
                extra.push(main);
                said.push_str(", its wmain called by the grader's main with the arguments widened");
            }
        }
        what.push(said);
        marks.push("UNICODE".into());
    }
    let case_blind = found_as.iter().map(|f| f.split(" found as").next().unwrap_or(f).to_string()).collect();
    what.extend(found_as);
    if void_main {
        marks.push("void main".into());
        what.push("void main taken as int main".into());
    }
    // An include folder is the project's own, no mark of Windows; nor is a newer
    // compiler's standard header.
    what.extend(found_in);
    if !standard.is_empty() {
        let headers: Vec<String> = standard.iter().map(|h| format!("<{h}>")).collect();
        what.push(format!("the grader's stand-ins for {}, which this machine's g++ lacks", headers.join(", ")));
    }
    what.push(if marks.is_empty() {
        "the standard headers included first".into()
    } else {
        "the standard headers Visual C++ brings in included first".into()
    });
    Standins { args, what: what.join("; "), marks, case_blind, unicode: why_unicode.is_some(), sources: extra }
}

/// What a program's sources show of the character set they were written for.
#[derive(Default)]
struct Wide {
    /// `_tmain` or `wmain`: a `main` Windows calls with wide arguments under UNICODE.
    wmain: bool,
    /// <tchar.h>'s names (`_TCHAR`, `_T(`, `_tprintf`).
    tchar: bool,
    /// Wide strings the program holds whatever TCHAR is (`std::wstring`, `wchar_t`,
    /// `std::wcout`).
    wide: bool,
    /// A `wmain` of its own name: UNICODE whatever the project says.
    own_wmain: bool,
}

impl Wide {
    fn read(&mut self, text: &str) {
        let own = has_word(text, "wmain");
        self.own_wmain |= own;
        self.wmain |= own || has_word(text, "_tmain");
        self.tchar |=
            ["_TCHAR", "TCHAR", "_T", "_tprintf", "_tfopen_s", "_tfopen", "LPTSTR"].iter().any(|w| has_word(text, w));
        self.wide |= ["wstring", "wchar_t", "wcout", "wcerr", "wifstream", "wofstream", "wprintf"]
            .iter()
            .any(|w| has_word(text, w));
    }

    /// Whether the sources name anything UNICODE changes.
    fn any(&self) -> bool {
        self.wmain || self.tchar || self.wide
    }

    /// Whether the sources alone (with no project to say) are written for UNICODE: a `wmain`,
    /// or <tchar.h>'s names beside wide strings that only a wide TCHAR fits.
    fn unicode(&self) -> bool {
        self.own_wmain || (self.tchar && self.wide)
    }
}

/// The character set the Visual Studio project nearest `dir` (in it or a folder above it,
/// up to `work`) builds with: whether it is Unicode (`<CharacterSet>Unicode</CharacterSet>`,
/// the default of Visual Studio's templates, or `UNICODE` defined), and the project's file.
/// `None` with no project.
fn project_charset(work: &Path, dir: &Path) -> Option<(bool, String)> {
    let mut at = Some(dir);
    while let Some(d) = at.filter(|d| d.starts_with(work)) {
        let mut projects: Vec<PathBuf> = std::fs::read_dir(d)
            .ok()?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("vcxproj")))
            .collect();
        projects.sort();
        if let Some(project) = projects.first() {
            let text = crate::files::read_text_lossy(project, crate::files::SMALL_TEXT).unwrap_or_default();
            let unicode = text.contains(">Unicode<")
                || text.split("<PreprocessorDefinitions>").skip(1).any(|d| {
                    let d = d.split('<').next().unwrap_or("");
                    d.split(';').any(|x| matches!(x.trim(), "UNICODE" | "_UNICODE"))
                });
            return Some((unicode, super::submission::relative(work, project)));
        }
        at = d.parent();
    }
    None
}

/// Whether this machine's g++ lacks the standard header `name` (`format`, `print`), in
/// the newest language it knows; asked once a header.
fn compiler_lacks(name: &str) -> bool {
    static ASKED: std::sync::Mutex<Vec<(String, bool)>> = std::sync::Mutex::new(Vec::new());
    let mut asked = ASKED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, lacks)) = asked.iter().find(|(n, _)| n == name) {
        return *lacks;
    }
    let preprocessed = || -> std::io::Result<bool> {
        use std::io::Write;
        let mut child = std::process::Command::new("g++")
            .args(["-std=c++2b", "-E", "-x", "c++", "-", "-o", "/dev/null"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()?;
        child.stdin.take().map(|mut i| writeln!(i, "#include <{name}>")).transpose()?;
        Ok(child.wait()?.success())
    };
    let lacks = !preprocessed().unwrap_or(false);
    asked.push((name.to_string(), lacks));
    lacks
}

/// Copies the header `real` to `named` (a name Windows finds it by) with its time of change:
/// gcc's `#pragma once` takes a file of the same size, time and contents for the one already
/// included, so a program that includes `search.h` and `Search.h` (each source spelling it
/// its own way) gets its declarations once, as on Windows.
/// The copy is noted in the grader's folder of `work` ([`copies_made`]).
fn same_file_copy(work: &Path, real: &Path, named: &Path) -> bool {
    if std::fs::copy(real, named).is_err() {
        return false;
    }
    if let Ok(when) = std::fs::metadata(real).and_then(|m| m.modified()) {
        let _ = std::fs::File::options().write(true).open(named).and_then(|f| f.set_modified(when));
    }
    if let Ok(copy) = std::fs::canonicalize(named) {
        use std::io::Write;
        let line = format!("{}\t{}\n", copy.display(), real.display());
        let _ = std::fs::File::options()
            .create(true)
            .append(true)
            .open(work.join(FOLDER).join(COPIES))
            .and_then(|mut f| f.write_all(line.as_bytes()));
    }
    true
}

/// The file in the grader's folder that notes each header copied under the name a source
/// gives it: a copy and the header it is of, a line each, parted by a tab.
const COPIES: &str = "copies";

/// The header copies [`same_file_copy`] made in `work`: each copy (canonical) and the
/// header it is of.
fn copies_made(work: &Path) -> Vec<(PathBuf, PathBuf)> {
    std::fs::read_to_string(work.join(FOLDER).join(COPIES))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once('\t'))
        .map(|(copy, real)| (PathBuf::from(copy), PathBuf::from(real)))
        .collect()
}

/// The files a source includes, each with whether it was quoted (`#include "board.h"`)
/// rather than bracketed (`#include <conio.h>`).
fn includes(text: &str) -> Vec<(String, bool)> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start().strip_prefix("include")?.trim_start();
            let (close, quoted) = match rest.chars().next()? {
                '"' => ('"', true),
                '<' => ('>', false),
                _ => return None,
            };
            let name = rest[1..].split(close).next()?.trim();
            (!name.is_empty()).then(|| (name.to_string(), quoted))
        })
        .collect()
}

/// `name` (parted by `/` or `\`) below `dir` as a file system blind to case finds it.
fn case_blind(dir: &Path, name: &str) -> Option<PathBuf> {
    let mut at = dir.to_path_buf();
    for part in name.split(['/', '\\']) {
        match part {
            "" | "." => continue,
            ".." => {
                at.pop();
                continue;
            }
            _ => {}
        }
        let lower = part.to_lowercase();
        at = std::fs::read_dir(&at)
            .ok()?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().to_lowercase() == lower))
            .min()?;
    }
    at.is_file().then_some(at)
}

/// The one folder below `work` that holds a header `name` (a path, parted by `/` or `\\`)
/// as a file system blind to case finds it, where a project's include path would find it;
/// `None` where there is none, or several.
fn header_folder(work: &Path, name: &str) -> Option<PathBuf> {
    let wanted: Vec<String> = name.split(['/', '\\']).filter(|p| !p.is_empty()).map(str::to_lowercase).collect();
    if wanted.iter().any(|p| p == "..") {
        return None;
    }
    let mut found = super::submission::walk(work).into_iter().filter_map(|f| {
        let parts: Vec<String> = f.components().map(|c| c.as_os_str().to_string_lossy().to_lowercase()).collect();
        let tail = parts.len().checked_sub(wanted.len())?;
        if parts[tail..] != wanted[..] {
            return None;
        }
        let mut folder = f.clone();
        for _ in 0..wanted.len() {
            folder.pop();
        }
        // The name as the source gives it must be there (not another case of it).
        folder.join(name.replace('\\', "/")).is_file().then_some(folder)
    });
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// Whether `word` stands in `text` as a name of its own.
fn has_word(text: &str, word: &str) -> bool {
    let named = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(word)
        .any(|(at, _)| !named(text[..at].chars().next_back()) && !named(text[at + word.len()..].chars().next()))
}

/// `text` with `void main(` made `int main(`, if it has it.
fn int_main(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut changed = false;
    while let Some(at) = rest.find("void") {
        let after = &rest[at + 4..];
        let spaced = after.trim_start();
        let whole = !rest[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_');
        if whole
            && spaced.len() < after.len()
            && spaced.starts_with("main")
            && spaced[4..].trim_start().starts_with('(')
        {
            out.push_str(&rest[..at]);
            out.push_str("int");
            changed = true;
        } else {
            out.push_str(&rest[..at + 4]);
        }
        rest = after;
    }
    out.push_str(rest);
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_includes_of_both_kinds() {
        let text = "#include \"pch.h\"\n  #  include <conio.h>\n#include\"..\\common\\Board.h\"\n// #include nothing\n";
        assert_eq!(
            includes(text),
            vec![("pch.h".into(), true), ("conio.h".into(), false), ("..\\common\\Board.h".into(), true)]
        );
    }

    #[test]
    fn void_main_becomes_int_main_and_nothing_else_changes() {
        assert_eq!(
            int_main("void main(int argc, char* argv[])\n{ }").as_deref(),
            Some("int main(int argc, char* argv[])\n{ }")
        );
        assert_eq!(int_main("void  main (void) {}").as_deref(), Some("int  main (void) {}"));
        assert_eq!(int_main("int main() { void mainly(); }"), None);
        assert_eq!(int_main("void domain();"), None);
        assert_eq!(int_main("avoid main();"), None);
    }

    #[test]
    fn a_header_is_found_in_the_projects_include_folder() {
        let dir = std::env::temp_dir().join(format!("morris-include-folder-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("include/game")).unwrap();
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(dir.join("include/game/board.h"), "#pragma once\n").unwrap();
        std::fs::write(dir.join("include/moves.h"), "#pragma once\n").unwrap();
        std::fs::write(dir.join("src/moves.h"), "#pragma once\n").unwrap();
        assert_eq!(header_folder(&dir, "game/board.h"), Some(dir.join("include")));
        assert_eq!(header_folder(&dir, "board.h"), Some(dir.join("include/game")));
        assert_eq!(header_folder(&dir, "moves.h"), None, "two of them: no guess");
        assert_eq!(header_folder(&dir, "../include/board.h"), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_character_set_is_the_nearest_projects_or_the_sources() {
        let dir = std::env::temp_dir().join(format!("morris-charset-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("Wide/src")).unwrap();
        std::fs::create_dir_all(dir.join("Narrow")).unwrap();
        std::fs::create_dir_all(dir.join("Defined")).unwrap();
        let project = |charset: &str, defines: &str| {
            format!(
                "<Project><PropertyGroup><CharacterSet>{charset}</CharacterSet></PropertyGroup>\
                 <ItemDefinitionGroup><ClCompile><PreprocessorDefinitions>{defines}</PreprocessorDefinitions>\
                 </ClCompile></ItemDefinitionGroup></Project>"
            )
        };
        std::fs::write(dir.join("Wide/Wide.vcxproj"), project("Unicode", "WIN32;_DEBUG;_CONSOLE")).unwrap();
        std::fs::write(dir.join("Narrow/Narrow.vcxproj"), project("MultiByte", "WIN32;_CONSOLE;MY_UNICODE_TABLE"))
            .unwrap();
        std::fs::write(dir.join("Defined/Defined.vcxproj"), project("NotSet", "_UNICODE;UNICODE")).unwrap();
        assert_eq!(project_charset(&dir, &dir.join("Wide/src")), Some((true, "Wide/Wide.vcxproj".into())));
        assert_eq!(project_charset(&dir, &dir.join("Narrow")), Some((false, "Narrow/Narrow.vcxproj".into())));
        assert_eq!(project_charset(&dir, &dir.join("Defined")), Some((true, "Defined/Defined.vcxproj".into())));
        assert_eq!(project_charset(&dir.join("Narrow"), &dir.join("Wide/src")), None, "none outside the work folder");
        assert_eq!(project_charset(&dir, &dir), None);
        let _ = std::fs::remove_dir_all(&dir);
        // With no project: a wmain of its own, or <tchar.h>'s names beside wide strings.
        let sources = |texts: &[&str]| {
            let mut w = Wide::default();
            texts.iter().for_each(|t| w.read(t));
            w.unicode()
        };
        assert!(sources(&["int wmain(int argc, wchar_t* argv[])"]));
        assert!(sources(&["int _tmain(int argc, _TCHAR* argv[])", "typedef std::wstring Board;"]));
        assert!(!sources(&["int _tmain(int argc, _TCHAR* argv[]) { _tprintf(_T(\"%s\"), argv[1]); }"]));
        assert!(!sources(&["std::wstring name;", "int main() {}"]));
    }

    #[test]
    fn names_are_found_as_whole_words() {
        assert!(has_word("if (fopen_s(&f, name, \"r\"))", "fopen_s"));
        assert!(!has_word("my_fopen_s(x)", "fopen_s"));
        assert!(!has_word("GetTickCount64()", "GetTickCount"));
        assert!(has_word("GetTickCount64()", "GetTickCount64"));
    }

    #[test]
    fn an_include_is_found_whatever_its_case_and_separators() {
        let dir = std::env::temp_dir().join(format!("morris-visual-cpp-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("Common")).unwrap();
        std::fs::create_dir_all(dir.join("ABGame")).unwrap();
        std::fs::write(dir.join("Common/board.h"), "#define BOARD_SIZE 22\n").unwrap();
        assert_eq!(case_blind(&dir.join("ABGame"), "..\\common\\Board.h"), Some(dir.join("Common/board.h")));
        assert_eq!(case_blind(&dir.join("ABGame"), "../common/move.h"), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
