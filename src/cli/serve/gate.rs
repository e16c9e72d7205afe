//! What a request must show before the server does anything for it: that it is addressed to
//! this server (`Host`: no DNS rebinding), that it comes from the playground's own page or an
//! origin the user allowed (`Origin`), and that a page elsewhere could not have sent it
//! without the browser asking first (`Content-Type`).
//!
//! A web page on any site can make the browser send a "simple" cross-site request: a GET, or
//! a POST whose `Content-Type` is `text/plain`, `application/x-www-form-urlencoded` or
//! `multipart/form-data` (or none), without asking the server first. Such a request carries an
//! `Origin` header naming the page's site, so the rules are:
//!
//! - `Host` names this server: a loopback name (`localhost`, `127.0.0.1`, `[::1]`), the
//!   address it listens on (any address literal when it listens on all of them), or the host
//!   of an `--allow-origin`; with its port. Anything else is refused with 421: a page whose
//!   domain was rebound to 127.0.0.1 sends its own domain name.
//! - `Origin`, when present, is `http://` and one of those hosts with the port, or an
//!   `--allow-origin`; anything else (including `null`) is refused with 403.
//! - A POST to the API with a simple content type must carry an allowed `Origin` (the page's
//!   own `fetch` does); without one it is refused with 415. Otherwise the JSON endpoints take
//!   `application/json` and `upload` any other type (`application/octet-stream`, `image/png`,
//!   …): types a cross-site page can only send after a preflight, which only an allowed
//!   origin passes.
//! - A body must say its length: `Transfer-Encoding` is refused with 411, a length over the
//!   cap with 413, before a byte of the body is read.
//!
//! This file uses only `std`: the fuzz target `serve_gate` includes it as it is.

use std::net::IpAddr;

/// The checks, with what this server answers to.
pub struct Gate {
    /// The address listened on.
    pub ip: IpAddr,
    /// The port listened on.
    pub port: u16,
    /// Origins allowed besides the page's own (`--allow-origin`), as [`normal_origin`] writes
    /// them.
    pub allowed: Vec<String>,
    /// The largest body read, in bytes.
    pub max_body: u64,
}

/// A request let through.
#[derive(Debug, PartialEq, Eq)]
pub struct Pass {
    /// The body's length in bytes.
    pub body_len: u64,
    /// An allowed cross-site origin, to name in `Access-Control-Allow-Origin`.
    pub cors: Option<String>,
    /// A CORS preflight (`OPTIONS` from an allowed origin): answered with 204 and the
    /// `Access-Control-Allow-*` headers, nothing else done.
    pub preflight: bool,
}

/// A request refused: its status and a one-line reason.
#[derive(Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The HTTP status.
    pub status: u16,
    /// What is wrong, one line.
    pub message: String,
}

/// A refusal; control characters the request put in the message (a CR in a header value, a
/// NUL in a path) are written escaped, so the message stays one printable line.
fn refuse(status: u16, message: impl Into<String>) -> Refusal {
    let message: String = message.into();
    let message = if message.chars().any(char::is_control) {
        message
            .chars()
            .flat_map(|c| {
                let escaped: Vec<char> = if c.is_control() {
                    c.escape_default().collect()
                } else {
                    vec![c]
                };
                escaped
            })
            .collect()
    } else {
        message
    };
    Refusal { status, message }
}

/// `scheme://host[:port]` lower-cased, without the default port (80 for http, 443 for https)
/// and without a trailing slash; `None` when it is not an origin.
pub fn normal_origin(origin: &str) -> Option<String> {
    let o = origin.trim().trim_end_matches('/').to_ascii_lowercase();
    let (scheme, rest) = o.split_once("://")?;
    let default = match scheme {
        "http" => 80,
        "https" => 443,
        _ => return None,
    };
    let (host, port) = split_host(rest)?;
    if host.is_empty() || host.contains(['/', '?', '#', '@']) {
        return None;
    }
    Some(match port {
        Some(p) if p != default => format!("{scheme}://{host}:{p}"),
        _ => format!("{scheme}://{host}"),
    })
}

