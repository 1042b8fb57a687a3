//! The command line a program asks for. The handout's form is `NAME INPUT OUTPUT DEPTH`;
//! some students read the depth as an option (`--depth 3`, argparse's way, or `-d 3`
//! before the files). When a program refuses the handout's form with a usage error, its
//! own usage line (or `--help`'s) says which form it wants, and [`from_usage`] reads it.

use std::fmt;

use nom::bytes::complete::{tag_no_case, take_until};
use nom::{IResult, Parser};

/// One word of a command line after the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormSlot {
    /// The input board file.
    Input,
    /// The output board file.
    Output,
    /// The depth.
    Depth,
    /// An option word as it is (`--depth`, `-d`).
    Word(String),
    /// An option glued to its value (`--depth=3`, `--in=board1.txt`, `input=board1.txt`):
    /// the option with its `=`, and the input, output or depth it is glued to.
    Glued(String, Box<FormSlot>),
}

impl FormSlot {
    /// The input, output or depth this slot fills, glued or not; `None` for a word.
    fn fills(&self) -> Option<&FormSlot> {
        match self {
            FormSlot::Word(_) => None,
            FormSlot::Glued(_, of) => of.fills(),
            plain => Some(plain),
        }
    }
}

/// The arguments after the program, in order; or, for a program that asks for them, the
/// answers typed at its prompts, a line each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// The words, in order.
    pub slots: Vec<FormSlot>,
    /// Typed on its stdin, not given on its command line.
    pub typed: bool,
    /// Typed on one line, parted by spaces (`inp, out, depth = input().split()`), not a
    /// line each.
    pub one_line: bool,
    /// The input file's board not followed by a newline, for a program that takes one
    /// for a 23rd character (`len(open(f).read()) != 22`: its author's editor ends no file
    /// with a newline).
    pub bare_input: bool,
    /// The files given by their names alone, in this folder of the program's (relative to
    /// the folder it is run from), for a program that opens every file it is given in a
    /// folder of its own (`new File("boards", args[0])`: its README's `board1.txt` is
    /// `boards/board1.txt`).
    pub in_folder: Option<String>,
}

impl Form {
    /// A command line of `slots`.
    #[must_use]
    pub fn of(slots: Vec<FormSlot>) -> Form {
        Form { slots, typed: false, one_line: false, bare_input: false, in_folder: None }
    }

    /// The handout's `INPUT OUTPUT DEPTH`.
    #[must_use]
    pub fn handout() -> Form {
        Form::of(vec![FormSlot::Input, FormSlot::Output, FormSlot::Depth])
    }

    /// The three in each order, the handout's first: on the command line, for a program
    /// that reads them in an order of its own (`DEPTH INPUT OUTPUT`, as its README says),
    /// or `typed` at its prompts (`Enter the input file:`), for one that asks for them.
    #[must_use]
    pub fn orders(typed: bool) -> Vec<Form> {
        use FormSlot::{Depth, Input, Output};
        let orders = [
            [Input, Output, Depth],
            [Depth, Input, Output],
            [Input, Depth, Output],
            [Output, Input, Depth],
            [Depth, Output, Input],
            [Output, Depth, Input],
        ];
        orders.into_iter().map(|order| Form { typed, ..Form::of(order.to_vec()) }).collect()
    }

    /// The ways a program that asks for the three may want them typed, likeliest first: a
    /// line each in each order, and the handout's order on one line (`inp, out, depth =
    /// input().split()`, as the command line would have them) after the handout's order.
    #[must_use]
    pub fn typed_forms() -> Vec<Form> {
        let mut forms = Form::orders(true);
        forms.insert(1, Form { one_line: true, ..forms[0].clone() });
        forms
    }

    /// The words of one call: its command line's, or (typed) the lines to type.
    fn words(&self, input: &str, output: &str, depth: u32) -> Vec<String> {
        self.slots
            .iter()
            .map(|s| match s {
                FormSlot::Input => input.to_string(),
                FormSlot::Output => output.to_string(),
                FormSlot::Depth => depth.to_string(),
                FormSlot::Word(w) => w.clone(),
                FormSlot::Glued(w, of) => {
                    format!("{w}{}", Form::of(vec![(**of).clone()]).words(input, output, depth)[0])
                }
            })
            .collect()
    }

