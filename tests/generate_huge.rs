//! Huge mazes: the streamed 1-bit PNG decodes to a perfect maze, and the maze depends on the
//! seed only, not on the number of threads.

use mazegraph::generate::huge::{write_png, Huge};
use mazegraph::generate::{Algorithm, Lattice};
use mazegraph::grid::{Grid, Limits, Shape};

fn decode(png_bytes: &[u8]) -> Grid {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().unwrap();
    let info = reader.info().clone();
    assert_eq!(info.bit_depth, png::BitDepth::One);
    assert_eq!(info.color_type, png::ColorType::Grayscale);
    let (w, h) = (info.width as usize, info.height as usize);
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut buf).unwrap();
    let mut grid = Grid::walls(Shape::new(vec![h, w]).unwrap());
    for y in 0..h {
        for x in 0..w {
            if buf[y * frame.line_size + x / 8] & (0x80 >> (x % 8)) != 0 {
                grid.set_path(y * w + x, true);
            }
        }
    }
    grid
}

fn png_in_pool(huge: &Huge, threads: usize) -> Vec<u8> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let mut out = Vec::new();
        write_png(huge, &mut out).unwrap();
        out
    })
}

#[test]
fn huge_png_is_a_perfect_maze_whatever_the_threads() {
    for (rooms, block, algorithm) in [
        ([60, 90], 16, Algorithm::Backtracker),
        ([33, 17], 5, Algorithm::Wilson),
        ([3, 200], 7, Algorithm::Sidewinder),
    ] {
        let huge = Huge {
            rooms,
            block,
            algorithm,
            seed: 99,
        };
        let one = png_in_pool(&huge, 1);
        let two = png_in_pool(&huge, 2);
        assert_eq!(one, two, "{algorithm:?}: depends on the thread count");
        let grid = decode(&one);
        let lat = Lattice::new(&rooms, &Limits::default()).unwrap();
        assert!(lat.is_perfect(&grid), "{rooms:?} {algorithm:?}");
        assert_eq!(grid.openings().len(), 2);
        let other = png_in_pool(&Huge { seed: 100, ..huge }, 2);
        assert_ne!(one, other);
    }
}

/// `generate --huge --overlay solution`, on the real binary: the picture holds the same maze
/// as without the overlay, its blue cells are the way `solve` finds, and what does not apply
/// is refused in one line.
#[test]
fn a_huge_maze_streams_with_its_solution_drawn_in() {
    use assert_cmd::Command;
    let dir = tempfile::tempdir().unwrap();
    let (plain, solved) = (dir.path().join("plain.png"), dir.path().join("solved.png"));
    let run = |extra: &[&str], out: &std::path::Path| {
        Command::cargo_bin("mazegraph")
            .unwrap()
            .args([
                "generate", "--huge", "--size", "90x70", "--block", "16", "--seed", "4",
            ])
            .args(extra)
            .arg("-o")
            .arg(out)
            .assert()
            .success();
    };
    run(&["-q"], &plain);
    run(&["-q", "--overlay", "solution"], &solved);
    let maze = decode(&std::fs::read(&plain).unwrap());
    // The solved picture: 2-bit palette indices, 0 wall, 1 passage, 2 the way.
    let bytes = std::fs::read(&solved).unwrap();
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .unwrap();
    assert_eq!(reader.info().bit_depth, png::BitDepth::Two);
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut buf).unwrap();
    let (h, w) = (maze.shape().dims()[0], maze.shape().dims()[1]);
    let px = |y: usize, x: usize| (buf[y * frame.line_size + x / 4] >> (6 - 2 * (x % 4))) & 3;
    let mut way = Vec::new();
    for y in 0..h {
        for x in 0..w {
            assert_eq!(px(y, x) > 0, maze.is_path(y * w + x), "({y}, {x})");
            if px(y, x) == 2 {
                way.push(vec![y as i64, x as i64]);
            }
        }
    }
    // The same way as `solve` finds on the plain picture.
    let out = Command::cargo_bin("mazegraph")
        .unwrap()
        .args(["solve", "--to", "json"])
        .arg(&plain)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut path: Vec<Vec<i64>> = serde_json::from_value(json["path"].clone()).unwrap();
    path.sort();
    assert_eq!(way, path);
    let e = Command::cargo_bin("mazegraph")
        .unwrap()
        .args([
            "generate",
            "--huge",
            "--size",
            "9x9",
            "--overlay",
            "filled",
            "-o",
        ])
        .arg(dir.path().join("x.png"))
        .output()
        .unwrap();
    assert_eq!(e.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&e.stderr).contains("takes --overlay solution only"));
}
