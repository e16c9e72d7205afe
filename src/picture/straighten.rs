//! Stage 4, **straighten**: a maze photographed at an angle made upright, with the map that
//! draws what is read in the straightened picture back on the photo.
//!
//! Two ways: from the four corners of the maze's frame found on the page
//! ([`super::locate`], [`straighten`]: a perspective), and, when no frame is found (its sides
//! broken by openings, a faint hairline), from the slant of the picture's edges ([`slant`],
//! [`deskew`]: the angles at which the maze's horizontal and vertical lines run, undone by an
//! affine map; what perspective is left, the line finder's tolerance absorbs).
//!
//! A homography maps `(x, y)` to `((h0·x + h1·y + h2) / d, (h3·x + h4·y + h5) / d)` with
//! `d = h6·x + h7·y + h8`. Four points and their images fix it (no three on a line): the
//! corners of a maze's frame in a photo and those of the upright rectangle it was printed as.
//!
//! ```
//! use mazegraph::picture::straighten::Homography;
//! // A square turned and stretched into a quadrilateral.
//! let from = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
//! let to = [(2.0, 1.0), (13.0, 2.0), (12.5, 12.0), (1.0, 11.0)];
//! let h = Homography::from_quad(from, to).unwrap();
//! let (x, y) = h.map(10.0, 10.0);
//! assert!((x - 12.5).abs() < 1e-9 && (y - 12.0).abs() < 1e-9);
//! let back = h.inverse().unwrap().map(x, y);
//! assert!((back.0 - 10.0).abs() < 1e-9 && (back.1 - 10.0).abs() < 1e-9);
//! ```

/// A projective map of the plane, as its 3 × 3 matrix in row order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Homography(pub [f64; 9]);

impl Homography {
    /// The identity map.
    pub const IDENTITY: Homography = Homography([1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);

    /// The map taking each of the four points `from` to the point of `to` at the same place.
    /// `None` when three of the points lie on a line (no such map).
    ///
    /// Complexity: O(1) (an 8 × 8 linear system).
    pub fn from_quad(from: [(f64, f64); 4], to: [(f64, f64); 4]) -> Option<Homography> {
        // Unknowns h0..h7 with h8 = 1; two equations a point.
        let mut a = [[0.0f64; 9]; 8];
        for (k, (&(x, y), &(u, v))) in from.iter().zip(&to).enumerate() {
            a[2 * k] = [x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y, u];
            a[2 * k + 1] = [0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y, v];
        }
        // Gaussian elimination with partial pivoting on the augmented matrix.
        for col in 0..8 {
            let pivot = (col..8).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
            if a[pivot][col].abs() < 1e-12 {
                return None;
            }
            a.swap(col, pivot);
            for row in 0..8 {
                if row != col {
                    let f = a[row][col] / a[col][col];
                    if f != 0.0 {
                        for k in col..9 {
                            a[row][k] -= f * a[col][k];
                        }
                    }
                }
            }
        }
        let mut h = [1.0f64; 9];
        for (i, row) in a.iter().enumerate() {
            h[i] = row[8] / row[i];
        }
        h.iter().all(|v| v.is_finite()).then_some(Homography(h))
    }

    /// The image of `(x, y)`.
    /// The map that first moves a point by `(dx, dy)`, then applies this one: for a lattice
    /// found in a crop at `(dx, dy)` of the picture this map's points lie in.
    ///
    /// ```
    /// use mazegraph::picture::straighten::Homography;
    /// let h = Homography::IDENTITY.after_shift(3.0, 4.0).then_shift(1.0, 1.0);
    /// assert_eq!(h.map(1.0, 1.0), (5.0, 6.0));
    /// ```
    pub fn after_shift(&self, dx: f64, dy: f64) -> Homography {
        let m = &self.0;
        Homography([
            m[0],
            m[1],
            m[0] * dx + m[1] * dy + m[2],
            m[3],
            m[4],
            m[3] * dx + m[4] * dy + m[5],
            m[6],
            m[7],
            m[6] * dx + m[7] * dy + m[8],
        ])
    }

    /// The map that applies this one, then moves the point by `(dx, dy)`: for a picture that
    /// was a crop at `(dx, dy)` of a larger one.
    pub fn then_shift(&self, dx: f64, dy: f64) -> Homography {
        let m = &self.0;
        Homography([
            m[0] + dx * m[6],
            m[1] + dx * m[7],
            m[2] + dx * m[8],
            m[3] + dy * m[6],
            m[4] + dy * m[7],
            m[5] + dy * m[8],
            m[6],
            m[7],
            m[8],
        ])
    }

    /// The image of `(x, y)`.
    pub fn map(&self, x: f64, y: f64) -> (f64, f64) {
        let h = &self.0;
        let d = h[6] * x + h[7] * y + h[8];
        (
            (h[0] * x + h[1] * y + h[2]) / d,
            (h[3] * x + h[4] * y + h[5]) / d,
        )
    }

    /// The inverse map; `None` when the matrix is singular.
    pub fn inverse(&self) -> Option<Homography> {
        let m = &self.0;
        let c = [
            m[4] * m[8] - m[5] * m[7],
            m[2] * m[7] - m[1] * m[8],
            m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8],
            m[0] * m[8] - m[2] * m[6],
            m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6],
            m[1] * m[6] - m[0] * m[7],
            m[0] * m[4] - m[1] * m[3],
        ];
        let det = m[0] * c[0] + m[1] * c[3] + m[2] * c[6];
        if det.abs() < 1e-15 || !det.is_finite() {
            return None;
        }
        Some(Homography(c.map(|v| v / det)))
    }

    /// The mean scale of the map near `(x, y)`: how many pixels of the image one unit of the
    /// source spans there (the square root of the Jacobian's determinant).
    pub fn scale_at(&self, x: f64, y: f64) -> f64 {
        let (a, b) = (self.map(x, y), self.map(x + 1.0, y));
        let c = self.map(x, y + 1.0);
        let det = (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
        det.abs().sqrt()
    }
}

