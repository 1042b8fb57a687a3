//! Connections: accepting them, bounding each in time and size, and the cap on how many
//! are open. Knows nothing of routes or sessions: [`http`](super::http) answers requests.
//!
//! Each connection is a task on one Tokio thread (hyper's HTTP/1.1), not a thread of its
//! own, so a client that waits (a long poll, an idle keep-alive connection) costs a few
//! kilobytes. What bounds a client:
//!
//! - the request head: at most [`MAX_HEAD`] bytes (hyper refuses more with 431 and closes;
//!   its read buffer never grows past that), received within the head timeout, which
//!   also closes a keep-alive connection idle that long;
//! - the body: its size and the time to receive it are the handler's (413, 408);
//! - writing: a client that stops reading its answers is dropped when a write makes no
//!   progress for the write timeout (`Deadline`);
//! - the number of connections: at the cap, a new connection takes the place of the
//!   one idle or waiting in a long poll for longest among those of the address that holds
//!   the most (the poll is answered at once with the state it has, as if its time were
//!   up, and the connection closed after it): so waiting clients never lock others out, and
//!   a client using its connection keeps it. A new connection is refused with 503 when
//!   every connection is in the middle of a request (each bounded by the timeouts above),
//!   or when its address holds more than any other (a flood displaces nobody, not even
//!   its own connections, which would only churn through answered polls).

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::time::Sleep;

/// The largest request head (request line and headers) read, in bytes. hyper answers a
/// longer one with 431 and closes the connection; the handler refuses headers over
/// [`MAX_HEADERS`](super::http::MAX_HEADERS) with its own 431 and a reason.
pub const MAX_HEAD: usize = 32 * 1024;

/// How long a connection being shed may take to finish its answer.
const SHED_GRACE: Duration = Duration::from_secs(1);

/// The limits every connection is held to.
#[derive(Clone, Copy, Debug)]
pub struct ConnectionLimits {
    /// The most connections open at once.
    pub max_connections: usize,
    /// The time to receive a request head, and the longest a keep-alive connection stays
    /// idle.
    pub head_timeout: Duration,
    /// The longest a write may make no progress.
    pub write_timeout: Duration,
}

/// One open connection, as the cap sees it.
pub struct Conn {
    id: u64,
    /// The client's address.
    addr: IpAddr,
    /// Since when it has been idle or waiting (or in its request, while busy): in
    /// microseconds from the server's start.
    since: AtomicU64,
    /// In the middle of a request that is not a waiting poll (reading its body, handling
    /// it): not to be shed.
    busy: AtomicBool,
    /// Raised when this connection gives way to a new one: a waiting poll answers at once
    /// and the connection closes after its answer.
    shed: watch::Sender<bool>,
}

impl Conn {
    /// Marks the connection busy until the guard is dropped.
    #[must_use]
    pub fn busy(self: &Arc<Self>) -> Busy {
        self.set(true);
        Busy(Arc::clone(self))
    }

    /// Busy or not, from now.
    fn set(&self, busy: bool) {
        self.since.store(now_micros(), Ordering::Relaxed);
        self.busy.store(busy, Ordering::Relaxed);
    }

    /// Runs `wait` with the connection counted as waiting, not busy (a long poll): it
    /// may be shed meanwhile.
    pub async fn waiting<F: Future>(&self, wait: F) -> F::Output {
        self.set(false);
        let out = wait.await;
        self.set(true);
        out
    }

    /// Resolves when the connection is to give way to a new one.
    pub fn shed(&self) -> impl Future<Output = ()> + Send + 'static {
        let mut shed = self.shed.subscribe();
        async move {
            // An error means the connection is gone: nothing to answer.
            if shed.wait_for(|&s| s).await.is_err() {
                std::future::pending::<()>().await;
            }
        }
    }
}

/// A connection in the middle of a request (see [`Conn::busy`]).
pub struct Busy(Arc<Conn>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.set(false);
    }
}

