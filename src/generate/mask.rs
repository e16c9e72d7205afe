//! Shapes (seed 001): a [`Mask`] is the set of rooms a generator may carve. Built in: the
//! diamond, the ellipse and the triangle (in n dimensions: the L1 ball, the L2 ball and a
//! pyramid along axis 0); any linear [`Transform`] of a mask (rotation, shear, scale, or a
//! matrix of your own); or a mask read from a PNG image, one pixel per room. Non-linear shapes
//! in 2-D come from polar coordinates: a rule of radius and angle ([`Mask::from_polar_fn`]),
//! the Archimedean spiral band and its many-armed kin ([`Mask::spiral`],
//! [`Mask::spiral_arms`]), or a mask whose rows are radii and columns angles wrapped round
//! the centre ([`Mask::polar`]).
//!
//! ```
//! use mazegraph::generate::{Mask, Transform};
//! let diamond = Mask::diamond(&[9, 9]).unwrap();
//! assert_eq!(diamond.room_count(), 41);
//! let turned = Mask::full(&[10, 4]).unwrap()
//!     .transformed(&Transform::rotation(2, 0, 1, 45.0).unwrap(), &Default::default())
//!     .unwrap();
//! assert!(turned.room_count() > 30);
//! ```

use crate::error::{Error, Result};
use crate::grid::{Limits, Shape};
use fixedbitset::FixedBitSet;
#[cfg(feature = "transform")]
use nalgebra::{DMatrix, DVector};

/// A set of rooms in a box of rooms: the rooms a generator may carve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mask {
    shape: Shape,
    bits: FixedBitSet,
}

impl Mask {
    /// A mask over `dims` rooms keeping the rooms whose coordinates satisfy `keep`.
    ///
    /// Complexity: O(rooms · axes), one call of `keep` per room.
    pub fn from_fn(dims: &[usize], mut keep: impl FnMut(&[usize]) -> bool) -> Result<Mask> {
        let shape = room_shape(dims)?;
        let mut bits = FixedBitSet::with_capacity(shape.len());
        let mut x = vec![0usize; shape.ndim()];
        for i in 0..shape.len() {
            crate::stop::check();
            shape.coords_into(i, &mut x);
            if keep(&x) {
                bits.insert(i);
            }
        }
        Ok(Mask { shape, bits })
    }

    /// Every room of the box.
    pub fn full(dims: &[usize]) -> Result<Mask> {
        let shape = room_shape(dims)?;
        let mut bits = FixedBitSet::with_capacity(shape.len());
        bits.insert_range(..);
        Ok(Mask { shape, bits })
    }

    /// The diamond inscribed in the box: rooms whose centres `u` (scaled to [-1, 1] on every
    /// axis) have Σ|u_k| ≤ 1.
    pub fn diamond(dims: &[usize]) -> Result<Mask> {
        Mask::from_fn(dims, |x| {
            x.iter()
                .zip(dims)
                .map(|(&c, &d)| centred(c, d).abs())
                .sum::<f64>()
                <= 1.0 + 1e-9
        })
    }

    /// The ellipse (ellipsoid) inscribed in the box: Σ u_k² ≤ 1.
    pub fn ellipse(dims: &[usize]) -> Result<Mask> {
        Mask::from_fn(dims, |x| {
            x.iter()
                .zip(dims)
                .map(|(&c, &d)| centred(c, d).powi(2))
                .sum::<f64>()
                <= 1.0 + 1e-9
        })
    }

    /// The triangle with its apex at the middle of the first row and its base on the last
    /// row; in n dimensions the pyramid with a box base: |u_k| ≤ t for every axis k ≥ 1,
    /// where t grows from 0 to 1 along axis 0. A 1-D "triangle" is the whole line.
    pub fn triangle(dims: &[usize]) -> Result<Mask> {
        Mask::from_fn(dims, |x| {
            let t = (x[0] as f64 + 1.0) / dims[0] as f64;
            x.iter()
                .zip(dims)
                .skip(1)
                .all(|(&c, &d)| centred(c, d).abs() <= t + 1e-9)
        })
    }