/// Straightens the quadrilateral `corners` (top-left, top-right, bottom-right, bottom-left, in
/// `raster`'s pixels) into an upright rectangle as wide and high as its sides are long on
/// average, inside a margin of `pad` pixels, by bilinear interpolation (imageproc's warp);
/// outside the picture is `fill`. Returns the straightened picture and the map from its pixels
/// to `raster`'s. `None` for a degenerate quadrilateral or one larger than `max_pixels`.
///
/// Complexity: O(pixels of the straightened picture).
#[cfg(feature = "pictures")]
pub fn straighten(
    raster: &super::Raster,
    corners: [(f64, f64); 4],
    pad: f64,
    fill: [u8; 3],
    max_pixels: u64,
) -> Option<(super::Raster, Homography)> {
    let d = |a: (f64, f64), b: (f64, f64)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
    let [tl, tr, br, bl] = corners;
    let w = (d(tl, tr) + d(bl, br)) / 2.0;
    let h = (d(tl, bl) + d(tr, br)) / 2.0;
    if !(w >= 8.0 && h >= 8.0) {
        return None;
    }
    let (ow, oh) = ((w + 2.0 * pad).round(), (h + 2.0 * pad).round());
    if ow * oh > max_pixels as f64 || ow > f64::from(u32::MAX) || oh > f64::from(u32::MAX) {
        return None;
    }
    let target = [
        (pad, pad),
        (pad + w, pad),
        (pad + w, pad + h),
        (pad, pad + h),
    ];
    let map = Homography::from_quad(target, corners)?;
    let raster = warp(raster, map, ow as usize, oh as usize, fill)?;
    Some((raster, map))
}

/// How the maze's lines run in a picture taken at an angle: [`slant`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slant {
    /// The slope angle, in radians, of the horizontal lines (positive: down to the right).
    pub h: f64,
    /// The slope angle of the vertical lines (positive: leaning right going down).
    pub v: f64,
    /// The frame's corners (top-left, top-right, bottom-right, bottom-left), where the outermost
    /// lines each way were found and fitted, each its own straight line (a perspective).
    pub corners: Option<[(f64, f64); 4]>,
}

