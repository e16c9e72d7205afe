//! A bounded HTTP/1.1 server for the playground: a fixed number of threads, each taking one
//! connection at a time (one request per connection, `Connection: close`).
//!
//! Everything a client sends is bounded before it is held: the request head is read into a
//! buffer of at most [`MAX_HEAD`] bytes and parsed by httparse into a fixed array of
//! [`MAX_HEADERS`] headers; the body must say its length (`Content-Length`), which is checked
//! against the caller's cap before a byte of it is read. A client has [`HEAD_TIME`] to send
//! its head and [`BODY_TIME`] for its body, so a slow client holds a thread for a bounded time.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

/// The largest request head (request line and headers), in bytes.
pub const MAX_HEAD: usize = 16 << 10;
/// The most headers a request may have.
pub const MAX_HEADERS: usize = 48;
/// Time allowed to send the request head.
pub const HEAD_TIME: Duration = Duration::from_secs(10);
/// Time allowed to send the body.
pub const BODY_TIME: Duration = Duration::from_secs(60);

/// A request: method, target (path and query) and body.
pub struct Request {
    pub method: String,
    pub target: String,
    pub body: Vec<u8>,
}

/// An answer: status, content type, body, and a file name when it is a download.
pub struct Reply {
    pub status: u16,
    pub mime: &'static str,
    pub body: Vec<u8>,
    pub download: Option<String>,
}

impl Reply {
    /// Any answer.
    pub fn bytes(
        status: u16,
        mime: &'static str,
        body: Vec<u8>,
        download: Option<String>,
    ) -> Reply {
        Reply {
            status,
            mime,
            body,
            download,
        }
    }

    /// `{"error": "…"}` on one line, with `status`.
    pub fn error(status: u16, message: &str) -> Reply {
        let body = serde_json::json!({ "error": mazegraph::error::one_line(message) })
            .to_string()
            .into_bytes();
        Reply::bytes(status, "application/json", body, None)
    }
}

/// Serves `listener` on `threads` threads until the listener fails, answering each request
/// with `handle`. `max_body` caps request bodies.
pub fn serve(
    listener: &TcpListener,
    threads: usize,
    max_body: u64,
    handle: &(dyn Fn(&Request) -> Reply + Sync),
) {
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                match listener.accept() {
                    Ok((stream, _)) => connection(stream, max_body, handle),
                    // A connection reset before it was accepted, too many open files: go on;
                    // anything else (the listener is gone) ends this thread.
                    Err(e) if is_transient(&e) => {
                        std::thread::sleep(Duration::from_millis(10));
                    }
                    Err(_) => break,
                }
            });
        }
    });
}

fn is_transient(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionAborted | ConnectionReset | Interrupted | WouldBlock | TimedOut
    ) || e.raw_os_error() == Some(24) // EMFILE
}

/// Reads one request from `stream`, answers it, closes. I/O errors end the connection (the
/// client went away or was too slow): nothing else to do about them.
fn connection(mut stream: TcpStream, max_body: u64, handle: &(dyn Fn(&Request) -> Reply + Sync)) {
    let _ = stream.set_write_timeout(Some(BODY_TIME));
    let reply = match read_request(&mut stream, max_body) {
        Ok(Some(request)) => {
            let head_only = request.method == "HEAD";
            // A bug in a handler answers 500 and leaves this thread serving.
            let mut reply =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handle(&request)))
                    .unwrap_or_else(|_| {
                        Reply::error(500, "internal error (a bug: please report it)")
                    });
            if head_only {
                reply.body.clear();
            }
            reply
        }
        Ok(None) => return,
        Err(reply) => reply,
    };
    let _ = write_reply(&mut stream, &reply);
    let _ = stream.flush();
    // Lets the client read the answer before the close (a refused body may still be coming).
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let mut sink = [0u8; 4096];
    let deadline = Instant::now() + Duration::from_millis(500);
    while Instant::now() < deadline {
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
    }
}

/// The request on `stream`; `Ok(None)` when the client closed or stalled before sending a
/// whole head (nobody to answer); `Err` with the answer for a request refused.
fn read_request(stream: &mut TcpStream, max_body: u64) -> Result<Option<Request>, Reply> {
    let start = Instant::now();
    let mut buf = vec![0u8; MAX_HEAD];
    let mut len = 0;
    let head_end = loop {
        let left = HEAD_TIME.saturating_sub(start.elapsed());
        if left.is_zero() {
            return Ok(None);
        }
        let _ = stream.set_read_timeout(Some(left));
        let n = match stream.read(&mut buf[len..]) {
            Ok(0) | Err(_) => return Ok(None),
            Ok(n) => n,
        };
        // Searched from a little before the new bytes, in case the end straddles two reads.
        let from = len.saturating_sub(3);
        len += n;
        if let Some(p) = buf[from..len].windows(4).position(|w| w == b"\r\n\r\n") {
            break from + p + 4;
        }
        if len == buf.len() {
            return Err(Reply::error(
                431,
                &format!("the request's head is longer than {MAX_HEAD} bytes"),
            ));
        }
    };
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut parsed = httparse::Request::new(&mut headers);
    match parsed.parse(&buf[..head_end]) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) => return Err(Reply::error(400, "incomplete request")),
        Err(httparse::Error::TooManyHeaders) => {
            return Err(Reply::error(
                431,
                &format!("the request has more than {MAX_HEADERS} headers"),
            ))
        }
        Err(e) => return Err(Reply::error(400, &format!("not an HTTP request: {e}"))),
    }
    let method = parsed.method.unwrap_or("").to_ascii_uppercase();
    let target = parsed.path.unwrap_or("/").to_string();
    let header = |name: &str| {
        parsed
            .headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| String::from_utf8_lossy(h.value).trim().to_string())
    };
    if header("transfer-encoding").is_some() {
        return Err(Reply::error(
            411,
            "send the body with a Content-Length (chunked bodies are not read)",
        ));
    }
    let length: u64 = match header("content-length") {
        None => 0,
        Some(v) => v
            .parse()
            .map_err(|_| Reply::error(400, &format!("Content-Length {v:?} is not a number")))?,
    };
    if length > max_body {
        return Err(Reply::error(
            413,
            &format!(
                "the request is larger than {} (the playground's limit on a request)",
                mazegraph::error::human_bytes(max_body)
            ),
        ));
    }
    // The length is at most `max_body`: the body is held whole.
    let mut body = Vec::with_capacity(length as usize);
    let already = (len - head_end).min(length as usize);
    body.extend_from_slice(&buf[head_end..head_end + already]);
    drop(buf);
    let body_start = Instant::now();
    while (body.len() as u64) < length {
        let left = BODY_TIME.saturating_sub(body_start.elapsed());
        if left.is_zero() {
            return Err(Reply::error(408, "the request's body came too slowly"));
        }
        let _ = stream.set_read_timeout(Some(left));
        let want = (length as usize - body.len()).min(64 << 10);
        let mut chunk = vec![0u8; want];
        match stream.read(&mut chunk) {
            Ok(0) => return Ok(None),
            Ok(n) => body.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Ok(None),
        }
    }
    Ok(Some(Request {
        method,
        target,
        body,
    }))
}

fn write_reply(stream: &mut TcpStream, reply: &Reply) -> std::io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n",
        reply.status,
        reason(reply.status),
        reply.mime,
        reply.body.len()
    );
    if let Some(name) = &reply.download {
        // The name is ours ("maze.dot"), never the client's.
        head.push_str(&format!(
            "Content-Disposition: attachment; filename=\"{name}\"\r\n"
        ));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    stream.write_all(&reply.body)
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        _ => "Error",
    }
}
