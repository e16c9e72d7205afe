//! `mazegraph render -o m.stl | m.obj`: 3-D prints of mazes, checked for their structure here
//! and, when a Python with trimesh is found (.ci/venv, as tests/foreign_graphs.rs finds
//! networkx), loaded by a mesh library: closed, consistently wound, of the volume its columns
//! add up to.

mod common;
use common::{error, mg, python_with, s};
use std::path::Path;

fn ok(args: &[&str]) {
    let out = mg().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A seeded maze written to `dir/name`.
fn maze(dir: &Path, name: &str, size: &str, seed: &str) -> String {
    let p = dir.join(name);
    ok(&["generate", "-s", size, "--seed", seed, "-o", s(&p), "-q"]);
    p.to_str().unwrap().to_string()
}

/// The volume in mm³ of a 2-D text maze printed at `(cell, wall, height, base)`: each cell's
/// column, its side by its parity; path cells marked `o`, `S` or `G` (a solved maze) engraved
/// half way into the plate.
fn volume(text: &str, (cell, wall, height, base): (f64, f64, f64, f64)) -> f64 {
    let side = |i: usize| if i.is_multiple_of(2) { wall } else { cell };
    let mut v = 0.0;
    for (r, row) in text.lines().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let z = match ch {
                '#' => base + height,
                'o' | 'S' | 'G' => base / 2.0,
                _ => base,
            };
            v += side(r) * side(c) * z;
        }
    }
    v
}

/// The triangle count an STL declares, checked against its size and header.
fn stl_triangles(bytes: &[u8]) -> u64 {
    assert!(
        !bytes.starts_with(b"solid"),
        "a binary STL must not look like ASCII STL"
    );
    let n = u32::from_le_bytes(bytes[80..84].try_into().unwrap()) as u64;
    assert_eq!(bytes.len() as u64, 84 + 50 * n);
    n
}

#[test]
fn an_stl_and_an_obj_hold_the_same_triangles() {
    let dir = tempfile::tempdir().unwrap();
    let m = maze(dir.path(), "m.txt", "12x9", "5");
    let stl = dir.path().join("m.stl");
    let obj = dir.path().join("m.obj");
    ok(&["render", &m, "-o", s(&stl)]);
    ok(&["render", &m, "-o", s(&obj)]);
    let n = stl_triangles(&std::fs::read(&stl).unwrap());
    let text = std::fs::read_to_string(&obj).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.starts_with("f ")).count() as u64,
        n
    );
    // Far fewer than a box per cell (12 triangles a cell).
    assert!(n < 25 * 19 * 4, "{n}");
    // --to stl on standard output: the same bytes.
    let out = mg().args(["render", &m, "--to", "stl"]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, std::fs::read(&stl).unwrap());
}

#[test]
fn sizes_are_millimetres() {
    let dir = tempfile::tempdir().unwrap();
    let m = maze(dir.path(), "m.txt", "3x4", "2");
    let obj = dir.path().join("m.obj");
    ok(&[
        "render",
        &m,
        "-o",
        s(&obj),
        "--cell-mm",
        "5",
        "--wall-mm",
        "2",
        "--height-mm",
        "7",
        "--base-mm",
        "3",
    ]);
    let text = std::fs::read_to_string(&obj).unwrap();
    let mut hi = [f64::MIN; 3];
    for l in text.lines().filter(|l| l.starts_with("v ")) {
        for (k, x) in l[2..].split(' ').enumerate() {
            hi[k] = hi[k].max(x.parse().unwrap());
        }
    }
    // 4 passages and 5 walls across, 3 and 4 down, 3 + 7 high.
    assert_eq!(hi, [4.0 * 5.0 + 5.0 * 2.0, 3.0 * 5.0 + 4.0 * 2.0, 10.0]);
}

