//! The command lines a submission's README gives for the programs. A student who wrote
//! fewer programs than the handout's eight (`minimax.py --phase opening --black …`, one
//! search with flags for the phase, the colour and the estimation) names no file after
//! them, and says in its README how to run each: a table row `| MiniMaxOpeningBlack |
//! `python3 minimax.py --phase opening --black board1.txt board2.txt 2` |`, or a heading
//! naming the program with the command below it. A TA grades such a student by those
//! commands; so does the grader, for a program it found no file for.

/// One program's command as a README gives it, parted around its three arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Documented {
    /// The handout's name of the program the README gives it for.
    pub program: &'static str,
    /// The words before the input file (`python3`, `morris_ai/minimax.py`, `--phase`, …).
    pub before: Vec<String>,
    /// The words after the depth.
    pub after: Vec<String>,
    /// The README's line that gives it, from 1.
    pub line: usize,
    /// Where the program's name is a word of the command (`java -jar morris.jar
    /// MiniMaxOpening …`, one program for all eight), its place in `before`: the same
    /// command with another program's name there runs that one.
    pub name_at: Option<usize>,
}

/// How a word of a documented command stands for one of the three arguments.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arg {
    File,
    Depth,
}

/// A word that stands for a board file (`board1.txt`, `examples/b.txt`, `<input>`,
/// `INPUT_FILE`) or for the depth (`3`, `<depth>`, `DEPTH`).
fn arg_of(word: &str) -> Option<Arg> {
    let bare = word.trim_matches(|c| matches!(c, '<' | '>' | '[' | ']' | '{' | '}'));
    if !bare.is_empty() && bare.chars().all(|c| c.is_ascii_digit()) {
        return Some(Arg::Depth);
    }
    if word.starts_with('-') || bare.is_empty() {
        return None;
    }
    let lower = bare.to_ascii_lowercase();
    let parts: Vec<&str> = lower.split(|c: char| !c.is_ascii_alphanumeric()).filter(|p| !p.is_empty()).collect();
    if parts.iter().any(|p| matches!(*p, "depth" | "ply" | "plies")) {
        return Some(Arg::Depth);
    }
    let placeholder = word.starts_with('<') || bare.chars().all(|c| c.is_ascii_uppercase() || c == '_');
    let file_word = parts.iter().any(|p| {
        matches!(*p, "txt" | "file" | "board" | "input" | "output" | "in" | "out" | "infile" | "outfile")
            || p.starts_with("board")
    });
    (lower.ends_with(".txt") || (placeholder && file_word) || (lower.contains('/') && file_word)).then_some(Arg::File)
}

/// Whether `word` starts a command a README would give: an interpreter, or a program of
/// the folder's (`./minimax`).
fn starts_command(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    w.starts_with("./")
        || matches!(w.as_str(), "python" | "python3" | "py" | "java" | "sh" | "bash")
        || (w.starts_with("python3.") && w["python3.".len()..].chars().all(|c| c.is_ascii_digit()))
}

/// The command on a README line, if it holds one: in backticks, else in a table's cell,
/// else the line itself after a shell prompt (`$ `).
fn command_on(line: &str) -> Option<(Vec<String>, String)> {
    let mut texts: Vec<&str> = line.split('`').skip(1).step_by(2).collect();
    if texts.is_empty() {
        texts = if line.contains('|') { line.split('|').collect() } else { vec![line] };
        // `ABOpening: ./ab opening IN OUT DEPTH`
        texts.extend(line.split_once(": ").map(|(_, after)| after));
    }
    texts.into_iter().find_map(|t| {
        let t = t.trim().trim_start_matches("$ ").trim_start_matches("> ").trim();
        // A shell comment after it (`java -jar morris.jar ABGame b3.txt b4.txt 3   # Part II`).
        let t = t.find(" #").map_or(t, |at| t[..at].trim_end());
        let words = command_words(t);
        (words.first().is_some_and(|w| starts_command(w))).then(|| (words, t.to_string()))
    })
}

