//! One program for all eight behind a console menu: a student who found command-line
//! arguments awkward in their IDE writes `java Morris`, which prints
//!
//! ```text
//! 1. MiniMaxOpening
//! 2. MiniMaxGame
//! …
//! 0. Quit
//! Enter your choice:
//! ```
//!
//! then asks for the files and the depth. Each program is called as a TA would at the
//! keyboard: its choice typed, then the three answers (in the order its prompts want,
//! found as for any program that asks for them), then the menu's quit.

use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_while_m_n};
use nom::character::complete::{char, digit1, one_of, space0, space1};
use nom::combinator::{opt, rest};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

use crate::classroom::ProgramSpec;

/// How to reach one program through the menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    /// What to type to choose it (`1`, `a`).
    pub choose: String,
    /// What to type to leave the menu afterwards (`0`, `q`), if the menu says.
    pub quit: Option<String>,
}

impl Menu {
    /// What to type for one call: the choice, `answers` (the files and depth, a line
    /// each), then the quit.
    #[must_use]
    pub fn typed(&self, answers: Option<&str>) -> String {
        let quit = self.quit.as_deref().map(|q| format!("{q}\n")).unwrap_or_default();
        format!("{}\n{}{quit}", self.choose, answers.unwrap_or(""))
    }
}

/// The key of a menu line: a number or one letter, bracketed or followed by `.`, `)`,
/// `:`, `-` or `=` (`1. …`, `[2] …`, `(3) …`, `a) …`, `4 - …`, `5 = …`), or a number
/// followed by spaces (`1   MiniMaxOpening`); after it, the entry's text.
fn entry(i: &str) -> IResult<&str, (&str, &str)> {
    let key = || alt((digit1, take_while_m_n(1, 1, |c: char| c.is_ascii_alphabetic())));
    let bracketed = alt((delimited(char('['), key(), char(']')), delimited(char('('), key(), char(')'))));
    let marked = (key(), space0, one_of(".):-=]")).map(|(k, _, _)| k);
    let spaced = (digit1, space1).map(|(k, _)| k);
    let press = preceded((alt((tag_no_case("press"), tag_no_case("enter"), tag_no_case("type"))), space1), key());
    let (i, _) = space0(i)?;
    let (i, k) = alt((bracketed, marked, press, spaced)).parse(i)?;
    let (i, _) = (space0, opt((alt((tag_no_case("for"), tag_no_case("to"))), space1))).parse(i)?;
    let (i, text) = rest(i)?;
    Ok((i, (k, text.trim())))
}

/// The program an entry's text names: the whole text, or its part before a bracket, a
/// colon or a dash (`MiniMax Opening (Part I)`, `MiniMaxOpening: White, opening`).
fn program_in(text: &str) -> Option<ProgramSpec> {
    let head = text.split(['(', ':', '[', ',']).next().unwrap_or("").split(" - ").next().unwrap_or("").trim();
    [text, head].iter().find_map(|t| super::names::program_of(t).map(|(p, _)| p))
}

/// The words of an entry that leaves the menu.
const QUIT_WORDS: [&str; 6] = ["quit", "exit", "salir", "end", "stop", "bye"];

/// The programs a menu in `text` (what the program printed with nothing typed) offers,
/// each with how to reach it; none unless at least four of the eight are offered, each
/// on an entry of its own.
#[must_use]
pub fn programs_in_menu(text: &str) -> Vec<(&'static str, Menu)> {
    let mut chosen: Vec<(&'static str, String)> = Vec::new();
    let mut quit: Option<String> = None;
    for line in text.lines() {
        let Ok((_, (key, entry_text))) = entry(line) else { continue };
        let lower = entry_text.to_lowercase();
        if quit.is_none() && lower.split(|c: char| !c.is_alphanumeric()).any(|w| QUIT_WORDS.contains(&w)) {
            quit = Some(key.to_string());
            continue;
        }
        if let Some(p) = program_in(entry_text)
            && !chosen.iter().any(|(n, _)| *n == p.name)
        {
            chosen.push((p.name, key.to_string()));
        }
    }
    if chosen.len() < 4 {
        return Vec::new();
    }
    chosen.into_iter().map(|(name, choose)| (name, Menu { choose, quit: quit.clone() })).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(text: &str) -> Vec<(&'static str, String, Option<String>)> {
        programs_in_menu(text).into_iter().map(|(n, m)| (n, m.choose, m.quit)).collect()
    }

    #[test]
    fn menus_as_students_print_them() {
        let numbered = "========== Morris Game Variant ==========\n1. MiniMaxOpening\n2. MiniMaxGame\n3. ABOpening\n\
            4. ABGame\n5. MiniMaxOpeningBlack\n6. MiniMaxGameBlack\n7. MiniMaxOpeningImproved\n\
            8. MiniMaxGameImproved\n0. Quit\nEnter your choice: ";
        let got = keys(numbered);
        assert_eq!(got.len(), 8);
        assert_eq!(got[0], ("MiniMaxOpening", "1".into(), Some("0".into())));
        assert_eq!(got[7], ("MiniMaxGameImproved", "8".into(), Some("0".into())));
        let words = "Choose a program:\n  [a] MiniMax Opening (Part I)\n  [b] MiniMax Game (Part I)\n  \
            [c] Alpha-Beta Opening\n  [d] AB Game - alpha-beta, midgame\n  [q] exit\n> ";
        let got = keys(words);
        assert_eq!(
            got,
            vec![
                ("MiniMaxOpening", "a".into(), Some("q".into())),
                ("MiniMaxGame", "b".into(), Some("q".into())),
                ("ABOpening", "c".into(), Some("q".into())),
                ("ABGame", "d".into(), Some("q".into())),
            ]
        );
        let pressed =
            "Press 1 for MiniMaxOpening\nPress 2 for MiniMaxGame\nPress 3 for ABOpening\nPress 4 for ABGame\n";
        assert_eq!(keys(pressed).iter().map(|k| k.1.as_str()).collect::<Vec<_>>(), ["1", "2", "3", "4"]);
        assert_eq!(keys(pressed)[0].2, None);
    }

    #[test]
    fn a_usage_or_a_few_names_is_no_menu() {
        for text in [
            "usage: morris.py {MiniMaxOpening,MiniMaxGame,ABOpening,ABGame} in out depth",
            "1. MiniMaxOpening\n2. MiniMaxGame\n3. Quit\n",
            "",
            "Board Position: xxxxxxxxxxxxxxxxxxxxxx\nPositions evaluated by static estimation: 3.\n",
        ] {
            assert!(programs_in_menu(text).is_empty(), "{text}");
        }
    }

    #[test]
    fn what_is_typed() {
        let m = Menu { choose: "3".into(), quit: Some("0".into()) };
        assert_eq!(m.typed(Some("in.txt\nout.txt\n2\n")), "3\nin.txt\nout.txt\n2\n0\n");
        assert_eq!(Menu { quit: None, ..m }.typed(None), "3\n");
    }
}
