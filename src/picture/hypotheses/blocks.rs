//! The **block finder**: a maze drawn as a grid of equal squares, each wholly wall or passage,
//! with no lattice of thin wall lines and rooms: a grid world (any square may be wall, rooms
//! are not kept apart by wall lines), a block maze scaled by a fractional factor, a maze of
//! tiles whose seams and shades differ a little from tile to tile.
//!
//! Per axis, on the tones of [`super::super::tones`]:
//!
//! 1. **Edges**: the peaks of the class-change profile ([`super::edges`]'s), both signs
//!    together: in a grid of blocks, every edge lies on a block boundary, whichever way it
//!    changes.
//! 2. **Block side**: the smallest gap between consecutive edges that the other gaps are whole
//!    multiples of; three quarters of the gaps must be a single block (every boundary of a grid
//!    of blocks has edges in some rows: a line maze's edges are a line apart, then a passage;
//!    a small grid world whose open ground spans rows with no edge between them is left to the
//!    other finders) (at least 4 pixels: smaller blocks are left to the edge finder and the pixel lattice); both axes must agree within 3% (blocks are square).
//! 3. **Grid**: a boundary every block from the phase of the edges (circular mean), each moved
//!    to a detected edge when one lies within a sixth of a block. The grid reaches the
//!    picture's side (or its margin of a third colour) when the side is wall (the frame
//!    touches it), else it starts at the outermost edge (paper around the maze).
//!
//! The lattice it proposes has every cell a block ([`Lattice::blocks`]): cells are read whole
//! and verified as blocks, not as rooms, posts and wall segments. A line maze whose passages
//! are whole multiples of its walls also has its edges on such a grid; it reads as blocks with
//! corridors several blocks wide, which verification refuses ([`super::super::drawn_per_pixel`]
//! asks for corridors one cell wide), and the edge finder's coarser lattice wins when both
//! explain the picture.
//!
//! Complexity: O(width × height) for the profiles; O(edges²) at worst for the block side.

use super::super::lattice::Lattice;
use super::super::tones::Tones;
use super::super::verify::{graded, FLAT};
use super::edges::{all_peaks, pitch_with_min, profiles, wall_count, Profiles};
use super::Failure;

/// The largest share of the pixels of a grid's blocks that may be of their block's minority
/// class ([`impurity`]): the blurred or resampled edges of a grid of blocks, not thin lines
/// between passages (a line maze whose lines and passages both fit a small block side has
/// blocks half ink, half paper).
const MAX_IMPURITY: f64 = 0.1;

/// The smallest block side proposed, in pixels (one pixel per cell is the pixel lattice's).
const MIN_SIDE: f64 = 4.0;

/// Finds a grid of square blocks in the tones `t` of a picture `width × height`, inside
/// `margins` (top, right, bottom, left) of a third colour: one lattice for each polarity
/// (walls of the darker colour, then of the lighter) that fits, or why not.
///
/// ```
/// use mazegraph::picture::{hypotheses::blocks, tones, Raster};
/// // A 5×5 grid world (a loop round one pillar) drawn as blocks of 12 pixels.
/// let world = ["#####", "#...#", "#.#.#", "#...#", "##.##"];
/// let mut r = Raster::filled(60, 60, [255; 3]);
/// for (i, row) in world.iter().enumerate() {
///     for (j, c) in row.bytes().enumerate() {
///         if c == b'#' {
///             r.fill_rect(12 * j, 12 * i, 12 * j + 12, 12 * i + 12, [0; 3]);
///         }
///     }
/// }
/// let t = tones::tones(&r, [0; 4]).unwrap();
/// let lat = blocks::find(&t, 60, 60, [0; 4]).remove(0).expect("a grid");
/// assert!(lat.blocks && lat.dark_walls);
/// assert_eq!((lat.rows.len(), lat.cols.len()), (5, 5));
/// ```
pub fn find(
    t: &Tones,
    width: usize,
    height: usize,
    margins: [usize; 4],
) -> Vec<Result<Lattice, Failure>> {
    find_on(t, &profiles(t, width, height), width, height, margins)
}