/// Microseconds since the first call (a clock an atomic can hold).
fn now_micros() -> u64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    u64::try_from(START.get_or_init(Instant::now).elapsed().as_micros()).unwrap_or(u64::MAX)
}

/// The open connections.
pub struct Connections {
    max: usize,
    next_id: AtomicU64,
    open: Mutex<HashMap<u64, Arc<Conn>>>,
    /// Connections refused at the cap, since the start.
    refused: AtomicU64,
}

impl Connections {
    /// None open yet; at most `max` (at least 1).
    #[must_use]
    pub fn new(max: usize) -> Connections {
        Connections {
            max: max.max(1),
            next_id: AtomicU64::new(0),
            open: Mutex::new(HashMap::new()),
            refused: AtomicU64::new(0),
        }
    }

    /// How many are open.
    pub fn count(&self) -> usize {
        self.open.lock().unwrap_or_else(PoisonError::into_inner).len()
    }

    /// How many are in the middle of a request (see [`Conn::busy`]).
    pub fn busy(&self) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.values().filter(|c| c.busy.load(Ordering::Relaxed)).count()
    }

    /// How many were refused since the start.
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }

    /// How many were admitted since the start.
    pub fn admitted(&self) -> u64 {
        self.next_id.load(Ordering::Relaxed)
    }

    /// A place for a new connection from `addr`: free, or taken from the one idle or
    /// waiting for longest among those of the address holding the most connections
    /// (which is told to go): a client that is using its connection keeps it, however
    /// old, connections that come and go take each other's places, and a flood from one
    /// address displaces its own connections, never another's. None when every
    /// connection is busy, or when `addr` holds more than any other address: then the
    /// new one is refused. Connections being shed still count until they close,
    /// and a quarter of the cap more may be open while they do.
    fn admit(&self, addr: IpAddr) -> Option<Arc<Conn>> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let leaving = |c: &Conn| *c.shed.borrow();
        let staying = open.values().filter(|c| !leaving(c)).count();
        if staying >= self.max {
            let mut held: HashMap<IpAddr, usize> = HashMap::new();
            for c in open.values().filter(|c| !leaving(c)) {
                *held.entry(c.addr).or_default() += 1;
            }
            // A newcomer from the address holding more than any other would only
            // displace its own: refused, so a flood cannot churn through its connections
            // (each shed poll is an answer) while others wait for a place.
            let mine = held.get(&addr).copied().unwrap_or(0);
            if held.len() > 1 && held.iter().all(|(a, &n)| *a == addr || n < mine) {
                self.refused.fetch_add(1, Ordering::Relaxed);
                return None;
            }
            let victim = open
                .values()
                .filter(|c| !leaving(c) && !c.busy.load(Ordering::Relaxed))
                .min_by_key(|c| {
                    // The heaviest address first; between equals the newcomer's own.
                    (std::cmp::Reverse(held.get(&c.addr).copied()), c.addr != addr, c.since.load(Ordering::Relaxed))
                })
                .filter(|_| open.len() < self.max + self.max / 4 + 1);
            match victim {
                Some(v) => {
                    log::debug!("connection {} gives way to a new one", v.id);
                    v.shed.send_replace(true);
                }
                None => {
                    self.refused.fetch_add(1, Ordering::Relaxed);
                    return None;
                }
            }
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let conn = Arc::new(Conn {
            id,
            addr,
            since: AtomicU64::new(now_micros()),
            busy: AtomicBool::new(false),
            shed: watch::Sender::new(false),
        });
        open.insert(id, Arc::clone(&conn));
        Some(conn)
    }

    fn remove(&self, id: u64) {
        self.open.lock().unwrap_or_else(PoisonError::into_inner).remove(&id);
    }
}

