//! 3-D prints of tiled mazes (hexagons, triangles, rings, octagons): the walls of the maze's
//! picture ([`TiledPicture::strokes`]) rasterised into a height field of square pixels, which
//! [`Print`] turns into a closed, manifold mesh as it does a square-grid maze's block lattice.
//!
//! # Sizes
//!
//! Neighbouring room centres are one room unit apart, and a unit is printed
//! [`Sizes::cell_mm`] + [`Sizes::wall_mm`] long: a wall is a stroke [`Sizes::wall_mm`] thick
//! along the side two rooms share (round ends, as in the picture), so that the clear space
//! between the walls of a corridor is [`Sizes::cell_mm`], as in a square print. The plate is
//! the picture's rectangle, half a unit of margin round the maze. An engraved solution is a
//! groove half a passage wide ([`Sizes::cell_mm`] / 2) along the picture's solution line, half
//! way into the plate, the walls left whole where it passes them.
//!
//! # The raster
//!
//! A pixel is [`Sizes::wall_mm`] / [`PIXELS_PER_WALL`], so that a wall is four pixels thick
//! and a slanted or curved wall a fine staircase. A pixel is a wall when its centre is within
//! half a wall of a wall's line; else engraved when within a quarter passage of the solution
//! line; else plate. A raster can hold two columns that touch along a vertical edge only
//! (diagonal neighbours both higher than the two others), which no closed surface holds:
//! [`repair`] raises one of the two lower columns to the height between, until there is none
//! (a wall thickened by one pixel at that corner, or the groove narrowed by one).
//!
//! A weave is refused: a plate cannot pass a corridor under another, and printing the
//! crossing as its picture draws it (the tunnel's corridors ending at the bridge's walls) or
//! as a flat floor (the two corridors joined) would print another maze.
//!
//! # Cost
//!
//! O(pixels + walls' pixels) time and two bytes a pixel; the mesh is then streamed as for any
//! print ([`Print::for_each_triangle`], O(pixels)). Pixels are
//! O(rooms · ((cell + wall) / wall)²).

use super::{Print, Sizes, ENGRAVED, FLOOR, WALL};
use crate::error::{Error, Result};
use crate::grid::Limits;
use crate::tiling::draw::{picture_size, stroke, TiledPicture};
use crate::tiling::{TiledMaze, Tiling};

/// Pixels across a wall's thickness.
pub const PIXELS_PER_WALL: f64 = 4.0;

/// The side of a pixel of the raster, in millimetres.
pub fn pixel_mm(sizes: &Sizes) -> f64 {
    sizes.wall_mm / PIXELS_PER_WALL
}

/// Pixels per room unit (the picture's scale).
fn scale(sizes: &Sizes) -> f64 {
    (sizes.cell_mm + sizes.wall_mm) / pixel_mm(sizes)
}

/// Width and height in pixels of the raster a print of `tiling` at `sizes` is made from (its
/// size in millimetres is this times [`pixel_mm`]). O(1).
///
/// ```
/// use mazegraph::mesh::{tiled, Sizes};
/// use mazegraph::tiling::Tiling;
/// let t = Tiling::new("sigma", &[6, 8], &Default::default())?;
/// let (w, h) = tiled::raster_size(&t, &Sizes::default());
/// assert!(w > 8 * 14 && h > 6 * 12);
/// # Ok::<(), mazegraph::Error>(())
/// ```
pub fn raster_size(tiling: &Tiling, sizes: &Sizes) -> (usize, usize) {
    picture_size(tiling, scale(sizes))
}

