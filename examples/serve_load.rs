//! A load test of `morris serve` (docs/serve.md, "A server that holds"): thousands of
//! waiting long polls, clients that send a body too slowly and clients that send an
//! endless header, all at once, while a normal client plays; then the attackers leave
//! and the normal client checks that nothing is refused.
//!
//! ```sh
//! scripts/serve-load.sh          # builds, then runs this against target/release/morris
//! cargo run --release --example serve_load -- --morris target/release/morris [--polls 2000 ...]
//! ```
//!
//! It starts the server itself (so it can read the server's memory from /proc) on a free
//! loopback port, and raises its own open-file limit for the sockets. It prints the
//! normal client's latencies (every request that should be answered at once, and how long
//! a waiting poll took to see a change), the server's peak resident memory and what was
//! refused after the attackers left; it exits non-zero when a goal is missed.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};

/// Options of the load test.
#[derive(Parser, Debug)]
struct Args {
    /// The `morris` binary to start as the server
    #[arg(long, default_value = "target/release/morris")]
    morris: PathBuf,
    /// Long polls held open (each on its own connection, `wait=30`, asked again when answered)
    #[arg(long, default_value_t = 2000)]
    polls: usize,
    /// Clients that announce a body and send it a byte a second
    #[arg(long, default_value_t = 20)]
    slow_bodies: usize,
    /// Clients that send a header line without end
    #[arg(long, default_value_t = 20)]
    huge_headers: usize,
    /// Seconds the normal client plays while the attackers are on
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// Requests the normal client makes after the attackers have gone
    #[arg(long, default_value_t = 300)]
    after: usize,
    /// The address the attackers connect from: another one than the normal client's
    /// (127.0.0.1), as a flood from another machine; 127.0.0.1 puts them on the player's
    #[arg(long, default_value = "127.0.0.2")]
    attack_from: std::net::IpAddr,
    /// More arguments for `morris serve` (e.g. `--max-connections 1000`)
    #[arg(last = true)]
    serve_args: Vec<String>,
}

/// The goals of docs/serve.md.
const LATENCY_GOAL: Duration = Duration::from_millis(100);
const MEMORY_GOAL_MIB: f64 = 128.0;

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("serve_load: {e}");
            ExitCode::from(2)
        }
    }
}

/// Raises the soft limit on open files to the hard one: each poll is a socket here and
/// in the server.
fn raise_file_limit(need: u64) -> Result<u64, String> {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    let hard = limit.maximum.unwrap_or(u64::MAX);
    let raised = Rlimit { current: Some(hard.min(1 << 20)), maximum: limit.maximum };
    setrlimit(Resource::Nofile, raised).map_err(|e| format!("cannot raise the open-file limit: {e}"))?;
    let now = getrlimit(Resource::Nofile).current.unwrap_or(u64::MAX);
    if now < need {
        return Err(format!("{need} open files are needed and the hard limit is {now}: raise it (ulimit -Hn)"));
    }
    Ok(now)
}

/// The server process and its address.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(args: &Args) -> Result<Server, String> {
        let mut child = Command::new(&args.morris)
            .args(["serve", "--port", "0", "--hash", "1", "--movetime", "0.1"])
            .args(&args.serve_args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", args.morris.display()))?;
        let mut line = String::new();
        let stdout = child.stdout.take().ok_or("no stdout")?;
        BufReader::new(stdout).read_line(&mut line).map_err(|e| format!("no URL from the server: {e}"))?;
        let addr = line
            .trim()
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .map_err(|_| format!("not a URL: {line:?}"))?;
        Ok(Server { child, addr })
    }

    /// `VmRSS` and `VmHWM` in MiB.
    fn memory(&self) -> (f64, f64) {
        (vm_mib(self.child.id(), "VmRSS:"), vm_mib(self.child.id(), "VmHWM:"))
    }
}