    /// What to type on its stdin for one call (typed forms only), a line each.
    #[must_use]
    pub fn typed_text(&self, input: &str, output: &str, depth: u32) -> Option<String> {
        let words = self.words(input, output, depth);
        self.typed.then(|| {
            if self.one_line {
                format!("{}\n", words.join(" "))
            } else {
                words.iter().map(|w| format!("{w}\n")).collect()
            }
        })
    }

    /// Whether this is the handout's form.
    #[must_use]
    pub fn is_handout(&self) -> bool {
        *self == Form::handout()
    }

    /// The arguments for one call (none for a typed form).
    #[must_use]
    pub fn args(&self, input: &str, output: &str, depth: u32) -> Vec<String> {
        if self.typed { Vec::new() } else { self.words(input, output, depth) }
    }

    /// Forms to try, in order, when a program refused the handout's and said nothing
    /// readable about its own.
    #[must_use]
    pub fn guesses() -> Vec<Form> {
        let opt = |o: &str, first: bool| {
            let o = FormSlot::Word(o.to_string());
            Form::of(if first {
                vec![o, FormSlot::Depth, FormSlot::Input, FormSlot::Output]
            } else {
                vec![FormSlot::Input, FormSlot::Output, o, FormSlot::Depth]
            })
        };
        let named = |i: &str, o: &str, d: &str| {
            let w = |s: &str| FormSlot::Word(s.to_string());
            Form::of(vec![w(i), FormSlot::Input, w(o), FormSlot::Output, w(d), FormSlot::Depth])
        };
        vec![
            opt("--depth", false),
            opt("-d", false),
            opt("--depth", true),
            opt("-d", true),
            named("--input", "--output", "--depth"),
            named("-i", "-o", "-d"),
        ]
    }
}

impl fmt::Display for Form {
    /// `INPUT OUTPUT --depth DEPTH`; typed: `with INPUT, OUTPUT, DEPTH typed at its prompts`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self
            .slots
            .iter()
            .map(|s| match s {
                FormSlot::Input => "INPUT".to_string(),
                FormSlot::Output => "OUTPUT".to_string(),
                FormSlot::Depth => "DEPTH".to_string(),
                FormSlot::Word(w) => w.clone(),
                FormSlot::Glued(w, of) => format!("{w}{}", Form::of(vec![(**of).clone()])),
            })
            .collect();
        if self.one_line {
            write!(f, "with {} typed on one line at its prompt", words.join(" "))
        } else if self.typed {
            write!(f, "with {} typed at its prompts", words.join(", "))
        } else {
            f.write_str(&words.join(" "))
        }
    }
}

/// Whether a failed call's output is a complaint about its arguments.
#[must_use]
pub fn is_usage_error(status: Option<i32>, stdout: &str, stderr: &str) -> bool {
    if status == Some(0) {
        return false;
    }
    let text = format!("{stdout}\n{stderr}").to_lowercase();
    [
        "usage",
        "unrecognized arguments",
        "unrecognised arguments",
        "arguments are required",
        "missing required",
        "invalid option",
        "unknown option",
        "expected one argument",
        "too many arguments",
        "wrong number of arguments",
    ]
    .iter()
    .any(|w| text.contains(w))
        // A complaint in the student's own words: `Invalid number of arguments`, `Expected 3
        // arguments`, `Please provide the depth with -d` (a line naming its arguments and
        // what is wrong with them).
        || text.lines().any(|l| {
            (l.contains("argument") || l.contains("parameter"))
                && ["invalid", "incorrect", "wrong", "expect", "missing", "require", "not enough", "provide", "need"]
                    .iter()
                    .any(|w| l.contains(w))
        })
}

fn usage_prefix(i: &str) -> IResult<&str, &str> {
    (take_until_no_case("usage"), tag_no_case("usage")).map(|(_, u)| u).parse(i)
}

