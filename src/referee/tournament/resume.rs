//! Resuming a tournament, and replaying one from its record file: the tournament's
//! settings as one comment line of the record file ([`Fingerprint`]), the games numbered
//! in the order the format asks for them ([`Schedule`]), and the games already recorded
//! taken instead of played again ([`Ledger`], [`Scheduler`]).
//!
//! The seed fixes the pairings and the openings, and a knockout asks for its bouts in an
//! order fixed by their results; so the same settings ask for the same games under the
//! same numbers, and a game found in the file under its number is that game, once its
//! players and opening are checked. No processes here: playing is the caller's.

use std::collections::BTreeMap;

use super::bracket::{BoutPoints, Pairing, swapped_pairs};
use super::error::TournamentError;
use crate::referee::outcome::record::RecordedGame;
use crate::referee::outcome::result::Played;

/// How the record file's tournament line starts.
pub const SETTINGS_MARK: &str = "# morris tournament";

/// What a tournament is: every setting that decides its games, as ordered `key=value`
/// pairs. Two runs with equal fingerprints ask for the same games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fingerprint {
    pairs: Vec<(String, String)>,
}

impl Fingerprint {
    /// An empty fingerprint.
    #[must_use]
    pub fn new() -> Fingerprint {
        Fingerprint::default()
    }

    /// Adds a setting (tabs and line ends in the value become spaces).
    pub fn push(&mut self, key: &str, value: impl ToString) {
        let value = value.to_string().replace(['\t', '\n', '\r'], " ");
        self.pairs.push((key.to_string(), value));
    }

    /// The value of `key`, if set.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The values of every key that starts with `prefix`, in order.
    #[must_use]
    pub fn with_prefix(&self, prefix: &str) -> Vec<(&str, &str)> {
        self.pairs.iter().filter(|(k, _)| k.starts_with(prefix)).map(|(k, v)| (k.as_str(), v.as_str())).collect()
    }

    /// The comment line of the record file: `# morris tournament` and the tab-separated
    /// `key=value` pairs.
    #[must_use]
    pub fn line(&self) -> String {
        let mut line = SETTINGS_MARK.to_string();
        for (k, v) in &self.pairs {
            line.push('\t');
            line.push_str(k);
            line.push('=');
            line.push_str(v);
        }
        line
    }

    /// Reads the tournament line of a record file's `text`, if it has one.
    #[must_use]
    pub fn find_in(text: &str) -> Option<Fingerprint> {
        let line = text.lines().find(|l| l.starts_with(SETTINGS_MARK))?;
        let pairs = line
            .split('\t')
            .skip(1)
            .filter_map(|kv| kv.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
            .collect();
        Some(Fingerprint { pairs })
    }

    /// The first difference from `recorded`, in words, or `None` when they are equal.
    #[must_use]
    pub fn difference(&self, recorded: &Fingerprint) -> Option<String> {
        for (k, v) in &self.pairs {
            match recorded.get(k) {
                Some(r) if r == v => {}
                Some(r) => return Some(format!("{k} was {r:?} there and is {v:?} now")),
                None => return Some(format!("{k} is {v:?} now and was not set there")),
            }
        }
        recorded
            .pairs
            .iter()
            .find(|(k, _)| self.get(k).is_none())
            .map(|(k, v)| format!("{k} was {v:?} there and is not set now"))
    }
}

/// Numbers games in the order the format asks for them and draws their openings in turn.
#[derive(Clone, Debug)]
pub struct Schedule {
    openings: Vec<String>,
    next_opening: usize,
    next_number: usize,
}

impl Schedule {
    /// A schedule that draws from `openings` cyclically (none: every game from the start).
    #[must_use]
    pub fn new(openings: Vec<String>) -> Schedule {
        Schedule { openings, next_opening: 0, next_number: 1 }
    }

    /// The numbered games of `each` colour-swapped pairs for every pair `(a, b)`: for each
    /// opening `a` as white, then `b` as white.
    pub fn games(&mut self, pairs: &[(usize, usize)], each: usize) -> Vec<(usize, Pairing)> {
        let mut games = Vec::with_capacity(2 * each * pairs.len());
        for &(a, b) in pairs {
            for pairing in swapped_pairs(a, b, each, &self.openings, &mut self.next_opening) {
                games.push((self.next_number, pairing));
                self.next_number += 1;
            }
        }
        games
    }
}

/// The games of a record file, by number.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    games: BTreeMap<usize, RecordedGame>,
    check_openings: bool,
}

