//! Code alike across a class: the handout says "all programs will be tested for
//! plagiarism", and a TA wants the pairs to read side by side before anything else.
//!
//! Each student's sources (their work copy: Python, Java, C and C++ files) are read as
//! tokens with the names, numbers and strings made alike and comments dropped, so that
//! renaming, re-commenting and re-spacing change nothing. Runs of [`K`] tokens are hashed
//! and a fingerprint chosen in every window of [`W`] of them (winnowing, as MOSS does), so
//! that any shared run of at least `K + W - 1` tokens is seen. Fingerprints that many
//! students share (the handout's own structure, common idioms) are left out. Two students
//! of one language whose code shares at least [`SHARED`] of the smaller's fingerprints are
//! listed, with the files that share the most. It is a pointer for a TA's reading, never
//! a grade: nothing is deducted or flagged by it.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// Tokens in one hashed run.
pub const K: usize = 20;
/// Hashes in one window; one fingerprint is chosen in each.
pub const W: usize = 10;
/// The share of the smaller submission's fingerprints that makes a pair worth a look.
pub const SHARED: f64 = 0.5;
/// Fewer shared fingerprints than this are no evidence, whatever their share.
const MIN_SHARED: usize = 20;
/// Fingerprints held by more students than this (or than a quarter of the language's
/// submissions, where that is more) are the handout's or the language's, and left out.
pub const COMMON_FLOOR: usize = 5;

/// The languages compared with each other (C with C++: one family of tokens).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// `.py`.
    Python,
    /// `.java`.
    Java,
    /// C and C++ sources and headers.
    C,
}

impl Family {
    fn of(path: &Path) -> Option<Family> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "py" => Some(Family::Python),
            "java" => Some(Family::Java),
            "c" | "cc" | "cpp" | "cxx" | "h" | "hh" | "hpp" => Some(Family::C),
            _ => None,
        }
    }

    fn keywords(self) -> &'static [&'static str] {
        match self {
            Family::Python => &[
                "def", "return", "if", "elif", "else", "for", "while", "in", "not", "and", "or", "break", "continue",
                "class", "import", "from", "None", "True", "False", "lambda", "pass", "try", "except", "with", "is",
            ],
            Family::Java | Family::C => &[
                "if", "else", "for", "while", "do", "return", "break", "continue", "switch", "case", "default", "int",
                "char", "boolean", "bool", "void", "static", "public", "private", "class", "new", "const", "struct",
                "true", "false", "null", "long", "double", "String", "auto", "vector", "string",
            ],
        }
    }
}

/// `text`'s tokens, each hashed: names (other than the language's keywords) as one token,
/// numbers as one, strings as one; comments, `#include`/`import` lines and spacing dropped.
#[must_use]
pub fn tokens(text: &str, family: Family) -> Vec<u64> {
    let hash = |s: &str| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        s.hash(&mut h);
        h.finish()
    };
    let keywords = family.keywords();
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let line_end = |from: usize| chars[from..].iter().position(|&c| c == '\n').map_or(chars.len(), |p| from + p);
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let at_line_start = || chars[..i].iter().rev().take_while(|&&c| c != '\n').all(|c| c.is_whitespace());
        let line_comment = (family == Family::Python && c == '#')
            || (family != Family::Python && c == '/' && next == Some('/'))
            || (family == Family::C && c == '#' && at_line_start());
        if c.is_whitespace() {
            i += 1;
        } else if line_comment {
            i = line_end(i);
        } else if family != Family::Python && c == '/' && next == Some('*') {
            let end = chars[i + 2..].windows(2).position(|w| w == ['*', '/']);
            i = end.map_or(chars.len(), |p| i + 2 + p + 2);
        } else if c == '"' || c == '\'' {
            // A string (Python's triple quotes too) is one token, whatever it says.
            let triple = family == Family::Python && next == Some(c) && chars.get(i + 2) == Some(&c);
            let mut j = if triple { i + 3 } else { i + 1 };
            while j < chars.len() {
                if chars[j] == '\\' {
                    j += 2;
                    continue;
                }
                if chars[j] == c && (!triple || (chars.get(j + 1) == Some(&c) && chars.get(j + 2) == Some(&c))) {
                    j += if triple { 3 } else { 1 };
                    break;
                }
                if chars[j] == '\n' && !triple {
                    break;
                }
                j += 1;
            }
            out.push(hash("\"s\""));
            i = j.min(chars.len());
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let at_line_start = chars[..start].iter().rev().take_while(|&&c| c != '\n').all(|c| c.is_whitespace());
            if (word == "import" || word == "package") && at_line_start && family != Family::C {
                i = line_end(i);
                continue;
            }
            out.push(hash(if keywords.contains(&word.as_str()) { &word } else { "name" }));
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '.') {
                i += 1;
            }
            out.push(hash("0"));
        } else {
            out.push(hash(&c.to_string()));
            i += 1;
        }
    }
    out
}

/// The fingerprints of `tokens`: the smallest hash of each window of [`W`] hashes of [`K`]
/// tokens (the rightmost of equal ones), each once.
#[must_use]
pub fn fingerprints(tokens: &[u64]) -> HashSet<u64> {
    if tokens.len() < K {
        return HashSet::new();
    }
    let grams: Vec<u64> = tokens
        .windows(K)
        .map(|g| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            g.hash(&mut h);
            h.finish()
        })
        .collect();
    let w = W.min(grams.len());
    grams
        .windows(w)
        .map(|win| {
            let (at, _) =
                win.iter().enumerate().fold((0, u64::MAX), |best, (j, &h)| if h <= best.1 { (j, h) } else { best });
            win[at]
        })
        .collect()
}

