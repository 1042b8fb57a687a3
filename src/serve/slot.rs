//! A session behind a lock, with a version that every change raises and a condition
//! variable that wakes the page's long polls, and the bookkeeping that tells whether a
//! page still watches it (so a search nobody watches is stopped).

use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// What every session keeps for the server: its version and when a page last asked.
#[derive(Debug)]
pub struct Meta {
    /// Raised by every change; the page polls for a newer one.
    pub version: u64,
    /// When a request for this session last started or ended.
    pub last_seen: Instant,
    /// Requests for this session in progress (long polls count as watching).
    pub watchers: usize,
}

impl Meta {
    /// A fresh session's bookkeeping.
    #[must_use]
    pub fn new() -> Meta {
        Meta { version: 1, last_seen: Instant::now(), watchers: 0 }
    }

    /// Whether no page has asked for this session for `after` or longer.
    #[must_use]
    pub fn is_abandoned(&self, after: Duration) -> bool {
        self.watchers == 0 && self.last_seen.elapsed() >= after
    }
}

impl Default for Meta {
    fn default() -> Self {
        Meta::new()
    }
}

/// A session type: gives access to its [`Meta`].
pub trait Session: Send + 'static {
    /// The bookkeeping.
    fn meta(&mut self) -> &mut Meta;
}

/// A session under a lock, with change notification.
pub struct Slot<T> {
    state: Mutex<T>,
    changed: Condvar,
}

impl<T: Session> Slot<T> {
    /// A slot holding `session`.
    pub fn new(session: T) -> Arc<Slot<T>> {
        Arc::new(Slot { state: Mutex::new(session), changed: Condvar::new() })
    }

    /// The session, locked. A panic elsewhere never makes a session unusable: the
    /// state is only changed through checked operations, so it stays consistent.
    pub fn lock(&self) -> MutexGuard<'_, T> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `change` on the session, then raises its version and wakes every poll.
    pub fn update<R>(self: &Arc<Self>, change: impl FnOnce(&mut T, &Arc<Self>) -> R) -> R {
        let mut guard = self.lock();
        let out = change(&mut guard, self);
        guard.meta().version += 1;
        drop(guard);
        self.changed.notify_all();
        out
    }

    /// The session once its version is newer than `after`, or after `timeout`,
    /// whichever comes first. Counts as watching while it waits.
    pub fn wait_newer(&self, after: u64, timeout: Duration) -> MutexGuard<'_, T> {
        let deadline = Instant::now() + timeout;
        let mut guard = self.lock();
        guard.meta().watchers += 1;
        loop {
            let now = Instant::now();
            if guard.meta().version > after || now >= deadline {
                break;
            }
            guard = self.changed.wait_timeout(guard, deadline - now).unwrap_or_else(PoisonError::into_inner).0;
        }
        let meta = guard.meta();
        meta.watchers -= 1;
        meta.last_seen = Instant::now();
        guard
    }

    /// Marks the session as seen now (any request for it).
    pub fn touch(&self) {
        self.lock().meta().last_seen = Instant::now();
    }
}