/// How the maze's lines run: their angles each way, and the frame's corners.
///
/// The classic deskew by projection, on ridges: a pixel's ink (its tone's distance from the
/// paper, the majority colour) counts for horizontal lines by how much it exceeds the ink three
/// pixels above and below it (a line, not a dark area such as the table around a sheet), for
/// vertical lines likewise across. That ink is projected across the picture along lines at each
/// angle from −8° to 8°, a quarter of a degree apart, then a twentieth around the best; the
/// projection is sharpest (the sum of its squares is largest) when the lines of projection run
/// along the maze's lines. Horizontal and vertical lines each get their own angle.
///
/// The frame: at those angles, the first and last strong peaks of each projection (a third of
/// the highest or more) are the frame's sides; each side is then fitted on its own
/// ([`super::locate::fit_line`]) through the ridge pixels near it, so that a perspective, which
/// turns opposite sides by different angles, is followed.
///
/// `None` when the picture has too little ink.
///
/// Complexity: O(pixels + ridge pixels sampled × angles tried), at most 40,000 ridge pixels
/// sampled each way.
///
/// ```
/// use mazegraph::picture::{straighten, tones::Tones};
/// // Horizontal lines tilted by 2°, one every 20 rows, and upright vertical ones.
/// let (w, h) = (200, 200);
/// let slope = 2f64.to_radians().tan();
/// let tone: Vec<u8> = (0..w * h)
///     .map(|i| {
///         let (x, y) = ((i % w) as f64, (i / w) as f64);
///         let on = (y - slope * x).rem_euclid(20.0) < 2.0 || x.rem_euclid(25.0) < 2.0;
///         if on { 0 } else { 254 }
///     })
///     .collect();
/// let t = Tones { dark: [0; 3], light: [255; 3], tone, marks: 0 };
/// let s = straighten::slant(&t, w, h).unwrap();
/// assert!((s.h.to_degrees() - 2.0).abs() < 0.1, "{}", s.h.to_degrees());
/// assert!(s.v.to_degrees().abs() < 0.3, "{}", s.v.to_degrees());
/// ```
#[cfg(feature = "pictures")]
pub fn slant(t: &super::tones::Tones, w: usize, h: usize) -> Option<Slant> {
    use super::tones::{LIGHT, MARK, MID};
    if w < 16 || h < 16 || t.tone.len() != w * h {
        return None;
    }
    let light = t.tone.iter().filter(|&&v| v != MARK && v >= MID).count();
    let dark_ink = 2 * light > t.tone.len();
    let d = |x: usize, y: usize| {
        let v = t.tone[y * w + x];
        if v == MARK {
            0
        } else if dark_ink {
            i32::from(LIGHT - v)
        } else {
            i32::from(v)
        }
    };
    const R: usize = 3;
    // Ridge pixels (x, y, weight) of horizontal lines, and of vertical ones.
    let mut hor: Vec<(f64, f64, f64)> = Vec::new();
    let mut ver: Vec<(f64, f64, f64)> = Vec::new();
    for y in R..h - R {
        crate::stop::check();
        for x in R..w - R {
            let v = d(x, y);
            if v <= i32::from(MID) / 2 {
                continue;
            }
            let (px, py) = (x as f64 + 0.5, y as f64 + 0.5);
            let across = v - d(x, y - R).max(d(x, y + R));
            if across > 32 {
                hor.push((px, py, f64::from(across)));
            }
            let along = v - d(x - R, y).max(d(x + R, y));
            if along > 32 {
                ver.push((px, py, f64::from(along)));
            }
        }
    }
    if hor.len() < 100 || ver.len() < 100 {
        return None;
    }
    let thin = |v: &[(f64, f64, f64)]| {
        let step = v.len().div_ceil(40_000);
        v.iter().step_by(step).copied().collect::<Vec<_>>()
    };
    let (hs, vs) = (thin(&hor), thin(&ver));
    let off = w.max(h) as f64;
    let n = w + h + 2 * w.max(h);
    // The projection of the ridges along lines of slope `tan a`, onto y (horizontal lines) or
    // onto x (vertical ones); a point's place on it.
    let place = |x: f64, y: f64, k: f64, horizontal: bool| {
        if horizontal {
            y - k * x + off
        } else {
            x - k * y + off
        }
    };
    let project = |a: f64, horizontal: bool, ink: &[(f64, f64, f64)]| {
        let k = a.tan();
        let mut bins = vec![0f64; n];
        // Each point shared between its two nearest bins (a smooth sharpness over angles).
        for &(x, y, m) in ink {
            let p = place(x, y, k, horizontal).max(0.0);
            let (b, f) = (p.floor() as usize, p.fract());
            if let Some(c) = bins.get_mut(b) {
                *c += m * (1.0 - f);
            }
            if let Some(c) = bins.get_mut(b + 1) {
                *c += m * f;
            }
        }
        bins
    };
    let best = |horizontal: bool, ink: &[(f64, f64, f64)]| {
        let sharp = |a: f64| {
            project(a.to_radians(), horizontal, ink)
                .iter()
                .map(|c| c * c)
                .sum::<f64>()
        };
        let pick = |lo: f64, hi: f64, by: f64| {
            let mut a = lo;
            let mut top = (f64::NEG_INFINITY, 0.0);
            while a <= hi + 1e-9 {
                let v = sharp(a);
                if v > top.0 {
                    top = (v, a);
                }
                a += by;
            }
            top.1
        };
        let coarse = pick(-8.0, 8.0, 0.25);
        pick(coarse - 0.25, coarse + 0.25, 0.05).to_radians()
    };
    let (ah, av) = (best(true, &hs), best(false, &vs));
    // The outermost strong lines each way, at those angles: (first, last) places.
    let near = (0.01 * w.max(h) as f64).max(4.0);
    // The outermost lines each way, at those angles: the first and last strong peaks of the
    // projection (a third of the highest or more) within its busiest stretch (where the
    // projection stays above an eighth of its highest with breaks no longer than the median gap
    // between its peaks: a page's edge, a title or a caption across a margin is not the maze).
    let ends = |a: f64, horizontal: bool, ink: &[(f64, f64, f64)]| {
        let bins = project(a, horizontal, ink);
        // Smoothed over the width a perspective smears an outer line over.
        let r = (near / 2.0).ceil() as usize;
        let sm: Vec<f64> = (0..n)
            .map(|i| bins[i.saturating_sub(r)..(i + r + 1).min(n)].iter().sum())
            .collect();
        let max = sm.iter().copied().fold(0.0, f64::max);
        let local = |floor: f64| {
            (1..n.saturating_sub(1))
                .filter(|&i| sm[i] >= floor && sm[i] >= sm[i - 1] && sm[i] > sm[i + 1])
                .collect::<Vec<usize>>()
        };
        let peaks = local(max / 3.0);
        let mut gaps: Vec<usize> = local(max / 8.0).windows(2).map(|p| p[1] - p[0]).collect();
        gaps.sort_unstable();
        let bridge = gaps.get(gaps.len() / 2).copied().unwrap_or(1);
        // Stretches of activity, breaks up to `bridge` long bridged: (weight, start, end).
        let mut stretches: Vec<(f64, usize, usize)> = Vec::new();
        let mut cur: Option<(f64, usize, usize)> = None;
        for (i, &v) in sm.iter().enumerate() {
            if v > max / 8.0 {
                cur = Some(match cur {
                    Some((wt, s0, e)) if i <= e + bridge => (wt + v, s0, i),
                    Some(done) => {
                        stretches.push(done);
                        (v, i, i)
                    }
                    None => (v, i, i),
                });
            }
        }
        stretches.extend(cur);
        let &(_, s0, e0) = stretches.iter().max_by(|a, b| a.0.total_cmp(&b.0))?;
        let inside: Vec<usize> = peaks.into_iter().filter(|&i| i >= s0 && i <= e0).collect();
        Some((*inside.first()? as f64 + 0.5, *inside.last()? as f64 + 0.5))
    };
    let corners = (|| {
        let (top, bottom) = ends(ah, true, &hs)?;
        let (left, right) = ends(av, false, &vs)?;
        let (kh, kv) = (ah.tan(), av.tan());
        // Each side: the ridge pixels within a hundredth of the picture (and 4 px) of its line,
        // between the other two sides, fitted as (along, across).
        let side = |horizontal: bool, at: f64| {
            let (ink, k, lo, hi) = if horizontal {
                (&hor, kh, left, right)
            } else {
                (&ver, kv, top, bottom)
            };
            // Along the side, pixel by pixel, the outermost ridge near it (the frame, where inner
            // walls lie a pitch inside).
            let outer = at
                < (if horizontal {
                    top + bottom
                } else {
                    left + right
                }) / 2.0;
            let mut by: std::collections::BTreeMap<i64, (f64, f64)> = Default::default();
            for &(x, y, _) in ink.iter() {
                let p = place(x, y, k, horizontal);
                let q = place(x, y, if horizontal { kv } else { kh }, !horizontal);
                if (p - at).abs() > near || q < lo - near || q > hi + near {
                    continue;
                }
                let (along, across) = if horizontal { (x, y) } else { (y, x) };
                let e = by.entry(along.floor() as i64).or_insert((along, across));
                if (outer && across < e.1) || (!outer && across > e.1) {
                    *e = (along, across);
                }
            }
            let pts: Vec<(f64, f64)> = by.into_values().collect();
            let span = if horizontal { w } else { h } as f64;
            let (a, c, share) = super::locate::fit_line(&pts, span)?;
            (share >= 0.5).then_some((a, c))
        };
        let (t, b) = (side(true, top)?, side(true, bottom)?);
        let (l, r) = (side(false, left)?, side(false, right)?);
        // Top and bottom: y = a·x + c; left and right: x = a·y + c.
        let cross = |hl: (f64, f64), vl: (f64, f64)| {
            let x = (vl.0 * hl.1 + vl.1) / (1.0 - vl.0 * hl.0);
            (x, hl.0 * x + hl.1)
        };
        let c = [cross(t, l), cross(t, r), cross(b, r), cross(b, l)];
        c.iter()
            .all(|p| p.0.is_finite() && p.1.is_finite())
            .then_some(c)
    })();
    Some(Slant {
        h: ah,
        v: av,
        corners,
    })
}

