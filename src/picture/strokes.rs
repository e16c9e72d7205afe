//! Strokes thinner than the walls, in the walls' own colour: marks.
//!
//! A solution is often drawn in the ink the maze is printed in: an outlined tube or a line one
//! pixel wide running along the corridors of a maze whose walls are two pixels or more. Its
//! lines then look like walls to every lattice finder (a tube doubles the lines found, and the
//! lattice found is one of half the pitch). When a picture drawn flat has its dark ink in two
//! widths (most of it in strokes of width `W`, a part of it in strokes of half that or less),
//! [`thin_apart`] sets the thin strokes apart as marks: a reading of what is left must then
//! explain the picture as any other ([`super::verify`]).
//!
//! A pixel's stroke width is the shorter of its runs of ink along its row and along its column
//! (a vertical line two pixels wide: 2 across, its length down); the walls' width is the most
//! common one; the thin strokes are the pixels of width at most half of it.
//!
//! Complexity: O(pixels), two bytes a pixel.

use super::tones::{Tones, MARK, MID};

/// The least share of the ink in thin strokes for them to be a drawing of their own (a
/// solution), not the ends and corners of the walls.
const THIN_SHARE: f64 = 0.03;

/// The tones `t` (of a picture `w` pixels wide) with the strokes of dark ink thinner than half
/// the walls' width set apart as marks ([`MARK`]), or `None` when the ink is not drawn in two
/// such widths, or the picture is not drawn flat ([`super::verify::FLAT`]: a photo's blur
/// makes every line thin at its edges).
///
/// ```
/// use mazegraph::picture::{strokes, tones, Raster};
/// // A wall 3 pixels wide and a line 1 pixel wide beside it, on white.
/// let mut r = Raster::filled(40, 40, [255; 3]);
/// r.fill_rect(4, 0, 7, 40, [0; 3]);
/// r.fill_rect(20, 5, 21, 35, [0; 3]);
/// let t = tones::tones(&r, [0; 4]).unwrap();
/// let apart = strokes::thin_apart(&t, 40).unwrap();
/// assert_eq!(apart.tone[10 * 40 + 20], tones::MARK);
/// assert_eq!(apart.tone[10 * 40 + 5], 0);
/// ```
pub fn thin_apart(t: &Tones, w: usize) -> Option<Tones> {
    let h = t.tone.len().checked_div(w)?;
    if w < 3 || h < 3 || super::verify::graded(t) > super::verify::FLAT {
        return None;
    }
    let ink = |i: usize| {
        let v = t.tone[i];
        v != MARK && v < MID
    };
    // Runs of ink along the rows, then down the columns: each pixel keeps the shorter.
    let mut width = vec![u16::MAX; w * h];
    let run = |start: usize, step: usize, len: usize, width: &mut [u16]| {
        let mut k = 0;
        while k < len {
            if !ink(start + k * step) {
                k += 1;
                continue;
            }
            let from = k;
            while k < len && ink(start + k * step) {
                k += 1;
            }
            let n = u16::try_from(k - from).unwrap_or(u16::MAX);
            for m in from..k {
                let i = start + m * step;
                width[i] = width[i].min(n);
            }
        }
    };
    for y in 0..h {
        crate::stop::check();
        run(y * w, 1, w, &mut width);
    }
    for x in 0..w {
        run(x, w, h, &mut width);
    }
    let mut hist = [0u64; 17];
    for &n in &width {
        if n != u16::MAX {
            hist[usize::from(n.min(16))] += 1;
        }
    }
    let all: u64 = hist.iter().sum();
    // The walls' width: the most common, from two pixels up (a one-pixel wall has no thinner
    // stroke beside it).
    let (walls, _) = hist
        .iter()
        .enumerate()
        .skip(2)
        .take(14)
        .max_by_key(|&(_, &n)| n)?;
    let thin = walls / 2;
    let thin_ink: u64 = hist[1..=thin].iter().sum();
    if all == 0 || (thin_ink as f64) < THIN_SHARE * all as f64 || hist[walls] < thin_ink {
        return None;
    }
    let mut out = t.clone();
    let mut marks = 0;
    for (v, &n) in out.tone.iter_mut().zip(&width) {
        if usize::from(n) <= thin {
            *v = MARK;
            marks += 1;
        }
    }
    out.marks += marks;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::{tones, Raster};

    #[test]
    fn lines_of_one_width_are_left_alone() {
        let mut r = Raster::filled(40, 40, [255; 3]);
        for x in [4, 14, 24] {
            r.fill_rect(x, 0, x + 2, 40, [0; 3]);
        }
        let t = tones::tones(&r, [0; 4]).unwrap();
        assert!(thin_apart(&t, 40).is_none());
    }

    #[test]
    fn a_photo_s_blur_is_not_two_widths() {
        // Shades between the two colours everywhere: not drawn flat.
        let mut r = Raster::filled(40, 40, [255; 3]);
        for y in 0..40 {
            r.fill_rect(0, y, 40, y + 1, [(y * 6) as u8; 3]);
        }
        r.fill_rect(4, 0, 7, 40, [0; 3]);
        r.fill_rect(20, 0, 21, 40, [0; 3]);
        let t = tones::tones(&r, [0; 4]).unwrap();
        assert!(thin_apart(&t, 40).is_none());
    }
}