/// [`find`] on the profiles `prof` of the tones `t` ([`super::edges::Profiles`]).
pub(super) fn find_on(
    t: &Tones,
    prof: &Profiles,
    width: usize,
    height: usize,
    margins: [usize; 4],
) -> Vec<Result<Lattice, Failure>> {
    match side_of(t, prof, width, height) {
        Ok((side, ex, ey)) => [true, false]
            .into_iter()
            .map(|dark| polarity(t, (width, height), margins, side, (&ex, &ey), dark))
            .collect(),
        Err(why) => vec![Err(why)],
    }
}

/// The edges along x and y (both signs) and the block side they lie on, or why there is none.
fn side_of(
    t: &Tones,
    prof: &Profiles,
    width: usize,
    height: usize,
) -> Result<(f64, Vec<f64>, Vec<f64>), Failure> {
    if width == 0 || height == 0 {
        return Err("the picture is empty".into());
    }
    let shades = graded(t);
    trace!("blocks: {:.1}% of the pixels graded", 100.0 * shades);
    // Blocks are drawn flat, their shades only where they meet; a photo is shaded all over.
    if shades > FLAT {
        return Err(format!(
            "{:.0}% of its pixels are shades between its two colours: a photo, not a grid of \
             blocks drawn flat",
            100.0 * shades
        ));
    }
    let (px, py) = prof;
    let merged = |p: &[Vec<u32>; 2]| {
        let [a, b] = all_peaks(p);
        let mut all: Vec<f64> = a.into_iter().chain(b).collect();
        all.sort_by(|x, y| x.total_cmp(y));
        all.dedup_by(|x, y| (*x - *y).abs() < 0.5);
        all
    };
    let (ex, ey) = (merged(px), merged(py));
    let side_of = |e: &[f64]| {
        if e.len() < 3 {
            None
        } else {
            pitch_with_min(&[e.to_vec(), Vec::new()], MIN_SIDE)
        }
    };
    let side = match (side_of(&ex), side_of(&ey)) {
        (Some(a), Some(b)) if (a - b).abs() <= 0.03 * a.max(b) => (a + b) / 2.0,
        (Some(a), None) | (None, Some(a)) => a,
        _ => return Err("the edges do not lie on a grid of square blocks".into()),
    };
    // Every block boundary has edges in some rows: consecutive edges lie a block apart, not a
    // wall line and a passage several blocks wide apart (a line maze whose passages are a
    // whole number of its lines' widths).
    let single = |e: &[f64]| {
        let gaps: Vec<f64> = e.windows(2).map(|w| w[1] - w[0]).collect();
        let one = gaps.iter().filter(|&&g| g < 1.5 * side).count();
        4 * one >= 3 * gaps.len()
    };
    if !single(&ex) || !single(&ey) {
        return Err("the edges lie a block apart only here and there: lines, not blocks".into());
    }
    Ok((side, ex, ey))
}

