//! Stage 6, **sample with evidence**: each cell of a lattice hypothesis read from the tones,
//! with how clear the reading is.
//!
//! Rooms are read by the middle half of their rectangle (wall if half its pixels are), posts by
//! any wall pixel in their rectangle grown by a pixel, wall segments line by line along the
//! passage, across a wall line grown by a pixel when it is thin (a line of anti-aliased grey
//! counts when it is a third of the way to the wall colour), within a band around the line's
//! place when it is thin (a pen stroke that wobbles). A picture drawn one pixel per cell is read
//! pixel by pixel.
//!
//! Complexity: O(cells × pixels sampled per cell), at most the picture's size; memory the grid.

use super::lattice::Lattice;
use super::tones::{is_wall, tone_at, Tones, LIGHT, MARK, MID};
use crate::grid::{Grid, Limits, Shape};

/// Tones below this count as wall in thin lines and posts (a third of the way from the passage
/// colour to the wall colour).
const THIN_WALL: u8 = 170;

/// The pixel range sampled across a span `[s, e)`. Without `grow` (rooms, and wall segments
/// along their passage): the pixels whose centres lie in the span's middle half, at least the
/// one at its centre. With `grow` (across a wall line, posts): the middle half when the span is
/// at least 4 pixels wide, else every pixel it touches, and one more each side when it is
/// thinner than 2 pixels (a thin line a little off its fitted place). Never outside `extent`,
/// the maze's own span (so a frame is not read with the margin's blur). The flag says "thin".
pub fn window(s: f64, e: f64, extent: (f64, f64), grow: bool) -> (usize, usize, bool) {
    let len = e - s;
    let (min, max) = (
        extent.0.floor().max(0.0) as usize,
        extent.1.ceil().max(0.0) as usize,
    );
    let clamp = |v: f64| (v.max(0.0) as usize).clamp(min, max);
    if !grow || len >= 4.0 {
        let centre = clamp(((s + e) / 2.0).floor());
        let lo = clamp((s + 0.25 * len - 0.5).ceil()).min(centre);
        let hi = clamp((e - 0.25 * len - 0.5).floor() + 1.0).max(centre + 1);
        (lo, hi.min(max.max(lo + 1)), false)
    } else {
        let (mut lo, mut hi) = (clamp(s.floor()), clamp(e.ceil()));
        if len < 2.0 {
            lo = lo.saturating_sub(1).max(min);
            hi = (hi + 1).min(max);
        }
        (lo, hi.max(lo + 1), true)
    }
}

/// The tone limit for wall pixels in a wall line `len` pixels thick: lines thinner than 2 pixels
/// are grey once anti-aliased, and count from the lattice's thin-line limit ([`Bands`]); thicker
/// ones have a pixel past the midpoint.
fn limit_for(len: f64, bands: &Bands) -> u8 {
    if len < 2.0 {
        bands.thin
    } else {
        MID
    }
}
/// How far a thin wall line's band reaches beyond the line each side ([`wall_share`]): a sixth
/// of the pitch (at least a pixel), never past a quarter of the passages beside it; for the
/// lines along the rows and those along the columns. And how faint a line thinner than two
/// pixels may be: from [`THIN_WALL`] (a third of the way to the wall colour), down to what
/// stands clearly above the passages' own tones (a grey hairline on clean paper). Computed once
/// per lattice.
#[derive(Clone, Copy, Debug)]
pub struct Bands {
    rows: f64,
    cols: f64,
    thin: u8,
}

impl Bands {
    /// The bands of `lat`'s wall lines on tones `t`. The passages' tone is the median tone at
    /// the centres of at most 4,096 rooms spread over the maze, their noise its median absolute
    /// deviation: a thin line's pixel is wall when it lies farther from that tone, towards the
    /// walls', than the larger of 16, four times the noise and 15% of the way.
    ///
    /// Complexity: O(rows + columns + rooms sampled).
    pub fn of(t: &Tones, lat: &Lattice) -> Bands {
        let grow = |spans: &[(f64, f64)]| {
            let pitch = Lattice::pitch(spans);
            let (_, passage) = Lattice::widths(spans);
            (pitch / 6.0).max(1.0).min(passage / 4.0).max(0.0)
        };
        Bands {
            rows: grow(&lat.rows),
            cols: grow(&lat.cols),
            thin: thin_limit(t, lat),
        }
    }

    /// How far the bands of the wall lines along the rows reach, in pixels.
    pub fn rows(&self) -> f64 {
        self.rows
    }

    /// How far the bands of the wall lines along the columns reach, in pixels.
    pub fn cols(&self) -> f64 {
        self.cols
    }
}

