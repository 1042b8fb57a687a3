//! The programs a CLion student's `CMakeLists.txt` declares: `add_executable(MiniMaxOpening
//! src/opening/minimax_white.cpp)` names the program's source where the file's own name
//! does not (a student who names files in their own way and lets CMake give the
//! executables the handout's names). Only the declarations are read, not run: this names
//! the file with the program's `main`; the grader builds it as it builds any C/C++
//! program (its headers and the sources it needs found beside it).

use std::path::{Path, PathBuf};

use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_till1, take_until};
use nom::character::complete::{char, multispace0};
use nom::multi::many0;
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};

/// The variables a path in a `CMakeLists.txt` starts from that mean its own folder (or
/// the project's, which for the one file a student writes is the same).
const FOLDER_VARIABLES: [&str; 4] =
    ["${CMAKE_CURRENT_SOURCE_DIR}", "${CMAKE_CURRENT_LIST_DIR}", "${PROJECT_SOURCE_DIR}", "${CMAKE_SOURCE_DIR}"];

/// `add_executable`'s options, which are no sources.
const OPTIONS: [&str; 4] = ["WIN32", "MACOSX_BUNDLE", "EXCLUDE_FROM_ALL", "IMPORTED"];

/// One argument: quoted, or a run of characters up to white space or a bracket.
fn argument(i: &str) -> IResult<&str, &str> {
    alt((
        delimited(char('"'), take_until("\""), char('"')),
        take_till1(|c: char| c.is_whitespace() || c == ')' || c == '('),
    ))
    .parse(i)
}

/// `add_executable ( TARGET ARG… )` at the start of `i`: the target and its arguments.
fn add_executable(i: &str) -> IResult<&str, Vec<&str>> {
    preceded(
        (tag_no_case("add_executable"), multispace0, char('(')),
        terminated(many0(preceded(multispace0, argument)), (multispace0, tag(")"))),
    )
    .parse(i)
}

/// The text with its `#` comments left out.
fn without_comments(text: &str) -> String {
    text.lines().map(|l| l.split('#').next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// Every `add_executable` in `text` (a `CMakeLists.txt` in `folder`): its target, and its
/// sources as paths (those naming variables other than the folder's left out).
#[must_use]
pub fn executables(text: &str, folder: &Path) -> Vec<(String, Vec<PathBuf>)> {
    let text = without_comments(text);
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    for (at, _) in lower.match_indices("add_executable") {
        // A word of its own (not `my_add_executable`).
        if text[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Ok((_, args)) = add_executable(&text[at..]) else { continue };
        let Some((target, rest)) = args.split_first() else { continue };
        let sources = rest
            .iter()
            .filter(|a| !OPTIONS.contains(a))
            .filter_map(|a| {
                let relative =
                    FOLDER_VARIABLES.iter().find_map(|v| a.strip_prefix(v)).map_or(*a, |r| r.trim_start_matches('/'));
                (!relative.contains("${")).then(|| folder.join(relative))
            })
            .collect();
        out.push(((*target).to_string(), sources));
    }
    out
}

/// The switches that turn a project's tests off: CMake's own `BUILD_TESTING` (CTest's) and
/// every `option(NAME …)` in `text` whose name says tests (`MORRIS_BUILD_TESTS`,
/// `ENABLE_TESTING`), each as `-DNAME=OFF`. A student's GoogleTest or Catch2, fetched at
/// configure time by `FetchContent`, needs the network the grader has none of; the
/// programs do not need their tests.
#[must_use]
pub fn tests_off(text: &str) -> Vec<String> {
    let text = without_comments(text);
    let lower = text.to_ascii_lowercase();
    let mut names = vec!["BUILD_TESTING".to_string()];
    for (at, _) in lower.match_indices("option") {
        if text[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let name: IResult<&str, &str> =
            preceded((tag_no_case("option"), multispace0, char('('), multispace0), argument).parse(&text[at..]);
        if let Ok((_, name)) = name
            && name.to_ascii_uppercase().contains("TEST")
            && !names.iter().any(|n| n == name)
        {
            names.push(name.to_string());
        }
    }
    names.into_iter().map(|n| format!("-D{n}=OFF")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_that_say_tests_are_turned_off() {
        let text = "option(MORRIS_BUILD_TESTS \"Build the unit tests\" ON)\n\
                    option( WITH_ASAN \"sanitizers\" OFF)\n\
                    # option(OLD_TESTS \"gone\" ON)\n\
                    if(MORRIS_BUILD_TESTS)\n  enable_testing()\nendif()\nmy_option(FAKE_TESTS x ON)\n";
        assert_eq!(tests_off(text), ["-DBUILD_TESTING=OFF", "-DMORRIS_BUILD_TESTS=OFF"]);
        assert_eq!(tests_off(""), ["-DBUILD_TESTING=OFF"]);
    }

    #[test]
    fn a_clion_students_declarations() {
        let text = "cmake_minimum_required(VERSION 3.10)\nproject(MorrisVariant CXX)\n\
            # add_executable(Old old.cpp)\n\
            add_library(morris_core STATIC src/core/board.cpp)\n\
            add_executable(MiniMaxOpening src/opening/minimax_white.cpp)\n\
            ADD_EXECUTABLE( ABGame\n    WIN32\n    \"${PROJECT_SOURCE_DIR}/src/game/alphabeta white.cpp\"\n    ${CMAKE_CURRENT_SOURCE_DIR}/src/util.cpp ${EXTRA}\n)\n\
            my_add_executable(MiniMaxGame x.cpp)\n";
        let dir = Path::new("/w/p");
        assert_eq!(
            executables(text, dir),
            vec![
                ("MiniMaxOpening".to_string(), vec![dir.join("src/opening/minimax_white.cpp")]),
                ("ABGame".to_string(), vec![dir.join("src/game/alphabeta white.cpp"), dir.join("src/util.cpp")]),
            ]
        );
    }

    #[test]
    fn unfinished_or_garbage_text_declares_nothing() {
        for text in ["add_executable(MiniMaxOpening main.cpp", "add_executable", "add_executable()", "\u{0}\u{1}((("] {
            assert!(executables(text, Path::new("/w")).is_empty(), "{text:?}");
        }
    }
}
