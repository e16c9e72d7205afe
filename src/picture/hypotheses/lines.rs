//! The **line finder**: wall lines as ridges of ink, projected on each axis.
//!
//! The edge finder ([`super::edges`]) needs each wall line to change the pixel's class at the
//! same place in many rows; a thin line does not when it is grey (a screenshot scaled down, a
//! hairline printed at 100 dpi), blurred (a photo), or wobbles (a pen). This finder looks for
//! the lines themselves:
//!
//! 1. **Ridges**: a pixel lies on a horizontal line when it holds more ink than the pixels
//!    [`REACH`] rows above and below it (the excess counts); on a vertical line, the same
//!    across. Ink is the tone's distance from the passage colour, so grey and faint lines count
//!    for what they hold; vertical lines give no horizontal ridge, and the reverse.
//! 2. **Profiles**: the ridges summed along each row (for the horizontal lines) and each column
//!    (for the vertical ones): a peak at each line of the maze.
//! 3. **Pitch**: the lag with the strongest autocorrelation of the profile (the first of its
//!    multiples that is nearly as strong), refined by least squares over the peaks that lie
//!    near the predicted places.
//! 4. **Lines**: the first and the last strong peaks are the frame; every place one pitch apart
//!    between them is a wall line, moved to a peak when one is within a quarter pitch (a hand's
//!    lines drift), its thickness the peaks' width at half their height.
//!
//! Both polarities are proposed (ink darker than the passages, or lighter): verification picks.
//!
//! Complexity: O(width × height) for the ridges, O(length × lags) for each autocorrelation
//! (lags up to half the side, at most 1,024); memory two profiles.

use super::super::lattice::Lattice;
use super::super::tones::{Tones, LIGHT, MARK, MID};
use super::Failure;

/// How far above and below (across) a pixel the passage is looked for: lines up to about five
/// pixels thick.
pub const REACH: usize = 3;

/// The smallest pitch proposed, in pixels.
const MIN_PITCH: f64 = 3.0;

/// The ink of a tone: how far it lies from the passage colour (0 to [`LIGHT`]); marks hold
/// none.
fn ink(v: u8, dark_ink: bool) -> i32 {
    if v == MARK {
        0
    } else if dark_ink {
        i32::from(LIGHT - v)
    } else {
        i32::from(v)
    }
}

/// The ridge profiles of `t`: per row, the ink of horizontal lines; per column, that of
/// vertical lines (see the module's documentation). Pixels within `margins` (bands of a third
/// colour) are left out.
fn profiles(t: &Tones, w: usize, h: usize, dark_ink: bool) -> (Vec<f64>, Vec<f64>) {
    let mut rows = vec![0f64; h];
    let mut cols = vec![0f64; w];
    let at = |x: usize, y: usize| ink(t.tone[y * w + x], dark_ink);
    for y in 0..h {
        crate::stop::check();
        let mut row_sum = 0i64;
        for x in 0..w {
            let v = at(x, y);
            if v == 0 {
                continue;
            }
            let up = if y >= REACH { at(x, y - REACH) } else { 0 };
            let down = if y + REACH < h { at(x, y + REACH) } else { 0 };
            row_sum += i64::from((v - up.max(down)).max(0));
            let left = if x >= REACH { at(x - REACH, y) } else { 0 };
            let right = if x + REACH < w { at(x + REACH, y) } else { 0 };
            cols[x] += f64::from((v - left.max(right)).max(0));
        }
        rows[y] = row_sum as f64;
    }
    (rows, cols)
}

/// Local maxima of a profile above `floor`: `(position, height)`, the position the weighted
/// centre of the peak's top (the points within half its height, at most a third of `pitch`
/// around it).
fn peaks(p: &[f64], floor: f64) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    let n = p.len();
    let mut i = 0;
    while i < n {
        let v = p[i];
        let left = if i > 0 { p[i - 1] } else { 0.0 };
        // A plateau counts once, at its first point.
        let mut j = i;
        while j + 1 < n && p[j + 1] == v {
            j += 1;
        }
        let right = if j + 1 < n { p[j + 1] } else { 0.0 };
        if v >= floor && v > left && v > right {
            let half = v / 2.0;
            let (mut a, mut b) = (i, j);
            while a > 0 && p[a - 1] >= half && i - a < 4 {
                a -= 1;
            }
            while b + 1 < n && p[b + 1] >= half && b - j < 4 {
                b += 1;
            }
            let (mut s, mut m) = (0.0, 0.0);
            for (k, &q) in p.iter().enumerate().take(b + 1).skip(a) {
                s += (k as f64 + 0.5) * q;
                m += q;
            }
            out.push((s / m.max(f64::MIN_POSITIVE), v));
        }
        i = j + 1;
    }
    out
}