/// `take_until`, but case-insensitive on ASCII text.
fn take_until_no_case(word: &'static str) -> impl Fn(&str) -> IResult<&str, &str> {
    move |i: &str| {
        let lower = i.to_ascii_lowercase();
        let at = lower
            .find(word)
            .ok_or_else(|| nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::TakeUntil)))?;
        // `to_ascii_lowercase` keeps byte offsets.
        take_until(&i[at..at + word.len()]).parse(i)
    }
}

fn is_depth_word(w: &str) -> bool {
    let l = w.trim_start_matches('-').to_lowercase();
    l.contains("depth") || l.contains("ply") || l.contains("plies") || l == "d" || l == "n" || l == "level"
}

/// The lower-case words of `w` (`board_in.txt` → `board`, `in`, `txt`).
fn words_of(w: &str) -> Vec<String> {
    w.split(|c: char| !c.is_ascii_alphanumeric()).filter(|p| !p.is_empty()).map(str::to_ascii_lowercase).collect()
}

/// What an option names: the depth (`--depth`, `-d`), the input (`--input`, `-i`,
/// `--infile`) or the output (`--output`, `-o`).
fn file_or_depth_option(w: &str) -> Option<FormSlot> {
    let words = words_of(w);
    let any = |names: &[&str]| words.iter().any(|p| names.contains(&p.as_str()));
    if is_depth_word(w) {
        Some(FormSlot::Depth)
    } else if any(&["o", "out", "output", "outfile", "outputfile", "dest", "destination", "to"]) {
        Some(FormSlot::Output)
    } else if any(&["i", "in", "inp", "input", "infile", "inputfile", "src", "source", "from"]) {
        Some(FormSlot::Input)
    } else {
        None
    }
}

fn is_output_word(w: &str) -> bool {
    words_of(w)
        .iter()
        .any(|p| p.starts_with("out") || p.starts_with("dest") || p == "result" || p == "board2" || p == "to")
}

fn is_input_word(w: &str) -> bool {
    words_of(w).iter().any(|p| p.starts_with("in") || p == "src" || p == "source" || p == "board1" || p == "from")
}

/// What a placeholder names: the depth (`DEPTH`, `<plies>`), the output (`<output
/// file>`) or the input (`in.txt`).
fn placeholder_slot(w: &str) -> Option<FormSlot> {
    if is_depth_word(w) {
        Some(FormSlot::Depth)
    } else if is_output_word(w) {
        Some(FormSlot::Output)
    } else if is_input_word(w) {
        Some(FormSlot::Input)
    } else {
        None
    }
}

/// Whether a placeholder names a file without saying which (`<board file>`, `BOARD`,
/// `path`).
fn names_a_file(w: &str) -> bool {
    words_of(w).iter().any(|p| matches!(p.as_str(), "file" | "filename" | "board" | "path" | "txt"))
}

