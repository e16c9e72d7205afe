//! Stage 3 (before the maze is found on the page), **tones**: the colour model of a maze picture,
//! its two main colours and, for every pixel, where it lies between them (its *tone*), with
//! colours off that line set apart as *marks*; and the light evened out.
//!
//! A maze picture has a wall colour, a passage colour, the shades between them (anti-aliasing,
//! blur, JPEG noise) and sometimes marks painted over passages (a solution line, start and goal
//! dots, an arcade maze's pellets) in other colours. A model ([`Model`]) is a pair of colours;
//! [`models`] proposes them, most likely first:
//!
//! 1. Otsu's threshold on the luminance histogram splits the pixels into a dark and a light
//!    class; the colour of each class is the mean of its most extreme frequent colour box (4
//!    bits a channel; the darkest of the dark class's boxes at least a quarter as full as its
//!    fullest, the lightest of the light class's), so marks and anti-aliased shades do not
//!    move it;
//! 2. then pairs of the picture's main colours (its colour boxes grouped into colours within 40
//!    of each other, those holding 3% of the pixels or more), the pairs covering most pixels
//!    first: a maze of blue walls on black with yellow pellets has three or more main
//!    colours, and the luminance split may not be the maze's;
//! 3. then the three commonest main colours in two classes, each alone against the other two:
//!    bricks of red and grey mortar on a dark floor are walls of two colours.
//!
//! For a model ([`tones_with`]), each pixel is projected on the segment from the dark colour to
//! the light one: its tone is 0 at the dark colour and [`LIGHT`] at the light one (clamped), so
//! the class boundary is the midpoint whatever the two colours are (walls darker or lighter, any
//! hue). A pixel is a mark ([`MARK`]) when, in the perceptual space CIELAB, it lies farther than
//! [`MARK_DE`] from the point of the segment it projects on (a blend of the two colours is what
//! anti-aliasing and blur make; a colour off that line is something else: a navy line on black
//! and white is, though its luminance lies between them), unless it lies within [`SHADE_DE`]
//! (at most a fifth of the two colours' difference) of one of the two colours: a shade of it,
//! the texture of a tile. A colour beyond an end of the segment on its own side (black ink
//! where the dark colour found is a grey, paper lit brighter) is measured by hue and chroma
//! only. A third colour of a model adds its segments to both of the others' colours: to its own
//! class's at that class's tone, to the other class's as a blend.
//!
//! Which of the two colours is the wall is decided later, from the lattice
//! ([`super::hypotheses`]); marks always count as passage.
//!
//! Complexity: two passes over the pixels, O(width × height), one byte a pixel; a colour's
//! tone is computed once per distinct colour (a direct-mapped cache of 4,096 colours).

use super::raster::Raster;

/// The tone of the light colour; 0 is the dark colour.
pub const LIGHT: u8 = 254;
/// The tone of a mark: a pixel far from the line between the two colours.
pub const MARK: u8 = 255;
/// Tones below this are on the dark side.
pub const MID: u8 = 127;
/// How far (CIELAB ΔE) from the blend of the two colours a colour is a mark.
pub const MARK_DE: f64 = 30.0;
/// How near (CIELAB ΔE) one of the two colours a colour is a shade of it, never a mark (at most
/// a fifth of the two colours' own difference): the texture of a tile, its inner border.
pub const SHADE_DE: f64 = 16.0;

/// A colour model: the picture's two colours, the darker and the lighter, and perhaps a third
/// main colour that belongs with one of them (bricks of red and grey mortar on a dark floor: the
/// walls are two colours, the floor one).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    /// The darker colour.
    pub dark: [u8; 3],
    /// The lighter colour.
    pub light: [u8; 3],
    /// A third colour and its class: `true` when it is read as the dark colour, `false` as the
    /// light one.
    pub also: Option<([u8; 3], bool)>,
}

impl Model {
    /// The model of two colours, `dark` and `light`.
    pub fn two(dark: [u8; 3], light: [u8; 3]) -> Model {
        Model {
            dark,
            light,
            also: None,
        }
    }
}

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

