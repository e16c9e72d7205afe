//! CLI tests of tiled mazes (hexagons, triangles, rings, octagons): generate, render, solve,
//! stats, convert and equal on the real binary.

use std::fs;

mod common;
use common::*;

const TILINGS: [(&str, &str); 7] = [
    ("sigma", "4x5"),
    ("sigma", "3"),
    ("sigma-flat", "4x3"),
    ("delta", "4x6"),
    ("delta", "4"),
    ("theta", "5"),
    ("upsilon", "4x5"),
];

const GRAPH_ALGORITHMS: [&str; 7] = [
    "backtracker",
    "kruskal",
    "prim",
    "wilson",
    "aldous-broder",
    "hunt-and-kill",
    "growing-tree",
];

#[test]
fn every_algorithm_on_every_tiling_makes_a_perfect_maze_and_seeds_reproduce() {
    for (t, size) in TILINGS {
        for a in GRAPH_ALGORITHMS {
            let args = [
                "generate", "--tiling", t, "--size", size, "-a", a, "--seed", "11", "--to", "json",
            ];
            let json = stdout(&args);
            assert!(
                json.starts_with(&format!("{{\"tiling\": \"{t}\"")),
                "{json}"
            );
            assert_eq!(json, stdout(&args), "{t} {a}: the seed reproduces");
            let dir = tempfile::tempdir().unwrap();
            let file = write(dir.path(), "m.json", &json);
            let stats = stdout(&["stats", s(&file)]);
            assert!(
                stats.starts_with("class              perfect"),
                "{t} {a}: {stats}"
            );
        }
    }
    let a = stdout(&[
        "generate", "--tiling", "theta", "--size", "6", "--seed", "1", "--to", "json",
    ]);
    let b = stdout(&[
        "generate", "--tiling", "theta", "--size", "6", "--seed", "2", "--to", "json",
    ]);
    assert_ne!(a, b);
}

/// A maze of one room would have its start on its goal: generate refuses the size in one
/// line, and solve and render refuse such a file the same way; two rooms are a maze whose
/// start and goal differ.
#[test]
fn one_room_is_refused_and_two_rooms_are_a_maze() {
    for (tiling, size, bigger) in [
        ("sigma", "1", "2"),
        ("sigma-flat", "1x1", "1x2"),
        ("delta", "1", "2"),
        ("theta", "1", "2"),
        ("upsilon", "1x1", "1x2"),
        ("weave", "1x1", "1x2"),
    ] {
        let e = error(&["generate", "--tiling", tiling, "--size", size]);
        assert!(e.contains("start on its goal"), "{tiling}: {e}");
        assert!(e.contains(&format!("(e.g. {bigger})")), "{tiling}: {e}");
        let json = stdout(&[
            "generate", "--tiling", tiling, "--size", bigger, "--seed", "1", "--to", "json",
        ]);
        let (start, goal) = (
            json.find("\"start\"").unwrap(),
            json.find("\"goal\"").unwrap(),
        );
        let terminal = |at: usize| json[at..].split(']').next().unwrap().to_string();
        assert_ne!(
            terminal(start).replace("start", ""),
            terminal(goal).replace("goal", ""),
            "{tiling}: {json}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let one = write(
        dir.path(),
        "one.json",
        "{\"tiling\": \"sigma\", \"version\": 1, \"size\": [1, 1], \"start\": [0, 0], \"goal\": [0, 0],\n \"open\": [\n ]}\n",
    );
    let png = dir.path().join("one.png");
    for args in [
        vec!["solve", s(&one)],
        vec!["render", s(&one), "-o", s(&png)],
    ] {
        let e = error(&args);
        assert!(e.contains("start on its goal"), "{args:?}: {e}");
    }
    assert!(!png.exists());
}

#[test]
fn loops_and_braid_make_imperfect_mazes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.json");
    mg().args([
        "generate", "--tiling", "delta", "--size", "6x9", "--braid", "--seed", "3", "-o",
    ])
    .arg(&out)
    .assert()
    .success();
    let stats = stdout(&["stats", s(&out)]);
    assert!(stats.contains("dead ends          0"), "{stats}");
    let json = stdout(&[
        "generate", "--tiling", "upsilon", "--size", "5x5", "--loops", "4", "--seed", "3", "--to",
        "json",
    ]);
    // A perfect maze of 25 rooms opens 24 walls; 4 loops open 4 more (one wall a line).
    assert_eq!(json.lines().filter(|l| l.starts_with("  [[")).count(), 28);
}

