//! The **edge finder**: a lattice from the picture's straight edges, evenly spaced.
//!
//! Per axis, on the tones of [`super::super::tones`]:
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
//!
//! A picture whose profile has significant edges at most positions of both parities is drawn
//! one pixel per cell: the finder proposes the one-pixel lattice.
//!
//! Complexity: O(width × height) for the profiles and the class counts; memory the profiles.

use super::super::lattice::Lattice;
use super::super::sample::{wall_share, Bands};
use super::super::tones::{is_wall, tone_at, Tones, MARK, MID};
use super::super::Cells;
use super::Failure;

/// The smallest pitch detected (a wall line and a passage): cells of 2 pixels or more.
const MIN_PITCH: f64 = 3.5;

/// The class-change profiles along x (length `width + 1`) and y (length `height + 1`), one for
/// changes into the dark class and one for changes out of it (so that the two edges of a line
/// one pixel thick stay apart).
pub(super) fn profiles(t: &Tones, width: usize, height: usize) -> Profiles {
    let mut px = [vec![0u32; width + 1], vec![0u32; width + 1]];
    let mut py = [vec![0u32; height + 1], vec![0u32; height + 1]];
    // Class of a tone: 0 dark, 1 light, 2 mark.
    let class = |v: u8| -> u8 {
        if v == MARK {
            2
        } else {
            u8::from(v >= MID)
        }
    };
    let mut prev: Vec<u8> = vec![2; width];
    let mut cur: Vec<u8> = vec![2; width];
    for (y, row) in t.tone.chunks_exact(width.max(1)).enumerate().take(height) {
        if y % 64 == 0 {
            crate::stop::check();
        }
        for (c, &v) in cur.iter_mut().zip(row) {
            *c = class(v);
        }
        let (px0, px1) = px.split_at_mut(1);
        let (into_dark, into_light) = (&mut px0[0], &mut px1[0]);
        for (x, pair) in cur.windows(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            // A change between dark and light (marks left out): a ^ b == 1 only then.
            if a ^ b == 1 {
                if b == 0 {
                    into_dark[x + 1] += 1;
                } else {
                    into_light[x + 1] += 1;
                }
            }
        }
        if y > 0 {
            let (mut d, mut l) = (0u32, 0u32);
            for (&a, &b) in prev.iter().zip(&cur) {
                if a ^ b == 1 {
                    d += u32::from(b == 0);
                    l += u32::from(b == 1);
                }
            }
            py[0][y] += d;
            py[1][y] += l;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    (px, py)
}

/// The peaks of both signed profiles (edges into the dark class, edges into the light class),
/// and the significant share of even and of odd positions (the larger of the two profiles').
pub(super) fn signed_peaks(p: &[Vec<u32>; 2]) -> ([Vec<f64>; 2], [f64; 2]) {
    let (a, ca) = peaks(&p[0]);
    let (b, cb) = peaks(&p[1]);
    let strong = |v: Vec<(f64, f64)>| {
        let mut weights: Vec<f64> = v.iter().map(|&(_, n)| n).collect();
        weights.sort_by(|a, b| a.total_cmp(b));
        let median = weights.get(weights.len() / 2).copied().unwrap_or(0.0);
        v.into_iter()
            .filter(|&(_, n)| 3.0 * n >= median)
            .map(|(x, _)| x)
            .collect()
    };
    ([strong(a), strong(b)], [ca[0].max(cb[0]), ca[1].max(cb[1])])
}

/// Every peak of both profiles, each sign's: weak ones too (a grid world's boundary where a
/// few rows change).
pub(super) fn all_peaks(p: &[Vec<u32>; 2]) -> [Vec<f64>; 2] {
    let at = |v: Vec<(f64, f64)>| v.into_iter().map(|(x, _)| x).collect();
    [at(peaks(&p[0]).0), at(peaks(&p[1]).0)]
}

/// Peaks of a profile: sub-pixel boundary positions, and the share of even and of odd positions
/// that are significant (both high for a picture drawn one pixel per cell); each peak with its
/// weight (its group's counts). [`signed_peaks`] leaves out those under a third of the median
/// peak's weight: a short stroke across a few rows (a solution line's dark corner, a letter),
/// not a wall line; a wall line left out so is filled in by the lattice's fit.
fn peaks(p: &[u32]) -> (Vec<(f64, f64)>, [f64; 2]) {
    let max = p.iter().copied().max().unwrap_or(0);
    let tau = (max as f64 * 0.12).max(2.0);
    let sig: Vec<bool> = p.iter().map(|&v| v as f64 >= tau).collect();
    let mut cover = [0usize; 2];
    for (x, &s) in sig.iter().enumerate() {
        cover[x % 2] += usize::from(s);
    }
    let half = (p.len() / 2).max(1) as f64;
    let coverage = [cover[0] as f64 / half, cover[1] as f64 / half];
    let mut out: Vec<(f64, f64)> = Vec::new();
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
            out.push((s / n, n));
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
    pitch_with_min(sets, MIN_PITCH)
}

/// [`pitch_of`] with pitches from `min` pixels.
pub(super) fn pitch_with_min(sets: &[Vec<f64>; 2], min: f64) -> Option<f64> {
    let diffs = gaps(sets);
    // Every gap, and its halves, thirds… down to sixths (a gap where lines are missing).
    let mut cands: Vec<f64> = diffs
        .iter()
        .flat_map(|&d| (1..=6).map(move |k| d / f64::from(k)))
        .filter(|&c| c >= min)
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
        if p >= min && n * 5 >= diffs.len() * 4 {
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
/// [`MARK`] by [`super::super::tones::flatten_margins`] (zeros when there are none): the maze lies
/// inside them.
pub fn find(
    t: &Tones,
    width: usize,
    height: usize,
    how: Cells,
    margins: [usize; 4],
) -> Result<Lattice, Failure> {
    find_on(t, &profiles(t, width, height), width, height, how, margins)
}

/// The class-change profiles of a picture's tones along x and along y, each for changes into
/// the dark class and out of it: what the edge and the block finders start from, computed once
/// a view.
pub type Profiles = ([Vec<u32>; 2], [Vec<u32>; 2]);

/// [`find`] on the profiles `prof` of the tones `t` ([`profiles`]).
pub(super) fn find_on(
    t: &Tones,
    prof: &Profiles,
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
    let (px, py) = prof;
    let (bx, cx) = signed_peaks(px);
    let (by, cy) = signed_peaks(py);
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
        let lat = Lattice::of_spans(width, height, rows, cols, dark_walls);
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
    let bands = Bands::of(t, lat);
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
    let (ex, ey) = (Lattice::extent(&lat.cols), Lattice::extent(&lat.rows));
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
                Lattice::extent(&lat.cols)
            } else {
                Lattice::extent(&lat.rows)
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
pub(super) fn wall_count(
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
        assert!((b[2].0 - 15.29).abs() < 0.01);
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
