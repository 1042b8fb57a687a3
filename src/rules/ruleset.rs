//! The rule options, as one value: board, stones, flying, removal rule and draw rules.
//!
//! Every [`Position`](super::Position) carries a `&'static Ruleset`, so move generation
//! and play read their options from it; [`Game`](super::Game) applies its draw rules. The
//! command-line flags that build one are `crate::cli`'s.

use crate::topology::{CLASSROOM22, STANDARD24, Topology};

/// Which opponent stones a mill may remove.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum RemovalRule {
    /// Any stone not in a mill; if every one is in a mill, any stone (`rules.md` default).
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

/// The standard game exactly as `shared/spec/rules.md` describes it.
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
