//! The open games and replays: one store for both kinds of session. It finds a session
//! by its id, makes room for a new one on a full server (the session that should give
//! way first is closed; tabs refused wait in line, first come, first served), and reaps
//! (work no page watches is stopped; a session whose page went away, or that nobody has
//! asked about for long, is dropped).
//!
//! Knows nothing of HTTP: a session not found is a [`Missing`], no room a [`Full`], and
//! the HTTP layer gives each its status. The store's lock is never held while a session
//! is locked (a session may be locked for a while by a handler), so a lookup never
//! waits for one.

use std::any::Any;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::ServeConfig;
use super::slot::{Meta, Session, SessionSlot};

/// How many tabs may wait in line for a place on a full server.
pub const QUEUE_CAP: usize = 64;
/// How often a tab in line asks again (told with each refusal).
pub const RETRY_AFTER: Duration = Duration::from_secs(5);
/// A ticket not shown again for this long has left the line (its tab went away).
pub const TICKET_EXPIRY: Duration = Duration::from_secs(15);
/// How many ids of sessions closed to make room are remembered, so their pages are told
/// why their session is gone ([`Missing::Evicted`]) rather than that it never was.
const EVICTED_REMEMBERED: usize = 1024;
/// How often the store is reaped.
pub const REAP_EVERY: Duration = Duration::from_millis(200);

/// When sessions give way, have their work stopped, and are dropped: the
/// [`ServeConfig`]'s settings of the same names.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    /// The most sessions open at once ([`ServeConfig::max_sessions`]).
    pub capacity: usize,
    /// Work on a session no page has asked about for this long is stopped.
    pub abandon_after: Duration,
    /// A session without work that nobody has asked about for this long is dropped.
    pub idle_expiry: Duration,
    /// A session whose page went away is dropped this long after, unless asked for again.
    pub leave_grace: Duration,
    /// On a full server, a session nobody has acted on for this long may give way.
    pub evict_after: Duration,
}

impl Policy {
    /// The policy `config` sets.
    #[must_use]
    pub fn of(config: &ServeConfig) -> Policy {
        Policy {
            capacity: config.max_sessions,
            abandon_after: config.abandon_after,
            idle_expiry: config.idle_expiry,
            leave_grace: config.leave_grace,
            evict_after: config.evict_after,
        }
    }
}

/// A session of either kind, as the store handles it: the [`SessionSlot`] of a [`Session`].
trait Tracked: Any + Send + Sync {
    /// What the page calls it.
    fn kind(&self) -> &'static str;
    /// Its bookkeeping, and whether work runs on it, read under one lock.
    fn status(&self) -> (Meta, bool);
    /// No page watches: its work stops. Whether some did.
    fn abandon(&self) -> bool;
    /// Closed: all its work stops.
    fn close(&self);
}

impl<T: Session> Tracked for SessionSlot<T> {
    fn kind(&self) -> &'static str {
        T::KIND
    }

    fn status(&self) -> (Meta, bool) {
        let mut session = self.lock();
        let running = session.is_running();
        (*session.meta(), running)
    }

    fn abandon(&self) -> bool {
        self.change(Session::abandon)
    }

    fn close(&self) {
        self.change(Session::close);
    }
}

/// Why a session is not found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Missing {
    /// It was closed to make room for a new one.
    #[error(
        "{kind} {id} was closed to make room for a new one: the server keeps at most {capacity} games and \
         replays, and this one had been idle longest"
    )]
    Evicted {
        /// `game` or `replay`.
        kind: &'static str,
        /// Its id.
        id: String,
        /// The most sessions open at once.
        capacity: usize,
    },
    /// There is none of that kind (it expired, was closed, or never was).
    #[error("no {kind} {id} (it may have expired, or the server was restarted)")]
    Unknown {
        /// `game` or `replay`.
        kind: &'static str,
        /// The id asked for.
        id: String,
    },
}

/// A new session refused on a full server, with the tab's place in line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct Full {
    /// Why, in one line, with the tab's place in line and when to ask again.
    pub reason: String,
    /// The ticket to show when asking again; none when the line is full too, or the
    /// request may not join it.
    pub ticket: Option<String>,
    /// The place in line, from 1 (the tabs ahead plus one).
    pub place: usize,
}