/// The grid of blocks of `side` on the edges `(ex, ey)` with walls of the darker colour when
/// `dark_walls`, checked block by block ([`impurity`]).
fn polarity(
    t: &Tones,
    (width, height): (usize, usize),
    margins: [usize; 4],
    side: f64,
    (ex, ey): (&[f64], &[f64]),
    dark_walls: bool,
) -> Result<Lattice, Failure> {
    let [top, right, bottom, left] = margins;
    let x_range = (
        left.min(width - 1),
        width.saturating_sub(right).max(left + 1),
    );
    let y_range = (
        top.min(height - 1),
        height.saturating_sub(bottom).max(top + 1),
    );
    let wall_col =
        |a: usize, b: usize| wall_share(t, width, a..b, y_range.0..y_range.1, dark_walls);
    let wall_row =
        |a: usize, b: usize| wall_share(t, width, x_range.0..x_range.1, a..b, dark_walls);
    let cols = grid(ex, side, x_range, &wall_col).ok_or("too few blocks across")?;
    let rows = grid(ey, side, y_range, &wall_row).ok_or("too few blocks down")?;
    if rows.len() < 3 || cols.len() < 3 {
        return Err("too few blocks for a maze (fewer than 3 each way)".into());
    }
    let mixed = impurity(t, width, &rows, &cols, dark_walls);
    if mixed > MAX_IMPURITY {
        return Err(format!(
            "the squares of the grid found are not of one colour each ({:.0}% of their pixels \
             are of the other colour)",
            100.0 * mixed
        ));
    }
    Ok(Lattice {
        blocks: true,
        ..Lattice::of_spans(width, height, rows, cols, dark_walls)
    })
}

/// The block spans along one axis: a boundary every `side` pixels in phase with the `edges`,
/// each moved to an edge within a sixth of a block, from the picture's side `range.0` (when
/// the strip there is mostly wall: `wall(a, b)` the wall share of pixels `a..b`) or the first
/// edge, to the other side or the last edge. A block cut by the picture's side is kept when
/// at least half of it shows. `None` when fewer than 3 blocks result.
fn grid(
    edges: &[f64],
    side: f64,
    range: (usize, usize),
    wall: &dyn Fn(usize, usize) -> f64,
) -> Option<Vec<(f64, f64)>> {
    let tau = std::f64::consts::TAU;
    let (mut c, mut s) = (0.0, 0.0);
    for &x in edges {
        c += (x / side * tau).cos();
        s += (x / side * tau).sin();
    }
    let phase = s.atan2(c).rem_euclid(tau) / tau * side;
    let (first, last) = (*edges.first()?, *edges.last()?);
    let (lo, hi) = (range.0 as f64, range.1 as f64);
    let strip = (side / 2.0).max(1.0) as usize;
    // Where the grid starts and ends: the picture's side when the strip along it is wall.
    let start = if wall(range.0, (range.0 + strip).min(range.1)) > 0.5 {
        lo
    } else {
        first
    };
    let end = if wall(range.1.saturating_sub(strip).max(range.0), range.1) > 0.5 {
        hi
    } else {
        last
    };
    let snap = side / 6.0;
    let mut lines: Vec<f64> = Vec::new();
    let mut x = phase + ((start - phase) / side).round() * side;
    while x <= end + snap {
        let near = edges
            .iter()
            .copied()
            .filter(|e| (e - x).abs() <= snap)
            .min_by(|a, b| (a - x).abs().total_cmp(&(b - x).abs()));
        lines.push(near.unwrap_or(x).clamp(lo, hi));
        x += side;
    }
    // A block cut by the picture's side: kept when half of it shows; a boundary within a
    // pixel of the side is the side (a sliver beyond is margin).
    if let Some(&f) = lines.first() {
        if start == lo && f - lo >= side / 2.0 {
            lines.insert(0, lo);
        } else if start == lo && f - lo < 1.0 {
            lines[0] = lo;
        }
    }
    if let Some(&l) = lines.last() {
        if end == hi && hi - l >= side / 2.0 {
            lines.push(hi);
        } else if end == hi && hi - l < 1.0 {
            if let Some(v) = lines.last_mut() {
                *v = hi;
            }
        }
    }
    lines.dedup_by(|a, b| (*a - *b).abs() < side / 2.0);
    let spans: Vec<(f64, f64)> = lines.windows(2).map(|w| (w[0], w[1])).collect();
    (spans.len() >= 3).then_some(spans)
}

