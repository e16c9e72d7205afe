//! The colour model of a maze picture: its two main colours and, for every pixel, where it lies
//! between them (its *tone*), with colours off that line set apart as *marks*.
//!
//! A maze picture has a wall colour, a passage colour, the shades between them (anti-aliasing,
//! blur, JPEG noise) and sometimes marks painted over passages (a solution line, start and goal
//! dots) in other colours. The model:
//!
//! 1. Otsu's threshold on the luminance histogram splits the pixels into a dark and a light
//!    class; the colour of each class is the mean of its most extreme frequent colour box (4
//!    bits a channel; the darkest of the dark class's boxes at least a quarter as full as its
//!    fullest, the lightest of the light class's), so marks and anti-aliased shades do not
//!    move it;
//! 2. each pixel is projected on the segment from the dark colour to the light one: its tone is
//!    0 at the dark colour and [`LIGHT`] at the light one (clamped), so the class boundary is
//!    the midpoint whatever the two colours are (walls darker or lighter, any hue);
//! 3. a pixel farther from that line than [`MARK_DISTANCE`] times the segment's length, and
//!    farther than [`SHADE_DISTANCE`] times it (at most [`SHADE_MAX`]) from both colours, is a mark ([`MARK`]): a colour
//!    that is neither wall nor passage nor a shade of them or between them (textured tiles
//!    keep their tile's class).
//!
//! Which of the two colours is the wall is decided later, from the lattice
//! ([`super::lattice`]); marks always count as passage.
//!
//! Complexity: two passes over the pixels, O(width × height), one byte a pixel.

use super::raster::Raster;

/// The tone of the light colour; 0 is the dark colour.
pub const LIGHT: u8 = 254;
/// The tone of a mark: a pixel far from the line between the two colours.
pub const MARK: u8 = 255;
/// Tones below this are on the dark side.
pub const MID: u8 = 127;
/// How far from the dark–light line (as a fraction of the line's length) a colour is a mark.
pub const MARK_DISTANCE: f64 = 0.18;
/// How near one of the two colours (as a fraction of the line's length) a colour is a shade of
/// it, never a mark: the texture of a tile, its inner border.
pub const SHADE_DISTANCE: f64 = 0.45;
/// The most a shade may be from its colour (of 441, black to white), however far apart the two
/// colours are: a coloured mark on a black-and-white maze stays a mark.
pub const SHADE_MAX: f64 = 60.0;

/// The two main colours of a picture and every pixel's tone.
#[derive(Clone, Debug)]
pub struct Tones {
    /// The dark class's colour.
    pub dark: [u8; 3],
    /// The light class's colour.
    pub light: [u8; 3],
    /// One tone a pixel, row-major: 0 (dark colour) ..= [`LIGHT`] (light colour), or [`MARK`].
    pub tone: Vec<u8>,
    /// Pixels that are marks.
    pub marks: usize,
}

/// Rec.601 luma, 0..=255.
fn luma(p: [u8; 3]) -> u8 {
    let [r, g, b] = p.map(u32::from);
    ((299 * r + 587 * g + 114 * b + 500) / 1000) as u8
}

/// Otsu's threshold: the luma `t` that best separates `hist` into `< t` and `>= t`.
fn otsu(hist: &[u64; 256]) -> usize {
    let total: u64 = hist.iter().sum();
    let sum: f64 = hist
        .iter()
        .enumerate()
        .map(|(i, &n)| i as f64 * n as f64)
        .sum();
    let (mut w0, mut s0) = (0u64, 0f64);
    let (mut best, mut best_t) = (-1f64, 128usize);
    for t in 1..256 {
        w0 += hist[t - 1];
        s0 += (t - 1) as f64 * hist[t - 1] as f64;
        let w1 = total - w0;
        if w0 == 0 || w1 == 0 {
            continue;
        }
        let (m0, m1) = (s0 / w0 as f64, (sum - s0) / w1 as f64);
        let between = w0 as f64 * w1 as f64 * (m0 - m1) * (m0 - m1);
        if between > best {
            best = between;
            best_t = t;
        }
    }
    best_t
}

/// Colour boxes: 4 bits a channel.
fn bin(p: [u8; 3]) -> usize {
    ((p[0] as usize >> 4) << 8) | ((p[1] as usize >> 4) << 4) | (p[2] as usize >> 4)
}

/// The class's own colour: among its frequent colour boxes (at least a quarter as full as the
/// fullest), the mean colour of the most extreme one (the darkest for the dark class, the
/// lightest for the light class), so that anti-aliased shades between the two colours, however
/// many, do not become the colour. `None` when empty.
fn dominant(count: &[u32], sums: &[[u64; 3]], darkest: bool) -> Option<[u8; 3]> {
    let max = count.iter().copied().max().filter(|&n| n > 0)?;
    let mean = |b: usize| -> Option<[u8; 3]> {
        let n = u64::from(*count.get(b)?);
        Some(sums.get(b)?.map(|v| (v / n.max(1)) as u8))
    };
    let mut best: Option<(u8, [u8; 3])> = None;
    for (b, &n) in count.iter().enumerate() {
        if n == 0 || n * 4 < max {
            continue;
        }
        let c = mean(b)?;
        let y = luma(c);
        let better = match best {
            None => true,
            Some((by, _)) => (darkest && y < by) || (!darkest && y > by),
        };
        if better {
            best = Some((y, c));
        }
    }
    best.map(|b| b.1)
}