/// A command's words, a placeholder in angle brackets one word (`<input file>`).
fn command_words(command: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut open = false;
    for w in command.split_whitespace() {
        match words.last_mut() {
            Some(last) if open => {
                last.push(' ');
                last.push_str(w);
            }
            _ => words.push(w.to_string()),
        }
        open = if open { !w.ends_with('>') } else { w.starts_with('<') && !w.ends_with('>') };
    }
    words
}

/// The program a piece of README text names, if exactly one.
fn names_one(text: &str) -> Option<&'static str> {
    let mut named: Vec<&'static str> = Vec::new();
    for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')) {
        if let Some((p, _)) = super::names::program_of(word)
            && !named.contains(&p.name)
        {
            named.push(p.name);
        }
    }
    match named.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

/// Each program's command a README's text gives, the first for each: on a line naming
/// the program beside the command (a table's row), or under the nearest line before it
/// that names one program and holds no command (a heading). A command is taken where its
/// input file, output file and depth stand together in the handout's order, the words
/// around them kept.
#[must_use]
pub fn documented(text: &str) -> Vec<Documented> {
    let aliases = aliases(text);
    let mut out: Vec<Documented> = Vec::new();
    let mut heading: Option<&'static str> = None;
    for (number, line) in text.lines().enumerate() {
        let Some((words, command)) = command_on(line) else {
            if !line.trim().is_empty() && !line.trim_start().starts_with("```") {
                heading = names_one(line);
            }
            continue;
        };
        let args: Vec<Option<Arg>> = words.iter().map(|w| arg_of(w)).collect();
        let Some(at) = (1..words.len().saturating_sub(2))
            .rev()
            .find(|&i| args[i] == Some(Arg::File) && args[i + 1] == Some(Arg::File) && args[i + 2] == Some(Arg::Depth))
        else {
            continue;
        };
        // The program named beside the command (a table's row), else by a word of the
        // command itself before its files (`java -jar morris.jar MiniMaxOpening …`, one
        // program for all eight; `./mmo …`, a short name the README gives), else by the
        // heading over it.
        let rest = line.replacen(&command, " ", 1);
        let rest = rest.find(" #").map_or(rest.as_str(), |i| &rest[..i]);
        let alone = rest.trim_matches(|c: char| !c.is_alphanumeric()).is_empty();
        // A short name alone, after its interpreter at most: with options of its own
        // (`python3 minimax.py --ab …`) the script is one for several programs.
        let by_alias = || {
            let name = words[..at].last().filter(|_| at == 1 || (at == 2 && starts_command(&words[0])))?;
            aliases.iter().find(|(a, _)| *a == stem(name)).map(|(_, p)| *p)
        };
        let Some(program) = names_one(rest)
            .or_else(|| alone.then(|| names_one(&words[..at].join(" ")).or_else(by_alias).or(heading)).flatten())
        else {
            continue;
        };
        if !out.iter().any(|d| d.program == program) {
            let name_at = (1..at).find(|&i| names_one(&words[i]) == Some(program));
            out.push(Documented {
                program,
                before: words[..at].to_vec(),
                after: words[at + 3..].to_vec(),
                line: number + 1,
                name_at,
            });
        }
    }
    out
}

/// The short names a README gives the programs, each with the program it stands for: a
/// line (a table's row, a list's item) that names one program and quotes one other word
/// in backticks (`| `mmo` | MiniMaxOpening | I |`, `- `abg`: ABGame`), or, with no
/// backticks, gives one file's name ([`plain_alias`]). A command of the
/// README that runs a program by that name (`./mmo board1.txt board2.txt 2`) runs that
/// program.
fn aliases(text: &str) -> Vec<(String, &'static str)> {
    let mut out: Vec<(String, &'static str)> = Vec::new();
    for line in text.lines() {
        let quoted: Vec<&str> = line.split('`').skip(1).step_by(2).map(str::trim).collect();
        let rest = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let Some(program) = names_one(&rest) else { continue };
        let word = match quoted.as_slice() {
            [word] => *word,
            [] => match plain_alias(line) {
                Some(word) => word,
                None => continue,
            },
            _ => continue,
        };
        let alias = stem(word);
        let one_word = !alias.is_empty() && alias.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '-'));
        if one_word && names_one(word).is_none() {
            out.push((alias, program));
        }
    }
    // A name given to two programs is neither's.
    let twice: Vec<String> =
        out.iter().filter(|(a, p)| out.iter().any(|(b, q)| a == b && p != q)).map(|(a, _)| a.clone()).collect();
    out.retain(|(a, _)| !twice.contains(a));
    out
}

