//! Lattice recovery: where a maze's rows and columns of cells lie in a picture.
//!
//! A maze picture is a lattice: along each axis, *wall lines* (thickness `w`) alternate with
//! *passages* (width `p`), with a pitch `w + p` that may be fractional (a resized screenshot),
//! inside a margin of any width. Cell `(i, j)` of the project's grid is the rectangle where the
//! `i`-th span down meets the `j`-th span across: rooms are passage × passage, posts are wall
//! line × wall line, and the cells between are wall segments, wall or open.
//!
//! Recovery, per axis, on the tones of [`super::tone`]:
//!
//! 1. **Edge profile**: for each pixel boundary `x`, the number of rows whose class (dark or
//!    light; marks ignored) changes between `x − 1` and `x`. Lattice boundaries are the only
//!    places where many rows change, so the profile has a peak at each one and little
//!    elsewhere (anti-aliasing and resizing move an edge by the same amount in every row).
//! 2. **Peaks**: positions above 12% of the highest count, grouped, each group's weighted centre
//!    a boundary (sub-pixel, so fractional pitches keep their phase).
//! 3. **Lattice fit**: edges into the dark class and edges out of it each lie one pitch apart
//!    (or whole numbers of pitches where a wall line has too few closed walls): the pitch is
//!    the smallest gap that the others are multiples of, refined by least squares; each sign's
//!    phase is a circular mean. Every boundary the fit predicts between the outermost edges is
//!    kept, moved to a detected edge when one is near: spurious edges are dropped and missing
//!    ones filled in.
//! 4. **Polarity and extent**: the class found at nearly every intersection of one parity of
//!    spans is the posts' (walls'); the other parity's intersections are rooms. The spans
//!    nearest the picture's sides must be wall lines (the maze's frame): a side whose first
//!    span is a passage has its frame in the outer part, which must then be of the wall class;
//!    otherwise the outer part is margin. Dark walls are preferred; light walls are chosen when
//!    dark walls do not fit, or when dark walls would be doubtful (a frame three times thicker
//!    than the walls, or walls 2.5 times thicker than the passages: a light line maze read
//!    the wrong way round) and light ones are not.
//! 5. **Sampling**: rooms by the middle half of their rectangle (wall if half its pixels are),
//!    posts by any wall pixel in their rectangle grown by a pixel, wall segments line by line
//!    along the passage, across a wall line grown by a pixel when it is thin (a line of
//!    anti-aliased grey counts when it is a third of the way to the wall colour).
//!
//! A picture whose profile has significant edges at most positions of both parities is drawn
//! one pixel per cell, and is sampled pixel by pixel (a noise check refuses random pictures).
//!
//! Complexity: O(width × height) for the profiles and the class counts, plus O(cells × pixels
//! sampled per cell) for sampling, which is at most the picture's size; memory is the tones
//! (one byte a pixel) and the grid.

use super::tone::{Tones, LIGHT, MARK, MID};
use super::Cells;
use crate::grid::{Grid, Limits, Shape};

/// The smallest pitch detected (a wall line and a passage): cells of 2 pixels or more.
const MIN_PITCH: f64 = 3.5;

/// Tones below this count as wall in thin lines and posts (a third of the way from the passage
/// colour to the wall colour).
const THIN_WALL: u8 = 170;

/// Where the maze's cells lie in the picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Lattice {
    /// Picture width in pixels.
    pub width: usize,
    /// Picture height in pixels.
    pub height: usize,
    /// The pixel span `[start, end)` of each row of cells, top to bottom (2R + 1 of them for
    /// R rows of rooms; even rows are wall lines).
    pub rows: Vec<(f64, f64)>,
    /// The pixel span of each column of cells, left to right.
    pub cols: Vec<(f64, f64)>,
    /// True when walls are the darker of the picture's two colours.
    pub dark_walls: bool,
    /// True when the picture is drawn one pixel per cell.
    pub pixel: bool,
    /// For a maze read from a straightened picture (a photo taken at an angle): the map from
    /// the straightened picture's pixels, where `rows` and `cols` lie, to the picture's own.
    /// `None` when the spans are the picture's own pixels.
    pub warp: Option<super::warp::Homography>,
}

impl Lattice {
    /// The lattice of a picture drawn one pixel per cell, dark walls.
    pub fn pixel(width: usize, height: usize) -> Lattice {
        Lattice {
            width,
            height,
            rows: (0..height).map(|y| (y as f64, y as f64 + 1.0)).collect(),
            cols: (0..width).map(|x| (x as f64, x as f64 + 1.0)).collect(),
            dark_walls: true,
            pixel: true,
            warp: None,
        }
    }

    /// The point `(x, y)` of the lattice's pixels (the straightened picture's, when it was
    /// straightened) in the picture's own pixels.
    pub fn to_picture(&self, x: f64, y: f64) -> (f64, f64) {
        match &self.warp {
            Some(h) => h.map(x, y),
            None => (x, y),
        }
    }

    /// The lattice moved by `(dx, dy)` pixels into a picture `width × height`: a lattice found
    /// in a crop, placed in the picture it was cropped from.
    pub fn shifted(mut self, dx: usize, dy: usize, width: usize, height: usize) -> Lattice {
        for s in &mut self.rows {
            *s = (s.0 + dy as f64, s.1 + dy as f64);
        }
        for s in &mut self.cols {
            *s = (s.0 + dx as f64, s.1 + dx as f64);
        }
        self.width = width;
        self.height = height;
        self
    }

    /// The centre of cell `(row, col)` in pixel coordinates `(x, y)`.
    pub fn centre(&self, row: usize, col: usize) -> Option<(f64, f64)> {
        let (y0, y1) = *self.rows.get(row)?;
        let (x0, x1) = *self.cols.get(col)?;
        Some(((x0 + x1) / 2.0, (y0 + y1) / 2.0))
    }

