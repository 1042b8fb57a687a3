//! The checker's side of the board: how it picks its moves, which situations a move
//! meets, and what an engine's `result` line means. No search: one ply of look-ahead at
//! most, so the checker stays quick and its games stay varied.

use nom::bytes::complete::tag_no_case;
use nom::character::complete::satisfy;
use nom::combinator::{not, rest};
use nom::sequence::preceded;
use nom::{IResult, Parser};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;

use super::report::Situation;
use crate::referee::outcome::result::GameResult;
use crate::rules::{Color, Game, Move, MoveList, Outcome, Phase, Position, WinReason};
use crate::topology::PointSet;

/// How the checker plays a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CheckerStyle {
    /// Closes a mill when it can, else plays at random: games reach captures and flying.
    Capturer,
    /// Leaves the engine the fewest moves (the fewest free points next to its stones while
    /// placing) and never lets it fly: games reach a blocked side.
    Blocker,
    /// Builds mills and keeps them closed, moving other stones: once the engine has taken
    /// the loose stones, every checker stone stands in a mill when the engine closes one.
    Fortress,
}

impl CheckerStyle {
    /// The style of the checker's `game`-th game (from 0): two of each in turn, so each
    /// style meets the engine as either colour.
    #[must_use]
    pub const fn of_game(game: usize) -> CheckerStyle {
        match game % 6 {
            0 | 1 => CheckerStyle::Capturer,
            2 | 3 => CheckerStyle::Blocker,
            _ => CheckerStyle::Fortress,
        }
    }

    /// The checker's move in `position` (`None` if it has none): the best by the style's
    /// preference, ties broken at random. It never removes a stone that stands in a mill,
    /// which `rules.md` allows when every stone stands in one but the assignment does not
    /// ("removes any one of the opponent's pieces that is not itself part of a mill"), so
    /// an engine written to the assignment is never sent a move it may call illegal.
    pub fn choose(self, position: &Position, rng: &mut Xoshiro256PlusPlus) -> Option<Move> {
        let mut list = MoveList::new();
        position.legal_moves(&mut list);
        let in_mills = position.topology().in_mills(position.stones(!position.side_to_move()));
        let moves: Vec<Move> =
            list.as_slice().iter().copied().filter(|m| m.remove().is_none_or(|r| !in_mills.contains(r))).collect();
        let best = moves.iter().map(|&m| self.cost(position, m)).min()?;
        let best: Vec<Move> = moves.iter().copied().filter(|&m| self.cost(position, m) == best).collect();
        best.choose(rng).copied()
    }

    /// How little the style likes `m` (lower is better).
    fn cost(self, position: &Position, m: Move) -> u32 {
        let us = position.side_to_move();
        let after = position.play_unchecked(m);
        let topology = position.topology();
        match self {
            CheckerStyle::Capturer => u32::from(m.remove().is_none()),
            CheckerStyle::Blocker => {
                let flies = u32::from(after.in_hand(!us) == 0 && after.phase(!us) == Phase::Flying);
                let freedom = if after.in_hand(!us) > 0 {
                    let mut near = PointSet::EMPTY;
                    for p in after.stones(!us).iter() {
                        near |= topology.neighbours(p);
                    }
                    (near & after.empty()).len()
                } else {
                    after.count_legal_moves()
                };
                flies * 1000 + freedom
            }
            CheckerStyle::Fortress => {
                let mine = after.stones(us);
                let loose = mine.without(topology.in_mills(mine)).len();
                // While placing, also prefer lines that hold only our stones (mills to be).
                let promise: u32 = topology
                    .lines()
                    .iter()
                    .filter(|&&line| (line & after.stones(!us)).is_empty())
                    .map(|&line| (line & mine).len().pow(2))
                    .sum();
                loose * 100 + 100u32.saturating_sub(promise)
            }
        }
    }
}

/// The situations that playing `m` in `game` meets (the move is legal there).
#[must_use]
pub fn situations_of(game: &Game, m: Move) -> Vec<Situation> {
    let position = game.position();
    let side = position.side_to_move();
    let mut met = Vec::new();
    met.push(match (m.from(), position.phase(side)) {
        (None, _) => Situation::Placing,
        (Some(_), Phase::Flying) => Situation::Flying,
        (Some(_), _) => Situation::Moving,
    });
    if m.remove().is_some() {
        met.push(Situation::Capture);
    }
    let them = position.stones(!side);
    if position.closes_mill(m.from(), m.to()) && !them.is_empty() && them.is_subset(position.topology().in_mills(them))
    {
        met.push(Situation::AllInMills);
    }
    let mut after = game.clone();
    if after.play(m).is_ok() && matches!(after.outcome(), Some(Outcome::Win { reason: WinReason::Blocked, .. })) {
        met.push(Situation::Blocked);
    }
    met
}