#[test]
fn what_does_not_apply_is_refused_in_one_line() {
    for a in ["eller", "sidewinder", "binary-tree", "division"] {
        assert_eq!(
            error(&["generate", "--tiling", "sigma", "--size", "5x5", "-a", a]),
            format!(
                "mazegraph: error: {a} works on square grids only, not on sigma tilings; use one of \
                 backtracker, kruskal, prim, wilson, aldous-broder, hunt-and-kill, growing-tree\n"
            )
        );
    }
    assert_eq!(
        error(&["generate", "--tiling", "theta", "--size", "8x2"]),
        "mazegraph: error: --tiling theta --size 8x2: theta's ring 1 has from 3 to 1048576 sectors, not 2\n"
    );
    assert_eq!(
        error(&["generate", "--tiling", "upsilon", "--size", "5"]),
        "mazegraph: error: --tiling upsilon --size 5: upsilon takes --size ROWSxCOLS (at least 1x1), not 5\n"
    );
    let big = error(&[
        "generate",
        "--tiling",
        "sigma",
        "--size",
        "99999999x99999999",
    ]);
    assert!(
        big.contains("more than the limit") && big.contains("--max-cells"),
        "{big}"
    );
    let absurd = error(&[
        "generate",
        "--tiling",
        "theta",
        "--size",
        "18446744073709551615x3",
    ]);
    assert!(absurd.contains("more than the limit"), "{absurd}");
    let budget = error(&[
        "generate",
        "--tiling",
        "delta",
        "--size",
        "3000x3000",
        "--max-memory",
        "1M",
    ]);
    assert!(budget.contains("memory budget"), "{budget}");
    // A picture too big, refused before the maze is made (no seed note, one line).
    let dir = tempfile::tempdir().unwrap();
    let x = dir.path().join("x.png");
    let big = [
        "generate",
        "--tiling",
        "sigma",
        "--size",
        "50x50",
        "-o",
        s(&x),
    ];
    assert!(
        error(&[&big[..], &["--scale", "2000"]].concat()).contains("pixels, more than the limit")
    );
    let low = error(&[&big[..], &["--scale", "200", "--max-memory", "100M"]].concat());
    assert!(low.contains("memory budget"), "{low}");
    assert!(!x.exists());
    assert!(
        error(&["generate", "--tiling", "delta", "--size", "4x4", "--shape", "ellipse"])
            .contains("--tiling takes no --shape")
    );
    assert!(
        error(&["generate", "--tiling", "delta", "--size", "4x4", "--to", "txt"])
            .contains("txt holds square-grid mazes")
    );
}

/// A small seeded hex maze, solved and drawn as SVG: the golden picture.
#[test]
fn golden_svg_of_a_small_seeded_hex_maze() {
    let dir = tempfile::tempdir().unwrap();
    let maze = dir.path().join("hex.json");
    mg().args([
        "generate", "--tiling", "sigma", "--size", "3x4", "--seed", "7", "-o",
    ])
    .arg(&maze)
    .assert()
    .success();
    let svg = stdout(&[
        "render",
        s(&maze),
        "--overlay",
        "solution",
        "--scale",
        "20",
        "--to",
        "svg",
    ]);
    let golden = include_str!("golden/sigma3x4.svg");
    assert_eq!(svg, golden);
    // The same through generate straight to SVG (no overlay there).
    let pic = dir.path().join("hex.svg");
    mg().args([
        "generate", "--tiling", "sigma", "--size", "3x4", "--seed", "7", "--scale", "20", "-o",
    ])
    .arg(&pic)
    .assert()
    .success();
    let plain = fs::read_to_string(&pic).unwrap();
    assert!(plain.starts_with("<svg") && !plain.contains("polyline"));
}

