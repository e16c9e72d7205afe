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

/// A 4×4 grey PNG mask shaped like an L: its top row and left column are light.
fn l_mask(dir: &std::path::Path) -> std::path::PathBuf {
    let mask = dir.join("mask.png");
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
    mask
}

#[test]
fn a_png_mask_gives_the_rooms() {
    let dir = tempfile::tempdir().unwrap();
    let mask = l_mask(dir.path());
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
    // Streamed, never held: --max-cells does not bound it (8141 cells over a limit of 1000)…
    mg().args([
        "generate",
        "--huge",
        "--size",
        "40x50",
        "--block",
        "8",
        "--max-cells",
        "1000",
        "-o",
    ])
    .arg(&out)
    .assert()
    .success();
    // …the memory of one band of blocks does: a block as big as a 50000² maze is refused.
    let e = error(&[
        "generate",
        "--huge",
        "--size",
        "50000x50000",
        "--block",
        "50000",
        "--max-memory",
        "64M",
        "-o",
        "x.png",
        "-q",
    ]);
    assert!(e.contains("--max-memory"), "{e}");
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

/// An S through 5×4 rooms, as a designer would write it.
const S_PATH: &str = "# an S, from the entrance (top left) to the exit (bottom right)
0,0
0,1
0,2
0,3
1,3
2,3
2,2
2,1
2,0
3,0

(4, 0)   # the seed's tuples are read too
4,1
4,2
4,3
";

#[test]
fn a_given_solution_is_the_maze_s_only_solution() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "s.txt", S_PATH);
    for a in ["backtracker", "wilson", "hunt-and-kill", "growing-tree"] {
        // Without --size: the smallest box holding the path, 5×4 rooms.
        let maze = stdout(&[
            "generate",
            "-a",
            a,
            "--solution",
            s(&path),
            "--seed",
            "3",
            "--to",
            "txt",
        ]);
        let rows: Vec<&str> = maze.lines().collect();
        assert_eq!((rows.len(), rows[0].len()), (11, 9), "{a}: {maze}");
        // The openings: above room (0, 0), below room (4, 3).
        assert_eq!((rows[0], rows[10]), ("#.#######", "#######.#"), "{a}");
        // Solved by dead-end filling, the solution is the S: 14 rooms, 13 walls, 2 openings.
        let mz = write(dir.path(), "m.txt", &maze);
        let solved = stdout(&["solve", s(&mz), "--to", "txt"]);
        // The start and goal show as S and G, the cells between as o.
        let marked: usize = solved.matches(['o', 'S', 'G']).count();
        assert_eq!(marked, 29, "{a}: {solved}");
        for (r, c) in [(1, 1), (1, 7), (5, 7), (5, 1), (9, 1), (9, 7)] {
            assert_eq!(
                solved.lines().nth(r).unwrap().as_bytes()[c],
                b'o',
                "{a}: {solved}"
            );
        }
    }
    // Same seed, same maze; a larger box: the exit room is inside, an explicit goal.
    let args = [
        "generate",
        "--solution",
        s(&path),
        "--size",
        "6x7",
        "--seed",
        "9",
        "--to",
        "txt",
    ];
    let a = stdout(&args);
    assert_eq!(a, stdout(&args));
    assert_eq!(a.matches('G').count(), 1, "{a}");
    assert_eq!(a.lines().nth(9).unwrap().as_bytes()[7], b'G', "{a}");
    // A picture keeps no explicit terminals: said in a note.
    let png = dir.path().join("inner.png");
    let out = mg()
        .args([
            "generate",
            "--solution",
            s(&path),
            "--size",
            "6x7",
            "--seed",
            "9",
            "-o",
        ])
        .arg(&png)
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("png keeps no explicit start and goal"),
        "{err}"
    );
}