/// A `Vm...:` line of a process's `/proc/PID/status`, in MiB (0 when it cannot be read).
fn vm_mib(pid: u32, field: &str) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kib = status.lines().find_map(|l| l.strip_prefix(field)?.trim().strip_suffix("kB")?.trim().parse::<f64>().ok());
    kib.unwrap_or(0.0) / 1024.0
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A keep-alive HTTP/1.1 client on one connection (reconnecting when the server closed
/// it), the normal client's.
struct Client {
    addr: SocketAddr,
    /// An answer not read within this is a failure (a refusal).
    timeout: Duration,
    stream: Option<BufReader<TcpStream>>,
}

/// An answer: status and JSON body (`Null` when not JSON).
type Answer = (u16, Value);

impl Client {
    fn new(addr: SocketAddr, timeout: Duration) -> Client {
        Client { addr, timeout, stream: None }
    }

    fn send(&mut self, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<Answer> {
        let body = body.map(Value::to_string).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: load\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        // A connection the server closed since (idle, or given way) is opened again once.
        for attempt in 0..2 {
            if self.stream.is_none() {
                let stream = TcpStream::connect(self.addr)?;
                stream.set_nodelay(true)?;
                stream.set_read_timeout(Some(self.timeout))?;
                stream.set_write_timeout(Some(self.timeout))?;
                self.stream = Some(BufReader::new(stream));
            }
            let Some(stream) = self.stream.as_mut() else { continue };
            let answer = stream.get_mut().write_all(request.as_bytes()).and_then(|()| read_answer(stream));
            match answer {
                Ok((status, close, text)) => {
                    if close {
                        self.stream = None;
                    }
                    return Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)));
                }
                Err(e) if attempt == 0 => {
                    self.stream = None;
                    let _ = e;
                }
                Err(e) => return Err(e),
            }
        }
        Err(std::io::Error::other("no answer"))
    }
}

/// What an answer's header line says of its body's length and of closing the connection.
#[derive(Default)]
struct Framing {
    length: usize,
    close: bool,
}

impl Framing {
    /// Takes one header line; false at the empty line that ends the head.
    fn read(&mut self, line: &str) -> bool {
        let header = line.trim_end().to_ascii_lowercase();
        if let Some(n) = header.strip_prefix("content-length:") {
            self.length = n.trim().parse().unwrap_or(0);
        }
        self.close |= header == "connection: close";
        !header.is_empty()
    }
}

/// Reads one answer: status, whether the server closes the connection, body.
fn read_answer(stream: &mut BufReader<TcpStream>) -> std::io::Result<(u16, bool, String)> {
    let mut line = String::new();
    if stream.read_line(&mut line)? == 0 {
        return Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "closed"));
    }
    let status = line.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut framing = Framing::default();
    while {
        line.clear();
        stream.read_line(&mut line)?;
        framing.read(&line)
    } {}
    let mut body = vec![0; framing.length];
    stream.read_exact(&mut body)?;
    Ok((status, framing.close, String::from_utf8_lossy(&body).into_owned()))
}

/// Latencies in one list, with max and 99th percentile.
#[derive(Default)]
struct Latencies(Vec<Duration>);

impl Latencies {
    fn max(&self) -> Duration {
        self.0.iter().copied().max().unwrap_or_default()
    }

    fn p99(&self) -> Duration {
        let mut sorted = self.0.clone();
        sorted.sort();
        sorted.get((sorted.len() * 99).div_ceil(100).saturating_sub(1)).copied().unwrap_or_default()
    }

    fn median(&self) -> Duration {
        let mut sorted = self.0.clone();
        sorted.sort();
        sorted.get(sorted.len() / 2).copied().unwrap_or_default()
    }

    fn show(&self) -> String {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        format!(
            "{} requests, median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            self.0.len(),
            ms(self.median()),
            ms(self.p99()),
            ms(self.max())
        )
    }
}

/// What the normal client saw.
#[derive(Default)]
struct Seen {
    /// Requests that should be answered at once.
    at_once: Latencies,
    /// From sending a move to the answer of a poll waiting on another connection.
    wake: Latencies,
    /// Answers 5xx, or no answer.
    refused: usize,
    moves: usize,
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect()).unwrap_or_default()
}