/// One student's code of one family: its fingerprints, and the file each came from.
#[derive(Default)]
struct Code {
    prints: HashMap<u64, PathBuf>,
}

/// Two students whose code is alike.
#[derive(Clone, Debug, PartialEq)]
pub struct Alike {
    /// The two, in order of their IDs.
    pub students: (String, String),
    /// The language.
    pub family: Family,
    /// Fingerprints shared, and the share of each one's.
    pub shared: usize,
    /// Shared over the first's and over the second's fingerprints.
    pub share: (f64, f64),
    /// The pair of files (relative to each work copy) that share the most, and how many.
    pub files: Vec<(String, String, usize)>,
}

/// The source files of one work copy, by family (build outputs and the grader's own
/// folders, whose names start with a dot, left out, as [`super::submission::walk`] does).
fn sources(work: &Path) -> BTreeMap<Family, Vec<PathBuf>> {
    let mut out: BTreeMap<Family, Vec<PathBuf>> = BTreeMap::new();
    for file in super::submission::walk(work) {
        if let Some(f) = Family::of(&file) {
            out.entry(f).or_default().push(file);
        }
    }
    out
}

/// The pairs of `students` (net ID and work copy) whose code is alike, most alike first.
#[must_use]
pub fn alike(students: &[(String, PathBuf)]) -> Vec<Alike> {
    let mut codes: BTreeMap<Family, Vec<(String, &Path, Code)>> = BTreeMap::new();
    for (id, work) in students {
        for (family, files) in sources(work) {
            let mut code = Code::default();
            for file in files {
                // A source of a megabyte or more is no hand-written program (a generated table).
                let small = std::fs::metadata(&file).is_ok_and(|m| m.len() < 1 << 20);
                let Some(bytes) = small.then(|| std::fs::read(&file).ok()).flatten() else { continue };
                let text = String::from_utf8_lossy(&bytes);
                for p in fingerprints(&tokens(&text, family)) {
                    code.prints.entry(p).or_insert_with(|| file.clone());
                }
            }
            codes.entry(family).or_default().push((id.clone(), work.as_path(), code));
        }
    }
    let mut out = Vec::new();
    for (family, mut all) in codes {
        // What many share is the handout's or the language's, not anyone's own.
        let mut holders: HashMap<u64, usize> = HashMap::new();
        for (_, _, c) in &all {
            for p in c.prints.keys() {
                *holders.entry(*p).or_default() += 1;
            }
        }
        // A quarter of a large class; in a small one, more than five, so that a ring of
        // a few who share one module is seen even when it is all of a language's students.
        let common = (all.len() / 4).max(COMMON_FLOOR);
        for (_, _, c) in &mut all {
            c.prints.retain(|p, _| holders[p] <= common);
        }
        all.sort_by(|a, b| a.0.cmp(&b.0));
        for (i, (a, wa, ca)) in all.iter().enumerate() {
            for (b, wb, cb) in &all[i + 1..] {
                let shared: Vec<u64> = ca.prints.keys().filter(|p| cb.prints.contains_key(p)).copied().collect();
                let smaller = ca.prints.len().min(cb.prints.len()).max(1);
                if shared.len() < MIN_SHARED || (shared.len() as f64) < SHARED * smaller as f64 {
                    continue;
                }
                let mut by_files: HashMap<(String, String), usize> = HashMap::new();
                for p in &shared {
                    let fa = ca.prints[p].strip_prefix(wa).unwrap_or(&ca.prints[p]).display().to_string();
                    let fb = cb.prints[p].strip_prefix(wb).unwrap_or(&cb.prints[p]).display().to_string();
                    *by_files.entry((fa, fb)).or_default() += 1;
                }
                let mut files: Vec<(String, String, usize)> =
                    by_files.into_iter().map(|((x, y), n)| (x, y, n)).collect();
                files.sort_by(|x, y| y.2.cmp(&x.2).then_with(|| (&x.0, &x.1).cmp(&(&y.0, &y.1))));
                files.truncate(3);
                let frac = |n: usize| shared.len() as f64 / n.max(1) as f64;
                out.push(Alike {
                    students: (a.clone(), b.clone()),
                    family,
                    shared: shared.len(),
                    share: (frac(ca.prints.len()), frac(cb.prints.len())),
                    files,
                });
            }
        }
    }
    out.sort_by(|x, y| {
        let key = |a: &Alike| a.share.0.max(a.share.1);
        key(y).total_cmp(&key(x)).then_with(|| x.students.cmp(&y.students))
    });
    out
}

/// `similarity.md`: the pairs, most alike first, with the files to read side by side.
#[must_use]
pub fn markdown(pairs: &[Alike], students: usize) -> String {
    let mut s = format!(
        "# Code alike\n\n{students} submissions compared, each language with itself (names, numbers, strings and \
         comments made alike; code that more than a quarter of a language's submissions, and more than \
         {COMMON_FLOOR} of them, share left out). A pair is listed where \
         they share at least {:.0} % of the smaller one's fingerprints: a pointer for reading, not a finding.\n\n",
        SHARED * 100.0
    );
    if pairs.is_empty() {
        s.push_str("No pair of submissions is alike.\n");
        return s;
    }
    s.push_str("| students | language | shared | of each | files sharing the most |\n|---|---|---:|---|---|\n");
    for p in pairs {
        let files: Vec<String> = p.files.iter().map(|(a, b, n)| format!("`{a}` ~ `{b}` ({n})")).collect();
        s.push_str(&format!(
            "| {} ~ {} | {:?} | {} | {:.0} % / {:.0} % | {} |\n",
            p.students.0,
            p.students.1,
            p.family,
            p.shared,
            p.share.0 * 100.0,
            p.share.1 * 100.0,
            files.join("<br>")
        ));
    }
    s
}
