//! Move generation, counting, checking and play on a [`Position`].
//!
//! Order (documented, and pinned by the classroom golden tests): placements by
//! destination ascending; slides by source ascending, then destination ascending;
//! flights the same; a mill-closing move once per removable stone, ascending. Point
//! order is the topology's own.

use super::color::Color;
use super::moves::{Move, MoveList};
use super::position::{IllegalMove, Phase, Position};
use super::zobrist::KEYS;
use crate::topology::{Point, PointSet};

impl Position {
    /// Every move of the side to move by its phase alone, in the documented order,
    /// whether or not the game is over (the classroom programs search on regardless).
    pub fn generate_moves(&self, out: &mut MoveList) {
        out.clear();
        let topo = self.rules.topology;
        let us = self.stones[self.side];
        let empty = self.empty();
        let removable = self.removable();
        let mut push = |from: Option<Point>, to: Point, closes: bool| {
            if closes && !removable.is_empty() {
                for r in removable {
                    out.push(Move::new(from, to, Some(r)));
                }
            } else {
                out.push(Move::new(from, to, None));
            }
        };
        match self.phase(self.side) {
            Phase::Placing => {
                let closers = topo.mill_completions(us, empty);
                for to in empty {
                    push(None, to, closers.contains(to));
                }
            }
            Phase::Moving => {
                for from in us {
                    let rest = us.without(from.set());
                    for to in topo.neighbours(from) & empty {
                        push(Some(from), to, topo.closes_mill(to, rest));
                    }
                }
            }
            Phase::Flying => {
                for from in us {
                    let rest = us.without(from.set());
                    for to in empty {
                        push(Some(from), to, topo.closes_mill(to, rest));
                    }
                }
            }
        }
    }

    /// The legal moves: [`Position::generate_moves`], or none when the side to move has
    /// lost by material (fewer than 3 stones on board and in hand).
    pub fn legal_moves(&self, out: &mut MoveList) {
        if self.is_lost_by_material() {
            out.clear();
        } else {
            self.generate_moves(out);
        }
    }

    /// The number of moves [`Position::generate_moves`] would produce, without producing
    /// them (bulk counting for perft and for mobility terms).
    #[inline]
    #[must_use]
    pub fn count_generated_moves(&self) -> u32 {
        let topo = self.rules.topology;
        let us = self.stones[self.side];
        let empty = self.empty();
        // Removal choices per mill-closing move; computed only when some move closes one.
        let per_mill = || self.removable().len().max(1);
        match self.phase(self.side) {
            Phase::Placing => {
                let closers = topo.mill_completions(us, empty).len();
                if closers == 0 { empty.len() } else { empty.len() + closers * (per_mill() - 1) }
            }
            Phase::Moving => self.count_slides(self.side),
            Phase::Flying => {
                let mut closing = 0;
                for from in us {
                    closing += topo.mill_completions(us.without(from.set()), empty).len();
                }
                let all = us.len() * empty.len();
                if closing == 0 { all } else { all + closing * (per_mill() - 1) }
            }
        }
    }

    /// The number of moves `side`'s generator would produce here, whoever is to move
    /// (the same as [`Position::count_generated_moves`] with `side` to move): the
    /// classroom handout's `numBlackMoves` and the evaluations' mobility count. Sliding,
    /// the common case, is counted without copying the position.
    #[inline]
    #[must_use]
    pub fn count_moves_for(&self, side: Color) -> u32 {
        match self.phase(side) {
            Phase::Moving => self.count_slides(side),
            _ if side == self.side => self.count_generated_moves(),
            _ => self.with_side_to_move(side).count_generated_moves(),
        }
    }