/// The answer to a connection over the cap: written if the socket takes it at once, never
/// waited for.
fn refusal() -> Vec<u8> {
    let body = r#"{"error": "the server is busy: every connection is in use; try again"}"#;
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\n\
         content-length: {}\r\nconnection: close\r\ncache-control: no-store\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Accepts connections until `closing` is raised, and serves each with `answer` on a task
/// of its own.
pub async fn accept<F, Fut, B>(
    listener: TcpListener,
    limits: ConnectionLimits,
    connections: Arc<Connections>,
    mut closing: watch::Receiver<bool>,
    answer: F,
) where
    F: Fn(hyper::Request<Incoming>, Arc<Conn>) -> Fut + Clone + Send + Sync + 'static,
    Fut: Future<Output = hyper::Response<B>> + Send + 'static,
    B: hyper::body::Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.head_timeout)
        .max_buf_size(MAX_HEAD)
        .max_header_size(MAX_HEAD);
    let builder = Arc::new(builder);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = closing.wait_for(|&c| c) => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, most likely: wait for some to close.
                log::warn!("cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some(conn) = connections.admit(peer.ip()) else {
            // A connection over the cap: refused without reading it.
            let _ = stream.try_write(&refusal());
            continue;
        };
        let (builder, connections, answer) = (Arc::clone(&builder), Arc::clone(&connections), answer.clone());
        tokio::spawn(async move {
            serve_connection(&builder, stream, &conn, limits, answer).await;
            connections.remove(conn.id);
        });
    }
}

async fn serve_connection<F, Fut, B>(
    builder: &http1::Builder,
    stream: TcpStream,
    conn: &Arc<Conn>,
    limits: ConnectionLimits,
    answer: F,
) where
    F: Fn(hyper::Request<Incoming>, Arc<Conn>) -> Fut + Send + 'static,
    Fut: Future<Output = hyper::Response<B>> + Send + 'static,
    B: hyper::body::Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let io = TokioIo::new(Deadline::new(stream, limits.write_timeout));
    let handler = Arc::clone(conn);
    let service = service_fn(move |request| {
        let reply = answer(request, Arc::clone(&handler));
        async move { Ok::<_, std::convert::Infallible>(reply.await) }
    });
    let connection = builder.serve_connection(io, service);
    tokio::pin!(connection);
    let shed = conn.shed();
    let ended = tokio::select! {
        ended = connection.as_mut() => ended,
        () = shed => {
            connection.as_mut().graceful_shutdown();
            tokio::time::timeout(SHED_GRACE, connection.as_mut()).await.unwrap_or(Ok(()))
        }
    };
    if let Err(e) = ended {
        log::debug!("connection {}: {e}", conn.id);
    }
}

/// A socket whose writes fail when they make no progress for a while: a client that
/// stops reading cannot hold its connection (and its answer) for ever. Reads are bounded
/// elsewhere (the head by hyper, the body by the handler).
struct Deadline {
    stream: TcpStream,
    timeout: Duration,
    /// Running while a write waits.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl Deadline {
    fn new(stream: TcpStream, timeout: Duration) -> Deadline {
        Deadline { stream, timeout, stalled: None }
    }

    /// What a write returned, with the deadline applied to a write that waits.
    fn watch<T>(&mut self, cx: &mut Context<'_>, polled: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        match polled {
            Poll::Ready(r) => {
                self.stalled = None;
                Poll::Ready(r)
            }
            Poll::Pending => {
                let timeout = self.timeout;
                let stalled = self.stalled.get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
                if stalled.as_mut().poll(cx).is_ready() {
                    self.stalled = None;
                    Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "the client stopped reading")))
                } else {
                    Poll::Pending
                }
            }
        }
    }
}