/// The form a usage text names, if it names one with the input, output and depth each
/// once: `usage: prog.py [-h] --depth DEPTH input output`, `Usage: ABGame -d DEPTH IN OUT`,
/// `usage: run <depth> <in> <out>`. Optional words in brackets (`[-h]`, `[--verbose]`) are
/// left out; argparse's continuation lines are read with the first.
#[must_use]
pub fn from_usage(text: &str) -> Option<Form> {
    let (rest, _) = usage_prefix(text).ok()?;
    let rest = rest.trim_start_matches([':', ' ']);
    // The usage line and the indented lines that continue it.
    let mut lines = rest.lines();
    let mut usage = lines.next()?.to_string();
    for l in lines {
        if l.starts_with(' ') && !l.trim().is_empty() && !l.trim_start().starts_with('-') {
            usage.push(' ');
            usage.push_str(l.trim());
        } else {
            break;
        }
    }
    // Drop the bracketed optional words, then the program's own words (a word with a dot
    // or a slash, `python3`, `java`, the class), up to the first option or placeholder.
    // An optional option that names the input, output or depth (`[-i INPUT]`, argparse's
    // way with defaults) is kept: the program would read its default file otherwise.
    let clean = |w: &str| {
        w.trim_matches(|c: char| matches!(c, '<' | '>' | '{' | '}' | '"' | '\'' | ',' | '[' | ']')).to_string()
    };
    let mut words = Vec::new();
    let mut group: Vec<String> = Vec::new();
    let mut depth = 0;
    for w in split_usage(&usage) {
        let w = w.as_str();
        let opens = w.matches('[').count();
        let closes = w.matches(']').count();
        if depth == 0 && opens == 0 {
            words.push(clean(w));
        } else {
            group.push(clean(w));
        }
        depth = (depth + opens).saturating_sub(closes);
        if depth == 0 && !group.is_empty() {
            let first = group[0].clone();
            if first.starts_with('-') && group.len() == 2 && file_or_depth_option(&first).is_some() {
                words.append(&mut group);
            }
            group.clear();
        }
    }
    let first_arg = words.iter().position(|w| w.starts_with('-') || looks_like_placeholder(w))?;
    let mut slots = Vec::new();
    let mut it = words[first_arg..].iter().peekable();
    while let Some(w) = it.next() {
        // An option glued to its value (`--depth=N`, `--in=FILE`, `input=<board file>`).
        if let Some((opt, _)) = w.split_once('=') {
            match file_or_depth_option(opt) {
                Some(slot) => slots.push(FormSlot::Glued(format!("{opt}="), Box::new(slot))),
                // A required word of its own with a value we cannot know (`mode=<mode>`).
                None if !opt.starts_with('-') => return None,
                None => {}
            }
            continue;
        }
        if w.starts_with('-') {
            if let Some(slot) = file_or_depth_option(w) {
                slots.push(FormSlot::Word(w.clone()));
                if it.peek().is_some_and(|n| !n.starts_with('-')) {
                    it.next();
                }
                slots.push(slot);
            } else if let Some(value) = it.next_if(|n| !n.starts_with('-')) {
                // An option whose letter says nothing (getopt's `-b <board file>`, `-p
                // <plies>`) is what its value's placeholder names; a file it does not name
                // the side of is the one missing, as for a bare placeholder below.
                slots.push(FormSlot::Word(w.clone()));
                slots.push(match placeholder_slot(value) {
                    Some(slot) => slot,
                    None if names_a_file(value) => FormSlot::Word(value.clone()),
                    // A required option of its own with a value we cannot know (`--mode MODE`).
                    None => return None,
                });
            }
            continue;
        }
        slots.push(placeholder_slot(w).unwrap_or_else(|| FormSlot::Word(w.clone())));
    }
    // Placeholders without a telling name take the handout's order of what is missing.
    let mut missing: Vec<FormSlot> =
        [FormSlot::Input, FormSlot::Output, FormSlot::Depth].into_iter().filter(|s| !slots.contains(s)).collect();
    for s in &mut slots {
        if let FormSlot::Word(w) = s
            && !w.starts_with('-')
            && !missing.is_empty()
        {
            *s = missing.remove(0);
        }
    }
    let count = |want: &FormSlot| slots.iter().filter(|s| s.fills() == Some(want)).count();
    let plain_words = slots.iter().any(|s| matches!(s, FormSlot::Word(w) if !w.starts_with('-')));
    // A program that names its output file itself (`usage: prog <input file> <depth>`,
    // writing `board1_out.txt`) is called so: the output file's share of each case is
    // lost, the rest is its search's.
    let output = count(&FormSlot::Output);
    (count(&FormSlot::Input) == 1 && output <= 1 && count(&FormSlot::Depth) == 1 && !plain_words)
        .then_some(Form::of(slots))
}

/// Where a program for all eight wants the word that tells it which program to be, as its
/// usage line places it: right after the program (`main.py ab-game INPUT OUTPUT DEPTH`),
/// after the three (`morris.py INPUT OUTPUT DEPTH ABGame`), or as an option's value
/// (argparse's `-p {MiniMaxOpening,…}`, `--program=NAME`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModeAt {
    /// Right after the program, before the three.
    First,
    /// After the three.
    Last,
    /// As the value of `flag` (`--program=WORD` where `glued`), before the three, or
    /// after them where the usage line shows it there (`last`).
    Option {
        /// The option as the usage line spells it (`-p`, `--program`).
        flag: String,
        /// Glued to its value with `=`.
        glued: bool,
        /// After the three.
        last: bool,
    },
}

