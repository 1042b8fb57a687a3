//! Clicks on points become a move: the page sends the points clicked so far, and this
//! module answers with the move to play, or with the points the next click may go to,
//! or with the rules core's reason why a click is refused (the same sentence the
//! protocol gives, `F2 is occupied`). The page keeps no rule of its own.
//!
//! A placement is one click (two if it closes a mill: then the stone to remove); a slide
//! or flight is the stone, then its destination (a click on another own stone picks that
//! one instead), then the stone to remove if it closes a mill.

use crate::rules::notation::{ParseMoveError, parse_point};
use crate::rules::{IllegalMove, Move, Phase, Position};
use crate::topology::{Point, PointSet};

/// The most clicks one move takes.
const MAX_CLICKS: usize = 3;

/// Why clicks are refused. The first two are requests no page sends (a page sends one
/// to three clicks); the others are clicks the rules refuse, with the rules core's reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClickError {
    /// No click, or more than a move takes.
    #[error("expected 1 to {MAX_CLICKS} clicked points, got {0}")]
    Count(usize),
    /// A click after the stone the move removes.
    #[error("a move ends with the stone it removes")]
    AfterRemoval,
    /// A name that is no point of the board.
    #[error("{name}: {error}")]
    NotAPoint {
        /// The name clicked, trimmed.
        name: String,
        /// Why it is no point (boxed: it is large, and rare).
        error: Box<ParseMoveError>,
    },
    /// A stone whose neighbours are all taken.
    #[error("{0} cannot move: every neighbouring point is taken")]
    Blocked(&'static str),
    /// A click no legal move allows.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// What the next click chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ClickStage {
    /// Where the selected stone goes.
    To,
    /// The opponent stone a closed mill removes.
    Remove,
}

/// What the clicks so far lead to.
#[derive(Debug, PartialEq, Eq)]
pub enum Clicked {
    /// Not a whole move yet.
    Need {
        /// What the next click chooses.
        stage: ClickStage,
        /// The clicks that stand.
        clicks: Vec<&'static str>,
        /// Where the next click may go.
        highlight: Vec<&'static str>,
        /// What to do next.
        prompt: String,
        /// While a removal is pending: the points of the mills the move just closed
        /// (the page draws the move as made, with these mills, then asks for the removal).
        mill: Vec<&'static str>,
    },
    /// A legal move.
    Play(Move),
}

fn names(pos: &Position, set: PointSet) -> Vec<&'static str> {
    set.iter().map(|p| pos.topology().point_name(p)).collect()
}

/// The points where a move of the side to move may start: empty points while placing,
/// stones that can move otherwise.
#[must_use]
pub fn start_points(pos: &Position) -> Vec<&'static str> {
    names(pos, start_set(pos))
}

fn start_set(pos: &Position) -> PointSet {
    let side = pos.side_to_move();
    match pos.phase(side) {
        Phase::Placing => pos.empty(),
        Phase::Moving | Phase::Flying => pos
            .stones(side)
            .iter()
            .filter(|&p| !pos.destinations(p).is_empty())
            .fold(PointSet::EMPTY, |s, p| s | p.set()),
    }
}