#[test]
fn bad_solutions_are_refused_at_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let run = |name: &str, text: &str, extra: &[&str]| {
        let p = write(dir.path(), name, text);
        let mut args = vec!["generate", "--solution", s(&p), "--to", "txt", "-q"];
        args.extend_from_slice(extra);
        let e = error(&args);
        e.replace(&format!("{}", dir.path().display()), "DIR")
    };
    assert_eq!(
        run("gap.txt", "0,0\n# a comment\n0,1\n\n1,2\n", &[]),
        "mazegraph: error: DIR/gap.txt:5: room 3 of the path, (1, 2), is not beside room 2, (0, 1): consecutive rooms differ by 1 along one axis\n"
    );
    assert_eq!(
        run("loop.txt", "0,0\n0,1\n1,1\n1,0\n0,0\n", &[]),
        "mazegraph: error: DIR/loop.txt:5: room 5 of the path, (0, 0), is room 1 again: a solution goes through each room once\n"
    );
    assert_eq!(
        run("out.txt", "0,0\n0,1\n0,2\n", &["--size", "2x2"]),
        "mazegraph: error: DIR/out.txt:3: room 3 of the path, (0, 2), is outside the maze's 2×2 rooms\n"
    );
    let e = run(
        "corner.txt",
        "0,0\n0,1\n",
        &["--size", "9x9", "--shape", "diamond"],
    );
    assert!(
        e.contains("corner.txt:1: room 1 of the path, (0, 0), is outside the shape"),
        "{e}"
    );
    let e = run("axes.txt", "0,0\n0,1,0\n", &[]);
    assert!(
        e.contains(
            "axes.txt:2: room 2 of the path, (0, 1, 0), has 3 coordinates, but the maze has 2 axes"
        ),
        "{e}"
    );
    let e = run("word.txt", "0,0\nnorth\n", &[]);
    assert!(e.contains("word.txt:2: expected a room like 3,4"), "{e}");
    let e = run("one.txt", "# only\n3,3\n", &[]);
    assert!(
        e.contains("one.txt: a solution path needs at least 2 rooms"),
        "{e}"
    );
    let e = run("none.txt", "# nothing\n", &[]);
    assert!(e.contains("none.txt: no room"), "{e}");
    let e = run("ok.txt", S_PATH, &["-a", "eller"]);
    assert!(
        e.contains("eller cannot grow a maze around a given solution; these can: backtracker"),
        "{e}"
    );
    let e = run("ok.txt", S_PATH, &["--loops", "3"]);
    assert!(e.contains("perfect"), "{e}");
    let e = error(&[
        "generate",
        "--solution",
        "no-such-file.txt",
        "--to",
        "txt",
        "-q",
    ]);
    assert!(e.contains("no-such-file.txt"), "{e}");
    // A long list is checked against the memory budget before it is parsed.
    let long: String = (0..2000).map(|c| format!("0,{c}\n")).collect();
    let e = run("long.txt", &long, &["--max-memory", "64K"]);
    assert!(
        e.contains("a solution of 2000 lines needs about") && e.contains("--max-memory"),
        "{e}"
    );
}

#[test]
fn spiral_mazes() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("spiral.png");
    mg().args([
        "generate", "--size", "41x41", "--shape", "spiral", "--seed", "1", "-o",
    ])
    .arg(&png)
    .assert()
    .success();
    // One perfect maze over the band: stats say so.
    let stats = stdout(&["stats", s(&png), "--json"]);
    assert!(stats.contains("\"class\": \"perfect\""), "{stats}");
    assert!(stats.contains("\"components\": 1,"), "{stats}");
    let txt = stdout(&[
        "generate", "-a", "kruskal", "--size", "30x30", "--shape", "spiral", "--turns", "2",
        "--seed", "4", "--to", "txt",
    ]);
    // The middle row crosses the band about twice per turn on each side of the centre.
    let rows: Vec<&str> = txt.lines().collect();
    let middle = rows[rows.len() / 2];
    let runs = middle
        .as_bytes()
        .windows(2)
        .filter(|w| w[0] == b'#' && w[1] != b'#')
        .count();
    assert!(runs >= 4, "{txt}");
    // The double spiral: in along one arm to the centre, out along the other, so the solution
    // is far longer than half the outer turn.
    let dbl = dir.path().join("double.png");
    mg().args([
        "generate",
        "--size",
        "45x45",
        "--shape",
        "double-spiral",
        "--seed",
        "7",
        "-o",
    ])
    .arg(&dbl)
    .assert()
    .success();
    let stats = stdout(&["stats", s(&dbl), "--json"]);
    let length: usize = stats
        .split("\"solution_length\": ")
        .nth(1)
        .and_then(|t| t.split(',').next())
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or_else(|| panic!("{stats}"));
    assert!(length > 600, "{length}");
    let e = error(&[
        "generate", "--size", "9x9", "--turns", "3", "--to", "txt", "-q",
    ]);
    assert!(
        e.contains("--turns applies to --shape spiral or double-spiral only"),
        "{e}"
    );
    let e = error(&[
        "generate", "--size", "9x9x9", "--shape", "spiral", "--to", "json", "-q",
    ]);
    assert!(e.contains("polar shapes are 2-D"), "{e}");
    let e = error(&[
        "generate", "--size", "9x9", "--shape", "spiral", "--turns", "0", "--to", "txt", "-q",
    ]);
    assert!(e.contains("more than 0 and at most 4 turns, not 0"), "{e}");
    // An absurd number of turns is said briefly, with the bound that applies.
    let e = error(&[
        "generate", "--size", "40x40", "--shape", "spiral", "--turns", "1e300", "--to", "txt", "-q",
    ]);
    assert!(e.contains("at most 20 turns, not 1e300"), "{e}");
}

