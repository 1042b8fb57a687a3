//! Tournament formats: the knockout of the tournament assignment (docs/assignments.md), round robin and gauntlet,
//! and the games a pairing asks for ([`Pairing`], [`swapped_pairs`]).
//!
//! The bracket logic is pure: it draws from a seeded generator and asks a callback to play
//! bouts, so it can be tested without processes.
//!
//! Knockout (the tournament assignment's): each round the remaining entrants are shuffled and paired off;
//! winners advance. With an odd number, the one left over (the odd one out) plays one
//! winner of the round chosen at random; whoever wins that bout advances and the loser
//! does not (a winner that loses its second bout is out). A bout is `games` games
//! (colour-swapped pairs from the same opening); a drawn bout plays up to
//! `tiebreak_pairs` extra colour-swapped pairs, one at a time, and if it is still level a
//! coin from the seed decides.

use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};

use super::error::TournamentError;

/// Offset mixed into the seed for the bracket, so the openings drawn from the same seed
/// and the pairings are independent streams.
const BRACKET_STREAM: u64 = 0x6b6e_6f63_6b6f_7574;

/// A tournament's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentFormat {
    /// The tournament assignment's random pair-off: winners advance, an odd one out plays a random winner.
    Knockout,
    /// Everyone plays everyone.
    RoundRobin,
    /// The first entrant plays each other one.
    Gauntlet,
}

impl TournamentFormat {
    /// Every format, in the order the help lists them.
    pub const ALL: [TournamentFormat; 3] =
        [TournamentFormat::Knockout, TournamentFormat::RoundRobin, TournamentFormat::Gauntlet];

    /// The name on the command line and in a roster: `knockout`, `round-robin`, `gauntlet`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TournamentFormat::Knockout => "knockout",
            TournamentFormat::RoundRobin => "round-robin",
            TournamentFormat::Gauntlet => "gauntlet",
        }
    }
}

impl std::str::FromStr for TournamentFormat {
    type Err = String;

    fn from_str(text: &str) -> Result<TournamentFormat, String> {
        TournamentFormat::ALL
            .into_iter()
            .find(|f| f.name() == text.trim())
            .ok_or_else(|| format!("'{text}' is not a format: expected knockout, round-robin or gauntlet"))
    }
}

/// How a bout was decided.
#[derive(Clone, Debug, PartialEq)]
pub enum Decision {
    /// By points in its games (including tie-break pairs).
    Points,
    /// Still level after the tie-break pairs: by the seeded coin.
    Coin,
}

/// One bout: two entrants, their points and the winner.
#[derive(Clone, Debug, PartialEq)]
pub struct Bout {
    /// First entrant (white in the bout's first game).
    pub a: usize,
    /// Second entrant.
    pub b: usize,
    /// Points of `a` and `b`, tie-break games included.
    pub points: (f64, f64),
    /// The winner (`a` or `b`).
    pub winner: usize,
    /// Tie-break pairs played.
    pub tiebreak_pairs: usize,
    /// How the winner was decided.
    pub decision: Decision,
}

/// One knockout round.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    /// Round number (from 1).
    pub number: usize,
    /// The paired bouts.
    pub bouts: Vec<Bout>,
    /// The odd one out's bout against a randomly chosen winner, if the number was odd.
    pub odd_bout: Option<Bout>,
    /// Who advances, in order.
    pub advancing: Vec<usize>,
}

/// The pairing of one round: shuffled pairs and the odd one out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundPlan {
    /// Pairs, in bout order.
    pub pairs: Vec<(usize, usize)>,
    /// The entrant left over, if the number is odd.
    pub odd: Option<usize>,
}

/// Shuffles `entrants` and pairs them off in order; the last one is left over if their
/// number is odd.
pub fn plan_round(entrants: &[usize], rng: &mut Xoshiro256PlusPlus) -> RoundPlan {
    let mut order = entrants.to_vec();
    order.shuffle(rng);
    let pairs = order.chunks_exact(2).map(|p| (p[0], p[1])).collect();
    let odd = if order.len() % 2 == 1 { order.last().copied() } else { None };
    RoundPlan { pairs, odd }
}