#[test]
fn trimesh_finds_the_prints_closed_and_of_their_volume() {
    let Some(python) = python_with("trimesh") else {
        println!("note: no Python with trimesh (MAZEGRAPH_PYTHON or .ci/venv); skipping");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let m = maze(dir.path(), "m.txt", "14x11", "9");
    let plain = std::fs::read_to_string(&m).unwrap();
    let solved = common::stdout(&["solve", &m, "--to", "txt"]);
    let m3 = maze(dir.path(), "m3.json", "3x4x5", "4");
    let sizes = (5.0, 1.2, 6.0, 2.4);
    let flags = [
        "--cell-mm",
        "5",
        "--wall-mm",
        "1.2",
        "--height-mm",
        "6",
        "--base-mm",
        "2.4",
    ];
    let mut expected = Vec::new();
    let mut files = Vec::new();
    for (input, name, extra, v) in [
        (&m, "plain.stl", &[][..], Some(volume(&plain, sizes))),
        (&m, "plain.obj", &[][..], Some(volume(&plain, sizes))),
        (
            &m,
            "solved.stl",
            &["--overlay", "solution"][..],
            Some(volume(&solved, sizes)),
        ),
        (&m3, "levels.stl", &["--overlay", "solution"][..], None),
        (&m3, "levels.obj", &[][..], None),
    ] {
        let out = dir.path().join(name);
        let mut args = vec!["render", input.as_str(), "-o", s(&out)];
        args.extend(flags);
        args.extend(extra);
        ok(&args);
        files.push(out.to_str().unwrap().to_string());
        expected.push(v);
    }
    let reports = check_prints(&python, &files);
    for (r, v) in reports.iter().zip(&expected) {
        assert_eq!(r["watertight"], true, "{r}");
        assert_eq!(r["winding"], true, "{r}");
        let got = r["volume"].as_f64().unwrap();
        assert!(got > 0.0, "{r}");
        if let Some(v) = v {
            assert!((got - v).abs() < 1e-4 * v, "{r}: volume {got}, columns {v}");
        }
    }
    // Engraving removes material; three levels side by side: three plates and two gaps.
    assert!(reports[2]["volume"].as_f64() < reports[0]["volume"].as_f64());
    let width = 5.0 * 5.0 + 6.0 * 1.2;
    let x = reports[3]["bounds"][1][0].as_f64().unwrap();
    assert!((x - (3.0 * width + 2.0 * 10.0)).abs() < 1e-3, "{x}");
}

#[test]
fn bad_prints_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let m = maze(dir.path(), "m.txt", "6x6", "1");
    let out = dir.path().join("x.stl");
    let o = s(&out);
    let m4 = maze(dir.path(), "m4.json", "2x2x2x2", "1");
    let hex = dir.path().join("hex.json");
    ok(&[
        "generate",
        "--tiling",
        "sigma",
        "-s",
        "3x3",
        "--seed",
        "1",
        "-o",
        s(&hex),
        "-q",
    ]);
    let weave = dir.path().join("weave.json");
    ok(&[
        "generate",
        "--tiling",
        "weave",
        "-s",
        "4x4",
        "--seed",
        "1",
        "-o",
        s(&weave),
        "-q",
    ]);
    for (args, says) in [
        (vec!["render", &m4, "-o", o], "at most three axes"),
        (
            vec!["render", s(&weave), "-o", o],
            "a weave maze cannot be printed",
        ),
        (
            vec!["render", s(&hex), "-o", o, "--overlay", "portals"],
            "takes --overlay solution",
        ),
        (
            vec!["render", s(&hex), "-o", o, "--scale", "4"],
            "--scale sizes",
        ),
        (
            vec!["render", s(&hex), "-o", o, "--start", "9,9"],
            "no such room",
        ),
        (
            vec!["render", s(&hex), "-o", o, "--max-cells", "1000"],
            "pixels, more than the limit",
        ),
        (
            vec!["render", s(&hex), "-o", o, "--max-memory", "2K"],
            "rasterising a print",
        ),
        (
            vec!["render", s(&hex), "-o", o, "--max-memory", "10K"],
            "(a slicer loads it whole)",
        ),
        (
            vec!["render", &m, "-o", o, "--scale", "4"],
            "--scale sizes a picture",
        ),
        (
            vec!["render", &m, "-o", o, "--overlay", "filled"],
            "takes --overlay solution",
        ),
        (vec!["render", &m, "-o", o, "--cell-mm", "0"], "more than 0"),
        (
            vec!["render", &m, "-o", o, "--wall-mm", "-2"],
            "more than 0",
        ),
        (
            vec!["render", &m, "-o", o, "--height-mm", "inf"],
            "at most 10000",
        ),
        (
            vec!["render", &m, "-o", o, "--max-cells", "200"],
            "triangles",
        ),
        (
            vec![
                "render",
                &m,
                "-o",
                s(&dir.path().join("x.png")),
                "--cell-mm",
                "3",
            ],
            "sizes a 3-D print",
        ),
        (
            vec!["render", &m, "-o", s(&dir.path().join("x.gif"))],
            "png, svg, stl, obj",
        ),
    ] {
        let e = error(&args);
        assert!(e.contains(says), "{args:?}: {e}");
    }
    assert!(!out.exists());
    // convert points to render.
    let e = error(&["convert", &m, "-o", o]);
    assert!(e.contains("3-D prints come from 'mazegraph render'"), "{e}");
    // Two walls meeting at a corner only: no closed surface holds them.
    let diag = common::write(dir.path(), "diag.txt", "#.\n.#\n");
    let e = error(&["render", s(&diag), "-o", o]);
    assert!(e.contains("meet only at a corner"), "{e}");
}

