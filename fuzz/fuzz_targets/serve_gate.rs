//! Any request head checked by `mazegraph serve`'s gate (src/cli/serve/gate.rs, included as
//! it is: it uses only std): first line `METHOD TARGET`, then `Name: value` lines. Never a
//! panic; a refusal is a 4xx with a one-line reason; a request let through names this server
//! in its one Host header, has a body within the cap, and a POST to the API without an Origin
//! has a type a cross-site page could not send without a preflight.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../src/cli/serve/gate.rs"]
mod gate;

fuzz_target!(|data: &[u8]| {
    let mut lines = data.split(|&b| b == b'\n');
    let first = String::from_utf8_lossy(lines.next().unwrap_or_default());
    let mut words = first.split(' ');
    let method = words.next().unwrap_or("").to_string();
    let target = words.next().unwrap_or("").to_string();
    let headers: Vec<(String, Vec<u8>)> = lines
        .filter_map(|l| {
            let colon = l.iter().position(|&b| b == b':')?;
            let name = String::from_utf8_lossy(&l[..colon]).into_owned();
            Some((name, l[colon + 1..].to_vec()))
        })
        .collect();
    let view: Vec<(&str, &[u8])> = headers
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_slice()))
        .collect();
    let g = gate::Gate {
        ip: "127.0.0.1".parse().unwrap(),
        port: 8000,
        allowed: vec!["https://example.org".into()],
        max_body: 1 << 20,
    };
    let count = |name: &str| view.iter().filter(|(n, _)| n.eq_ignore_ascii_case(name)).count();
    match g.check(&method, &target, &view) {
        Err(r) => {
            assert!((400..500).contains(&r.status), "{r:?}");
            assert!(!r.message.contains(['\n', '\r']), "{r:?}");
        }
        Ok(pass) => {
            assert!(pass.body_len <= g.max_body);
            assert_eq!(count("host"), 1);
            assert!(count("origin") <= 1 && count("content-length") <= 1);
            assert_eq!(count("transfer-encoding"), 0);
            assert!(target.starts_with('/'));
            let api_post = target.starts_with("/api/") && method != "GET" && method != "HEAD";
            if api_post && !pass.preflight && count("origin") == 0 {
                let (_, kind) = view
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case("content-type"))
                    .expect("a typed body");
                let kind = String::from_utf8_lossy(kind).to_ascii_lowercase();
                let media = kind.split(';').next().unwrap_or("").trim().to_string();
                assert!(
                    !matches!(
                        media.as_str(),
                        "" | "text/plain" | "application/x-www-form-urlencoded" | "multipart/form-data"
                    ),
                    "{media}"
                );
            }
        }
    }
});