/// `host[:port]` (the host bracketed when it is IPv6) into host and port; `None` when the port
/// is not a number.
fn split_host(s: &str) -> Option<(&str, Option<u16>)> {
    let (host, port) = if let Some(rest) = s.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        let host = &s[..inside.len() + 2];
        match after {
            "" => (host, None),
            p => (host, Some(p.strip_prefix(':')?)),
        }
    } else {
        match s.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (s, None),
        }
    };
    let port = match port {
        None => None,
        Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => Some(p.parse().ok()?),
        Some(_) => return None,
    };
    Some((host, port))
}

/// The address literal `host` names (`127.0.0.1`, `[::1]`), if it is one.
fn ip_of(host: &str) -> Option<IpAddr> {
    let bare = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    bare.parse().ok()
}

impl Gate {
    /// Is `host` (lower case, IPv6 bracketed) with `port` this server?
    fn is_us(&self, host: &str, port: u16) -> bool {
        let allowed_host = |o: &String| {
            let (scheme, rest) = o.split_once("://")?;
            let (h, p) = split_host(rest)?;
            let default = if scheme == "https" { 443 } else { 80 };
            Some(h == host && p.unwrap_or(default) == port)
        };
        if self.allowed.iter().any(|o| allowed_host(o) == Some(true)) {
            return true;
        }
        if port != self.port {
            return false;
        }
        if host == "localhost" {
            return true;
        }
        match ip_of(host) {
            Some(ip) => ip.is_loopback() || ip == self.ip || self.ip.is_unspecified(),
            None => false,
        }
    }

    /// The origin (`Origin` header's value) is this server's page or an allowed one; the
    /// second is whether it is another site (an `--allow-origin`).
    fn origin_ok(&self, origin: &str) -> Option<bool> {
        let o = normal_origin(origin)?;
        if self.allowed.contains(&o) {
            return Some(true);
        }
        let rest = o.strip_prefix("http://")?;
        let (host, port) = split_host(rest)?;
        self.is_us(host, port.unwrap_or(80)).then_some(false)
    }

