//! A small W3C WebDriver client for the browser tests: starts chromedriver, opens a
//! headless Chromium session and offers the few commands a test needs (open a URL, find,
//! click, type, read text and attributes, press keys, run a script, take a screenshot).
//!
//! Written over the tests' own HTTP client (`tests/http`) and serde_json rather than
//! taken from fantoccini or thirtyfour, which bring an async runtime (tokio, hyper) to
//! compile for about fifteen commands.

#![allow(dead_code)]

use std::cell::Cell;
use std::io::Write;
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The key W3C uses for element references.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// W3C key codes.
pub mod keys {
    /// ←
    pub const LEFT: &str = "\u{E012}";
    /// →
    pub const RIGHT: &str = "\u{E014}";
    /// Home
    pub const HOME: &str = "\u{E011}";
    /// End
    pub const END: &str = "\u{E010}";
    /// Up arrow.
    pub const UP: &str = "\u{E013}";
    /// Down arrow.
    pub const DOWN: &str = "\u{E015}";
    /// Enter.
    pub const ENTER: &str = "\u{E007}";
}

/// Finds a program on the PATH or in the usual Debian places.
fn find_program(env: &str, names: &[&str], extra: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(env).map(PathBuf::from).filter(|p| p.is_file()) {
        return Some(p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for name in names {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    extra.iter().map(PathBuf::from).find(|p| p.is_file())
}

/// The variable that skips the browser tests on a machine without Chromium, on purpose.
pub const SKIP_VARIABLE: &str = "MORRIS_SKIP_BROWSER_TESTS";

/// Chromium and chromedriver. When either is missing the test fails with the command
/// that installs them, so that a machine without a browser cannot pass the browser tests
/// unseen; only `MORRIS_SKIP_BROWSER_TESTS=1` skips them (`None`), and says so.
pub fn browser_or_skip() -> Option<(PathBuf, PathBuf)> {
    let driver = find_program("CHROMEDRIVER", &["chromedriver"], &["/usr/lib/chromium/chromedriver"]);
    let browser =
        find_program("CHROME", &["chromium", "chromium-browser", "google-chrome"], &["/usr/lib/chromium/chromium"]);
    match (driver, browser) {
        (Some(d), Some(b)) => Some((d, b)),
        (d, b) => {
            let missing = [(d.is_none(), "chromedriver"), (b.is_none(), "chromium")]
                .iter()
                .filter(|(m, _)| *m)
                .map(|(_, n)| *n)
                .collect::<Vec<_>>()
                .join(" and ");
            let skip = std::env::var(SKIP_VARIABLE).is_ok_and(|v| !v.is_empty() && v != "0");
            if skip {
                // Straight to the process's stderr, past the test harness's capture, so a
                // skip is seen even when the test "passes".
                let _ =
                    writeln!(std::io::stderr(), "browser test SKIPPED: {missing} not found and {SKIP_VARIABLE} is set");
                return None;
            }
            panic!(
                "{missing} not found: install them with `sudo apt-get install chromium chromium-driver` (as \
                 `.ci/run` does when run as root), or set CHROMEDRIVER and CHROME to their paths; \
                 {SKIP_VARIABLE}=1 skips the browser tests instead"
            );
        }
    }
}

/// A chromedriver and its one session of a headless Chromium, in a process group of their
/// own under a watchdog shell: when the watchdog's stdin (held here) closes, as it does
/// when this test process ends however it ends, the shell kills the group and removes the
/// profile. Sessions are kept in [`POOL`] between tests: a Chromium's start is about 1.5 s
/// of CPU, and 22 tests started one each (docs/performance.md).
struct Session {
    watchdog: Child,
    base: String,
    id: String,
    /// The window's rectangle as it started, given back to it before the session is reused.
    rect: Value,
}

/// Sessions free for the next test. A test takes one or starts one, so the pool grows to
/// the number of browser tests that ever ran at once.
static POOL: Mutex<Vec<Session>> = Mutex::new(Vec::new());

/// The watchdog: runs chromedriver (`$0`) on port `$1` in the background, waits for its
/// own stdin to close, then, from a session of its own, kills its whole process group
/// (chromedriver, and the Chromium it started, which stays in the group) and removes the
/// profile (`$2`).
const WATCHDOG: &str = r#""$0" --port="$1" </dev/null >/dev/null 2>&1 &
read -r _
setsid sh -c 'kill -KILL -"$1"; sleep 0.2; rm -rf "$2"' sh $$ "$2""#;

impl Session {
    /// Starts chromedriver and a headless Chromium with a fresh profile.
    fn launch(driver: &Path, chromium: &Path) -> Session {
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let profile = std::env::temp_dir().join(format!("morris-chromium-{}-{port}", std::process::id()));
        let watchdog = Command::new("sh")
            .arg("-c")
            .arg(WATCHDOG)
            .arg(driver)
            .arg(port.to_string())
            .arg(&profile)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("chromedriver starts");
        let base = format!("http://127.0.0.1:{port}");
        let mut session = Session { watchdog, base, id: String::new(), rect: Value::Null };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let ready = session.raw("GET", "/status", None).ok().is_some_and(|v| v["value"]["ready"] == true);
            if ready {
                break;
            }
            assert!(Instant::now() < deadline, "chromedriver did not get ready");
            std::thread::sleep(Duration::from_millis(50));
        }
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1200,860",
        ]
        .iter()
        .map(|s| (*s).to_string())
        .chain([format!("--user-data-dir={}", profile.display())])
        .collect::<Vec<_>>();
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium.display().to_string(), "args": args},
        }}});
        let reply = session.raw("POST", "/session", Some(&caps)).expect("new session");
        session.id = reply["value"]["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {reply}")).to_string();
        session.rect =
            session.raw("GET", &format!("/session/{}/window/rect", session.id), None).expect("the window")["value"]
                .clone();
        session
    }

    fn raw(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let url = format!("{}{path}", self.base);
        let response = match (method, body) {
            ("GET" | "DELETE", _) => crate::http::call(method, &url),
            (_, Some(b)) => crate::http::send_json(method, &url, b),
            (_, None) => crate::http::send_json(method, &url, &json!({})),
        }?;
        let status = response.status;
        let value = response.json()?;
        if status >= 400 {
            return Err(format!("{method} {path}: {status} {}", value["value"]["message"]));
        }
        Ok(value)
    }

    /// Makes the session as a new one is for the next test: one window of the first size
    /// on a blank page, no key held, the page's storage cleared (each test's server has a
    /// port of its own, but a port can come again).
    fn reset(&self) -> Result<(), String> {
        let at = |path: &str| format!("/session/{}{path}", self.id);
        let windows = self.raw("GET", &at("/window/handles"), None)?;
        if windows["value"].as_array().is_none_or(|w| w.len() != 1) {
            return Err(format!("windows left open: {windows}"));
        }
        let clear = json!({"script": "try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}", "args": []});
        self.raw("POST", &at("/execute/sync"), Some(&clear))?;
        self.raw("DELETE", &at("/actions"), None)?;
        let size = json!({"width": self.rect["width"], "height": self.rect["height"]});
        self.raw("POST", &at("/window/rect"), Some(&size))?;
        self.raw("POST", &at("/url"), Some(&json!({"url": "about:blank"})))?;
        Ok(())
    }

    /// Ends the session and its processes now.
    fn end(mut self) {
        let _ = self.raw("DELETE", &format!("/session/{}", self.id), None);
        drop(self.watchdog.stdin.take());
        let _ = self.watchdog.wait();
    }
}