/// The first round of a knockout of `entrants` under `seed`: what [`knockout`] pairs
/// first (later rounds depend on the results).
#[must_use]
pub fn first_round(entrants: usize, seed: u64) -> RoundPlan {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ BRACKET_STREAM);
    plan_round(&(0..entrants).collect::<Vec<_>>(), &mut rng)
}

/// How many bouts a knockout of `entrants` has: per round one per pair and one for the
/// odd one out, and half the round (rounded down) advances.
#[must_use]
pub fn knockout_bouts(entrants: usize) -> usize {
    let mut left = entrants;
    let mut bouts = 0;
    while left > 1 {
        bouts += left / 2 + left % 2;
        left /= 2;
    }
    bouts
}

/// Points of each bout's two entrants, in bout order.
pub type BoutPoints = Result<Vec<(f64, f64)>, TournamentError>;

/// Plays bouts: given pairs `(a, b)` and a number of colour-swapped game pairs each,
/// returns the points of `a` and `b` per pair, in order.
pub trait BoutPlayer {
    /// Plays `pairs_each` colour-swapped pairs of games for every pair.
    ///
    /// # Errors
    /// Games could not be played.
    fn play(&mut self, pairs: &[(usize, usize)], pairs_each: usize) -> BoutPoints;
}

impl<F> BoutPlayer for F
where
    F: FnMut(&[(usize, usize)], usize) -> BoutPoints,
{
    fn play(&mut self, pairs: &[(usize, usize)], pairs_each: usize) -> BoutPoints {
        self(pairs, pairs_each)
    }
}

/// Knockout settings.
#[derive(Clone, Copy, Debug)]
pub struct KnockoutSettings {
    /// Colour-swapped pairs per bout.
    pub pairs_per_bout: usize,
    /// Extra pairs for a level bout before the coin.
    pub tiebreak_pairs: usize,
    /// The seed of pairings, odd-one-out choices and coins.
    pub seed: u64,
}

/// Plays bouts all at once, then tie-breaks the level ones, then flips coins.
fn play_bouts(
    pairs: &[(usize, usize)],
    settings: &KnockoutSettings,
    rng: &mut Xoshiro256PlusPlus,
    player: &mut impl BoutPlayer,
) -> Result<Vec<Bout>, TournamentError> {
    let points = player.play(pairs, settings.pairs_per_bout)?;
    let mut bouts: Vec<Bout> = pairs
        .iter()
        .zip(points)
        .map(|(&(a, b), points)| Bout { a, b, points, winner: a, tiebreak_pairs: 0, decision: Decision::Points })
        .collect();
    for _ in 0..settings.tiebreak_pairs {
        let level: Vec<usize> = (0..bouts.len()).filter(|&i| bouts[i].points.0 == bouts[i].points.1).collect();
        if level.is_empty() {
            break;
        }
        let extra_pairs: Vec<(usize, usize)> = level.iter().map(|&i| (bouts[i].a, bouts[i].b)).collect();
        let extra = player.play(&extra_pairs, 1)?;
        for (&i, (pa, pb)) in level.iter().zip(extra) {
            bouts[i].points.0 += pa;
            bouts[i].points.1 += pb;
            bouts[i].tiebreak_pairs += 1;
        }
    }
    for bout in &mut bouts {
        if bout.points.0 > bout.points.1 {
            bout.winner = bout.a;
        } else if bout.points.1 > bout.points.0 {
            bout.winner = bout.b;
        } else {
            bout.winner = if rng.random_bool(0.5) { bout.a } else { bout.b };
            bout.decision = Decision::Coin;
        }
    }
    Ok(bouts)
}