#[test]
fn shapes_and_transforms_are_refused_by_size_before_they_are_made() {
    // 60000² rooms pass the cell limit as rooms, but their lattice has 14.4 billion cells: the
    // same refusal as the plain box, at once (no mask of 3.6 billion rooms is made first).
    let plain = error(&["generate", "--size", "60000x60000", "--to", "txt", "-q"]);
    assert!(plain.contains("14400240001 cells"), "{plain}");
    for extra in [
        &["--shape", "ellipse"][..],
        &["--shape", "double-spiral"],
        &["--transform", "rotate:30"],
    ] {
        let mut args = vec!["generate", "--size", "60000x60000", "--to", "txt", "-q"];
        args.extend_from_slice(extra);
        let e = error(&args);
        assert!(e.contains("14400240001 cells"), "{extra:?}: {e}");
    }
    // A transform's image is sized from the matrix before the first mask is made.
    let e = error(&[
        "generate",
        "--size",
        "20000x20000",
        "--transform",
        "scale:2",
        "--to",
        "txt",
        "-q",
    ]);
    assert!(e.contains("6400160001 cells"), "{e}");
    // And the memory budget: a shape's sets and lattice, counted from its size.
    let e = error(&[
        "generate",
        "--size",
        "20000x20000",
        "--shape",
        "diamond",
        "--max-memory",
        "64M",
        "--to",
        "txt",
        "-q",
    ]);
    assert!(e.contains("a shape of 400000000 rooms"), "{e}");
}

#[test]
fn a_polar_mask_wraps_round_the_centre() {
    let dir = tempfile::tempdir().unwrap();
    let mask = dir.path().join("rings.png");
    // Four rows of radii: dark, light, dark, light: two rings.
    let data: Vec<u8> = [0u8, 255, 0, 255]
        .iter()
        .flat_map(|&v| std::iter::repeat_n(v, 16))
        .collect();
    let mut bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut bytes, 16, 4);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::Eight);
        enc.write_header().unwrap().write_image_data(&data).unwrap();
    }
    fs::write(&mask, bytes).unwrap();
    let txt = stdout(&[
        "generate",
        "--mask",
        s(&mask),
        "--polar",
        "--size",
        "24x24",
        "--seed",
        "2",
        "--to",
        "txt",
    ]);
    // Two rings are not connected: the outer, larger one is kept, and the centre is wall.
    let rows: Vec<&str> = txt.lines().collect();
    assert_eq!(rows.len(), 49, "{txt}");
    assert!(
        rows[24].as_bytes()[20..29].iter().all(|&b| b == b'#'),
        "{txt}"
    );
    let e = error(&["generate", "--size", "9x9", "--polar", "--to", "txt", "-q"]);
    assert!(e.contains("--mask"), "{e}");
}

#[test]
fn a_given_solution_in_a_mask_picture_keeps_the_picture_s_size() {
    let dir = tempfile::tempdir().unwrap();
    let mask = l_mask(dir.path());
    // A path of 1×3 rooms does not shrink the picture's 4×4 rooms.
    let path = write(dir.path(), "top.txt", "0,0\n0,1\n0,2\n");
    let txt = stdout(&[
        "generate",
        "--mask",
        s(&mask),
        "--solution",
        s(&path),
        "--seed",
        "1",
        "--to",
        "txt",
    ]);
    assert_eq!(
        txt,
        "#.###.###\n#.......#\n#.#######\n#.#######\n#.#######\n#.#######\n#.#######\n#.#######\n#########\n"
    );
}

#[test]
fn a_solution_drawn_in_a_text_maze_is_followed() {
    // Solve one maze, then build another around its solution: the same path, new walls.
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("k.txt");
    mg().args([
        "generate", "-a", "kruskal", "--size", "6x9", "--seed", "4", "-q", "-o",
    ])
    .arg(&first)
    .assert()
    .success();
    let drawn = stdout(&["solve", s(&first), "--to", "txt"]);
    let drawn_file = write(dir.path(), "drawn.txt", &drawn);
    let second = stdout(&[
        "generate",
        "-a",
        "backtracker",
        "--solution",
        s(&drawn_file),
        "--seed",
        "1",
        "--to",
        "txt",
    ]);
    assert_ne!(second, fs::read_to_string(&first).unwrap());
    let second_file = write(dir.path(), "b.txt", &second);
    let resolved = stdout(&["solve", s(&second_file), "--to", "txt"]);
    let on_path = |t: &str| -> Vec<bool> { t.chars().map(|ch| "oSG".contains(ch)).collect() };
    assert_eq!(on_path(&drawn), on_path(&resolved), "{drawn}\n{resolved}");
    // A drawing that forks is refused at its line.
    let fork = write(dir.path(), "fork.txt", "#S###\n#ooo#\n#o#o#\n#G###\n");
    let e = error(&["generate", "--solution", s(&fork), "--to", "txt", "-q"]);
    assert!(
        e.contains("fork.txt:2: the drawn path forks at column 2"),
        "{e}"
    );
}

#[test]
fn a_refused_generation_says_no_seed() {
    // The seed note belongs to a maze that was made: a refusal is one line.
    let out = mg()
        .args(["generate", "-a", "eller", "--size", "5x5x5", "--to", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("seed"), "{err}");
}