/// A browser session for one test: taken from [`POOL`] or started, and given back when
/// dropped, unless the test panicked or changed what a reset does not undo (a DevTools
/// emulation), in which case it ends.
pub struct Browser {
    session: Option<Session>,
    tainted: Cell<bool>,
}

/// An element reference.
#[derive(Clone, Debug)]
pub struct Element(String);

impl Browser {
    /// A headless Chromium session with the first window size: a kept one, or a new one
    /// with a fresh profile.
    ///
    /// # Panics
    /// When chromedriver or the browser does not start.
    pub fn start(driver: &Path, chromium: &Path) -> Browser {
        let kept = POOL.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let session = kept.unwrap_or_else(|| Session::launch(driver, chromium));
        Browser { session: Some(session), tainted: Cell::new(false) }
    }

    fn session(&self) -> &Session {
        self.session.as_ref().expect("a browser's session lives until it is dropped")
    }

    fn raw(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        self.session().raw(method, path, body)
    }

    /// A command of the session; panics with WebDriver's message on failure.
    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.session().id);
        match self.raw(method, &path, body.as_ref()) {
            Ok(v) => v["value"].clone(),
            Err(e) => panic!("{e}"),
        }
    }

    /// Opens `url`.
    pub fn open(&self, url: &str) {
        self.cmd("POST", "/url", Some(json!({ "url": url })));
    }

    /// The elements matching a CSS selector.
    pub fn find_all(&self, css: &str) -> Vec<Element> {
        let found = self.cmd("POST", "/elements", Some(json!({"using": "css selector", "value": css})));
        found
            .as_array()
            .map(|a| a.iter().filter_map(|e| e[ELEMENT_KEY].as_str()).map(|s| Element(s.to_string())).collect())
            .unwrap_or_default()
    }

    /// The first element matching `css`, waiting up to 20 s for it to appear.
    pub fn find(&self, css: &str) -> Element {
        self.wait(&format!("an element {css}"), || self.find_all(css).into_iter().next())
    }

    /// Clicks an element as a person would (WebDriver's element click: scrolled into
    /// view, at its centre, refused if something else is on top).
    pub fn click(&self, element: &Element) {
        self.cmd("POST", &format!("/element/{}/click", element.0), Some(json!({})));
    }

    /// Clicks the first element matching `css`. The page redraws the board whenever the
    /// game changes, so an element found may be gone a moment later: then it is found
    /// again and clicked.
    pub fn click_on(&self, css: &str) {
        for _ in 0..20 {
            let e = self.find(css);
            let path = format!("/session/{}/element/{}/click", self.session().id, e.0);
            match self.raw("POST", &path, Some(&json!({}))) {
                Ok(_) => return,
                Err(err) if err.contains("stale element") => {}
                Err(err) => panic!("{err}"),
            }
        }
        panic!("{css} kept going stale");
    }

    /// Types `text` into an element (for a file input: the file's path).
    pub fn type_into(&self, element: &Element, text: &str) {
        self.cmd("POST", &format!("/element/{}/value", element.0), Some(json!({ "text": text })));
    }

    /// The visible text of the first element matching `css` (waiting for it to exist).
    /// Read in one script, because the page may replace the element at any moment.
    pub fn text(&self, css: &str) -> String {
        self.find(css);
        let v = self
            .script_with("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", &[json!(css)]);
        v.as_str().unwrap_or("").to_string()
    }

    /// An attribute of the first element matching `css`, if it has it.
    pub fn attribute(&self, css: &str, name: &str) -> Option<String> {
        self.find(css);
        let script = "const e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1]) : null";
        self.script_with(script, &[json!(css), json!(name)]).as_str().map(str::to_string)
    }

    /// Sets the window's size in CSS pixels (a phone: 390 × 844).
    pub fn set_window_size(&self, width: u32, height: u32) {
        self.cmd("POST", "/window/rect", Some(json!({ "width": width, "height": height })));
    }

    /// Runs a Chrome DevTools command (chromedriver's own endpoint), e.g. to emulate
    /// `prefers-color-scheme: dark`.
    pub fn devtools(&self, command: &str, params: Value) -> Value {
        self.tainted.set(true);
        self.cmd("POST", "/goog/cdp/execute", Some(json!({ "cmd": command, "params": params })))
    }

    /// Presses and releases a key (see [`keys`]) on the page.
    pub fn press(&self, key: &str) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]});
        self.cmd("POST", "/actions", Some(actions));
    }

    /// Runs a script in the page and returns its value.
    pub fn script(&self, script: &str) -> Value {
        self.script_with(script, &[])
    }

    /// Runs a script with arguments (`arguments[0]`, ...) and returns its value.
    pub fn script_with(&self, script: &str, args: &[Value]) -> Value {
        self.cmd("POST", "/execute/sync", Some(json!({ "script": script, "args": args })))
    }

    /// A PNG screenshot of the window.
    pub fn screenshot(&self) -> Vec<u8> {
        use base64::Engine as _;
        let b64 = self.cmd("GET", "/screenshot", None);
        base64::engine::general_purpose::STANDARD.decode(b64.as_str().unwrap_or("")).expect("base64 PNG")
    }

    /// Polls `probe` until it gives a value, for at most 20 s: at once, then at [`pause`]'s
    /// growing intervals.
    ///
    /// # Panics
    /// With `what` when it never does.
    pub fn wait<T>(&self, what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
        let deadline = Instant::now() + Duration::from_secs(20);
        for poll in 0.. {
            if let Some(v) = probe() {
                return v;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            std::thread::sleep(pause(poll));
        }
        unreachable!("polls until the deadline")
    }

    /// Waits until the text of `css` satisfies `ok`; returns it.
    pub fn wait_text(&self, css: &str, ok: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        for poll in 0.. {
            let last = if self.find_all(css).is_empty() { String::new() } else { self.text(css) };
            if ok(&last) {
                return last;
            }
            if Instant::now() >= deadline {
                let page = self.script(
                    "return [location.href, document.readyState, document.body ? document.body.innerText.slice(0, 300) : '']",
                );
                panic!("timed out waiting on the text of {css}; last: {last:?}; page: {page}");
            }
            std::thread::sleep(pause(poll));
        }
        unreachable!("polls until the deadline")
    }
}

/// The pause after the `poll`th look at the page: 10 ms doubling to 200 ms. What the page
/// shows at once is seen at once, and a wait on the engine's move (a second or more) asks
/// the browser a few times a second, not twenty (each look is work for Chromium; against
/// 50 ms throughout, the browser tests took 149 s of CPU rather than 154 s).
fn pause(poll: u32) -> Duration {
    Duration::from_millis(10 << poll.min(5)).min(Duration::from_millis(200))
}

impl Drop for Browser {
    fn drop(&mut self) {
        let Some(session) = self.session.take() else { return };
        if std::thread::panicking() || self.tainted.get() || session.reset().is_err() {
            session.end();
        } else {
            POOL.lock().unwrap_or_else(PoisonError::into_inner).push(session);
        }
    }
}