/// The affine map that undoes a slant `(h, v)` ([`Slant`]) of a `w × h` picture: from the
/// upright picture's pixels to the picture's, and the upright picture's size (holding all of
/// the picture).
pub fn deskew(
    width: usize,
    height: usize,
    (ah, av): (f64, f64),
) -> Option<(Homography, usize, usize)> {
    // Source from upright: x = x' + sv·y', y = y' + sh·x' (horizontal lines of slope sh,
    // vertical ones of slope sv, dx/dy).
    let (sh, sv) = (ah.tan(), av.tan());
    let a = Homography([1.0, sv, 0.0, sh, 1.0, 0.0, 0.0, 0.0, 1.0]);
    let inv = a.inverse()?;
    let (w, h) = (width as f64, height as f64);
    let corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)].map(|(x, y)| inv.map(x, y));
    let min_x = corners.iter().map(|c| c.0).fold(f64::INFINITY, f64::min);
    let min_y = corners.iter().map(|c| c.1).fold(f64::INFINITY, f64::min);
    let max_x = corners
        .iter()
        .map(|c| c.0)
        .fold(f64::NEG_INFINITY, f64::max);
    let max_y = corners
        .iter()
        .map(|c| c.1)
        .fold(f64::NEG_INFINITY, f64::max);
    let (ow, oh) = ((max_x - min_x).ceil(), (max_y - min_y).ceil());
    if !(ow >= 1.0 && oh >= 1.0) || ow * oh > 4.0 * w * h {
        return None;
    }
    Some((a.after_shift(min_x, min_y), ow as usize, oh as usize))
}

