//! `mazegraph serve`'s JSON API, on the real binary: every endpoint, bad requests, oversized
//! requests, and a server that answers after each of them. The client is a plain
//! `TcpStream` speaking HTTP/1.1 with `Connection: close`, typing its bodies as a script
//! would (JSON as `application/json`, uploads as `application/octet-stream`).

#[path = "common/server.rs"]
mod server;

use serde_json::Value;
use server::Server;
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Command, Stdio};

/// The error of a 4xx answer: one line.
fn error_of(v: &Value) -> &str {
    let e = v["error"].as_str().expect("an error message");
    assert!(!e.contains('\n'), "{e}");
    e
}

/// The formats `/api/info` lists.
fn formats(info: &Value) -> Vec<&str> {
    let list = info["formats"].as_array().unwrap();
    list.iter().map(|f| f.as_str().unwrap()).collect()
}

fn maze(server: &Server, body: &str) -> Value {
    let (status, v) = server.json("POST", "/api/generate", body);
    assert_eq!(status, 200, "{v}");
    v["maze"].clone()
}

#[test]
fn page_and_assets_are_served() {
    let server = Server::start(&[]);
    let (status, head, body) = server.request("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/html"));
    let html = String::from_utf8(body).unwrap();
    assert!(html.contains("<canvas id=\"maze\""));
    for asset in [
        "/playground.js",
        "/tiled.js",
        "/playground.css",
        "/favicon.svg",
    ] {
        assert!(html.contains(asset), "{asset} is linked from the page");
        let (status, _, body) = server.request("GET", asset, b"");
        assert_eq!(status, 200, "{asset}");
        assert!(!body.is_empty());
    }
    // Nothing is read from the network: no http(s) URL in the page or its script.
    let (_, _, js) = server.request("GET", "/playground.js", b"");
    let (_, _, tiled) = server.request("GET", "/tiled.js", b"");
    for text in [html.as_bytes(), &js, &tiled] {
        let t = String::from_utf8_lossy(text);
        assert!(!t.contains("http://") && !t.contains("https://"));
    }
    assert_eq!(server.request("GET", "/nothing-here", b"").0, 404);
    assert_eq!(server.request("POST", "/", b"").0, 405);
}

#[test]
fn info_lists_generators_formats_and_colours() {
    let server = Server::start(&["--max-cells", "5000"]);
    let (status, v) = server.json("GET", "/api/info", "");
    assert_eq!(status, 200);
    assert_eq!(v["generators"].as_array().unwrap().len(), 14);
    for f in ["png", "txt", "json", "adj", "graph.json", "dot", "pg"] {
        assert!(formats(&v).contains(&f), "{f}");
    }
    // the pictures' palette: the solution blue, the goal red
    assert_eq!(v["colours"]["path"], "#2171b5");
    assert_eq!(v["colours"]["goal"], "#dc1e1e");
    // the wolf game's pieces in the colours of `pursuit`'s pictures
    assert_eq!(v["colours"]["wolf"], "#55371e");
    assert_eq!(v["colours"]["sheep"], "#f58cd2");
    assert_eq!(v["max_cells"], 5000);
}