/// A tab in line for a place on a full server.
struct Waiting {
    ticket: String,
    /// When it last asked.
    seen: Instant,
}

/// A session that might give way to a new one.
struct Candidate {
    id: String,
    session: Arc<dyn Tracked>,
    /// 0: its page went away; 1: no page asked for it for a while; 2: only idle.
    rank: u8,
    /// Since a person last acted on it.
    idle: Duration,
}

/// The open sessions, of both kinds.
pub struct Store {
    policy: Policy,
    open: Mutex<HashMap<String, Arc<dyn Tracked>>>,
    /// Sessions closed to make room, newest last.
    evicted: Mutex<VecDeque<String>>,
    /// Tabs refused a new session on a full server, in the order they first asked.
    line: Mutex<VecDeque<Waiting>>,
}

fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A fresh random id: 16 hex digits.
fn new_id() -> String {
    format!("{:016x}", rand::random::<u64>())
}

impl Store {
    /// An empty store.
    #[must_use]
    pub fn new(policy: Policy) -> Store {
        Store {
            policy,
            open: Mutex::new(HashMap::new()),
            evicted: Mutex::new(VecDeque::new()),
            line: Mutex::new(VecDeque::new()),
        }
    }

    /// Adds `slot` under a new id, which it returns. Room is made first
    /// ([`Store::make_room`]).
    pub fn insert<T: Session>(&self, slot: &Arc<SessionSlot<T>>) -> String {
        let id = new_id();
        locked(&self.open).insert(id.clone(), Arc::clone(slot) as Arc<dyn Tracked>);
        id
    }

    /// The session of kind `T` with `id`.
    ///
    /// # Errors
    /// [`Missing::Evicted`] for one closed to make room, else [`Missing::Unknown`].
    pub fn get<T: Session>(&self, id: &str) -> Result<Arc<SessionSlot<T>>, Missing> {
        let found = locked(&self.open).get(id).cloned();
        let slot = found.and_then(|s| (s as Arc<dyn Any + Send + Sync>).downcast::<SessionSlot<T>>().ok());
        slot.ok_or_else(|| {
            if locked(&self.evicted).iter().any(|e| e == id) {
                Missing::Evicted { kind: T::KIND, id: id.to_string(), capacity: self.policy.capacity }
            } else {
                Missing::Unknown { kind: T::KIND, id: id.to_string() }
            }
        })
    }

    /// Closes the session `id` (its work stops) and forgets it.
    pub fn close(&self, id: &str) {
        let removed = locked(&self.open).remove(id);
        if let Some(session) = removed {
            session.close();
        }
    }

    /// Closes every session (the server stops).
    pub fn close_all(&self) {
        for (id, _) in self.snapshot() {
            self.close(&id);
        }
    }

    /// How many sessions are open.
    #[must_use]
    pub fn count(&self) -> usize {
        locked(&self.open).len()
    }

    /// How many sessions have work running (a cancelled search counts until its thread
    /// has returned).
    #[must_use]
    pub fn running(&self) -> usize {
        self.snapshot().iter().filter(|(_, s)| s.status().1).count()
    }

    /// The open sessions, taken out of the lock.
    fn snapshot(&self) -> Vec<(String, Arc<dyn Tracked>)> {
        locked(&self.open).iter().map(|(id, s)| (id.clone(), Arc::clone(s))).collect()
    }

    /// Stops work no page watches, and drops sessions whose page went away (after the
    /// grace) or that nobody asked about for long (unless work runs on them).
    pub fn reap(&self) {
        let p = &self.policy;
        for (id, session) in self.snapshot() {
            let (meta, running) = session.status();
            let left = meta.watchers == 0 && meta.has_left(p.leave_grace);
            if left || (!running && meta.is_abandoned(p.idle_expiry)) {
                self.close(&id);
                log::info!("{} {id}: dropped (its page went away, or nobody asked about it for long)", session.kind());
            } else if running && meta.is_abandoned(p.abandon_after) && session.abandon() {
                log::info!("{} {id}: no page is watching; its work is stopped", session.kind());
            }
        }
    }