impl ModeAt {
    /// The words that choose the program `word`: `ABGame`, or `-p ABGame`.
    #[must_use]
    pub fn words(&self, word: &str) -> Vec<String> {
        match self {
            ModeAt::First | ModeAt::Last => vec![word.to_string()],
            ModeAt::Option { flag, glued: true, .. } => vec![format!("{flag}={word}")],
            ModeAt::Option { flag, .. } => vec![flag.clone(), word.to_string()],
        }
    }

    /// Whether they come after the input, output and depth.
    #[must_use]
    pub fn is_last(&self) -> bool {
        matches!(self, ModeAt::Last | ModeAt::Option { last: true, .. })
    }
}

/// Words that name the program to run in a placeholder (`<program>`, `MODE`, `ALGORITHM`).
const MODE_WORDS: [&str; 12] =
    ["program", "prog", "mode", "part", "algorithm", "algo", "variant", "task", "which", "command", "cmd", "search"];

/// Whether a usage line's word is the slot of the program to run: a choice list naming
/// one of the eight (`{MiniMaxOpening,MiniMaxGame,…}`, `<ABGame|ABOpening>`, a program's
/// name alone), or a placeholder named so (`<program>`, `MODE`, `{mode}`).
fn is_mode_slot(w: &str) -> bool {
    let enclosed = w.starts_with(['<', '{']);
    let inner = w.trim_matches(|c: char| matches!(c, '<' | '>' | '{' | '}'));
    if inner.split([',', '|', '/']).any(|part| super::names::program_of(part.trim()).is_some()) {
        return true;
    }
    let named = words_of(inner).iter().any(|p| MODE_WORDS.contains(&p.as_str()));
    let capitals = inner.chars().all(|c| c.is_uppercase() || c == '_');
    named && (enclosed || capitals || MODE_WORDS.contains(&inner.to_ascii_lowercase().as_str()))
}

/// A usage line's words, a placeholder of several words (`<input file>`) kept as one, and
/// the brackets around optional words taken off (`[-p`, `NAME]`).
fn usage_words(usage: &str) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = Vec::new();
    for word in split_usage(usage) {
        let closes = word.ends_with(']');
        let clean = word.trim_matches(|c: char| matches!(c, '[' | ']' | '(' | ')' | '"' | '\'' | ',')).to_string();
        if !clean.is_empty() {
            out.push((clean, closes));
        }
    }
    out
}

/// A usage line split at white space, a placeholder of several words (`<input file>`,
/// `{a, b}`) kept as one word.
fn split_usage(usage: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut open = String::new();
    for w in usage.split_whitespace() {
        if !open.is_empty() {
            open.push(' ');
        }
        open.push_str(w);
        let unbalanced = |a: char, b: char| open.matches(a).count() > open.matches(b).count();
        if !(unbalanced('<', '>') || unbalanced('{', '}')) {
            out.push(std::mem::take(&mut open));
        }
    }
    if !open.is_empty() {
        out.push(open);
    }
    out
}

/// Where a program for all eight wants the word that chooses the program ([`ModeAt`]),
/// as its usage line (or `--help`'s) shows it: `usage: morris.py [-h] -p
/// {MiniMaxOpening,…} input output depth` is an option, `usage: python3 morris.py <input
/// file> <output file> <depth> <program>` last. `None` where no usage line shows a slot
/// for it, or shows it between the files.
#[must_use]
pub fn mode_place(text: &str) -> Option<ModeAt> {
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let lower = line.to_ascii_lowercase();
        let Some(at) = lower.find("usage") else { continue };
        // The usage line and the indented lines that continue it (argparse wraps a long one).
        let mut usage = line[at + "usage".len()..].trim_start_matches([':', ' ']).to_string();
        for l in &lines[i + 1..] {
            if l.starts_with(' ')
                && !l.trim().is_empty()
                && (usage.trim().is_empty() || !l.trim_start().starts_with('-'))
            {
                usage.push(' ');
                usage.push_str(l.trim());
            } else {
                break;
            }
        }
        // An option whose choices are programs before one merely named for the program
        // (`--algo {minimax,ab} --part {MiniMaxOpening,…}`).
        if let Some(place) = mode_in_usage(&usage, false).or_else(|| mode_in_usage(&usage, true)) {
            return Some(place);
        }
    }
    None
}