impl AsyncRead for Deadline {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Deadline {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.watch(cx, polled)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.watch(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.stream).poll_flush(cx);
        self.watch(cx, polled)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Raises this process's soft limit on open files towards what `connections` need (plus
/// room for the tables and the engines' files), within the hard limit; returns the
/// connections the limit then allows.
#[must_use]
pub fn fit_file_limit(connections: usize) -> usize {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    // Tables, logs, the listening socket, and the quarter more open while connections
    // are shed.
    const RESERVE: u64 = 256;
    let want = connections as u64 + connections as u64 / 4 + RESERVE;
    let limit = getrlimit(Resource::Nofile);
    let soft = limit.current.unwrap_or(u64::MAX);
    let hard = limit.maximum.unwrap_or(u64::MAX);
    let mut have = soft;
    if soft < want {
        let raised = want.min(hard);
        if setrlimit(Resource::Nofile, Rlimit { current: Some(raised), maximum: limit.maximum }).is_ok() {
            have = raised;
        }
    }
    let fits = usize::try_from(have.saturating_sub(RESERVE) * 4 / 5).unwrap_or(usize::MAX);
    if fits < connections {
        log::warn!(
            "open files are limited to {have} (ulimit -n): at most {fits} connections at once, not {connections}"
        );
    }
    fits.min(connections).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_is_one_whole_answer() {
        let refusal = String::from_utf8(refusal()).expect("text");
        let (head, body) = refusal.split_once("\r\n\r\n").expect("a head and a body");
        assert!(head.starts_with("HTTP/1.1 503 "));
        assert!(head.contains(&format!("content-length: {}\r\n", body.len())), "{head}");
        let error: serde_json::Value = serde_json::from_str(body).expect("JSON");
        assert!(!error["error"].as_str().unwrap_or("\n").contains('\n'));
    }

    #[test]
    fn at_the_cap_the_longest_idle_connection_gives_way_and_busy_ones_do_not() {
        let here = IpAddr::from([127, 0, 0, 1]);
        let connections = Connections::new(2);
        let first = connections.admit(here).expect("room");
        let second = connections.admit(here).expect("room");
        let _busy = second.busy();
        let third = connections.admit(here).expect("the idle one gives way");
        assert!(*first.shed.borrow() && !*second.shed.borrow() && !*third.shed.borrow());
        let _also_busy = third.busy();
        assert!(connections.admit(here).is_none(), "every staying connection is busy");
        assert_eq!(connections.refused(), 1);
        connections.remove(first.id);
        connections.remove(second.id);
        assert!(connections.admit(here).is_some(), "room again once they have gone");
    }

    #[test]
    fn at_the_cap_the_address_holding_the_most_gives_way_first() {
        let (player, flood) = (IpAddr::from([192, 0, 2, 1]), IpAddr::from([198, 51, 100, 7]));
        // Connections a clock tick apart, so "longest idle" has one answer.
        let admit = |connections: &Connections, addr| {
            std::thread::sleep(Duration::from_millis(2));
            connections.admit(addr)
        };
        let connections = Connections::new(4);
        // The player's connection is the longest idle, yet the flood's go first.
        let kept = admit(&connections, player).expect("room");
        let floods: Vec<_> = (0..3).map(|_| admit(&connections, flood).expect("room")).collect();
        // At the cap the flood cannot churn through its own connections beside a player.
        assert!(admit(&connections, flood).is_none());
        // The player's new connection takes the flood's oldest place.
        let _second = admit(&connections, player).expect("a flood connection gives way");
        assert!(*floods[0].shed.borrow() && !*kept.shed.borrow());
        connections.remove(floods[0].id);
        // Two each: between equals the newcomer's own address gives way.
        let _more = admit(&connections, flood).expect("room by shedding its own");
        assert!(*floods[1].shed.borrow() && !*kept.shed.borrow());
        // A newcomer from a third address, the two others holding as many: the longest
        // idle of them goes.
        let connections = Connections::new(2);
        let a = admit(&connections, player).expect("room");
        let b = admit(&connections, flood).expect("room");
        admit(&connections, IpAddr::from([203, 0, 113, 9])).expect("room by shedding");
        assert!(*a.shed.borrow() && !*b.shed.borrow());
    }
}
