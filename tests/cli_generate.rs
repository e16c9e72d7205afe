//! CLI tests of `mazegraph generate`: run the real binary.

use std::fs;

mod common;
use common::*;

#[test]
fn seeded_txt_on_stdout_is_reproducible() {
    let a = stdout(&["generate", "--size", "4x6", "--seed", "42", "--to", "txt"]);
    assert_eq!(
        a,
        "#.###########\n#.#.........#\n#.#.###.#####\n#.....#.....#\n#.#########.#\n\
         #.#.......#.#\n#.#.#####.#.#\n#.#.#.......#\n###########.#\n"
    );
    let b = stdout(&["generate", "--size", "4x6", "--seed", "42", "--to", "txt"]);
    assert_eq!(a, b);
    let c = stdout(&["generate", "--size", "4x6", "--seed", "43", "--to", "txt"]);
    assert_ne!(a, c);
}

#[test]
fn every_algorithm_writes_a_file_that_converts_back() {
    let dir = tempfile::tempdir().unwrap();
    for a in [
        "backtracker",
        "kruskal",
        "prim",
        "bfs",
        "wall-removal",
        "growth",
        "wilson",
        "aldous-broder",
        "eller",
        "hunt-and-kill",
        "growing-tree",
        "binary-tree",
        "sidewinder",
        "division",
    ] {
        let out = dir.path().join(format!("{a}.json"));
        mg().args(["generate", "-a", a, "--size", "5x7", "--seed", "1", "-o"])
            .arg(&out)
            .assert()
            .success();
        let json = fs::read_to_string(&out).unwrap();
        assert!(json.starts_with("{\"shape\": [11, 15]"), "{a}: {json}");
        // The file reads back and has its two openings.
        let txt = stdout(&["convert", out.to_str().unwrap(), "--to", "txt"]);
        assert_eq!(txt.lines().count(), 11, "{a}");
        assert_eq!(txt.lines().next().unwrap().matches('.').count(), 1, "{a}");
    }
}

#[test]
fn n_dimensional_shapes_loops_braid_and_pick() {
    let json = stdout(&[
        "generate", "-a", "wilson", "--size", "3x3x3x3", "--seed", "5", "--to", "json",
    ]);
    assert!(json.starts_with("{\"shape\": [7, 7, 7, 7]"));
    let diamond = stdout(&[
        "generate", "--size", "5x5", "--shape", "diamond", "--seed", "1", "--to", "txt",
    ]);
    // Rooms only inside the diamond: the corner rooms stay wall.
    let rows: Vec<&str> = diamond.lines().collect();
    assert_eq!(rows.len(), 11);
    assert_eq!(&rows[1][1..2], "#");
    assert_eq!(&rows[5][5..6], ".");
    stdout(&[
        "generate", "--size", "6x6", "--loops", "4", "--braid", "--seed", "2", "--to", "txt",
    ]);
    stdout(&[
        "generate",
        "-a",
        "growing-tree",
        "--pick",
        "mixed:0.3",
        "--size",
        "6x6",
        "--to",
        "txt",
        "--quiet",
    ]);
    let turned = stdout(&[
        "generate",
        "--size",
        "4x10",
        "--transform",
        "rotate:90",
        "--seed",
        "3",
        "--to",
        "txt",
    ]);
    // A quarter turn of 4×10 rooms is 10×4 rooms: 21 rows of 9 cells.
    assert_eq!(turned.lines().count(), 21);
    assert!(turned.lines().all(|l| l.len() == 9));
}

#[test]
fn a_png_mask_gives_the_rooms() {
    let dir = tempfile::tempdir().unwrap();
    let mask = dir.path().join("mask.png");
    // An L shape: the top row and the left column of a 4×4 image are light.
    let mut data = vec![0u8; 16];
    for i in 0..4 {
        data[i] = 255;
        data[i * 4] = 255;
    }
    let mut bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut bytes, 4, 4);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::Eight);
        enc.write_header().unwrap().write_image_data(&data).unwrap();
    }
    fs::write(&mask, bytes).unwrap();
    let txt = stdout(&[
        "generate",
        "--mask",
        mask.to_str().unwrap(),
        "--seed",
        "1",
        "--to",
        "txt",
    ]);
    // An L of rooms has exactly one perfect maze.
    assert_eq!(
        txt,
        "#.#######\n#.......#\n#.#######\n#.#######\n#.#######\n#.#######\n#.#######\n#.#######\n#.#######\n"
    );
}