/// The pitch of a profile: the lag of strongest autocorrelation, or the first lag of its
/// divisors that is nearly as strong (a profile with every other line missing also peaks at
/// twice the pitch). `None` when no lag correlates.
fn pitch(p: &[f64]) -> Option<f64> {
    let n = p.len();
    if n < 12 {
        return None;
    }
    let mean = p.iter().sum::<f64>() / n as f64;
    let d: Vec<f64> = p.iter().map(|v| v - mean).collect();
    let var: f64 = d.iter().map(|v| v * v).sum();
    if var <= 0.0 {
        return None;
    }
    let max_lag = (n / 2).min(1024);
    let lo = MIN_PITCH.floor() as usize;
    if max_lag <= lo + 1 {
        return None;
    }
    let ac: Vec<f64> = (0..=max_lag)
        .map(|lag| {
            if lag < lo {
                return f64::NEG_INFINITY;
            }
            let s: f64 = d[..n - lag].iter().zip(&d[lag..]).map(|(a, b)| a * b).sum();
            s / var * n as f64 / (n - lag) as f64
        })
        .collect();
    // Local maxima of the autocorrelation.
    let local: Vec<usize> = (lo..max_lag)
        .filter(|&k| ac[k] > 0.0 && ac[k] >= ac[k - 1] && ac[k] >= ac[k + 1])
        .collect();
    let best = local
        .iter()
        .copied()
        .max_by(|&a, &b| ac[a].total_cmp(&ac[b]))?;
    if ac[best] < 0.1 {
        return None;
    }
    // The first local maximum nearly as strong whose multiples reach the best.
    let first = local
        .iter()
        .copied()
        .find(|&k| {
            ac[k] >= 0.7 * ac[best] && {
                let r = best as f64 / k as f64;
                (r - r.round()).abs() < 0.15
            }
        })
        .unwrap_or(best);
    // Sub-sample position of the peak (parabola through three points).
    let (a, b, c) = (ac[first - 1], ac[first], ac[first + 1]);
    let den = a - 2.0 * b + c;
    let off = if den < 0.0 && a.is_finite() {
        0.5 * (a - c) / den
    } else {
        0.0
    };
    Some(first as f64 + off.clamp(-0.5, 0.5))
}