/// The picture seen through `map` (from the new picture's pixels to `raster`'s) on a
/// `width × height` canvas, bilinear, `fill` where the map leaves the picture.
#[cfg(feature = "pictures")]
pub fn warp(
    raster: &super::Raster,
    map: Homography,
    width: usize,
    height: usize,
    fill: [u8; 3],
) -> Option<super::Raster> {
    use imageproc::geometric_transformations::{warp_into_with, Border, Interpolation};
    let src = image::RgbImage::from_raw(
        u32::try_from(raster.width).ok()?,
        u32::try_from(raster.height).ok()?,
        raster.rgb.clone(),
    )?;
    let mut out = image::RgbImage::new(u32::try_from(width).ok()?, u32::try_from(height).ok()?);
    // imageproc puts pixel centres at whole coordinates; ours are at half-pixels.
    let pre = move |x: f32, y: f32| {
        let (u, v) = map.map(f64::from(x) + 0.5, f64::from(y) + 0.5);
        ((u - 0.5) as f32, (v - 0.5) as f32)
    };
    warp_into_with(
        &src,
        pre,
        Interpolation::Bilinear,
        Border::Constant(image::Rgb(fill)),
        &mut out,
    );
    Some(super::Raster {
        width,
        height,
        rgb: out.into_raw(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rotation_is_found_from_its_corners() {
        let (s, c) = (3f64.to_radians().sin(), 3f64.to_radians().cos());
        let from = [(0.0, 0.0), (100.0, 0.0), (100.0, 60.0), (0.0, 60.0)];
        let to = from.map(|(x, y)| (c * x - s * y + 7.0, s * x + c * y + 3.0));
        let h = Homography::from_quad(from, to).unwrap();
        let (x, y) = h.map(50.0, 30.0);
        assert!((x - (c * 50.0 - s * 30.0 + 7.0)).abs() < 1e-9);
        assert!((y - (s * 50.0 + c * 30.0 + 3.0)).abs() < 1e-9);
        assert!((h.scale_at(10.0, 10.0) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn three_points_on_a_line_have_no_map() {
        let from = [(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (0.0, 5.0)];
        assert!(Homography::from_quad(from, from).is_none());
    }
}
