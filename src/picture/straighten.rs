//! Projective maps of the plane: how a maze photographed at an angle is straightened, and how
//! what is read in the straightened picture is drawn back on the photo.
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
    use imageproc::geometric_transformations::{warp_into_with, Border, Interpolation};
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
    let src = image::RgbImage::from_raw(
        u32::try_from(raster.width).ok()?,
        u32::try_from(raster.height).ok()?,
        raster.rgb.clone(),
    )?;
    let mut out = image::RgbImage::new(ow as u32, oh as u32);
    // imageproc puts pixel centres at whole coordinates; ours are at half-pixels.
    let m = map;
    let pre = move |x: f32, y: f32| {
        let (u, v) = m.map(f64::from(x) + 0.5, f64::from(y) + 0.5);
        ((u - 0.5) as f32, (v - 0.5) as f32)
    };
    warp_into_with(
        &src,
        pre,
        Interpolation::Bilinear,
        Border::Constant(image::Rgb(fill)),
        &mut out,
    );
    let raster = super::Raster {
        width: ow as usize,
        height: oh as usize,
        rgb: out.into_raw(),
    };
    Some((raster, map))
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