impl Ledger {
    /// A ledger of `games`; with `check_openings`, a recorded game must also have the
    /// scheduled opening (a replay without the openings checks the players only).
    ///
    /// # Errors
    /// Two games under one number.
    pub fn new(games: Vec<RecordedGame>, check_openings: bool) -> Result<Ledger, TournamentError> {
        let mut map = BTreeMap::new();
        for g in games {
            let number = g.number;
            if map.insert(number, g).is_some() {
                return Err(TournamentError::RecordMismatch {
                    number,
                    reason: "the record file has two games with this number".to_string(),
                });
            }
        }
        Ok(Ledger { games: map, check_openings })
    }

    /// How many games it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether it holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Every game, by number.
    pub fn games(&self) -> impl Iterator<Item = &RecordedGame> {
        self.games.values()
    }

    /// The recorded game `number`, checked against what the schedule has under that
    /// number (`names` by engine index); `None` if it was not played yet.
    ///
    /// # Errors
    /// The recorded game has other players or another opening: the file belongs to
    /// another tournament.
    pub fn take(&self, number: usize, g: &Pairing, names: &[String]) -> Result<Option<&RecordedGame>, TournamentError> {
        let Some(r) = self.games.get(&number) else { return Ok(None) };
        let name = |i: usize| names.get(i).map_or("?", String::as_str);
        let (white, black) = (name(g.white), name(g.black));
        let same_opening = r.opening.split_whitespace().eq(g.opening.split_whitespace());
        if r.names[0] != white || r.names[1] != black || (self.check_openings && !same_opening) {
            let opening = |o: &str| if o.trim().is_empty() { "the start".to_string() } else { format!("'{o}'") };
            return Err(TournamentError::RecordMismatch {
                number,
                reason: format!(
                    "the record file has {} - {} from {}, this tournament plays {white} - {black} from {}",
                    r.names[0],
                    r.names[1],
                    opening(&r.opening),
                    opening(&g.opening)
                ),
            });
        }
        Ok(Some(r))
    }
}

/// Asks for games in the order a format needs them: takes each from the ledger, or
/// plays it; keeps every game (taken or played) in number order.
pub struct Scheduler<'a> {
    schedule: Schedule,
    ledger: &'a Ledger,
    names: &'a [String],
    games: Vec<RecordedGame>,
    taken: usize,
}

impl<'a> Scheduler<'a> {
    /// A scheduler over `schedule` that takes recorded games from `ledger`; `names` are
    /// the entrants' names by index.
    #[must_use]
    pub fn new(schedule: Schedule, ledger: &'a Ledger, names: &'a [String]) -> Scheduler<'a> {
        Scheduler { schedule, ledger, names, games: Vec::new(), taken: 0 }
    }

    /// Plays `each` colour-swapped pairs for every pair `(a, b)`: recorded games are taken,
    /// the others handed to `play` (numbered), which returns their records in order.
    /// Returns the points of `a` and `b` per pair.
    ///
    /// # Errors
    /// A recorded game that does not match, or `play` failed.
    pub fn bouts(
        &mut self,
        pairs: &[(usize, usize)],
        each: usize,
        play: impl FnOnce(&[(usize, Pairing)]) -> Result<Vec<Played>, TournamentError>,
    ) -> BoutPoints {
        let scheduled = self.schedule.games(pairs, each);
        let mut known: BTreeMap<usize, RecordedGame> = BTreeMap::new();
        let mut todo = Vec::new();
        for (number, g) in &scheduled {
            match self.ledger.take(*number, g, self.names)? {
                Some(r) => {
                    known.insert(*number, r.clone());
                }
                None => todo.push((*number, g.clone())),
            }
        }
        self.taken += known.len();
        let played = if todo.is_empty() { Vec::new() } else { play(&todo)? };
        for p in &played {
            known.insert(p.game.number, RecordedGame::from_played(p));
        }
        let games: Vec<RecordedGame> = known.into_values().collect();
        let points = games
            .chunks(2 * each)
            .zip(pairs)
            .map(|(chunk, &(a, b))| {
                let points = |who: usize| -> f64 { chunk.iter().map(|r| r.score_of(&self.names[who])).sum() };
                (points(a), points(b))
            })
            .collect();
        self.games.extend(games);
        Ok(points)
    }

    /// Every game asked for so far, in number order.
    #[must_use]
    pub fn games(&self) -> &[RecordedGame] {
        &self.games
    }

    /// How many of them came from the ledger.
    #[must_use]
    pub fn taken(&self) -> usize {
        self.taken
    }
}
