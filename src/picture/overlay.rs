//! Results drawn on the user's own picture: a path through the corridor centres, start and
//! goal dots with a halo over the passages around them, at the picture's size and over its
//! colours.

use super::lattice::Lattice;
use super::raster::Raster;

/// The path's colour (the solution's blue, [`crate::palette::PATH`]).
pub const PATH: [u8; 3] = crate::palette::PATH;
/// The start dot's colour ([`crate::palette::START`]).
pub const START: [u8; 3] = crate::palette::START;
/// The goal dot's colour ([`crate::palette::GOAL`]).
pub const GOAL: [u8; 3] = crate::palette::GOAL;

/// Draws `path` (flat cell indices of the lattice's grid, consecutive cells adjacent) over
/// `raster` as a line through the cells' centres, a third of a passage wide (at least one
/// pixel), with a dot at each end. Cells outside the lattice are skipped. On a lattice read
/// in a straightened picture ([`Lattice::warp`]), the line follows the picture's own
/// rotation and perspective.
///
/// Complexity: O(path length × line width × pitch).
///
/// ```
/// use mazegraph::picture::{overlay, Lattice, Raster};
/// let lat = Lattice { width: 9, height: 3, rows: vec![(0.0, 3.0)],
///     cols: vec![(0.0, 3.0), (3.0, 6.0), (6.0, 9.0)], dark_walls: true, pixel: false,
///     blocks: false, warp: None };
/// let mut r = Raster::filled(9, 3, [255; 3]);
/// overlay::draw_path(&mut r, &lat, &[0, 1, 2]);
/// assert_eq!(r.pixel(4, 1), overlay::PATH);
/// assert_eq!(r.pixel(1, 1), overlay::START);
/// ```
pub fn draw_path(raster: &mut Raster, lattice: &Lattice, path: &[usize]) {
    let cols = lattice.cols.len().max(1);
    let (_, pass_y) = Lattice::widths(&lattice.rows);
    let (_, pass_x) = Lattice::widths(&lattice.cols);
    let passage = pass_x.min(pass_y).max(1.0);
    let half = if lattice.pixel {
        0.5
    } else {
        (passage / 6.0).max(0.5)
    };
    let centre = |i: usize| lattice.centre(i / cols, i % cols);
    if let Some(warp) = lattice.warp {
        draw_path_warped(raster, lattice, &warp, path, half, passage);
        return;
    }
    let mut prev: Option<(f64, f64)> = None;
    for &i in path {
        let Some(c) = centre(i) else { continue };
        let (a, b) = match prev {
            Some(p) => (p, c),
            None => (c, c),
        };
        // An axis-aligned bar from a to b, `half` either side of the centre line.
        let x0 = a.0.min(b.0) - half;
        let x1 = a.0.max(b.0) + half;
        let y0 = a.1.min(b.1) - half;
        let y1 = a.1.max(b.1) + half;
        fill(raster, x0, y0, x1, y1, PATH);
        prev = Some(c);
    }
    let dot = if lattice.pixel {
        0.5
    } else {
        (passage / 3.0).max(1.0)
    };
    for (cell, colour) in [(path.first(), START), (path.last(), GOAL)] {
        if let Some(c) = cell.and_then(|&i| centre(i)) {
            halo(raster, c, lattice.dark_walls, colour);
            fill(raster, c.0 - dot, c.1 - dot, c.0 + dot, c.1 + dot, colour);
        }
    }
}

/// Colours the passage pixels (and the path's) within a sixtieth of the picture's longer side
/// of `(x, y)`, never its walls: a start or goal mark found at a glance on a large picture,
/// which still reads as its maze.
fn halo(raster: &mut Raster, (x, y): (f64, f64), dark_walls: bool, colour: [u8; 3]) {
    let r = raster.width.max(raster.height) as f64 / 60.0;
    if r < 2.0 {
        return;
    }
    let span = |v: f64, n: usize| {
        (
            (v - r).floor().max(0.0) as usize,
            ((v + r).ceil().max(0.0) as usize).min(n),
        )
    };
    let ((x0, x1), (y0, y1)) = (span(x, raster.width), span(y, raster.height));
    for py in y0..y1 {
        for px in x0..x1 {
            let (dx, dy) = (px as f64 + 0.5 - x, py as f64 + 0.5 - y);
            if dx * dx + dy * dy > r * r {
                continue;
            }
            let [red, green, blue] = raster.pixel(px, py);
            let passage = super::raster::light([red, green, blue]) == dark_walls;
            if passage || [red, green, blue] == PATH {
                raster.fill_rect(px, py, px + 1, py + 1, colour);
            }
        }
    }
}

