//! The rule options, as one value: board, stones, flying, removal rule and draw rules.
//!
//! Every [`Position`](super::Position) carries a `&'static Ruleset`, so move generation
//! and play read their options from it; [`Game`](super::Game) applies its draw rules.
//! [`RuleOptions`] are the options a game may change on either board; the command-line
//! flags that set them are the `morris` binary's (`src/cmd/common.rs`).

use crate::topology::{CLASSROOM22, STANDARD24, Topology};

/// Which opponent stones a mill may remove.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum RemovalRule {
    /// Any stone not in a mill; if every one is in a mill, any stone (`docs/assignments.md` default).
    WhenAllInMills,
    /// Only stones not in mills; if all are in mills the mill removes nothing (the
    /// classroom handout's rule).
    Never,
}

impl RemovalRule {
    /// The option's name on the command line (`when-all-in-mills`, `never`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RemovalRule::WhenAllInMills => "when-all-in-mills",
            RemovalRule::Never => "never",
        }
    }
}

impl std::str::FromStr for RemovalRule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "when-all-in-mills" => Ok(RemovalRule::WhenAllInMills),
            "never" => Ok(RemovalRule::Never),
            other => Err(format!("'{other}' is not a removal rule: expected when-all-in-mills or never")),
        }
    }
}

/// Every rule option of a game. Positions carry a `&'static Ruleset`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// The board.
    pub topology: &'static Topology,
    /// Stones per side at the start, all in hand.
    pub stones: u8,
    /// A side with an empty hand and exactly this many stones on the board flies; 0 = never.
    pub fly_at: u8,
    /// Which stones a mill may remove.
    pub removal: RemovalRule,
    /// A position reached for this many times is a draw; 0 switches the rule off.
    pub repetition: u8,
    /// This many plies of sliding/flying in a row without a removal is a draw; 0 = off.
    pub no_removal_plies: u16,
}

/// The standard game exactly as `docs/assignments.md` describes it.
pub static STANDARD: Ruleset = Ruleset {
    topology: &STANDARD24,
    stones: 9,
    fly_at: 3,
    removal: RemovalRule::WhenAllInMills,
    repetition: 3,
    no_removal_plies: 100,
};

/// The classroom Morris Variant: the 22-point board and the handout's removal rule,
/// with no draw rules (the handout's programs search by depth alone).
pub static CLASSROOM: Ruleset = Ruleset {
    topology: &CLASSROOM22,
    stones: 9,
    fly_at: 3,
    removal: RemovalRule::Never,
    repetition: 0,
    no_removal_plies: 0,
};

/// The boards a game may be played on, each with its built-in ruleset.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// The standard 24-point board: [`STANDARD`].
    Standard,
    /// The classroom Morris Variant's 22-point board: [`CLASSROOM`].
    Classroom22,
}

impl Board {
    /// The board's built-in ruleset, before any [`RuleOptions`] apply.
    #[must_use]
    pub fn ruleset(self) -> &'static Ruleset {
        match self {
            Board::Standard => &STANDARD,
            Board::Classroom22 => &CLASSROOM,
        }
    }
}

/// The rule options a game may change on either board (`docs/assignments.md`'s flags): the removal
/// rule and the two draw rules. The default is the standard game's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RuleOptions {
    /// Which stones a mill may remove.
    pub removal: RemovalRule,
    /// A position reached for this many times is a draw; 0 switches the rule off.
    pub repetition: u8,
    /// This many plies of sliding/flying in a row without a removal is a draw; 0 = off.
    pub no_removal_plies: u16,
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions {
            removal: STANDARD.removal,
            repetition: STANDARD.repetition,
            no_removal_plies: STANDARD.no_removal_plies,
        }
    }
}

impl RuleOptions {
    /// `board`'s built-in ruleset (its board, stones and flying) with these options in
    /// place of its own.
    #[must_use]
    pub fn on(&self, board: Board) -> &'static Ruleset {
        let base = board.ruleset();
        Ruleset {
            removal: self.removal,
            repetition: self.repetition,
            no_removal_plies: self.no_removal_plies,
            ..base.clone()
        }
        .into_static()
    }
}

impl Ruleset {
    /// A `'static` copy of this ruleset, for one built at run time from command-line
    /// options. Equal to a built-in one, it returns that one and allocates nothing.
    #[must_use]
    pub fn into_static(self) -> &'static Ruleset {
        if self == STANDARD {
            &STANDARD
        } else if self == CLASSROOM {
            &CLASSROOM
        } else {
            Box::leak(Box::new(self))
        }
    }

    /// A one-line summary of the options, e.g. for a table header or a log line.
    #[must_use]
    pub fn describe(&self) -> String {
        format!(
            "board={} stones={} fly-at={} removal={} repetition={} no-removal-plies={}",
            self.topology.name(),
            self.stones,
            self.fly_at,
            self.removal.name(),
            self.repetition,
            self.no_removal_plies
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_replace_the_base_rules_own() {
        assert!(std::ptr::eq(RuleOptions::default().on(Board::Standard), &STANDARD));
        let handout = RuleOptions { removal: RemovalRule::Never, repetition: 0, no_removal_plies: 0 };
        assert!(std::ptr::eq(handout.on(Board::Classroom22), &CLASSROOM));
        let classroom = RuleOptions::default().on(Board::Classroom22);
        assert_eq!(classroom.topology, CLASSROOM.topology);
        assert_eq!(
            (classroom.removal, classroom.repetition, classroom.no_removal_plies),
            (RemovalRule::WhenAllInMills, 3, 100)
        );
    }
}