#[test]
fn too_many_triangles_are_refused_before_anything_is_written() {
    // (10⁹ triangles, 47 GiB of STL, are over the default memory budget: budget.rs's test.)
    let dir = tempfile::tempdir().unwrap();
    let m = maze(dir.path(), "m.txt", "40x40", "3");
    let out = dir.path().join("big.stl");
    let e = error(&["render", &m, "-o", s(&out), "--max-cells", "10000"]);
    assert!(
        e.starts_with("mazegraph: error: the print would have ") && e.contains("KiB of STL"),
        "{e}"
    );
    // The STL as large as a slicer could load within --max-memory.
    let e = error(&["render", &m, "-o", s(&out), "--max-memory", "64K"]);
    assert!(
        e.contains("(a slicer loads it whole)") && e.contains("--max-memory"),
        "{e}"
    );
    assert!(!out.exists());
}

/// A tiled maze generated into `dir/NAME.json`.
fn tiled(dir: &Path, name: &str, size: &str, seed: &str) -> String {
    let p = dir.join(format!("{name}.json"));
    ok(&[
        "generate",
        "--tiling",
        name,
        "-s",
        size,
        "--seed",
        seed,
        "-o",
        s(&p),
        "-q",
    ]);
    p.to_str().unwrap().to_string()
}

/// The tilings printed, with a size each.
const TILINGS: [(&str, &str); 5] = [
    ("sigma", "5x7"),
    ("sigma-flat", "4x5"),
    ("delta", "5x8"),
    ("theta", "5"),
    ("upsilon", "4x5"),
];

/// Checks an OBJ's mesh on its own: every edge used once each way (closed, manifold,
/// consistently wound), no triangle with two corners alike; returns its vertices' box.
fn obj_is_closed(text: &str) -> [[f64; 3]; 2] {
    let vs: Vec<[f64; 3]> = text
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .map(|l| {
            let x: Vec<f64> = l.split(' ').map(|x| x.parse().unwrap()).collect();
            [x[0], x[1], x[2]]
        })
        .collect();
    let mut edges = std::collections::HashMap::new();
    for l in text.lines().filter_map(|l| l.strip_prefix("f ")) {
        let f: Vec<usize> = l.split(' ').map(|x| x.parse().unwrap()).collect();
        assert!(f[0] != f[1] && f[1] != f[2] && f[0] != f[2], "{l}");
        for i in 0..3 {
            *edges.entry((f[i], f[(i + 1) % 3])).or_insert(0) += 1;
        }
    }
    assert!(!edges.is_empty());
    for (&(a, b), &n) in &edges {
        assert_eq!(n, 1, "edge {a}-{b} used {n} times");
        assert_eq!(edges.get(&(b, a)), Some(&1), "edge {a}-{b} has no twin");
    }
    let mut bounds = [[f64::MAX; 3], [f64::MIN; 3]];
    for v in &vs {
        for k in 0..3 {
            bounds[0][k] = bounds[0][k].min(v[k]);
            bounds[1][k] = bounds[1][k].max(v[k]);
        }
    }
    bounds
}

/// The plate's expected size in millimetres: the tiling's box in room units and half a unit
/// of margin round it, a unit being `unit` mm.
fn plate(name: &str, size: &str, unit: f64) -> [f64; 2] {
    let size: Vec<usize> = size.split('x').map(|x| x.parse().unwrap()).collect();
    let t = mazegraph::tiling::Tiling::new(name, &size, &Default::default()).unwrap();
    let [lo, hi] = t.bounds();
    [(hi[0] - lo[0] + 1.0) * unit, (hi[1] - lo[1] + 1.0) * unit]
}