    /// Mean width of the wall lines and of the passages along `spans` (the frame, first and
    /// last spans, is left out when there are other wall lines: it may be thicker).
    pub fn widths(spans: &[(f64, f64)]) -> (f64, f64) {
        let n = spans.len();
        let mean = |keep: &dyn Fn(usize) -> bool| {
            let v: Vec<f64> = (0..n)
                .filter(|&i| keep(i))
                .map(|i| spans[i].1 - spans[i].0)
                .collect();
            if v.is_empty() {
                0.0
            } else {
                v.iter().sum::<f64>() / v.len() as f64
            }
        };
        let inner = |i: usize| i.is_multiple_of(2) && i > 0 && i + 1 < n;
        let wall = if n > 4 {
            mean(&inner)
        } else {
            mean(&|i| i % 2 == 0)
        };
        (wall, mean(&|i| i % 2 == 1))
    }

    /// The pitch (wall line + passage) along `spans`.
    pub fn pitch(spans: &[(f64, f64)]) -> f64 {
        if spans.len() < 3 {
            return spans.first().map(|(a, b)| b - a).unwrap_or(0.0);
        }
        // Distance between the starts of the second and the last passages, over their count.
        let passages: Vec<f64> = spans.iter().skip(1).step_by(2).map(|s| s.0).collect();
        match (passages.first(), passages.last()) {
            (Some(a), Some(b)) if passages.len() > 1 => (b - a) / (passages.len() - 1) as f64,
            _ => spans.iter().map(|(a, b)| b - a).sum::<f64>() / 2.0,
        }
    }
}

/// Why no lattice was found: a sentence for the user.
pub type Failure = String;

/// The class-change profiles along x (length `width + 1`) and y (length `height + 1`), one for
/// changes into the dark class and one for changes out of it (so that the two edges of a line
/// one pixel thick stay apart).
fn profiles(t: &Tones, width: usize, height: usize) -> ([Vec<u32>; 2], [Vec<u32>; 2]) {
    let mut px = [vec![0u32; width + 1], vec![0u32; width + 1]];
    let mut py = [vec![0u32; height + 1], vec![0u32; height + 1]];
    let class = |v: u8| -> u8 {
        if v == MARK {
            2
        } else {
            u8::from(v >= MID)
        }
    };
    let mut prev_row: Vec<u8> = Vec::new();
    for (y, row) in t.tone.chunks_exact(width.max(1)).enumerate().take(height) {
        crate::stop::check();
        let cur: Vec<u8> = row.iter().map(|&v| class(v)).collect();
        for x in 1..cur.len() {
            let (a, b) = (cur[x - 1], cur[x]);
            if a != b && a != 2 && b != 2 {
                px[usize::from(b)][x] += 1;
            }
        }
        if y > 0 {
            for (a, b) in prev_row.iter().zip(&cur) {
                if a != b && *a != 2 && *b != 2 {
                    py[usize::from(*b)][y] += 1;
                }
            }
        }
        prev_row = cur;
    }
    (px, py)
}

/// The peaks of both signed profiles (edges into the dark class, edges into the light class),
/// and the significant share of even and of odd positions (the larger of the two profiles').
fn signed_peaks(p: &[Vec<u32>; 2]) -> ([Vec<f64>; 2], [f64; 2]) {
    let (a, ca) = peaks(&p[0]);
    let (b, cb) = peaks(&p[1]);
    ([a, b], [ca[0].max(cb[0]), ca[1].max(cb[1])])
}

/// Peaks of a profile: sub-pixel boundary positions, and the share of even and of odd positions
/// that are significant (both high for a picture drawn one pixel per cell).
fn peaks(p: &[u32]) -> (Vec<f64>, [f64; 2]) {
    let max = p.iter().copied().max().unwrap_or(0);
    let tau = (max as f64 * 0.12).max(2.0);
    let sig: Vec<bool> = p.iter().map(|&v| v as f64 >= tau).collect();
    let mut cover = [0usize; 2];
    for (x, &s) in sig.iter().enumerate() {
        cover[x % 2] += usize::from(s);
    }
    let half = (p.len() / 2).max(1) as f64;
    let coverage = [cover[0] as f64 / half, cover[1] as f64 / half];
    let mut out = Vec::new();
    let mut x = 0;
    while x < sig.len() {
        if !sig[x] {
            x += 1;
            continue;
        }
        let start = x;
        while x < sig.len() && sig[x] {
            x += 1;
        }
        // Weighted centre over the group and one position either side.
        let (lo, hi) = (start.saturating_sub(1), (x + 1).min(p.len()));
        let (mut s, mut n) = (0.0, 0.0);
        for (k, &v) in p.iter().enumerate().take(hi).skip(lo) {
            s += k as f64 * f64::from(v);
            n += f64::from(v);
        }
        if n > 0.0 {
            out.push(s / n);
        }
    }
    (out, coverage)
}

