//! `mazegraph pursuit` on the real binary: the winner's line, the fate picture, the animated
//! play, the arena as game JSON and DOT, and bad positions refused in one line.

mod common;
use common::{error, mg, s, stdout, write};
use std::path::Path;

/// A loop around a pillar with a dead end below it: the sheep is safe on the loop, caught in
/// the dead end.
const RING: &str = "#####\n#...#\n#.#.#\n#...#\n##.##\n";

fn ring(dir: &Path) -> String {
    s(&write(dir, "ring.txt", RING)).to_string()
}

/// Decodes a PNG into RGB pixels (palette expanded): width, height, pixels.
fn rgb(path: &Path) -> (usize, usize, Vec<[u8; 3]>) {
    let mut dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    let (w, h) = (info.width as usize, info.height as usize);
    let px = buf[..w * h * 3]
        .chunks(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (w, h, px)
}

/// Runs `mazegraph pursuit MAZE -o OUT ARGS…`, which must succeed.
fn draw(maze: &str, out: &Path, args: &[&str]) {
    let mut all = vec!["pursuit", maze, "-o", s(out)];
    all.extend(args);
    stdout(&all);
}

/// The number of frames of an animated PNG.
fn frames(path: &Path) -> u32 {
    let dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let reader = dec.read_info().unwrap();
    let actl = reader.info().animation_control.expect("an animated PNG");
    actl.num_frames
}

#[test]
fn the_winner_and_the_moves_are_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let m = ring(dir.path());
    let out = stdout(&["pursuit", &m, "--wolf", "1,1", "--sheep", "3,3"]);
    assert!(
        out.starts_with(
            "the sheep escapes forever: wolf (1, 1), sheep (3, 3), wolf first, both may pass"
        ),
        "{out}"
    );
    assert_eq!(out.lines().count(), 1);
    let out = stdout(&["pursuit", &m, "--wolf", "3,3", "--sheep", "4,2"]);
    assert!(
        out.starts_with("the wolf catches the sheep in 3 moves (2 by the wolf)"),
        "{out}"
    );
    // The sheep first: it must step out of the dead end or stay; the wolf still needs 2 moves
    // of its own.
    let out = stdout(&[
        "pursuit", &m, "--wolf", "3,3", "--sheep", "4,2", "--first", "sheep",
    ]);
    assert!(
        out.starts_with("the wolf catches the sheep in 4 moves (2 by the wolf)"),
        "{out}"
    );
    // The pieces default to the maze's start and goal; this maze has one opening, so no
    // terminals: the sheep's place must be given.
    let e = error(&["pursuit", &m, "--wolf", "1,1"]);
    assert!(e.contains("--sheep R,C"), "{e}");
}

#[test]
fn bad_positions_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let m = ring(dir.path());
    let e = error(&["pursuit", &m, "--wolf", "0,0", "--sheep", "3,3"]);
    assert_eq!(
        e,
        "mazegraph: error: the wolf cannot stand on (0, 0): it is a wall\n"
    );
    let e = error(&["pursuit", &m, "--wolf", "1,1", "--sheep", "9,9"]);
    assert!(
        e.contains("the sheep cannot stand on (9, 9): it is outside the maze, whose shape is 5×5"),
        "{e}"
    );
    let e = error(&["pursuit", &m, "--wolf", "1,1", "--sheep", "-1,2"]);
    assert!(e.contains("outside the maze"), "{e}");
    let e = error(&["pursuit", &m, "--wolf", "1,1,1", "--sheep", "3,3"]);
    assert!(e.contains("outside the maze"), "{e}");
    let e = error(&[
        "pursuit", &m, "--wolf", "1,1", "--sheep", "3,3", "--pass", "goat",
    ]);
    assert!(e.contains("--pass"), "{e}");
    let e = error(&[
        "pursuit",
        &m,
        "--wolf",
        "1,1",
        "--sheep",
        "3,3",
        "-o",
        &format!("{}/x.gif", dir.path().display()),
    ]);
    assert!(
        e.contains("cannot write .gif (png, apng, json or dot); name the format with --to"),
        "{e}"
    );
    let e = error(&[
        "pursuit",
        &m,
        "--wolf",
        "1,1",
        "--sheep",
        "3,3",
        "--max-memory",
        "1K",
    ]);
    assert!(
        e.contains("the arena of a wolf and a sheep in a maze of 9 path cells (162 positions)"),
        "{e}"
    );
}

#[test]
fn the_fate_picture_shades_caught_cells_and_leaves_safe_ones_white() {
    let dir = tempfile::tempdir().unwrap();
    let m = ring(dir.path());
    let out = dir.path().join("fate.png");
    draw(&m, &out, &["--wolf", "3,1", "--scale", "10"]);
    let (w, h, px) = rgb(&out);
    assert_eq!(w, 50);
    assert!(h > 50, "a legend under the maze");
    let centre = |r: usize, c: usize| px[(r * 10 + 5) * w + c * 10 + 1];
    let white = [255, 255, 255];
    // Across the loop the sheep is safe; in the dead end (4, 2) the wolf, next to its mouth,
    // traps it; the wolf is in its own colour, not the goal's red.
    assert_eq!(centre(1, 3), white);
    assert_ne!(centre(4, 2), white);
    assert_ne!(centre(4, 2), [0, 0, 0]);
    assert_eq!(px[(30 + 5) * w + 15], mazegraph::palette::WOLF);
    let maze_px = &px[..50 * w];
    assert!(!maze_px.contains(&mazegraph::palette::GOAL));
    // The same without a legend: the maze alone.
    let bare = dir.path().join("bare.png");
    draw(
        &m,
        &bare,
        &["--wolf", "3,1", "--scale", "10", "--no-legend"],
    );
    assert_eq!(rgb(&bare).1, 50);
}