#[test]
fn tiled_mazes_print_closed_on_a_plate_of_their_size() {
    let dir = tempfile::tempdir().unwrap();
    for (name, size) in TILINGS {
        let m = tiled(dir.path(), name, size, "3");
        let stl = dir.path().join(format!("{name}.stl"));
        let obj = dir.path().join(format!("{name}.obj"));
        let flags = ["--cell-mm", "5", "--wall-mm", "2", "--height-mm", "7"];
        let mut args = vec!["render", m.as_str(), "-o", s(&stl), "--overlay", "solution"];
        args.extend(flags);
        ok(&args);
        args[3] = s(&obj);
        ok(&args);
        let n = stl_triangles(&std::fs::read(&stl).unwrap());
        let text = std::fs::read_to_string(&obj).unwrap();
        assert_eq!(
            text.lines().filter(|l| l.starts_with("f ")).count() as u64,
            n,
            "{name}"
        );
        let [lo, hi] = obj_is_closed(&text);
        // A room unit is 5 + 2 mm; the raster's pixel (0.5 mm) rounds the plate's sides.
        let [w, h] = plate(name, size, 7.0);
        assert_eq!(lo, [0.0; 3], "{name}");
        assert!((hi[0] - w).abs() <= 1.0, "{name}: {} wide, not {w}", hi[0]);
        assert!((hi[1] - h).abs() <= 1.0, "{name}: {} deep, not {h}", hi[1]);
        assert_eq!(hi[2], 2.0 + 7.0, "{name}");
    }
}

#[test]
fn trimesh_finds_the_tiled_prints_closed() {
    let Some(python) = python_with("trimesh") else {
        println!("note: no Python with trimesh (MAZEGRAPH_PYTHON or .ci/venv); skipping");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (name, size) in TILINGS {
        let m = tiled(dir.path(), name, size, "8");
        for (file, extra) in [
            (format!("{name}.stl"), None),
            (format!("{name}-solved.stl"), Some("solution")),
            (format!("{name}.obj"), None),
        ] {
            let out = dir.path().join(&file);
            let mut args = vec!["render", m.as_str(), "-o", s(&out), "--base-mm", "3"];
            if let Some(o) = extra {
                args.extend(["--overlay", o]);
            }
            ok(&args);
            files.push(out.to_str().unwrap().to_string());
        }
    }
    let reports = check_prints(&python, &files);
    for (k, (name, size)) in TILINGS.iter().enumerate() {
        let [plain, solved, obj] = [0, 1, 2].map(|i| &reports[3 * k + i]);
        let [w, h] = plate(name, size, 4.0 + 1.6);
        for r in [plain, solved, obj] {
            assert_eq!(r["watertight"], true, "{r}");
            assert_eq!(r["winding"], true, "{r}");
            // One body, no handles: a box's Euler number.
            assert_eq!(r["euler"], 2, "{r}");
            let b = &r["bounds"];
            let at = |i: usize, k: usize| b[i][k].as_f64().unwrap();
            assert_eq!([at(0, 0), at(0, 1), at(0, 2)], [0.0; 3], "{r}");
            assert!(
                (at(1, 0) - w).abs() <= 0.8 && (at(1, 1) - h).abs() <= 0.8,
                "{r}"
            );
            assert!((at(1, 2) - 7.0).abs() < 1e-6, "{r}");
            // More than the plate (walls stand on it), less than a solid block.
            let v = r["volume"].as_f64().unwrap();
            let area = at(1, 0) * at(1, 1);
            assert!(v > 3.0 * area * 0.99 && v < 7.0 * area, "{r}");
        }
        let v = |r: &serde_json::Value| r["volume"].as_f64().unwrap();
        assert!(v(solved) < v(plain), "{name}: the groove removes material");
        assert!((v(obj) - v(plain)).abs() < 1e-6 * v(plain), "{name}");
        assert!(v(plain) > 3.0 * w * h, "{name}");
    }
}

/// What tests/py/check_print.py (trimesh) reports of each print in `files`, one JSON object a
/// file, in order.
fn check_prints(python: &str, files: &[String]) -> Vec<serde_json::Value> {
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let text = common::run_check(python, "check_print.py", &args);
    let reports: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), files.len());
    reports
}