/// The normal client: plays a game for two people by clicks (a new one when it ends),
/// each move seen by a long poll on a second connection as the page's would, and fetches
/// the page now and then; until `stop`.
fn play(addr: SocketAddr, stop: &AtomicBool, seen: &mut Seen, seed: u64) {
    let mut client = Client::new(addr, Duration::from_secs(5));
    // Which legal click to make: the same game every run.
    let mut pick = Xoshiro256PlusPlus::seed_from_u64(seed);
    let timed = |client: &mut Client, seen: &mut Seen, method: &str, path: &str, body: Option<&Value>| {
        let started = Instant::now();
        let answer = client.send(method, path, body);
        seen.at_once.0.push(started.elapsed());
        match answer {
            Ok((status, _)) if status >= 500 => {
                seen.refused += 1;
                answer
            }
            Err(e) => {
                seen.refused += 1;
                Err(e)
            }
            ok => ok,
        }
    };
    // A refused or failed request is counted (in `timed`) and the client goes on, a
    // little later, as a page would.
    let pause = || std::thread::sleep(Duration::from_millis(50));
    let new_game = |client: &mut Client, seen: &mut Seen| -> Option<String> {
        let (_, state) = timed(client, seen, "POST", "/api/games", Some(&json!({"human": "both"}))).ok()?;
        state["id"].as_str().map(str::to_string)
    };
    let mut id = None;
    while !stop.load(Ordering::Relaxed) {
        let Some(game) = id.clone() else {
            id = new_game(&mut client, seen);
            if id.is_none() {
                pause();
            }
            let _ = timed(&mut client, seen, "GET", "/", None);
            continue;
        };
        let Ok((200, state)) = timed(&mut client, seen, "GET", &format!("/api/games/{game}"), None) else {
            id = None;
            pause();
            continue;
        };
        let choices = strings(&state["choices"]);
        if state["turn"] != "human" || choices.is_empty() || state["moves"].as_array().map_or(0, Vec::len) >= 80 {
            id = None;
            continue;
        }
        let id = &game;
        // The page's poll, waiting for the move on its own connection.
        let version = state["version"].as_u64().unwrap_or(0);
        let poll_path = format!("/api/games/{id}?after={version}&wait=10");
        let poller = std::thread::spawn(move || {
            let mut poll = Client::new(addr, Duration::from_secs(20));
            poll.send("GET", &poll_path, None).map(|(status, _)| (status, Instant::now()))
        });
        // Let the poll arrive and wait first.
        std::thread::sleep(Duration::from_millis(20));
        let Some(first) = choices.choose(&mut pick) else { continue };
        let mut clicks = vec![first.clone()];
        let sent = Instant::now();
        let input = format!("/api/games/{id}/input");
        // Clicks until the move is played (or refused): a stone, then where it goes, then
        // what it removes, as the server asks for them.
        while let Ok((200, reply)) = timed(&mut client, seen, "POST", &input, Some(&json!({ "clicks": clicks }))) {
            let next = strings(&reply["highlight"]).choose(&mut pick).cloned();
            match next {
                Some(next) if reply["status"] == "need" => clicks.push(next),
                _ => break,
            }
        }
        seen.moves += 1;
        match poller.join() {
            Ok(Ok((200, answered))) => seen.wake.0.push(answered.saturating_duration_since(sent)),
            _ => seen.refused += 1,
        }
    }
}

/// Counters of the attackers.
#[derive(Default)]
struct Attack {
    polls_open: AtomicUsize,
    polls_answered: AtomicU64,
    slow_408: AtomicU64,
    slow_closed: AtomicU64,
    huge_431: AtomicU64,
    huge_closed: AtomicU64,
}

/// A connection to `addr` from the address `from`.
async fn connect_from(from: std::net::IpAddr, addr: SocketAddr) -> std::io::Result<tokio::net::TcpStream> {
    let socket = if from.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
    socket.bind(SocketAddr::new(from, 0))?;
    socket.connect(addr).await
}

/// One long poll after another on one connection, until `stop`.
async fn poller(addr: SocketAddr, from: std::net::IpAddr, path: String, stop: Arc<AtomicBool>, attack: Arc<Attack>) {
    while !stop.load(Ordering::Relaxed) {
        let Ok(stream) = connect_from(from, addr).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let mut stream = tokio::io::BufReader::new(stream);
        attack.polls_open.fetch_add(1, Ordering::Relaxed);
        loop {
            let request = format!("GET {path} HTTP/1.1\r\nHost: load\r\n\r\n");
            if stream.get_mut().write_all(request.as_bytes()).await.is_err() {
                break;
            }
            let answered = tokio::select! {
                answered = read_answer_async(&mut stream) => answered,
                () = wait_for(&stop) => break,
            };
            match answered {
                Some(close) => {
                    attack.polls_answered.fetch_add(1, Ordering::Relaxed);
                    if close {
                        break;
                    }
                }
                None => break,
            }
        }
        attack.polls_open.fetch_sub(1, Ordering::Relaxed);
    }
}