    /// Every session, the one that should give way first first: one whose page went
    /// away, then one no page asks about, then the one nobody acted on for longest.
    fn candidates(&self) -> Vec<Candidate> {
        let mut all: Vec<Candidate> = self
            .snapshot()
            .into_iter()
            .map(|(id, session)| {
                let (meta, _) = session.status();
                let rank = if meta.left.is_some() {
                    0
                } else if meta.is_abandoned(self.policy.abandon_after) {
                    1
                } else {
                    2
                };
                Candidate { id, session, rank, idle: meta.last_action.elapsed() }
            })
            .collect();
        all.sort_by_key(|c| (c.rank, std::cmp::Reverse(c.idle)));
        all
    }

    fn may_give_way(&self, c: &Candidate) -> bool {
        c.rank < 2 || c.idle >= self.policy.evict_after
    }

    /// Places for new sessions: free ones, and sessions that may give way.
    fn room(&self) -> usize {
        let free = self.policy.capacity.saturating_sub(self.count());
        free + self.candidates().iter().filter(|c| self.may_give_way(c)).count()
    }

    /// Closes `c` to make room, remembering its id.
    fn evict(&self, c: &Candidate) {
        self.close(&c.id);
        log::info!("{} {} closed to make room (idle {:?})", c.session.kind(), c.id, c.idle);
        let mut evicted = locked(&self.evicted);
        if evicted.len() >= EVICTED_REMEMBERED {
            evicted.pop_front();
        }
        evicted.push_back(c.id.clone());
    }

    /// Room for one more session, first come, first served: the tabs refused earlier
    /// (in line, with `ticket`s) go first, so a request may take a place only when there
    /// is one for each tab ahead of it too. While the store is full, the session that
    /// should give way first is closed, if it may.
    ///
    /// # Errors
    /// [`Full`] when every open session is in use (acted on within `evict_after`) or the
    /// places left are for tabs ahead in line; it comes with a ticket, the tab's place in
    /// line, when it may `join` the line (a new game, not a replay), kept while the tab
    /// asks again within [`TICKET_EXPIRY`] (at most [`QUEUE_CAP`] tabs wait).
    pub fn make_room(&self, ticket: Option<&str>, join: bool) -> Result<(), Full> {
        let mut line = locked(&self.line);
        let now = Instant::now();
        line.retain(|w| now.duration_since(w.seen) < TICKET_EXPIRY);
        let place = ticket.and_then(|t| line.iter().position(|w| w.ticket == t));
        if let Some(p) = place {
            line[p].seen = now;
        }
        let ahead = place.unwrap_or(line.len());
        let capacity = self.policy.capacity;
        if self.room() > ahead {
            while self.count() >= capacity {
                let Some(c) = self.candidates().into_iter().next().filter(|c| self.may_give_way(c)) else { break };
                self.evict(&c);
            }
            if self.count() < capacity {
                if let Some(p) = place {
                    line.remove(p);
                }
                return Ok(());
            }
        }
        let ticket = match (place, ticket) {
            (Some(_), Some(t)) => Some(t.to_string()),
            _ if join && line.len() < QUEUE_CAP => {
                let t = new_id();
                line.push_back(Waiting { ticket: t.clone(), seen: now });
                Some(t)
            }
            _ => None,
        };
        let place = match (place, &ticket) {
            (Some(p), _) => p,
            (None, Some(_)) => line.len() - 1,
            (None, None) => line.len(),
        } + 1;
        let waiting = match ticket {
            Some(_) if place > 1 => format!("; {} in line before you", place - 1),
            Some(_) => "; you are first in line".to_string(),
            None if join => format!("; {QUEUE_CAP} tabs already wait in line"),
            None if line.is_empty() => String::new(),
            None => format!("; {} waiting in line for a game", line.len()),
        };
        Err(Full {
            reason: format!(
                "the server is full: {capacity} games and replays are open, the most it keeps, and each was played \
                 in the last {} s{waiting}; try again in {} s",
                self.policy.evict_after.as_secs(),
                RETRY_AFTER.as_secs()
            ),
            ticket,
            place,
        })
    }
}