/// The pitch of a lattice from its boundaries of each sign: consecutive edges of one sign are
/// whole numbers of pitches apart. Each gap of 2 pixels or more, and its whole fractions down to
/// a sixth, is tried as the pitch, refined
/// by least squares over the gaps that are near multiples of it (within 1.2 pixels, the jitter
/// of two rounded edges, plus 3%). Of the pitches of at least 3.5 pixels that at least 80% of
/// the gaps fit, those that fit nearly as closely as the closest (their mean distance to the
/// multiples, as a share of the pitch, within 2%) are kept, and the largest of them wins: its
/// divisors fit too, and are not it.
/// `None` when none fits.
fn pitch_of(sets: &[Vec<f64>; 2]) -> Option<f64> {
    let diffs = gaps(sets);
    // Every gap, and its halves, thirds… down to sixths (a gap where lines are missing).
    let mut cands: Vec<f64> = diffs
        .iter()
        .flat_map(|&d| (1..=6).map(move |k| d / f64::from(k)))
        .filter(|&c| c >= MIN_PITCH)
        .collect();
    cands.sort_by(|a, b| a.total_cmp(b));
    cands.dedup_by(|a, b| (*a - *b).abs() < 0.25);
    // (gaps fitted, the least-squares pitch, the mean distance of the fitted gaps to it)
    let refine = |c: f64, max_k: f64| -> (usize, f64, f64) {
        let (mut n, mut dk, mut kk) = (0usize, 0.0, 0.0);
        for &d in &diffs {
            let k = (d / c).round();
            if k >= 1.0 && k <= max_k && (d - k * c).abs() <= 1.2 + 0.03 * d {
                n += 1;
                dk += d * k;
                kk += k * k;
            }
        }
        let p = if kk > 0.0 { dk / kk } else { c };
        let off: f64 = diffs
            .iter()
            .map(|&d| (d - (d / p).round() * p).abs())
            .filter(|&e| e <= 1.2)
            .sum();
        (n, p, off / n.max(1) as f64 / p)
    };
    let mut fitted: Vec<(usize, f64, f64)> = Vec::new();
    for &c in &cands {
        // Short multiples first (a fractional pitch's error adds up over long gaps), then
        // every gap with the refined pitch, twice.
        let (_, p, _) = refine(c, 3.0);
        let (_, p, _) = refine(p, f64::INFINITY);
        let (n, p, off) = refine(p, f64::INFINITY);
        if p >= MIN_PITCH && n * 5 >= diffs.len() * 4 {
            fitted.push((n, p, off));
        }
    }
    // Nearly the most gaps, and nearly the closest fit; then the largest (divisors fit too).
    let most = fitted.iter().map(|f| f.0).max()?;
    let fitted: Vec<_> = fitted
        .into_iter()
        .filter(|f| f.0 * 10 >= most * 9)
        .collect();
    let closest = fitted.iter().map(|f| f.2).fold(f64::INFINITY, f64::min);
    fitted
        .iter()
        .filter(|f| f.2 <= closest + 0.02)
        .map(|f| f.1)
        .max_by(|a, b| a.total_cmp(b))
}

/// The gaps between consecutive edges of one sign (2 pixels or more: closer ones are noise).
fn gaps(sets: &[Vec<f64>; 2]) -> Vec<f64> {
    sets.iter()
        .flat_map(|s| s.windows(2).map(|w| w[1] - w[0]))
        .filter(|&d| d >= 1.5)
        .collect()
}

/// How many gaps are near whole multiples of `p` (as [`pitch_of`] counts them).
fn fitting(sets: &[Vec<f64>; 2], p: f64) -> usize {
    gaps(sets)
        .iter()
        .filter(|&&d| {
            let k = (d / p).round();
            k >= 1.0 && (d - k * p).abs() <= 1.2 + 0.03 * d
        })
        .count()
}

/// The mean distance of the gaps that fit `p` to their multiple of `p`.
fn offset(sets: &[Vec<f64>; 2], p: f64) -> f64 {
    let e: Vec<f64> = gaps(sets)
        .iter()
        .map(|&d| (d - (d / p).round() * p).abs())
        .filter(|&e| e <= 1.2)
        .collect();
    e.iter().sum::<f64>() / e.len().max(1) as f64
}

/// The lattice's boundaries from the edges of each sign: the pitch ([`pitch_of`]), the phase
/// of each sign (circular mean), then every predicted boundary between the first and the last
/// edge, moved to a detected edge of its sign when one is near. Spurious edges off the lattice
/// are dropped, missing ones (a wall line with too few closed walls) filled in.
///
/// With `wall` given (`--cells PITCH,WALL`), the narrower span of the two is set to it, from
/// the phase of the sign with more edges.
fn fit_signed(sets: &[Vec<f64>; 2], pitch: f64, wall: Option<f64>) -> Option<Vec<f64>> {
    let phase = |s: &[f64]| -> Option<f64> {
        if s.is_empty() {
            return None;
        }
        let tau = std::f64::consts::TAU;
        let (mut c, mut si) = (0.0, 0.0);
        for &x in s {
            c += (x / pitch * tau).cos();
            si += (x / pitch * tau).sin();
        }
        Some(si.atan2(c).rem_euclid(tau) / tau * pitch)
    };
    let (mut p0, mut p1) = (phase(&sets[0])?, phase(&sets[1])?);
    if let Some(w) = wall {
        // The span from p0 to p1 (into dark, then into light) is the dark one.
        let gap = (p1 - p0).rem_euclid(pitch);
        let dark = if gap <= pitch - gap { w } else { pitch - w };
        if sets[0].len() >= sets[1].len() {
            p1 = p0 + dark;
        } else {
            p0 = p1 - dark;
        }
    }
    // The narrower span sets the snapping tolerance.
    let gap = (p1 - p0).rem_euclid(pitch);
    let narrow = gap.min(pitch - gap);
    if narrow < 0.5 {
        return None;
    }
    let snap = (0.4 * narrow).clamp(0.5, 2.0);
    let all = || sets.iter().flatten().copied();
    let lo = all().fold(f64::INFINITY, f64::min);
    let hi = all().fold(f64::NEG_INFINITY, f64::max);
    let mut out = Vec::new();
    for (sign, ph) in [(0usize, p0), (1, p1)] {
        let mut x = ph + ((lo - ph) / pitch).floor() * pitch;
        while x <= hi + snap {
            if x >= lo - snap {
                let near = sets[sign]
                    .iter()
                    .copied()
                    .filter(|v| (v - x).abs() <= snap)
                    .min_by(|a, b| (a - x).abs().total_cmp(&(b - x).abs()));
                out.push(near.unwrap_or(x));
            }
            x += pitch;
        }
    }
    out.sort_by(|a, b| a.total_cmp(b));
    out.dedup_by(|a, b| (*a - *b).abs() < 0.5);
    (out.len() >= 2).then_some(out)
}

