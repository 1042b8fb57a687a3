//! The tests' HTTP/1.1 client: one request a connection (`Connection: close`), the whole
//! answer read, a chunked body decoded. Enough for our server's API and pages and for
//! chromedriver's JSON; written here rather than taken from ureq, which with its
//! dependencies cost about 10 s of CPU in every build of the tests (docs/performance.md).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;

/// How long a request may take, connecting to the last byte of the answer.
const TIMEOUT: Duration = Duration::from_secs(60);

/// An answer: its status, headers (names in lower case) and body.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    /// The first header called `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    /// The body as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as JSON.
    pub fn json(&self) -> Result<Value, String> {
        serde_json::from_slice(&self.body).map_err(|e| format!("not JSON ({e}): {}", self.text()))
    }
}

/// `METHOD url` with no body.
pub fn call(method: &str, url: &str) -> Result<Response, String> {
    request(method, url, None)
}

/// `METHOD url` with a JSON body.
pub fn send_json(method: &str, url: &str, body: &Value) -> Result<Response, String> {
    request(method, url, Some(body.to_string().as_bytes()))
}

/// `METHOD url`, with `body` as `application/json` when there is one; an error names the
/// request and what failed (connecting, writing, reading, or an answer that is no HTTP).
pub fn request(method: &str, url: &str, body: Option<&[u8]>) -> Result<Response, String> {
    let fail = |what: &str, e: &dyn std::fmt::Display| format!("{method} {url}: {what}: {e}");
    let rest = url.strip_prefix("http://").ok_or_else(|| fail("not an http:// URL", &""))?;
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let path = if path.is_empty() { "/" } else { path };
    let mut stream = TcpStream::connect(host).map_err(|e| fail("connect", &e))?;
    stream
        .set_read_timeout(Some(TIMEOUT))
        .and_then(|()| stream.set_write_timeout(Some(TIMEOUT)))
        .map_err(|e| fail("timeout", &e))?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nAccept: */*\r\n");
    if let Some(body) = body {
        head.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len()));
    } else if matches!(method, "POST" | "PUT") {
        head.push_str("Content-Length: 0\r\n");
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).map_err(|e| fail("write", &e))?;
    if let Some(body) = body {
        stream.write_all(body).map_err(|e| fail("write", &e))?;
    }
    // Read until the answer is whole: some servers (chromedriver) say `Connection: close`
    // and keep the connection open all the same.
    let mut answer = Vec::new();
    let mut buf = [0u8; 16384];
    loop {
        let n = stream.read(&mut buf).map_err(|e| fail("read", &e))?;
        answer.extend_from_slice(&buf[..n]);
        match parse(&answer, n == 0, method == "HEAD") {
            Ok(response) => return Ok(response),
            Err(e) if n == 0 => return Err(fail("answer", &e)),
            Err(_) => {}
        }
    }
}

/// The answer `answer` holds, or why it is not (yet) a whole one. A body with neither a
/// length nor chunks ends with the connection: it is whole only at the `end`. The answer
/// to a HEAD request (`head_request`) has no body, whatever length its headers give.
fn parse(answer: &[u8], end: bool, head_request: bool) -> Result<Response, String> {
    let head_end = answer.windows(4).position(|w| w == b"\r\n\r\n").ok_or("no end of the headers")?;
    let head = std::str::from_utf8(&answer[..head_end]).map_err(|_| "headers not UTF-8")?;
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let status = status_line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status in {status_line:?}"))?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let raw = &answer[head_end + 4..];
    let chunked = headers.iter().any(|(n, v)| n == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
    let body = if head_request {
        Vec::new()
    } else if chunked {
        dechunk(raw)?
    } else if let Some((_, length)) = headers.iter().find(|(n, _)| n == "content-length") {
        let length: usize = length.parse().map_err(|_| format!("content-length {length:?}"))?;
        raw.get(..length).ok_or("a body shorter than its content-length")?.to_vec()
    } else if end {
        raw.to_vec()
    } else {
        return Err("no content-length: the body ends with the connection".into());
    };
    Ok(Response { status, headers, body })
}

/// A chunked body's bytes: `SIZE(hex)[;ext]\r\nDATA\r\n` … `0\r\n\r\n`.
fn dechunk(mut raw: &[u8]) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    loop {
        let line_end = raw.windows(2).position(|w| w == b"\r\n").ok_or("a chunk without its size line")?;
        let size_text = std::str::from_utf8(&raw[..line_end]).map_err(|_| "a chunk size not UTF-8")?;
        let size_text = size_text.split(';').next().unwrap_or_default().trim();
        let size = usize::from_str_radix(size_text, 16).map_err(|_| format!("chunk size {size_text:?}"))?;
        raw = &raw[line_end + 2..];
        if size == 0 {
            return Ok(body);
        }
        body.extend_from_slice(raw.get(..size).ok_or("a chunk cut short")?);
        raw = raw.get(size + 2..).ok_or("a chunk without its line end")?;
    }
}

#[test]
fn answers_are_read_whole_chunked_or_not() {
    let plain =
        parse(b"HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello", false, false)
            .unwrap();
    assert_eq!((plain.status, plain.text().as_str(), plain.header("content-type")), (201, "hello", Some("text/plain")));
    let chunked = parse(
        b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3;x=1\r\n:1}\r\n0\r\n\r\n",
        false,
        false,
    )
    .unwrap();
    assert_eq!(chunked.json().unwrap(), serde_json::json!({"a": 1}));
    // Not whole yet: a body shorter than its length, chunks without the last, or a body
    // of no length before the connection ends.
    assert!(parse(b"HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nshort", true, false).is_err());
    assert!(parse(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n", false, false).is_err());
    let open = b"HTTP/1.1 200 OK\r\n\r\nuntil the end";
    assert!(parse(open, false, false).is_err());
    assert_eq!(parse(open, true, false).unwrap().text(), "until the end");
    assert!(parse(b"garbage", true, false).is_err());
    // A HEAD's answer is whole at the end of its headers, whatever length they give.
    let head = parse(b"HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n", false, true).unwrap();
    assert_eq!((head.status, head.body.len()), (200, 0));
}