    /// A 2-D mask over `dims` rooms (rows × columns) from a rule in polar coordinates about
    /// the centre of the box: room centres are kept when `keep(radius, turn)` holds, where
    /// `radius` is 0 at the centre and 1 on the ellipse inscribed in the box, and `turn` is the
    /// angle in turns (0 to 1) clockwise from the top, as seen on a picture.
    ///
    /// Complexity: O(rooms), one call of `keep` per room.
    ///
    /// ```
    /// use mazegraph::generate::Mask;
    /// // The right half of a disc.
    /// let half = Mask::from_polar_fn(&[10, 10], |r, t| r <= 1.0 && t < 0.5).unwrap();
    /// assert!(half.bits().contains(4 * 10 + 9) && !half.bits().contains(4 * 10));
    /// ```
    pub fn from_polar_fn(dims: &[usize], mut keep: impl FnMut(f64, f64) -> bool) -> Result<Mask> {
        let &[h, w] = dims else {
            return Err(Error::Unsupported(format!(
                "polar shapes are 2-D, not {}",
                crate::grid::axes(dims.len())
            )));
        };
        Mask::from_fn(dims, |x| {
            let (down, right) = (centred(x[0], h), centred(x[1], w));
            let radius = down.hypot(right);
            let turn = (right.atan2(-down) / std::f64::consts::TAU).rem_euclid(1.0);
            keep(radius, turn)
        })
    }

    /// An Archimedean spiral band inscribed in a 2-D box: a strip of rooms that winds `turns`
    /// times from the centre out to the rim, clockwise, taking the share `band` (between 0
    /// and 1) of the distance between its successive turns; the rest separates them. With
    /// `radius` and `turn` as in [`Mask::from_polar_fn`], a room is kept when
    /// `radius ≤ 1` and the fractional part of `radius · turns − turn` is below `band`.
    ///
    /// ```
    /// use mazegraph::generate::{Lattice, Mask};
    /// let spiral = Mask::spiral(&[40, 40], 3.0, 0.6).unwrap();
    /// // One band from the centre out: the lattice keeps (nearly) all of it.
    /// let lat = Lattice::from_mask(&spiral, &Default::default()).unwrap();
    /// assert!(lat.room_count() * 10 > spiral.room_count() * 9);
    /// assert!(Mask::spiral(&[40, 40], 0.0, 0.5).is_err());
    /// ```
    pub fn spiral(dims: &[usize], turns: f64, band: f64) -> Result<Mask> {
        Mask::spiral_arms(dims, turns, band, 1)
    }

    /// Spiral bands of `arms` arms (1 to 8) evenly spaced round the centre, each winding
    /// `turns` times and taking the share `band` of the distance between two neighbouring
    /// arms; with more than one arm, a disc at the centre joins them. Two arms make the
    /// double spiral: in along one arm, out along the other.
    ///
    /// ```
    /// use mazegraph::generate::{Lattice, Mask};
    /// let double = Mask::spiral_arms(&[40, 40], 2.0, 0.6, 2).unwrap();
    /// // The arms meet at the centre: one connected shape.
    /// let lat = Lattice::from_mask(&double, &Default::default()).unwrap();
    /// assert!(lat.room_count() * 10 > double.room_count() * 9);
    /// ```
    pub fn spiral_arms(dims: &[usize], turns: f64, band: f64, arms: usize) -> Result<Mask> {
        if !(turns.is_finite() && turns > 0.0 && turns <= 1e6) {
            return Err(Error::InvalidMaze(format!(
                "a spiral needs a number of turns above 0, not {turns}"
            )));
        }
        if !(band > 0.0 && band < 1.0) {
            return Err(Error::InvalidMaze(format!(
                "a spiral's band is a share of the distance between its turns, between 0 and 1, not {band}"
            )));
        }
        if !(1..=8).contains(&arms) {
            return Err(Error::InvalidMaze(format!(
                "a spiral has 1 to 8 arms, not {arms}"
            )));
        }
        let arms_f = arms as f64;
        // The centre disc that joins several arms: half the distance between two arms.
        let hub = if arms > 1 {
            0.5 / (turns * arms_f)
        } else {
            0.0
        };
        Mask::from_polar_fn(dims, |r, t| {
            let phase = (r * turns - t).rem_euclid(1.0) * arms_f;
            r <= 1.0 + 1e-9 && (r < hub || phase.fract() < band)
        })
    }