/// The share of the pixels of the blocks (`rows × cols` spans) holding any wall that are not
/// of their block's majority class (marks left out; blocks of paper alone, a page's margins,
/// do not dilute it). O(pixels of the grid).
fn impurity(
    t: &Tones,
    width: usize,
    rows: &[(f64, f64)],
    cols: &[(f64, f64)],
    dark_walls: bool,
) -> f64 {
    let px = |v: f64| v.max(0.0).round() as usize;
    let (mut minority, mut all) = (0usize, 0usize);
    for &(y0, y1) in rows {
        for &(x0, x1) in cols {
            let share = wall_share(t, width, px(x0)..px(x1), px(y0)..px(y1), dark_walls);
            if share == 0.0 {
                continue;
            }
            let n = (px(x1) - px(x0)) * (px(y1) - px(y0));
            minority += (share.min(1.0 - share) * n as f64).round() as usize;
            all += n;
        }
    }
    minority as f64 / all.max(1) as f64
}

/// The share of the rectangle's pixels that are wall (marks left out).
fn wall_share(
    t: &Tones,
    width: usize,
    xs: std::ops::Range<usize>,
    ys: std::ops::Range<usize>,
    dark_walls: bool,
) -> f64 {
    let (k, n) = wall_count(&t.tone, width, xs, ys, dark_walls);
    k as f64 / n.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::{tones, Raster};

    /// A picture of `cells` (rows of '#' and '.') drawn as blocks of `side` pixels (fractional:
    /// each pixel takes the block its centre lies in), in a margin of `margin` white pixels.
    fn blocks(cells: &[&str], side: f64, margin: usize) -> Raster {
        let (rows, cols) = (cells.len(), cells[0].len());
        let w = (cols as f64 * side).round() as usize + 2 * margin;
        let h = (rows as f64 * side).round() as usize + 2 * margin;
        let mut r = Raster::filled(w, h, [255; 3]);
        for y in margin..h - margin {
            for x in margin..w - margin {
                let i = (((y - margin) as f64 + 0.5) / side) as usize;
                let j = (((x - margin) as f64 + 0.5) / side) as usize;
                if cells.get(i).and_then(|l| l.as_bytes().get(j)) == Some(&b'#') {
                    r.rgb[3 * (y * w + x)..3 * (y * w + x) + 3].copy_from_slice(&[20; 3]);
                }
            }
        }
        r
    }

    const WORLD: [&str; 7] = [
        "##.####", "#..#..#", "#.##..#", "#...#.#", "##.#..#", "#.....#", "#####.#",
    ];

    #[test]
    fn a_grid_world_at_a_fractional_side_is_found_block_by_block() {
        for (side, margin) in [(9.6, 0), (13.0, 11), (5.5, 3)] {
            let r = blocks(&WORLD, side, margin);
            let t = tones::tones(&r, [0; 4]).unwrap();
            let lat = find(&t, r.width, r.height, [0; 4]).remove(0).unwrap();
            assert_eq!((lat.rows.len(), lat.cols.len()), (7, 7), "side {side}");
            assert!(lat.blocks);
            let (a, b) = lat.cols[3];
            assert!((b - a - side).abs() < 1.0, "side {side}: {:?}", lat.cols);
            assert!(
                (lat.cols[0].0 - margin as f64).abs() < 1.0,
                "{:?}",
                lat.cols
            );
        }
    }

    #[test]
    fn uneven_edges_are_no_grid() {
        // Thin lines two pixels wide, seven apart: gaps of 2 and 5 share no block side.
        let mut r = Raster::filled(60, 60, [255; 3]);
        for k in 0..8 {
            for d in 0..2 {
                let p = 3 + 7 * k + d;
                for q in 0..60 {
                    r.rgb[3 * (q * 60 + p)..3 * (q * 60 + p) + 3].copy_from_slice(&[0; 3]);
                    r.rgb[3 * (p * 60 + q)..3 * (p * 60 + q) + 3].copy_from_slice(&[0; 3]);
                }
            }
        }
        let t = tones::tones(&r, [0; 4]).unwrap();
        assert!(find(&t, 60, 60, [0; 4]).iter().all(|r| r.is_err()));
    }
}
