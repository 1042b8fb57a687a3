//! Counts and times as a person reads them in a message: `1 ply`, `0 plies`, `2 threads`,
//! `2 min 10 s`.

/// `n` and the noun, singular for one and plural otherwise: `count(1, "ply", "plies")` is
/// `1 ply`, `count(0, "ply", "plies")` is `0 plies`.
#[must_use]
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The first `at_most` of `items`, and how many more: `listed(&["a", "b", "c"], 2)` is
/// `a, b and 1 more`.
#[must_use]
pub fn listed(items: &[impl AsRef<str>], at_most: usize) -> String {
    let shown: Vec<&str> = items.iter().take(at_most).map(AsRef::as_ref).collect();
    match items.len() - shown.len() {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

/// `n` plies: `1 ply`, `7 plies`.
#[must_use]
pub fn plies(n: impl Into<u64>) -> String {
    count(n, "ply", "plies")
}

/// A tablebase's rule profile in words: `a no-removal rule of 100 plies`, or for 0 the
/// game-theoretic profile, `no draw rule (game-theoretic)`.
#[must_use]
pub fn rule_profile(no_removal_plies: u16) -> String {
    if no_removal_plies == 0 {
        "no draw rule (game-theoretic)".to_string()
    } else {
        format!("a no-removal rule of {}", plies(no_removal_plies))
    }
}

/// A time left or taken, as a person reads it: `2 h 5 min`, `2 min 10 s`, `7 s`.
#[must_use]
pub fn minutes_and_seconds(d: std::time::Duration) -> String {
    let s = d.as_secs();
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, sec) => format!("{sec} s"),
        (0, min, sec) => format!("{min} min {sec} s"),
        (h, min, _) => format!("{h} h {min} min"),
    }
}

/// `n` with thousands separated by commas: `61,612,215`.
#[must_use]
pub fn human(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A size as it is best read: `2GiB`, `64MiB`, `1536KiB`, `100B`.
#[must_use]
pub fn format_size(bytes: u64) -> String {
    for (factor, name) in [(1u64 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")] {
        if bytes >= factor && bytes.is_multiple_of(factor) {
            return format!("{}{name}", bytes / factor);
        }
    }
    format!("{bytes}B")
}

/// `text` as one shell word: as it is when it holds only safe characters, else in single
/// quotes (a `'` inside as `'\''`), so a command shown in a report can be pasted back.
#[must_use]
pub fn shell_word(text: &str) -> String {
    if !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@".contains(c)) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// An argv as a shell command line ([`shell_word`] each).
#[must_use]
pub fn shell_line(argv: &[String]) -> String {
    argv.iter().map(|a| shell_word(a)).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plies(1u16), "1 ply");
        assert_eq!(plies(0u16), "0 plies");
        assert_eq!(plies(100u16), "100 plies");
        assert_eq!(count(1u8, "thread", "threads"), "1 thread");
        assert_eq!(count(2u64, "move", "moves"), "2 moves");
    }

    #[test]
    fn a_long_list_shows_its_first_items_and_counts_the_rest() {
        assert_eq!(listed(&["a", "b", "c"], 2), "a, b and 1 more");
        assert_eq!(listed(&["a", "b"], 2), "a, b");
        assert_eq!(listed(&[String::from("a")], 5), "a");
    }

    #[test]
    fn a_rule_profile_of_zero_is_the_game_theoretic_one() {
        assert_eq!(rule_profile(0), "no draw rule (game-theoretic)");
        assert_eq!(rule_profile(100), "a no-removal rule of 100 plies");
        assert_eq!(rule_profile(1), "a no-removal rule of 1 ply");
    }

    #[test]
    fn times_read_in_the_two_largest_units() {
        use std::time::Duration;
        assert_eq!(minutes_and_seconds(Duration::from_secs(7)), "7 s");
        assert_eq!(minutes_and_seconds(Duration::from_secs(130)), "2 min 10 s");
        assert_eq!(minutes_and_seconds(Duration::from_secs(7500)), "2 h 5 min");
    }
}