    /// This 2-D mask read in polar coordinates and wrapped around the centre of a box of
    /// `dims` rooms: its rows are radii (the first row at the centre, the last at the rim of
    /// the inscribed ellipse) and its columns are angles (clockwise from the top, all the way
    /// round). A non-linear shape from a picture: a band of stripes becomes rings, a diagonal
    /// stripe a spiral.
    ///
    /// Complexity: O(rooms of the new box).
    ///
    /// ```
    /// use mazegraph::generate::Mask;
    /// // Two rows: a hole in the middle, a ring around it.
    /// let ring = Mask::from_fn(&[2, 8], |x| x[0] == 1).unwrap().polar(&[20, 20]).unwrap();
    /// assert!(!ring.bits().contains(10 * 20 + 10) && ring.bits().contains(10 * 20 + 1));
    /// ```
    pub fn polar(&self, dims: &[usize]) -> Result<Mask> {
        let &[h, w] = self.shape.dims() else {
            return Err(Error::Unsupported(format!(
                "only a 2-D shape can be read in polar coordinates, not a {}-D one",
                self.shape.ndim()
            )));
        };
        Mask::from_polar_fn(dims, |r, t| {
            if r >= 1.0 {
                return false;
            }
            let row = ((r * h as f64) as usize).min(h - 1);
            let col = ((t * w as f64) as usize).min(w - 1);
            self.bits.contains(row * w + col)
        })
    }

    /// A 2-D mask from a PNG image, one pixel per room: light pixels (luminance ≥ 50%, not
    /// transparent) are rooms. Any PNG colour type and bit depth.
    #[warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
    pub fn from_png(bytes: &[u8], limits: &Limits) -> Result<Mask> {
        let corrupt = |e: png::DecodingError| Error::Corrupt {
            format: "png",
            message: e.to_string(),
        };
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().map_err(corrupt)?;
        let (w, h) = {
            let info = reader.info();
            (info.width as usize, info.height as usize)
        };
        // The png crate's palette expansion panics on a palette that is not whole RGB
        // triples, has more than 256 entries, or is shorter than its tRNS (found by fuzzing):
        // refuse such files first.
        if reader.info().color_type == png::ColorType::Indexed {
            let plte = reader.info().palette.as_deref().map_or(0, <[u8]>::len);
            let trns = reader.info().trns.as_deref().map_or(0, <[u8]>::len);
            if plte == 0 || plte % 3 != 0 || plte > 3 * 256 || trns > plte / 3 {
                return Err(Error::Corrupt {
                    format: "png",
                    message: format!(
                        "invalid palette: {plte} bytes (whole RGB entries, at most 256) with {trns} transparency entries"
                    ),
                });
            }
        }
        limits.check((w as u64).saturating_mul(h as u64))?;
        let shape = room_shape(&[h, w])?;
        let (color, _) = reader.output_color_type();
        let channels = color.samples();
        // Whole frame (interlaced images too): channels bytes per pixel after the transforms.
        let size = reader.output_buffer_size().ok_or(Error::TooLarge {
            cells: u64::MAX,
            limit: limits.max_cells,
        })?;
        let mut buf = vec![0u8; size];
        let frame = reader.next_frame(&mut buf).map_err(corrupt)?;
        let stride = frame.line_size;
        let mut bits = FixedBitSet::with_capacity(shape.len());
        for y in 0..h {
            crate::stop::check();
            let line = buf.get(y * stride..(y + 1) * stride).unwrap_or(&[]);
            for x in 0..w {
                let px = line.get(x * channels..(x + 1) * channels).unwrap_or(&[]);
                let (lum, alpha) = match (color, px) {
                    (png::ColorType::Grayscale, [g]) => (u32::from(*g) * 1000, 255),
                    (png::ColorType::GrayscaleAlpha, [g, a]) => (u32::from(*g) * 1000, *a),
                    (png::ColorType::Rgb, [r, g, b]) => (luminance(*r, *g, *b), 255),
                    (png::ColorType::Rgba, [r, g, b, a]) => (luminance(*r, *g, *b), *a),
                    _ => (0, 0),
                };
                if alpha >= 128 && lum >= 128 * 1000 {
                    bits.insert(y * w + x);
                }
            }
        }
        Ok(Mask { shape, bits })
    }