    /// Checks a request: its method, its target (path and query), and its headers (names in
    /// any case, as many times as they came).
    pub fn check(
        &self,
        method: &str,
        target: &str,
        headers: &[(&str, &[u8])],
    ) -> Result<Pass, Refusal> {
        let one = |name: &str| -> Result<Option<&str>, Refusal> {
            let mut values = headers.iter().filter(|(n, _)| n.eq_ignore_ascii_case(name));
            let first = values.next();
            if values.next().is_some() {
                return Err(refuse(400, format!("more than one {name} header")));
            }
            match first {
                None => Ok(None),
                Some((_, v)) => std::str::from_utf8(v)
                    .map(|s| Some(s.trim()))
                    .map_err(|_| refuse(400, format!("the {name} header is not text"))),
            }
        };
        if !target.starts_with('/') {
            return Err(refuse(400, "the request's target must be a path (/…)"));
        }
        if one("transfer-encoding")?.is_some() {
            return Err(refuse(
                411,
                "send the body with a Content-Length (chunked bodies are not read)",
            ));
        }
        let body_len = match one("content-length")? {
            None => 0,
            Some(v) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => v
                .parse()
                .map_err(|_| refuse(413, "the request's Content-Length is too large"))?,
            Some(v) => return Err(refuse(400, format!("Content-Length {v:?} is not a number"))),
        };
        if body_len > self.max_body {
            return Err(refuse(
                413,
                format!(
                    "the request is larger than {} MiB (the playground's limit on a request)",
                    self.max_body >> 20
                ),
            ));
        }
        let host = one("host")?.ok_or_else(|| refuse(400, "the request has no Host header"))?;
        let lower = host.to_ascii_lowercase();
        let addressed = split_host(&lower).is_some_and(|(h, p)| self.is_us(h, p.unwrap_or(80)));
        if !addressed {
            let shown: String = host.chars().take(100).collect();
            // The way out is named only for a name that could be one (no spaces or controls).
            let hint = if !shown.is_empty() && shown.chars().all(|c| c.is_ascii_graphic()) {
                format!(" (add --allow-origin http://{shown} if that name is yours)")
            } else {
                String::new()
            };
            return Err(refuse(
                421,
                format!(
                    "this server answers to 127.0.0.1:{port} and localhost:{port}, not {shown:?}{hint}",
                    port = self.port,
                ),
            ));
        }
        let origin = one("origin")?;
        let cors = match origin {
            None => None,
            Some(o) => match self.origin_ok(o) {
                Some(true) => Some(normal_origin(o).unwrap_or_default()),
                Some(false) => None,
                None => {
                    return Err(refuse(
                        403,
                        format!(
                            "requests from the page at {:?} are refused: only the playground's \
                             own page may use this server (or an origin given with --allow-origin)",
                            o.chars().take(100).collect::<String>()
                        ),
                    ))
                }
            },
        };
        if method == "OPTIONS" {
            return match cors {
                Some(_) => Ok(Pass {
                    body_len,
                    cors,
                    preflight: true,
                }),
                None => Err(refuse(405, "OPTIONS is answered to allowed origins only")),
            };
        }
        let path = target.split(['?', '#']).next().unwrap_or("");
        if method != "GET" && method != "HEAD" && path.starts_with("/api/") {
            let media = one("content-type")?
                .unwrap_or("")
                .split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase();
            let simple = matches!(
                media.as_str(),
                "" | "text/plain" | "application/x-www-form-urlencoded" | "multipart/form-data"
            );
            let upload = path == "/api/upload";
            if simple && origin.is_none() {
                let wanted = if upload {
                    "application/octet-stream"
                } else {
                    "application/json"
                };
                return Err(refuse(
                    415,
                    format!(
                        "send the body with Content-Type: {wanted} (a request {} without an \
                         Origin could come from any web page)",
                        if media.is_empty() {
                            "with no type".to_string()
                        } else {
                            format!("typed {media}")
                        }
                    ),
                ));
            }
            if !simple && !upload && media != "application/json" {
                return Err(refuse(
                    415,
                    format!("{path} takes JSON (Content-Type: application/json), not {media}"),
                ));
            }
        }
        Ok(Pass {
            body_len,
            cors,
            preflight: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate() -> Gate {
        Gate {
            ip: "127.0.0.1".parse().unwrap(),
            port: 8000,
            allowed: vec![normal_origin("https://Example.org:443/").unwrap()],
            max_body: 1 << 20,
        }
    }

    fn status(method: &str, target: &str, headers: &[(&str, &str)]) -> u16 {
        let h: Vec<(&str, &[u8])> = headers.iter().map(|(n, v)| (*n, v.as_bytes())).collect();
        match gate().check(method, target, &h) {
            Ok(p) if p.preflight => 204,
            Ok(_) => 200,
            Err(r) => {
                assert!(!r.message.contains(['\n', '\r', '\0']), "{r:?}");
                r.status
            }
        }
    }

    #[test]
    fn origins_are_normalised() {
        assert_eq!(
            normal_origin("https://example.org:443/").as_deref(),
            Some("https://example.org")
        );
        assert_eq!(
            normal_origin("HTTP://[::1]:8000").as_deref(),
            Some("http://[::1]:8000")
        );
        for bad in [
            "null",
            "example.org",
            "ftp://x",
            "http://",
            "http://a:b",
            "http://a/b",
        ] {
            assert_eq!(normal_origin(bad), None, "{bad}");
        }
    }

    #[test]
    fn host_must_be_this_server() {
        for host in [
            "127.0.0.1:8000",
            "localhost:8000",
            "[::1]:8000",
            "LOCALHOST:8000",
        ] {
            assert_eq!(status("GET", "/", &[("Host", host)]), 200, "{host}");
        }
        for host in [
            "evil.example:8000",
            "127.0.0.1:9000",
            "localhost",
            "127.0.0.1:x",
            "",
            // Found by fuzzing: the refusal's advice echoed a name with a CR and a NUL in it.
            "[:Tzajs/aqi\r\0",
        ] {
            assert_eq!(status("GET", "/", &[("Host", host)]), 421, "{host}");
        }
        // And a content type with a CR in it, echoed by the JSON endpoints' refusal.
        let typed = [
            ("Host", "localhost:8000"),
            ("Content-Type", "imaoe/pn\rlength: 10"),
        ];
        assert_eq!(status("POST", "/api/upload\u{1}", &typed), 415);
        assert_eq!(status("GET", "/", &[]), 400);
        let two = [("Host", "localhost:8000"), ("host", "localhost:8000")];
        assert_eq!(status("GET", "/", &two), 400);
        // An allowed origin's host is an address of ours too (a name, a proxy).
        assert_eq!(status("GET", "/", &[("Host", "example.org:443")]), 200);
        assert_eq!(
            status("GET", "http://localhost:8000/", &[("Host", "x")]),
            400
        );
    }

    #[test]
    fn cross_site_requests_cannot_start_work() {
        let h = ("Host", "127.0.0.1:8000");
        let json = ("Content-Type", "application/json");
        let text = ("Content-Type", "text/plain;charset=UTF-8");
        let api = "/api/generate";
        // Curl, scripts: JSON without an Origin.
        assert_eq!(status("POST", api, &[h, json]), 200);
        // The page's own fetch: text/plain with its Origin.
        let own = ("Origin", "http://127.0.0.1:8000");
        assert_eq!(status("POST", api, &[h, text, own]), 200);
        assert_eq!(
            status("POST", api, &[h, text, ("Origin", "http://localhost:8000")]),
            200
        );
        // Another site's page, rebinding or not.
        let evil = ("Origin", "http://evil.example");
        assert_eq!(status("POST", api, &[h, text, evil]), 403);
        assert_eq!(status("POST", api, &[h, json, evil]), 403);
        assert_eq!(status("GET", "/api/info", &[h, evil]), 403);
        assert_eq!(status("POST", api, &[h, text, ("Origin", "null")]), 403);
        // A simple request with no Origin: refused, whatever sent it.
        assert_eq!(status("POST", api, &[h, text]), 415);
        assert_eq!(status("POST", api, &[h]), 415);
        assert_eq!(
            status(
                "POST",
                api,
                &[h, ("Content-Type", "multipart/form-data; boundary=x")]
            ),
            415
        );
        // JSON endpoints take JSON; the upload takes the file's own type.
        assert_eq!(
            status("POST", api, &[h, ("Content-Type", "image/png")]),
            415
        );
        let png = ("Content-Type", "image/png");
        assert_eq!(status("POST", "/api/upload?name=m.png", &[h, png]), 200);
        assert_eq!(status("POST", "/api/upload?name=m.txt", &[h, text]), 415);
        // An allowed origin: its preflight passes, then its requests.
        let ok = ("Origin", "https://example.org");
        assert_eq!(status("OPTIONS", api, &[h, ok]), 204);
        assert_eq!(status("OPTIONS", api, &[h, evil]), 403);
        assert_eq!(status("OPTIONS", api, &[h]), 405);
        assert_eq!(status("POST", api, &[h, json, ok]), 200);
        let pass = gate()
            .check(
                "POST",
                api,
                &[
                    ("host", b"localhost:8000"),
                    ("origin", b"https://example.org"),
                    ("content-type", b"application/json"),
                ],
            )
            .unwrap();
        assert_eq!(pass.cors.as_deref(), Some("https://example.org"));
    }

    #[test]
    fn bodies_say_their_length() {
        let h = ("Host", "127.0.0.1:8000");
        let json = ("Content-Type", "application/json");
        let api = "/api/solve";
        assert_eq!(
            status("POST", api, &[h, json, ("Content-Length", "10")]),
            200
        );
        assert_eq!(
            status("POST", api, &[h, json, ("Content-Length", "+10")]),
            400
        );
        assert_eq!(
            status("POST", api, &[h, json, ("Content-Length", "-1")]),
            400
        );
        let two = [h, json, ("Content-Length", "1"), ("Content-Length", "1")];
        assert_eq!(status("POST", api, &two), 400);
        let huge = ("Content-Length", "99999999999999999999999");
        assert_eq!(status("POST", api, &[h, json, huge]), 413);
        assert_eq!(
            status("POST", api, &[h, json, ("Content-Length", "1048577")]),
            413
        );
        assert_eq!(
            status("POST", api, &[h, json, ("Transfer-Encoding", "chunked")]),
            411
        );
    }
}