/// Runs a knockout over entrants `0..entrants`; calls `on_round` after each round.
/// Returns the rounds and the champion.
///
/// # Errors
/// No entrants, or the player failed.
pub fn knockout(
    entrants: usize,
    settings: &KnockoutSettings,
    player: &mut impl BoutPlayer,
    mut on_round: impl FnMut(&Round),
) -> Result<(Vec<Round>, usize), TournamentError> {
    if entrants == 0 {
        return Err(TournamentError::NoEntrants);
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(settings.seed ^ BRACKET_STREAM);
    let mut remaining: Vec<usize> = (0..entrants).collect();
    let mut rounds = Vec::new();
    while remaining.len() > 1 {
        let plan = plan_round(&remaining, &mut rng);
        let bouts = play_bouts(&plan.pairs, settings, &mut rng, player)?;
        let mut advancing: Vec<usize> = bouts.iter().map(|b| b.winner).collect();
        let mut odd_bout = None;
        if let Some(odd) = plan.odd {
            // The tournament assignment: the odd one out plays one randomly chosen winner of the round;
            // only the winner of that bout goes on.
            let Some(&challenged) = advancing.choose(&mut rng) else { return Err(TournamentError::NoWinners) };
            let bout = play_bouts(&[(odd, challenged)], settings, &mut rng, player)?.remove(0);
            if bout.winner == odd {
                for a in &mut advancing {
                    if *a == challenged {
                        *a = odd;
                    }
                }
            }
            odd_bout = Some(bout);
        }
        let round = Round { number: rounds.len() + 1, bouts, odd_bout, advancing: advancing.clone() };
        on_round(&round);
        rounds.push(round);
        remaining = advancing;
    }
    Ok((rounds, remaining[0]))
}

/// One game to play: engine indices and the opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// Engine playing white.
    pub white: usize,
    /// Engine playing black.
    pub black: usize,
    /// Opening moves.
    pub opening: String,
}

/// The colour-swapped games of `pairs` openings between `a` and `b`: for each opening,
/// `a` as white, then `b` as white. `openings` is drawn from cyclically via `next`.
#[must_use]
pub fn swapped_pairs(a: usize, b: usize, pairs: usize, openings: &[String], next: &mut usize) -> Vec<Pairing> {
    let mut games = Vec::with_capacity(2 * pairs);
    for _ in 0..pairs {
        let opening = if openings.is_empty() { String::new() } else { openings[*next % openings.len()].clone() };
        *next += 1;
        games.push(Pairing { white: a, black: b, opening: opening.clone() });
        games.push(Pairing { white: b, black: a, opening });
    }
    games
}

/// The pairs a round robin or a gauntlet plays (a knockout's come round by round).
#[must_use]
pub fn pairings(format: TournamentFormat, entrants: usize) -> Vec<(usize, usize)> {
    if format == TournamentFormat::Gauntlet { gauntlet_pairs(entrants) } else { round_robin_pairs(entrants) }
}

/// Every pair of entrants once, `(i, j)` with `i < j`.
#[must_use]
pub fn round_robin_pairs(entrants: usize) -> Vec<(usize, usize)> {
    (0..entrants).flat_map(|i| (i + 1..entrants).map(move |j| (i, j))).collect()
}

