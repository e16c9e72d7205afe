//! `mazegraph serve` under hostile clients (issue 25), on the real binary: idle and slow
//! clients, a slow reader of a big reply, requests that together exceed the memory budget,
//! cross-site requests and rebound names, malformed framing. Each check runs under a
//! watchdog that fails the test when an answer does not come in time; nothing else is timed.

#[path = "common/server.rs"]
mod server;

use serde_json::Value;
use server::{split_answer, Server};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Runs `f` on a thread; fails the test when it has not returned within `secs` seconds.
fn within<T: Send + 'static>(secs: u64, what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(v) => v,
        Err(_) => panic!("{what}: not done within the watchdog's {secs} s"),
    }
}

/// The small requests that must stay answered: the page, a small maze, its solution.
fn small_requests_answer(server: &Arc<Server>, secs: u64, what: &str) {
    let s = server.clone();
    within(secs, what, move || {
        assert_eq!(s.request("GET", "/", b"").0, 200);
        let (status, v) = s.json("POST", "/api/generate", r#"{"size": [5, 5], "seed": 1}"#);
        assert_eq!(status, 200, "{v}");
        let body = serde_json::json!({ "maze": v["maze"] }).to_string();
        assert_eq!(s.json("POST", "/api/solve", &body).0, 200);
    });
}

#[test]
fn idle_and_slow_clients_do_not_delay_a_small_request() {
    let server = Arc::new(Server::start(&[]));
    // Connections that send nothing, more than the server's 512 slots.
    let idle: Vec<TcpStream> = (0..560)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    small_requests_answer(&server, 3, "with 560 idle connections");
    // Slow clients: a head a byte at a time, a body a byte at a time.
    let host = format!("Host: {}\r\n", server.addr);
    let mut slow: Vec<(TcpStream, Vec<u8>)> = Vec::new();
    for k in 0..60 {
        let s = TcpStream::connect(&server.addr).unwrap();
        let text = if k % 2 == 0 {
            format!(
                "GET / HTTP/1.1\r\n{host}X-Slow: {}\r\n\r\n",
                "a".repeat(200)
            )
        } else {
            let head = format!(
                "POST /api/generate HTTP/1.1\r\n{host}Content-Type: application/json\r\n\
                 Content-Length: 300\r\n\r\n"
            );
            let mut s = head;
            s.push_str(&" ".repeat(300));
            s
        };
        slow.push((s, text.into_bytes()));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let dribbler = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut at = 0;
            while !stop.load(Ordering::Relaxed) && at < 400 {
                for (s, text) in &mut slow {
                    if let Some(b) = text.get(at) {
                        let _ = s.write_all(&[*b]);
                    }
                }
                at += 1;
                std::thread::sleep(Duration::from_millis(200));
            }
        })
    };
    std::thread::sleep(Duration::from_millis(500));
    for round in 0..5 {
        small_requests_answer(&server, 3, &format!("round {round} with 60 slow clients"));
    }
    stop.store(true, Ordering::Relaxed);
    dribbler.join().unwrap();
    drop(idle);
}

#[test]
fn an_idle_keep_alive_connection_is_closed() {
    let server = Server::start(&[]);
    let mut s = TcpStream::connect(&server.addr).unwrap();
    let head = format!("GET /api/info HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
    s.write_all(head.as_bytes()).unwrap();
    // The answer, then the server closes the connection it kept alive: read sees the end.
    within(30, "the idle connection closed", move || {
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        assert_eq!(split_answer(&raw).0, 200);
    });
}

#[test]
fn a_slow_reader_of_a_big_reply_does_not_block_others() {
    let server = Arc::new(Server::start(&[]));
    // Eight requests for a reply of about a megabyte whose answers nobody reads yet: more
    // than the work threads.
    let body = br#"{"size": [500, 500], "seed": 7}"#;
    let head = format!(
        "POST /api/generate HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        server.addr,
        body.len()
    );
    let mut readers: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut s = TcpStream::connect(&server.addr).unwrap();
            s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
            s.write_all(head.as_bytes()).unwrap();
            s.write_all(body).unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_secs(1));
    small_requests_answer(&server, 5, "while eight big replies wait for their readers");
    // The slow reader still gets its whole answer, a byte count it can parse.
    let mut first = readers.remove(0);
    let raw = within(30, "the big reply read slowly", move || {
        let mut raw = Vec::new();
        let mut buf = [0u8; 16 << 10];
        loop {
            match first.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => raw.extend_from_slice(&buf[..n]),
            }
            let (status, head, body) = if raw.windows(4).any(|w| w == b"\r\n\r\n") {
                split_answer(&raw)
            } else {
                continue;
            };
            let length: usize = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length: "))
                .and_then(|v| v.trim().parse().ok())
                .unwrap();
            if body.len() >= length {
                assert_eq!(status, 200);
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        raw
    });
    let (_, _, body) = split_answer(&raw);
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["maze"]["shape"], serde_json::json!([1001, 1001]));
}

