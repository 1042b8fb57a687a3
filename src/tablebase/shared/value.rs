//! What a table says about a position, and what that means under the game's draw rules.
//!
//! The game is drawn after `N` plies of sliding or flying without a removal
//! ([`Ruleset::no_removal_plies`](crate::rules::Ruleset)). A table built for `N` holds,
//! for each moving-phase position and the side to move, one of five classes and a
//! distance, after the model of chess tables under the fifty-move rule:
//!
//! | class | meaning | distance |
//! |---|---|---|
//! | [`Wdl::Win`] | the side to move forces a win under the rule, from a fresh count (0 plies since the last removal) | plies to the next conversion: the removal that starts a phase the winner also wins under the rule, or the end of the game; at most `N` |
//! | [`Wdl::Loss`] | the other side forces that | the same, with the loser holding out longest; at most `N` |
//! | [`Wdl::CursedWin`] | a win with perfect play and no move-count rule, but the rule turns it into a draw | a rank above `N` that strictly falls along the winning line (for playing it out when the rule is off) |
//! | [`Wdl::BlessedLoss`] | the mirror of a cursed win | the same kind of rank |
//! | [`Wdl::Draw`] | neither side can force a win, with or without the rule | – |
//!
//! **Exact under the counter.** With `c` plies already played since the last removal
//! (or placement), a `Win` at distance `d` is a win exactly when `d ≤ N − c`, and a draw
//! otherwise; the same holds for `Loss`. Cursed wins and blessed losses are draws at every
//! count. [`TableValue::at_count`] does this. (Proof sketch: the set of positions that can
//! force a conversion within `h` plies only grows with `h`, so the least such `h` — the
//! distance — decides every count. Winning lines never repeat a position: the distance
//! falls by at least one each move of the winner, so threefold repetition never saves the
//! loser.)
//!
//! A blocked side to move has lost (distance 0), before any draw rule applies, as in
//! [`Game::outcome`](crate::rules::Game::outcome). A removal that leaves the opponent two
//! stones wins at once (distance 1).

use crate::search::OracleValue;

/// The five classes of a table value (see the module docs).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Wdl {
    /// Neither side can force a win.
    Draw,
    /// Won under the rule from a fresh count.
    Win,
    /// Lost under the rule from a fresh count.
    Loss,
    /// Won without the move-count rule, drawn with it.
    CursedWin,
    /// Lost without the move-count rule, drawn with it.
    BlessedLoss,
}

impl Wdl {
    /// The byte stored in a table's class stream.
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            Wdl::Draw => 0,
            Wdl::Win => 1,
            Wdl::Loss => 2,
            Wdl::CursedWin => 3,
            Wdl::BlessedLoss => 4,
        }
    }

    /// The class of a stored byte, `None` for a byte no table writes.
    #[must_use]
    pub const fn from_code(code: u8) -> Option<Wdl> {
        Some(match code {
            0 => Wdl::Draw,
            1 => Wdl::Win,
            2 => Wdl::Loss,
            3 => Wdl::CursedWin,
            4 => Wdl::BlessedLoss,
            _ => return None,
        })
    }

    /// Whether the side to move wins with perfect play when no move-count rule applies.
    #[must_use]
    pub const fn is_game_win(self) -> bool {
        matches!(self, Wdl::Win | Wdl::CursedWin)
    }

    /// Whether the side to move loses with perfect play when no move-count rule applies.
    #[must_use]
    pub const fn is_game_loss(self) -> bool {
        matches!(self, Wdl::Loss | Wdl::BlessedLoss)
    }

    /// The class seen from the other side.
    #[must_use]
    pub const fn flipped(self) -> Wdl {
        match self {
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
            Wdl::Loss => Wdl::Win,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::BlessedLoss => Wdl::CursedWin,
        }
    }

    /// A word for people: `win`, `loss`, `draw`, `cursed win`, `blessed loss`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Wdl::Draw => "draw",
            Wdl::Win => "win",
            Wdl::Loss => "loss",
            Wdl::CursedWin => "cursed win",
            Wdl::BlessedLoss => "blessed loss",
        }
    }
}

/// One stored value: the class and its distance (0 for draws).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct TableValue {
    /// The class.
    pub wdl: Wdl,
    /// Plies to conversion (wins and losses) or the rank (cursed wins, blessed losses).
    pub distance: u16,
}

/// The distance of a blocked side to move, or of one left with two stones.
pub const LOST_NOW: TableValue = TableValue { wdl: Wdl::Loss, distance: 0 };

impl TableValue {
    /// A draw.
    pub const DRAW: TableValue = TableValue { wdl: Wdl::Draw, distance: 0 };

    /// The value of a position resolved by the solver at `level` (a win or a loss), for
    /// a table built with horizon `horizon` (the rule's `N`, or [`NO_RULE_HORIZON`]).
    #[must_use]
    pub const fn at_level(win: bool, level: u16, horizon: u16) -> TableValue {
        let wdl = match (win, level <= horizon) {
            (true, true) => Wdl::Win,
            (true, false) => Wdl::CursedWin,
            (false, true) => Wdl::Loss,
            (false, false) => Wdl::BlessedLoss,
        };
        TableValue { wdl, distance: level }
    }