/// Raises columns of `heights` (`rows` × `cols`, height indices) until no two touch along a
/// vertical edge only: at each lattice point where the two columns of one diagonal are both
/// above a height and the two of the other both at or below it, the first of the lower pair
/// is raised to just above it. Columns only rise, each at most three times, so this ends;
/// returns how many were raised. O(pixels) a sweep, and a sweep more after any change (in
/// practice two or three).
pub fn repair(heights: &mut [u8], rows: usize, cols: usize) -> usize {
    let mut raised = 0;
    loop {
        let before = raised;
        for r in 1..rows {
            crate::stop::check();
            for c in 1..cols {
                let at = [(r - 1) * cols + c - 1, (r - 1) * cols + c, r * cols + c - 1];
                let e = r * cols + c;
                for k in 0..WALL {
                    let [a, b, d] = at.map(|i| heights[i] > k);
                    if a == (heights[e] > k) && b == d && a != b {
                        let low = if a { at[1] } else { at[0] };
                        heights[low] = k + 1;
                        raised += 1;
                    }
                }
            }
        }
        if raised == before {
            return raised;
        }
    }
}

impl Print<'static> {
    /// The print of a tiled maze at `sizes`, `solution` (rooms, start first) engraved into
    /// the plate when given; the raster is checked against `limits` (a pixel counts as a
    /// cell; two bytes a pixel) before it is allocated. See the [module](self) for the
    /// model. O(pixels) time and memory.
    ///
    /// Errors: [`Error::InvalidArgument`] for a size out of range, [`Error::Unsupported`] for
    /// a weave or a raster over `limits.max_cells` pixels, [`Error::OverBudget`].
    ///
    /// ```
    /// use mazegraph::generate::{rng_from_seed, Algorithm, Options};
    /// use mazegraph::mesh::{Print, Sizes};
    /// use mazegraph::tiling::{TiledMaze, Tiling};
    /// let t = Tiling::new("delta", &[4, 6], &Default::default())?;
    /// let m = TiledMaze::generate(t, &Options::new(Algorithm::Kruskal), &mut rng_from_seed(1))?;
    /// let path = m.solution();
    /// let print = Print::tiled(&m, Sizes::default(), path.as_deref(), &Default::default())?;
    /// assert!(print.triangles() > 100);
    /// # Ok::<(), mazegraph::Error>(())
    /// ```
    pub fn tiled(
        maze: &TiledMaze,
        sizes: Sizes,
        solution: Option<&[u32]>,
        limits: &Limits,
    ) -> Result<Print<'static>> {
        sizes.validate()?;
        let tiling = maze.tiling();
        if let Tiling::Weave(_) = tiling {
            return Err(Error::Unsupported(
                "a weave maze cannot be printed: a plate cannot carry a corridor under another, and printing the crossings flat would print another maze (draw it as a picture instead)".to_string(),
            ));
        }
        let (cols, rows) = raster_size(tiling, &sizes);
        let pixels = (cols as u64).saturating_mul(rows as u64);
        if pixels > limits.max_cells {
            return Err(Error::Unsupported(format!(
                "the print's raster would have {cols}×{rows} = {pixels} pixels, more than the limit of {} (a thicker --wall-mm makes fewer; or raise --max-cells)",
                limits.max_cells
            )));
        }
        limits.check_bytes(
            &format!("rasterising a print of {cols}×{rows} pixels"),
            pixels.saturating_mul(2),
        )?;
        let px = pixel_mm(&sizes);
        let picture = TiledPicture::new(maze, scale(&sizes), solution);
        let strokes = picture.strokes();
        let mut heights = crate::grid::try_with_capacity::<u8>(rows * cols)?;
        heights.resize(rows * cols, FLOOR);
        let mut cover = crate::grid::try_with_capacity::<u8>(rows * cols)?;
        cover.resize(rows * cols, 0);
        // Coverage of at least a half: the pixel's centre is within the half-width.
        let paint = |cover: &mut [u8], heights: &mut [u8], height: u8| {
            for (h, c) in heights.iter_mut().zip(cover.iter_mut()) {
                if *c >= 128 {
                    *h = height;
                }
                *c = 0;
            }
        };
        if let Some(path) = &strokes.path {
            stroke(&mut cover, cols, rows, path, sizes.cell_mm / 4.0 / px);
            paint(&mut cover, &mut heights, ENGRAVED);
        }
        for wall in &strokes.walls {
            crate::stop::check();
            stroke(&mut cover, cols, rows, wall, sizes.wall_mm / 2.0 / px);
        }
        paint(&mut cover, &mut heights, WALL);
        drop(cover);
        repair(&mut heights, rows, cols);
        Ok(Print {
            field: super::Field::Raster {
                heights,
                pixel_mm: px,
            },
            rows,
            cols,
            sizes,
            z_mm: super::z_mm(&sizes),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{rng_from_seed, Algorithm, Options};
    use crate::mesh::tests::check;
    use proptest::prelude::*;

    fn maze(name: &str, size: &[usize], seed: u64) -> TiledMaze {
        let t = Tiling::new(name, size, &Limits::default()).unwrap();
        TiledMaze::generate(
            t,
            &Options::new(Algorithm::Kruskal),
            &mut rng_from_seed(seed),
        )
        .unwrap()
    }

    #[test]
    fn every_tiling_but_weave_prints_closed_and_manifold() {
        for t in crate::tiling::tests::small() {
            let name = t.name();
            let m = TiledMaze::generate(
                t,
                &Options::new(Algorithm::Backtracker),
                &mut rng_from_seed(5),
            )
            .unwrap();
            let path = m.solution();
            for sol in [None, path.as_deref()] {
                match Print::tiled(&m, Sizes::default(), sol, &Limits::default()) {
                    Ok(print) => {
                        assert_ne!(name, "weave");
                        let n = check(&print);
                        assert!(n > 12, "{name}: {n}");
                    }
                    Err(e) => {
                        assert_eq!(name, "weave", "{e}");
                        assert!(e.to_string().contains("weave"), "{e}");
                    }
                }
            }
        }
    }

    #[test]
    fn walls_stand_where_the_picture_draws_them() {
        let m = maze("sigma", &[3, 4], 2);
        let sizes = Sizes::default();
        let print = Print::tiled(&m, sizes, None, &Limits::default()).unwrap();
        let (rows, cols) = print.lattice();
        assert_eq!((cols, rows), raster_size(m.tiling(), &sizes));
        // The picture at the raster's scale, as pixels: a wall pixel where it is dark (the
        // start and goal discs are not).
        let pic = TiledPicture::new(&m, scale(&sizes), None);
        assert_eq!(pic.size(), (cols, rows));
        let rgb = pic.raster();
        let (mut dark, mut walls, mut both) = (0, 0, 0);
        for r in 0..rows {
            for c in 0..cols {
                let i = (r * cols + c) * 3;
                let d = rgb[i..i + 3].iter().all(|&x| x < 128);
                let wall = print.h(0, r as isize, c as isize) == WALL;
                dark += usize::from(d);
                walls += usize::from(wall);
                both += usize::from(d && wall);
            }
        }
        // The picture's walls are thinner (0.12 of a room, here 1.7 pixels, against 4): the
        // print's cover them, and are about as much thicker.
        assert!(dark > 0 && both == dark, "{both} of {dark}");
        let ratio = walls as f64 / dark as f64;
        assert!((1.5..3.0).contains(&ratio), "{walls} / {dark}");
        // Rooms are plate: every room centre is a floor pixel.
        use crate::tiling::Tiles;
        for v in 0..m.tiling().room_count() as u32 {
            let [x, y] = pic.px(m.tiling().centre(v));
            assert_eq!(print.h(0, y as isize, x as isize), FLOOR, "room {v}");
        }
    }

    #[test]
    fn the_solution_is_a_groove_along_the_path() {
        let m = maze("theta", &[4], 3);
        let path = m.solution().unwrap();
        let plain = Print::tiled(&m, Sizes::default(), None, &Limits::default()).unwrap();
        let solved = Print::tiled(&m, Sizes::default(), Some(&path), &Limits::default()).unwrap();
        let pic = TiledPicture::new(&m, scale(&Sizes::default()), None);
        use crate::tiling::Tiles;
        for &v in &path {
            let [x, y] = pic.px(m.tiling().centre(v));
            assert_eq!(solved.h(0, y as isize, x as isize), ENGRAVED, "room {v}");
            assert_eq!(plain.h(0, y as isize, x as isize), FLOOR, "room {v}");
        }
        assert!(check(&solved) > check(&plain));
    }

    #[test]
    fn sizes_are_millimetres() {
        let m = maze("upsilon", &[3, 3], 1);
        let sizes = Sizes {
            cell_mm: 5.0,
            wall_mm: 2.0,
            height_mm: 7.0,
            base_mm: 3.0,
        };
        let print = Print::tiled(&m, sizes, None, &Limits::default()).unwrap();
        let (rows, cols) = print.lattice();
        let top = print.position(super::super::Vertex {
            level: 0,
            row: 0,
            col: cols as u32,
            z: WALL,
        });
        assert_eq!(top, [cols as f32 * 0.5, rows as f32 * 0.5, 10.0]);
    }

    #[test]
    fn big_rasters_are_refused_before_they_are_made() {
        let m = maze("sigma", &[10, 10], 1);
        let small = Limits {
            max_cells: 1000,
            ..Limits::default()
        };
        let e = Print::tiled(&m, Sizes::default(), None, &small)
            .err()
            .unwrap();
        assert!(e.to_string().contains("pixels, more than the limit"), "{e}");
        let poor = Limits {
            max_bytes: 1000,
            ..Limits::default()
        };
        let e = Print::tiled(&m, Sizes::default(), None, &poor)
            .err()
            .unwrap();
        assert!(matches!(e, Error::OverBudget { .. }), "{e}");
        let bad = Sizes {
            wall_mm: -1.0,
            ..Sizes::default()
        };
        assert!(Print::tiled(&m, bad, None, &Limits::default()).is_err());
    }

    #[test]
    fn repair_leaves_no_corner_contact() {
        // A checkerboard of walls and plate: every interior point is a contact.
        let (rows, cols) = (6, 7);
        let mut h: Vec<u8> = (0..rows * cols)
            .map(|i| {
                if (i / cols + i % cols) % 2 == 0 {
                    WALL
                } else {
                    FLOOR
                }
            })
            .collect();
        assert!(repair(&mut h, rows, cols) > 0);
        assert_eq!(repair(&mut h, rows, cols), 0);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Any raster of heights, repaired, prints closed and manifold.
        #[test]
        fn any_repaired_raster_is_closed(
            rows in 1usize..9,
            cols in 1usize..9,
            bits in prop::collection::vec(0u8..3, 64),
        ) {
            let mut heights: Vec<u8> = (0..rows * cols).map(|i| bits[i] + 1).collect();
            repair(&mut heights, rows, cols);
            let sizes = Sizes::default();
            let print = Print {
                field: super::super::Field::Raster { heights, pixel_mm: 0.4 },
                rows,
                cols,
                sizes,
                z_mm: super::super::z_mm(&sizes),
            };
            check(&print);
        }

        /// Generated mazes of every printable tiling print closed, their solution engraved.
        #[test]
        fn generated_tiled_mazes_print(
            which in 0usize..5,
            a in 2usize..5,
            b in 3usize..6,
            seed in any::<u64>(),
        ) {
            let (name, size) = [
                ("sigma", vec![a, b]),
                ("sigma-flat", vec![a, b]),
                ("delta", vec![a, b]),
                ("theta", vec![a]),
                ("upsilon", vec![a, b]),
            ][which].clone();
            let m = maze(name, &size, seed);
            let path = m.solution();
            let print = Print::tiled(&m, Sizes::default(), path.as_deref(), &Limits::default()).unwrap();
            check(&print);
        }
    }
}
