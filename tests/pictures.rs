//! Maze pictures as people have them (lattice recovery, `mazegraph::picture`):
//! - the corpus in tests/pictures/, drawn by Pillow, matplotlib and ImageMagick in many styles
//!   (line and block walls, margins, colours, anti-aliasing, JPEG, BMP, GIF, solution marks),
//!   each recovered exactly against its ground truth (`NAME.txt`);
//! - bad pictures (noise, a photo of nothing, one colour, a circular maze, text, rectangles)
//!   refused with one error line, exit 2 and no output file;
//! - a property test: random mazes drawn at random pitches, wall widths, margins, colours and
//!   fractional resizes (by our own `render` for block mazes, and by a line drawer here) are
//!   recovered exactly;
//! - mazegraph's own solved picture reads back as the maze it solved.

mod common;
use common::{data, error, mg, s};
use mazegraph::format::{Format, ReadOptions};
use mazegraph::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};
use mazegraph::grid::Limits;
use mazegraph::picture::{self, Raster};
use mazegraph::render::{render, Overlay, PictureFormat, RenderOptions};
use mazegraph::Maze;
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pictures")
}

fn truth(txt: &Path) -> Maze {
    let text = std::fs::read_to_string(txt).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    Maze::from_text_rows(&rows).unwrap()
}

fn pictures(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension()
                .is_some_and(|e| ["png", "jpg", "bmp", "gif"].contains(&&*e.to_string_lossy()))
        })
        .collect();
    v.sort();
    v
}