/// Tone at `(x, y)` (a passage tone outside the picture).
fn tone_at(t: &[u8], width: usize, x: usize, y: usize) -> u8 {
    t.get(y * width + x).copied().unwrap_or(LIGHT)
}

/// Is the tone on the wall side, for walls of the given polarity?
fn is_wall(v: u8, dark_walls: bool, limit: u8) -> bool {
    if v == MARK {
        return false;
    }
    if dark_walls {
        v < limit
    } else {
        v > LIGHT - limit
    }
}

/// One axis: the boundaries, and the range `[lo, hi)` of pixels that are not margin of a third
/// colour.
struct Axis {
    b: Vec<f64>,
    lo: usize,
    hi: usize,
}

impl Axis {
    /// For each interval between boundaries: its parity, its centre pixel, and the pixels it
    /// touches within one of the centre.
    fn centres(&self) -> Vec<(usize, usize, std::ops::RangeInclusive<usize>)> {
        let last = self.hi.saturating_sub(1);
        self.b
            .windows(2)
            .enumerate()
            .map(|(i, w)| {
                let c = (((w[0] + w[1]) / 2.0).floor() as usize).min(last);
                let lo = (w[0].floor().max(0.0) as usize).max(c.saturating_sub(1));
                let hi = ((w[1].ceil() as usize).saturating_sub(1))
                    .min(c + 1)
                    .min(last);
                (i % 2, c, lo.min(c)..=hi.max(c))
            })
            .collect()
    }

    /// The cell spans when wall lines are the intervals of `parity`, or why not.
    ///
    /// Beyond the first and the last boundary, while there is room for a passage and a wall
    /// line and `marked_room` says the passage's place is a column (row) of marked rooms (a
    /// solution drawn along the maze's side hides that column's edges), the lattice is carried
    /// on over it, a pitch at a time.
    fn spans(
        &self,
        parity: usize,
        outer_is_wall: impl Fn(usize, usize) -> bool,
        marked_room: impl Fn(usize, usize) -> bool,
    ) -> Option<Vec<(f64, f64)>> {
        let mut b = self.b.clone();
        if b.len() >= 3 {
            // Widths of the passages and of the wall lines next to them.
            let (p, w) = if parity == 1 {
                (b[1] - b[0], b[2] - b[1])
            } else {
                (b[2] - b[1], b[1] - b[0])
            };
            let px = |v: f64| v.max(0.0).round() as usize;
            // Before the first boundary: a room and the wall line before it (the first interval
            // is a wall line with parity 0, else a passage with the frame before it).
            loop {
                let room = if parity == 0 {
                    (b[0] - p, b[0])
                } else {
                    (b[0] - w - p, b[0] - w)
                };
                if p < 1.0
                    || w < 1.0
                    || room.0 - w < self.lo as f64 - 0.5
                    || !marked_room(px(room.0), px(room.1))
                {
                    break;
                }
                let new = if parity == 0 {
                    [room.0 - w, room.0]
                } else {
                    [room.0, room.1]
                };
                b.splice(0..0, new);
            }
            // After the last boundary: a room, after the last wall line or one wall line on.
            loop {
                let last = b[b.len() - 1];
                let wall_last = (b.len() - 2) % 2 == parity;
                let room = if wall_last {
                    (last, last + p)
                } else {
                    (last + w, last + w + p)
                };
                if p < 1.0
                    || w < 1.0
                    || room.1 + w > self.hi as f64 + 0.5
                    || !marked_room(px(room.0), px(room.1))
                {
                    break;
                }
                if wall_last {
                    b.push(room.1);
                } else {
                    b.extend([room.0, room.1]);
                }
            }
        }
        let (first, last) = (*b.first()?, *b.last()?);
        let m = b.len() - 1; // intervals
        let mut bounds: Vec<f64> = Vec::with_capacity(b.len() + 2);
        if parity == 0 {
            bounds.push(first);
        } else {
            // The frame is the outer part before the first boundary.
            let end = first.round() as usize;
            if end <= self.lo || !outer_is_wall(self.lo, end) {
                return None;
            }
            bounds.push(self.lo as f64);
            bounds.push(first);
        }
        bounds.extend(b.iter().skip(1).copied());
        if (m - 1) % 2 != parity {
            let start = (last.round() as usize).min(self.hi);
            if start >= self.hi || !outer_is_wall(start, self.hi) {
                return None;
            }
            bounds.push(self.hi as f64);
        }
        let spans: Vec<(f64, f64)> = bounds.windows(2).map(|w| (w[0], w[1])).collect();
        if spans.len() < 3 || spans.len().is_multiple_of(2) {
            return None;
        }
        Some(spans)
    }
}

