//! Which of the eight programs a file names, as a TA would see it: the handout's names up
//! to the ways students write them: `MinMax` / `Minimax` / `MiniMax`, `Openning`, case,
//! `_`, `-` or spaces between the words (`minimax_opening.py`, `bin/ab-game`), a prefix or
//! suffix of their own (`Main_MiniMaxOpening`, `ABGame_v2`), and a slip of up to two
//! letters (`MinMaxOpenningBlack`). A file whose name says it is a test is no program.

use std::path::Path;

use crate::classroom::{ALL_PROGRAMS, ProgramSpec};

/// How a file's name was matched to a program's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameMatch {
    /// The handout's name exactly.
    Exact,
    /// The same words, written otherwise (case, separators, `MinMax`, `Openning`, a slip).
    Spelling,
    /// The name with a part of the student's own before or after it (the part).
    Affix(String),
    /// A file with an entry point's own name (`main.py`, `Main.java`, `__main__.py`) in a
    /// folder named for the program, one folder a program (the folder's name).
    Folder(String),
    /// A source its project's build declares as the program (`add_executable(MiniMaxOpening
    /// src/opening/minimax_white.cpp)`; the declaring file).
    Declared(String),
}

impl NameMatch {
    /// How sure the match is: lower is better.
    #[must_use]
    pub fn rank(&self) -> u8 {
        match self {
            NameMatch::Declared(_) | NameMatch::Exact => 0,
            NameMatch::Spelling => 1,
            NameMatch::Affix(_) => 2,
            NameMatch::Folder(_) => 3,
        }
    }

    /// In words, for the report: `the handout's name`, `spelt MinMaxOpenning`, …
    #[must_use]
    pub fn describe(&self, stem: &str) -> String {
        match self {
            NameMatch::Exact => "the handout's name".to_string(),
            NameMatch::Spelling => format!("by its name, spelt `{stem}`"),
            NameMatch::Affix(part) => format!("by its name `{stem}`, less its own `{part}`"),
            NameMatch::Folder(folder) => format!("`{stem}` in the folder `{folder}`, named by its folder"),
            NameMatch::Declared(by) => format!("`{stem}`, declared the program by `add_executable` in {by}"),
        }
    }
}

/// The names students give a program's entry file when a folder of its own names the
/// program: `MiniMaxOpening/main.py`, `minimax_opening/__main__.py`, `ABGame/Main.java`.
pub const ENTRY_STEMS: [&str; 6] = ["main", "__main__", "run", "app", "program", "solution"];

/// The program a file names, and how: by its stem ([`program_of`]), or, for an entry
/// file's name ([`ENTRY_STEMS`]), by the folder it is in.
#[must_use]
pub fn program_of_file(path: &Path) -> Option<(ProgramSpec, NameMatch)> {
    let stem = path.file_stem()?.to_str()?;
    if let Some(found) = program_of(stem) {
        return Some(found);
    }
    if !ENTRY_STEMS.contains(&stem.to_ascii_lowercase().as_str()) {
        return None;
    }
    let folder = path.parent()?.file_name()?.to_str()?;
    program_of(folder).map(|(p, _)| (p, NameMatch::Folder(folder.to_string())))
}

/// Lower case letters and digits only, with the usual variants spelt one way.
fn normalise(text: &str) -> String {
    let mut s: String = text.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect();
    for (from, to) in [("minmax", "minimax"), ("alphabeta", "ab"), ("openning", "opening"), ("improvement", "improved")]
    {
        s = s.replace(from, to);
    }
    s
}

/// Levenshtein distance (short strings only).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(row[j + 1] + 1);
            prev = here;
        }
    }
    row[b.len()]
}

/// The program `normalised` names, if one is clearly nearest (a slip of at most two).
fn nearest(normalised: &str) -> Option<ProgramSpec> {
    // A slip changes or adds a letter or two, but drops at most one: `game` is no `abgame`.
    let mut scored: Vec<(usize, ProgramSpec)> = ALL_PROGRAMS
        .iter()
        .map(|p| {
            let name = normalise(p.name);
            let d = if normalised.len() + 1 < name.len() { usize::MAX } else { distance(normalised, &name) };
            (d, *p)
        })
        .collect();
    scored.sort_by_key(|(d, _)| *d);
    let (best, spec) = scored[0];
    let clear = scored.get(1).is_none_or(|(second, _)| *second > best);
    (best <= 2 && clear).then_some(spec)
}