    /// The same mask resampled (nearest neighbour) to a box of `dims` rooms.
    pub fn resized(&self, dims: &[usize]) -> Result<Mask> {
        if dims.len() != self.shape.ndim() {
            return Err(Error::InvalidMaze(format!(
                "a {}-D shape cannot be resized to {} axes",
                self.shape.ndim(),
                dims.len()
            )));
        }
        let src = self.shape.dims().to_vec();
        let mut y = vec![0usize; dims.len()];
        Mask::from_fn(dims, |x| {
            for k in 0..x.len() {
                y[k] = ((x[k] as f64 + 0.5) * src[k] as f64 / dims[k] as f64) as usize;
                y[k] = y[k].min(src[k] - 1);
            }
            self.shape.index(&y).is_some_and(|i| self.bits.contains(i))
        })
    }

    /// The image of the mask under a linear map, in the smallest box that holds it: room `y`
    /// of the new box is kept when the preimage of its centre falls in a kept room.
    /// (Translations only move the box, so a linear map says everything.)
    ///
    /// Complexity: O(new rooms · axes²). Fails on a singular map, a map of the wrong size, or
    /// an image larger than `limits`.
    #[cfg(feature = "transform")]
    pub fn transformed(&self, t: &Transform, limits: &Limits) -> Result<Mask> {
        let n = self.shape.ndim();
        let dims_src = self.shape.dims();
        let dims = Mask::image_dims(dims_src, t, limits)?;
        Mask::check_size(&dims, limits)?;
        let inv = t.inverse()?;
        let lo = image_low_corner(dims_src, t);
        let mut p = DVector::<f64>::zeros(n);
        let mut q = DVector::<f64>::zeros(n);
        let mut src = vec![0usize; n];
        Mask::from_fn(&dims, |y| {
            for k in 0..n {
                p[k] = lo[k] + y[k] as f64 + 0.5;
            }
            inv.m.mul_to(&p, &mut q);
            for k in 0..n {
                let f = q[k].floor();
                if !(0.0..dims_src[k] as f64).contains(&f) {
                    return false;
                }
                src[k] = f as usize;
            }
            self.shape
                .index(&src)
                .is_some_and(|i| self.bits.contains(i))
        })
    }

    /// Refuses, from the sizes alone, a mask over `dims` rooms that could not become a maze
    /// within `limits`: the lattice made from it has `2r + 1` cells on an axis of `r` rooms,
    /// counted against `max_cells`; the mask's bits, the two bit sets of the search for its
    /// largest part and the lattice's bits are counted against `max_bytes`. Every shape is
    /// checked so before it is made ([`super::Figure::mask`], [`Mask::transformed`],
    /// [`Lattice::from_mask`](super::Lattice::from_mask)), as a box is by
    /// [`Lattice::new`](super::Lattice::new).
    ///
    /// ```
    /// use mazegraph::generate::Mask;
    /// use mazegraph::grid::Limits;
    /// assert!(Mask::check_size(&[1000, 1000], &Limits::default()).is_ok());
    /// // 60000² rooms fit under the cell limit, their 14.4 billion cells do not.
    /// assert!(Mask::check_size(&[60000, 60000], &Limits::default()).is_err());
    /// ```
    pub fn check_size(dims: &[usize], limits: &Limits) -> Result<()> {
        let mut rooms: u64 = 1;
        let mut cells: u64 = 1;
        for &d in dims {
            rooms = rooms.saturating_mul(d as u64);
            cells = cells.saturating_mul((d as u64).saturating_mul(2).saturating_add(1));
        }
        limits.check(cells)?;
        // The mask and the search's two sets (a bit a room each, the search's frontier is a
        // layer of rooms), then the lattice (a bit a cell).
        let bytes = rooms.saturating_mul(3).saturating_add(cells).div_ceil(8);
        limits.check_bytes(&format!("a shape of {rooms} rooms ({cells} cells)"), bytes)
    }