    /// The slides of `side` (in the moving phase), a mill-closing slide once per stone it
    /// may remove. The empty neighbours of each stone are summed per point in a
    /// three-bit-sliced counter (a point has at most four neighbours), so three population
    /// counts replace one per stone; only slides onto a point completing a line (rare)
    /// need a closer look.
    fn count_slides(&self, side: Color) -> u32 {
        let topo = self.rules.topology;
        let (us, empty) = (self.stones[side], self.empty());
        let (mut ones, mut twos, mut fours) = (0u32, 0u32, 0u32);
        for p in us {
            let m = (topo.neighbours(p) & empty).0;
            let carry = ones & m;
            ones ^= m;
            fours |= twos & carry;
            twos ^= carry;
        }
        let count = ones.count_ones() + 2 * twos.count_ones() + 4 * fours.count_ones();
        // The empty points that complete a line of `us` (a line missing exactly one point,
        // tested without a population count: the default target has no such instruction).
        let mut completions = PointSet::EMPTY;
        for &line in topo.lines() {
            let missing = line.without(us).0;
            if missing != 0 && missing & (missing - 1) == 0 {
                completions |= PointSet(missing) & empty;
            }
        }
        if completions.is_empty() {
            return count;
        }
        // A mill-closing slide is one move per stone it may remove (at least one).
        let per_mill = self.removable_by(side).len().max(1);
        let mut closing = 0;
        for to in completions {
            // The stones that close a mill by sliding to `to`: adjacent, and not one of
            // the two stones of the line they would complete.
            let mut closers = PointSet::EMPTY;
            for &pair in topo.mill_partners(to) {
                if pair.is_subset(us) {
                    closers |= (topo.neighbours(to) & us).without(pair);
                }
            }
            closing += closers.len();
        }
        count + closing * (per_mill - 1)
    }

    /// The number of legal moves (0 when the side to move has lost by material).
    #[inline]
    #[must_use]
    pub fn count_legal_moves(&self) -> u32 {
        if self.is_lost_by_material() { 0 } else { self.count_generated_moves() }
    }

    /// Whether the side to move has fewer stones (board + hand) than it takes to make a
    /// mill, and so has lost.
    #[inline]
    #[must_use]
    pub fn is_lost_by_material(&self) -> bool {
        self.material(self.side) < 3
    }

    /// Whether the side to move has no legal move (blocked, or lost by material).
    #[must_use]
    pub fn is_blocked(&self) -> bool {
        self.count_legal_moves() == 0
    }

    /// The position after `m`, which the caller guarantees is legal here.
    ///
    /// An illegal move gives a position that breaks the rules (a stone may vanish or a
    /// hand underflow is saturated) but never undefined behaviour or a panic.
    #[inline]
    #[must_use]
    pub fn play_unchecked(&self, m: Move) -> Position {
        let mut next = *self;
        let us = self.side;
        let ui = us.index();
        let to = m.to();
        match m.from() {
            Some(from) => {
                next.stones[us] = next.stones[us].without(from.set());
                next.key ^= KEYS.stone[ui][from.index()];
            }
            None => {
                let h = next.in_hand[us];
                next.key ^= KEYS.in_hand[ui][h as usize];
                next.in_hand[us] = h.saturating_sub(1);
                next.key ^= KEYS.in_hand[ui][next.in_hand[us] as usize];
            }
        }
        next.stones[us] |= to.set();
        next.key ^= KEYS.stone[ui][to.index()];
        if let Some(r) = m.remove() {
            let them = !us;
            if next.stones[them].contains(r) {
                next.stones[them] = next.stones[them].without(r.set());
                next.key ^= KEYS.stone[them.index()][r.index()];
            }
        }
        next.side = !us;
        next.key ^= KEYS.black_to_move;
        next
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// The position after `m`, if `m` is legal.
    ///
    /// # Errors
    /// Why the move is illegal, as an [`IllegalMove`].
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        self.check_move(m)?;
        Ok(self.play_unchecked(m))
    }

