//! CLI tests of `mazegraph draw` (pictures through Graphviz): run the real binary. Checks that
//! need Graphviz are skipped, with a note, when its `dot` program is not installed.

use mazegraph::draw::{graphviz_installed, GRAPHVIZ_MISSING};
use mazegraph::junction::junction_graph;
use mazegraph::Maze;
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

const MAZE: [&str; 7] = [
    "#.#######",
    "#...#...#",
    "#.#.#.#.#",
    "#.#...#.#",
    "#.#####.#",
    "#.......#",
    "#######.#",
];

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

fn maze_file(dir: &Path) -> String {
    write(dir, "m.txt", &(MAZE.join("\n") + "\n"))
}

/// The centre of the node titled `title` in Graphviz's SVG.
fn centre(svg: &str, title: &str) -> (f64, f64) {
    let at = svg.find(&format!("<title>{title}</title>")).unwrap();
    let rest = &svg[at..];
    let num = |key: &str| -> f64 {
        let i = rest.find(key).unwrap() + key.len();
        let end = rest[i..].find('"').unwrap();
        rest[i..i + end].parse().unwrap()
    };
    (num("cx=\""), num("cy=\""))
}

fn graphviz() -> bool {
    let ok = graphviz_installed();
    if !ok {
        println!("note: Graphviz is not installed; skipping the picture checks");
    }
    ok
}