/// The short name on a plain-text line that names a program (a `README.txt` without
/// backticks: `mo.py      -> MiniMaxOpening          (Part I)`): its one word that is a
/// file's name (`mo.py`, `./mo`), else its first word, where that is no program's name.
fn plain_alias(line: &str) -> Option<&str> {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || matches!(c, '|' | ',' | ';' | '(' | ')'))
        .map(|w| w.trim_end_matches(':'))
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .collect();
    let file_like = |w: &&&str| {
        w.starts_with("./")
            || w.rsplit_once('.').is_some_and(|(stem, ext)| {
                !stem.is_empty() && matches!(ext, "py" | "java" | "class" | "jar" | "c" | "cpp" | "sh" | "exe" | "out")
            })
    };
    let files: Vec<&str> = words.iter().filter(file_like).copied().collect();
    let word = match files.as_slice() {
        [one] => *one,
        [] => *words.first()?,
        _ => return None,
    };
    names_one(word).is_none().then_some(word)
}

/// A command's word as the name of a program: its folders and extension left off, lower
/// case (`./bin/mmo` and `mmo.py` are `mmo`).
fn stem(word: &str) -> String {
    let path = std::path::Path::new(word);
    path.file_stem().map(|s| s.to_string_lossy().to_lowercase()).unwrap_or_default()
}

