//! CLI tests of `mazegraph render` (and `attractor --to png`, drawn by the same code): run the
//! real binary, decode the pictures it writes and check the colours of chosen cells.

use mazegraph::render::{
    rgb, FAR, FILLED, GOAL, KEPT, NEAR, OPEN, PATH, PORTAL, SHADE, SHADES, START, WALL,
};
use std::fs;
use std::path::Path;

mod common;
use common::*;

/// Runs and returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = mg().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

/// A perfect maze: the solution (0,1) (1,1) (1,2) (1,3) (2,3) (3,3) (4,3); dead ends
/// (2,1)–(3,1) and (2,4)–(2,5)–(1,5).
const MAZE: &str = "#.#####\n#...#.#\n#.#...#\n#.#.###\n###.###\n";

/// A decoded picture, as RGB.
struct Picture {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
    bit_depth: png::BitDepth,
}

impl Picture {
    fn read(path: &Path) -> Picture {
        let file = std::io::BufReader::new(fs::File::open(path).unwrap());
        let mut decoder = png::Decoder::new(file);
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let bit_depth = reader.info().bit_depth;
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgb);
        Picture {
            width: info.width as usize,
            height: info.height as usize,
            rgb: buf,
            bit_depth,
        }
    }

    fn px(&self, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.width + x) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// The pixel at (dx, dy) inside cell (r, c) of a 2-D picture at `scale`.
    fn cell(&self, scale: usize, r: usize, c: usize, dy: usize, dx: usize) -> [u8; 3] {
        self.px(c * scale + dx, r * scale + dy)
    }
}

fn render(dir: &Path, input: &str, name: &str, extra: &[&str]) -> std::path::PathBuf {
    let out = dir.join(name);
    let mut args = vec!["render", input, "-o", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let (code, _, err) = run(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert_eq!(err, "", "nothing on stderr when not on a terminal");
    out
}

#[test]
fn plain_picture_at_scale() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.txt", MAZE);
    let p = Picture::read(&render(dir.path(), &m, "a.png", &["--scale", "3"]));
    assert_eq!((p.width, p.height), (21, 15));
    assert_eq!(p.bit_depth, png::BitDepth::Four);
    for dy in 0..3 {
        for dx in 0..3 {
            assert_eq!(p.cell(3, 0, 0, dy, dx), rgb(WALL));
            assert_eq!(p.cell(3, 0, 1, dy, dx), rgb(OPEN));
        }
    }
    assert_eq!(p.cell(3, 2, 5, 1, 1), rgb(OPEN));
    assert_eq!(p.cell(3, 2, 6, 1, 1), rgb(WALL));
    // By default a picture a person can read: about 640 pixels across, at most 40 a cell.
    let p = Picture::read(&render(dir.path(), &m, "b.png", &[]));
    assert_eq!((p.width, p.height), (7 * 40, 5 * 40));
    assert_eq!(p.cell(40, 2, 5, 20, 20), rgb(OPEN));
    // Scale 1: one pixel a cell.
    let p = Picture::read(&render(dir.path(), &m, "c.png", &["--scale", "1"]));
    assert_eq!((p.width, p.height), (7, 5));
    assert_eq!(p.px(3, 4), rgb(OPEN));
}

#[test]
fn solution_and_filled_colours() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.txt", MAZE);
    let out = render(
        dir.path(),
        &m,
        "s.png",
        &["--scale", "8", "--overlay", "filled,solution"],
    );
    let p = Picture::read(&out);
    let at = |r, c| p.cell(8, r, c, 4, 4);
    assert_eq!(at(0, 0), rgb(WALL));
    assert_eq!(at(0, 1), rgb(START));
    assert_eq!(at(4, 3), rgb(GOAL));
    for (r, c) in [(1, 1), (1, 2), (1, 3), (2, 3), (3, 3)] {
        assert_eq!(at(r, c), rgb(PATH), "({r}, {c})");
    }
    for (r, c) in [(2, 1), (3, 1), (2, 4), (2, 5), (1, 5)] {
        assert_eq!(at(r, c), rgb(FILLED), "({r}, {c})");
    }
    // A legend under the maze names the colours the picture shows (no "kept": nothing is).
    assert!(p.height > 5 * 8 + 8, "{}", p.height);
    let legend: Vec<[u8; 3]> = (5 * 8..p.height)
        .flat_map(|y| (0..p.width).map(move |x| (x, y)))
        .map(|(x, y)| p.px(x, y))
        .collect();
    for colour in [START, GOAL, PATH, FILLED] {
        assert!(legend.contains(&rgb(colour)), "{colour} in the legend");
    }
    assert!(!legend.contains(&rgb(KEPT)));
    // The solution alone leaves the dead ends plain.
    let p = Picture::read(&render(
        dir.path(),
        &m,
        "t.png",
        &["--overlay", "solution", "--scale", "1", "--no-legend"],
    ));
    assert_eq!((p.width, p.height), (7, 5));
    assert_eq!(p.px(1, 3), rgb(OPEN));
    assert_eq!(p.px(2, 1), rgb(PATH));
    // At 4 pixels a cell the picture (28 pixels) is too narrow for a legend's words: none.
    let p = Picture::read(&render(
        dir.path(),
        &m,
        "u.png",
        &["--overlay", "solution", "--scale", "4"],
    ));
    assert_eq!((p.width, p.height), (28, 20));
}