/// One axis's wall lines: centres and thickness, from its profile. See the module's
/// documentation.
fn lines(p: &[f64], axis: &str) -> Result<(Vec<f64>, f64), Failure> {
    let max = p.iter().copied().fold(0.0, f64::max);
    let all = peaks(p, 0.12 * max);
    if all.len() < 3 {
        return Err(format!("going {axis}, fewer than three lines stand out"));
    }
    let mut gaps: Vec<f64> = all.windows(2).map(|w| w[1].0 - w[0].0).collect();
    gaps.sort_by(|a, b| a.total_cmp(b));
    let median_gap = gaps.get(gaps.len() / 2).copied().unwrap_or(0.0);
    let pitch0 = pitch(p)
        .or((median_gap >= MIN_PITCH).then_some(median_gap))
        .ok_or_else(|| format!("going {axis}, no lines repeat"))?;
    // Candidate pitches: the autocorrelation's and its whole fractions (a fractional pitch
    // aliases to a multiple of itself at whole lags), and the typical gap between neighbouring
    // peaks.
    let mut cands: Vec<f64> = (1..=6)
        .map(|k| pitch0 / f64::from(k))
        .filter(|&c| c >= MIN_PITCH)
        .collect();
    if median_gap >= MIN_PITCH {
        cands.push(median_gap);
    }
    // Each candidate tracked from each of the strongest peaks (a title's or a caption's line
    // may be the strongest); the chain with the most peaks found less places left empty wins.
    let mut strongest: Vec<(f64, f64)> = all.clone();
    strongest.sort_by(|a, b| b.1.total_cmp(&a.1));
    strongest.truncate(8);
    let mut best: Option<(i64, usize, Vec<Option<f64>>)> = None;
    for c in cands {
        for &(anchor, _) in &strongest {
            let chain = track(&all, anchor, c);
            let found = chain.iter().filter(|x| x.is_some()).count();
            // An empty place costs half what a line found gains: half the pitch finds as many
            // lines with as many places empty; a missing line inside the maze costs less than
            // the lines that twice the pitch would not find.
            let score = 3 * found as i64 - chain.len() as i64;
            if best.as_ref().is_none_or(|b| score > b.0) {
                best = Some((score, found, chain));
            }
        }
    }
    let Some((_, found, chain)) = best else {
        return Err(format!("going {axis}, no lines repeat"));
    };
    if std::env::var_os("MAZEGRAPH_DEBUG_PICTURE").is_some() {
        eprintln!(
            "lines {axis}: pitch0 {pitch0:.2} found {found} of {} lines, {} peaks",
            chain.len(),
            all.len()
        );
    }
    if chain.len() < 3 || found * 4 < chain.len() * 3 {
        return Err(format!(
            "going {axis}, the lines found are not evenly spaced"
        ));
    }
    // Places left empty take the place between their neighbours found.
    let n = chain.len();
    let mut centres = Vec::with_capacity(n);
    for k in 0..n {
        match chain[k] {
            Some(x) => centres.push(x),
            None => {
                let before = (0..k).rev().find_map(|i| chain[i].map(|x| (i, x)));
                let after = (k + 1..n).find_map(|i| chain[i].map(|x| (i, x)));
                let x = match (before, after) {
                    (Some((i, a)), Some((j, b))) => a + (b - a) * (k - i) as f64 / (j - i) as f64,
                    _ => return Err(format!("going {axis}, the frame's lines are missing")),
                };
                centres.push(x);
            }
        }
    }
    let mut widths: Vec<f64> = chain
        .iter()
        .flatten()
        .map(|&x| {
            let h = all.iter().find(|q| q.0 == x).map_or(0.0, |q| q.1);
            width_at(p, x, h)
        })
        .collect();
    widths.sort_by(|a, b| a.total_cmp(b));
    let step = (centres[n - 1] - centres[0]) / (n - 1) as f64;
    let thick = widths
        .get(widths.len() / 2)
        .copied()
        .unwrap_or(1.0)
        .clamp(1.0, step / 2.0);
    if super::super::tracing() {
        let c: Vec<String> = centres.iter().map(|c| format!("{c:.1}")).collect();
        eprintln!("lines {axis}: centres {} thick {thick:.1}", c.join(" "));
    }
    Ok((centres, thick))
}

/// The wall lines `pitch` apart through the peak at `anchor`: from it outwards both ways, each
/// next place one pitch on from the last line found, taken by the strongest peak within a
/// quarter pitch of it (so that a drifting hand or a fractional pitch do not add up), or left
/// empty; three empty places in a row end the maze that way. Returns the places in order, the
/// peak found at each, with no empty place at either end.
fn track(all: &[(f64, f64)], anchor: f64, pitch: f64) -> Vec<Option<f64>> {
    // Peaks are in order: the ones within a quarter pitch lie from the first at or past
    // `want − pitch / 4`.
    let near = |want: f64| {
        let from = all.partition_point(|q| q.0 < want - 0.25 * pitch);
        all[from..]
            .iter()
            .take_while(|q| q.0 <= want + 0.25 * pitch)
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|q| q.0)
    };
    let walk = |dir: f64| {
        let mut out = Vec::new();
        let (mut last, mut empty) = (anchor, 0usize);
        let mut want = anchor + dir * pitch;
        loop {
            match near(want) {
                Some(x) if (x - last) * dir > 0.5 * pitch => {
                    out.push(Some(x));
                    last = x;
                    empty = 0;
                    want = x + dir * pitch;
                }
                _ => {
                    empty += 1;
                    if empty >= 3 {
                        break;
                    }
                    out.push(None);
                    want += dir * pitch;
                }
            }
            if out.len() > 100_000 {
                break;
            }
        }
        while out.last() == Some(&None) {
            out.pop();
        }
        out
    };
    let mut before = walk(-1.0);
    before.reverse();
    before.push(Some(anchor));
    before.extend(walk(1.0));
    before
}

