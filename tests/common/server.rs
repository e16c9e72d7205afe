//! `mazegraph serve` on a free port for the server's tests (tests/serve_*.rs include this file
//! with `#[path]`): started with `--port 0`, its address read from the line it prints, killed
//! when dropped. The client is a plain `TcpStream` speaking HTTP/1.1 with `Connection: close`.
#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A server on a free port, killed when dropped.
pub struct Server {
    pub child: Child,
    pub addr: String,
}

impl Server {
    pub fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mazegraph"))
            .args(["serve", "--port", "0", "--quiet"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("http://")
            .unwrap()
            .trim_end_matches('/')
            .to_string();
        Server { child, addr }
    }

    /// The port listened on.
    pub fn port(&self) -> &str {
        self.addr.rsplit(':').next().unwrap()
    }

    /// Sends a request typed as a script types it (JSON as `application/json`, an upload as
    /// `application/octet-stream`); returns the status, the head (lower case) and the body.
    pub fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String, Vec<u8>) {
        let kind = if path.starts_with("/api/upload") {
            "application/octet-stream"
        } else {
            "application/json"
        };
        let host = format!("Host: {}", self.addr);
        let kind = format!("Content-Type: {kind}");
        self.request_with(method, path, &[&host, &kind], body)
    }

    /// Sends a request with these header lines (and Content-Length, Connection: close).
    pub fn request_with(
        &self,
        method: &str,
        path: &str,
        headers: &[&str],
        body: &[u8],
    ) -> (u16, String, Vec<u8>) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        for h in headers {
            head.push_str(h);
            head.push_str("\r\n");
        }
        head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
        s.write_all(head.as_bytes()).unwrap();
        // The server may answer (413) before reading a large body and close: a write error
        // then is expected.
        let _ = s.write_all(body);
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        split_answer(&raw)
    }

    pub fn json(&self, method: &str, path: &str, body: &str) -> (u16, Value) {
        let (status, _, body) = self.request(method, path, body.as_bytes());
        (
            status,
            serde_json::from_slice(&body).expect("a JSON answer"),
        )
    }

    /// Sends raw bytes; returns the answer's status (0 when the server closed without one).
    pub fn raw_status(&self, bytes: &[u8]) -> u16 {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        let _ = s.write_all(bytes);
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        String::from_utf8_lossy(&raw)
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0)
    }

    /// Whether the server process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

/// An HTTP answer's status, head (lower case) and body.
pub fn split_answer(raw: &[u8]) -> (u16, String, Vec<u8>) {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an HTTP answer");
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap();
    (status, head, raw[split + 4..].to_vec())
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
