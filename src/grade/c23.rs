//! C written for C23, as GCC 15 compiles C by default: `bool`, `true` and `false` without
//! `<stdbool.h>`, `nullptr`, `constexpr` constants (as array sizes and in `static_assert`),
//! `auto` for a deduced type, `unreachable()`. This machine's gcc (12) has C23's attributes,
//! `typeof` and the one-argument `static_assert` under `-std=gnu2x`, but neither `nullptr`
//! nor `constexpr`, nor `bool` as a keyword. Where a C program did not compile and its code
//! uses these, it is compiled again from a copy of the submission's C files (in
//! `.grade-c23/`, so the student's own files are left as handed in) in which each
//! `constexpr` definition is written as C17 can say it: an integer constant as an
//! enumeration constant (a constant expression, as C23 makes it), anything else (a
//! `double`, an array, a structure) as a `static const` object; each copy keeps its lines
//! where they were, so the compiler's messages name the student's lines. The rest comes
//! from the command line: the headers C23 no longer needs included first, and `nullptr`,
//! `auto` and `unreachable()` defined as GCC's own forms.

use std::path::{Path, PathBuf};

/// The folder of the copy, under the submission's root.
pub const FOLDER: &str = ".grade-c23";

/// A C23 build prepared: the sources to compile instead of the student's (the copies, in
/// the same order), and the compiler's options.
#[derive(Debug)]
pub struct Prepared {
    pub sources: Vec<PathBuf>,
    pub args: Vec<String>,
}

/// The words of C23 this machine's gcc lacks, one of which a program's code must use for a
/// C23 build to be tried; `bool`, `true` and `false` only where no file includes
/// `<stdbool.h>` (C99's way to them).
const MARKS: [&str; 4] = ["constexpr", "nullptr", "auto", "unreachable"];
const WITHOUT_STDBOOL: [&str; 3] = ["bool", "true", "false"];

/// Prepares a C23 build of `sources` (files of the submission under `work`), if their code
/// or the submission's headers use C23's words: every `.c` and `.h` file of the submission
/// is copied to [`FOLDER`], its `constexpr` definitions rewritten. `None` where nothing
/// marks C23 or the copy could not be written.
#[must_use]
pub fn prepare(work: &Path, sources: &[PathBuf]) -> Option<Prepared> {
    let files: Vec<PathBuf> = super::submission::walk(work)
        .into_iter()
        .filter(|f| f.extension().is_some_and(|e| e == "c" || e == "h"))
        .collect();
    let texts: Vec<(PathBuf, Vec<u8>)> =
        files.into_iter().filter_map(|f| std::fs::read(&f).ok().map(|t| (f, t))).collect();
    let stdbool = texts.iter().any(|(_, t)| words(t).any(|w| w == "stdbool"));
    let marked = texts.iter().any(|(f, t)| {
        (sources.contains(f) || f.extension().is_some_and(|e| e == "h"))
            && words(t).any(|w| MARKS.contains(&w) || (!stdbool && WITHOUT_STDBOOL.contains(&w)))
    });
    if !marked {
        return None;
    }
    let copy = work.join(FOLDER);
    for (file, text) in &texts {
        let to = copy.join(file.strip_prefix(work).ok()?);
        std::fs::create_dir_all(to.parent()?).ok()?;
        std::fs::write(&to, rewrite(text)).ok()?;
    }
    let sources = sources.iter().map(|f| f.strip_prefix(work).ok().map(|r| copy.join(r))).collect::<Option<_>>()?;
    let args = [
        "-std=gnu2x",
        "-include",
        "stdbool.h",
        "-include",
        "stddef.h",
        "-include",
        "assert.h",
        "-Dnullptr=((void*)0)",
        "-Dauto=__auto_type",
        "-Dunreachable()=__builtin_unreachable()",
    ];
    Some(Prepared { sources, args: args.iter().map(|a| (*a).to_string()).collect() })
}

/// How the report names such a build.
pub const HOW: &str =
    "compiled as C23 as far as this machine's gcc 12 goes (its `constexpr` constants written as C17's in a copy)";

/// The identifiers of C code outside its comments, strings and character constants.
fn words(text: &[u8]) -> impl Iterator<Item = &str> {
    let mut spans = Vec::new();
    scan(text, |span| {
        if let Span::Word(a, b) = span {
            spans.push((a, b));
        }
    });
    spans.into_iter().filter_map(move |(a, b)| std::str::from_utf8(&text[a..b]).ok())
}