    /// The box of rooms that holds the image of a mask over `dims` rooms under `t` (see
    /// [`Mask::transformed`]), computed from the sizes alone; refused when an axis would be
    /// absurdly long, or when `t` has the wrong number of axes.
    #[cfg(feature = "transform")]
    pub fn image_dims(dims: &[usize], t: &Transform, limits: &Limits) -> Result<Vec<usize>> {
        let n = dims.len();
        if t.ndim() != n {
            return Err(Error::InvalidMaze(format!(
                "a {0}×{0} transform cannot map a {n}-D shape",
                t.ndim()
            )));
        }
        let lo = image_low_corner(dims, t);
        let mut out = Vec::with_capacity(n);
        for (r, &low) in lo.iter().enumerate() {
            let high: f64 = (0..n)
                .map(|c| (t.m[(r, c)] * dims[c] as f64).max(0.0))
                .sum();
            let extent = (high - low - 1e-9).ceil().max(1.0);
            if !extent.is_finite() || extent > 1e15 {
                return Err(Error::TooLarge {
                    cells: u64::MAX,
                    limit: limits.max_cells,
                });
            }
            out.push(extent as usize);
        }
        Ok(out)
    }

    /// The box of rooms.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// One bit per room of the box, set for kept rooms.
    pub fn bits(&self) -> &FixedBitSet {
        &self.bits
    }

    /// Number of kept rooms.
    pub fn room_count(&self) -> usize {
        crate::grid::count_ones(self.bits.as_slice())
    }
}

/// An n×n linear map of room coordinates, for [`Mask::transformed`]. Build it from rows, from
/// a nalgebra matrix, or from the usual rotation, shear and scale, and chain maps with
/// [`Transform::then`].
///
/// The map is a nalgebra [`DMatrix<f64>`] (the number of axes is known only at run time); its
/// inverse goes through nalgebra's LU decomposition with partial pivoting.
///
/// Rotations by whole quarter turns are exact; other angles go through the platform's
/// `sin`/`cos`, so a room whose centre falls exactly on the shape's edge may differ by
/// platform.
///
/// ```
/// use mazegraph::generate::Transform;
/// use nalgebra::DMatrix;
/// let t = Transform::shear(2, 1, 0, 0.5).unwrap().then(&Transform::scale(&[2.0, 1.0]).unwrap()).unwrap();
/// assert_eq!(t.apply(&[1.0, 1.0]), vec![2.0, 1.5]);
/// // The same map, from a nalgebra matrix.
/// let m = DMatrix::from_row_slice(2, 2, &[2.0, 0.0, 0.5, 1.0]);
/// assert_eq!(Transform::from_matrix(m).unwrap(), t);
/// ```
#[cfg(feature = "transform")]
#[derive(Clone, Debug, PartialEq)]
pub struct Transform {
    /// The n×n matrix (n ≥ 1, finite entries).
    m: DMatrix<f64>,
}

#[cfg(feature = "transform")]
impl Transform {
    /// The map with these rows (`rows.len()` rows of `rows.len()` finite numbers).
    pub fn from_rows(rows: &[Vec<f64>]) -> Result<Transform> {
        let n = rows.len();
        if n == 0 || rows.iter().any(|r| r.len() != n) {
            return Err(Error::InvalidMaze(
                "a transform matrix must be square, n rows of n numbers".into(),
            ));
        }
        let entries: Vec<f64> = rows.iter().flatten().copied().collect();
        Transform::from_matrix(DMatrix::from_row_slice(n, n, &entries))
    }

    /// The map of a square nalgebra matrix of finite numbers (at least 1×1).
    pub fn from_matrix(m: DMatrix<f64>) -> Result<Transform> {
        if m.nrows() == 0 || !m.is_square() {
            return Err(Error::InvalidMaze(
                "a transform matrix must be square, n rows of n numbers".into(),
            ));
        }
        if m.iter().any(|x| !x.is_finite()) {
            return Err(Error::InvalidMaze(
                "a transform matrix needs finite numbers".into(),
            ));
        }
        Ok(Transform { m })
    }