/// Reaps `store` every [`REAP_EVERY`], for ever: a task on the server's runtime (no
/// thread of its own); each reaping runs on the blocking pool, as it locks sessions.
pub async fn reap_every(store: Arc<Store>) {
    let mut every = tokio::time::interval(REAP_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let store = Arc::clone(&store);
        // A reaping that panicked is logged by Tokio; the next one runs as usual.
        let _ = tokio::task::spawn_blocking(move || store.reap()).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session of kind `K` (0: `game`, 1: `replay`) whose work is a flag.
    struct Fake<const K: u8> {
        meta: Meta,
        running: bool,
        closed: bool,
    }

    impl<const K: u8> Session for Fake<K> {
        const KIND: &'static str = if K == 0 { "game" } else { "replay" };

        fn meta(&mut self) -> &mut Meta {
            &mut self.meta
        }

        fn is_running(&self) -> bool {
            self.running
        }

        fn abandon(&mut self) -> bool {
            std::mem::take(&mut self.running)
        }

        fn close(&mut self) {
            self.running = false;
            self.closed = true;
        }
    }

    fn fake<const K: u8>(running: bool) -> Arc<SessionSlot<Fake<K>>> {
        SessionSlot::new(Fake { meta: Meta::new(), running, closed: false })
    }

    fn policy(capacity: usize) -> Policy {
        let long = Duration::from_secs(3600);
        Policy { capacity, abandon_after: long, idle_expiry: long, leave_grace: long, evict_after: long }
    }

    #[test]
    fn sessions_are_found_by_id_and_kind() {
        let store = Store::new(policy(4));
        let game = fake::<0>(false);
        let id = store.insert(&game);
        assert!(Arc::ptr_eq(&store.get::<Fake<0>>(&id).expect("found"), &game));
        assert_eq!(
            store.get::<Fake<1>>(&id).err().expect("another kind"),
            Missing::Unknown { kind: "replay", id: id.clone() }
        );
        store.close(&id);
        assert!(game.lock().closed, "closing stops its work");
        assert!(matches!(store.get::<Fake<0>>(&id), Err(Missing::Unknown { .. })));
        assert_eq!(store.count(), 0);
    }

    #[test]
    fn a_full_store_closes_the_session_that_should_give_way_and_lines_up_the_rest() {
        let store = Store::new(Policy { evict_after: Duration::ZERO, ..policy(2) });
        let (left, idle) = (fake::<0>(false), fake::<1>(false));
        let (left_id, idle_id) = (store.insert(&left), store.insert(&idle));
        left.leave();
        // The one whose page went away goes first, whatever the other's age.
        store.make_room(None, true).expect("room");
        let gone = store.get::<Fake<0>>(&left_id).err().expect("evicted");
        assert!(gone.to_string().starts_with(&format!("game {left_id} was closed to make room")), "{gone}");
        assert!(left.lock().closed);
        store.insert(&fake::<0>(false));
        // Nobody may give way once acting counts for an hour: refused, in line.
        let store = Store { policy: policy(2), ..store };
        let first = store.make_room(None, true).unwrap_err();
        let second = store.make_room(None, true).unwrap_err();
        assert_eq!((first.place, second.place), (1, 2));
        assert!(second.reason.contains("1 in line before you"), "{}", second.reason);
        assert!(store.make_room(None, false).unwrap_err().ticket.is_none(), "a replay does not join the line");
        store.close(&idle_id);
        assert!(store.make_room(second.ticket.as_deref(), true).is_err(), "the first in line goes first");
        store.make_room(first.ticket.as_deref(), true).expect("the first tab's place");
    }

    #[test]
    fn reaping_stops_unwatched_work_and_drops_sessions_nobody_wants() {
        let instant = Policy { abandon_after: Duration::ZERO, leave_grace: Duration::ZERO, ..policy(4) };
        let store = Store::new(instant);
        let (working, left) = (fake::<0>(true), fake::<1>(false));
        let (working_id, left_id) = (store.insert(&working), store.insert(&left));
        left.leave();
        store.reap();
        assert!(!working.lock().running, "work no page watches is stopped");
        assert!(store.get::<Fake<0>>(&working_id).is_ok(), "its game stays");
        assert!(store.get::<Fake<1>>(&left_id).is_err() && left.lock().closed, "a page that left: dropped");
        let store = Store { policy: Policy { idle_expiry: Duration::ZERO, ..instant }, ..store };
        store.reap();
        assert_eq!(store.count(), 0, "nobody asked about it for long: dropped");
        assert_eq!(store.running(), 0);
    }
}