/// Finds the lattice of a picture from its tones.
///
/// `margins` (top, right, bottom, left) are bands of a third colour, already set to
/// [`MARK`] by [`super::tone::flatten_margins`] (zeros when there are none): the maze lies
/// inside them.
pub fn find(
    t: &Tones,
    width: usize,
    height: usize,
    how: Cells,
    margins: [usize; 4],
) -> Result<Lattice, Failure> {
    if width == 0 || height == 0 {
        return Err("the picture is empty".into());
    }
    let pixel = Lattice::pixel(width, height);
    if how == Cells::Pixel {
        return Ok(pixel);
    }
    let (px, py) = profiles(t, width, height);
    let (bx, cx) = signed_peaks(&px);
    let (by, cy) = signed_peaks(&py);
    let given_wall = match how {
        Cells::Pitch { wall, .. } => wall,
        _ => None,
    };
    // One pixel per cell: edges at most positions of both parities (a picture drawn at 2 or 3
    // pixels per cell has them at half or a third).
    if how == Cells::Auto && cx.iter().chain(&cy).all(|&c| c > 0.6) {
        return Ok(pixel);
    }
    // An axis's boundaries from its edges and pitch. A small maze whose frame touches the
    // picture may have too few inner edges: the picture's sides are then edges too (into the
    // first pixel's class, and out of the last one's).
    let [top, right, bottom, left] = margins;
    let (x_lo, x_hi) = (
        left.min(width - 1),
        width.saturating_sub(right).max(left + 1),
    );
    let (y_lo, y_hi) = (
        top.min(height - 1),
        height.saturating_sub(bottom).max(top + 1),
    );
    let fit = |b: &[Vec<f64>; 2],
               pitch: Option<f64>,
               axis: &str,
               (lo, hi): (usize, usize),
               sides: [usize; 2]| {
        let with_sides = || {
            let mut v = b.clone();
            v[sides[0]].insert(0, lo as f64);
            v[1 - sides[1]].push(hi as f64);
            let p = pitch.or_else(|| pitch_of(&v))?;
            fit_signed(&v, p, given_wall)
        };
        let n = b[0].len() + b[1].len();
        pitch
            .and_then(|p| fit_signed(b, p, given_wall))
            .or_else(with_sides)
            .ok_or_else(|| {
                if n == 0 {
                    format!("going {axis}, the picture never changes colour: no walls to read")
                } else if n < 4 {
                    format!("going {axis}, the picture changes colour only {n} times: too few walls for a maze")
                } else {
                    format!("the {n} straight edges {axis} are not evenly spaced")
                }
            })
    };
    // The class (0 dark, 1 light) most pixels of a row or column have.
    let class_of = |xs: std::ops::Range<usize>, ys: std::ops::Range<usize>| {
        let (mut light, mut n) = (0usize, 0usize);
        for y in ys {
            for x in xs.clone() {
                let v = tone_at(&t.tone, width, x, y);
                if v != MARK {
                    light += usize::from(v >= MID);
                    n += 1;
                }
            }
        }
        usize::from(2 * light > n)
    };
    let sides_x = [
        class_of(x_lo..x_lo + 1, 0..height),
        class_of(x_hi - 1..x_hi, 0..height),
    ];
    let sides_y = [
        class_of(0..width, y_lo..y_lo + 1),
        class_of(0..width, y_hi - 1..y_hi),
    ];
    let (mut px_, mut py_) = (pitch_of(&bx), pitch_of(&by));
    // Lattices are drawn square but for a stretch: an axis with too few edges to see its pitch,
    // or whose pitch is a whole multiple of the other's (every other line missing), takes the
    // other axis's pitch.
    // An axis with few edges of either sign can be fooled by a near pitch; two axes with many
    // keep their own (a straightened photo's cells are not quite square).
    let few = |b: &[Vec<f64>; 2]| b[0].len().min(b[1].len()) < 6;
    match (px_, py_) {
        (Some(p), None) => py_ = Some(p),
        (None, Some(p)) => px_ = Some(p),
        (Some(a), Some(b)) => {
            // The coarser axis takes its own pitch divided by the whole ratio, when that lands
            // within 1.5 pixels (or 10%) of the finer axis's pitch.
            let (k, big, small) = if a > b { (a / b, a, b) } else { (b / a, b, a) };
            let k = k.round();
            if k >= 2.0 && (big / k - small).abs() <= (0.1 * small).max(1.5) {
                if a > b {
                    px_ = Some(a / k);
                } else {
                    py_ = Some(b / k);
                }
            } else if (a - b).abs() > 0.5
                && (few(&bx) || few(&by) || (a - b).abs() < 0.01 * a.min(b))
            {
                // Otherwise an axis takes the other's pitch when that fits its own edges as
                // well: the larger one if it fits as many gaps, the smaller one if it fits more
                // (an axis with few edges can be fooled by a near pitch).
                let (bs, ss) = if a > b { (&bx, &by) } else { (&by, &bx) };
                let (big, small) = (a.max(b), a.min(b));
                let big_on_small = fitting(ss, big) >= fitting(ss, small)
                    && offset(ss, big) / big <= offset(ss, small) / small + 0.02;
                let small_on_big = fitting(bs, small) > fitting(bs, big);
                let both = if big_on_small {
                    Some(big)
                } else if small_on_big {
                    Some(small)
                } else {
                    None
                };
                if let Some(p) = both {
                    px_ = Some(p);
                    py_ = Some(p);
                }
            }
        }
        (None, None) => {}
    }
    let ax = Axis {
        b: fit(&bx, px_, "across", (x_lo, x_hi), sides_x)?,
        lo: x_lo,
        hi: x_hi,
    };
    let ay = Axis {
        b: fit(&by, py_, "down", (y_lo, y_hi), sides_y)?,
        lo: y_lo,
        hi: y_hi,
    };
    // At the intersections of each parity combination: how many have a dark pixel, and how
    // many a light one, within a pixel of their centre (a thin anti-aliased post may have no
    // pixel past the midpoint at its exact centre).
    let (cxs, cys) = (ax.centres(), ay.centres());
    let mut dark = [[(0usize, 0usize); 2]; 2];
    let mut light = [[(0usize, 0usize); 2]; 2];
    for (qy, y, ys) in &cys {
        for (qx, x, xs) in &cxs {
            let (qy, qx, x, y) = (*qy, *qx, *x, *y);
            let (mut lo, mut hi) = (MARK, 0u8);
            for yy in ys.clone() {
                for xx in xs.clone() {
                    let v = tone_at(&t.tone, width, xx, yy);
                    if v != MARK {
                        lo = lo.min(v);
                        hi = hi.max(v);
                    }
                }
            }
            let centre = tone_at(&t.tone, width, x, y);
            let d = &mut dark[qy][qx];
            d.0 += usize::from(lo < MID);
            d.1 += 1;
            let l = &mut light[qy][qx];
            l.0 += usize::from(centre != MARK && hi >= MID);
            l.1 += 1;
        }
    }
    let share = |q: (usize, usize)| q.0 as f64 / q.1.max(1) as f64;
    let mut best: Option<(bool, bool, f64, Lattice)> = None; // (dark walls, doubtful, leak, lattice)
    let mut best_inverted = false;
    let mut why = String::from("the lines found do not cross as the walls of a maze do (no set of crossings is wall nearly everywhere)");
    for dark_walls in [true, false] {
        // Posts: the parity combination that is (nearly) all wall.
        let mut post = None;
        for qy in 0..2 {
            for qx in 0..2 {
                // Posts all wall, rooms (the opposite parities) mostly open.
                let (wall_share, room_open) = if dark_walls {
                    (share(dark[qy][qx]), 1.0 - share(dark[1 - qy][1 - qx]))
                } else {
                    (share(light[qy][qx]), 1.0 - share(light[1 - qy][1 - qx]))
                };
                if wall_share >= 0.85
                    && room_open >= 0.5
                    && post.is_none_or(|(_, _, w)| wall_share > w)
                {
                    post = Some((qy, qx, wall_share));
                }
            }
        }
        let Some((qy, qx, _)) = post else { continue };
        let outer_cols =
            |a: usize, b: usize| mostly_wall(&t.tone, width, a..b, 0..height, dark_walls);
        let outer_rows =
            |a: usize, b: usize| mostly_wall(&t.tone, width, 0..width, a..b, dark_walls);
        // A room column (row) of marks, across the other axis's boundaries found.
        let inner = |a: &Axis| {
            let (lo, hi) = (a.b.first().copied(), a.b.last().copied());
            let px = |v: Option<f64>| v.unwrap_or(0.0).max(0.0).round() as usize;
            px(lo)..px(hi)
        };
        let (inner_x, inner_y) = (inner(&ax), inner(&ay));
        let room_cols =
            |a: usize, b: usize| marked_room(&t.tone, width, a..b, inner_y.clone(), dark_walls);
        let room_rows =
            |a: usize, b: usize| marked_room(&t.tone, width, inner_x.clone(), a..b, dark_walls);
        let (Some(cols), Some(rows)) = (
            ax.spans(qx, outer_cols, room_cols),
            ay.spans(qy, outer_rows, room_rows),
        ) else {
            why = "the maze has no frame of wall on every side".into();
            continue;
        };
        // A maze: at least 2 rooms each way, over at least an eighth of the picture each way.
        let covers = |s: &[(f64, f64)], n: usize| {
            s.len() >= 5
                && s.last().map_or(0.0, |l| l.1) - s.first().map_or(0.0, |f| f.0) >= n as f64 / 8.0
        };
        if !covers(&rows, height) || !covers(&cols, width) {
            why = "the only lattice found is too small to be a maze (fewer than 2×2 rooms, or an eighth of the picture)".into();
            continue;
        }
        // Doubtful when the walls would need a frame three times thicker than themselves, or
        // would be 2.5 times thicker than the passages (the light reading of a line maze).
        let thick_frame = [&rows, &cols].iter().any(|s| {
            let (w, _) = Lattice::widths(s);
            let frame = |k: Option<&(f64, f64)>| k.map_or(0.0, |(a, b)| b - a);
            frame(s.first()).max(frame(s.last())) > 3.0 * w + 4.0
        });
        let thick_walls = [&rows, &cols].iter().any(|s| {
            let (w, p) = Lattice::widths(s);
            w > 2.5 * p
        });
        let lat = Lattice {
            width,
            height,
            rows,
            cols,
            dark_walls,
            pixel: false,
            warp: None,
        };
        // The wrong way round, a maze's frame becomes a corridor open all around just inside
        // the border (the dual reading): mazes have no such ring.
        // The wrong way round, thin lines become thin passages between thick walls. A small
        // maze may have a corridor all around by chance; from 8 rooms a side it is no chance.
        let ring = ringed(t, &lat);
        let big = lat.rows.len() >= 17 && lat.cols.len() >= 17;
        let inverted = thick_walls || (ring && big);
        let doubtful = thick_frame || inverted || ring;
        // Wall ink outside the maze found (a corridor running on into a "margin": the
        // colours the wrong way round, or a margin that is part of the maze)
        // is the less likely reading: a reading with no such ink wins, then the one with less.
        let leak = ink_outside(t, &lat, (ax.lo, ax.hi), (ay.lo, ay.hi));
        let better = match &best {
            None => true,
            Some((_, best_doubtful, best_leak, _)) => {
                if (leak > 0.0) != (*best_leak > 0.0) {
                    leak == 0.0
                } else if *best_doubtful != doubtful {
                    !doubtful
                } else {
                    leak < *best_leak
                }
            }
        };
        if better {
            best = Some((dark_walls, doubtful, leak, lat));
            best_inverted = inverted;
        }
    }
    // A reading that only fits the wrong way round (thin passages between thick walls, or a
    // corridor all around) is no maze: the right one was not found.
    if best_inverted {
        return Err(format!(
            "the only lattice found reads the {} colour as walls, with walls far thicker than \
             the passages or a corridor all around inside the frame: the colours may be the \
             wrong way round, or the walls too uneven to find",
            if best.as_ref().is_some_and(|b| b.0) {
                "darker"
            } else {
                "lighter"
            }
        ));
    }
    best.map(|b| b.3).ok_or(why)
}