    /// The identity of n axes.
    pub fn identity(n: usize) -> Transform {
        Transform {
            m: DMatrix::identity(n, n),
        }
    }

    /// A rotation by `degrees` in the plane of axes `i` and `j` (from `i` towards `j`).
    pub fn rotation(n: usize, i: usize, j: usize, degrees: f64) -> Result<Transform> {
        check_axes(n, i, j)?;
        if !degrees.is_finite() {
            return Err(Error::InvalidMaze("a rotation needs a finite angle".into()));
        }
        // Quarter turns exactly, so that they do not depend on the platform's sin and cos.
        let quarter = degrees / 90.0;
        let (s, c) = if quarter == quarter.round() {
            [(0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0)][quarter.rem_euclid(4.0) as usize]
        } else {
            degrees.to_radians().sin_cos()
        };
        let mut m = DMatrix::identity(n, n);
        m[(i, i)] = c;
        m[(i, j)] = -s;
        m[(j, i)] = s;
        m[(j, j)] = c;
        Ok(Transform { m })
    }

    /// A shear: coordinate `i` gains `factor` times coordinate `j`.
    pub fn shear(n: usize, i: usize, j: usize, factor: f64) -> Result<Transform> {
        check_axes(n, i, j)?;
        let mut m = DMatrix::identity(n, n);
        m[(i, j)] = factor;
        Transform::from_matrix(m)
    }

    /// A scaling by one factor per axis.
    pub fn scale(factors: &[f64]) -> Result<Transform> {
        Transform::from_matrix(DMatrix::from_diagonal(&DVector::from_column_slice(factors)))
    }

    /// Number of axes.
    pub fn ndim(&self) -> usize {
        self.m.nrows()
    }

    /// The matrix.
    pub fn matrix(&self) -> &DMatrix<f64> {
        &self.m
    }

    /// The rows of the matrix.
    pub fn rows(&self) -> Vec<Vec<f64>> {
        self.m
            .row_iter()
            .map(|r| r.iter().copied().collect())
            .collect()
    }

    /// The map `x ↦ other(self(x))`: first `self`, then `other` (the product `other · self`).
    pub fn then(&self, other: &Transform) -> Result<Transform> {
        if other.ndim() != self.ndim() {
            return Err(Error::InvalidMaze(format!(
                "cannot chain a {}-D transform with a {}-D one",
                self.ndim(),
                other.ndim()
            )));
        }
        Ok(Transform {
            m: &other.m * &self.m,
        })
    }

    /// The image of point `x`. Missing coordinates count as 0 and extra ones are ignored
    /// (give `ndim()` of them).
    pub fn apply(&self, x: &[f64]) -> Vec<f64> {
        let n = self.ndim();
        let v = DVector::from_fn(n, |k, _| x.get(k).copied().unwrap_or(0.0));
        (&self.m * v).iter().copied().collect()
    }

    /// The inverse map (nalgebra's LU decomposition with partial pivoting); fails when the
    /// map is singular, or so nearly singular that a pivot is below 10⁻¹² of the largest entry.
    ///
    /// Complexity: O(n³).
    pub fn inverse(&self) -> Result<Transform> {
        let singular =
            || Error::InvalidMaze("the transform is singular: it flattens the shape".into());
        let scale = self.m.amax();
        let lu = self.m.clone().lu();
        if lu
            .u()
            .diagonal()
            .iter()
            .any(|p| p.abs() <= 1e-12 * scale.max(1e-300))
        {
            return Err(singular());
        }
        lu.try_inverse()
            .filter(|m| m.iter().all(|x| x.is_finite()))
            .map(|m| Transform { m })
            .ok_or_else(singular)
    }
}

#[cfg(feature = "transform")]
fn check_axes(n: usize, i: usize, j: usize) -> Result<()> {
    if i >= n || j >= n || i == j {
        return Err(Error::InvalidMaze(format!(
            "axes {i} and {j} do not name a plane of a {n}-D shape"
        )));
    }
    Ok(())
}