/// Interprets the clicks `clicked` (point names) in `pos`.
///
/// # Errors
/// Too few or too many clicks, a name that is not a point, or a click no legal move
/// allows (with the rules core's reason).
pub fn interpret(pos: &Position, clicked: &[String]) -> Result<Clicked, ClickError> {
    if clicked.is_empty() || clicked.len() > MAX_CLICKS {
        return Err(ClickError::Count(clicked.len()));
    }
    let topo = pos.topology();
    let points = clicked
        .iter()
        .map(|n| {
            parse_point(n, topo)
                .map_err(|error| ClickError::NotAPoint { name: n.trim().to_string(), error: Box::new(error) })
        })
        .collect::<Result<Vec<Point>, ClickError>>()?;
    let name = |p: Point| topo.point_name(p);
    let side = pos.side_to_move();
    let placing = pos.phase(side) == Phase::Placing;
    // Split the clicks into (from, to, remove) by the phase.
    let (from, rest) = if placing { (None, &points[..]) } else { (Some(points[0]), &points[1..]) };
    if let Some(from) = from {
        if !pos.stones(side).contains(from) {
            return Err(IllegalMove::NotOwnStone { point: name(from), side }.into());
        }
        let Some(&to) = rest.first() else {
            let targets = pos.destinations(from);
            if targets.is_empty() {
                return Err(ClickError::Blocked(name(from)));
            }
            let verb = if pos.phase(side) == Phase::Flying { "fly" } else { "slide" };
            return Ok(Clicked::Need {
                stage: ClickStage::To,
                clicks: vec![name(from)],
                highlight: names(pos, targets),
                prompt: format!("Where does {} {verb}?", name(from)),
                mill: Vec::new(),
            });
        };
        if to != from && pos.stones(side).contains(to) && rest.len() == 1 {
            // Another own stone: pick it instead.
            return interpret(pos, &[name(to).to_string()]);
        }
    }
    let to = rest[0];
    let partial = Move::new(from, to, None);
    match rest.get(1) {
        None => {
            let removable = pos.removable();
            match pos.check_move(partial) {
                Err(IllegalMove::MustRemove { .. }) if !removable.is_empty() => {
                    let mut clicks: Vec<&'static str> = from.into_iter().map(name).collect();
                    clicks.push(name(to));
                    // The mover's stones with the move made: the mills through `to`.
                    let after = from.map_or(pos.stones(side), |f| pos.stones(side).without(f.set())) | to.set();
                    let mill = topo
                        .mill_partners(to)
                        .iter()
                        .filter(|pair| pair.is_subset(after))
                        .fold(to.set(), |all, &pair| all | pair);
                    Ok(Clicked::Need {
                        stage: ClickStage::Remove,
                        clicks,
                        highlight: names(pos, removable),
                        prompt: format!("Mill! Remove a {} stone.", !side),
                        mill: names(pos, mill),
                    })
                }
                Err(e) => Err(e.into()),
                Ok(()) => Ok(Clicked::Play(partial)),
            }
        }
        Some(&remove) => {
            let m = Move::new(from, to, Some(remove));
            pos.check_move(m)?;
            if rest.len() > 2 {
                return Err(ClickError::AfterRemoval);
            }
            Ok(Clicked::Play(m))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::STANDARD;
    use crate::rules::notation::parse_position;

    fn clicks(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_string()).collect()
    }

    fn reason(pos: &Position, list: &[&str]) -> String {
        match interpret(pos, &clicks(list)) {
            Err(e) => e.to_string(),
            Ok(step) => panic!("expected a refusal, got {step:?}"),
        }
    }

    #[test]
    fn a_placement_is_one_click_and_refusals_are_the_rules_reasons() {
        let pos = Position::start(&STANDARD);
        let d2 = parse_point("D2", pos.topology()).unwrap();
        assert_eq!(interpret(&pos, &clicks(&["d2"])).unwrap(), Clicked::Play(Move::place(d2)));
        let after = pos.play(Move::place(d2)).unwrap();
        assert_eq!(reason(&after, &["D2"]), "D2 is occupied");
        assert_eq!(reason(&after, &["D4"]), "D4: D4 is not a point on this board: column D has D1, D2, D3, D5, D6, D7");
        assert_eq!(start_points(&after).len(), 23);
    }

    #[test]
    fn a_mill_asks_for_the_stone_to_remove() {
        // White A7 D7 to place G7; Black on B6 and D6.
        let pos = parse_position("WWxBBxxxxxxxxxxxxxxxxxxx white 7 7", &STANDARD).unwrap();
        match interpret(&pos, &clicks(&["G7"])).unwrap() {
            Clicked::Need { clicks, highlight, mill, .. } => {
                assert_eq!(clicks, vec!["G7"]);
                assert_eq!(highlight, vec!["B6", "D6"]);
                assert_eq!(mill, vec!["A7", "D7", "G7"], "the mill just closed");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(interpret(&pos, &clicks(&["G7", "D6"])).unwrap(), Clicked::Play(_)));
        assert_eq!(reason(&pos, &["G7", "A1"]), "A1 is not a Black stone: a mill removes one of Black's stones");
    }

    #[test]
    fn a_slide_is_a_stone_then_a_point() {
        // White A7 D7 E4 F4, Black B2 D2 F2 G1; hands empty, White slides.
        let pos = parse_position("WWxxxxxxxxxxWWxxxxBBBxxB white", &STANDARD).unwrap();
        match interpret(&pos, &clicks(&["A7"])).unwrap() {
            Clicked::Need { highlight, .. } => assert_eq!(highlight, vec!["A4"]),
            other => panic!("{other:?}"),
        }
        assert_eq!(reason(&pos, &["B2"]), "B2 is not a White stone: move one of White's own stones");
        assert_eq!(reason(&pos, &["A7", "A1"]), "A7 and A1 are not adjacent (A7 can move to A4)");
        // Another own stone replaces the first.
        match interpret(&pos, &clicks(&["A7", "D7"])).unwrap() {
            Clicked::Need { clicks, .. } => assert_eq!(clicks, vec!["D7"]),
            other => panic!("{other:?}"),
        }
        assert!(matches!(interpret(&pos, &clicks(&["A7", "A4"])).unwrap(), Clicked::Play(_)));
        // A flight that closes a mill (White A7 D7 G4 flies G4-G7): the mill is drawn
        // with the stone where it arrives.
        let fly = parse_position("WWxxxxxxxxxxxxWxxxBxxBBx white", &STANDARD).unwrap();
        match interpret(&fly, &clicks(&["G4", "G7"])).unwrap() {
            Clicked::Need { stage, mill, .. } => {
                assert_eq!((stage, mill), (ClickStage::Remove, vec!["A7", "D7", "G7"]))
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(interpret(&pos, &clicks(&[])).unwrap_err(), ClickError::Count(0));
        assert_eq!(interpret(&pos, &clicks(&["A7", "A4", "B2", "D2"])).unwrap_err(), ClickError::Count(4));
    }
}
