//! Read-only access to loaded tables: the value of a [`Position`], the values of its
//! moves, and the [`Oracle`] the engine's search consults (style habit 19: a small,
//! read-only probing API, like shakmaty-syzygy's). Nothing here computes or writes tables.

use std::collections::HashMap;
use std::path::Path;

use super::sector::{MIN_STONES, Subspace, header_rules, is_supported};
use super::store::{Table, TablebaseError, read_table};
use crate::rules::{Color, Move, MoveList, Position, STANDARD};
use crate::search::{Oracle, OracleValue};

/// A set of loaded tables for the standard rules.
pub struct Tablebase {
    tables: HashMap<Subspace, Table>,
}

/// The value of a move for the side making it, from its child's value (for the side to
/// move there).
#[must_use]
pub fn value_through(child: OracleValue) -> OracleValue {
    match child {
        OracleValue::Loss(n) => OracleValue::Win(n + 1),
        OracleValue::Win(n) => OracleValue::Loss(n + 1),
        OracleValue::Draw => OracleValue::Draw,
    }
}

/// A total order on values for the side to move: faster wins first, then draws, then
/// slower losses. Smaller is better.
#[must_use]
pub fn preference(v: OracleValue) -> i32 {
    match v {
        OracleValue::Win(n) => i32::from(n),
        OracleValue::Draw => i32::from(u16::MAX) + 1,
        OracleValue::Loss(n) => 2 * (i32::from(u16::MAX) + 1) - i32::from(n),
    }
}

impl Tablebase {
    /// Tables already in memory.
    #[must_use]
    pub fn from_tables(tables: impl IntoIterator<Item = Table>) -> Tablebase {
        Tablebase { tables: tables.into_iter().map(|t| (t.subspace, t)).collect() }
    }

    /// Loads every table file (`A-B.mtb`) in `dir`, checking each one.
    ///
    /// # Errors
    /// The directory cannot be read, holds no table ([`TablebaseError::MissingTable`]
    /// for 3-3), or a table fails a check (magic, version, rules, checksum, ...).
    pub fn open(dir: &Path) -> Result<Tablebase, TablebaseError> {
        let io = |cause| TablebaseError::Io { path: dir.to_path_buf(), cause };
        let mut tables = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(io)? {
            let path = entry.map_err(io)?.path();
            if path.extension().and_then(|e| e.to_str()) != Some(super::sector::FILE_EXTENSION) {
                continue;
            }
            let Some(subspace) = path.file_stem().and_then(|s| s.to_str()).and_then(|s| s.parse::<Subspace>().ok())
            else {
                continue;
            };
            tables.push(read_table(dir, subspace, &header_rules(&STANDARD), STANDARD.topology)?);
        }
        if tables.is_empty() {
            return Err(TablebaseError::MissingTable {
                dir: dir.to_path_buf(),
                subspace: Subspace::new(MIN_STONES, MIN_STONES),
            });
        }
        Ok(Tablebase::from_tables(tables))
    }

    /// Loads the tables of `subspace` and of every subspace its moves lead to (its
    /// mirror, and the one after a removal), for checking or probing it alone.
    ///
    /// # Errors
    /// A needed table is missing ([`TablebaseError::MissingTable`]) or fails a check.
    pub fn open_for(dir: &Path, subspaces: &[Subspace]) -> Result<Tablebase, TablebaseError> {
        let mut needed: Vec<Subspace> =
            subspaces.iter().flat_map(|&s| [Some(s), Some(s.mirrored()), s.after_removal()]).flatten().collect();
        needed.sort();
        needed.dedup();
        let rules = header_rules(&STANDARD);
        let tables = needed.into_iter().map(|s| read_table(dir, s, &rules, STANDARD.topology));
        Ok(Tablebase::from_tables(tables.collect::<Result<Vec<_>, _>>()?))
    }

    /// The loaded subspaces, in order.
    #[must_use]
    pub fn subspaces(&self) -> Vec<Subspace> {
        let mut out: Vec<Subspace> = self.tables.keys().copied().collect();
        out.sort();
        out
    }

    /// The loaded table of `subspace`.
    #[must_use]
    pub fn table(&self, subspace: Subspace) -> Option<&Table> {
        self.tables.get(&subspace)
    }

    /// The value for the side to move of the position with these stone sets (hands
    /// empty), if its subspace is loaded. A side to move with fewer than three stones
    /// has lost (in 0 plies).
    #[must_use]
    pub fn value_of_sets(&self, us: u32, them: u32) -> Option<OracleValue> {
        let sub = Subspace::new(us.count_ones() as u8, them.count_ones() as u8);
        if sub.us < MIN_STONES {
            return Some(OracleValue::Loss(0));
        }
        self.tables.get(&sub).map(|t| t.value(us, them))
    }

    /// The value of `pos` for its side to move, if covered: both hands empty, the rules
    /// the tables are built for, and the subspace loaded.
    #[must_use]
    pub fn value(&self, pos: &Position) -> Option<OracleValue> {
        let side = pos.side_to_move();
        if pos.in_hand(Color::White) != 0 || pos.in_hand(Color::Black) != 0 || !is_supported(pos.rules()) {
            return None;
        }
        self.value_of_sets(pos.stones(side).0, pos.stones(!side).0)
    }

    /// Every legal move of `pos` with its value for the side to move (through the
    /// child), best first; `None` if `pos` or a child is not covered.
    #[must_use]
    pub fn move_values(&self, pos: &Position) -> Option<Vec<(Move, OracleValue)>> {
        self.value(pos)?;
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let mut out = Vec::with_capacity(list.as_slice().len());
        for &m in list.as_slice() {
            let child = pos.play_unchecked(m);
            out.push((m, value_through(self.value(&child)?)));
        }
        out.sort_by_key(|&(_, v)| preference(v));
        Some(out)
    }
}

impl Oracle for Tablebase {
    fn probe(&self, pos: &Position) -> Option<OracleValue> {
        self.value(pos)
    }
}