#[test]
fn solve_by_every_graph_method_and_draw_the_solution() {
    let dir = tempfile::tempdir().unwrap();
    let maze = dir.path().join("round.json");
    mg().args([
        "generate", "--tiling", "theta", "--size", "6", "--seed", "5", "-o",
    ])
    .arg(&maze)
    .assert()
    .success();
    let mut lengths = Vec::new();
    for m in ["dead-end", "bfs", "astar", "dijkstra"] {
        let line = stdout(&["solve", s(&maze), "-m", m]);
        assert!(
            line.contains(&format!("{m} (theta maze of 79 rooms): path of ")),
            "{line}"
        );
        lengths.push(
            line.split("path of ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .to_string(),
        );
    }
    assert!(lengths.windows(2).all(|w| w[0] == w[1]), "{lengths:?}");
    let json = stdout(&["solve", s(&maze), "--to", "json"]);
    assert!(json.contains("\"path\":[[0,0],"), "{json}");
    let png = dir.path().join("solved.png");
    mg().args(["solve", s(&maze), "-o"])
        .arg(&png)
        .assert()
        .success();
    assert!(fs::read(&png).unwrap().starts_with(b"\x89PNG\r\n\x1a\n"));
    let svg = dir.path().join("solved.svg");
    mg().args(["solve", s(&maze), "--start", "3,1", "-o"])
        .arg(&svg)
        .assert()
        .success();
    assert!(fs::read_to_string(&svg).unwrap().contains("<polyline"));
    assert_eq!(
        error(&["solve", s(&maze), "-m", "wall-follower"]),
        format!(
            "mazegraph: error: {}: --method wall-follower walks a square grid's corridors; a tiled maze is solved by dead-end, bfs, astar or dijkstra\n",
            maze.display()
        )
    );
    assert!(error(&["solve", s(&maze), "--goal", "9,9"]).contains("--goal (9, 9): no such room"));
    // Several inputs: one line each, tiled or not.
    let lines = stdout(&[
        "solve",
        s(&maze),
        s(&maze),
        &data("perfect15x20.png"),
        "--json",
    ]);
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[0].contains("\"tiling\":\"theta\"") && lines[0].contains("\"file\""),
        "{lines:?}"
    );
    assert!(
        error(&["render", s(&maze), "--overlay", "portals", "--to", "png"])
            .contains("a tiled maze takes solution, filled and attractor")
    );
    assert!(stdout(&["attractor", s(&maze), "--to", "json"]).contains("rank"));
}

#[test]
fn graph_formats_convert_and_equal_take_the_tiled_json() {
    let dir = tempfile::tempdir().unwrap();
    let maze = dir.path().join("hex.json");
    mg().args([
        "generate", "--tiling", "sigma", "--size", "3", "--seed", "2", "-o",
    ])
    .arg(&maze)
    .assert()
    .success();
    // Axial (q, r) names, positions for neato -n.
    let dot = stdout(&["convert", s(&maze), "--to", "dot"]);
    assert!(
        dot.contains("coord=\"0,0\"") && dot.contains("pos=\""),
        "{dot}"
    );
    let adj = stdout(&["convert", s(&maze), "--to", "adj"]);
    assert!(adj.starts_with("{(-2, 0): ["), "{adj}");
    let gj = dir.path().join("hex.graph.json");
    mg().args(["convert", s(&maze), "-o"])
        .arg(&gj)
        .assert()
        .success();
    assert_eq!(
        stdout(&["equal", s(&maze), s(&gj)]),
        "equal: 19 vertices, 18 edges\n"
    );
    let other = dir.path().join("other.json");
    mg().args([
        "generate", "--tiling", "sigma", "--size", "3", "--seed", "3", "-o",
    ])
    .arg(&other)
    .assert()
    .success();
    mg().args(["equal", s(&maze), s(&other)]).assert().code(1);
    // Back to tiled JSON with new terminals; never to a square-grid format.
    let moved = stdout(&["convert", s(&maze), "--to", "json", "--goal", "0,0"]);
    assert!(moved.contains("\"goal\": [0, 0]"), "{moved}");
    assert!(error(&["convert", s(&maze), "--to", "txt"]).contains("txt holds square-grid mazes"));
}