/// The two colours of `raster` and its tones. `None` when the picture has (almost) one colour:
/// the two classes' colours are closer than 40 (of 441, black to white).
///
/// The colours are measured inside `bands` (top, right, bottom, left: the uniform margin found
/// by [`bands`]), so that a wide margin of a third colour does not become one of them.
pub fn tones(raster: &Raster, bands: [usize; 4]) -> Option<Tones> {
    let (w, h) = (raster.width, raster.height);
    let [top, right, bottom, left] = bands;
    let inside = top + bottom < h && left + right < w;
    let interior = || {
        raster
            .rgb
            .chunks_exact(3)
            .enumerate()
            .filter(move |(i, _)| {
                let (x, y) = (i % w.max(1), i / w.max(1));
                !inside || (y >= top && y < h - bottom && x >= left && x < w - right)
            })
            .map(|(_, p)| [p[0], p[1], p[2]])
    };
    let mut hist = [0u64; 256];
    for p in interior() {
        crate::stop::check();
        hist[luma(p) as usize] += 1;
    }
    let t = otsu(&hist);
    let mut count = vec![[0u32; 2]; 4096];
    let mut sums = vec![[[0u64; 3]; 2]; 4096];
    for px in interior() {
        crate::stop::check();
        let c = usize::from(luma(px) as usize >= t);
        let b = bin(px);
        count[b][c] = count[b][c].saturating_add(1);
        for k in 0..3 {
            sums[b][c][k] += u64::from(px[k]);
        }
    }
    let split = |c: usize| -> (Vec<u32>, Vec<[u64; 3]>) {
        (
            count.iter().map(|n| n[c]).collect(),
            sums.iter().map(|s| s[c]).collect(),
        )
    };
    let (dc, ds) = split(0);
    let (lc, ls) = split(1);
    let dark = dominant(&dc, &ds, true)?;
    let light = dominant(&lc, &ls, false)?;
    let axis = [0, 1, 2].map(|k| f64::from(light[k]) - f64::from(dark[k]));
    let len2: f64 = axis.iter().map(|a| a * a).sum();
    if len2 < 40.0 * 40.0 {
        return None;
    }
    let far2 = MARK_DISTANCE * MARK_DISTANCE * len2;
    let near2 = (SHADE_DISTANCE * SHADE_DISTANCE * len2).min(SHADE_MAX * SHADE_MAX);
    // Tones by colour box would blur thin lines; a small cache keyed by the exact colour keeps
    // the per-pixel work to a lookup for the usual few-colour pictures.
    let mut tone = Vec::with_capacity(raster.width * raster.height);
    let mut marks = 0usize;
    let mut cache: Option<([u8; 3], u8)> = None;
    for p in raster.rgb.chunks_exact(3) {
        crate::stop::check();
        let px = [p[0], p[1], p[2]];
        let v = match cache {
            Some((c, v)) if c == px => v,
            _ => {
                let d = [0, 1, 2].map(|k| f64::from(px[k]) - f64::from(dark[k]));
                let dot: f64 = (0..3).map(|k| d[k] * axis[k]).sum();
                let tt = dot / len2;
                let d2: f64 = d.iter().map(|x| x * x).sum();
                let perp2 = d2 - tt * tt * len2;
                // A shade of either colour (a tile's texture, its inner border) is not a mark:
                // marks are far from the line and from both colours.
                let near_dark = d2 <= near2;
                let near_light = {
                    let e: f64 = (0..3)
                        .map(|k| (f64::from(px[k]) - f64::from(light[k])).powi(2))
                        .sum();
                    e <= near2
                };
                let v = if perp2 > far2 && !near_dark && !near_light {
                    MARK
                } else {
                    (tt.clamp(0.0, 1.0) * f64::from(LIGHT)).round() as u8
                };
                cache = Some((px, v));
                v
            }
        };
        marks += usize::from(v == MARK);
        tone.push(v);
    }
    Some(Tones {
        dark,
        light,
        tone,
        marks,
    })
}

/// Uniform bands along the picture's sides (top, right, bottom, left): rows or columns all
/// of the colour of the nearest corner (top-left for the top and left, bottom-right for the
/// others), within a distance of 30, up to half the picture less a pixel. A margin, or a closed frame.
///
/// Complexity: O(pixels in the bands + one row or column each side).
pub fn bands(raster: &Raster) -> [usize; 4] {
    let (w, h) = (raster.width, raster.height);
    if w < 3 || h < 3 {
        return [0; 4];
    }
    let px = |x: usize, y: usize| raster.pixel(x, y);
    let near = |a: [u8; 3], b: [u8; 3]| dist2(a, b) <= 900.0;
    let row = |y: usize, c: [u8; 3]| (0..w).all(|x| near(px(x, y), c));
    let col = |x: usize, c: [u8; 3]| (0..h).all(|y| near(px(x, y), c));
    let (a, z) = (px(0, 0), px(w - 1, h - 1));
    let mut b = [0usize; 4];
    while b[0] < h / 2 - 1 && row(b[0], a) {
        b[0] += 1;
    }
    while b[2] < h / 2 - 1 && row(h - 1 - b[2], z) {
        b[2] += 1;
    }
    while b[3] < w / 2 - 1 && col(b[3], a) {
        b[3] += 1;
    }
    while b[1] < w / 2 - 1 && col(w - 1 - b[1], z) {
        b[1] += 1;
    }
    b
}