/// The first entrant against each other one.
#[must_use]
pub fn gauntlet_pairs(entrants: usize) -> Vec<(usize, usize)> {
    (1..entrants).map(|j| (0, j)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player where the lower index always wins every game: 1 point per game.
    fn lower_wins(log: &mut Vec<(usize, usize)>) -> impl FnMut(&[(usize, usize)], usize) -> BoutPoints + '_ {
        move |pairs: &[(usize, usize)], each: usize| {
            log.extend_from_slice(pairs);
            let games = (2 * each) as f64;
            Ok(pairs.iter().map(|&(a, b)| if a < b { (games, 0.0) } else { (0.0, games) }).collect())
        }
    }

    const SETTINGS: KnockoutSettings = KnockoutSettings { pairs_per_bout: 1, tiebreak_pairs: 1, seed: 7 };

    #[test]
    fn plan_round_pairs_everyone_once() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let plan = plan_round(&[0, 1, 2, 3, 4], &mut rng);
        assert_eq!(plan.pairs.len(), 2);
        let mut seen: Vec<usize> = plan.pairs.iter().flat_map(|&(a, b)| [a, b]).chain(plan.odd).collect();
        seen.sort_unstable();
        assert_eq!(seen, [0, 1, 2, 3, 4]);
        let mut again = Xoshiro256PlusPlus::seed_from_u64(3);
        assert_eq!(plan, plan_round(&[0, 1, 2, 3, 4], &mut again));
        assert_eq!(plan_round(&[0, 1], &mut rng).odd, None);
    }

    #[test]
    fn knockout_of_three_has_an_odd_one_out_against_the_winner() {
        let mut log = Vec::new();
        let (rounds, champion) = knockout(3, &SETTINGS, &mut lower_wins(&mut log), |_| {}).unwrap();
        assert_eq!(champion, 0);
        assert_eq!(rounds.len(), 1);
        let r = &rounds[0];
        assert_eq!(r.bouts.len(), 1);
        let odd = r.odd_bout.as_ref().unwrap();
        // The odd one out plays the only winner; exactly one of them advances.
        assert_eq!(odd.b, r.bouts[0].winner);
        assert_eq!(r.advancing, [0]);
        assert_eq!(log.len(), 2);
    }

    #[test]
    fn knockout_of_five_is_deterministic_and_loser_of_second_bout_is_out() {
        for seed in 0..40 {
            let settings = KnockoutSettings { seed, ..SETTINGS };
            let mut log = Vec::new();
            let (rounds, champion) = knockout(5, &settings, &mut lower_wins(&mut log), |_| {}).unwrap();
            assert_eq!(champion, 0, "seed {seed}");
            let first = &rounds[0];
            assert_eq!(first.bouts.len(), 2);
            let odd = first.odd_bout.as_ref().unwrap();
            let winners: Vec<usize> = first.bouts.iter().map(|b| b.winner).collect();
            assert!(winners.contains(&odd.b), "the odd one out plays a winner of the round");
            assert_eq!(first.advancing.len(), 2);
            // Whoever lost the extra bout does not advance.
            let extra_loser = if odd.winner == odd.a { odd.b } else { odd.a };
            assert!(!first.advancing.contains(&extra_loser));
            assert!(first.advancing.contains(&odd.winner));
            // Five entrants: 2 bouts + 1 extra, then 1 final.
            assert_eq!(rounds.len(), 2);
            assert_eq!(log.len(), 4);
            let mut again = Vec::new();
            let (rounds2, _) = knockout(5, &settings, &mut lower_wins(&mut again), |_| {}).unwrap();
            assert_eq!(rounds, rounds2, "same seed, same bracket");
            assert_eq!(log, again);
        }
    }

    #[test]
    fn odd_one_out_can_knock_out_a_winner() {
        // The highest index always wins: then the odd one out beats whoever it meets.
        let mut player = |pairs: &[(usize, usize)], each: usize| -> BoutPoints {
            let g = (2 * each) as f64;
            Ok(pairs.iter().map(|&(a, b)| if a > b { (g, 0.0) } else { (0.0, g) }).collect())
        };
        for seed in 0..40 {
            let settings = KnockoutSettings { seed, ..SETTINGS };
            let (rounds, champion) = knockout(3, &settings, &mut player, |_| {}).unwrap();
            assert_eq!(champion, 2);
            let r = &rounds[0];
            let odd = r.odd_bout.as_ref().unwrap();
            if odd.a == 2 {
                assert_eq!(r.advancing, [2], "the odd one out replaces the winner it beat");
            }
        }
    }

    #[test]
    fn level_bouts_go_to_tiebreak_pairs_then_a_seeded_coin() {
        let mut calls = Vec::new();
        let mut draws = |pairs: &[(usize, usize)], each: usize| -> BoutPoints {
            calls.push(each);
            Ok(pairs.iter().map(|_| (each as f64, each as f64)).collect())
        };
        let settings = KnockoutSettings { pairs_per_bout: 1, tiebreak_pairs: 2, seed: 11 };
        let (rounds, champion) = knockout(2, &settings, &mut draws, |_| {}).unwrap();
        assert_eq!(calls, [1, 1, 1]);
        let bout = &rounds[0].bouts[0];
        assert_eq!(bout.tiebreak_pairs, 2);
        assert_eq!(bout.decision, Decision::Coin);
        assert_eq!(bout.points, (3.0, 3.0));
        assert_eq!(champion, bout.winner);
        let mut coins = std::collections::HashSet::new();
        for seed in 0..20 {
            let mut draws = |pairs: &[(usize, usize)], _: usize| Ok(pairs.iter().map(|_| (1.0, 1.0)).collect());
            let s = KnockoutSettings { pairs_per_bout: 1, tiebreak_pairs: 0, seed };
            coins.insert(knockout(2, &s, &mut draws, |_| {}).unwrap().1);
        }
        assert_eq!(coins.len(), 2, "the coin falls both ways over seeds");
    }

    #[test]
    fn single_entrant_and_pair_lists() {
        let mut never =
            |_: &[(usize, usize)], _: usize| -> BoutPoints { Err(TournamentError::GameThreads(String::new())) };
        assert_eq!(knockout(1, &SETTINGS, &mut never, |_| {}).unwrap().1, 0);
        assert!(knockout(0, &SETTINGS, &mut never, |_| {}).is_err());
        assert_eq!(round_robin_pairs(3), [(0, 1), (0, 2), (1, 2)]);
        assert_eq!((knockout_bouts(1), knockout_bouts(2), knockout_bouts(3), knockout_bouts(5)), (0, 1, 2, 4));
        assert_eq!(first_round(5, 42).pairs, [(4, 0), (3, 1)], "as the pinned bracket of seed 42");
        assert_eq!(gauntlet_pairs(3), [(0, 1), (0, 2)]);
    }
}