    /// A placing cell's value as a class: a win or loss at distance 0 (the placing cells
    /// keep no distance: every placement makes progress), or a draw.
    #[must_use]
    pub fn placing_class(self) -> OracleValue {
        match self.wdl {
            Wdl::Win => OracleValue::Win(0),
            Wdl::Loss => OracleValue::Loss(0),
            _ => OracleValue::Draw,
        }
    }

    /// The value for the side to move with `count` plies already played since the last
    /// removal, in a game whose rule draws after `rule_plies` such plies (0 = no such
    /// rule), from a table built under `profile`. `None` when the table cannot answer
    /// for that rule (built for another `N`).
    ///
    /// Under the table's own rule: a win or loss at distance `d` stands when
    /// `d ≤ N − count`, everything else is a draw. With no rule: every game win or loss
    /// stands, at its distance (a rank for cursed ones, which still orders the moves
    /// that make progress).
    #[must_use]
    pub fn at_count(self, count: u16, rule_plies: u16, profile: RuleProfile) -> Option<OracleValue> {
        if rule_plies == 0 {
            return Some(match self.wdl {
                Wdl::Win | Wdl::CursedWin => OracleValue::Win(self.distance),
                Wdl::Loss | Wdl::BlessedLoss => OracleValue::Loss(self.distance),
                Wdl::Draw => OracleValue::Draw,
            });
        }
        if rule_plies != profile.no_removal_plies() {
            return None;
        }
        let left = rule_plies.saturating_sub(count);
        Some(match self.wdl {
            Wdl::Win if self.distance <= left => OracleValue::Win(self.distance),
            Wdl::Loss if self.distance <= left => OracleValue::Loss(self.distance),
            _ => OracleValue::Draw,
        })
    }
}

impl std::fmt::Display for TableValue {
    /// `win in 7 (to conversion)`, `loss in 0`, `draw`, `cursed win (draw under the rule)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.wdl {
            Wdl::Draw => write!(f, "draw"),
            Wdl::Win | Wdl::Loss => write!(f, "{} in {}", self.wdl.name(), self.distance),
            Wdl::CursedWin | Wdl::BlessedLoss => write!(f, "{} (a draw under the no-removal rule)", self.wdl.name()),
        }
    }
}

/// The horizon of a table built with no move-count rule: every resolved level counts.
pub const NO_RULE_HORIZON: u16 = u16::MAX;

/// The rule profile of a set of tables: the no-removal rule their values assume. Under
/// `N > 0` (the game's default, 100) a win must convert within `N` plies and cursed wins
/// are draws; under `0`, the game-theoretic profile, every game win is a win. The game's
/// own rule is [`Ruleset::no_removal_plies`](crate::rules::Ruleset); this is the tables'
/// notion of it, written in their headers and file names (`.r100.`) as the bare count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleProfile(u16);

impl RuleProfile {
    /// No move-count rule: the values of the published solution.
    pub const GAME_THEORETIC: RuleProfile = RuleProfile(0);

    /// The profile of a no-removal rule of `no_removal_plies` (0 = none).
    #[must_use]
    pub const fn new(no_removal_plies: u16) -> RuleProfile {
        RuleProfile(no_removal_plies)
    }

    /// The no-removal rule in plies (0 = none), as headers and file names write it.
    #[must_use]
    pub const fn no_removal_plies(self) -> u16 {
        self.0
    }

    /// Whether this is the profile with no move-count rule.
    #[must_use]
    pub const fn is_game_theoretic(self) -> bool {
        self.0 == 0
    }

    /// The solver's horizon: the rule's plies, or [`NO_RULE_HORIZON`] with no rule.
    #[must_use]
    pub const fn horizon(self) -> u16 {
        if self.0 == 0 { NO_RULE_HORIZON } else { self.0 }
    }
}

impl std::fmt::Display for RuleProfile {
    /// `a no-removal rule of 100 plies`, `no draw rule (game-theoretic)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::words::rule_profile(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_flip() {
        for w in [Wdl::Draw, Wdl::Win, Wdl::Loss, Wdl::CursedWin, Wdl::BlessedLoss] {
            assert_eq!(Wdl::from_code(w.code()), Some(w));
            assert_eq!(w.flipped().flipped(), w);
        }
        assert_eq!(Wdl::from_code(5), None);
    }

    #[test]
    fn the_count_turns_long_wins_into_draws() {
        let win = TableValue::at_level(true, 30, 100);
        assert_eq!(win.wdl, Wdl::Win);
        assert_eq!(win.at_count(0, 100, RuleProfile::new(100)), Some(OracleValue::Win(30)));
        assert_eq!(win.at_count(70, 100, RuleProfile::new(100)), Some(OracleValue::Win(30)));
        assert_eq!(win.at_count(71, 100, RuleProfile::new(100)), Some(OracleValue::Draw));
        let loss = TableValue::at_level(false, 100, 100);
        assert_eq!(loss.at_count(0, 100, RuleProfile::new(100)), Some(OracleValue::Loss(100)));
        assert_eq!(loss.at_count(1, 100, RuleProfile::new(100)), Some(OracleValue::Draw));
        let cursed = TableValue::at_level(true, 101, 100);
        assert_eq!(cursed.wdl, Wdl::CursedWin);
        assert_eq!(cursed.at_count(0, 100, RuleProfile::new(100)), Some(OracleValue::Draw));
        assert_eq!(cursed.at_count(0, 0, RuleProfile::new(100)), Some(OracleValue::Win(101)));
        assert_eq!(win.at_count(0, 50, RuleProfile::new(100)), None);
    }
}