/// [`mode_place`] on one usage line, without its `usage:`; an option named for the
/// program (`--program NAME`) taken for its slot where `by_flag`.
fn mode_in_usage(usage: &str, by_flag: bool) -> Option<ModeAt> {
    let words = usage_words(usage);
    // The program's own words first (`python3 morris.py`, `java -jar app.jar`).
    let launcher = ["-jar", "-cp", "-classpath", "-m"];
    let first_arg = words.iter().position(|(w, _)| {
        (w.starts_with('-') && !launcher.contains(&w.as_str()))
            || w.starts_with(['<', '{'])
            || is_mode_slot(w)
            || looks_like_placeholder(w)
    })?;
    let (mut before, mut after) = (0, 0);
    let mut mode: Option<ModeAt> = None;
    let mut i = first_arg;
    while i < words.len() {
        let (w, closes) = &words[i];
        i += 1;
        if w.starts_with('-') {
            if let Some((flag, value)) = w.split_once('=') {
                if mode.is_none() && is_mode_slot(value) {
                    mode = Some(ModeAt::Option { flag: flag.to_string(), glued: true, last: before > 0 });
                }
                continue;
            }
            let Some((value, _)) = words.get(i).filter(|_| !closes) else { continue };
            if value.starts_with('-') {
                continue;
            }
            let placeholder = value.starts_with(['<', '{']) || value.chars().all(|c| c.is_uppercase() || c == '_');
            // An option named for it (`--program NAME`) or whose choices are programs.
            let named = by_flag && placeholder && words_of(w).iter().any(|p| MODE_WORDS.contains(&p.as_str()));
            if mode.is_none() && (is_mode_slot(value) || named) {
                mode = Some(ModeAt::Option { flag: w.clone(), glued: false, last: before > 0 });
                i += 1;
            } else if placeholder {
                // The option's own value (`-d DEPTH`), not a word on its own.
                i += 1;
            }
            continue;
        }
        if w.chars().all(|c| c == '.') {
            continue;
        }
        if mode.is_none() && is_mode_slot(w) {
            mode = Some(if before == 0 { ModeAt::First } else { ModeAt::Last });
        } else if mode.is_some() {
            after += 1;
        } else {
            before += 1;
        }
    }
    match mode? {
        // Between the files: no form we call.
        ModeAt::Last if after > 0 => None,
        ModeAt::Option { flag, glued, last } => Some(ModeAt::Option { flag, glued, last: last && after == 0 }),
        place => Some(place),
    }
}