#[test]
fn the_play_is_an_animation() {
    let dir = tempfile::tempdir().unwrap();
    let m = ring(dir.path());
    let out = dir.path().join("play.apng");
    draw(
        &m,
        &out,
        &["--wolf", "3,3", "--sheep", "4,2", "--scale", "10"],
    );
    assert_eq!(frames(&out), 4); // the start and three moves
                                 // The pieces in their own colours (the goal's red and the start's green mean places),
                                 // the legend naming them in the same colours.
    let (w, _, px) = rgb(&out);
    let (maze_px, legend) = px.split_at(50 * w);
    use mazegraph::palette::{GOAL, SHEEP, START, WOLF};
    assert_eq!(maze_px[(30 + 5) * w + 35], WOLF);
    assert_eq!(maze_px[(40 + 5) * w + 25], SHEEP);
    for colour in [WOLF, SHEEP] {
        assert!(legend.contains(&colour), "{colour:?} in the legend");
    }
    assert!(!px.contains(&GOAL) && !px.contains(&START));
    // The sheep escaping: frames until a position comes back.
    let out = dir.path().join("escape.apng");
    draw(
        &m,
        &out,
        &["--wolf", "1,1", "--sheep", "3,3", "--to", "apng"],
    );
    assert!(frames(&out) >= 2);
}

#[test]
fn the_arena_as_json_and_dot() {
    let dir = tempfile::tempdir().unwrap();
    let m = ring(dir.path());
    let json = stdout(&[
        "pursuit", &m, "--wolf", "1,1", "--sheep", "3,3", "--to", "json",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let vertices = doc["vertices"].as_array().unwrap();
    assert_eq!(vertices.len(), 2 * 9 * 9);
    let start = doc["start"].as_u64().unwrap() as usize;
    assert_eq!(vertices[start]["name"], "w(1,1) s(3,3) wolf");
    // The arena solved as a parity game by solve-game: the sheep wins from the start.
    let file = write(dir.path(), "arena.game.json", &json);
    let out = mg().args(["solve-game", s(&file)]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("player 1"), "{text}");
    let dot = stdout(&[
        "pursuit", &m, "--wolf", "1,1", "--sheep", "3,3", "--to", "dot",
    ]);
    assert!(dot.starts_with("digraph game {"));
    assert!(dot.contains("w(1,1) s(3,3) wolf"));
    // Big mazes are refused in one line.
    let big = "#".repeat(300) + "\n" + &".".repeat(300) + "\n";
    let b = s(&write(dir.path(), "big.txt", &big)).to_string();
    let e = error(&[
        "pursuit", &b, "--wolf", "1,0", "--sheep", "1,299", "--to", "dot",
    ]);
    assert!(e.contains("at most 100000"), "{e}");
}

#[test]
fn a_graph_is_placed_as_a_maze_as_solve_places_it() {
    // The ring's cell graph, in the seed's adjacency list: the same game as the maze.
    let dir = tempfile::tempdir().unwrap();
    let m = ring(dir.path());
    let adj = dir.path().join("ring.adj");
    mg().args(["convert", &m, "--to", "adj", "-o", s(&adj)])
        .assert()
        .success();
    let args = |input: &str| stdout(&["pursuit", input, "--wolf", "3,3", "--sheep", "4,2"]);
    let (from_maze, from_graph) = (args(&m), args(s(&adj)));
    assert!(
        from_graph.starts_with("the wolf catches the sheep in 3 moves"),
        "{from_graph}"
    );
    assert_eq!(from_maze, from_graph);
}

#[test]
fn a_big_arena_is_announced_and_one_past_the_representation_refused_honestly() {
    let dir = tempfile::tempdir().unwrap();
    // 60×60 rooms: 7199 path cells, about 10⁸ positions, announced before the work (here
    // refused by the budget at once).
    let big = dir.path().join("big.txt");
    let gen = |size: &str, path: &Path| {
        mg().args(["generate", "--size", size, "--seed", "1", "-o", s(path)])
            .assert()
            .success();
    };
    gen("60x60", &big);
    let args = [
        "pursuit",
        s(&big),
        "--wolf",
        "1,1",
        "--sheep",
        "3,3",
        "--max-memory",
        "1M",
    ];
    let out = mg().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("mazegraph: note: the arena of 103708802 positions needs about "),
        "{err}"
    );
    assert!(err.contains("GiB and, built and solved, about "), "{err}");
    assert!(!mg()
        .args(args)
        .arg("--quiet")
        .output()
        .unwrap()
        .stderr
        .starts_with(b"mazegraph: note"));
    // 200×200 rooms: past 2³¹ − 1 positions, which no budget raises: no --max-cells advice.
    let huge = dir.path().join("huge.txt");
    gen("200x200", &huge);
    let e = error(&["pursuit", s(&huge), "--wolf", "1,1", "--sheep", "3,3"]);
    assert!(e.contains("an arena holds at most 2^31-1 positions"), "{e}");
    assert!(!e.contains("--max-cells"), "{e}");
}