/// True when, on each of the four sides of the maze (just inside its frame), the walls between
/// consecutive rooms are all open but at most one (an opening of the true maze): a corridor all
/// around, the mark of a picture read with its colours the wrong way round. Mazes with fewer
/// than 5 rooms a side are not judged: a small maze may well have open sides.
fn ringed(t: &Tones, lat: &Lattice) -> bool {
    let (rows, cols) = (lat.rows.len(), lat.cols.len());
    if rows < 11 || cols < 11 {
        return false;
    }
    // Only the ring's cells are read, not the whole grid.
    let bands = Bands::of(lat);
    let open_side = |cells: Vec<(usize, usize)>| {
        let open = cells
            .iter()
            .filter(|&&(i, j)| wall_share(t, lat, &bands, i, j) < 0.5)
            .count();
        open + 1 >= cells.len()
    };
    let across = |r: usize| (2..cols - 2).step_by(2).map(|j| (r, j)).collect();
    let down = |c: usize| (2..rows - 2).step_by(2).map(|i| (i, c)).collect();
    open_side(across(1))
        && open_side(across(rows - 2))
        && open_side(down(1))
        && open_side(down(cols - 2))
}

/// The share of wall ink a reading leaves outside the maze, when more than 0.4% (and 16) of the
/// pixels
/// between the maze's extent and the picture's `(lo, hi)` range along x and y (the margin;
/// bands of a third colour excluded) that are not marks are wall: a corridor that runs on past
/// the frame, the colours read the wrong way round. Else 0.
fn ink_outside(t: &Tones, lat: &Lattice, xr: (usize, usize), yr: (usize, usize)) -> f64 {
    let (ex, ey) = (extent(&lat.cols), extent(&lat.rows));
    let (x0, x1) = (ex.0.floor().max(0.0) as usize, ex.1.ceil() as usize);
    let (y0, y1) = (ey.0.floor().max(0.0) as usize, ey.1.ceil() as usize);
    let count = |xs: std::ops::Range<usize>, ys: std::ops::Range<usize>| {
        wall_count(&t.tone, lat.width, xs, ys, lat.dark_walls)
    };
    // The whole range, less the maze's own part of it.
    let (all_k, all_n) = count(xr.0..xr.1, yr.0..yr.1);
    let (in_k, in_n) = count(x0.max(xr.0)..x1.min(xr.1), y0.max(yr.0)..y1.min(yr.1));
    let (k, n) = (all_k - in_k, all_n - in_n);
    if n > 0 && 250 * k > n && k > 16 {
        k as f64 / n as f64
    } else {
        0.0
    }
}