/// The program a file stem names, and how.
#[must_use]
pub fn program_of(stem: &str) -> Option<(ProgramSpec, NameMatch)> {
    if let Some(p) = ALL_PROGRAMS.iter().find(|p| p.name == stem) {
        return Some((*p, NameMatch::Exact));
    }
    let norm = normalise(stem);
    if norm.contains("test") || norm.len() < 4 {
        return None;
    }
    // A name whose every word is known names its program, though a slip of a letter or
    // two reaches another (`MMOpening` is not `ABOpening`, `MiniMaxOpeningB` not
    // `MiniMaxOpening`): the words decide where the two differ.
    let worded = by_words(stem);
    let unless_words = |found: (ProgramSpec, NameMatch)| match &worded {
        Some((p, how)) if p.name != found.0.name => (*p, how.clone()),
        _ => found,
    };
    if let Some(p) = nearest(&norm) {
        return Some(unless_words((p, NameMatch::Spelling)));
    }
    // A part of the student's own before or after the name: a separated word, or a
    // usual prefix run on (`MainMiniMaxOpening`).
    let words: Vec<&str> = stem.split(['_', '-', ' ', '.']).filter(|w| !w.is_empty()).collect();
    let mut tries: Vec<(String, String)> = Vec::new();
    if words.len() >= 2 {
        tries.push((words[1..].concat(), words[0].to_string()));
        tries.push((words[..words.len() - 1].concat(), words[words.len() - 1].to_string()));
    }
    if words.len() >= 3 {
        tries.push((words[1..words.len() - 1].concat(), format!("{} … {}", words[0], words[words.len() - 1])));
    }
    for prefix in ["main", "run", "my"] {
        if let Some(rest) = norm.strip_prefix(prefix) {
            tries.push((rest.to_string(), stem.chars().take(prefix.len()).collect()));
        }
    }
    tries
        .into_iter()
        .find_map(|(rest, part)| {
            let n = normalise(&rest);
            (n.len() >= 4).then(|| nearest(&n)).flatten().map(|p| (p, NameMatch::Affix(part)))
        })
        .map(unless_words)
        .or(worded)
        .or_else(|| by_parts(stem))
}

/// A name that says its program by the handout's part (`part1_opening`, `p3_game`,
/// `Q4Game`): the part's words with the name's own.
fn by_parts(stem: &str) -> Option<(ProgramSpec, NameMatch)> {
    let words = folder_words(stem)?;
    program_of_words(&words).map(|p| (p, NameMatch::Spelling))
}

/// The words of a name, lower-cased: split at separators, at case changes (`hw2MiniMax`
/// is `hw`, `2`, `mini`, `max`; `ABOpening` is `ab`, `opening`) and between letters and
/// digits. Letters outside ASCII are letters (`código` is one word).
pub(super) fn words_of(stem: &str) -> Vec<String> {
    let chars: Vec<char> = stem.chars().collect();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_alphanumeric() {
            words.extend((!word.is_empty()).then(|| std::mem::take(&mut word)));
            continue;
        }
        if let Some(&prev) = word.chars().last().as_ref() {
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            let boundary = (prev.is_lowercase() && c.is_uppercase())
                || (prev.is_uppercase() && c.is_uppercase() && next_lower)
                || (prev.is_numeric() != c.is_numeric());
            if boundary {
                words.push(std::mem::take(&mut word));
            }
        }
        word.push(c);
    }
    words.extend((!word.is_empty()).then_some(word));
    words.into_iter().map(|w| w.to_lowercase()).collect()
}

/// Words a student adds to a program's name that say nothing against it: a course's or
/// homework's tag, a version, the side the handout's programs play, `main`.
const HARMLESS_WORDS: [&str; 28] = [
    "white",
    "mid",
    "middle",
    "end",
    "main",
    "run",
    "my",
    "final",
    "new",
    "submission",
    "project",
    "proj",
    "hw",
    "homework",
    "assignment",
    "part",
    "p",
    "q",
    "question",
    "task",
    "prog",
    "program",
    "v",
    "version",
    "ai",
    "cs",
    "estimation",
    "estimate",
];