#[cfg(test)]
mod golden {
    use super::*;

    /// A round as (pairs, the odd one out's bout, who advances).
    type RoundSketch = (Vec<(usize, usize)>, Option<(usize, usize)>, Vec<usize>);

    /// The bracket of five entrants for a seed, where the lower index always wins: per
    /// round the pairs, the odd one out's bout and who advances.
    fn bracket(seed: u64) -> Vec<RoundSketch> {
        let mut lower_wins = |pairs: &[(usize, usize)], each: usize| -> BoutPoints {
            let g = (2 * each) as f64;
            Ok(pairs.iter().map(|&(a, b)| if a < b { (g, 0.0) } else { (0.0, g) }).collect())
        };
        let settings = KnockoutSettings { pairs_per_bout: 1, tiebreak_pairs: 0, seed };
        let (rounds, _) = knockout(5, &settings, &mut lower_wins, |_| {}).unwrap();
        rounds
            .iter()
            .map(|r| {
                (
                    r.bouts.iter().map(|b| (b.a, b.b)).collect(),
                    r.odd_bout.as_ref().map(|b| (b.a, b.b)),
                    r.advancing.clone(),
                )
            })
            .collect()
    }

    #[test]
    fn the_bracket_of_a_seed_is_pinned() {
        // A TA announces the seed; the bracket must not change between versions.
        let b = bracket(42);
        let pinned = vec![(vec![(4, 0), (3, 1)], Some((2, 1)), vec![0, 1]), (vec![(1, 0)], None, vec![0])];
        assert_eq!(b, pinned);
    }
}