#[test]
fn every_corpus_picture_is_recovered_exactly() {
    let pics = pictures(&corpus());
    assert!(pics.len() >= 25, "the corpus has {} pictures", pics.len());
    let mut failed = Vec::new();
    for p in &pics {
        let bytes = std::fs::read(p).unwrap();
        let want = truth(&p.with_extension("txt"));
        match picture::read(&bytes, &ReadOptions::default()) {
            Ok(got) if got.maze.grid() == want.grid() => {
                eprintln!("{}: {}", p.display(), got.describe())
            }
            Ok(got) => failed.push(format!("{}: wrong maze ({})", p.display(), got.describe())),
            Err(e) => failed.push(format!("{}: {e}", p.display())),
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn formats_come_from_the_extension_and_convert_exactly() {
    for name in [
        "im_line_jpeg_q75.jpg",
        "pil_thick_bmp.bmp",
        "im_block_gif.gif",
    ] {
        let p = corpus().join(name);
        let want = std::fs::read_to_string(p.with_extension("txt")).unwrap();
        mg().args(["convert", s(&p), "--to", "txt"])
            .assert()
            .success()
            .stdout(want);
    }
}

#[test]
fn the_detection_is_said_on_stderr_unless_quiet() {
    let p = corpus().join("im_block_point_x7.png");
    let out = mg()
        .args(["convert", s(&p), "--to", "txt"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("10×12 rooms, pitch 14 px, walls 7 px, margin 14 px"),
        "{err}"
    );
    let out = mg()
        .args(["convert", s(&p), "--to", "txt", "--quiet"])
        .output()
        .unwrap();
    assert!(out.stderr.is_empty());
    // One pixel per cell says nothing: it is what it always was.
    let out = mg()
        .args(["convert", &data("perfect15x20.png"), "--to", "txt"])
        .output()
        .unwrap();
    assert!(out.stderr.is_empty());
}

#[test]
fn bad_pictures_are_one_error_line_and_no_output() {
    let dir = tempfile::tempdir().unwrap();
    let bad = pictures(&corpus().join("bad"));
    assert!(bad.len() >= 5);
    for p in bad {
        let out_path = dir.path().join("out.dot");
        let out = mg()
            .args(["convert", s(&p), "-o", s(&out_path)])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", p.display());
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("mazegraph: error: "), "{err}");
        assert!(err.contains("--cells"), "{err}");
        assert!(!out_path.exists());
    }
}

#[test]
fn a_picture_of_two_halves_is_said_to_have_no_walls() {
    let dir = tempfile::tempdir().unwrap();
    for (name, vertical) in [("left_right.png", true), ("top_bottom.png", false)] {
        let (w, h) = (200u32, 160u32);
        let pixels: Vec<u8> = (0..h)
            .flat_map(|y| {
                (0..w).map(move |x| {
                    let light = if vertical { x < w / 2 } else { y < h / 2 };
                    if light {
                        255
                    } else {
                        0
                    }
                })
            })
            .collect();
        let path = dir.path().join(name);
        let mut enc = png::Encoder::new(std::fs::File::create(&path).unwrap(), w, h);
        enc.set_color(png::ColorType::Grayscale);
        enc.write_header()
            .unwrap()
            .write_image_data(&pixels)
            .unwrap();
        let err = error(&["convert", s(&path), "--to", "txt"]);
        assert!(
            err.contains("never changes colour: no walls to read"),
            "{name}: {err}"
        );
    }
}

#[test]
fn cells_can_be_forced() {
    let p = corpus().join("pil_line_open_rgb.png");
    let want = std::fs::read_to_string(p.with_extension("txt")).unwrap();
    mg().args(["convert", s(&p), "--to", "txt", "--cells", "16,2"])
        .assert()
        .success()
        .stdout(want.clone());
    mg().args(["convert", s(&p), "--to", "txt", "--cells", "16"])
        .assert()
        .success()
        .stdout(want);
    // One pixel per cell: the picture's pixels as they are.
    let out = mg()
        .args(["convert", s(&p), "--to", "txt", "--cells", "pixel"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let img = picture::decode::raster(
        &std::fs::read(&p).unwrap(),
        &Limits::default(),
        Default::default(),
    )
    .unwrap();
    assert_eq!(text.lines().count(), img.height);
    mg().args(["convert", s(&p), "--to", "txt", "--cells", "x"])
        .assert()
        .code(2);
}

#[test]
fn our_own_solved_picture_reads_back_as_the_maze() {
    let dir = tempfile::tempdir().unwrap();
    let solved = dir.path().join("solved.png");
    // With its legend strip, which the reader leaves out (the PNG says how many rows it has).
    mg().args(["solve", &data("perfect15x20.png"), "-o", s(&solved)])
        .assert()
        .success();
    mg().args(["equal", &data("perfect15x20.png"), s(&solved)])
        .assert()
        .success();
    // And scaled up by render, with the solution drawn.
    let big = dir.path().join("big.png");
    mg().args([
        "render",
        &data("perfect15x20.png"),
        "-o",
        s(&big),
        "--scale",
        "9",
        "--overlay",
        "filled,solution",
    ])
    .assert()
    .success();
    mg().args(["equal", &data("perfect15x20.png"), s(&big)])
        .assert()
        .success();
    // One pixel a cell with a legend under it (the pixel reader leaves it out too), and the
    // attractor's picture.
    let small = dir.path().join("small.png");
    let shaded = dir.path().join("shaded.png");
    for (out, args) in [
        (
            &small,
            &["render", "--scale", "1", "--overlay", "solution"][..],
        ),
        (&shaded, &["attractor"][..]),
    ] {
        mg().args(args)
            .arg(data("perfect15x20.png"))
            .arg("-o")
            .arg(out)
            .assert()
            .success();
        mg().args(["equal", &data("perfect15x20.png"), s(out)])
            .assert()
            .success();
    }
}

#[test]
fn solutions_along_the_sides_read_back_as_the_maze() {
    // Solutions that run along the maze's last column or cover most of a thin maze: these
    // pictures were read with a room column missing, exit 0.
    let dir = tempfile::tempdir().unwrap();
    for (algorithm, size, seed, steps) in [
        ("backtracker", "12x16", "7", None),
        ("backtracker", "12x16", "9", None),
        ("kruskal", "3x40", "2", Some("path of 120 steps")),
        ("eller", "40x40", "8", None),
        // One corridor, its solution more of the picture than its white: no two main colours.
        ("backtracker", "10x1", "1", None),
        ("backtracker", "1x10", "1", None),
    ] {
        let maze = dir.path().join("m.png");
        let solved = dir.path().join("s.png");
        mg().args([
            "generate", "-a", algorithm, "--size", size, "--seed", seed, "-o",
        ])
        .arg(&maze)
        .assert()
        .success();
        mg().arg("solve")
            .arg(&maze)
            .arg("-o")
            .arg(&solved)
            .assert()
            .success();
        mg().arg("equal").arg(&maze).arg(&solved).assert().success();
        if let Some(steps) = steps {
            let out = mg().arg("solve").arg(&solved).output().unwrap();
            let said = String::from_utf8_lossy(&out.stdout).to_string()
                + &String::from_utf8_lossy(&out.stderr);
            assert!(said.contains(steps), "{said}");
        }
        // Without the chunk that declares its cells, the picture is found as any other: the
        // same maze, or refused, never another one.
        let bytes = std::fs::read(&solved).unwrap();
        let bare = dir.path().join("bare.png");
        std::fs::write(&bare, without_chunk(&bytes, "mazegraph cell pixels")).unwrap();
        let out = mg().arg("equal").arg(&maze).arg(&bare).output().unwrap();
        assert_ne!(
            out.status.code(),
            Some(1),
            "{algorithm} {size} {seed}: read as another maze"
        );
    }
}

/// The PNG `bytes` without the text chunk `keyword` (the other chunks and their CRCs as they
/// are).
fn without_chunk(bytes: &[u8], keyword: &str) -> Vec<u8> {
    let mut out = bytes[..8].to_vec();
    let mut at = 8;
    while at + 12 <= bytes.len() {
        let len = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let chunk = &bytes[at..at + 12 + len];
        let data = &chunk[8..8 + len];
        let drop = &chunk[4..8] == b"tEXt"
            && data.starts_with(keyword.as_bytes())
            && data.get(keyword.len()) == Some(&0);
        if !drop {
            out.extend_from_slice(chunk);
        }
        at += 12 + len;
    }
    out
}

/// Draws `maze` as a line maze (see `Raster::line_maze`).
fn draw_lines(
    maze: &Maze,
    wall: usize,
    pass: usize,
    margin: usize,
    colours: [[u8; 3]; 3],
) -> Raster {
    Raster::line_maze(maze, wall, pass, margin, colours).unwrap()
}

/// Resizes by `f` with area averaging (what a screenshot tool's smooth scaling does).
fn resize(r: &Raster, f: f64) -> Raster {
    let (w, h) = (
        ((r.width as f64 * f).round() as usize).max(1),
        ((r.height as f64 * f).round() as usize).max(1),
    );
    let (sx, sy) = (r.width as f64 / w as f64, r.height as f64 / h as f64);
    let mut out = Raster::filled(w, h, [0; 3]);
    for y in 0..h {
        for x in 0..w {
            let (x0, x1) = (x as f64 * sx, (x + 1) as f64 * sx);
            let (y0, y1) = (y as f64 * sy, (y + 1) as f64 * sy);
            let mut acc = [0f64; 3];
            let mut area = 0.0;
            let mut yy = y0.floor() as usize;
            while (yy as f64) < y1 && yy < r.height {
                let wy = (y1.min(yy as f64 + 1.0) - y0.max(yy as f64)).max(0.0);
                let mut xx = x0.floor() as usize;
                while (xx as f64) < x1 && xx < r.width {
                    let wx = (x1.min(xx as f64 + 1.0) - x0.max(xx as f64)).max(0.0);
                    let p = r.pixel(xx, yy);
                    for k in 0..3 {
                        acc[k] += f64::from(p[k]) * wx * wy;
                    }
                    area += wx * wy;
                    xx += 1;
                }
                yy += 1;
            }
            let c = acc.map(|v| (v / area).round() as u8);
            out.fill_rect(x, y, x + 1, y + 1, c);
        }
    }
    out
}

fn random_maze(rows: usize, cols: usize, seed: u64, loops: usize) -> Maze {
    let lat = Lattice::new(&[rows, cols], &Limits::default()).unwrap();
    let mut opts = Options::new(Algorithm::all()[seed as usize % Algorithm::all().len()]);
    if !opts.algorithm.is_perfect() {
        opts = Options::new(Algorithm::Kruskal);
    }
    opts.loops = loops.min((rows - 1) * (cols - 1) / 2);
    generate(&lat, &opts, &mut rng_from_seed(seed)).unwrap()
}

fn read_raster(r: &Raster) -> Result<Maze, String> {
    let mut png = Vec::new();
    r.write_png(&mut png).unwrap();
    picture::read(&png, &ReadOptions::default())
        .map(|p| p.maze)
        .map_err(|e| e.to_string())
}

/// Colour triples (wall, passage, margin) people use.
const COLOURS: [[[u8; 3]; 3]; 5] = [
    [[0, 0, 0], [255, 255, 255], [255, 255, 255]],
    [[20, 30, 110], [250, 244, 222], [250, 244, 222]],
    [[0, 0, 0], [255, 255, 255], [200, 200, 200]],
    [[90, 20, 20], [240, 240, 240], [255, 255, 255]],
    [[30, 30, 30], [200, 230, 200], [120, 120, 120]],
];

proptest! {
    // A fixed seed: the cases CI runs are the ones checked here (recovery is heuristic, and
    // the issue records the rare lattice it still misreads).
    #![proptest_config(ProptestConfig {
        cases: 256,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x6d61_7a65),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn line_mazes_at_any_scale_are_recovered(
        rows in 2usize..12, cols in 2usize..12, seed in any::<u64>(), loops in 0usize..4,
        wall in 1usize..6, pass in 4usize..16, margin in 0usize..25,
        colours in 0usize..COLOURS.len(), f in prop_oneof![Just(1.0), 0.75f64..1.6],
    ) {
        // Keep the resized lattice legible: walls at least 1.5 px, passages 3 px.
        prop_assume!(wall as f64 * f >= 1.5 || f == 1.0);
        prop_assume!(pass as f64 * f >= 3.0);
        // A margin of a third colour is at least 3 px wide (thinner, it blurs into the frame).
        let [_, passage, page] = COLOURS[colours];
        prop_assume!(margin == 0 || page == passage || margin as f64 * f >= 3.0);
        let maze = random_maze(rows, cols, seed, loops);
        let pic = draw_lines(&maze, wall, pass, margin, COLOURS[colours]);
        let pic = if f == 1.0 { pic } else { resize(&pic, f) };
        let got = read_raster(&pic);
        prop_assert_eq!(got.as_ref().map(|m| m.grid()), Ok(maze.grid()),
            "wall {} pass {} margin {} f {}", wall, pass, margin, f);
    }

    #[test]
    fn our_render_at_any_scale_is_recovered(
        rows in 2usize..15, cols in 2usize..15, seed in any::<u64>(), scale in 2usize..10,
    ) {
        let maze = random_maze(rows, cols, seed, 0);
        let mut png = Vec::new();
        render(&maze, &RenderOptions { scale, ..Default::default() }, PictureFormat::Png, &mut png)
            .unwrap();
        let got = picture::read(&png, &ReadOptions::default()).map(|p| p.maze).map_err(|e| e.to_string());
        prop_assert_eq!(got.as_ref().map(|m| m.grid()), Ok(maze.grid()));
    }

    #[test]
    fn our_solved_pictures_read_back_or_are_refused(
        rows in 1usize..12, cols in 1usize..42, seed in any::<u64>(), scale in 1usize..10,
        filled in any::<bool>(),
    ) {
        let maze = random_maze(rows.max(2), cols.max(2), seed, 0);
        let mut overlays = vec![Overlay::Solution];
        if filled {
            overlays.push(Overlay::Filled);
        }
        let mut png = Vec::new();
        render(&maze, &RenderOptions { scale, overlays }, PictureFormat::Png, &mut png)
            .unwrap();
        // As written: exactly the maze (the picture declares its cells).
        let got = picture::read(&png, &ReadOptions::default()).map(|p| p.maze).map_err(|e| e.to_string());
        prop_assert_eq!(got.as_ref().map(|m| m.grid()), Ok(maze.grid()));
        // Found without the declaration: the maze, or a refusal.
        let bare = without_chunk(&png, "mazegraph cell pixels");
        if let Ok(p) = picture::read(&bare, &ReadOptions::default()) {
            prop_assert_eq!(p.maze.grid(), maze.grid(), "read as another maze: {}", p.describe());
        }
    }
}

/// The text chunks of the PNG `from`, put into the PNG `to` after its header: what an image
/// editor that keeps metadata writes after cropping or scaling a picture.
fn with_chunks_of(to: &[u8], from: &[u8]) -> Vec<u8> {
    let chunks = |bytes: &[u8]| {
        let mut out = Vec::new();
        let mut at = 8;
        while at + 12 <= bytes.len() {
            let len = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
            out.push(bytes[at..at + 12 + len].to_vec());
            at += 12 + len;
        }
        out
    };
    let mut out = to[..8].to_vec();
    for (k, chunk) in chunks(to).into_iter().enumerate() {
        out.extend_from_slice(&chunk);
        if k == 0 {
            for text in chunks(from).into_iter().filter(|c| &c[4..8] == b"tEXt") {
                out.extend_from_slice(&text);
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 32,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x7374_616c),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    // Our own picture (its cells declared in text chunks), cropped at any side or scaled by
    // two, with the chunks kept: the chunks no longer describe it and are not taken; it reads
    // as the same picture without them (the same maze when the crop is within a cell, or
    // refused).
    #[test]
    fn stale_chunks_are_not_taken(
        rows in 2usize..10, cols in 2usize..10, seed in any::<u64>(), scale in 1usize..8,
        solved in any::<bool>(), cut in 1usize..12, side in 0usize..5,
    ) {
        let maze = random_maze(rows, cols, seed, 0);
        let overlays = if solved { vec![Overlay::Solution] } else { Vec::new() };
        let mut png = Vec::new();
        render(&maze, &RenderOptions { scale, overlays }, PictureFormat::Png, &mut png).unwrap();
        let r = picture::decode::raster(&png, &Limits::default(), Default::default()).unwrap();
        let (w, h) = (r.width, r.height);
        let edited = match side {
            4 => resize(&r, 2.0),
            _ if cut >= w.min(h) / 2 => return Ok(()),
            0 => r.crop(picture::Region { x0: 0, y0: cut, x1: w, y1: h }),
            1 => r.crop(picture::Region { x0: 0, y0: 0, x1: w - cut, y1: h }),
            2 => r.crop(picture::Region { x0: 0, y0: 0, x1: w, y1: h - cut }),
            _ => r.crop(picture::Region { x0: cut, y0: 0, x1: w, y1: h }),
        };
        let mut bare = Vec::new();
        edited.write_png(&mut bare).unwrap();
        let stale = with_chunks_of(&bare, &png);
        let read = |bytes: &[u8]| {
            picture::read(bytes, &ReadOptions::default())
                .map(|p| (p.maze.grid().clone(), p.declared))
                .map_err(|e| e.to_string())
        };
        let (with, without) = (read(&stale), read(&bare));
        prop_assert_eq!(&with, &without);
        if let Ok((grid, declared)) = with {
            prop_assert!(!declared);
            if cut < scale || side == 4 {
                prop_assert_eq!(&grid, maze.grid());
            }
        }
    }
}

#[test]
fn picture_formats_are_registered() {
    assert_eq!(Format::from_path(Path::new("a.JPG")).unwrap(), Format::Jpeg);
    assert!(Format::Jpeg.is_picture() && !Format::Jpeg.is_writable());
    assert!(Format::Png.is_writable());
}

/// Counts the pixels of `colour` in a PNG file, and gives its size.
fn count_colour(path: &Path, colour: [u8; 3]) -> (usize, usize, usize) {
    let r = picture::decode::raster(
        &std::fs::read(path).unwrap(),
        &Limits::default(),
        Default::default(),
    )
    .unwrap();
    let n = r.rgb.chunks_exact(3).filter(|p| *p == colour).count();
    (r.width, r.height, n)
}

#[test]
fn results_are_drawn_on_the_users_picture() {
    let dir = tempfile::tempdir().unwrap();
    let src = corpus().join("im_line_jpeg_q75.jpg");
    let original = picture::decode::raster(
        &std::fs::read(&src).unwrap(),
        &Limits::default(),
        Default::default(),
    )
    .unwrap();
    let solved = dir.path().join("solved.png");
    mg().args(["solve", s(&src), "-o", s(&solved)])
        .assert()
        .success();
    let (w, h, red) = count_colour(&solved, picture::overlay::PATH);
    assert_eq!((w, h), (original.width, original.height));
    // A path of 103 cells at pitch 16 drawn a third of a passage wide: hundreds of pixels.
    assert!(red > 500, "{red} red pixels");
    let rendered = dir.path().join("rendered.png");
    mg().args([
        "render",
        s(&corpus().join("pil_cream_navy.png")),
        "-o",
        s(&rendered),
        "--overlay",
        "filled,solution",
    ])
    .assert()
    .success();
    let (w, h, red) = count_colour(&rendered, picture::overlay::PATH);
    assert_eq!((w, h), (295, 223));
    assert!(red > 500, "{red} red pixels");
    // --cells pixel reads a cell a pixel, and draws cells, not the user's picture: at
    // --scale 1, a picture of the original's size.
    let small = dir.path().join("small.png");
    mg().args([
        "solve",
        s(&src),
        "-o",
        s(&small),
        "--cells",
        "pixel",
        "--scale",
        "1",
    ])
    .assert()
    .success();
    let (w, _, _) = count_colour(&small, picture::overlay::PATH);
    assert_eq!(w, original.width);
}

#[test]
fn rooms_can_name_the_terminals_of_a_closed_maze() {
    let p = corpus().join("pil_thick_web.png");
    mg().args(["solve", s(&p)]).assert().code(2);
    mg().args([
        "solve",
        s(&p),
        "--start",
        "room:0,0",
        "--goal",
        "room:14,19",
    ])
    .assert()
    .success();
    mg().args(["solve", s(&p), "--start", "1,1", "--goal", "29,39"])
        .assert()
        .success();
    mg().args([
        "solve",
        s(&p),
        "--start",
        "room:-1,0",
        "--goal",
        "room:14,19",
    ])
    .assert()
    .code(2);
}

#[test]
fn coloured_marks_can_be_the_terminals() {
    // Green start and blue goal dots (Pillow); green start and red goal dots (matplotlib).
    for (name, start, goal) in [
        ("pil_solved_red.png", "[1, 1]", "[23, 29]"),
        ("mpl_solved_orange.png", "[1, 1]", "[15, 21]"),
    ] {
        let out = mg()
            .args([
                "solve",
                s(&corpus().join(name)),
                "--marks",
                "--to",
                "json",
                "-q",
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains(&format!("\"start\": {start}, \"goal\": {goal}")),
            "{name}: {text}"
        );
    }
    // No marks: one error line.
    let out = mg()
        .args([
            "solve",
            s(&corpus().join("pil_line_open_rgb.png")),
            "--marks",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("--marks: the picture has no colour marks"),
        "{err}"
    );
}

/// `r` seen through a camera: turned by `degrees` about its centre, with a perspective that
/// moves the far corners by `persp` of the size, lit less by up to `shade` towards one corner,
/// on a brown table lit from one side; bilinear
/// sampling, then seeded noise of ± `noise` levels (at least 3 on the table: no surface is
/// uniform in a photo).
fn photograph(r: &Raster, degrees: f64, persp: f64, shade: f64, noise: u8, seed: u64) -> Raster {
    use mazegraph::picture::straighten::Homography;
    let (w, h) = (r.width as f64, r.height as f64);
    let pad = 0.12 * w.max(h);
    let (ow, oh) = (w + 2.0 * pad, h + 2.0 * pad);
    let (s, c) = degrees.to_radians().sin_cos();
    let (cx, cy) = (ow / 2.0, oh / 2.0);
    let turn = |x: f64, y: f64| {
        let (dx, dy) = (x - w / 2.0, y - h / 2.0);
        (cx + c * dx - s * dy, cy + s * dx + c * dy)
    };
    let mut to = [turn(0.0, 0.0), turn(w, 0.0), turn(w, h), turn(0.0, h)];
    // The top edge a little farther away: its corners drawn together.
    to[0].0 += persp * w;
    to[1].0 -= persp * w;
    let from = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)];
    let back = Homography::from_quad(to, from).unwrap();
    let mut out = Raster::filled(ow as usize, oh as usize, [90, 80, 70]);
    let mut state = seed | 1;
    let mut rand = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for y in 0..out.height {
        for x in 0..out.width {
            let (u, v) = back.map(x as f64 + 0.5, y as f64 + 0.5);
            let (u, v) = (u - 0.5, v - 0.5);
            if u < 0.0 || v < 0.0 || u > w - 1.0 || v > h - 1.0 {
                let light = 60.0 + 50.0 * x as f64 / ow + (rand() % 7) as f64;
                let table = [light * 1.2, light, light * 0.8].map(|c| c as u8);
                out.fill_rect(x, y, x + 1, y + 1, table);
                continue;
            }
            let (x0, y0) = (u.floor() as usize, v.floor() as usize);
            let (fx, fy) = (u - x0 as f64, v - y0 as f64);
            let p = |xx: usize, yy: usize| r.pixel(xx.min(r.width - 1), yy.min(r.height - 1));
            let mut px = [0u8; 3];
            for (k, out_k) in px.iter_mut().enumerate() {
                let a = f64::from(p(x0, y0)[k]) * (1.0 - fx) + f64::from(p(x0 + 1, y0)[k]) * fx;
                let b =
                    f64::from(p(x0, y0 + 1)[k]) * (1.0 - fx) + f64::from(p(x0 + 1, y0 + 1)[k]) * fx;
                let n = (rand() % (2 * u64::from(noise) + 1)) as f64 - f64::from(noise);
                // Light falling off towards the bottom-right corner, by `shade` at most.
                let light = 1.0 - shade * (x as f64 / ow + y as f64 / oh) / 2.0;
                *out_k = ((a * (1.0 - fy) + b * fy) * light + n).clamp(0.0, 255.0) as u8;
            }
            out.fill_rect(x, y, x + 1, y + 1, px);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 40,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x7068_6f74),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    // A printed line maze photographed: turned by up to 5°, a mild perspective, light falling
    // off by up to a half, noise; read back equal through the straightening.
    #[test]
    fn photographed_line_mazes_are_recovered(
        rows in 4usize..14, cols in 4usize..14, seed in any::<u64>(), loops in 0usize..4,
        wall in 2usize..4, pass in 12usize..22, degrees in -5.0f64..5.0,
        persp in 0.0f64..0.02, shade in 0.0f64..0.5, noise in 0u8..12,
    ) {
        let maze = random_maze(rows, cols, seed, loops);
        let paper = [[0, 0, 0], [255, 255, 255], [255, 255, 255]];
        let pic = photograph(&draw_lines(&maze, wall, pass, 3 * pass, paper), degrees, persp, shade, noise, seed);
        let got = read_raster(&pic);
        prop_assert_eq!(got.as_ref().map(|m| m.grid()), Ok(maze.grid()),
            "wall {} pass {} degrees {:.2} persp {:.3} shade {:.2}", wall, pass, degrees, persp, shade);
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x7368_6170),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    // Our own renders of masked mazes (every shape `generate --shape` makes, the outside drawn
    // as wall) read back as the maze, at any scale.
    #[test]
    fn our_masked_mazes_are_recovered(
        shape in 0usize..5, rows in 9usize..32, cols in 9usize..32, seed in any::<u64>(),
        scale in 2usize..9,
    ) {
        use mazegraph::generate::Mask;
        let size = [rows, cols];
        let radius = rows.min(cols) as f64 / 2.0;
        let mask = match shape {
            0 => Mask::diamond(&size),
            1 => Mask::ellipse(&size),
            2 => Mask::triangle(&size),
            3 => Mask::spiral_arms(&size, (radius / 7.0).max(1.0), 0.6, 1),
            _ => Mask::spiral_arms(&size, (radius / 14.0).max(1.0), 0.6, 2),
        }
        .unwrap();
        let Ok(lat) = Lattice::from_mask(&mask, &Limits::default()) else {
            return Ok(());
        };
        let maze = generate(&lat, &Options::new(Algorithm::Backtracker), &mut rng_from_seed(seed))
            .unwrap();
        let mut png = Vec::new();
        render(&maze, &RenderOptions { scale, ..Default::default() }, PictureFormat::Png, &mut png)
            .unwrap();
        let got = picture::read(&png, &ReadOptions::default()).map(|p| p.maze).map_err(|e| e.to_string());
        prop_assert_eq!(got.as_ref().map(|m| m.grid()), Ok(maze.grid()), "shape {} scale {}", shape, scale);
    }
}

/// Two mazes drawn side by side on one page, `a` on the left, `b` on the right, with the
/// region each occupies.
fn two_mazes(a: &Maze, b: &Maze, gap: usize) -> (Raster, [picture::Region; 2]) {
    let paper = [[0, 0, 0], [255, 255, 255], [255, 255, 255]];
    let (ra, rb) = (
        draw_lines(a, 2, 14, 10, paper),
        draw_lines(b, 2, 14, 10, paper),
    );
    let mut page = Raster::filled(
        ra.width + gap + rb.width,
        ra.height.max(rb.height),
        [255, 255, 255],
    );
    for (r, x0) in [(&ra, 0), (&rb, ra.width + gap)] {
        for y in 0..r.height {
            for x in 0..r.width {
                page.fill_rect(x0 + x, y, x0 + x + 1, y + 1, r.pixel(x, y));
            }
        }
    }
    let region = |r: &Raster, x0: usize| picture::Region {
        x0,
        y0: 0,
        x1: x0 + r.width,
        y1: r.height,
    };
    let regions = [region(&ra, 0), region(&rb, ra.width + gap)];
    (page, regions)
}

#[test]
fn a_region_of_the_picture_can_be_read() {
    let (a, b) = (random_maze(6, 9, 11, 0), random_maze(8, 5, 12, 1));
    let (page, regions) = two_mazes(&a, &b, 40);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.png");
    let mut png = Vec::new();
    page.write_png(&mut png).unwrap();
    std::fs::write(&path, &png).unwrap();
    for (maze, region) in [(&a, regions[0]), (&b, regions[1])] {
        let out = mg()
            .args(["convert", s(&path), "--to", "txt", "--quiet"])
            .args(["--region", &region.to_string()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(Maze::from_text_rows(&rows).unwrap().grid(), maze.grid());
    }
    // Without a region, the page is refused, and the message says how to choose.
    let err = error(&["convert", s(&path), "--to", "txt"]);
    assert!(err.contains("--region"), "{err}");
    // A region outside the picture, or written wrong, is one error line.
    let (w, h) = (page.width, page.height);
    let err = error(&[
        "convert",
        s(&path),
        "--to",
        "txt",
        "--region",
        &format!("0,0,{},{h}", w + 1),
    ]);
    assert!(err.contains("must lie inside it"), "{err}");
    let err = error(&["convert", s(&path), "--to", "txt", "--region", "0,0,10"]);
    assert!(err.contains("X,Y,W,H"), "{err}");
    // Commands that read no picture refuse it.
    let err = error(&["generate", "--size", "3x3", "--region", "0,0,5,5"]);
    assert!(err.contains("--region means nothing here"), "{err}");
}

/// A grid world from `maze`: some posts opened (open ground), some dead ends walled up (cells
/// of wall where a room was), so that walls and passages no longer alternate as a lattice's do;
/// still one region of passage, framed. Rows of '#' and '.'.
fn grid_world(maze: &Maze, seed: u64) -> Vec<String> {
    let g = maze.grid();
    let (h, w) = (g.shape().dims()[0], g.shape().dims()[1]);
    let mut cells: Vec<Vec<bool>> = (0..h)
        .map(|y| (0..w).map(|x| g.is_path(y * w + x)).collect())
        .collect();
    let mut state = seed | 1;
    let mut coin = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state.is_multiple_of(n)
    };
    for y in (2..h - 2).step_by(2) {
        for x in (2..w - 2).step_by(2) {
            if coin(4) {
                cells[y][x] = true;
            }
        }
    }
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let open = [(y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)]
                .iter()
                .filter(|&&(a, b)| cells[a][b])
                .count();
            if cells[y][x] && open == 1 && coin(3) {
                cells[y][x] = false;
            }
        }
    }
    cells
        .iter()
        .map(|r| r.iter().map(|&c| if c { '.' } else { '#' }).collect())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x626c_6f63),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    // A grid world drawn as square blocks of any side (fractional: each pixel takes the block
    // its centre lies in), each block a slightly different shade (tiles), in a margin: read
    // block by block, exactly.
    #[test]
    fn grid_worlds_drawn_as_blocks_are_read_block_by_block(
        rows in 3usize..9, cols in 3usize..9, seed in any::<u64>(), side in 6.0f64..24.0,
        margin in 0usize..20, shade in 0u8..12,
    ) {
        let maze = random_maze(rows, cols, seed, 1);
        let world = grid_world(&maze, seed);
        let (h, w) = (world.len(), world[0].len());
        let (pw, ph) = ((w as f64 * side) as usize + 2 * margin, (h as f64 * side) as usize + 2 * margin);
        let mut r = Raster::filled(pw, ph, [255; 3]);
        for y in margin..ph - margin {
            for x in margin..pw - margin {
                let i = ((((y - margin) as f64 + 0.5) / side) as usize).min(h - 1);
                let j = ((((x - margin) as f64 + 0.5) / side) as usize).min(w - 1);
                let jitter = ((i * 7 + j * 3) % 5) as u8 * shade / 4;
                let c = if world[i].as_bytes()[j] == b'#' { 20 + jitter } else { 250 - jitter };
                r.fill_rect(x, y, x + 1, y + 1, [c; 3]);
            }
        }
        let rows_ref: Vec<&str> = world.iter().map(String::as_str).collect();
        let want = Maze::from_text_rows(&rows_ref).unwrap();
        let got = read_raster(&r);
        prop_assert_eq!(got.as_ref().map(|m| m.grid()), Ok(want.grid()), "side {} margin {}", side, margin);
    }
}

#[test]
fn a_tiny_grid_world_is_read_a_pixel_a_cell_and_a_tiny_ring_is_not() {
    // Open ground with pillars, 14×11 pixels, with a JPEG's few levels of noise.
    let world = [
        "##############",
        "##...........#",
        "#............#",
        "#.......#....#",
        "#............#",
        "#..........#.#",
        "#..#.........#",
        "#............#",
        "#......#.....#",
        "#....#....#..#",
        "##############",
    ];
    let mut r = Raster::filled(14, 11, [0; 3]);
    for (y, row) in world.iter().enumerate() {
        for (x, c) in row.bytes().enumerate() {
            let noise = ((x * 5 + y * 3) % 4) as u8;
            let v = if c == b'#' { noise } else { 255 - noise };
            r.fill_rect(x, y, x + 1, y + 1, [v; 3]);
        }
    }
    let got = read_raster(&r).unwrap();
    assert_eq!(got.grid(), Maze::from_text_rows(&world).unwrap().grid());
    // A navy ring on yellow, 5×5: no frame, no maze.
    let mut ring = Raster::filled(5, 5, [240, 220, 40]);
    for (x, y) in [
        (1, 1),
        (2, 1),
        (3, 1),
        (1, 2),
        (3, 2),
        (1, 3),
        (2, 3),
        (3, 3),
    ] {
        ring.fill_rect(x, y, x + 1, y + 1, [20, 30, 110]);
    }
    assert!(read_raster(&ring).is_err());
}

#[test]
fn an_arrow_drawn_into_the_entrance_room_is_a_mark_of_the_walls_colour() {
    let maze = random_maze(8, 8, 11, 0);
    let (wall, pass, margin) = (3usize, 24usize, 20usize);
    let mut r = draw_lines(&maze, wall, pass, margin, COLOURS[0]);
    // The entrance: the first opening of the top frame.
    let cols = maze.grid().shape().dims()[1];
    let j = (0..cols).find(|&j| maze.grid().is_path(j)).unwrap();
    // The cell's left edge: wall lines and passages alternate from the margin.
    let x0 = margin + (j / 2) * (wall + pass) + wall;
    let cx = x0 + pass / 2;
    // A shaft down the opening and a filled head, two thirds of the passage wide, over the
    // middle of the room below it (as printables draw them).
    r.fill_rect(
        cx - 1,
        margin - 12,
        cx + 1,
        margin + wall + pass / 2,
        [0; 3],
    );
    for d in 0..8usize {
        let y = margin + wall + pass / 2 - 4 + d;
        r.fill_rect(cx - (8 - d), y, cx + (8 - d), y + 1, [0; 3]);
    }
    assert_eq!(read_raster(&r).unwrap().grid(), maze.grid());
}

/// A line maze whose top-left corner is cut out (a blank notch where a "Start" label goes,
/// its way in a door in the notch's wall) reads as the maze with the notch outside it: all
/// wall, the label's ink unexplained but small, and the two doors into the maze its start and
/// goal.
#[test]
fn a_notch_cut_out_of_the_maze_is_outside_it() {
    let maze = random_maze(10, 12, 3, 0);
    let (h, w) = (21, 25);
    let mut grid = maze.grid().clone();
    // The notch: rooms 0..3 each way (grid cells 0..=5), walled; its wall at row and column 6,
    // with a door at (3, 6); the maze's own openings closed, another door at the far corner.
    for i in 0..h {
        for j in 0..w {
            let k = i * w + j;
            if (i <= 6 && j <= 6) || i == 0 || j == 0 || i == h - 1 || j == w - 1 {
                grid.set_path(k, false);
            }
        }
    }
    grid.set_path(3 * w + 6, true);
    grid.set_path((h - 1) * w + (w - 2), true);
    let expected = Maze::new(grid);
    let (wall, pass, margin) = (2, 12, 10);
    let mut r = draw_lines(&expected, wall, pass, margin, [[0; 3], [255; 3], [255; 3]]);
    // Blank the notch but its own wall, and write a label in it.
    let edge = margin + 3 * (wall + pass);
    r.fill_rect(0, 0, edge, edge, [255; 3]);
    r.fill_rect(margin + 4, margin + 20, margin + 30, margin + 23, [0; 3]);
    let read = read_raster(&r).unwrap();
    assert_eq!(read.grid(), expected.grid());
    assert_eq!(read.explicit_start(), Some(3 * w + 6));
    assert_eq!(read.explicit_goal(), Some((h - 1) * w + (w - 2)));
}

/// A solution drawn as a thin line in the walls' own ink, along the corridors and through
/// their doors, is set apart: the maze reads as it is.
#[test]
fn a_solution_drawn_thin_in_the_walls_ink_is_a_mark() {
    let maze = random_maze(9, 9, 5, 0);
    let n = 19;
    let (wall, pass, margin) = (3, 12, 8);
    let mut r = draw_lines(&maze, wall, pass, margin, [[0; 3], [255; 3], [255; 3]]);
    // The path from the top-left room to the bottom-right one, cell by cell (breadth first).
    let (from, to) = (n + 1, (n - 2) * n + n - 2);
    let mut back = vec![usize::MAX; n * n];
    back[from] = from;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        let (i, j) = (c / n, c % n);
        if i == 0 || j == 0 || i == n - 1 || j == n - 1 {
            continue;
        }
        for d in [c - 1, c + 1, c - n, c + n] {
            if maze.grid().is_path(d) && back[d] == usize::MAX {
                back[d] = c;
                queue.push_back(d);
            }
        }
    }
    let centre =
        |i: usize| margin + (i / 2) * (wall + pass) + if i % 2 == 1 { wall + pass / 2 } else { 1 };
    let mut c = to;
    while c != from {
        let p = back[c];
        let (a, b) = ((c / n, c % n), (p / n, p % n));
        let (y0, y1) = (centre(a.0).min(centre(b.0)), centre(a.0).max(centre(b.0)));
        let (x0, x1) = (centre(a.1).min(centre(b.1)), centre(a.1).max(centre(b.1)));
        r.fill_rect(x0, y0, x1 + 1, y1 + 1, [0; 3]);
        c = p;
    }
    let read = read_raster(&r).unwrap();
    assert_eq!(read.grid(), maze.grid());
}

/// Two mazes of one size close side by side, which the page step takes for one maze's
/// parts, are refused with both regions named; each reads with its region.
#[test]
fn two_mazes_close_side_by_side_are_named() {
    let (a, b) = (random_maze(8, 8, 21, 0), random_maze(8, 8, 22, 0));
    let (page, regions) = two_mazes(&a, &b, 4);
    let mut png = Vec::new();
    page.write_png(&mut png).unwrap();
    let err = picture::read(&png, &ReadOptions::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("holds 2 mazes"), "{err}");
    for (maze, region) in [(&a, regions[0]), (&b, regions[1])] {
        let mut opts = ReadOptions::default();
        opts.picture.region = Some(region);
        let read = picture::read(&png, &opts).unwrap();
        assert_eq!(read.maze.grid(), maze.grid());
    }
}

/// A kids' worksheet: a figure drawn standing on the maze's frame and an arrow drawn onto its
/// entrance from outside. The figure is not the maze going on, and the arrow's head does not
/// close the entrance.
#[test]
fn a_figure_on_the_frame_and_an_arrow_onto_the_entrance_are_not_the_maze() {
    let maze = random_maze(10, 12, 8, 0);
    let (wall, pass, margin) = (1, 16, 40);
    let mut r = draw_lines(&maze, wall, pass, margin, [[0; 3], [255; 3], [255; 3]]);
    let w = 25;
    let entrance = (1..w - 1).find(|&j| maze.grid().is_path(j)).unwrap();
    let x = |j: usize| margin + (j / 2) * (wall + pass) + if j % 2 == 1 { wall } else { 0 };
    // The arrow: a head narrowing down to the entrance's middle, touching the frame line, and
    // its shaft above.
    let cx = x(entrance) + pass / 2;
    for d in 0..8 {
        r.fill_rect(cx - d, margin - 1 - d, cx + d + 1, margin - d, [0; 3]);
    }
    r.fill_rect(cx - 1, margin - 30, cx + 2, margin - 8, [0; 3]);
    // A figure standing on the frame two rooms on: legs, a body, a head.
    let fx = x((entrance + 4).min(w - 4));
    r.fill_rect(fx + 2, margin - 12, fx + 4, margin, [0; 3]);
    r.fill_rect(fx + 10, margin - 12, fx + 12, margin, [0; 3]);
    r.fill_rect(fx, margin - 26, fx + 14, margin - 12, [0; 3]);
    r.fill_rect(fx + 3, margin - 36, fx + 11, margin - 27, [0; 3]);
    let read = read_raster(&r).unwrap();
    assert_eq!(read.grid(), maze.grid());
}

/// A refusal whose lattice was found names its cell size as found (giving it is no way out)
/// and advises one pixel a cell, which reads it. Here a maze whose frame is open along two
/// sides.
#[test]
fn a_refusal_s_advice_is_what_it_says() {
    let maze = random_maze(8, 8, 30, 0);
    let mut r = draw_lines(&maze, 2, 14, 10, [[0; 3], [255; 3], [255; 3]]);
    // The frame's top and left sides left open between their posts.
    for k in 0..8 {
        let a = 10 + 16 * k + 2;
        r.fill_rect(a, 10, a + 14, 12, [255; 3]);
        r.fill_rect(10, a, 12, a + 14, [255; 3]);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.png");
    let mut png = Vec::new();
    r.write_png(&mut png).unwrap();
    std::fs::write(&path, &png).unwrap();
    let err = error(&["convert", s(&path), "--to", "txt"]);
    let Some(at) = err.find("(--cells ") else {
        panic!("{err}");
    };
    let pitch: String = err[at + 9..].chars().take_while(|c| *c != ' ').collect();
    assert!(
        err.contains("is the size found; --cells pixel reads a pixel a cell)"),
        "{err}"
    );
    let again = error(&["convert", s(&path), "--to", "txt", "--cells", &pitch]);
    assert!(!again.contains("is the size found"), "{again}");
    mg().args(["convert", s(&path), "--to", "txt", "--cells", "pixel", "-q"])
        .assert()
        .success();
}

/// Every corridor's centre line drawn in the walls' ink, one pixel wide against walls of
/// three: read as walls, they make a finer maze of walls in two widths, which no reading
/// believes; set apart as marks, the maze reads as it is.
#[test]
fn centre_lines_through_every_corridor_are_not_a_finer_maze() {
    let maze = random_maze(9, 9, 5, 0);
    let (wall, pass, margin) = (3, 12, 8);
    let mut r = draw_lines(&maze, wall, pass, margin, [[0; 3], [255; 3], [255; 3]]);
    let n = 19;
    let centre = |i: usize| margin + (i / 2) * (wall + pass) + wall + pass / 2;
    for i in (1..n).step_by(2) {
        for j in (1..n).step_by(2) {
            if j + 2 < n && maze.grid().is_path(i * n + j + 1) {
                r.fill_rect(
                    centre(j),
                    centre(i),
                    centre(j + 2) + 1,
                    centre(i) + 1,
                    [0; 3],
                );
            }
            if i + 2 < n && maze.grid().is_path((i + 1) * n + j) {
                r.fill_rect(
                    centre(j),
                    centre(i),
                    centre(j) + 1,
                    centre(i + 2) + 1,
                    [0; 3],
                );
            }
        }
    }
    assert_eq!(read_raster(&r).unwrap().grid(), maze.grid());
}

/// A thick hand-drawn worksheet's arrows: START's head dipping into the frame line's own
/// place over the entrance, FINISH's shaft running out through the exit with its head just
/// below the frame line, each clear of the posts either side. Neither closes its opening.
#[test]
fn arrows_dipping_into_the_frame_line_leave_the_openings_open() {
    let maze = random_maze(12, 12, 7, 0);
    let (wall, pass, margin) = (3usize, 16usize, 40usize);
    let mut r = draw_lines(&maze, wall, pass, margin, COLOURS[0]);
    let w = 25;
    let g = maze.grid();
    let top = (1..w - 1).find(|&j| g.is_path(j)).unwrap();
    let bottom = (1..w - 1).find(|&j| g.is_path(24 * w + j)).unwrap();
    let x = |j: usize| margin + (j / 2) * (wall + pass) + wall;
    // START: a shaft from above and a head 7 pixels wide whose tip reaches the frame line's
    // last row, a gap of 4 pixels or more to each post.
    let cx = x(top) + pass / 2;
    r.fill_rect(cx - 1, margin - 16, cx + 1, margin - 1, [0; 3]);
    for d in 0..4 {
        r.fill_rect(cx - 3 + d, margin - 1 + d, cx + 4 - d, margin + d, [0; 3]);
    }
    // FINISH: a shaft from the room above the exit down through it, and a head under the
    // frame line (its top at `yb`).
    let yb = margin + 12 * (wall + pass);
    let cx = x(bottom) + pass / 2;
    r.fill_rect(cx - 1, yb - 10, cx + 1, yb + wall, [0; 3]);
    for d in 0..4 {
        r.fill_rect(
            cx - 3 + d,
            yb + wall + d,
            cx + 4 - d,
            yb + wall + d + 1,
            [0; 3],
        );
    }
    // The same blurred as a scan is (area-averaged down and up again).
    for pic in [r.clone(), resize(&resize(&r, 0.8), 1.25)] {
        let read = read_raster(&pic).unwrap();
        assert_eq!(read.grid(), maze.grid());
    }
}