/// The lattice grown outwards, a wall line and a passage at a time, on each side where the
/// picture beyond it is mostly wall with passage in it (a maze drawn inside a mask, the outside
/// as wall: a diamond's tips, a spiral's arms, stick out of the lattice the edges gave), while
/// the grown lattice stays inside the picture.
///
/// Complexity: O(pixels of the strips looked at).
pub fn grow_into_wall(t: &Tones, mut lat: Lattice) -> Lattice {
    if lat.pixel || lat.rows.len() < 5 || lat.cols.len() < 5 {
        return lat;
    }
    // (pixels that are wall, pixels that are passage) in the rectangle.
    let count = |lat: &Lattice, xs: (f64, f64), ys: (f64, f64)| {
        let px = |v: f64| v.max(0.0).round() as usize;
        let (k, n) = wall_count(
            &t.tone,
            lat.width,
            px(xs.0)..px(xs.1).min(lat.width),
            px(ys.0)..px(ys.1).min(lat.height),
            lat.dark_walls,
        );
        (k, n - k)
    };
    for _ in 0..4096 {
        let mut grew = false;
        for side in 0..4 {
            let vertical = side % 2 == 0; // top and bottom grow the rows
            let first = side < 2;
            let spans = if vertical { &lat.rows } else { &lat.cols };
            let (wall, pass) = Lattice::widths(spans);
            let step = wall + pass;
            let limit = if vertical { lat.height } else { lat.width } as f64;
            if step < 2.0 || wall <= 0.0 || pass <= 0.0 {
                continue;
            }
            // The outer wall span; a frame as thick as a wall, a passage and a wall is split,
            // else the lattice goes on past it when there is room.
            let (a0, b0) = if first {
                spans[0]
            } else {
                spans[spans.len() - 1]
            };
            let split = b0 - a0 >= 2.0 * wall + pass - 0.5;
            let strip = match (first, split) {
                (true, true) => (b0 - wall - pass, b0 - wall),
                (false, true) => (a0 + wall, a0 + wall + pass),
                (true, false) => (a0 - pass, a0),
                (false, false) => (b0, b0 + pass),
            };
            if !split && (strip.0 - wall < -0.5 || strip.1 + wall > limit + 0.5) {
                continue;
            }
            let other = if vertical {
                extent(&lat.cols)
            } else {
                extent(&lat.rows)
            };
            let (k, n) = if vertical {
                count(&lat, other, strip)
            } else {
                count(&lat, strip, other)
            };
            // Mostly wall, with at least a room's worth of passage in it.
            if k < n || (n as f64) < (pass / 2.0).powi(2) {
                continue;
            }
            let spans = if vertical {
                &mut lat.rows
            } else {
                &mut lat.cols
            };
            let new = match (first, split) {
                (true, true) => [(a0, strip.0), strip, (strip.1, b0)],
                (false, true) => [(a0, strip.0), strip, (strip.1, b0)],
                (true, false) => [((strip.0 - wall).max(0.0), strip.0), strip, (a0, b0)],
                (false, false) => [(a0, b0), strip, (strip.1, (strip.1 + wall).min(limit))],
            };
            if first {
                spans.splice(0..1, new);
            } else {
                let last = spans.len() - 1;
                spans.splice(last.., new);
            }
            grew = true;
        }
        if !grew {
            break;
        }
    }
    lat
}

/// True when at least half the pixels of the rectangle that are not marks are wall.
fn mostly_wall(
    tone: &[u8],
    width: usize,
    xs: std::ops::Range<usize>,
    ys: std::ops::Range<usize>,
    dark_walls: bool,
) -> bool {
    let (w, n) = wall_count(tone, width, xs, ys, dark_walls);
    n > 0 && 2 * w >= n
}