#[test]
fn requests_over_the_shared_budget_wait_or_get_503() {
    // Each generation fits the budget alone (about 96 MB of 128 MiB), two do not fit at once.
    let server = Arc::new(Server::start(&["--max-memory", "128M"]));
    let body = r#"{"size": [1000, 1000]}"#;
    let s = server.clone();
    let answers = within(120, "twelve generations at once", move || {
        let threads: Vec<_> = (0..12)
            .map(|_| {
                let s = s.clone();
                std::thread::spawn(move || s.request("POST", "/api/generate", body.as_bytes()))
            })
            .collect();
        threads
            .into_iter()
            .map(|t| t.join().unwrap())
            .collect::<Vec<_>>()
    });
    let mut ok = 0;
    for (status, head, body) in &answers {
        match status {
            200 => ok += 1,
            503 => {
                assert!(head.contains("retry-after: "), "{head}");
                let v: Value = serde_json::from_slice(body).unwrap();
                let e = v["error"].as_str().unwrap();
                assert!(!e.contains('\n') && e.contains("busy"), "{e}");
            }
            other => panic!("status {other}: {}", String::from_utf8_lossy(body)),
        }
    }
    assert!(ok >= 1);
    let mut server = Arc::try_unwrap(server).ok().expect("the clients are done");
    assert!(server.alive());
    // Still answering; a single request over the whole budget is 413, as before.
    let (status, v) = server.json("POST", "/api/generate", r#"{"size": [2000, 2000]}"#);
    assert_eq!(status, 413, "{v}");
    assert!(v["error"].as_str().unwrap().contains("--max-memory"));
    assert_eq!(server.json("GET", "/api/info", "").0, 200);
}

#[test]
fn cross_site_requests_and_foreign_names_are_refused() {
    let server = Server::start(&["--allow-origin", "https://notebook.example.org"]);
    let host = format!("Host: {}", server.addr);
    let json = "Content-Type: application/json";
    let text = "Content-Type: text/plain;charset=UTF-8";
    let small = br#"{"size": [3, 3], "seed": 1}"#;
    let generate = |headers: &[&str]| server.request_with("POST", "/api/generate", headers, small);
    // A page on another site: its POST carries its Origin (text/plain needs no preflight).
    let (status, _, body) = generate(&[&host, text, "Origin: http://evil.example"]);
    assert_eq!(status, 403, "{}", String::from_utf8_lossy(&body));
    assert_eq!(
        generate(&[&host, json, "Origin: http://evil.example"]).0,
        403
    );
    assert_eq!(generate(&[&host, text, "Origin: null"]).0, 403);
    // DNS rebinding: the page's own name in Host.
    let rebound = format!("Host: evil.example:{}", server.port());
    assert_eq!(generate(&[&rebound, json]).0, 421);
    let (status, _, _) = server.request_with("GET", "/", &[&rebound], b"");
    assert_eq!(status, 421);
    // A simple request without an Origin (an old browser, a form) cannot start work.
    assert_eq!(generate(&[&host, text]).0, 415);
    assert_eq!(generate(&[&host]).0, 415);
    let form = "Content-Type: application/x-www-form-urlencoded";
    assert_eq!(generate(&[&host, form]).0, 415);
    // The page's own fetch, and a script's JSON, go through; localhost names it too.
    let own = format!("Origin: http://{}", server.addr);
    assert_eq!(generate(&[&host, text, &own]).0, 200);
    assert_eq!(generate(&[&host, json]).0, 200);
    let localhost = format!("Host: localhost:{}", server.port());
    assert_eq!(generate(&[&localhost, json]).0, 200);
    // The allowed origin: its preflight, then its request, answered with CORS headers.
    let allowed = "Origin: https://notebook.example.org";
    let (status, head, _) = server.request_with(
        "OPTIONS",
        "/api/generate",
        &[&host, allowed, "Access-Control-Request-Method: POST"],
        b"",
    );
    assert_eq!(status, 204);
    assert!(head.contains("access-control-allow-origin: https://notebook.example.org"));
    assert!(
        head.contains("access-control-allow-headers: content-type"),
        "{head}"
    );
    let (status, head, _) = generate(&[&host, json, allowed]);
    assert_eq!(status, 200);
    assert!(head.contains("access-control-allow-origin: https://notebook.example.org"));
    // Not for another.
    let other = "Origin: https://other.example.org";
    assert_eq!(
        server
            .request_with("OPTIONS", "/api/generate", &[&host, other], b"")
            .0,
        403
    );
    // --allow-origin must be an origin.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mazegraph"))
        .args(["serve", "--allow-origin", "example.org"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn head_is_answered_for_gets() {
    let server = Server::start(&[]);
    let host = format!("Host: {}", server.addr);
    let (status, head, body) = server.request_with("HEAD", "/", &[&host], b"");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/html"), "{head}");
    assert!(body.is_empty());
    let (status, _, body) = server.request_with("HEAD", "/api/info", &[&host], b"");
    assert_eq!((status, body.len()), (200, 0));
    assert_eq!(
        server.request_with("HEAD", "/nothing", &[&host], b"").0,
        404
    );
}

#[test]
fn malformed_framing_is_refused_and_holds_nothing() {
    let server = Arc::new(Server::start(&[]));
    let addr = server.addr.clone();
    let post = move |extra: &str| {
        format!(
            "POST /api/solve HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             {extra}\r\n{{}}"
        )
    };
    let s = server.clone();
    within(10, "malformed requests answered", move || {
        // Two lengths, equal or not; a signed length.
        assert_eq!(
            s.raw_status(post("Content-Length: 2\r\nContent-Length: 2\r\n").as_bytes()),
            400
        );
        assert_eq!(
            s.raw_status(post("Content-Length: 2\r\nContent-Length: 3\r\n").as_bytes()),
            400
        );
        assert_eq!(s.raw_status(post("Content-Length: +2\r\n").as_bytes()), 400);
        assert_eq!(s.raw_status(post("Content-Length: -2\r\n").as_bytes()), 400);
    });
    // Bare line feeds: answered (or refused) at once, never a connection held open.
    let s = server.clone();
    let bare = format!("GET / HTTP/1.1\nHost: {}\n\n", server.addr);
    let status = within(10, "a bare-LF request", move || {
        s.raw_status(bare.as_bytes())
    });
    assert!(matches!(status, 200 | 400), "{status}");
    let held: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut c = TcpStream::connect(&server.addr).unwrap();
            let _ = c.write_all(format!("GET / HTTP/1.1\nHost: {}\n", server.addr).as_bytes());
            c
        })
        .collect();
    small_requests_answer(&server, 3, "with 20 half-sent bare-LF heads");
    drop(held);
}

/// Bodies announced and not sent hold no budget: sixteen clients that announce 16 MiB each
/// and send one byte (16 × (16 MiB + the request's own 64 KiB): all of a 257 MiB budget, had
/// the announced lengths been reserved) do not keep a small request out.
#[test]
fn announced_bodies_not_sent_hold_no_budget() {
    let server = Arc::new(Server::start(&["--max-memory", "257M"]));
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{{",
        server.addr,
        16 << 20
    );
    let held: Vec<TcpStream> = (0..16)
        .map(|_| {
            let mut c = TcpStream::connect(&server.addr).unwrap();
            c.write_all(head.as_bytes()).unwrap();
            c
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    small_requests_answer(&server, 5, "with 16 announced bodies of 16 MiB not sent");
    drop(held);
}
