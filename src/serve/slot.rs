//! A session behind a lock, with a version that every change raises and a watch channel
//! that wakes the page's long polls, and the bookkeeping that tells whether a page still
//! watches it (so a search nobody watches is stopped).
//!
//! A long poll is a future, not a thread: it waits on a [`tokio::sync::watch`] receiver
//! (a few dozen bytes) that [`SessionSlot::update`] raises, so thousands of waiting pages cost
//! memory in kilobytes. Changes come from request handlers and from the searches' own
//! threads alike; raising a watch channel needs no runtime.

use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::watch;

/// What every session keeps for the server: its version, when a page last asked, when a
/// person last did something with it, and whether its page said it went away.
#[derive(Debug, Clone, Copy)]
pub struct Meta {
    /// Raised by every change; the page polls for a newer one.
    pub version: u64,
    /// When a request for this session last started or ended.
    pub last_seen: Instant,
    /// When a person last acted on it (created it, moved, asked for a hint...): polls
    /// do not count, so a tab left open and forgotten grows idle while it polls.
    pub last_action: Instant,
    /// Requests for this session in progress (long polls count as watching).
    pub watchers: usize,
    /// When its page said it went away (closed, reloaded, navigated elsewhere), unless a
    /// request for it came since: a reload asks again at once, a closed tab never does.
    pub left: Option<Instant>,
}

impl Meta {
    /// A fresh session's bookkeeping.
    #[must_use]
    pub fn new() -> Meta {
        let now = Instant::now();
        Meta { version: 1, last_seen: now, last_action: now, watchers: 0, left: None }
    }

    /// Whether no page has asked for this session for `after` or longer.
    #[must_use]
    pub fn is_abandoned(&self, after: Duration) -> bool {
        self.watchers == 0 && self.last_seen.elapsed() >= after
    }

    /// Whether its page went away `grace` or longer ago and no page asked for it since.
    #[must_use]
    pub fn has_left(&self, grace: Duration) -> bool {
        self.left.is_some_and(|t| t.elapsed() >= grace)
    }

    /// A new request for the session: it is seen, and a page that had left is back.
    pub fn arrive(&mut self) {
        self.last_seen = Instant::now();
        self.left = None;
    }
}

impl Default for Meta {
    fn default() -> Self {
        Meta::new()
    }
}

/// A kind of session (a game, a replay): its [`Meta`], and the work it may run on
/// threads of its own (a search, an analysis), which the session store stops when no
/// page watches.
pub trait Session: Send + 'static {
    /// What the page calls it (`game`, `replay`).
    const KIND: &'static str;

    /// The bookkeeping.
    fn meta(&mut self) -> &mut Meta;

    /// Whether work runs on it.
    fn is_running(&self) -> bool;

    /// No page watches it: stops its work (a later request may resume it). Whether some
    /// was stopped.
    fn abandon(&mut self) -> bool;

    /// It is closed: stops all its work.
    fn close(&mut self);
}

/// A session under a lock, with change notification.
pub struct SessionSlot<T> {
    state: Mutex<T>,
    /// The session's version, sent after every change (a poll's wake-up; the session's
    /// own [`Meta::version`] is what the page is told).
    changed: watch::Sender<u64>,
}

impl<T: Session> SessionSlot<T> {
    /// A slot holding `session`.
    pub fn new(mut session: T) -> Arc<SessionSlot<T>> {
        let version = session.meta().version;
        Arc::new(SessionSlot { state: Mutex::new(session), changed: watch::Sender::new(version) })
    }

    /// The session, locked. A panic elsewhere never makes a session unusable: the
    /// state is only changed through checked operations, so it stays consistent.
    pub fn lock(&self) -> MutexGuard<'_, T> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `change` on the session, then raises its version and wakes every poll.
    /// `change` is given the slot too (a search started by it reports to it).
    pub fn update<R>(self: &Arc<Self>, change: impl FnOnce(&mut T, &Arc<Self>) -> R) -> R {
        self.change(|session| change(session, self))
    }

    /// [`SessionSlot::update`] for a change that needs only the session.
    pub fn change<R>(&self, change: impl FnOnce(&mut T) -> R) -> R {
        let mut guard = self.lock();
        let out = change(&mut guard);
        guard.meta().version += 1;
        let version = guard.meta().version;
        drop(guard);
        // Stored even when no poll waits (`send` would refuse then).
        self.changed.send_replace(version);
        out
    }

    /// Resolves once the session's version is newer than `after`, or after `timeout`,
    /// whichever comes first. Counts as watching from its first poll until it resolves
    /// or is dropped (a client that hangs up drops its poll).
    ///
    /// Must be polled inside a Tokio runtime with its time driver.
    pub fn wait_newer(self: &Arc<Self>, after: u64, timeout: Duration) -> impl Future<Output = ()> + Send + use<T> {
        let slot = Arc::clone(self);
        async move {
            let mut changes = slot.changed.subscribe();
            let _watching = Watching::start(Arc::clone(&slot));
            // Both outcomes answer the poll: a newer version, or the time is up.
            let _ = tokio::time::timeout(timeout, changes.wait_for(|&version| version > after)).await;
        }
    }

    /// Marks the session as seen now (any request for it).
    pub fn touch(&self) {
        self.lock().meta().arrive();
    }

    /// Marks the session as acted on now by a person (a move, a hint, a new game...).
    pub fn act(&self) {
        let mut guard = self.lock();
        let meta = guard.meta();
        meta.arrive();
        meta.last_action = Instant::now();
    }

    /// Its page went away: the session is dropped after a grace period unless a page
    /// asks for it again. Every poll is woken, so the departed page's last poll (which
    /// the server cannot tell from a live one) stops counting as watching at once, and a
    /// reloaded page's poll, if it came first, asks again and is seen.
    pub fn leave(self: &Arc<Self>) {
        self.update(|s, _| s.meta().left = Some(Instant::now()));
    }
}

/// A poll in progress: counted as a watcher until dropped, however the poll ends.
struct Watching<T: Session> {
    slot: Arc<SessionSlot<T>>,
}

impl<T: Session> Watching<T> {
    fn start(slot: Arc<SessionSlot<T>>) -> Watching<T> {
        {
            let mut guard = slot.lock();
            let meta = guard.meta();
            meta.arrive();
            meta.watchers += 1;
        }
        Watching { slot }
    }
}

impl<T: Session> Drop for Watching<T> {
    fn drop(&mut self) {
        let mut guard = self.slot.lock();
        let meta = guard.meta();
        meta.watchers -= 1;
        meta.last_seen = Instant::now();
    }
}