/// The text after a leading `result` that is a word of its own (`result: …` too).
fn after_result(input: &str) -> IResult<&str, &str> {
    preceded((tag_no_case("result"), not(satisfy(char::is_alphanumeric))), rest).parse(input)
}

/// What a `result` line claims, by meaning rather than wording: `result white by …`,
/// `result 0-1 white reduced to 2 pieces`, `result draw`, `result black wins`,
/// `result white lost` (`None` if it does not say who won, or is not a result line).
#[must_use]
pub fn claimed_result(line: &str) -> Option<GameResult> {
    let (_, text) = after_result(line.trim()).ok()?;
    let words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ':' | ',' | ';' | '!' | '(' | ')'))
        .map(|w| w.trim_end_matches('.').to_lowercase())
        .filter(|w| !w.is_empty())
        .collect();
    let colour = |w: &str| match w {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    };
    let verdict = |k: usize| -> Option<GameResult> {
        match words[k].as_str() {
            "1-0" => return Some(GameResult::Win(Color::White)),
            "0-1" => return Some(GameResult::Win(Color::Black)),
            "1/2-1/2" | "½-½" | "draw" | "drawn" | "tie" | "=" => return Some(GameResult::Draw),
            _ => {}
        }
        let c = colour(&words[k])?;
        match words.get(k + 1).map(String::as_str) {
            // "white loses", "white is blocked": the other side won.
            Some("loses" | "lost" | "lose" | "resigns" | "is") => Some(GameResult::Win(!c)),
            Some("wins" | "won" | "win") => Some(GameResult::Win(c)),
            // A colour first is the winner (protocol.md: `result white by blocking black`).
            _ if k == 0 => Some(GameResult::Win(c)),
            _ => None,
        }
    };
    (0..words.len()).find_map(verdict)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::STANDARD;
    use rand::SeedableRng;

    #[test]
    fn result_lines_are_read_by_meaning() {
        let white = Some(GameResult::Win(Color::White));
        let black = Some(GameResult::Win(Color::Black));
        assert_eq!(claimed_result("result white by blocking black"), white);
        assert_eq!(claimed_result("result 0-1 white reduced to 2 pieces"), black);
        assert_eq!(claimed_result("result 1-0"), white);
        assert_eq!(claimed_result("result draw by repetition"), Some(GameResult::Draw));
        assert_eq!(claimed_result("result 1/2-1/2"), Some(GameResult::Draw));
        assert_eq!(claimed_result("result: black wins!"), black);
        assert_eq!(claimed_result("result the game goes to black (white lost)"), black);
        assert_eq!(claimed_result("result white is blocked"), black);
        assert_eq!(claimed_result("result game over"), None);
        assert_eq!(claimed_result("result"), None);
        assert_eq!(claimed_result("info result white"), None);
        assert_eq!(claimed_result("resultant white"), None);
    }

    #[test]
    fn styles_prefer_captures_and_play_legal_moves() {
        // White to move can close the mill A7-D7-G7 (G7 empty).
        let game = crate::rules::notation::game_after(&STANDARD, "A7 A1 D7 D1").expect("legal");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        for style in [CheckerStyle::Capturer, CheckerStyle::Fortress] {
            let m = style.choose(game.position(), &mut rng).expect("a move");
            assert!(m.remove().is_some(), "{style:?} closes the mill");
            let met = situations_of(&game, m);
            assert!(met.contains(&Situation::Placing) && met.contains(&Situation::Capture), "{met:?}");
        }
    }

    #[test]
    fn a_mill_against_stones_all_in_mills_is_noticed() {
        // Black's three stones form the mill A1-D1-G1; white closes A7-D7-G7.
        let game = crate::rules::notation::game_after(&STANDARD, "A7 A1 D7 D1 B6 G1,B6").expect("legal");
        let g7 = STANDARD.topology.point_named("G7").expect("point");
        let a1 = STANDARD.topology.point_named("A1").expect("point");
        let m = Move::new(None, g7, Some(a1));
        assert!(game.position().is_legal(m));
        assert!(situations_of(&game, m).contains(&Situation::AllInMills));
    }
}