/// The tone limit of thin lines' wall pixels ([`Bands::of`]), as a distance from the wall colour
/// ([`is_wall`]'s `limit`).
fn thin_limit(t: &Tones, lat: &Lattice) -> u8 {
    let (rows, cols) = (lat.rows.len(), lat.cols.len());
    if lat.pixel || rows < 3 || cols < 3 {
        return THIN_WALL;
    }
    let rooms = (rows / 2) * (cols / 2);
    let step = rooms.div_ceil(4096).max(1);
    let w = lat.width;
    // Ink: the distance from the passage colour.
    let ink = |v: u8| if lat.dark_walls { LIGHT - v } else { v };
    let mut inks: Vec<u8> = (0..rooms)
        .step_by(step)
        .filter_map(|k| {
            let (i, j) = (2 * (k / (cols / 2)) + 1, 2 * (k % (cols / 2)) + 1);
            let (x, y) = lat.centre(i, j)?;
            let v = tone_at(&t.tone, w, x as usize, y as usize);
            (v != MARK).then(|| ink(v))
        })
        .collect();
    if inks.len() < 4 {
        return THIN_WALL;
    }
    inks.sort_unstable();
    let paper = inks[inks.len() / 2];
    let mut dev: Vec<u8> = inks.iter().map(|&v| v.abs_diff(paper)).collect();
    dev.sort_unstable();
    let noise = f64::from(dev[dev.len() / 2]) * 1.4826;
    let margin = 16f64
        .max(4.0 * noise)
        .max(0.15 * f64::from(LIGHT - paper.min(LIGHT)));
    let threshold = (f64::from(paper) + margin).min(f64::from(LIGHT));
    // is_wall's limit is the distance from the wall colour: LIGHT − the ink threshold.
    let limit = (f64::from(LIGHT) - threshold)
        .round()
        .clamp(0.0, f64::from(LIGHT)) as u8;
    limit.max(THIN_WALL)
}

/// How far a wall share may be from 0 or 1 and still be a clear reading: shares between
/// `DOUBT` and `1 − DOUBT` are doubtful.
pub const DOUBT: f64 = 0.3;

/// The evidence that cell `(i, j)` of a (not one-pixel-per-cell) lattice is wall, from 0 (clear
/// passage) to 1 (clear wall):
///
/// - a **room**: the share of wall pixels in the middle half of its rectangle;
/// - a **post**: 1 when any pixel of its rectangle (grown by a pixel when thin) is wall, else 0;
/// - a **wall segment**: the share of the lines across it, in the middle half of the passage
///   it closes, that meet the wall: for a thin line (under 4 pixels), a line meets it when a
///   wall pixel lies in a band around the line's place (the line grown by a sixth of the pitch,
///   at least a pixel, each side: a pen stroke that wobbles or thickens); for a thick one, when
///   most of its pixels across the line are wall.
///
/// `bands` are [`Bands::of`] the lattice, computed once.
///
/// Complexity: O(pixels sampled in the cell).
pub fn wall_share(t: &Tones, lat: &Lattice, bands: &Bands, i: usize, j: usize) -> f64 {
    let (Some(&(y0, y1)), Some(&(x0, x1))) = (lat.rows.get(i), lat.cols.get(j)) else {
        return 1.0;
    };
    let (ext_x, ext_y) = (Lattice::extent(&lat.cols), Lattice::extent(&lat.rows));
    let dw = lat.dark_walls;
    let w = lat.width;
    match (i.is_multiple_of(2), j.is_multiple_of(2)) {
        (true, true) => {
            // Post: any wall pixel in its rectangle (grown by one pixel when thin).
            let (ya, yb, _) = window(y0, y1, ext_y, true);
            let (xa, xb, _) = window(x0, x1, ext_x, true);
            let limit = limit_for((y1 - y0).min(x1 - x0), bands);
            let any =
                (ya..yb).any(|y| (xa..xb).any(|x| is_wall(tone_at(&t.tone, w, x, y), dw, limit)));
            f64::from(u8::from(any))
        }
        (false, false) => {
            let (ya, yb, _) = window(y0, y1, ext_y, false);
            let (xa, xb, _) = window(x0, x1, ext_x, false);
            let (mut n, mut k) = (0usize, 0usize);
            for y in ya..yb {
                for x in xa..xb {
                    let v = tone_at(&t.tone, w, x, y);
                    if v != MARK {
                        k += usize::from(is_wall(v, dw, MID));
                        n += 1;
                    }
                }
            }
            if n == 0 {
                0.0
            } else {
                k as f64 / n as f64
            }
        }
        (line_is_row, _) => {
            // A wall segment: lines along the passage, each crossing the wall line.
            let (along, across, grow) = if line_is_row {
                ((x0, x1, ext_x), (y0, y1, ext_y), bands.rows)
            } else {
                ((y0, y1, ext_y), (x0, x1, ext_x), bands.cols)
            };
            let (la, lb, _) = window(along.0, along.1, along.2, false);
            let (mut ca, mut cb, thin) = window(across.0, across.1, across.2, true);
            if thin {
                // The band: the line grown each side ([`Bands`]).
                let (lo, hi) = (
                    (across.0 - grow).max(across.2 .0).floor().max(0.0) as usize,
                    (across.1 + grow).min(across.2 .1).ceil().max(0.0) as usize,
                );
                ca = ca.min(lo);
                cb = cb.max(hi);
            }
            let limit = limit_for(across.1 - across.0, bands);
            let (mut walls, mut lines) = (0usize, 0usize);
            for l in la..lb {
                let px = |c: usize| {
                    let (x, y) = if line_is_row { (l, c) } else { (c, l) };
                    tone_at(&t.tone, w, x, y)
                };
                // Marks are left out; a line of marks only is not counted.
                let seen = (ca..cb).filter(|&c| px(c) != MARK).count();
                if seen == 0 {
                    continue;
                }
                let line_wall = if thin {
                    (ca..cb).any(|c| is_wall(px(c), dw, limit))
                } else {
                    let k = (ca..cb).filter(|&c| is_wall(px(c), dw, MID)).count();
                    2 * k >= seen
                };
                walls += usize::from(line_wall);
                lines += 1;
            }
            if lines == 0 {
                0.0
            } else {
                walls as f64 / lines as f64
            }
        }
    }
}