/// True when a fifth of the rectangle's pixels or more are marks and fewer than half are wall:
/// a column or row of rooms that a drawn solution covers, which hides the lattice's edges there.
fn marked_room(
    tone: &[u8],
    width: usize,
    xs: std::ops::Range<usize>,
    ys: std::ops::Range<usize>,
    dark_walls: bool,
) -> bool {
    let all = xs.len() * ys.len();
    let (w, n) = wall_count(tone, width, xs, ys, dark_walls);
    let marks = all - n;
    all > 0 && 5 * marks >= all && 2 * w < all
}

/// The pixels of the rectangle that are wall, and those that are not marks (wall or passage).
fn wall_count(
    tone: &[u8],
    width: usize,
    xs: std::ops::Range<usize>,
    ys: std::ops::Range<usize>,
    dark_walls: bool,
) -> (usize, usize) {
    let (mut w, mut n) = (0usize, 0usize);
    for y in ys {
        for x in xs.clone() {
            let v = tone_at(tone, width, x, y);
            if v != MARK {
                w += usize::from(is_wall(v, dark_walls, MID));
                n += 1;
            }
        }
    }
    (w, n)
}

/// The pixel range sampled across a span `[s, e)`. Without `grow` (rooms, and wall segments
/// along their passage): the pixels whose centres lie in the span's middle half, at least the
/// one at its centre. With `grow` (across a wall line, posts): the middle half when the span is
/// at least 4 pixels wide, else every pixel it touches, and one more each side when it is
/// thinner than 2 pixels (a thin line a little off its fitted place). Never outside `extent`,
/// the maze's own span (so a frame is not read with the margin's blur). The flag says "thin".
pub(super) fn window(s: f64, e: f64, extent: (f64, f64), grow: bool) -> (usize, usize, bool) {
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
/// are grey once anti-aliased, and count from [`THIN_WALL`]; thicker ones have a pixel past the
/// midpoint.
fn limit_for(len: f64) -> u8 {
    if len < 2.0 {
        THIN_WALL
    } else {
        MID
    }
}

/// The maze's span along an axis: from the first cell's start to the last one's end.
fn extent(s: &[(f64, f64)]) -> (f64, f64) {
    (
        s.first().map_or(0.0, |f| f.0),
        s.last().map_or(0.0, |l| l.1),
    )
}

/// How far a thin wall line's band reaches beyond the line each side ([`wall_share`]): a sixth
/// of the pitch (at least a pixel), never past a quarter of the passages beside it; for the
/// lines along the rows and those along the columns. Computed once per lattice.
#[derive(Clone, Copy, Debug)]
pub struct Bands {
    rows: f64,
    cols: f64,
}

impl Bands {
    /// The bands of `lat`'s wall lines. Complexity: O(rows + columns).
    pub fn of(lat: &Lattice) -> Bands {
        let grow = |spans: &[(f64, f64)]| {
            let pitch = Lattice::pitch(spans);
            let (_, passage) = Lattice::widths(spans);
            (pitch / 6.0).max(1.0).min(passage / 4.0).max(0.0)
        };
        Bands {
            rows: grow(&lat.rows),
            cols: grow(&lat.cols),
        }
    }
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
    let (ext_x, ext_y) = (extent(&lat.cols), extent(&lat.rows));
    let dw = lat.dark_walls;
    let w = lat.width;
    match (i.is_multiple_of(2), j.is_multiple_of(2)) {
        (true, true) => {
            // Post: any wall pixel in its rectangle (grown by one pixel when thin).
            let (ya, yb, _) = window(y0, y1, ext_y, true);
            let (xa, xb, _) = window(x0, x1, ext_x, true);
            let limit = limit_for((y1 - y0).min(x1 - x0));
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
            let limit = limit_for(across.1 - across.0);
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
    let bands = Bands::of(lat);
    let mut doubtful = Vec::new();
    let mut closest = 0.5f64;
    let mut open_posts = Vec::new();
    for i in 0..rows {
        crate::stop::check();
        for j in 0..cols {
            let share = wall_share(t, lat, &bands, i, j);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peaks_find_sharp_edges() {
        let mut p = vec![0u32; 40];
        for x in [5, 8, 15, 18, 25, 28] {
            p[x] = 50;
        }
        p[16] = 20; // a blurred edge between 15 and 16
        let (b, cover) = peaks(&p);
        assert_eq!(b.len(), 6);
        assert!((b[2] - 15.29).abs() < 0.01);
        assert!(cover[0] < 0.3);
    }

    #[test]
    fn the_fit_fills_gaps_and_drops_spurious_edges() {
        // Pitch 10, walls 2 (into the wall at 10k, out at 10k + 2), the line at 20 missing,
        // a spurious edge at 47, and a fractional jitter.
        let sets = [
            vec![0.0, 10.0, 30.2, 40.0, 47.0, 50.0, 60.0, 70.0],
            vec![2.0, 12.0, 32.0, 41.8, 52.0, 62.0, 72.0],
        ];
        let out = fit_signed(&sets, pitch_of(&sets).unwrap(), None).unwrap();
        let want = [
            0.0, 2.0, 10.0, 12.0, 20.0, 22.0, 30.2, 32.0, 40.0, 41.8, 50.0, 52.0, 60.0, 62.0, 70.0,
            72.0,
        ];
        assert_eq!(out.len(), want.len(), "{out:?}");
        for (a, b) in out.iter().zip(want) {
            assert!((a - b).abs() < 0.3, "{out:?}");
        }
    }

    #[test]
    fn the_pitch_is_the_common_divisor_of_the_gaps() {
        let sets = [vec![3.0, 17.26, 31.52, 74.3], vec![5.0, 47.8]];
        let p = pitch_of(&sets).unwrap();
        assert!((p - 14.26).abs() < 0.05, "{p}");
    }
}