/// [`draw_path`] on a straightened lattice: the line is followed in the lattice's pixels, half
/// a pixel at a time, and each point is drawn where the warp puts it on the picture, as wide as
/// the warp makes `half` there; the dots likewise.
fn draw_path_warped(
    raster: &mut Raster,
    lattice: &Lattice,
    warp: &super::warp::Homography,
    path: &[usize],
    half: f64,
    passage: f64,
) {
    let cols = lattice.cols.len().max(1);
    let centre = |i: usize| lattice.centre(i / cols, i % cols);
    let mut prev: Option<(f64, f64)> = None;
    for &i in path {
        let Some(c) = centre(i) else { continue };
        let a = prev.unwrap_or(c);
        let len = ((c.0 - a.0).powi(2) + (c.1 - a.1).powi(2)).sqrt();
        let steps = (len * 2.0).ceil().max(1.0) as usize;
        for k in 0..=steps {
            let f = k as f64 / steps as f64;
            let (x, y) = (a.0 + f * (c.0 - a.0), a.1 + f * (c.1 - a.1));
            let (u, v) = warp.map(x, y);
            let r = half * warp.scale_at(x, y);
            fill(raster, u - r, v - r, u + r, v + r, PATH);
        }
        prev = Some(c);
    }
    let dot = (passage / 3.0).max(1.0);
    for (cell, colour) in [(path.first(), START), (path.last(), GOAL)] {
        if let Some((x, y)) = cell.and_then(|&i| centre(i)) {
            let (u, v) = warp.map(x, y);
            let r = dot * warp.scale_at(x, y);
            halo(raster, (u, v), lattice.dark_walls, colour);
            fill(raster, u - r, v - r, u + r, v + r, colour);
        }
    }
}

/// Fills the pixels whose centres lie in `[x0, x1) × [y0, y1)`.
fn fill(raster: &mut Raster, x0: f64, y0: f64, x1: f64, y1: f64, colour: [u8; 3]) {
    let px = |v: f64| (v - 0.5).ceil().max(0.0) as usize;
    raster.fill_rect(px(x0), px(y0), px(x1), px(y1), colour);
}

/// Paints cells of the lattice's grid over `raster`: each cell `i` for which `colour(i)` is
/// `Some(c)` has the pixels of its rectangle blended with `c` (55% colour, 45% picture), so the
/// picture's own drawing stays visible under the overlay. For overlays of whole cells (filled
/// dead ends, an attractor shaded by rank).
///
/// Complexity: O(pixels of the painted cells).
///
/// ```
/// use mazegraph::picture::{overlay, Lattice, Raster};
/// let lat = Lattice { width: 4, height: 2, rows: vec![(0.0, 2.0)],
///     cols: vec![(0.0, 2.0), (2.0, 4.0)], dark_walls: true, pixel: false,
///     blocks: false, warp: None };
/// let mut r = Raster::filled(4, 2, [255; 3]);
/// overlay::paint_cells(&mut r, &lat, |i| (i == 1).then_some([0, 0, 255]));
/// assert_eq!(r.pixel(0, 0), [255, 255, 255]);
/// assert_eq!(r.pixel(3, 1), [115, 115, 255]);
/// ```
pub fn paint_cells(
    raster: &mut Raster,
    lattice: &Lattice,
    colour: impl Fn(usize) -> Option<[u8; 3]>,
) {
    let cols = lattice.cols.len();
    let px = |v: f64| (v - 0.5).ceil().max(0.0) as usize;
    let blend = |raster: &mut Raster, x: usize, y: usize, paint: [u8; 3]| {
        let old = raster.pixel(x, y);
        let mixed: [u8; 3] = std::array::from_fn(|k| {
            ((u32::from(old[k]) * 45 + u32::from(paint[k]) * 55 + 50) / 100) as u8
        });
        raster.fill_rect(x, y, x + 1, y + 1, mixed);
    };
    if let Some(back) = lattice.warp.and_then(|w| w.inverse()) {
        // Each picture pixel is painted with the cell its centre falls in, straightened.
        // Spans are sorted and disjoint: the first that ends past `v`, if it holds `v`.
        let find = |spans: &[(f64, f64)], v: f64| {
            let k = spans.partition_point(|s| s.1 <= v);
            spans.get(k).filter(|s| v >= s.0).map(|_| k)
        };
        for y in 0..raster.height {
            for x in 0..raster.width {
                let (lx, ly) = back.map(x as f64 + 0.5, y as f64 + 0.5);
                let (Some(r), Some(c)) = (find(&lattice.rows, ly), find(&lattice.cols, lx)) else {
                    continue;
                };
                if let Some(paint) = colour(r * cols + c) {
                    blend(raster, x, y, paint);
                }
            }
        }
        return;
    }
    for (r, &(y0, y1)) in lattice.rows.iter().enumerate() {
        for (c, &(x0, x1)) in lattice.cols.iter().enumerate() {
            let Some(paint) = colour(r * cols + c) else {
                continue;
            };
            for y in px(y0)..px(y1).min(raster.height) {
                for x in px(x0)..px(x1).min(raster.width) {
                    blend(raster, x, y, paint);
                }
            }
        }
    }
}