#[test]
fn maze_to_svg_has_a_node_per_cell_and_junctions_fewer() {
    if !graphviz() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let m = maze_file(dir.path());
    let maze = Maze::from_text_rows(&MAZE).unwrap();
    let out = dir.path().join("g.svg");
    let (code, _, err) = run(&["draw", &m, "-o", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "", "nothing on stderr when not on a terminal");
    let svg = fs::read_to_string(&out).unwrap();
    assert_eq!(
        svg.matches("class=\"node\"").count(),
        maze.grid().count_paths()
    );
    let graph = mazegraph::Graph::from_maze(&maze);
    assert_eq!(svg.matches("class=\"edge\"").count(), graph.edge_count());
    // Kept positions (neato -n): 10 points a cell, so the start (0, 1) is drawn 60 points
    // left of and 60 points above the goal (6, 7).
    let (sx, sy) = centre(&svg, "0,1");
    let (gx, gy) = centre(&svg, "6,7");
    assert!(((gx - sx) - 60.0).abs() < 0.5, "{sx} {gx}");
    assert!(((gy - sy) - 60.0).abs() < 0.5, "{sy} {gy}");
    let j = dir.path().join("j.svg");
    let (code, _, err) = run(&["draw", &m, "-o", j.to_str().unwrap(), "--junctions"]);
    assert_eq!(code, 0, "{err}");
    let svg = fs::read_to_string(&j).unwrap();
    let expected = junction_graph(&maze).vertex_count();
    assert!(expected < maze.grid().count_paths());
    assert_eq!(svg.matches("class=\"node\"").count(), expected);
}

#[test]
fn png_decodes_and_pdf_is_a_pdf() {
    if !graphviz() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let m = maze_file(dir.path());
    let png_path = dir.path().join("g.png");
    let (code, _, err) = run(&["draw", &m, "-o", png_path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let decoder = png::Decoder::new(std::io::BufReader::new(fs::File::open(&png_path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert!(info.width > 10 && info.height > 10);
    // Some pixel is dark (a node or an edge) and some light (the background).
    let dark = buf.chunks(4).any(|p| p[0] < 60 && p[1] < 60 && p[2] < 60);
    let light = buf
        .chunks(4)
        .any(|p| p[0] > 200 && p[1] > 200 && p[2] > 200);
    assert!(dark && light);
    // --to overrides, standard output without -o.
    let (code, pdf, err) = run(&["draw", &m, "--to", "pdf"]);
    assert_eq!(code, 0, "{err}");
    assert!(pdf.starts_with(b"%PDF"));
}

#[test]
fn graphs_of_names_and_games_are_laid_out() {
    if !graphviz() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let g = write(
        dir.path(),
        "g.adj",
        "{'a': ['b', 'c'], 'b': ['a'], 'c': ['a']}\n",
    );
    for engine in ["auto", "dot", "neato", "sfdp", "fdp", "circo"] {
        let (code, svg, err) = run(&["draw", &g, "--to", "svg", "--engine", engine]);
        assert_eq!(code, 0, "{engine}: {err}");
        let svg = String::from_utf8(svg).unwrap();
        assert_eq!(svg.matches("class=\"node\"").count(), 3, "{engine}");
        assert!(svg.contains(">a</text>"), "{engine}");
    }
    let game = write(
        dir.path(),
        "g.pg",
        "parity 3;\n0 1 0 1,2 \"x\";\n1 2 1 0;\n2 0 0 2;\n",
    );
    let (code, svg, err) = run(&["draw", &game, "--to", "svg"]);
    assert_eq!(code, 0, "{err}");
    let svg = String::from_utf8(svg).unwrap();
    assert_eq!(svg.matches("class=\"node\"").count(), 3);
    assert_eq!(svg.matches("class=\"edge\"").count(), 4);
    assert!(svg.contains("<polygon"), "diamonds and boxes");
}

#[test]
fn missing_graphviz_is_one_line_naming_the_package() {
    let dir = tempfile::tempdir().unwrap();
    let m = maze_file(dir.path());
    let empty = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.svg");
    let res = mg()
        .env("PATH", empty.path())
        .args(["draw", &m, "-o", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(res.status.code(), Some(2));
    let err = String::from_utf8(res.stderr).unwrap();
    assert_eq!(err, format!("mazegraph: error: {GRAPHVIZ_MISSING}\n"));
    assert!(err.contains("apt-get install graphviz"));
    assert!(!out.exists(), "no output file");
    assert!(
        fs::read_dir(dir.path()).unwrap().count() == 1,
        "no temporary file left"
    );
}

#[test]
fn huge_graphs_are_refused_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    // 450 × 450 open cells: 202 500 vertices, over the limit of 200 000.
    let row = ".".repeat(450);
    let text = vec![row.as_str(); 450].join("\n") + "\n";
    let m = write(dir.path(), "open.txt", &text);
    let out = dir.path().join("g.svg");
    let (code, _, err) = run(&["draw", &m, "-o", out.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("202500 vertices"), "{err}");
    assert!(
        err.contains("mazegraph render") && err.contains("--junctions"),
        "{err}"
    );
    assert!(!out.exists());
}

#[test]
fn usage_errors_exit_2_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let m = maze_file(dir.path());
    let game = write(dir.path(), "g.pg", "parity 1;\n0 0 0 1;\n1 0 0 0;\n");
    let jpg = dir.path().join("g.jpg");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["draw", &m, "-o", jpg.to_str().unwrap()], "--to"),
        (vec!["draw", &m], "--to svg|png|pdf"),
        (
            vec!["draw", &game, "--to", "svg", "--junctions"],
            "not games",
        ),
        (
            vec!["draw", &m, "--to", "svg", "--engine", "twopi"],
            "twopi",
        ),
        (vec!["draw", &m, "--to", "gif"], "gif"),
    ];
    for (args, needle) in cases {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(
            err.starts_with("error:") || err.lines().count() == 1,
            "{err}"
        );
    }
    assert!(!jpg.exists());
}

#[test]
fn help_has_examples() {
    for cmd in ["draw", "render", "attractor"] {
        let out = mg().args([cmd, "--help"]).output().unwrap();
        assert!(out.status.success());
        assert!(
            String::from_utf8(out.stdout).unwrap().contains("Examples:"),
            "{cmd}"
        );
    }
}

#[test]
fn a_game_with_many_cycles_is_drawn_by_sfdp_not_left_to_dot() {
    if !graphviz_installed() {
        eprintln!("note: {GRAPHVIZ_MISSING}; skipped");
        return;
    }
    // 300 vertices with 3 successors each: dot's layout takes minutes on such a game.
    let n = 300u64;
    let mut pg = format!("parity {};\n", n - 1);
    let mut x = 12345u64;
    for v in 0..n {
        let mut succ = Vec::new();
        for _ in 0..3 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            succ.push(((x >> 33) % n).to_string());
        }
        pg += &format!("{v} {} {} {};\n", (x >> 20) % 50, v % 2, succ.join(","));
    }
    let dir = tempfile::tempdir().unwrap();
    let game = write(dir.path(), "g.pg", &pg);
    let out = dir.path().join("g.svg");
    mg().args(["draw", &game, "-o", s(&out)])
        .timeout(std::time::Duration::from_secs(120))
        .assert()
        .success();
    let svg = fs::read_to_string(&out).unwrap();
    assert_eq!(svg.matches("class=\"node\"").count(), n as usize);
    assert_eq!(listing(dir.path()), ["g.pg", "g.svg"]);
}