#[test]
fn portal_marks_and_kept_cycles() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "p.txt",
        &format!("{MAZE}\n+ (3, 1) -> (1, 5)\n"),
    );
    let out = render(
        dir.path(),
        &m,
        "p.png",
        &["--scale", "8", "--overlay", "portals,filled"],
    );
    let p = Picture::read(&out);
    // A centred mark of the first portal colour on both ends; the cell colour at the edge.
    for (r, c) in [(3, 1), (1, 5)] {
        assert_eq!(p.cell(8, r, c, 4, 4), rgb(PORTAL), "({r}, {c})");
        assert_eq!(p.cell(8, r, c, 0, 0), rgb(KEPT), "({r}, {c}): on the cycle");
    }
    assert_eq!(p.cell(8, 2, 5, 4, 4), rgb(KEPT));
    // At scale 1 the mark is the whole cell.
    let p = Picture::read(&render(
        dir.path(),
        &m,
        "q.png",
        &["--overlay", "portals", "--scale", "1"],
    ));
    assert_eq!(p.px(1, 3), rgb(PORTAL));
    assert_eq!(p.px(1, 2), rgb(OPEN));
}

#[test]
fn attractor_shades_and_matches_the_attractor_command() {
    let dir = tempfile::tempdir().unwrap();
    // A braid: the loop through row 1 is longer than the corridor down column 1.
    let braid = "#.#######\n#.....#.#\n#.###.#.#\n#.....#.#\n#.#####.#\n#.......#\n#######.#\n";
    let m = write(dir.path(), "b.txt", braid);
    let out = render(
        dir.path(),
        &m,
        "a.png",
        &["--scale", "16", "--overlay", "attractor"],
    );
    let p = Picture::read(&out);
    assert_eq!(p.bit_depth, png::BitDepth::Eight);
    let at = |r, c| p.cell(16, r, c, 8, 8);
    // The goal and the start are marked; the shades run from nearly the darkest next to the
    // goal to nearly the lightest next to the start.
    assert_eq!(at(6, 7), rgb(GOAL));
    assert_eq!(at(0, 1), rgb(START));
    let close = |c: [u8; 3], to: [u8; 3]| (0..3).all(|i| c[i].abs_diff(to[i]) < 30);
    assert!(close(at(5, 7), NEAR) && close(at(1, 1), FAR));
    assert_eq!(at(1, 3), rgb(OPEN), "off every shortest path");
    assert_eq!(at(2, 7), rgb(OPEN), "a dead end");
    assert_eq!(at(0, 0), rgb(WALL));
    // Shades darken monotonically along the solution towards the goal.
    let route = [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (5, 4), (5, 7)];
    let shade = |c: [u8; 3]| (SHADE..SHADE + SHADES).find(|&i| rgb(i) == c).unwrap();
    let shades: Vec<u8> = route.iter().map(|&(r, c)| shade(at(r, c))).collect();
    assert!(shades.windows(2).all(|w| w[0] > w[1]), "{shades:?}");
    // `attractor -o x.png` draws the same picture (the same scale, the same legend).
    let b = dir.path().join("b.png");
    let (code, _, err) = run(&["attractor", &m, "-o", b.to_str().unwrap(), "--scale", "16"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(fs::read(&out).unwrap(), fs::read(&b).unwrap());
    // With the solution overlay, the terminals keep their marks over the shades.
    let p = Picture::read(&render(
        dir.path(),
        &m,
        "c.png",
        &["--overlay", "solution,attractor", "--scale", "1"],
    ));
    assert_eq!(p.px(1, 0), rgb(START));
    assert_eq!(p.px(7, 6), rgb(GOAL));
    assert_ne!(p.px(1, 5), rgb(PATH));
}

#[test]
fn svg_has_a_rectangle_per_run() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.txt", MAZE);
    let out = render(dir.path(), &m, "a.svg", &["--scale", "10"]);
    let svg = fs::read_to_string(out).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains(r#"width="70" height="50""#));
    // Background, the slice's wall rectangle, then the path runs: 1 + 2 + 2 + 2 + 1.
    assert_eq!(svg.matches("<rect").count(), 2 + 8);
    let white = format!("#{:02x}{:02x}{:02x}", 255, 255, 255);
    assert!(svg.contains(&format!(
        r#"<rect x="10" y="10" width="30" height="10" fill="{white}"/>"#
    )));
    // With the solution: the path splits runs; still one element per run.
    let out = render(
        dir.path(),
        &m,
        "b.svg",
        &["--scale", "10", "--overlay", "solution", "--no-legend"],
    );
    let svg = fs::read_to_string(out).unwrap();
    let [r, g, b] = rgb(PATH);
    assert_eq!(svg.matches(&format!("#{r:02x}{g:02x}{b:02x}")).count(), 3);
    // The legend: a swatch and a text per colour shown, under the maze.
    let out = render(
        dir.path(),
        &m,
        "c.svg",
        &["--scale", "10", "--overlay", "solution"],
    );
    let svg = fs::read_to_string(out).unwrap();
    assert_eq!(svg.matches(&format!("#{r:02x}{g:02x}{b:02x}")).count(), 4);
    for text in [">start</text>", ">goal</text>", ">solution</text>"] {
        assert!(svg.contains(text), "{text}");
    }
}

#[test]
fn three_d_mazes_are_labelled_slices() {
    let dir = tempfile::tempdir().unwrap();
    // 2 slices of 3×3; path at (0,1,1) and (1,0,0)…(1,0,2).
    let m = write(
        dir.path(),
        "c.json",
        "{\"shape\": [2, 3, 3], \"cells\": \"####.####...######\"}",
    );
    let m_bad = write(
        dir.path(),
        "bad.json",
        "{\"shape\": [2, 3, 3], \"cells\": \"####.#####...######\"}",
    );
    let p = Picture::read(&render(dir.path(), &m, "c.png", &["--scale", "2"]));
    // Two slices of 6 pixels and a 3-pixel gap; a 7-pixel label strip above.
    assert_eq!((p.width, p.height), (15, 13));
    assert_eq!(p.px(2, 7 + 2), rgb(OPEN)); // (0,1,1)
    assert_eq!(p.px(9, 7), rgb(OPEN)); // (1,0,0)
    assert_eq!(p.px(13, 8), rgb(OPEN)); // (1,0,2)
    assert_eq!(p.px(9, 9), rgb(WALL)); // (1,1,0)
    assert_eq!(p.px(7, 9), rgb(mazegraph::render::BACKGROUND)); // the gap
                                                                // The label strip holds text ("d0=0", "d0=1") in the wall colour.
    let label_dark = (0..p.width).any(|x| (0..7).any(|y| p.px(x, y) == rgb(WALL)));
    assert!(label_dark);
    // SVG: two wall rectangles and two labels.
    let out = render(dir.path(), &m, "c.svg", &["--scale", "2"]);
    let svg = fs::read_to_string(out).unwrap();
    assert_eq!(svg.matches("<text").count(), 2);
    assert!(svg.contains(">d0=1</text>"));
    // A bad input is one line naming the file.
    let (code, _, err) = run(&["render", &m_bad, "--to", "png"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("mazegraph: error: ") && err.contains("bad.json"),
        "{err}"
    );
}

#[test]
fn bad_overlays_formats_and_limits_are_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.txt", MAZE);
    let closed = write(dir.path(), "closed.txt", "###\n#.#\n###\n");
    let gif = dir.path().join("m.gif");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["render", &m, "--to", "png", "--overlay", "heat"],
            "unknown overlay \"heat\"",
        ),
        (
            vec!["render", &m, "--to", "png", "--overlay", "solution,nope"],
            "known: solution, filled, portals, attractor",
        ),
        (vec!["render", &m, "-o", gif.to_str().unwrap()], "--to"),
        (vec!["render", &m], "--to png|svg"),
        (
            vec!["render", &m, "--to", "svg", "--max-cells", "10"],
            "limit of 10",
        ),
        (
            vec!["render", &closed, "--to", "png", "--overlay", "attractor"],
            "closed.txt",
        ),
        (
            vec!["render", &closed, "--to", "svg", "--overlay", "solution"],
            "closed.txt",
        ),
    ];
    for (args, needle) in cases {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("mazegraph: error: "), "{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    assert!(!gif.exists());
}

#[test]
fn too_large_pictures_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    // 40 000 columns at scale 65 535: more than 2³¹ pixels across.
    let wide = format!("{}\n", ".".repeat(40_000));
    let m = write(dir.path(), "wide.txt", &wide);
    let out = dir.path().join("w.png");
    let (code, _, err) = run(&[
        "render",
        &m,
        "-o",
        out.to_str().unwrap(),
        "--scale",
        "65535",
    ]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("too large"), "{err}");
    assert!(!out.exists());
}