#[test]
fn bad_tiled_files_are_refused_at_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(
        dir.path(),
        "bad.json",
        "{\"tiling\": \"delta\", \"version\": 1, \"size\": [2, 2],\n \"open\": [\n  [[0, 0], [0, 1]],\n  [[0, 0], [1, 1]]\n ]}\n",
    );
    assert_eq!(
        error(&["solve", s(&bad)]),
        format!(
            "mazegraph: error: {}:4: open[1]: rooms (0, 0) and (1, 1) are not neighbours\n",
            bad.display()
        )
    );
    let huge = write(
        dir.path(),
        "huge.json",
        "{\"tiling\": \"theta\", \"size\": [4000000000]}",
    );
    assert!(error(&["stats", s(&huge)]).contains("more than the limit"));
    let v2 = write(
        dir.path(),
        "v2.json",
        "{\"tiling\": \"sigma\", \"version\": 2, \"size\": [2, 2]}",
    );
    assert!(error(&["render", s(&v2), "--to", "svg"]).contains("version 2"));
}

#[test]
fn a_tiled_png_reads_back_from_its_pixels_and_an_edited_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    for (t, size) in TILINGS {
        let json = dir.path().join(format!("{t}{size}.json"));
        let png = dir.path().join(format!("{t}{size}.png"));
        let gen = ["generate", "--tiling", t, "--size", size, "--seed", "9"];
        mg().args(gen).arg("-o").arg(&json).assert().success();
        mg().args(gen)
            .args(["--scale", "14", "-o"])
            .arg(&png)
            .assert()
            .success();
        assert!(
            stdout(&["equal", s(&png), s(&json)]).starts_with("equal: "),
            "{t} {size}"
        );
        // Back to tiled JSON: the same file, byte for byte.
        let back = stdout(&["convert", s(&png), "--to", "json"]);
        assert_eq!(back, fs::read_to_string(&json).unwrap(), "{t} {size}");
    }
    // A solved picture reads back too (the solution crosses only open walls).
    let json = dir.path().join("theta5.json");
    let solved = dir.path().join("solved.png");
    mg().args(["solve", s(&json), "--scale", "20", "-o"])
        .arg(&solved)
        .assert()
        .success();
    assert!(stdout(&["equal", s(&solved), s(&json)]).starts_with("equal: "));
    // Paint a black bar across it: walls the maze does not have.
    let (w, h, mut rgb, chunks) = {
        let bytes = fs::read(&solved).unwrap();
        let mut d = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .unwrap();
        let mut buf = vec![0; d.output_buffer_size().unwrap()];
        d.next_frame(&mut buf).unwrap();
        let chunks: Vec<(String, String)> = (d.info().uncompressed_latin1_text.iter())
            .map(|c| (c.keyword.clone(), c.text.clone()))
            .collect();
        (d.info().width, d.info().height, buf, chunks)
    };
    // Its text chunks are kept: the tiling, and the legend strip's height.
    assert!(chunks.contains(&("mazegraph-tiling".into(), "theta 5".into())));
    let y = (h / 3) as usize;
    rgb[3 * y * w as usize..3 * (y + 1) * w as usize].fill(0);
    let edited = dir.path().join("edited.png");
    let mut enc = png::Encoder::new(fs::File::create(&edited).unwrap(), w, h);
    enc.set_color(png::ColorType::Rgb);
    for (k, v) in chunks {
        enc.add_text_chunk(k, v).unwrap();
    }
    let mut wr = enc.write_header().unwrap();
    wr.write_image_data(&rgb).unwrap();
    wr.finish().unwrap();
    let e = error(&["stats", s(&edited)]);
    assert!(e.contains("differ from the maze read from it"), "{e}");
}