    /// Checks `m` against the rules and says exactly what is wrong with it.
    ///
    /// # Errors
    /// The first rule the move breaks.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        let topo = self.rules.topology;
        let name = |p: Point| topo.point_name(p);
        let text = |m: Move| m.display(topo).to_string();
        let side = self.side;
        let us = self.stones[side];
        let empty = self.empty();
        if self.is_lost_by_material() || self.is_blocked() {
            return Err(IllegalMove::GameOver(side));
        }
        let phase = self.phase(side);
        let first_legal = || {
            let mut list = MoveList::new();
            self.generate_moves(&mut list);
            list.first().map_or_else(String::new, |&m| text(m))
        };
        match (m.from(), phase) {
            (None, Phase::Moving | Phase::Flying) => {
                return Err(IllegalMove::NothingInHand { side, example: first_legal() });
            }
            (Some(_), Phase::Placing) => {
                return Err(IllegalMove::MustPlace { side, count: self.in_hand[side], example: first_legal() });
            }
            _ => {}
        }
        let to = m.to();
        if let Some(from) = m.from() {
            if !us.contains(from) {
                return Err(IllegalMove::NotOwnStone { point: name(from), side });
            }
            if from == to {
                return Err(IllegalMove::SamePoint(name(from)));
            }
        }
        if !empty.contains(to) {
            return Err(IllegalMove::Occupied(name(to)));
        }
        if let (Some(from), Phase::Moving) = (m.from(), phase)
            && !topo.neighbours(from).contains(to)
        {
            // Sorted by name, as people read them (board order runs bottom-up).
            let mut options: Vec<&str> = (topo.neighbours(from) & empty).iter().map(name).collect();
            options.sort_unstable();
            let options = if options.is_empty() { "nowhere: it is blocked".to_string() } else { options.join(", ") };
            return Err(IllegalMove::NotAdjacent { from: name(from), to: name(to), options });
        }
        let rest = m.from().map_or(us, |f| us.without(f.set()));
        let closes = topo.closes_mill(to, rest);
        let removable = self.removable();
        let opponent = !side;
        match (closes, m.remove()) {
            (false, None) => Ok(()),
            (false, Some(_)) => Err(IllegalMove::NoMill { without: text(m.with_remove(None)) }),
            (true, None) => match removable.first() {
                Some(r) => Err(IllegalMove::MustRemove { example: text(m.with_remove(Some(r))) }),
                None => Ok(()),
            },
            (true, Some(r)) => {
                if removable.contains(r) {
                    Ok(())
                } else if !self.stones[opponent].contains(r) {
                    Err(IllegalMove::RemoveNotOpponent { point: name(r), opponent })
                } else if removable.is_empty() {
                    Err(IllegalMove::NothingRemovable { opponent, without: text(m.with_remove(None)) })
                } else {
                    Err(IllegalMove::RemoveFromMill { point: name(r), opponent })
                }
            }
        }
    }

    /// Whether a stone of the side to move arriving at `to` from `from` closes a mill.
    #[must_use]
    pub fn closes_mill(&self, from: Option<Point>, to: Point) -> bool {
        let us = self.stones[self.side];
        let rest = from.map_or(us, |f| us.without(f.set()));
        self.rules.topology.closes_mill(to, rest)
    }

    /// The points the stone on `from` may move to (empty if it is not the mover's).
    #[must_use]
    pub fn destinations(&self, from: Point) -> PointSet {
        if !self.stones[self.side].contains(from) {
            return PointSet::EMPTY;
        }
        match self.phase(self.side) {
            Phase::Placing => PointSet::EMPTY,
            Phase::Moving => self.rules.topology.neighbours(from) & self.empty(),
            Phase::Flying => self.empty(),
        }
    }

    /// The winner if the game is decided in this position by the rules of the position
    /// alone (the side to move has fewer than 3 stones, or no move); draws by repetition
    /// or move count need the history, see [`Game`](super::Game).
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        if self.is_blocked() { Some(!self.side) } else { None }
    }
}
