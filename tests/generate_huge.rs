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