/// The colour models of `raster`, most likely first (see the module's documentation): the
/// luminance split, then pairs of main colours covering most pixels. Empty when the picture has
/// (almost) one colour: no two colours 40 apart (of 441, black to white).
///
/// The colours are measured inside `bands` (top, right, bottom, left: the uniform margin found
/// by [`bands`]), so that a wide margin of a third colour does not become one of them.
///
/// Complexity: two passes over at most about a million pixels spread over the picture.
pub fn models(raster: &Raster, bands: [usize; 4]) -> Vec<Model> {
    let (w, h) = (raster.width, raster.height);
    let [top, right, bottom, left] = bands;
    let inside = top + bottom < h && left + right < w;
    let (y0, y1, x0, x1) = if inside {
        (top, h - bottom, left, w - right)
    } else {
        (0, h, 0, w)
    };
    // At most about a million pixels: every `stride`-th of the interior in reading order, an
    // odd stride that does not divide the width (so that a maze drawn one pixel per cell, whose
    // even rows and columns are walls, is not sampled on its walls only).
    let (iw, ih) = (x1 - x0, y1 - y0);
    let mut stride = ((iw * ih) / 1_000_000).max(1) | 1;
    while stride > 1 && iw % stride == 0 {
        stride += 2;
    }
    let pixels = || {
        (0..iw * ih).step_by(stride).map(move |j| {
            let (x, y) = (x0 + j % iw, y0 + j / iw);
            let i = 3 * (y * w + x);
            [raster.rgb[i], raster.rgb[i + 1], raster.rgb[i + 2]]
        })
    };
    let mut hist = [0u64; 256];
    for px in pixels() {
        hist[luma(px) as usize] += 1;
    }
    let t = otsu(&hist);
    let mut count = vec![[0u32; 2]; 4096];
    let mut sums = vec![[[0u64; 3]; 2]; 4096];
    crate::stop::check();
    for px in pixels() {
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
    let far = |a: [u8; 3], b: [u8; 3]| dist2(a, b) >= 40.0 * 40.0;
    let mut out: Vec<Model> = Vec::new();
    let (dc, ds) = split(0);
    let (lc, ls) = split(1);
    if let (Some(dark), Some(light)) = (dominant(&dc, &ds, true), dominant(&lc, &ls, false)) {
        if far(dark, light) {
            out.push(Model::two(dark, light));
        }
    }
    // Main colours: boxes by count, each joining the first colour within 40 of its mean.
    let total: u64 = count
        .iter()
        .map(|c| u64::from(c[0]) + u64::from(c[1]))
        .sum();
    let mut boxes: Vec<(u64, [f64; 3])> = (0..4096)
        .filter_map(|b| {
            let n = u64::from(count[b][0]) + u64::from(count[b][1]);
            (n > 0).then(|| {
                let m = [0, 1, 2].map(|k| (sums[b][0][k] + sums[b][1][k]) as f64 / n as f64);
                (n, m)
            })
        })
        .collect();
    boxes.sort_by_key(|b| std::cmp::Reverse(b.0));
    let mut colours: Vec<(u64, [f64; 3])> = Vec::new();
    for (n, m) in boxes {
        let near = colours
            .iter_mut()
            .find(|(_, c)| (0..3).map(|k| (c[k] - m[k]).powi(2)).sum::<f64>() <= 40.0 * 40.0);
        match near {
            Some((cn, c)) => {
                let all = *cn + n;
                for k in 0..3 {
                    c[k] = (c[k] * *cn as f64 + m[k] * n as f64) / all as f64;
                }
                *cn = all;
            }
            None => colours.push((n, m)),
        }
    }
    colours.retain(|c| c.0 * 100 >= 3 * total);
    colours.truncate(4);
    let mut pairs: Vec<(u64, Model)> = Vec::new();
    for (i, a) in colours.iter().enumerate() {
        for b in &colours[i + 1..] {
            let (ca, cb) = (a.1.map(|v| v.round() as u8), b.1.map(|v| v.round() as u8));
            if !far(ca, cb) {
                continue;
            }
            let (dark, light) = if luma(ca) <= luma(cb) {
                (ca, cb)
            } else {
                (cb, ca)
            };
            pairs.push((a.0 + b.0, Model::two(dark, light)));
        }
    }
    pairs.sort_by_key(|p| std::cmp::Reverse(p.0));
    pairs.extend(partitions(&colours));
    for (_, m) in pairs {
        let same = out.iter().any(|o| {
            o.also.is_none()
                && m.also.is_none()
                && dist2(o.dark, m.dark) < 30.0 * 30.0
                && dist2(o.light, m.light) < 30.0 * 30.0
        });
        if !same {
            out.push(m);
        }
    }
    out
}

/// The models of three main colours (the three commonest of `colours`, with their counts) in
/// two classes: each colour alone against the other two, which then read as one (the class
/// of the commoner), the lone colour dark when it is darker than the other two's mean. A
/// picture of two main colours has none.
fn partitions(colours: &[(u64, [f64; 3])]) -> Vec<(u64, Model)> {
    let Some(three) = colours.get(..3) else {
        return Vec::new();
    };
    let all: u64 = three.iter().map(|c| c.0).sum();
    let rgb = |k: usize| three[k].1.map(|v| v.round() as u8);
    (0..3)
        .map(|alone| {
            let (a, b) = ((alone + 1) % 3, (alone + 2) % 3);
            let (main, other) = if three[a].0 >= three[b].0 {
                (a, b)
            } else {
                (b, a)
            };
            let pair_luma = (f64::from(luma(rgb(a))) * three[a].0 as f64
                + f64::from(luma(rgb(b))) * three[b].0 as f64)
                / (three[a].0 + three[b].0).max(1) as f64;
            let lone_dark = f64::from(luma(rgb(alone))) < pair_luma;
            let (dark, light) = if lone_dark {
                (rgb(alone), rgb(main))
            } else {
                (rgb(main), rgb(alone))
            };
            let model = Model {
                dark,
                light,
                also: Some((rgb(other), !lone_dark)),
            };
            (all, model)
        })
        .collect()
}

/// The tones of `raster` under the first model of [`models`]; `None` when there is none (one
/// colour).
pub fn tones(raster: &Raster, bands: [usize; 4]) -> Option<Tones> {
    models(raster, bands)
        .first()
        .map(|&m| tones_with(raster, m))
}

/// CIELAB (D65) of an sRGB colour.
fn lab(p: [u8; 3]) -> [f64; 3] {
    let lin = |v: u8| {
        let c = f64::from(v) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let [r, g, b] = p.map(lin);
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIELAB ΔE76 between two colours.
fn delta_e(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|k| (a[k] - b[k]).powi(2)).sum::<f64>().sqrt()
}

/// The tones of `raster` under `model` (see the module's documentation).
///
/// ```
/// use mazegraph::picture::{tones, Raster};
/// let mut r = Raster::filled(4, 1, [255; 3]);
/// r.fill_rect(0, 0, 1, 1, [0; 3]);
/// r.fill_rect(1, 0, 2, 1, [20, 20, 110]); // navy: a mark, though its luminance is dark
/// let t = tones::tones_with(&r, tones::Model::two([0; 3], [255; 3]));
/// assert_eq!(t.tone, vec![0, tones::MARK, tones::LIGHT, tones::LIGHT]);
/// // Red bricks and grey mortar on a dark floor: both light, with the third colour.
/// let mut b = Raster::filled(3, 1, [50, 55, 65]);
/// b.fill_rect(1, 0, 2, 1, [160, 60, 40]);
/// b.fill_rect(2, 0, 3, 1, [200, 200, 190]);
/// let bricks = tones::Model {
///     dark: [50, 55, 65],
///     light: [160, 60, 40],
///     also: Some(([200, 200, 190], false)),
/// };
/// assert_eq!(tones::tones_with(&b, bricks).tone, vec![0, tones::LIGHT, tones::LIGHT]);
/// ```
pub fn tones_with(raster: &Raster, model: Model) -> Tones {
    let Model { dark, light, also } = model;
    let (ldark, llight) = (lab(dark), lab(light));
    let shade = SHADE_DE.min(0.2 * delta_e(ldark, llight));
    // The segments a pixel may lie on: (one end, its tone, the other end, its tone).
    let end = |c: [u8; 3]| (c, lab(c));
    let mut segments = vec![(end(dark), 0.0, end(light), f64::from(LIGHT))];
    let mut ends = vec![ldark, llight];
    if let Some((c, is_dark)) = also {
        let (same, other) = if is_dark {
            (dark, light)
        } else {
            (light, dark)
        };
        let (tc, to) = if is_dark {
            (0.0, f64::from(LIGHT))
        } else {
            (f64::from(LIGHT), 0.0)
        };
        segments.push((end(c), tc, end(same), tc));
        segments.push((end(c), tc, end(other), to));
        ends.push(lab(c));
    }
    let tone_of = |px: [u8; 3]| -> u8 {
        let lp = lab(px);
        let mut best = (f64::INFINITY, 0.0);
        for &(a, ta, b, tb) in &segments {
            let (de, tt) = off_segment(px, lp, a, b);
            if de < best.0 {
                best = (de, ta + tt * (tb - ta));
            }
        }
        let shaded = ends.iter().any(|&e| delta_e(lp, e) <= shade);
        if best.0 > MARK_DE && !shaded {
            MARK
        } else {
            best.1.round() as u8
        }
    };
    // A direct-mapped cache of the colours seen: most pictures have few.
    let mut cache = vec![(u32::MAX, 0u8); 4096];
    let mut tone = Vec::with_capacity(raster.width * raster.height);
    let mut marks = 0usize;
    for (i, p) in raster.rgb.chunks_exact(3).enumerate() {
        if i % 65_536 == 0 {
            crate::stop::check();
        }
        let key = (u32::from(p[0]) << 16) | (u32::from(p[1]) << 8) | u32::from(p[2]);
        let slot = (key.wrapping_mul(0x9E37_79B1) >> 20) as usize;
        let v = match cache[slot] {
            (k, v) if k == key => v,
            _ => {
                let v = tone_of([p[0], p[1], p[2]]);
                cache[slot] = (key, v);
                v
            }
        };
        marks += usize::from(v == MARK);
        tone.push(v);
    }
    Tones {
        dark,
        light,
        tone,
        marks,
    }
}

/// An end of a segment between two colours: the colour and its CIELAB.
type End = ([u8; 3], [f64; 3]);

/// Where `px` (CIELAB `lp`) projects on the segment from colour `a` to colour `b` (0 at `a`,
/// 1 at `b`, clamped), and how far (ΔE) it lies from that point. A colour beyond an end and on
/// its dark or light side (the same ink pressed harder, paper lit more) is measured by hue and
/// chroma only.
fn off_segment(px: [u8; 3], lp: [f64; 3], (a, la): End, (b, lb): End) -> (f64, f64) {
    let axis = [0, 1, 2].map(|k| f64::from(b[k]) - f64::from(a[k]));
    let len2: f64 = axis.iter().map(|v| v * v).sum::<f64>().max(1.0);
    let d = [0, 1, 2].map(|k| f64::from(px[k]) - f64::from(a[k]));
    let tt = ((0..3).map(|k| d[k] * axis[k]).sum::<f64>() / len2).clamp(0.0, 1.0);
    let blend = [0, 1, 2].map(|k| (f64::from(a[k]) + tt * axis[k]).round() as u8);
    let mut near = lab(blend);
    let beyond =
        |end: [f64; 3], other: [f64; 3]| (end[0] - other[0]).signum() == (lp[0] - end[0]).signum();
    if (tt == 0.0 && beyond(la, lb)) || (tt == 1.0 && beyond(lb, la)) {
        near[0] = lp[0];
    }
    (delta_e(lp, near), tt)
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

/// Evens out uneven light (a photo lit from one side, a page in a shadow, rooms shaded by a
/// distance map): every pixel's tone is divided by the local level of the majority colour (the
/// paper), so that the paper is [`LIGHT`] everywhere and the ink keeps its contrast with it.
/// The majority is the light class when it holds more than half the pixels (ink on paper), else
/// the dark one (light ink on a dark ground), mirrored.
///
/// The local level: the picture is cut into blocks (a sixteenth of its shorter side, from 16 to
/// 256 pixels a side); each block's level is the 90th percentile (towards the paper) of the
/// tones in it and its eight neighbours, marks left out; blocks whose level lies within a fifth
/// of the range from the ink (a large wall: nothing there is paper), or that are not reached
/// from the lightest block through neighbours each at least three quarters of the level of the
/// one before (light falls off gradually; a table around a sheet is a step down), take the
/// nearest level that is (paper in a deep shadow still is);
/// a pixel's level is interpolated between the blocks' centres. Nothing changes when the
/// levels vary by less than 24 (a tenth of the range): a picture evenly lit is left as it is.
///
/// Returns true when the tones were changed. Complexity: O(pixels); memory a histogram a block.
pub fn even_out(t: &mut Tones, w: usize, h: usize) -> bool {
    if w < 32 || h < 32 || t.tone.len() != w * h {
        return false;
    }
    // Orient so that the paper is high: for a dark majority, work on LIGHT − tone.
    let light = t
        .tone
        .iter()
        .step_by(7)
        .filter(|&&v| v != MARK && v >= MID)
        .count();
    let seen = t.tone.iter().step_by(7).filter(|&&v| v != MARK).count();
    let paper_light = 2 * light > seen;
    let up = |v: u8| if paper_light { v } else { LIGHT - v };
    let b = (w.min(h) / 16).clamp(16, 256);
    let (bw, bh) = (w.div_ceil(b), h.div_ceil(b));
    // Every other row and column is enough for a percentile of blocks of 16 pixels or more.
    let mut hist = vec![[0u32; 256]; bw * bh];
    for y in (0..h).step_by(2) {
        crate::stop::check();
        let row = &t.tone[y * w..(y + 1) * w];
        let hrow = &mut hist[(y / b) * bw..(y / b + 1) * bw];
        for (x, &v) in row.iter().enumerate().step_by(2) {
            if v != MARK {
                hrow[x / b][usize::from(up(v))] += 1;
            }
        }
    }
    // Each block's level over it and its neighbours.
    let mut level = vec![None::<f64>; bw * bh];
    for by in 0..bh {
        for bx in 0..bw {
            let mut acc = [0u32; 256];
            for ny in by.saturating_sub(1)..(by + 2).min(bh) {
                for nx in bx.saturating_sub(1)..(bx + 2).min(bw) {
                    for (a, &c) in acc.iter_mut().zip(&hist[ny * bw + nx]) {
                        *a += c;
                    }
                }
            }
            let n: u32 = acc.iter().sum();
            if n == 0 {
                continue;
            }
            let want = n - n / 10;
            let (mut k, mut v) = (0u32, 0usize);
            while v < 255 {
                k += acc[v];
                if k >= want {
                    break;
                }
                v += 1;
            }
            if v >= usize::from(LIGHT / 5) {
                level[by * bw + bx] = Some(v as f64);
            }
        }
    }
    // The paper is one sheet: from the block of the highest level, neighbours whose level is at
    // least three quarters of the block they are reached from (light falls off gradually; a
    // table around the sheet, or a wall, is a step down).
    let mut sheet = vec![None::<f64>; bw * bh];
    if let Some(start) = (0..bw * bh)
        .filter(|&i| level[i].is_some())
        .max_by(|&a, &b| level[a].unwrap_or(0.0).total_cmp(&level[b].unwrap_or(0.0)))
    {
        let mut queue = std::collections::VecDeque::from([start]);
        sheet[start] = level[start];
        while let Some(i) = queue.pop_front() {
            let here = sheet[i].unwrap_or(0.0);
            let (bx, by) = (i % bw, i / bw);
            let mut next = |j: usize| {
                if let (None, Some(v)) = (sheet[j], level[j]) {
                    if v >= 0.75 * here {
                        sheet[j] = Some(v);
                        queue.push_back(j);
                    }
                }
            };
            if bx > 0 {
                next(i - 1);
            }
            if bx + 1 < bw {
                next(i + 1);
            }
            if by > 0 {
                next(i - bw);
            }
            if by + 1 < bh {
                next(i + bw);
            }
        }
    }
    let level = sheet;
    let known: Vec<f64> = level.iter().flatten().copied().collect();
    let (Some(lo), Some(hi)) = (
        known.iter().copied().reduce(f64::min),
        known.iter().copied().reduce(f64::max),
    ) else {
        return false;
    };
    if hi - lo < 24.0 {
        return false;
    }
    // Blocks without a level take their nearest neighbour's (rings outwards).
    let filled: Vec<f64> = (0..bw * bh)
        .map(|i| {
            if let Some(v) = level[i] {
                return v;
            }
            let (bx, by) = ((i % bw) as i64, (i / bw) as i64);
            for r in 1..(bw.max(bh) as i64) {
                let mut best: Option<f64> = None;
                for ny in by - r..=by + r {
                    for nx in bx - r..=bx + r {
                        if (ny - by).abs() != r && (nx - bx).abs() != r {
                            continue;
                        }
                        if ny < 0 || nx < 0 || ny >= bh as i64 || nx >= bw as i64 {
                            continue;
                        }
                        if let Some(v) = level[ny as usize * bw + nx as usize] {
                            best = Some(best.map_or(v, |b: f64| b.max(v)));
                        }
                    }
                }
                if let Some(v) = best {
                    return v;
                }
            }
            hi
        })
        .collect();
    let at = |bx: usize, by: usize| filled[by.min(bh - 1) * bw + bx.min(bw - 1)];
    let half = b as f64 / 2.0;
    for y in 0..h {
        crate::stop::check();
        let fy = ((y as f64 + 0.5 - half) / b as f64).max(0.0);
        let (by, ty) = (fy.floor() as usize, fy.fract());
        for x in 0..w {
            let v = t.tone[y * w + x];
            if v == MARK {
                continue;
            }
            let fx = ((x as f64 + 0.5 - half) / b as f64).max(0.0);
            let (bx, tx) = (fx.floor() as usize, fx.fract());
            let l = (at(bx, by) * (1.0 - tx) + at(bx + 1, by) * tx) * (1.0 - ty)
                + (at(bx, by + 1) * (1.0 - tx) + at(bx + 1, by + 1) * tx) * ty;
            let n = (f64::from(up(v)) * f64::from(LIGHT) / l.max(1.0)).min(f64::from(LIGHT));
            let n = n.round() as u8;
            t.tone[y * w + x] = up(n);
        }
    }
    true
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