async fn wait_for(flag: &AtomicBool) {
    while !flag.load(Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Reads an answer; `Some(closes)`, or None when the connection ended.
async fn read_answer_async(stream: &mut tokio::io::BufReader<tokio::net::TcpStream>) -> Option<bool> {
    let mut line = String::new();
    if stream.read_line(&mut line).await.ok()? == 0 {
        return None;
    }
    let mut framing = Framing::default();
    while {
        line.clear();
        stream.read_line(&mut line).await.ok()?;
        framing.read(&line)
    } {}
    let mut body = vec![0; framing.length];
    stream.read_exact(&mut body).await.ok()?;
    Some(framing.close)
}

/// The status of the first answer on `stream`, if any.
async fn status_of(stream: &mut tokio::net::TcpStream) -> Option<u16> {
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).await.ok()?;
    String::from_utf8_lossy(&head[9..12]).parse().ok()
}

/// Announces a body of 100 kB and sends a byte a second, again and again, until `stop`.
async fn slow_body(addr: SocketAddr, from: std::net::IpAddr, stop: Arc<AtomicBool>, attack: Arc<Attack>) {
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut stream) = connect_from(from, addr).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let head = "POST /api/games HTTP/1.1\r\nHost: load\r\nContent-Length: 100000\r\n\r\n{";
        if stream.write_all(head.as_bytes()).await.is_err() {
            continue;
        }
        let (mut reader, mut writer) = stream.into_split();
        let trickle = async {
            loop {
                tokio::time::sleep(Duration::from_secs(1)).await;
                if writer.write_all(b" ").await.is_err() {
                    break;
                }
            }
        };
        let mut head = [0u8; 12];
        let answered = tokio::select! {
            answered = reader.read_exact(&mut head) => answered.ok().map(|_| String::from_utf8_lossy(&head[9..12]).to_string()),
            () = trickle => None,
            () = wait_for(&stop) => return,
        };
        if answered.as_deref() == Some("408") {
            attack.slow_408.fetch_add(1, Ordering::Relaxed);
        } else {
            attack.slow_closed.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Sends a header line without end (up to 300 MB a connection), again and again, a
/// tenth of a second apart, until `stop`.
async fn huge_header(addr: SocketAddr, from: std::net::IpAddr, stop: Arc<AtomicBool>, attack: Arc<Attack>) {
    let chunk = vec![b'h'; 64 * 1024];
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut stream) = connect_from(from, addr).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let mut sent = 0usize;
        if stream.write_all(b"GET / HTTP/1.1\r\nHost: load\r\nX-Huge: ").await.is_ok() {
            while sent < 300_000_000 && !stop.load(Ordering::Relaxed) {
                let written = tokio::select! {
                    written = stream.write_all(&chunk) => written.is_ok(),
                    () = wait_for(&stop) => return,
                };
                if !written {
                    break;
                }
                sent += chunk.len();
            }
        }
        let status = tokio::select! {
            status = status_of(&mut stream) => status,
            () = wait_for(&stop) => return,
        };
        if status == Some(431) {
            attack.huge_431.fetch_add(1, Ordering::Relaxed);
        } else {
            attack.huge_closed.fetch_add(1, Ordering::Relaxed);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn run(args: &Args) -> Result<bool, String> {
    let files = raise_file_limit(args.polls as u64 + 512)?;
    let server = Server::start(args)?;
    let addr = server.addr;
    println!(
        "serve_load: morris serve on {addr} (pid {}); open files here: {files}; {} polls, {} slow bodies, \
         {} huge headers from {}, {} s",
        server.child.id(),
        args.polls,
        args.slow_bodies,
        args.huge_headers,
        args.attack_from,
        args.seconds
    );
    // The games the polls wait on: for two people, so nothing changes in them.
    let mut setup = Client::new(addr, Duration::from_secs(5));
    let games: Vec<String> = (0..10)
        .map(|_| {
            let (_, state) = setup.send("POST", "/api/games", Some(&json!({"human": "both"})))?;
            Ok(state["id"].as_str().unwrap_or_default().to_string())
        })
        .collect::<std::io::Result<_>>()
        .map_err(|e| format!("cannot create the polls' games: {e}"))?;
    drop(setup);

    let stop = Arc::new(AtomicBool::new(false));
    let attack = Arc::new(Attack::default());
    let runtime =
        tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| format!("no runtime: {e}"))?;
    let attackers = {
        let (stop, attack, games) = (Arc::clone(&stop), Arc::clone(&attack), games.clone());
        let (polls, slow, huge, from) = (args.polls, args.slow_bodies, args.huge_headers, args.attack_from);
        std::thread::spawn(move || {
            runtime.block_on(async move {
                let mut tasks = Vec::new();
                for i in 0..polls {
                    let path = format!("/api/games/{}?after=1000000&wait=30", games[i % games.len()]);
                    tasks.push(tokio::spawn(poller(addr, from, path, Arc::clone(&stop), Arc::clone(&attack))));
                    if i % 100 == 99 {
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                }
                for _ in 0..slow {
                    tasks.push(tokio::spawn(slow_body(addr, from, Arc::clone(&stop), Arc::clone(&attack))));
                }
                for _ in 0..huge {
                    tasks.push(tokio::spawn(huge_header(addr, from, Arc::clone(&stop), Arc::clone(&attack))));
                }
                for task in tasks {
                    let _ = task.await;
                }
            });
        })
    };
    // The polls are open before the normal client starts.
    let opening = Instant::now();
    while attack.polls_open.load(Ordering::Relaxed) < args.polls && opening.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    println!(
        "attackers on: {} polls open after {:.1} s",
        attack.polls_open.load(Ordering::Relaxed),
        opening.elapsed().as_secs_f64()
    );

    // Memory, sampled while the normal client plays.
    let sampling = Arc::new(AtomicBool::new(false));
    let peak_rss = Arc::new(AtomicU64::new(0));
    let min_open = Arc::new(AtomicUsize::new(usize::MAX));
    let sampler = {
        let (sampling, peak_rss, min_open, attack) =
            (Arc::clone(&sampling), Arc::clone(&peak_rss), Arc::clone(&min_open), Arc::clone(&attack));
        let pid = server.child.id();
        std::thread::spawn(move || {
            while !sampling.load(Ordering::Relaxed) {
                // In KiB, so that it fits an atomic integer.
                let rss = (vm_mib(pid, "VmRSS:") * 1024.0) as u64;
                peak_rss.fetch_max(rss, Ordering::Relaxed);
                min_open.fetch_min(attack.polls_open.load(Ordering::Relaxed), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(100));
            }
        })
    };
    let playing = Arc::new(AtomicBool::new(false));
    let mut seen = Seen::default();
    {
        let playing = Arc::clone(&playing);
        let seconds = args.seconds;
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_secs(seconds));
            playing.store(true, Ordering::Relaxed);
        });
    }
    play(addr, &playing, &mut seen, 0x2545_f491_4f6c_dd1d);
    sampling.store(true, Ordering::Relaxed);
    let _ = sampler.join();
    let (rss_during, hwm_during) = server.memory();
    stop.store(true, Ordering::Relaxed);
    let _ = attackers.join();

    // The attackers have gone: nothing is refused.
    std::thread::sleep(Duration::from_secs(1));
    let mut after = Seen::default();
    let mut client = Client::new(addr, Duration::from_secs(5));
    for i in 0..args.after {
        let started = Instant::now();
        let answer = match i % 3 {
            0 => client.send("GET", "/", None),
            1 => client.send("GET", &format!("/api/games/{}", games[i % games.len()]), None),
            _ => client.send("POST", "/api/games", Some(&json!({"human": "both"}))).and_then(|(status, state)| {
                let id = state["id"].as_str().unwrap_or_default().to_string();
                client.send("POST", &format!("/api/games/{id}/close"), None).map(|_| (status, state))
            }),
        };
        after.at_once.0.push(started.elapsed());
        if !matches!(answer, Ok((status, _)) if status < 500) {
            after.refused += 1;
        }
    }
    let (rss_after, hwm) = server.memory();

    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let peak = peak_rss.load(Ordering::Relaxed) as f64 / 1024.0;
    println!("normal client, at once: {} (refused {})", seen.at_once.show(), seen.refused);
    println!("normal client, a move seen by a waiting poll: {}", seen.wake.show());
    println!("normal client: {} moves played while attacked", seen.moves);
    println!(
        "attackers: polls open at least {} of {}, {} polls answered; slow bodies: {} got 408, {} closed otherwise; \
         huge headers: {} got 431, {} closed otherwise",
        min_open.load(Ordering::Relaxed).min(args.polls),
        args.polls,
        attack.polls_answered.load(Ordering::Relaxed),
        attack.slow_408.load(Ordering::Relaxed),
        attack.slow_closed.load(Ordering::Relaxed),
        attack.huge_431.load(Ordering::Relaxed),
        attack.huge_closed.load(Ordering::Relaxed),
    );
    println!(
        "server memory: peak sampled VmRSS {peak:.1} MiB, VmRSS {rss_during:.1} MiB at the end of the attack \
         (VmHWM {hwm_during:.1} MiB), {rss_after:.1} MiB after; VmHWM over the whole run {hwm:.1} MiB"
    );
    println!("after the attackers left: {} refused; {}", after.refused, after.at_once.show());
    let worst = seen.at_once.max().max(seen.wake.max());
    let met = worst < LATENCY_GOAL && hwm < MEMORY_GOAL_MIB && after.refused == 0 && seen.refused == 0;
    println!(
        "goals (every normal request under {} ms, VmHWM under {MEMORY_GOAL_MIB} MiB, nothing refused): {}",
        ms(LATENCY_GOAL),
        if met { "met" } else { "MISSED" }
    );
    Ok(met)
}