/// Progress bars are drawn only on a terminal: piped runs of the commands that have them
/// write nothing to standard error.
#[test]
fn progress_is_silent_when_piped() {
    let dir = tempfile::tempdir().unwrap();
    let d = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let runs: Vec<Vec<String>> = vec![
        vec![
            "generate",
            "--huge",
            "--size",
            "300x300",
            "--block",
            "64",
            "--seed",
            "1",
            "-o",
            &d("h.png"),
        ]
        .into_iter()
        .map(String::from)
        .collect(),
        vec![
            "generate",
            "--size",
            "50x50",
            "--seed",
            "2",
            "-o",
            &d("g.png"),
        ]
        .into_iter()
        .map(String::from)
        .collect(),
        vec![
            "render",
            &d("h.png"),
            "-o",
            &d("r.png"),
            "--scale",
            "4",
            "--overlay",
            "solution",
            "--no-legend",
        ]
        .into_iter()
        .map(String::from)
        .collect(),
        vec!["solve", &d("h.png"), &d("g.png")]
            .into_iter()
            .map(String::from)
            .collect(),
        vec!["solve", &d("g.png"), "-o", &d("s.png")]
            .into_iter()
            .map(String::from)
            .collect(),
    ];
    for args in runs {
        let out = mg().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        if args[1] == "--huge" {
            // Gigabytes are never written without a word: one note line, no bar.
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            assert!(err.starts_with("mazegraph: note: 300×300 rooms"), "{err}");
        } else {
            assert_eq!(err, "", "{args:?}");
        }
    }
    let p = Picture::read(&dir.path().join("r.png"));
    assert_eq!((p.width, p.height), (601 * 4, 601 * 4));
}

#[test]
fn a_closed_maze_is_drawn_solved_from_the_terminals_given() {
    let dir = tempfile::tempdir().unwrap();
    let maze = write(dir.path(), "closed.txt", "#####\n#...#\n#.#.#\n#####\n");
    let out = dir.path().join("r.png");
    let (code, _, err) = run(&["render", &maze, "-o", s(&out), "--overlay", "solution"]);
    assert_eq!(code, 2);
    assert!(err.contains("--start and --goal"), "{err}");
    let (code, _, err) = run(&[
        "render",
        &maze,
        "-o",
        s(&out),
        "--overlay",
        "solution",
        "--scale",
        "4",
        "--start",
        "2,1",
        "--goal",
        "2,3",
    ]);
    assert_eq!(code, 0, "{err}");
    let pic = Picture::read(&out);
    assert_eq!(pic.cell(4, 2, 1, 2, 2), rgb(START));
    assert_eq!(pic.cell(4, 2, 3, 2, 2), rgb(GOAL));
}