#[test]
fn bad_input_gives_clear_errors() {
    let e = error(&["generate", "--size", "30x0", "--to", "txt"]);
    assert!(e.contains("axis 1 has 0 rooms"), "{e}");
    let e = error(&["generate", "--size", "30xab", "--to", "txt"]);
    assert!(e.contains("not a size like 30x40"), "{e}");
    let e = error(&["generate", "--size", "100000x100000", "--to", "txt"]);
    assert!(e.contains("--max-cells"), "{e}");
    let e = error(&[
        "generate",
        "-a",
        "labyrinth",
        "--size",
        "3x3",
        "--to",
        "txt",
    ]);
    assert!(e.contains("possible values") && e.contains("wilson"), "{e}");
    let e = error(&[
        "generate", "-a", "eller", "--size", "3x3x3", "--to", "json", "-q",
    ]);
    assert_eq!(e, "mazegraph: error: eller makes 2-D mazes only, not 3-D ones (kruskal, wilson or backtracker work in any dimension)\n");
    let e = error(&[
        "generate", "-a", "division", "--size", "9x9", "--shape", "ellipse", "--to", "txt", "-q",
    ]);
    assert!(e.contains("cannot follow a shape"), "{e}");
    let e = error(&[
        "generate",
        "--size",
        "9x9",
        "--transform",
        "scale:0",
        "--to",
        "txt",
        "-q",
    ]);
    assert!(e.contains("singular"), "{e}");
    let e = error(&[
        "generate", "--size", "3x3", "--loops", "100", "--to", "txt", "-q",
    ]);
    assert!(e.contains("only 4 walls"), "{e}");
    let e = error(&[
        "generate", "--size", "3x3", "--pick", "random", "--to", "txt", "-q",
    ]);
    assert!(e.contains("growing-tree only"), "{e}");
    let e = error(&["generate", "--to", "txt", "-q"]);
    assert!(e.contains("--size"), "{e}");
    let e = error(&["generate", "--size", "3x3", "-q"]);
    assert!(e.contains("--to"), "{e}");
    let e = error(&["generate", "--huge", "--size", "3x3x3", "-o", "x.png", "-q"]);
    assert!(e.contains("2-D"), "{e}");
    // A mask with no room at all.
    let dir = tempfile::tempdir().unwrap();
    let mask = dir.path().join("black.png");
    let mut bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut bytes, 2, 2);
        enc.set_color(png::ColorType::Grayscale);
        enc.write_header()
            .unwrap()
            .write_image_data(&[0; 4])
            .unwrap();
    }
    fs::write(&mask, bytes).unwrap();
    let e = error(&[
        "generate",
        "--mask",
        mask.to_str().unwrap(),
        "--to",
        "txt",
        "-q",
    ]);
    assert!(e.contains("no room"), "{e}");
    let junk = dir.path().join("junk.png");
    fs::write(&junk, "not a png").unwrap();
    let e = error(&[
        "generate",
        "--mask",
        junk.to_str().unwrap(),
        "--to",
        "txt",
        "-q",
    ]);
    assert!(e.contains("junk.png"), "{e}");
}

#[test]
fn seed_is_reported_unless_quiet() {
    let out = mg()
        .args(["generate", "--size", "3x3", "--to", "txt"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    let seed: u64 = err
        .split_whitespace()
        .nth(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no seed in {err:?}"));
    let again = stdout(&[
        "generate",
        "--size",
        "3x3",
        "--to",
        "txt",
        "--seed",
        &seed.to_string(),
    ]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), again);
    let quiet = mg()
        .args(["generate", "--size", "3x3", "--to", "txt", "-q"])
        .output()
        .unwrap();
    assert!(quiet.stderr.is_empty());
}

#[test]
fn huge_streams_a_one_bit_png() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("huge.png");
    mg().args([
        "generate", "--huge", "--size", "40x50", "--block", "8", "--seed", "3", "-o",
    ])
    .arg(&out)
    .assert()
    .success();
    let decoder = png::Decoder::new(std::io::BufReader::new(fs::File::open(&out).unwrap()));
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    assert_eq!((info.width, info.height), (101, 81));
    assert_eq!(info.bit_depth, png::BitDepth::One);
    let e = error(&["generate", "--huge", "--size", "40x50", "-o", "x.txt", "-q"]);
    assert!(e.contains("PNG"), "{e}");
    let e = error(&[
        "generate", "--huge", "--size", "40x50", "--loops", "2", "-o", "x.png", "-q",
    ]);
    assert!(e.contains("perfect"), "{e}");
}

#[test]
fn help_has_examples() {
    let help = stdout(&["generate", "--help"]);
    assert!(help.contains("Examples:"));
    assert!(help.contains("aldous-broder"));
}

#[test]
fn a_picture_of_a_maze_it_cannot_hold_is_refused_before_the_work() {
    // `generate --size 10 -o g.png` generated first and failed writing, "1 axes".
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("g.png");
    let out = mg()
        .args(["generate", "--size", "10", "-o"])
        .arg(&png)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "mazegraph: error: png holds 2-D mazes, and this one would have 1 axis; write json, or give --size ROWSxCOLS\n"
    );
    assert!(!png.exists());
    let out = mg()
        .args(["generate", "--size", "3x3x3", "--to", "txt"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("would have 3 axes"));
}
