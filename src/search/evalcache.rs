//! A small direct-mapped cache of static evaluations, keyed by the position's hash: the
//! leaves of one iteration are largely the leaves of the next (and quiescence and reverse
//! futility evaluate the same positions again), and a pattern evaluation costs far more
//! than a lookup. Measured in `morris bench`: 41 % of the evaluations hit, about a fifth
//! more nodes a second, the same nodes (docs/engine.md, "An evaluation cache").
//!
//! The engine keeps one across its searches (as it keeps its transposition table): an
//! evaluation is a function of the position alone, so what one move's search cached is
//! right for the next, and a search does not pay to clear a megabyte.

use super::params::EVAL_CACHE_BITS;
use crate::eval::{EvalChoice, evaluate};
use crate::rules::{Position, Ruleset};

/// Evaluations by position key, one per slot, the newest kept; all of one evaluation of
/// one rule set.
pub struct EvalCache {
    slots: Vec<(u64, i32)>,
    /// The evaluation and rules the slots hold values of (the same key means the same
    /// position only under the same rules and board).
    of: Option<(EvalChoice, &'static Ruleset)>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache::new()
    }
}

impl EvalCache {
    /// An empty cache; its `2^EVAL_CACHE_BITS` slots (1 MB) are made at its first use.
    #[must_use]
    pub fn new() -> EvalCache {
        EvalCache { slots: Vec::new(), of: None }
    }

    /// Makes the cache hold `eval`'s values under `rules`: empties it if it held another
    /// evaluation's or another rule set's. Each slot starts with a key that cannot be
    /// looked up there (its low bits are the slot's number inverted), so an empty slot
    /// never answers.
    pub fn prepare(&mut self, eval: EvalChoice, rules: &'static Ruleset) {
        let same = self.of.is_some_and(|(e, r)| e == eval && std::ptr::eq(r, rules));
        if !same {
            self.slots = (0..1u64 << EVAL_CACHE_BITS).map(|i| (!i, 0)).collect();
            self.of = Some((eval, rules));
        }
    }

    /// The static value of `pos` by `eval`: the cached one, or a new evaluation, which is
    /// then cached. The second value says whether it was cached.
    #[inline]
    pub fn evaluate(&mut self, eval: EvalChoice, pos: &Position) -> (i32, bool) {
        self.prepare(eval, pos.rules());
        let key = pos.key();
        let slot = &mut self.slots[(key as usize) & ((1 << EVAL_CACHE_BITS) - 1)];
        if slot.0 == key {
            return (slot.1, true);
        }
        let value = evaluate(eval, pos);
        *slot = (key, value);
        (value, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CLASSROOM, MoveList, STANDARD};

    /// A position a few placements in.
    fn some_position() -> Position {
        let mut pos = Position::start(&STANDARD);
        let mut moves = MoveList::new();
        for k in [3, 7, 1] {
            pos.legal_moves(&mut moves);
            pos = pos.play_unchecked(moves[k]);
        }
        pos
    }

    #[test]
    fn a_position_is_evaluated_once_and_answered_from_the_cache_after() {
        let pos = some_position();
        let mut cache = EvalCache::new();
        let first = cache.evaluate(EvalChoice::Strong, &pos);
        assert_eq!(first, (evaluate(EvalChoice::Strong, &pos), false));
        assert_eq!(cache.evaluate(EvalChoice::Strong, &pos), (first.0, true));
    }

    #[test]
    fn another_evaluation_or_rule_set_empties_it() {
        let pos = some_position();
        let mut cache = EvalCache::new();
        cache.evaluate(EvalChoice::Strong, &pos);
        assert_eq!(cache.evaluate(EvalChoice::Handout, &pos), (evaluate(EvalChoice::Handout, &pos), false));
        assert!(cache.evaluate(EvalChoice::Handout, &pos).1);
        cache.prepare(EvalChoice::Handout, &CLASSROOM);
        assert!(!cache.evaluate(EvalChoice::Handout, &pos).1, "emptied by the other rules");
    }

    #[test]
    fn an_empty_slot_answers_no_key() {
        let mut cache = EvalCache::new();
        cache.prepare(EvalChoice::Strong, &STANDARD);
        let mask = (1 << EVAL_CACHE_BITS) - 1;
        assert!(cache.slots.iter().enumerate().all(|(i, &(key, _))| key as usize & mask != i));
        assert_eq!(cache.slots.len(), mask + 1);
    }
}