/// A maze sampled from a picture, with the evidence of its walls.
#[derive(Clone, Debug)]
pub struct Sampled {
    /// The maze's cells (1 = path).
    pub grid: Grid,
    /// The cells whose reading is in doubt (a wall share between [`DOUBT`] and `1 − DOUBT`),
    /// in index order; they are read by the majority of their evidence.
    pub doubtful: Vec<usize>,
    /// How clear the least clear reading is, from 0 (a share of one half) to 1 (every cell all
    /// wall or all passage): twice the smallest distance of a share to one half.
    pub confidence: f64,
}

/// Samples the picture's tones on the lattice into a maze grid (1 = path), with the evidence
/// of each reading ([`wall_share`]). A post with no wall pixel of its own is wall when a wall
/// segment beside it is (strokes that stop short of where they meet).
///
/// Errors: [`crate::Error::TooLarge`] when the grid would exceed `limits`.
pub fn sample(t: &Tones, lat: &Lattice, limits: &Limits) -> crate::Result<Sampled> {
    let (rows, cols) = (lat.rows.len(), lat.cols.len());
    let shape = Shape::with_limits(vec![rows, cols], limits)?;
    let mut grid = Grid::walls(shape);
    let dw = lat.dark_walls;
    if lat.pixel {
        let bits = grid.bits_mut();
        for (i, &v) in t.tone.iter().enumerate().take(rows * cols) {
            if !is_wall(v, dw, MID) {
                bits.insert(i);
            }
        }
        return Ok(Sampled {
            grid,
            doubtful: Vec::new(),
            confidence: 1.0,
        });
    }
    let bands = Bands::of(t, lat);
    let mut doubtful = Vec::new();
    let mut closest = 0.5f64;
    let mut open_posts = Vec::new();
    for i in 0..rows {
        crate::stop::check();
        for j in 0..cols {
            let share = wall_share(t, lat, &bands, i, j);
            if share > 0.0 && share < 1.0 && std::env::var_os("MAZEGRAPH_DEBUG_CELLS").is_some() {
                eprintln!("cell ({i}, {j}) share {share:.2} thin {}", bands.thin);
            }
            if i % 2 == 0 && j % 2 == 0 {
                if share < 0.5 {
                    open_posts.push((i, j));
                }
                continue;
            }
            let d = (share - 0.5).abs();
            closest = closest.min(d);
            if d < 0.5 - DOUBT {
                doubtful.push(i * cols + j);
            }
            if share < 0.5 {
                grid.set_path(i * cols + j, true);
            }
        }
    }
    for (i, j) in open_posts {
        let wall = |a: Option<usize>, b: Option<usize>| match (a, b) {
            (Some(a), Some(b)) if a < rows && b < cols => !grid.is_path(a * cols + b),
            _ => false,
        };
        let beside = wall(i.checked_sub(1), Some(j))
            || wall(Some(i + 1), Some(j))
            || wall(Some(i), j.checked_sub(1))
            || wall(Some(i), Some(j + 1));
        if !beside {
            grid.set_path(i * cols + j, true);
        }
    }
    Ok(Sampled {
        grid,
        doubtful,
        confidence: 2.0 * closest,
    })
}