/// Whether a file is a README (`README.md`, `readme.txt`, `ReadMe`).
#[must_use]
pub fn is_readme(path: &std::path::Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    let ext = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
    name.starts_with("readme") && matches!(ext.as_deref(), None | Some("md" | "txt" | "rst" | "markdown"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| (*s).to_string()).collect()
    }

    #[test]
    fn a_table_of_commands_one_program_a_row() {
        let text = "\
| Handout program | Command line |
|---|---|
| MiniMaxOpening | `python3 morris_ai/minimax.py --phase opening board1.txt board2.txt 2` |
| MiniMaxOpeningBlack | `python3 morris_ai/minimax.py --phase opening --black board1.txt board2.txt 2` |
| ABGame | `python3 morris_ai/alphabeta.py --phase game board3.txt board4.txt 3` |
| MiniMaxOpening vs MiniMaxOpeningImproved | `python3 x.py a.txt b.txt 2` |
";
        let d = documented(text);
        assert_eq!(d.len(), 3, "{d:?}");
        assert_eq!((d[0].program, d[0].line), ("MiniMaxOpening", 3));
        assert_eq!(d[0].before, words(&["python3", "morris_ai/minimax.py", "--phase", "opening"]));
        assert!(d[0].after.is_empty());
        assert_eq!(d[1].program, "MiniMaxOpeningBlack");
        assert_eq!(d[1].before, words(&["python3", "morris_ai/minimax.py", "--phase", "opening", "--black"]));
        assert_eq!(d[2].program, "ABGame");
    }

    #[test]
    fn a_heading_then_its_command_and_placeholders() {
        let text = "\
### MiniMaxGameImproved

```
$ python3 minimax.py <input file> <output file> <depth> --improved
```

Run `python3 minimax.py --help` for more.
ABOpening: ./ab opening INPUT_FILE OUTPUT_FILE DEPTH
";
        let d = documented(text);
        assert_eq!(d.len(), 2, "{d:?}");
        assert_eq!(d[0].program, "MiniMaxGameImproved");
        assert_eq!(
            (d[0].before.clone(), d[0].after.clone()),
            (words(&["python3", "minimax.py"]), words(&["--improved"]))
        );
        assert_eq!(d[1].program, "ABOpening");
        assert_eq!(d[1].before, words(&["./ab", "opening"]));
    }

    #[test]
    fn one_program_for_all_named_in_its_commands() {
        // A code block of commands, each naming its program as the word before the files,
        // a shell comment after it; the heading over it names no one program.
        let text = "\
## Running the eight programs

```
java -jar morris.jar MiniMaxOpening          board1.txt board2.txt 2     # Part I
java -jar morris.jar ABGame                  board3.txt board4.txt 3     # Part II
```
";
        let d = documented(text);
        assert_eq!(d.len(), 2, "{d:?}");
        assert_eq!(d[0].program, "MiniMaxOpening");
        assert_eq!(
            (d[0].before.clone(), d[0].after.clone()),
            (words(&["java", "-jar", "morris.jar", "MiniMaxOpening"]), vec![])
        );
        assert_eq!((d[1].program, d[1].line), ("ABGame", 5));
        assert_eq!((d[0].name_at, d[1].name_at), (Some(3), Some(3)));
        // The command's own name is more certain than the heading's.
        let d = documented("### ABGame\n`./run.sh ab-opening in.txt out.txt 2`\n");
        assert_eq!(d[0].program, "ABOpening", "{d:?}");
    }

    #[test]
    fn short_names_a_table_gives() {
        // Programs named by their initials, a table mapping them, commands by those names.
        let text = "\
| short name | handout name | part |
|------------|--------------|------|
| `mmo`  | MiniMaxOpening         | I   |
| `abg`  | ABGame                 | II  |
| `mmgi` | MiniMaxGameImproved    | IV  |
| `morris.h`, `morris.cpp` | the shared code, not MiniMaxOpening |

```
./mmo  board1.txt board2.txt 2
./abg  board3.txt board4.txt 3
python3 mmgi.py board3.txt board4.txt 3
./morris board3.txt board4.txt 3
```
";
        // Each program with the words of its command before the three.
        let commands = |text: &str| -> Vec<(&'static str, String)> {
            documented(text).iter().map(|d| (d.program, d.before.join(" "))).collect()
        };
        let expect = |pairs: &[(&'static str, &str)]| -> Vec<(&'static str, String)> {
            pairs.iter().map(|(p, c)| (*p, (*c).to_string())).collect()
        };
        assert_eq!(
            commands(text),
            expect(&[("MiniMaxOpening", "./mmo"), ("ABGame", "./abg"), ("MiniMaxGameImproved", "python3 mmgi.py")])
        );
        // A program of the folder named as the handout names it, under a heading naming
        // another: its own name decides.
        assert_eq!(
            commands("### MiniMaxOpening\n\n`./ABGame board3.txt board4.txt 3`\n"),
            expect(&[("ABGame", "./ABGame")])
        );
        // A plain-text README: the file's name on the program's line, no backticks.
        let text = "\
FILES
mo.py      -> MiniMaxOpening          (Part I)
ag.py      -> ABGame                  (Part II)
mgi        = MiniMaxGameImproved
common.py  -> shared code, used by MiniMaxOpening and ABGame

python3 mo.py board1.txt board2.txt 2
python3 ag.py board3.txt board4.txt 3
./mgi board3.txt board4.txt 3
python3 common.py board3.txt board4.txt 3
";
        assert_eq!(
            commands(text),
            expect(&[
                ("MiniMaxOpening", "python3 mo.py"),
                ("ABGame", "python3 ag.py"),
                ("MiniMaxGameImproved", "./mgi")
            ])
        );
        // A name given to two programs, or a script with options of its own, is no short name.
        let ambiguous = "\
minimax.py -> MiniMaxOpening
minimax.py -> MiniMaxGame (with --game)
ab.py      -> ABOpening
Run:
python3 minimax.py board1.txt board2.txt 2
python3 ab.py --game board3.txt board4.txt 3
";
        assert_eq!(commands(ambiguous), vec![], "{ambiguous}");
    }

    #[test]
    fn no_command_no_program_or_no_three_is_nothing() {
        for text in [
            "MiniMaxOpening is my best program.\n",
            "| MiniMaxOpening | `python3 minimax.py --phase opening` |\n",
            "`python3 minimax.py board1.txt board2.txt 2`\n",
            "| MiniMaxOpening | `rm -rf board1.txt board2.txt 2` |\n",
        ] {
            assert_eq!(documented(text), vec![], "{text}");
        }
    }
}