#[test]
fn weave_mazes_cross_by_the_rule_and_a_broken_crossing_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let maze = dir.path().join("weave.json");
    mg().args([
        "generate", "--tiling", "weave", "--size", "8x8", "-a", "kruskal", "--seed", "2", "-o",
    ])
    .arg(&maze)
    .assert()
    .success();
    assert!(stdout(&["stats", s(&maze)]).starts_with("class              perfect"));
    assert!(stdout(&["solve", s(&maze)]).contains("weave maze of 64 rooms"));
    let svg = stdout(&["render", s(&maze), "--overlay", "solution", "--to", "svg"]);
    assert!(svg.contains("<polyline"));
    assert_eq!(
        error(&["generate", "--tiling", "weave", "--size", "8x8", "-a", "prim"]),
        "mazegraph: error: weave mazes are carved by kruskal only (its crossings are placed first), not by prim\n"
    );
    // Without -a, a weave is carved by kruskal: the same maze as with it.
    let plain = dir.path().join("plain.json");
    mg().args([
        "generate", "--tiling", "weave", "--size", "8x8", "--seed", "2", "-o",
    ])
    .arg(&plain)
    .assert()
    .success();
    assert_eq!(fs::read(&plain).unwrap(), fs::read(&maze).unwrap());
    // A tunnel under a room that is no straight passage across it.
    let bad = write(
        dir.path(),
        "bad.json",
        "{\"tiling\": \"weave\", \"size\": [3, 3],\n \"open\": [\n  [[1, 0], [1, 2]]\n ]}\n",
    );
    let e = error(&["stats", s(&bad)]);
    assert!(
        e.contains("bad.json:2: the tunnel (1, 0) - (1, 2) passes under (1, 1), which is not a straight passage across it"),
        "{e}"
    );
    let png = dir.path().join("weave.png");
    mg().args(["render", s(&maze), "-o"])
        .arg(&png)
        .assert()
        .success();
    // Its picture reads back, the solution drawn with a gap where it goes under a bridge.
    for scale in ["6", "11", "24"] {
        mg().args([
            "render",
            s(&maze),
            "--overlay",
            "solution",
            "--scale",
            scale,
            "-o",
        ])
        .arg(&png)
        .arg("--force")
        .assert()
        .success();
        let line = stdout(&["equal", s(&maze), s(&png)]);
        assert!(line.starts_with("equal"), "at {scale}: {line}");
    }
}

/// The overlays a square maze's picture has, drawn on every tiling: dead ends filled, the
/// attractor's shades, a legend; each picture reads back as its maze.
#[test]
fn overlays_and_attractor_pictures_on_every_tiling_read_back() {
    let dir = tempfile::tempdir().unwrap();
    for (t, size) in TILINGS {
        let maze = dir.path().join(format!("{t}-{size}.json"));
        mg().args(["generate", "--tiling", t, "--size", size, "--seed", "7"])
            .args(["--loops", "2", "-o"])
            .arg(&maze)
            .assert()
            .success();
        for (overlay, words) in [
            // (Legend lines wrap in a narrow picture: the first words only.)
            ("filled", "dead ends"),
            ("attractor", "steps to"),
            ("solution,filled,attractor", "solution"),
        ] {
            for ext in ["png", "svg"] {
                let out = dir.path().join(format!("{t}-{overlay}.{ext}"));
                mg().args(["render", s(&maze), "--overlay", overlay, "-o"])
                    .arg(&out)
                    .assert()
                    .success();
                let bytes = fs::read(&out).unwrap();
                if ext == "svg" {
                    let text = String::from_utf8(bytes).unwrap();
                    assert!(text.contains(words), "{t} {overlay}");
                    // A fill per room shaded: paths with a fill colour of their own.
                    assert!(text.contains("<path fill=\"#"), "{t} {overlay}");
                } else {
                    let line = stdout(&["equal", s(&maze), s(&out)]);
                    assert!(line.starts_with("equal"), "{t} {overlay}: {line}");
                }
            }
        }
        // `attractor -o FILE.png` draws the same shades in the maze's own geometry.
        let png = dir.path().join(format!("{t}-attractor.png"));
        mg().args(["attractor", s(&maze), "-o"])
            .arg(&png)
            .assert()
            .success();
        assert!(stdout(&["equal", s(&maze), s(&png)]).starts_with("equal"));
    }
}