/// A name whose words are a program's in another order, or with harmless words of the
/// student's own (`ImprovedMiniMaxOpening`, `hw2MiniMaxOpening`, `MiniMaxOpeningWhite`,
/// `BlackMiniMaxGame`): the program whose words (`minimax` or `ab`, `opening` or `game`,
/// `black`, `improved`) are exactly the name's.
fn by_words(stem: &str) -> Option<(ProgramSpec, NameMatch)> {
    let (mine, own) = known_words(stem)?;
    let program = program_of_words(&mine)?;
    let how = if own.is_empty() { NameMatch::Spelling } else { NameMatch::Affix(own.join(" ")) };
    Some((program, how))
}

/// The program whose words are exactly `mine` (each once, in any order).
fn program_of_words(mine: &[&str]) -> Option<ProgramSpec> {
    ALL_PROGRAMS
        .iter()
        .find(|p| {
            let mut theirs: Vec<String> = words_of(p.name);
            if theirs.first().is_some_and(|w| w == "mini") {
                theirs.splice(0..2, ["minimax".to_string()]);
            }
            theirs.len() == mine.len() && theirs.iter().all(|t| mine.contains(&t.as_str()))
        })
        .copied()
}

/// A name's words that name a program's (`minimax`, `ab`, `opening`, `game`, `black`,
/// `improved`, each once), and the harmless words of the student's own; `None` if any
/// other word is in it.
fn known_words(stem: &str) -> Option<(Vec<&'static str>, Vec<String>)> {
    let raw = words_of(stem);
    let mut words: Vec<String> = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        let pair = raw.get(i + 1).map(|n| format!("{}{n}", raw[i]));
        if let Some(joined) = pair.filter(|j| matches!(j.as_str(), "minimax" | "minmax" | "alphabeta")) {
            words.push(joined);
            i += 2;
        } else {
            words.push(raw[i].clone());
            i += 1;
        }
    }
    let mut own: Vec<String> = Vec::new();
    let mut mine: Vec<&str> = Vec::new();
    for w in &words {
        let known = match w.as_str() {
            "minimax" | "minmax" | "mm" => "minimax",
            "ab" | "alphabeta" => "ab",
            "opening" | "openning" | "open" => "opening",
            // The handout's "midgame/endgame" phase, by either of its names or both.
            "game" | "midgame" | "endgame" | "middlegame" => "game",
            "black" | "blk" | "b" => "black",
            "improved" | "improve" | "improvement" | "imp" | "impr" | "improv" | "enhanced" | "better" => "improved",
            other if other.bytes().all(|b| b.is_ascii_digit()) || HARMLESS_WORDS.contains(&other) => {
                own.push(other.to_string());
                continue;
            }
            _ => return None,
        };
        if mine.contains(&known) {
            // `MidgameEndgame` names the one phase twice.
            if known == "game" {
                continue;
            }
            return None;
        }
        mine.push(known);
    }
    Some((mine, own))
}

/// The handout's parts, by number: the words of the programs each asks for (Part I
/// MiniMax, Part II alpha-beta, Part III Black, Part IV Improved).
const PARTS: [(&str, &str, &[&str]); 4] = [
    ("1", "i", &["minimax"]),
    ("2", "ii", &["ab"]),
    ("3", "iii", &["minimax", "black"]),
    ("4", "iv", &["minimax", "improved"]),
];

/// Whether a folder's name names a program or the handout's part (`ABGame`, `Black`,
/// `Part II - AlphaBeta`, `q3`): a folder of one student's project, not a student.
#[must_use]
pub fn names_a_program_or_part(name: &str) -> bool {
    program_of(name).is_some() || folder_words(name).is_some_and(|w| !w.is_empty())
}

/// The program words a folder's name gives (`AlphaBeta`, `Black`, `Part3`, `part_IV`,
/// `Q2`), or `None` if it holds any other word (`src`, `code`, a student's name).
fn folder_words(name: &str) -> Option<Vec<&'static str>> {
    let words = words_of(name);
    let mut out: Vec<&'static str> = Vec::new();
    let mut rest: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        let next = words.get(i + 1).map(String::as_str);
        let part = PARTS.iter().find(|(n, roman, _)| next == Some(*n) || next == Some(*roman));
        if let Some((_, _, of)) = part.filter(|_| matches!(w, "part" | "p" | "q" | "question" | "task")) {
            out.extend(of.iter());
            i += 2;
        } else {
            rest.push(w);
            i += 1;
        }
    }
    out.extend(known_words(&rest.join("_"))?.0);
    Some(out)
}