fn looks_like_placeholder(w: &str) -> bool {
    let capitals = !w.contains(['.', '/']) && w.chars().all(|c| c.is_uppercase() || c == '_' || c.is_ascii_digit());
    !matches!(w.to_lowercase().as_str(), "python" | "python3" | "java" | "javac")
        && (capitals || is_depth_word(w) || is_input_word(w) || is_output_word(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(text: &str) -> Option<String> {
        from_usage(text).map(|f| f.to_string())
    }

    #[test]
    fn argparse_and_hand_written_usage_lines() {
        assert_eq!(
            form(
                "usage: minimax_opening.py [-h] --depth DEPTH input output\nminimax_opening.py: error: the following arguments are required: --depth"
            ),
            Some("--depth DEPTH INPUT OUTPUT".into())
        );
        assert_eq!(
            form("usage: minimax_opening.py [-h] -d DEPTH\n                          input output\nerror"),
            Some("-d DEPTH INPUT OUTPUT".into())
        );
        assert_eq!(form("usage: ABGame.py -d DEPTH INPUT OUTPUT"), Some("-d DEPTH INPUT OUTPUT".into()));
        assert_eq!(form("Usage: java MiniMaxGame <infile> <outfile> <depth>"), Some("INPUT OUTPUT DEPTH".into()));
        assert_eq!(form("usage: run <depth> <board_in> <board_out>"), Some("DEPTH INPUT OUTPUT".into()));
        assert_eq!(form("Usage: ./ab --depth=N in.txt out.txt"), Some("--depth=DEPTH INPUT OUTPUT".into()));
        // Files glued to their options too, with dashes or without (2026-12-02: both were
        // graded 0, flagged, before).
        let glued = "usage: MiniMaxOpening.py --in=FILE --out=FILE --depth=N";
        assert_eq!(form(glued), Some("--in=INPUT --out=OUTPUT --depth=DEPTH".into()));
        let words = from_usage(glued).expect("a form").args("b1.txt", "b2.txt", 3);
        assert_eq!(words, vec!["--in=b1.txt", "--out=b2.txt", "--depth=3"]);
        assert_eq!(
            form("usage: MiniMaxOpening.py input=<board file> output=<board file> depth=<n>"),
            Some("input=INPUT output=OUTPUT depth=DEPTH".into())
        );
        assert_eq!(form("usage: prog input=<file> output=<file> depth=<n> seed=<s>"), None);
        // No output file: the program names its own.
        assert_eq!(form("Usage: MiniMaxOpening.py <input file> <depth>"), Some("INPUT DEPTH".into()));
        assert_eq!(form("Usage: MiniMaxOpening.py <input file> <input file> <depth>"), None);
        assert_eq!(form("Usage: java MiniMaxOpening input.txt output.txt depth"), Some("INPUT OUTPUT DEPTH".into()));
        assert_eq!(form("usage: prog [--verbose] IN OUT --plies N"), Some("INPUT OUTPUT --plies DEPTH".into()));
        assert_eq!(form("usage: prog --mode MODE IN OUT DEPTH"), None, "an option we cannot fill");
        // getopt's letters that say nothing, named by their placeholders (trial 12's fmartin).
        assert_eq!(
            form("usage: ./ABGame -b <board file> -o <output file> -p <plies>"),
            Some("-b INPUT -o OUTPUT -p DEPTH".into())
        );
        assert_eq!(
            form("Usage: ABGame -f BOARD -w <result file> -n <depth>"),
            Some("-f INPUT -w OUTPUT -n DEPTH".into())
        );
        assert_eq!(form("usage: ABGame <input file> <output file> <search depth>"), Some("INPUT OUTPUT DEPTH".into()));
        // Every one an option, required or with a default.
        assert_eq!(
            form(
                "usage: mm.py [-h] --input INPUT --output OUTPUT --depth DEPTH\nmm.py: error: the following arguments are required: --input"
            ),
            Some("--input INPUT --output OUTPUT --depth DEPTH".into())
        );
        assert_eq!(
            form("usage: ab.py [-h] [--interactive] [-i INPUT] [-o OUTPUT] [-d DEPTH] [--verbose]"),
            Some("-i INPUT -o OUTPUT -d DEPTH".into())
        );
        assert_eq!(
            form("Usage: ABGame [--infile=FILE] --outfile FILE --depth N"),
            None,
            "an input option glued to its value: not a form we can call"
        );
        assert_eq!(form("no such thing"), None);
    }

    #[test]
    fn where_a_program_for_all_eight_wants_its_word() {
        // argparse's choices as a required option, its usage wrapped over lines.
        let argparse = "usage: morris.py [-h] -p\n                 {MiniMaxOpening,MiniMaxGame,ABOpening,ABGame,MiniMaxOpeningBlack,MiniMaxGameBlack,MiniMaxOpeningImproved,MiniMaxGameImproved}\n                 input output depth\nmorris.py: error: the following arguments are required: -p/--program, input, output, depth\n";
        let option = ModeAt::Option { flag: "-p".into(), glued: false, last: false };
        assert_eq!(mode_place(argparse), Some(option.clone()));
        assert_eq!(option.words("ABGame"), vec!["-p", "ABGame"]);
        assert!(!option.is_last());
        // A hand-written usage with the program last, its choices on a line of their own.
        let last = "usage: python3 morris.py <input file> <output file> <depth> <program>\nprograms: MiniMaxOpening, MiniMaxGame, ABOpening, ABGame\n";
        assert_eq!(mode_place(last), Some(ModeAt::Last));
        assert!(ModeAt::Last.is_last());
        assert_eq!(mode_place("Usage: java Morris INPUT OUTPUT DEPTH MODE"), Some(ModeAt::Last));
        assert_eq!(
            mode_place("Usage: ./morris in.txt out.txt 3 {MiniMaxOpening|MiniMaxGame|ABOpening|ABGame}"),
            Some(ModeAt::Last)
        );
        // First: a positional choice (argparse), a sub-command, a placeholder, a jar's.
        assert_eq!(
            mode_place("usage: main.py [-h] {ab-game,ab-opening,minimax-game,minimax-opening} input output depth"),
            Some(ModeAt::First)
        );
        assert_eq!(
            mode_place(
                "usage: morris_variant.py [-h]\n                         {minimax-opening,minimax-game,ab-opening,ab-game} ...\n"
            ),
            Some(ModeAt::First)
        );
        assert_eq!(mode_place("usage: java -jar app.jar PROGRAM INPUT OUTPUT DEPTH"), Some(ModeAt::First));
        assert_eq!(mode_place("Usage: python3 main.py <program> <input> <output> <depth>"), Some(ModeAt::First));
        // An option after the files, glued or not, and one with a default (in brackets).
        assert_eq!(
            mode_place("usage: run.py input output depth --program NAME"),
            Some(ModeAt::Option { flag: "--program".into(), glued: false, last: true })
        );
        let glued = mode_place("Usage: morris --mode=MODE IN OUT DEPTH").unwrap();
        assert_eq!(glued.words("ABGame"), vec!["--mode=ABGame"]);
        assert_eq!(
            mode_place("usage: m.py [-h] [-d DEPTH] [--algo {minimax,ab}] [--part {MiniMaxOpening,ABGame}] in out"),
            Some(ModeAt::Option { flag: "--part".into(), glued: false, last: false }),
            "the option whose choices are programs, not another one's"
        );
        // Nothing that says: the caller keeps its own default.
        assert_eq!(mode_place("usage: morris.py INPUT OUTPUT DEPTH"), None);
        assert_eq!(mode_place("MiniMaxOpening MiniMaxGame ABOpening ABGame"), None);
        assert_eq!(mode_place("usage: morris.py IN PROGRAM OUT DEPTH"), None, "between the files");
        assert_eq!(mode_place(""), None);
        assert_eq!(mode_place("usage:"), None);
        assert_eq!(mode_place("usage: <<<{{{ ] [ -p"), None);
    }

    #[test]
    fn usage_errors() {
        assert!(is_usage_error(Some(2), "", "usage: x.py [-h] --depth DEPTH input output"));
        assert!(is_usage_error(Some(1), "Usage: ABGame -d N IN OUT", ""));
        assert!(!is_usage_error(Some(0), "usage", ""));
        assert!(!is_usage_error(Some(1), "", "Traceback (most recent call last):\nZeroDivisionError"));
        for own in [
            "Invalid number of arguments!",
            "Error: expected 3 arguments, got 3",
            "Please provide the arguments: -d DEPTH IN OUT",
        ] {
            assert!(is_usage_error(Some(1), own, ""), "{own}");
        }
        assert!(!is_usage_error(Some(1), "The argument of the king: 3", ""));
    }

    #[test]
    fn args_in_order() {
        let f = from_usage("usage: p.py [-h] --depth DEPTH input output").unwrap();
        assert_eq!(f.args("in.txt", "out.txt", 3), vec!["--depth", "3", "in.txt", "out.txt"]);
        assert!(Form::handout().is_handout());
        assert_eq!(Form::handout().args("a", "b", 2), vec!["a", "b", "2"]);
        assert_eq!(Form::handout().typed_text("a", "b", 2), None);
        let typed = &Form::orders(true)[1];
        assert!(typed.args("a", "b", 2).is_empty());
        assert_eq!(typed.typed_text("a", "b", 2).as_deref(), Some("2\na\nb\n"));
        assert_eq!(typed.to_string(), "with DEPTH, INPUT, OUTPUT typed at its prompts");
        let one_line = &Form::typed_forms()[1];
        assert_eq!(one_line.typed_text("a", "b", 2).as_deref(), Some("a b 2\n"));
        assert_eq!(one_line.to_string(), "with INPUT OUTPUT DEPTH typed on one line at its prompt");
        assert_eq!(Form::typed_forms().len(), 7);
        assert_eq!(Form::orders(true).len(), 6);
    }
}