/// A piece of C code as [`scan`] meets it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Span {
    /// An identifier or keyword, by its byte range.
    Word(usize, usize),
    /// A comment, string or character constant, by its byte range.
    Quiet(usize, usize),
    /// Any other byte.
    Other(usize),
}

/// Walks C code, telling each identifier, comment or quoted piece, and other byte in turn.
fn scan(text: &[u8], mut each: impl FnMut(Span)) {
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        let start = i;
        if c.is_ascii_alphabetic() || c == b'_' {
            while i < text.len() && (text[i].is_ascii_alphanumeric() || text[i] == b'_') {
                i += 1;
            }
            each(Span::Word(start, i));
        } else if c.is_ascii_digit() {
            // A number with its suffix (`10u`, `0x1F`) is no identifier.
            while i < text.len() && (text[i].is_ascii_alphanumeric() || text[i] == b'_' || text[i] == b'\'') {
                i += 1;
            }
            (start..i).for_each(|k| each(Span::Other(k)));
        } else if text[i..].starts_with(b"//") {
            while i < text.len() && text[i] != b'\n' {
                i += 1;
            }
            each(Span::Quiet(start, i));
        } else if text[i..].starts_with(b"/*") {
            i += 2;
            while i < text.len() && !text[i..].starts_with(b"*/") {
                i += 1;
            }
            i = (i + 2).min(text.len());
            each(Span::Quiet(start, i));
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < text.len() && text[i] != c && text[i] != b'\n' {
                i += if text[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(text.len());
            each(Span::Quiet(start, i));
        } else {
            each(Span::Other(i));
            i += 1;
        }
    }
}

/// The integer types a `constexpr` constant may have and still be written as an
/// enumeration constant (`size_t`, `int8_t` and the other `_t` names end so).
fn integer_type(words: &[&str]) -> bool {
    const INTEGER: [&str; 11] =
        ["int", "unsigned", "signed", "long", "short", "char", "bool", "_Bool", "const", "static", "register"];
    !words.is_empty() && words.iter().all(|w| INTEGER.contains(w) || w.ends_with("_t"))
}

/// `text` with each `constexpr` definition written as C17 can say it, every line where it
/// was (see the module's documentation).
fn rewrite(text: &[u8]) -> Vec<u8> {
    let mut spans = Vec::new();
    scan(text, |s| spans.push(s));
    let mut out = Vec::with_capacity(text.len());
    let mut k = 0;
    while k < spans.len() {
        let span = spans[k];
        k += 1;
        let (a, b) = match span {
            Span::Word(a, b) if &text[a..b] == b"constexpr" => (a, b),
            Span::Word(a, b) | Span::Quiet(a, b) => {
                out.extend_from_slice(&text[a..b]);
                continue;
            }
            Span::Other(i) => {
                out.push(text[i]);
                continue;
            }
        };
        // The definition, to its `;` outside brackets.
        let mut depth = 0i32;
        let mut end = None;
        for (j, s) in spans.iter().enumerate().skip(k) {
            if let Span::Other(i) = *s {
                match text[i] {
                    b'(' | b'[' | b'{' => depth += 1,
                    b')' | b']' | b'}' => depth -= 1,
                    b';' if depth == 0 => {
                        end = Some((j, i));
                        break;
                    }
                    _ => {}
                }
            }
        }
        let Some((j, semicolon)) = end else {
            out.extend_from_slice(&text[a..b]);
            continue;
        };
        k = j + 1;
        let definition = &text[b..semicolon];
        let lines = definition.iter().filter(|&&c| c == b'\n').count();
        // `static constexpr`: the `static` already written goes where the definition goes.
        let static_before = out.ends_with(b"static ") || out.ends_with(b"static\t");
        match as_enumeration(definition) {
            Some(constants) => {
                if static_before {
                    out.truncate(out.len() - b"static ".len());
                }
                out.extend_from_slice(format!("enum {{ {constants} }};").as_bytes());
                out.extend(std::iter::repeat_n(b'\n', lines));
            }
            None => {
                if !static_before {
                    out.extend_from_slice(b"static ");
                }
                out.extend_from_slice(b"const");
                out.extend_from_slice(definition);
                out.push(b';');
            }
        }
    }
    out
}

/// A `constexpr` definition (what follows the word, to its `;`) of integer constants
/// (`int NPOS = 22`, `unsigned A = 1, B = 2`) as an enumeration's list (`NPOS = (22)`);
/// `None` for any other (an array, a pointer, a `double`, a structure).
fn as_enumeration(definition: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(definition).ok()?;
    // Comments in it go; its lines are kept by the caller.
    let mut plain = String::new();
    scan(definition, |s| match s {
        Span::Word(a, b) => plain.push_str(&text[a..b]),
        Span::Quiet(a, b) if text[a..b].starts_with('/') => plain.push(' '),
        Span::Quiet(a, b) => plain.push_str(&text[a..b]),
        Span::Other(i) => plain.push(if text.as_bytes()[i] == b'\n' { ' ' } else { text.as_bytes()[i] as char }),
    });
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut from = 0;
    for (i, c) in plain.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&plain[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&plain[from..]);
    let mut constants = Vec::new();
    for (n, part) in parts.iter().enumerate() {
        let (left, value) = part.split_once('=')?;
        let names: Vec<&str> = left.split_whitespace().collect();
        let (name, type_words) = names.split_last()?;
        let type_ok = if n == 0 { integer_type(type_words) } else { type_words.is_empty() };
        let plain_name = name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !type_ok || !plain_name || value.trim().is_empty() || value.trim_start().starts_with('{') {
            return None;
        }
        constants.push(format!("{name} = ({})", value.trim()));
    }
    Some(constants.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(text: &str) -> String {
        String::from_utf8(rewrite(text.as_bytes())).unwrap()
    }

    #[test]
    fn integer_constants_become_enumeration_constants_and_the_rest_static_consts() {
        assert_eq!(rewritten("constexpr int NPOS = 22;\n"), "enum { NPOS = (22) };\n");
        assert_eq!(rewritten("static constexpr char WHITE = 'W';"), "enum { WHITE = ('W') };");
        assert_eq!(rewritten("constexpr size_t A = 1, B = A * 2;"), "enum { A = (1), B = (A * 2) };");
        assert_eq!(rewritten("constexpr double W = 1.5;"), "static const double W = 1.5;");
        assert_eq!(rewritten("constexpr int T[3] = {1, 2, 3};"), "static const int T[3] = {1, 2, 3};");
        assert_eq!(rewritten("static constexpr Move NONE = {0};"), "static const Move NONE = {0};");
        // Inside a function, and the words in comments and strings left alone.
        assert_eq!(
            rewritten("void f(void) {\n    constexpr int D = 3; // constexpr\n    puts(\"constexpr\");\n}"),
            "void f(void) {\n    enum { D = (3) }; // constexpr\n    puts(\"constexpr\");\n}"
        );
    }

    #[test]
    fn a_definition_over_lines_keeps_the_lines_after_it_where_they_were() {
        let text = "constexpr int LIMIT =\n    100 /* plies */\n    + 1;\nint x;\n";
        let out = rewritten(text);
        assert_eq!(out.lines().count(), text.lines().count(), "{out}");
        assert_eq!(out.lines().nth(3), Some("int x;"), "{out}");
        let first = out.lines().next().unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(first, "enum { LIMIT = (100 + 1) };", "{out}");
    }

    #[test]
    fn only_code_that_uses_c23_words_is_prepared() {
        let dir = std::env::temp_dir().join(format!("morris-c23-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src")).unwrap();
        let main = dir.join("src/main.c");
        std::fs::write(&main, "#include \"m.h\"\nint main(void) { return N - 9; } /* nullptr */\n").unwrap();
        std::fs::write(dir.join("src/m.h"), "int f(void);\n").unwrap();
        assert!(prepare(&dir, std::slice::from_ref(&main)).is_none(), "a word in a comment is no mark");
        std::fs::write(dir.join("src/m.h"), "constexpr int N = 9;\n").unwrap();
        let prepared = prepare(&dir, std::slice::from_ref(&main)).expect("a constexpr in its header");
        assert_eq!(prepared.sources, vec![dir.join(FOLDER).join("src/main.c")]);
        assert_eq!(std::fs::read_to_string(dir.join(FOLDER).join("src/m.h")).unwrap(), "enum { N = (9) };\n");
        assert_eq!(std::fs::read_to_string(dir.join("src/m.h")).unwrap(), "constexpr int N = 9;\n", "the student's");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