/// The wolf and the sheep on hexagons and rings: the winner's line names rooms, agrees with
/// `solve-game` on the arena written as a game, and the fate and play pictures are drawn.
#[test]
fn pursuit_on_tiled_mazes() {
    let dir = tempfile::tempdir().unwrap();
    let maze = dir.path().join("hex.json");
    mg().args([
        "generate", "--tiling", "sigma", "--size", "4x5", "--seed", "3",
    ])
    .args(["--loops", "4", "-o"])
    .arg(&maze)
    .assert()
    .success();
    let line = stdout(&["pursuit", s(&maze), "--wolf", "0,0", "--sheep", "3,4"]);
    assert!(
        line.contains("wolf (0, 0), sheep (3, 4), wolf first, both may pass")
            && line.contains("of 800 positions"),
        "{line}"
    );
    let game = dir.path().join("arena.game.json");
    mg().args(["pursuit", s(&maze), "--wolf", "0,0", "--sheep", "3,4", "-o"])
        .arg(&game)
        .assert()
        .success();
    let solved = stdout(&["solve-game", s(&game)]);
    let winner = if line.starts_with("the sheep escapes") {
        "player 1"
    } else {
        "player 0"
    };
    assert!(
        solved.contains(&format!("from the start w(0,0) s(3,4) wolf: {winner}")),
        "{line} / {solved}"
    );
    let fate = dir.path().join("fate.png");
    mg().args(["pursuit", s(&maze), "--wolf", "1,2", "-o"])
        .arg(&fate)
        .assert()
        .success();
    // The fate picture is a picture of the maze: it reads back as it.
    assert!(stdout(&["equal", s(&maze), s(&fate)]).starts_with("equal"));
    let play = dir.path().join("play.apng");
    mg().args(["pursuit", s(&maze), "--pass", "none", "-o"])
        .arg(&play)
        .assert()
        .success();
    let bytes = fs::read(&play).unwrap();
    assert!(bytes.windows(4).any(|w| w == b"acTL"), "an animated PNG");
    assert!(error(&["pursuit", s(&maze), "--wolf", "9,9"])
        .contains("--wolf (9, 9): no such room in the sigma tiling of size 4x5"));
    // On rings: the centre is a room like any other.
    let round = dir.path().join("round.json");
    mg().args([
        "generate", "--tiling", "theta", "--size", "3", "--seed", "2", "-o",
    ])
    .arg(&round)
    .assert()
    .success();
    let line = stdout(&["pursuit", s(&round), "--sheep", "0,0"]);
    assert!(
        line.starts_with("the wolf catches the sheep"),
        "a tree: {line}"
    );
}

/// A gamebook of a perfect hex or circular maze: compass points of eight, or inward and
/// outward, and the same book for the same seed.
#[test]
fn gamebooks_of_tiled_mazes() {
    let dir = tempfile::tempdir().unwrap();
    for (t, size, word) in [
        ("sigma", "6x6", "Go north-"),
        ("theta", "5", "Go outward"),
        ("delta", "5x7", "Go "),
        ("upsilon", "4x4", "Go "),
    ] {
        let maze = dir.path().join(format!("{t}.json"));
        mg().args([
            "generate", "--tiling", t, "--size", size, "--seed", "9", "-o",
        ])
        .arg(&maze)
        .assert()
        .success();
        let book = stdout(&["gamebook", s(&maze), "--seed", "3"]);
        assert!(book.contains(word), "{t}: {book}");
        assert!(book.contains(&format!("perfect {t} maze of size")), "{t}");
        assert_eq!(book, stdout(&["gamebook", s(&maze), "--seed", "3"]));
        let json: serde_json::Value =
            serde_json::from_str(&stdout(&["gamebook", s(&maze), "--to", "json"])).unwrap();
        assert_eq!(json["tiling"], t);
    }
    let loops = dir.path().join("loops.json");
    mg().args([
        "generate", "--tiling", "sigma", "--size", "5x5", "--loops", "3", "-o",
    ])
    .arg(&loops)
    .assert()
    .success();
    assert!(error(&["gamebook", s(&loops)]).contains("a gamebook needs a perfect maze"));
}