/// What kind of word a program's word is: its algorithm, its phase, or its side or
/// estimate.
fn word_kind(w: &str) -> u8 {
    match w {
        "minimax" | "ab" => 0,
        "opening" | "game" => 1,
        _ => 2,
    }
}

/// The program a file is, its name read with the folders it is in below the submission's
/// `root`, as a TA reads a submission laid out by the handout's parts: `Part2/opening.py`
/// is ABOpening, `Black/MiniMaxGame.py` and `Part III/MiniMaxGame.py` MiniMaxGameBlack.
/// A folder adds the words the file's name lacks (never one the name has otherwise: a
/// `MiniMaxOpening/ABOpening.py` is ABOpening), the nearest folder first; otherwise the
/// file's own name decides ([`program_of_file`]).
#[must_use]
pub fn program_of_path(root: &Path, path: &Path) -> Option<(ProgramSpec, NameMatch)> {
    let own = program_of_file(path);
    let stem = path.file_stem()?.to_str()?;
    let mut words: Vec<&'static str> = match known_words(stem) {
        Some((w, _)) => w,
        None => match &own {
            Some((p, _)) => known_words(p.name).map(|(w, _)| w).unwrap_or_default(),
            None => return None,
        },
    };
    let mut folders: Vec<String> = Vec::new();
    let Some(inside) = path.parent().and_then(|p| p.strip_prefix(root).ok()) else { return own };
    for folder in inside.components().rev() {
        let name = folder.as_os_str().to_string_lossy();
        let Some(given) = folder_words(&name) else { continue };
        let before = words.len();
        for w in given {
            if !words.iter().any(|m| word_kind(m) == word_kind(w)) {
                words.push(w);
            }
        }
        if words.len() > before {
            folders.push(name.into_owned());
        }
    }
    match program_of_words(&words) {
        Some(p) if own.as_ref().is_none_or(|(o, _)| o.name != p.name) && !folders.is_empty() => {
            folders.reverse();
            Some((p, NameMatch::Folder(folders.join("/"))))
        }
        _ => own,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(stem: &str) -> Option<&'static str> {
        program_of(stem).map(|(p, _)| p.name)
    }

    #[test]
    fn students_names() {
        for (stem, want) in [
            ("MiniMaxOpening", "MiniMaxOpening"),
            ("MinMaxOpening", "MiniMaxOpening"),
            ("minimax_opening", "MiniMaxOpening"),
            ("minimax-game", "MiniMaxGame"),
            ("ABOpenning", "ABOpening"),
            ("MinMaxOpenningBlack", "MiniMaxOpeningBlack"),
            ("MinimaxOpeningImproved", "MiniMaxOpeningImproved"),
            ("Main_MiniMaxOpening", "MiniMaxOpening"),
            ("Main_ABGame", "ABGame"),
            ("ab-game", "ABGame"),
            ("AlphaBetaGame", "ABGame"),
            ("minimax-opening-black", "MiniMaxOpeningBlack"),
            ("MiniMaxGame_v2", "MiniMaxGame"),
            ("MainMiniMaxGameBlack", "MiniMaxGameBlack"),
            // The words in another order, or with harmless words of the student's own.
            ("ImprovedMiniMaxOpening", "MiniMaxOpeningImproved"),
            ("MiniMaxBlackGame", "MiniMaxGameBlack"),
            ("BlackMiniMaxOpening", "MiniMaxOpeningBlack"),
            ("hw2MiniMaxOpening", "MiniMaxOpening"),
            ("MiniMaxOpeningWhite", "MiniMaxOpening"),
            ("AlphaBetaOpeningWhite", "ABOpening"),
            ("ABOpen", "ABOpening"),
            ("MiniMaxOpeningImprovedEstimation", "MiniMaxOpeningImproved"),
            ("cs6364_p2_minimax_game_improved", "MiniMaxGameImproved"),
            ("Q4MinMaxGameBlack", "MiniMaxGameBlack"),
            // TA trial 16's names (before: the first two read as `ABOpening` and
            // `MiniMaxOpening`, by a slip; the rest not found).
            ("MMOpening", "MiniMaxOpening"),
            ("MiniMaxOpeningB", "MiniMaxOpeningBlack"),
            ("MMGameImproved", "MiniMaxGameImproved"),
            ("MiniMaxGameImp", "MiniMaxGameImproved"),
            ("MiniMaxOpeningBlk", "MiniMaxOpeningBlack"),
            ("MiniMaxMidgame", "MiniMaxGame"),
            ("ABMidgameEndgame", "ABGame"),
            ("MiniMaxMidGameEndGameBlack", "MiniMaxGameBlack"),
            ("part1_opening", "MiniMaxOpening"),
            ("part2_game", "ABGame"),
            ("part3_opening", "MiniMaxOpeningBlack"),
            ("Part4_Game", "MiniMaxGameImproved"),
        ] {
            assert_eq!(named(stem), Some(want), "{stem}");
        }
        assert_eq!(program_of("MiniMaxOpening").map(|(_, m)| m), Some(NameMatch::Exact));
        assert_eq!(program_of("MinMaxOpening").map(|(_, m)| m), Some(NameMatch::Spelling));
        assert!(matches!(program_of("Main_ABGame").map(|(_, m)| m), Some(NameMatch::Affix(p)) if p == "Main"));
    }

    #[test]
    fn an_entry_file_is_named_by_its_folder() {
        let named = |path: &str| program_of_file(Path::new(path)).map(|(p, how)| (p.name, how.rank()));
        assert_eq!(named("hw2/MiniMaxOpening/main.py"), Some(("MiniMaxOpening", 3)));
        assert_eq!(named("hw2/minimax_game_black/__main__.py"), Some(("MiniMaxGameBlack", 3)));
        assert_eq!(named("src/ABGame/Main.java"), Some(("ABGame", 3)));
        // The file's own name first; a helper in a program's folder is no program.
        assert_eq!(named("MiniMaxOpening/ABOpening.py"), Some(("ABOpening", 0)));
        assert_eq!(named("MiniMaxOpening/board.py"), None);
        assert_eq!(named("project/main.py"), None);
        assert_eq!(named("main.py"), None);
    }

    #[test]
    fn a_file_is_named_with_the_folders_of_the_handouts_parts() {
        let root = Path::new("/grades/work/xyz1234");
        let named = |path: &str| program_of_path(root, &root.join(path)).map(|(p, how)| (p.name, how.rank()));
        assert_eq!(named("Part I - MiniMax/Opening.py"), Some(("MiniMaxOpening", 3)));
        assert_eq!(named("Part II - AlphaBeta/Game.py"), Some(("ABGame", 3)));
        assert_eq!(named("part2/src/opening.py"), Some(("ABOpening", 3)));
        assert_eq!(named("PartIII/MiniMaxGame.py"), Some(("MiniMaxGameBlack", 3)));
        assert_eq!(named("Black/MiniMaxOpening.java"), Some(("MiniMaxOpeningBlack", 3)));
        assert_eq!(named("Part 4 (improved)/MiniMaxGame.py"), Some(("MiniMaxGameImproved", 3)));
        assert_eq!(named("Q3/game.py"), Some(("MiniMaxGameBlack", 3)));
        // The file's own words first: a folder never overrides them.
        assert_eq!(named("Part1/MiniMaxOpening.py"), Some(("MiniMaxOpening", 0)));
        assert_eq!(named("MiniMaxOpening/ABOpening.py"), Some(("ABOpening", 0)));
        assert_eq!(named("Part3/ABGame.py"), Some(("ABGame", 0)));
        assert_eq!(named("Black/MiniMaxOpeningImproved.py"), Some(("MiniMaxOpeningImproved", 0)));
        assert_eq!(named("ABGame/Main.java"), Some(("ABGame", 3)));
        // A helper stays one; a folder of other words (a project, src) names nothing; the
        // folders above the submission say nothing of it.
        assert_eq!(named("Part2/board.py"), None);
        assert_eq!(named("Part2/helpers.py"), None);
        assert_eq!(named("project2/src/opening.py"), None);
        assert_eq!(program_of_path(Path::new("/part2/xyz1234"), Path::new("/part2/xyz1234/opening.py")), None);
    }

    #[test]
    fn other_files_are_no_programs() {
        for stem in [
            "Board",
            "board",
            "MoveGenerator",
            "TestMiniMaxOpening",
            "minimax_opening_test",
            "main",
            "Estimator",
            "Game",
            "variant",
            // A program's words with a helper's: no program.
            "MiniMaxGameHelper",
            "ABGameUtils",
            "GameBoard",
            "MiniMax",
            "OpeningBook",
            "MiniMaxOpeningABOpening",
            "BlackWhite",
            "part1",
            "part1_utils",
            "MidGame",
            "EndGame",
        ] {
            assert_eq!(named(stem), None, "{stem}");
        }
    }
}