#[test]
fn generate_is_the_cli_maze_with_its_terminals() {
    let server = Server::start(&[]);
    let m = maze(
        &server,
        r#"{"size": [6, 9], "algorithm": "wilson", "seed": 4, "loops": 3}"#,
    );
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_mazegraph"))
        .args(["generate", "--size", "6x9", "-a", "wilson", "--seed", "4"])
        .args(["--loops", "3", "--to", "json"])
        .output()
        .unwrap();
    let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(m["cells"], cli["cells"]);
    assert_eq!(m["shape"], serde_json::json!([13, 19]));
    // The default terminals are written out, for the page to show and move.
    assert_eq!(m["start"], serde_json::json!([0, 1]));
    assert_eq!(m["goal"], serde_json::json!([12, 17]));
    // Shapes, n-D, growing-tree's pick.
    let m = maze(
        &server,
        r#"{"size": [9, 9], "shape": "diamond", "seed": 1}"#,
    );
    assert!(m["cells"].as_str().unwrap().contains('.'));
    let m = maze(&server, r#"{"size": [2, 3, 4], "seed": 1}"#);
    assert_eq!(m["shape"], serde_json::json!([5, 7, 9]));
    maze(
        &server,
        r#"{"size": [5, 5], "algorithm": "growing-tree", "pick": "mixed:0.5"}"#,
    );
}

#[test]
fn a_closed_maze_keeps_the_wolf_on_a_passage() {
    let server = Server::start(&[]);
    for seed in 0..5 {
        // (2, 3) lies between two rooms: a wall in most mazes, a passage here.
        let body = format!(r#"{{"size": [5, 5], "seed": {seed}, "closed": true, "keep": [2, 3]}}"#);
        let m = maze(&server, &body);
        let cells = m["cells"].as_str().unwrap().as_bytes();
        assert_eq!(cells[2 * 11 + 3], b'.');
        let border = |i: usize| !(11..110).contains(&i) || matches!(i % 11, 0 | 10);
        assert!((0..121).filter(|&i| border(i)).all(|i| cells[i] == b'#'));
        assert!(m["start"].is_null() && m["goal"].is_null());
    }
}

#[test]
fn solve_gives_the_path_and_the_animation_steps() {
    let server = Server::start(&[]);
    let m = maze(&server, r#"{"size": [8, 8], "seed": 2, "loops": 4}"#);
    let cells = m["cells"].as_str().unwrap().to_string();
    let body = serde_json::json!({ "maze": m, "steps": true }).to_string();
    let (status, v) = server.json("POST", "/api/solve", &body);
    assert_eq!(status, 200, "{v}");
    let length = v["length"].as_u64().unwrap();
    assert_eq!(v["path"].as_array().unwrap().len() as u64, length + 1);
    // The fill order leaves exactly the kept cells; the BFS layers end at the goal.
    let passages = cells.bytes().filter(|&c| c != b'#').count() as u64;
    let filled = v["fill"].as_array().unwrap().len() as u64;
    assert_eq!(filled + v["kept_count"].as_u64().unwrap(), passages);
    let layers = v["layers"].as_array().unwrap();
    assert_eq!(layers.len() as u64, length + 1);
    assert!(layers
        .last()
        .unwrap()
        .as_array()
        .unwrap()
        .contains(&v["goal"]));
    assert_eq!(layers[0], serde_json::json!([v["start"]]));
    // Another method, by name.
    let body = serde_json::json!({ "maze": m, "method": "astar" }).to_string();
    let (status, v) = server.json("POST", "/api/solve", &body);
    assert_eq!((status, v["length"].as_u64()), (200, Some(length)));
    assert!(v.get("fill").is_none());
}

#[test]
fn attractor_ranks_and_strategy() {
    let server = Server::start(&[]);
    let m = maze(&server, r#"{"size": [6, 6], "seed": 9}"#);
    let body = serde_json::json!({ "maze": m }).to_string();
    let (status, v) = server.json("POST", "/api/attractor", &body);
    assert_eq!(status, 200, "{v}");
    // A perfect maze: the attractor is the path, one cell a rank, the start last.
    let ranks = v["ranks"].as_array().unwrap();
    assert!(ranks.iter().all(|r| r.as_array().unwrap().len() == 1));
    assert_eq!(ranks[0][0], v["goal"]);
    assert_eq!(ranks.last().unwrap()[0], v["start"]);
    assert_eq!(v["start_attracted"], true);
    assert_eq!(v["strategy"].as_array().unwrap().len(), ranks.len() - 1);
}

#[test]
fn stats_are_the_cli_figures() {
    let server = Server::start(&[]);
    let m = maze(&server, r#"{"size": [5, 7], "seed": 3}"#);
    let body = serde_json::json!({ "maze": m }).to_string();
    let (status, v) = server.json("POST", "/api/stats", &body);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["class"], "perfect");
    assert_eq!(v["cells"], 11 * 15);
}

#[test]
fn convert_downloads_every_format() {
    let server = Server::start(&[]);
    let m = maze(&server, r#"{"size": [3, 4], "seed": 1}"#);
    let body = serde_json::json!({ "maze": m }).to_string();
    let (_, info) = server.json("GET", "/api/info", "");
    // Exactly what convert writes: the maze and graph formats mazegraph writes (no read-only
    // picture, no tokens), then the game formats (the maze's reachability game).
    let listed = formats(&info);
    let want = [
        "png",
        "txt",
        "json",
        "adj",
        "graph.json",
        "dot",
        "graphml",
        "gml",
        "edges",
        "pg",
        "game.json",
        "game.dot",
    ];
    assert_eq!(listed, want);
    for f in listed {
        let (status, head, bytes) =
            server.request("POST", &format!("/api/convert?to={f}"), body.as_bytes());
        assert_eq!(status, 200, "{f}: {}", String::from_utf8_lossy(&bytes));
        assert!(
            head.contains(&format!(
                "content-disposition: attachment; filename=\"maze.{f}\""
            )),
            "{f}: {head}"
        );
        assert!(!bytes.is_empty(), "{f}");
    }
    let (_, _, pg) = server.request("POST", "/api/convert?to=pg", body.as_bytes());
    assert!(String::from_utf8_lossy(&pg).starts_with("parity "));
    let (_, _, game) = server.request("POST", "/api/convert?to=game.dot", body.as_bytes());
    assert!(String::from_utf8_lossy(&game).starts_with("digraph game"));
    // What is not written is refused, saying what is.
    for f in ["tokens", "gif", "webp"] {
        let (status, v) = server.json("POST", &format!("/api/convert?to={f}"), &body);
        assert_eq!(status, 400, "{f}");
        assert!(
            error_of(&v).contains("read only here; write one of png, txt"),
            "{v}"
        );
    }
    let (_, _, png) = server.request("POST", "/api/convert?to=png", body.as_bytes());
    assert_eq!(&png[1..4], b"PNG");
    let (status, v) = server.json("POST", "/api/convert?to=jpeg", &body);
    assert_eq!(status, 400);
    assert!(error_of(&v).contains("read only"));
    let (status, v) = server.json("POST", "/api/convert?to=nope", &body);
    assert_eq!(status, 400);
    assert!(error_of(&v).contains("unknown format"));
    let (status, _) = server.json("POST", "/api/convert", &body);
    assert_eq!(status, 400);
}

#[test]
fn upload_reads_files_and_pictures() {
    let server = Server::start(&[]);
    let (status, _, body) =
        server.request("POST", "/api/upload?name=m.txt", b"#.###\n#...#\n###.#\n");
    assert_eq!(status, 200);
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["maze"]["shape"], serde_json::json!([3, 5]));
    // A picture, as the CLI writes it.
    let m = maze(&server, r#"{"size": [4, 4], "seed": 5}"#);
    let req = serde_json::json!({ "maze": m }).to_string();
    let (_, _, png) = server.request("POST", "/api/convert?to=png", req.as_bytes());
    let (status, _, body) = server.request("POST", "/api/upload?name=maze%20one.png", &png);
    assert_eq!(status, 200);
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["maze"]["cells"], m["cells"]);
    // A graph is placed as a maze.
    let (status, _, body) = server.request(
        "POST",
        "/api/upload?name=g.adj",
        b"{0: [1], 1: [0, 2], 2: [1]}",
    );
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert!(v["notes"][0].as_str().unwrap().contains("3 vertices"));
}

#[test]
fn bad_requests_are_one_line_errors_and_the_server_lives_on() {
    let server = Server::start(&[]);
    let cases: [(&str, &str, &[u8], u16, &str); 13] = [
        (
            "POST",
            "/api/generate",
            b"{not json",
            400,
            "not what this endpoint takes",
        ),
        (
            "POST",
            "/api/generate",
            br#"{"size": [0, 4]}"#,
            400,
            "at least one room",
        ),
        (
            "POST",
            "/api/generate",
            br#"{"size": [4, 4], "algorithm": "nope"}"#,
            400,
            "nope",
        ),
        (
            "POST",
            "/api/generate",
            br#"{"size": [4, 4], "shape": "star"}"#,
            400,
            "star",
        ),
        (
            "POST",
            "/api/generate",
            br#"{"size": [4, 4], "colour": 1}"#,
            400,
            "colour",
        ),
        (
            "POST",
            "/api/solve",
            br##"{"maze": {"shape": [2, 2], "cells": "#"}}"##,
            400,
            "needs 4",
        ),
        (
            "POST",
            "/api/solve",
            br#"{"maze": 3}"#,
            400,
            "give the maze",
        ),
        (
            "POST",
            "/api/upload?name=x.png",
            b"not a picture",
            400,
            "png",
        ),
        (
            "POST",
            "/api/upload?name=x.weird",
            b"data",
            400,
            "extension",
        ),
        ("POST", "/api/upload", b"#.#\n", 400, "name"),
        (
            "POST",
            "/api/solve",
            br#"{"maze": {"shape": [1, 3], "cells": "..."}, "method": "guess"}"#,
            400,
            "guess",
        ),
        ("GET", "/api/solve", b"", 405, "POST"),
        ("POST", "/api/nothing", b"{}", 404, "nothing"),
    ];
    for (method, path, body, want, says) in cases {
        let (status, _, answer) = server.request(method, path, body);
        let v: Value = serde_json::from_slice(&answer).unwrap();
        assert_eq!(status, want, "{method} {path}: {v}");
        let e = error_of(&v);
        assert!(
            e.to_lowercase().contains(&says.to_lowercase()),
            "{path}: {e}"
        );
    }
    // A maze without start and goal cannot be solved, but is no crash.
    let body = b"{\"maze\": {\"shape\": [3, 3], \"cells\": \"#########\"}}";
    let (status, _, _) = server.request("POST", "/api/solve", body);
    assert_eq!(status, 400);
    // Still answering.
    assert_eq!(server.json("GET", "/api/info", "").0, 200);
}

#[test]
fn oversized_requests_are_refused_with_the_cli_limits() {
    let server = Server::start(&["--max-cells", "10000"]);
    // Over --max-cells: refused before anything is made.
    let (status, v) = server.json("POST", "/api/generate", r#"{"size": [100, 100]}"#);
    assert_eq!(status, 413);
    assert_eq!(
        error_of(&v),
        "the input needs 40401 cells, vertices or edges, more than the server's limit of 10000 \
         (whoever started the server can raise it with --max-cells)"
    );
    let (status, v) = server.json(
        "POST",
        "/api/generate",
        r#"{"size": [4294967296, 4294967296]}"#,
    );
    assert_eq!(status, 413, "{v}");
    // A shape is refused by its size as the box is, before its mask is made.
    for shape in ["ellipse", "double-spiral"] {
        let body = format!(r#"{{"size": [60, 60], "shape": "{shape}"}}"#);
        let (status, v) = server.json("POST", "/api/generate", &body);
        assert_eq!(status, 413, "{shape}: {v}");
    }
    // A spiral's turns are bounded by its radius, in one line.
    let (status, v) = server.json(
        "POST",
        "/api/generate",
        r#"{"size": [20, 20], "shape": "spiral", "turns": 1e300}"#,
    );
    assert_eq!(status, 400, "{v}");
    assert!(error_of(&v).contains("at most 10 turns"), "{v}");
    let (status, v) = server.json(
        "POST",
        "/api/generate",
        r#"{"size": [20, 20], "shape": "spiral", "turns": 2}"#,
    );
    assert_eq!(status, 200, "{v}");
    // A maze over the limit in a request, and an upload over it.
    let cells = ".".repeat(201 * 201);
    let body = format!(r#"{{"maze": {{"shape": [201, 201], "cells": "{cells}"}}}}"#);
    let (status, v) = server.json("POST", "/api/stats", &body);
    assert_eq!(status, 413, "{v}");
    let text = format!("{}\n", ".".repeat(200)).repeat(200);
    let (status, _, _) = server.request("POST", "/api/upload?name=big.txt", text.as_bytes());
    assert_eq!(status, 413);
    // A body over the request cap (16 MiB) is refused without being read.
    let big = vec![b' '; (16 << 20) + 1];
    let (status, _, answer) = server.request("POST", "/api/upload?name=x.txt", &big);
    assert_eq!(status, 413);
    assert!(String::from_utf8_lossy(&answer).contains("larger than"));
    // A memory budget too small for the work.
    let server = Server::start(&["--max-memory", "1000"]);
    // A picture's decoding is reserved from its header before it is decoded: a 2000×2000
    // picture of a few KB is refused by the budget, not decoded first.
    let mut png = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut png, 2000, 2000);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::One);
        let mut w = enc.write_header().unwrap();
        w.write_image_data(&vec![0; 250 * 2000]).unwrap();
    }
    assert!(png.len() < 20_000);
    let small = Server::start(&["--max-memory", "1M"]);
    let (status, _, answer) = small.request("POST", "/api/upload?name=big.png", &png);
    assert_eq!(status, 413, "{}", String::from_utf8_lossy(&answer));
    let v: Value = serde_json::from_slice(&answer).unwrap();
    assert!(error_of(&v).contains("decoding a picture"), "{v}");
    let (status, v) = server.json("POST", "/api/generate", r#"{"size": [30, 30]}"#);
    assert_eq!(status, 413);
    let e = error_of(&v);
    assert!(
        e.contains("more than the server's memory budget of 1.0 KiB"),
        "{e}"
    );
    assert!(
        e.ends_with("(whoever started the server can raise it with --max-memory)"),
        "{e}"
    );
    assert_eq!(server.json("GET", "/api/info", "").0, 200);
}

/// The command line's advice, said as the API's users can follow it: no "give --start", no
/// "name it with --to", no bare "raise it with --max-…" (tests/serve_api.rs checks the limits'
/// words above; the API's unit tests check every phrase).
#[test]
fn errors_give_advice_a_browser_can_follow() {
    let server = Server::start(&[]);
    let cases: [(&str, &[u8], &str); 4] = [
        (
            "/api/solve",
            b"{\"maze\": {\"shape\": [3, 3], \"cells\": \"#########\"}}",
            "(give the maze a \"start\" and a \"goal\")",
        ),
        (
            "/api/solve",
            br#"{"maze": {"shape": [3, 3, 3], "cells": "...........................", "start": [0, 0, 0], "goal": [2, 2, 2]}, "method": "wall-follower"}"#,
            "(try the method dead-end or bfs)",
        ),
        (
            "/api/upload?name=maze.zzz",
            b"data",
            "; rename the file to end in one of them)",
        ),
        (
            "/api/upload?name=plain.png",
            &one_colour_png(),
            "whoever started it can give the cell size with --cells",
        ),
    ];
    for (path, body, says) in cases {
        let (status, _, answer) = server.request("POST", path, body);
        let v: Value = serde_json::from_slice(&answer).unwrap();
        assert_eq!(status, 400, "{path}: {v}");
        let e = error_of(&v);
        assert!(e.contains(says), "{path}: {e}");
        for cli in ["--start", "--to", "--method", "raise it with --max"] {
            assert!(!e.contains(cli), "{path}: {e}");
        }
    }
}

/// A picture of one colour: no maze lattice in it.
fn one_colour_png() -> Vec<u8> {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/pictures/bad/single_colour.png"
    );
    std::fs::read(file).unwrap()
}

#[test]
fn spirals_are_offered_and_refused_in_3d_in_one_line() {
    let server = Server::start(&[]);
    let (_, info) = server.json("GET", "/api/info", "");
    let shapes = info["shapes"].as_array().unwrap();
    for s in ["spiral", "double-spiral"] {
        assert!(shapes.iter().any(|x| x == s), "{s}");
    }
    let (status, v) = server.json(
        "POST",
        "/api/generate",
        r#"{"size": [5, 5, 5], "shape": "spiral"}"#,
    );
    assert_eq!(status, 400, "{v}");
    assert!(error_of(&v).contains("2-D"), "{v}");
}

#[test]
fn serve_has_no_force() {
    let help = Command::new(env!("CARGO_BIN_EXE_mazegraph"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(
        help.contains("--allow-origin") && !help.contains("--force"),
        "{help}"
    );
    for args in [&["serve", "--force"][..], &["--force", "serve"]] {
        // An address no interface has: were --force taken, the server would stop at once,
        // unable to listen, rather than serve on.
        let out = Command::new(env!("CARGO_BIN_EXE_mazegraph"))
            .args(args)
            .args(["--host", "192.0.2.1", "--port", "0"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("serve writes no files"), "{err}");
    }
}

#[test]
fn request_heads_are_bounded() {
    let server = Server::start(&[]);
    // A header line of a megabyte: refused once the head passes 16 KiB, never held whole.
    let mut long = b"GET / HTTP/1.1\r\nX-Long: ".to_vec();
    long.extend(std::iter::repeat_n(b'a', 1 << 20));
    long.extend_from_slice(b"\r\n\r\n");
    assert_eq!(server.raw_status(&long), 431);
    let many: String = (0..100).map(|k| format!("X-{k}: 1\r\n")).collect();
    assert_eq!(
        server.raw_status(format!("GET / HTTP/1.1\r\n{many}\r\n").as_bytes()),
        431
    );
    let chunked = b"POST /api/stats HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n";
    assert_eq!(server.raw_status(chunked), 411);
    assert_eq!(
        server.raw_status(b"POST /api/stats HTTP/1.1\r\nContent-Length: lots\r\n\r\n"),
        400
    );
    assert_eq!(server.raw_status(b"\x16\x03\x01 not http\r\n\r\n"), 400);
    // Idle connections hold a thread each, for a bounded time; the others still answer.
    let idle: Vec<TcpStream> = (0..2)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    assert_eq!(server.json("GET", "/api/info", "").0, 200);
    drop(idle);
    assert_eq!(server.request("HEAD", "/", b"").0, 200);
}

#[test]
fn host_other_than_loopback_warns() {
    let out = Command::new(env!("CARGO_BIN_EXE_mazegraph"))
        .args(["serve", "--host", "not-an-address"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("mazegraph: error:"));
    // 0.0.0.0 warns on stderr, then serves.
    let mut child = Command::new(env!("CARGO_BIN_EXE_mazegraph"))
        .args(["serve", "--host", "0.0.0.0", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.starts_with("mazegraph: warning: listening on 0.0.0.0"),
        "{line}"
    );
}

#[test]
fn pursuit_gives_the_sheeps_moves_and_the_fate_of_every_cell() {
    use mazegraph::format::{Format, Item, ReadOptions};
    use mazegraph::game::arena::{Piece, Position, Pursuit, Rules};
    let server = Server::start(&[]);
    // A closed 4×5-room maze with loops: the sheep escapes from some cells, not from others.
    let m = maze(
        &server,
        r#"{"size": [4, 5], "seed": 3, "loops": 2, "closed": true}"#,
    );
    let Ok(Item::Maze(lib)) = Format::Json.read(m.to_string().as_bytes(), &ReadOptions::default())
    else {
        panic!("a maze")
    };
    let pursuit = Pursuit::solve(&lib, Rules::default(), &Default::default()).unwrap();
    let w = m["shape"][1].as_u64().unwrap() as usize;
    let cells = m["cells"].as_str().unwrap().as_bytes();
    let path: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == b'.').collect();
    let wolf = w + 1;
    for turn in [Piece::Sheep, Piece::Wolf] {
        let body = serde_json::json!({"maze": m, "wolf": wolf, "sheep": path, "turn": turn.name()});
        let (status, v) = server.json("POST", "/api/pursuit", &body.to_string());
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["turn"], turn.name());
        let answers = v["sheep"].as_array().unwrap();
        assert_eq!(answers.len(), path.len());
        for (a, &s) in answers.iter().zip(&path) {
            let pos = Position {
                wolf,
                sheep: s,
                turn,
            };
            let time = pursuit.capture_time(pos).unwrap();
            assert_eq!(a["cell"], s);
            assert_eq!(a["capture_in"], serde_json::json!(time), "{a}");
            assert_eq!(a["wolf_wins"], time.is_some());
            // The mover's move: to a neighbouring path cell or a pass; none after a capture.
            let from = if turn == Piece::Sheep { s } else { wolf };
            match a["move"].as_u64() {
                None => assert_eq!(s, wolf, "{a}"),
                Some(to) => {
                    let to = to as usize;
                    assert_eq!(cells[to], b'.');
                    assert!([0, 1, w].contains(&to.abs_diff(from)), "{a}");
                }
            }
        }
        // The fate of every path cell for the wolf's cell, as the library gives it.
        let fate: Vec<(usize, Option<u32>)> = serde_json::from_value(v["fate"].clone()).unwrap();
        assert_eq!(fate, pursuit.fate(wolf, turn).unwrap());
    }
    let wins = path.iter().filter(|&&s| {
        let pos = Position {
            wolf,
            sheep: s,
            turn: Piece::Sheep,
        };
        pursuit.wolf_wins(pos).unwrap()
    });
    assert!(wins.count() > 1, "a capture away from the wolf's own cell");
    // Bad pieces and large arenas are refused in one line.
    let ask = |body: serde_json::Value| server.json("POST", "/api/pursuit", &body.to_string());
    let (status, v) = ask(serde_json::json!({"maze": m, "wolf": 0, "sheep": []}));
    assert_eq!(status, 400);
    assert!(
        error_of(&v).contains("the wolf cannot stand on (0, 0)"),
        "{v}"
    );
    let (status, v) =
        ask(serde_json::json!({"maze": m, "wolf": wolf, "sheep": [wolf], "turn": "goat"}));
    assert_eq!(status, 400);
    error_of(&v);
    let small = Server::start(&["--max-memory", "1M"]);
    let big = maze(&small, r#"{"size": [20, 20], "seed": 1, "closed": true}"#);
    let body = serde_json::json!({"maze": big, "wolf": 42, "sheep": []});
    let (status, v) = small.json("POST", "/api/pursuit", &body.to_string());
    assert_eq!(status, 413, "{v}");
    assert!(
        error_of(&v).contains("the arena of the wolf and the sheep"),
        "{v}"
    );
}

/// A conversion's reply is counted before it is made and held in the budget until it is sent:
/// a GraphML reply larger than the whole budget is refused (413) naming it, not built.
#[test]
fn a_conversions_reply_is_counted_in_the_budget() {
    let roomy = Server::start(&[]);
    let m = maze(&roomy, r#"{"size": [60, 60], "seed": 1}"#);
    let body = serde_json::json!({ "maze": m }).to_string();
    let (status, _, graphml) = roomy.request("POST", "/api/convert?to=graphml", body.as_bytes());
    assert_eq!(status, 200);
    assert!(graphml.len() > 700 << 10, "{}", graphml.len());
    let small = Server::start(&["--max-memory", "700K"]);
    let (status, _, answer) = small.request("POST", "/api/convert?to=graphml", body.as_bytes());
    assert_eq!(status, 413, "{}", String::from_utf8_lossy(&answer));
    let v: Value = serde_json::from_slice(&answer).unwrap();
    assert!(
        error_of(&v).contains(&format!("the reply of {} bytes", graphml.len())),
        "{v}"
    );
    // A reply that fits is the same file as from a roomy server.
    let (status, _, dot) = small.request("POST", "/api/convert?to=txt", body.as_bytes());
    assert_eq!(status, 200);
    assert_eq!(
        dot,
        roomy
            .request("POST", "/api/convert?to=txt", body.as_bytes())
            .2
    );
}

/// The CLI's `mazegraph ARGS…`: its standard output, or its one-line error (without the
/// `mazegraph: error: ` prefix).
fn cli_run(args: &[&str]) -> Result<String, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_mazegraph"))
        .args(args)
        .arg("--quiet")
        .output()
        .unwrap();
    if out.status.success() {
        Ok(String::from_utf8(out.stdout).unwrap())
    } else {
        let e = String::from_utf8(out.stderr).unwrap();
        Err(e
            .trim()
            .trim_start_matches("mazegraph: error: ")
            .to_string())
    }
}

/// Every tiling the CLI generates, at a size of its own kind.
const TILED: [(&str, &str); 9] = [
    ("sigma", "5x6"),
    ("sigma", "3"),
    ("sigma-flat", "4x5"),
    ("delta", "4x8"),
    ("delta", "5"),
    ("theta", "5"),
    ("theta", "3x8"),
    ("upsilon", "4x5"),
    ("weave", "7x7"),
];

fn size_list(size: &str) -> Vec<usize> {
    size.split('x').map(|d| d.parse().unwrap()).collect()
}

#[test]
fn every_tiling_generates_the_cli_maze_with_its_geometry_and_solves() {
    let server = Server::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let (_, info) = server.json("GET", "/api/info", "");
    let tilings: Vec<&str> = info["tilings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert_eq!(tilings[0], "square");
    for (name, size) in TILED {
        assert!(tilings.contains(&name), "{name} is not offered");
        let body = serde_json::json!({ "tiling": name, "size": size_list(size), "seed": 3 });
        let (status, v) = server.json("POST", "/api/generate", &body.to_string());
        assert_eq!(status, 200, "{name} {size}: {v}");
        // The CLI's maze, in the CLI's tiled maze JSON.
        let file = dir.path().join(format!("{name}-{size}.json"));
        let file = file.to_str().unwrap();
        cli_run(&[
            "generate", "--tiling", name, "--size", size, "--seed", "3", "-o", file,
        ])
        .unwrap();
        let cli: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        assert_eq!(v["tiled"], cli, "{name} {size}");
        assert_eq!(v["seed"], 3);
        // The geometry: every room, its sides, each wall seen from both rooms alike, the
        // open walls and the tunnels those of the tiled JSON.
        let g = &v["geometry"];
        let rooms = g["rooms"].as_u64().unwrap() as usize;
        assert_eq!(g["tiling"], name);
        assert_eq!(g["labels"].as_array().unwrap().len(), rooms);
        assert_eq!(g["centres"].as_array().unwrap().len(), rooms);
        let sides = g["sides"].as_array().unwrap();
        assert_eq!(sides.len(), rooms);
        let mut open = std::collections::HashSet::new();
        for (r, room) in sides.iter().enumerate() {
            let room = room.as_array().unwrap();
            assert!(room.len() >= 3 || name == "theta", "{name}: room {r}");
            for s in room {
                let s = s.as_array().unwrap();
                assert_eq!(s.len(), 7);
                let (u, o) = (s[5].as_i64().unwrap(), s[6].as_u64().unwrap());
                if u < 0 {
                    assert_eq!(o, 0);
                    continue;
                }
                let back = sides[u as usize]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|t| t[5] == r);
                assert_eq!(back.unwrap()[6], o, "{name}: {r} - {u}");
                if o == 1 {
                    open.insert((r.min(u as usize), r.max(u as usize)));
                }
            }
        }
        let tunnels = g["tunnels"].as_array().unwrap().len();
        assert_eq!(open.len() + tunnels, cli["open"].as_array().unwrap().len());
        assert_eq!(tunnels > 0, name == "weave", "{name}");
        assert_eq!(g["start"], 0);
        // A perfect maze: one wall fewer than rooms open.
        assert_eq!(open.len() + tunnels, rooms - 1);

        // Solved on its rooms, as long as the CLI's path; the steps to watch.
        let req = serde_json::json!({ "tiled": v["tiled"], "method": "bfs", "steps": true });
        let (status, s) = server.json("POST", "/api/solve", &req.to_string());
        assert_eq!(status, 200, "{name}: {s}");
        let path: Vec<usize> = s["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap() as usize)
            .collect();
        assert_eq!(path[0] as u64, g["start"].as_u64().unwrap());
        assert_eq!(*path.last().unwrap() as u64, g["goal"].as_u64().unwrap());
        let tunnel = |a: usize, b: usize| {
            g["tunnels"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| (t[0] == a && t[1] == b) || (t[0] == b && t[1] == a))
        };
        for w in path.windows(2) {
            let (a, b) = (w[0].min(w[1]), w[0].max(w[1]));
            assert!(open.contains(&(a, b)) || tunnel(a, b), "{name}: {a} - {b}");
        }
        let solved: Value = serde_json::from_str(
            &cli_run(&["solve", file, "--method", "bfs", "--to", "json"]).unwrap(),
        )
        .unwrap();
        assert_eq!(s["length"], solved["length"], "{name} {size}");
        let layers = s["layers"].as_array().unwrap();
        assert_eq!(layers.len(), path.len());
        let filled = s["fill"].as_array().unwrap().len();
        assert_eq!(
            filled + path.len(),
            rooms,
            "{name}: a perfect maze keeps its path"
        );
        // Dead-end filling and A* give paths as long.
        for method in ["dead-end", "astar"] {
            let req = serde_json::json!({ "tiled": v["tiled"], "method": method });
            let (status, t) = server.json("POST", "/api/solve", &req.to_string());
            assert_eq!(
                (status, &t["length"]),
                (200, &s["length"]),
                "{name} {method}"
            );
        }
        // The statistics of its graph.
        let req = serde_json::json!({ "tiled": v["tiled"] });
        let (status, st) = server.json("POST", "/api/stats", &req.to_string());
        assert_eq!(status, 200, "{st}");
        assert_eq!(st["class"], "perfect", "{name}");
    }
}

#[test]
fn moved_terminals_are_solved_between() {
    let server = Server::start(&[]);
    let body = r#"{"tiling": "theta", "size": [4], "seed": 8, "loops": 3}"#;
    let (_, v) = server.json("POST", "/api/generate", body);
    let mut tiled = v["tiled"].clone();
    let labels = v["geometry"]["labels"].as_array().unwrap();
    // The start at the centre, the goal in ring 2.
    tiled["start"] = labels[0].clone();
    tiled["goal"] = labels[10].clone();
    let req = serde_json::json!({ "tiled": tiled, "method": "bfs" });
    let (status, s) = server.json("POST", "/api/solve", &req.to_string());
    assert_eq!(status, 200, "{s}");
    assert_eq!(
        (s["start"].as_u64(), s["goal"].as_u64()),
        (Some(0), Some(10))
    );
    assert_eq!(s["path"][0], 0);
    assert_eq!(s["path"].as_array().unwrap().last().unwrap(), 10);
    // A room that is not there: the reader's one line.
    tiled["goal"] = serde_json::json!([9, 0]);
    let req = serde_json::json!({ "tiled": tiled });
    let (status, e) = server.json("POST", "/api/solve", &req.to_string());
    assert_eq!(status, 400);
    assert!(error_of(&e).contains("goal"), "{e}");
}

#[test]
fn tilings_refuse_what_the_cli_refuses_in_one_line() {
    let server = Server::start(&[]);
    for (body, args) in [
        (
            r#"{"tiling": "sigma", "size": [5, 5], "algorithm": "eller"}"#,
            vec!["--tiling", "sigma", "--size", "5x5", "-a", "eller"],
        ),
        (
            r#"{"tiling": "theta", "size": [5], "algorithm": "binary-tree"}"#,
            vec!["--tiling", "theta", "--size", "5", "-a", "binary-tree"],
        ),
        (
            r#"{"tiling": "weave", "size": [5, 5], "algorithm": "prim"}"#,
            vec!["--tiling", "weave", "--size", "5x5", "-a", "prim"],
        ),
        (
            r#"{"tiling": "weave", "size": [5, 5], "algorithm": "kruskal", "loops": 2}"#,
            vec![
                "--tiling", "weave", "--size", "5x5", "-a", "kruskal", "--loops", "2",
            ],
        ),
        (
            r#"{"tiling": "weave", "size": [5, 5], "braid": true}"#,
            vec!["--tiling", "weave", "--size", "5x5", "--braid"],
        ),
    ] {
        let (status, v) = server.json("POST", "/api/generate", body);
        assert_eq!(status, 400, "{body}: {v}");
        let mut cli = vec!["generate"];
        cli.extend(args);
        cli.extend(["-o", "-", "--to", "json"]);
        let e = cli_run(&cli).unwrap_err();
        // The library's refusal, word for word.
        assert_eq!(error_of(&v), e, "{body}");
    }
    // Sizes the tiling cannot hold, unknown tilings, the square grid's own options.
    for (body, says) in [
        (
            r#"{"tiling": "upsilon", "size": [6]}"#,
            "upsilon takes --size ROWSxCOLS",
        ),
        (r#"{"tiling": "theta", "size": [2, 3, 4]}"#, "theta"),
        (
            r#"{"tiling": "pentagon", "size": [5, 5]}"#,
            "unknown tiling \"pentagon\"",
        ),
        (
            r#"{"tiling": "sigma", "size": [5, 5], "shape": "disc"}"#,
            "takes no \"shape\"",
        ),
        (
            r#"{"tiling": "delta", "size": [5, 5], "closed": true}"#,
            "takes no \"closed\"",
        ),
    ] {
        let (status, v) = server.json("POST", "/api/generate", body);
        assert_eq!(status, 400, "{body}: {v}");
        assert!(error_of(&v).contains(says), "{body}: {v}");
    }
    // A tiled maze is solved by dead-end, bfs or astar.
    let (_, v) = server.json(
        "POST",
        "/api/generate",
        r#"{"tiling": "delta", "size": [4, 6]}"#,
    );
    let req = serde_json::json!({ "tiled": v["tiled"], "method": "wall-follower" });
    let (status, e) = server.json("POST", "/api/solve", &req.to_string());
    assert_eq!(status, 400);
    assert!(error_of(&e).contains("dead-end, bfs or astar"), "{e}");
    // Its attractor: a perfect maze's is its solution, a room a rank, the start last, and
    // the strategy walks it.
    let req = serde_json::json!({ "tiled": v["tiled"] });
    let (status, a) = server.json("POST", "/api/attractor", &req.to_string());
    assert_eq!(status, 200, "{a}");
    let (_, sol) = server.json("POST", "/api/solve", &req.to_string());
    let path: Vec<u64> = serde_json::from_value(sol["path"].clone()).unwrap();
    let ranks: Vec<Vec<u64>> = serde_json::from_value(a["ranks"].clone()).unwrap();
    let by_rank: Vec<u64> = ranks.iter().map(|r| r[0]).rev().collect();
    assert!(ranks.iter().all(|r| r.len() == 1), "{a}");
    assert_eq!(by_rank, path);
    assert_eq!(a["start_attracted"], true);
    assert_eq!(a["strategy"][0].as_array().unwrap().len(), 2);
    assert_eq!(a["strategy"].as_array().unwrap().len(), path.len() - 1);
    // Not a tiled maze.
    let (status, e) = server.json("POST", "/api/solve", r#"{"tiled": {"tiling": "sigma"}}"#);
    assert_eq!(status, 400);
    error_of(&e);
}

#[test]
fn tilings_over_the_limits_are_refused_before_the_work() {
    let server = Server::start(&["--max-cells", "1000"]);
    let (status, v) = server.json(
        "POST",
        "/api/generate",
        r#"{"tiling": "sigma", "size": [40, 40]}"#,
    );
    assert_eq!(status, 413, "{v}");
    assert!(error_of(&v).contains("server's limit of 1000"), "{v}");
    // The memory budget: the maze and its reply, estimated before anything is made.
    let server = Server::start(&["--max-memory", "1M"]);
    let (status, v) = server.json(
        "POST",
        "/api/generate",
        r#"{"tiling": "upsilon", "size": [60, 60]}"#,
    );
    assert_eq!(status, 413, "{v}");
    assert!(error_of(&v).contains("memory budget"), "{v}");
    let (status, _) = server.json(
        "POST",
        "/api/generate",
        r#"{"tiling": "upsilon", "size": [10, 10]}"#,
    );
    assert_eq!(status, 200);
    // A tiled maze sent back is checked as it is read: its size first.
    let body = r#"{"tiled": {"tiling": "sigma", "size": [4000, 4000], "open": []}}"#;
    let (status, v) = server.json("POST", "/api/solve", body);
    assert_eq!(status, 413, "{v}");
}

#[test]
fn tiled_mazes_download_as_json_svg_png_and_graphs_and_upload_back() {
    let server = Server::start(&[]);
    let (_, info) = server.json("GET", "/api/info", "");
    let offered = formats(&serde_json::json!({ "formats": info["tiled_formats"] }))
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>();
    assert_eq!(&offered[..3], ["json", "svg", "png"]);
    let (_, v) = server.json(
        "POST",
        "/api/generate",
        r#"{"tiling": "sigma", "size": [4, 5], "seed": 2}"#,
    );
    let req = serde_json::json!({ "tiled": v["tiled"], "solution": true }).to_string();
    for to in &offered {
        let (status, head, body) =
            server.request("POST", &format!("/api/convert?to={to}"), req.as_bytes());
        assert_eq!(status, 200, "{to}: {}", String::from_utf8_lossy(&body));
        assert!(
            head.contains("content-disposition: attachment"),
            "{to}: {head}"
        );
        match to.as_str() {
            "json" => {
                let back: Value = serde_json::from_slice(&body).unwrap();
                assert_eq!(back, v["tiled"]);
                // Uploaded, it comes back as a tiled maze with its geometry.
                let (status, _, up) = server.request("POST", "/api/upload?name=hex.json", &body);
                assert_eq!(status, 200);
                let up: Value = serde_json::from_slice(&up).unwrap();
                assert_eq!(up["tiled"], v["tiled"]);
                assert_eq!(up["geometry"], v["geometry"]);
            }
            "svg" => {
                let svg = String::from_utf8(body).unwrap();
                assert!(
                    svg.starts_with("<svg") && svg.contains("<polyline"),
                    "the solution"
                );
            }
            "png" => {
                assert!(body.starts_with(b"\x89PNG"));
                // The CLI's picture reads back as the same maze.
                let (status, _, up) = server.request("POST", "/api/upload?name=hex.png", &body);
                assert_eq!(status, 200);
                let up: Value = serde_json::from_slice(&up).unwrap();
                assert_eq!(up["tiled"]["open"], v["tiled"]["open"]);
            }
            _ => assert!(!body.is_empty()),
        }
    }
    let (status, _, body) = server.request("POST", "/api/convert?to=txt", req.as_bytes());
    assert_eq!(status, 400);
    assert!(String::from_utf8_lossy(&body).contains("json, svg, png or a graph format"));
}