/// The low corner of the box holding the image of `[0, d0]×[0, d1]×…` under `t`: per output
/// axis, the sum of the negative contributions of the input axes.
#[cfg(feature = "transform")]
fn image_low_corner(dims: &[usize], t: &Transform) -> Vec<f64> {
    let n = dims.len();
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| (t.m[(r, c)] * dims[c] as f64).min(0.0))
                .sum()
        })
        .collect()
}

fn room_shape(dims: &[usize]) -> Result<Shape> {
    if let Some(k) = dims.iter().position(|&d| d == 0) {
        return Err(Error::InvalidMaze(format!(
            "axis {k} has 0 rooms: every axis needs at least one room"
        )));
    }
    Shape::new(dims.to_vec())
}

/// The centre of room `c` of `d`, scaled to [-1, 1].
fn centred(c: usize, d: usize) -> f64 {
    2.0 * (c as f64 + 0.5) / d as f64 - 1.0
}

/// Luminance × 1000 (Rec. 601 weights).
fn luminance(r: u8, g: u8, b: u8) -> u32 {
    299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(m: &Mask) -> Vec<String> {
        let d = m.shape().dims();
        (0..d[0])
            .map(|r| {
                (0..d[1])
                    .map(|c| {
                        if m.bits().contains(r * d[1] + c) {
                            'o'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn builtin_shapes() {
        assert_eq!(
            picture(&Mask::diamond(&[5, 5]).unwrap()),
            ["..o..", ".ooo.", "ooooo", ".ooo.", "..o.."]
        );
        assert_eq!(
            picture(&Mask::triangle(&[3, 5]).unwrap()),
            ["..o..", ".ooo.", "ooooo"]
        );
        let e = Mask::ellipse(&[6, 10]).unwrap();
        assert_eq!(e.room_count(), 48);
        assert!(!e.bits().contains(0) && e.bits().contains(2 * 10 + 5));
        // 3-D: the octahedron of a 3×3×3 box has 7 rooms.
        assert_eq!(Mask::diamond(&[3, 3, 3]).unwrap().room_count(), 7);
        assert!(Mask::full(&[2, 0]).is_err());
    }

    #[test]
    #[cfg(feature = "transform")]
    fn transforms() {
        let t = Transform::rotation(2, 0, 1, 90.0).unwrap();
        let q = t.apply(&[1.0, 0.0]);
        assert!((q[0]).abs() < 1e-12 && (q[1] - 1.0).abs() < 1e-12);
        let back = t.then(&t.inverse().unwrap()).unwrap();
        for (r, row) in back.rows().iter().enumerate() {
            for (c, x) in row.iter().enumerate() {
                assert!((x - if r == c { 1.0 } else { 0.0 }).abs() < 1e-12);
            }
        }
        // A quarter turn of a 2×5 box is a 5×2 box.
        let m = Mask::full(&[2, 5]).unwrap();
        let turned = m.transformed(&t, &Limits::default()).unwrap();
        assert_eq!(turned.shape().dims(), &[5, 2]);
        assert_eq!(turned.room_count(), 10);
        // Scaling doubles each axis.
        let big = m
            .transformed(&Transform::scale(&[2.0, 2.0]).unwrap(), &Limits::default())
            .unwrap();
        assert_eq!((big.shape().dims(), big.room_count()), (&[4, 10][..], 40));
        let flat = Transform::from_rows(&[vec![1.0, 2.0], vec![2.0, 4.0]]).unwrap();
        assert!(flat.inverse().unwrap_err().to_string().contains("singular"));
        // Nearly singular counts as singular (a pivot below 1e-12 of the largest entry).
        let thin = Transform::from_rows(&[vec![1.0, 1.0], vec![1.0, 1.0 + 1e-14]]).unwrap();
        assert!(thin.inverse().is_err());
        // nalgebra matrices in and out.
        let quarter = nalgebra::DMatrix::from_row_slice(2, 2, &[0.0, -1.0, 1.0, 0.0]);
        assert_eq!(Transform::from_matrix(quarter.clone()).unwrap(), t);
        assert_eq!(t.matrix(), &quarter);
        assert_eq!(t.inverse().unwrap().matrix(), &quarter.transpose());
        assert!(Transform::from_matrix(nalgebra::DMatrix::zeros(2, 3)).is_err());
        assert!(Transform::from_matrix(nalgebra::DMatrix::zeros(0, 0)).is_err());
        assert!(Transform::from_rows(&[vec![f64::NAN]]).is_err());
        // Missing coordinates count as 0.
        assert_eq!(t.apply(&[1.0]), vec![0.0, 1.0]);
        assert!(Transform::from_rows(&[vec![1.0, 2.0]]).is_err());
        assert!(Transform::rotation(2, 0, 0, 1.0).is_err());
        let huge = Transform::scale(&[1e6, 1e6]).unwrap();
        assert!(matches!(
            m.transformed(&huge, &Limits::default()),
            Err(Error::TooLarge { .. })
        ));
        let three = Transform::identity(3);
        assert!(m.transformed(&three, &Limits::default()).is_err());
    }

    #[test]
    fn resize_nearest() {
        let m = Mask::from_fn(&[2, 2], |x| x[0] == x[1]).unwrap();
        let r = m.resized(&[4, 4]).unwrap();
        assert_eq!(picture(&r), ["oo..", "oo..", "..oo", "..oo"]);
    }

    fn png_bytes(w: u32, h: u32, color: png::ColorType, data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(color);
        enc.set_depth(png::BitDepth::Eight);
        enc.write_header().unwrap().write_image_data(data).unwrap();
        out
    }

    #[test]
    fn broken_palettes_are_errors_not_panics() {
        // Found by fuzzing: a 7-byte PLTE made the png crate's palette expansion panic, and
        // so did a tRNS with more entries than the palette.
        let indexed = |palette: Vec<u8>, trns: Option<Vec<u8>>| {
            let mut out = Vec::new();
            {
                let mut enc = png::Encoder::new(&mut out, 2, 1);
                enc.set_color(png::ColorType::Indexed);
                enc.set_depth(png::BitDepth::Eight);
                enc.set_palette(palette);
                if let Some(t) = trns {
                    enc.set_trns(t);
                }
                let mut w = enc.write_header().unwrap();
                w.write_image_data(&[0, 1]).unwrap();
                w.finish().unwrap();
            }
            out
        };
        let seven = indexed(vec![0, 0, 0, 255, 255, 255, 15], None);
        let e = Mask::from_png(&seven, &Limits::default()).unwrap_err();
        assert!(e.to_string().contains("invalid palette: 7 bytes"), "{e}");
        let long_trns = indexed(vec![0, 0, 0, 255, 255, 255], Some(vec![255, 255, 255]));
        let e = Mask::from_png(&long_trns, &Limits::default()).unwrap_err();
        assert!(e.to_string().contains("3 transparency entries"), "{e}");
        let fine = indexed(vec![0, 0, 0, 255, 255, 255], Some(vec![255, 255]));
        assert_eq!(
            picture(&Mask::from_png(&fine, &Limits::default()).unwrap()),
            [".o"]
        );
    }

    #[test]
    fn png_masks() {
        let gray = png_bytes(
            3,
            2,
            png::ColorType::Grayscale,
            &[255, 0, 200, 10, 128, 127],
        );
        let m = Mask::from_png(&gray, &Limits::default()).unwrap();
        assert_eq!(picture(&m), ["o.o", ".o."]);
        let rgba = png_bytes(
            2,
            1,
            png::ColorType::Rgba,
            &[255, 255, 255, 255, 255, 255, 255, 0],
        );
        assert_eq!(
            picture(&Mask::from_png(&rgba, &Limits::default()).unwrap()),
            ["o."]
        );
        assert!(matches!(
            Mask::from_png(b"not a png", &Limits::default()),
            Err(Error::Corrupt { .. })
        ));
        assert!(matches!(
            Mask::from_png(&gray, &Limits::cells(4)),
            Err(Error::TooLarge { .. })
        ));
        // Truncated data is an error, not a panic.
        assert!(Mask::from_png(&gray[..gray.len() - 20], &Limits::default()).is_err());
    }
}