/// The width of the peak at `x` (height `height`) at half its height, in pixels.
fn width_at(p: &[f64], x: f64, height: f64) -> f64 {
    let i = (x.floor().max(0.0) as usize).min(p.len().saturating_sub(1));
    let half = height / 2.0;
    let (mut a, mut b) = (i, i);
    while a > 0 && p[a - 1] >= half && i - a < 8 {
        a -= 1;
    }
    while b + 1 < p.len() && p[b + 1] >= half && b - i < 8 {
        b += 1;
    }
    (b + 1 - a) as f64
}

/// The spans of an axis from its line centres and thickness: wall lines and the passages
/// between them.
fn spans(centres: &[f64], thick: f64) -> Vec<(f64, f64)> {
    let mut out = Vec::with_capacity(2 * centres.len());
    for (k, &c) in centres.iter().enumerate() {
        let line = (c - thick / 2.0, c + thick / 2.0);
        if k > 0 {
            let prev: (f64, f64) = out[out.len() - 1];
            out.push((prev.1, line.0));
        }
        out.push(line);
    }
    out
}

/// The lattice of a line maze in `t`, with ink darker than the passages (`dark_ink`) or
/// lighter; or why none.
///
/// ```
/// use mazegraph::picture::{hypotheses::lines, tones, Raster};
/// let rows = ["#.#######", "#.....#.#", "#.###.#.#", "#...#...#", "#######.#"];
/// let maze = mazegraph::Maze::from_text_rows(&rows).unwrap();
/// let r = Raster::line_maze(&maze, 1, 9, 5, [[0; 3], [255; 3], [255; 3]]).unwrap();
/// let t = tones::tones(&r, [0; 4]).unwrap();
/// let lat = lines::find(&t, r.width, r.height, true).unwrap();
/// assert_eq!((lat.rows.len(), lat.cols.len()), (5, 9));
/// assert!((lat.rows[0].0 - 5.0).abs() < 0.6 && (lat.cols[8].1 - 46.0).abs() < 0.6);
/// ```
pub fn find(t: &Tones, width: usize, height: usize, dark_ink: bool) -> Result<Lattice, Failure> {
    if width < 8 || height < 8 || t.tone.len() != width * height {
        return Err("the picture is too small for a maze".into());
    }
    // Lines are thin: their ink is a minority of the picture (a maze of blocks, or the other
    // polarity of a line maze, is no line drawing).
    let (mut inked, mut seen) = (0usize, 0usize);
    for &v in &t.tone {
        if v != MARK {
            seen += 1;
            inked += usize::from((v < MID) == dark_ink);
        }
    }
    if 10 * inked > 4 * seen {
        return Err(format!(
            "the {} colour covers {}% of the picture: too much for lines",
            if dark_ink { "darker" } else { "lighter" },
            100 * inked / seen.max(1)
        ));
    }
    let (rp, cp) = profiles(t, width, height, dark_ink);
    let (ry, ty) = lines(&rp, "down")?;
    let (cx, tx) = lines(&cp, "across")?;
    Ok(Lattice::of_spans(
        width,
        height,
        spans(&ry, ty),
        spans(&cx, tx),
        dark_ink,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_found_at_a_fractional_pitch_with_some_missing() {
        // Lines every 6.5 pixels, every fifth one missing.
        let mut p = vec![0.0; 200];
        for k in 0..30 {
            if k % 5 != 2 || k == 2 {
                let x = (5.0 + 6.5 * k as f64) as usize;
                p[x] = 10.0;
            }
        }
        // The autocorrelation peaks at a whole multiple of the pitch.
        let got = pitch(&p).unwrap();
        let r = got / 6.5;
        assert!((r - r.round()).abs() < 0.1, "{got}");
        let (centres, thick) = lines(&p, "across").unwrap();
        assert_eq!(centres.len(), 30);
        assert!(
            (centres[29] - centres[0] - 6.5 * 29.0).abs() < 1.5,
            "{centres:?}"
        );
        assert_eq!(thick, 1.0);
    }

    #[test]
    fn peaks_are_weighted_centres() {
        let p = [0.0, 1.0, 4.0, 4.0, 1.0, 0.0, 0.0, 2.0, 0.0];
        let q = peaks(&p, 1.5);
        assert_eq!(q.len(), 2);
        assert!((q[0].0 - 3.0).abs() < 1e-9, "{q:?}");
        assert!((q[1].0 - 7.5).abs() < 1e-9);
    }
}