fn dist2(a: [u8; 3], b: [u8; 3]) -> f64 {
    (0..3)
        .map(|k| (f64::from(a[k]) - f64::from(b[k])).powi(2))
        .sum()
}

/// Margins of a third colour: when the uniform `bands` ([`bands`]) have a colour far from both
/// main colours (a grey page around a black-on-white maze), their pixels become marks
/// ([`MARK`]): neither wall nor passage, left out of the lattice's edges and of the sampling.
/// Returns the bands so set (zeros when the margin is of one of the two colours, or absent).
///
/// Complexity: O(pixels in the bands).
pub fn flatten_margins(raster: &Raster, t: &mut Tones, bands: [usize; 4]) -> [usize; 4] {
    let (w, h) = (raster.width, raster.height);
    let [top, right, bottom, left] = bands;
    if bands == [0; 4] || top + bottom >= h || left + right >= w {
        return [0; 4];
    }
    let axis2 = dist2(t.light, t.dark);
    let third =
        |c: [u8; 3]| dist2(c, t.dark) > 0.0625 * axis2 && dist2(c, t.light) > 0.0625 * axis2;
    let corner = if top + left > 0 {
        raster.pixel(0, 0)
    } else {
        raster.pixel(w - 1, h - 1)
    };
    if !third(corner) {
        return [0; 4];
    }
    let (x0, x1, y0, y1) = (left, w - right, top, h - bottom);
    for y in 0..h {
        for x in 0..w {
            if y < y0 || y >= y1 || x < x0 || x >= x1 {
                if let Some(v) = t.tone.get_mut(y * w + x) {
                    if *v != MARK {
                        *v = MARK;
                        t.marks += 1;
                    }
                }
            }
        }
    }
    bands
}

/// Tone at `(x, y)` (a passage tone outside the picture).
pub fn tone_at(t: &[u8], width: usize, x: usize, y: usize) -> u8 {
    t.get(y * width + x).copied().unwrap_or(LIGHT)
}

/// Is the tone on the wall side, for walls of the given polarity?
pub fn is_wall(v: u8, dark_walls: bool, limit: u8) -> bool {
    if v == MARK {
        return false;
    }
    if dark_walls {
        v < limit
    } else {
        v > LIGHT - limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raster(px: &[[u8; 3]]) -> Raster {
        Raster {
            width: px.len(),
            height: 1,
            rgb: px.iter().flatten().copied().collect(),
        }
    }

    #[test]
    fn black_and_white_with_red_marks() {
        let mut px = vec![[0, 0, 0]; 10];
        px.extend(vec![[255, 255, 255]; 10]);
        px.push([220, 30, 30]);
        px.push([128, 128, 128]);
        let t = tones(&raster(&px), [0; 4]).unwrap();
        assert_eq!((t.dark, t.light), ([0, 0, 0], [255, 255, 255]));
        assert_eq!(t.tone[0], 0);
        assert_eq!(t.tone[10], LIGHT);
        assert_eq!(t.tone[20], MARK);
        assert_eq!(t.tone[21], 127); // 128/255 of the way to white
        assert_eq!(t.marks, 1);
    }

    #[test]
    fn coloured_walls_are_not_marks() {
        let mut px = vec![[20, 30, 120]; 10];
        px.extend(vec![[250, 245, 220]; 12]);
        let t = tones(&raster(&px), [0; 4]).unwrap();
        assert_eq!(t.marks, 0);
        assert_eq!(t.tone[0], 0);
        assert_eq!(t.tone[15], LIGHT);
    }

    #[test]
    fn a_grey_margin_is_left_out() {
        // 5x5: a grey ring around black frame pixels around a white centre.
        let mut r = Raster::filled(7, 7, [128, 128, 128]);
        r.fill_rect(1, 1, 6, 6, [0, 0, 0]);
        r.fill_rect(2, 2, 5, 5, [255, 255, 255]);
        let b = bands(&r);
        assert_eq!(b, [1, 1, 1, 1]);
        let mut t = tones(&r, b).unwrap();
        assert_eq!(flatten_margins(&r, &mut t, b), b);
        assert_eq!(t.tone[0], MARK);
        assert_eq!(t.tone[8], 0);
    }

    #[test]
    fn one_colour_has_no_model() {
        assert!(tones(&raster(&[[9, 9, 9]; 8]), [0; 4]).is_none());
    }
}
