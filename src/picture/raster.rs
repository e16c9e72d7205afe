//! A decoded picture: RGB pixels, transparency composited over white.

use crate::error::{Error, Result};

/// A decoded picture: `width × height` pixels, 3 bytes each (R, G, B), row-major.
///
/// ```
/// use mazegraph::picture::Raster;
/// let r = Raster::filled(2, 1, [10, 20, 30]);
/// assert_eq!(r.pixel(1, 0), [10, 20, 30]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Raster {
    /// Pixels across.
    pub width: usize,
    /// Pixels down.
    pub height: usize,
    /// `3 × width × height` bytes, R G B per pixel, rows top to bottom.
    pub rgb: Vec<u8>,
}

impl Raster {
    /// A picture of one colour.
    pub fn filled(width: usize, height: usize, colour: [u8; 3]) -> Raster {
        let mut rgb = Vec::with_capacity(width * height * 3);
        for _ in 0..width * height {
            rgb.extend_from_slice(&colour);
        }
        Raster { width, height, rgb }
    }

    /// The colour at `(x, y)`; black outside the picture.
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        if x >= self.width || y >= self.height {
            return [0; 3];
        }
        let i = 3 * (y * self.width + x);
        match self.rgb.get(i..i + 3) {
            Some(&[r, g, b]) => [r, g, b],
            _ => [0; 3],
        }
    }

    /// The pixels of `region` (clipped to the picture) as a picture of their own.
    pub fn crop(&self, region: super::Region) -> Raster {
        let (x1, y1) = (region.x1.min(self.width), region.y1.min(self.height));
        let (x0, y0) = (region.x0.min(x1), region.y0.min(y1));
        let mut rgb = Vec::with_capacity(3 * (x1 - x0) * (y1 - y0));
        for y in y0..y1 {
            let row = 3 * y * self.width;
            rgb.extend_from_slice(&self.rgb[row + 3 * x0..row + 3 * x1]);
        }
        Raster {
            width: x1 - x0,
            height: y1 - y0,
            rgb,
        }
    }

    /// Paints the pixels of `[x0, x1) × [y0, y1)` (clipped to the picture).
    pub fn fill_rect(&mut self, x0: usize, y0: usize, x1: usize, y1: usize, colour: [u8; 3]) {
        let (x1, y1) = (x1.min(self.width), y1.min(self.height));
        for y in y0..y1 {
            let row = 3 * y * self.width;
            if let Some(px) = self.rgb.get_mut(row + 3 * x0.min(x1)..row + 3 * x1) {
                for p in px.chunks_exact_mut(3) {
                    p.copy_from_slice(&colour);
                }
            }
        }
    }

    /// Draws a 2-D maze as a line maze: wall lines `wall` pixels thick, passages `pass` pixels
    /// wide, inside a margin of `margin` pixels; `colours` are (wall, passage, margin). The
    /// picture [`crate::picture::read`] recovers exactly (tests and benches draw with it).
    ///
    /// Errors: [`Error::Unsupported`] for a maze that is not 2-D, or a picture over 2³² pixels.
    ///
    /// ```
    /// use mazegraph::picture::{self, Raster};
    /// let maze = mazegraph::Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#.#.#", "###.#"]).unwrap();
    /// let r = Raster::line_maze(&maze, 2, 8, 6, [[0; 3], [255; 3], [255; 3]]).unwrap();
    /// assert_eq!((r.width, r.height), (3 * 2 + 2 * 8 + 12, 3 * 2 + 2 * 8 + 12));
    /// let mut png = Vec::new();
    /// r.write_png(&mut png).unwrap();
    /// assert_eq!(picture::read(&png, &Default::default()).unwrap().maze.grid(), maze.grid());
    /// ```
    pub fn line_maze(
        maze: &crate::Maze,
        wall: usize,
        pass: usize,
        margin: usize,
        colours: [[u8; 3]; 3],
    ) -> Result<Raster> {
        let &[h, w] = maze.shape().dims() else {
            return Err(Error::Unsupported(
                "a line maze is drawn from a 2-D maze".into(),
            ));
        };
        let size = |n: usize| (n / 2 + 1) * wall + (n / 2) * pass + 2 * margin;
        let (width, height) = (size(w), size(h));
        if (width as u64).saturating_mul(height as u64) > 1 << 32 {
            return Err(Error::Unsupported(
                "the picture would exceed 2^32 pixels".into(),
            ));
        }
        let pos = |i: usize| margin + (i / 2) * (wall + pass) + if i % 2 == 1 { wall } else { 0 };
        let len = |i: usize| if i.is_multiple_of(2) { wall } else { pass };
        let mut r = Raster::filled(width, height, colours[2]);
        r.fill_rect(margin, margin, width - margin, height - margin, colours[1]);
        for y in 0..h {
            for x in 0..w {
                if !maze.grid().is_path(y * w + x) {
                    let (px, py) = (pos(x), pos(y));
                    r.fill_rect(px, py, px + len(x), py + len(y), colours[0]);
                }
            }
        }
        Ok(r)
    }

    /// Encodes the picture as an 8-bit RGB PNG (zlib level 1, adaptive row filters).
    pub fn write_png(&self, out: &mut dyn std::io::Write) -> Result<()> {
        let side = |n: usize| {
            u32::try_from(n).map_err(|_| Error::Unsupported("picture too large for PNG".into()))
        };
        let mut enc = png::Encoder::new(out, side(self.width)?, side(self.height)?);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_deflate_compression(png::DeflateCompression::Level(1));
        enc.set_filter(png::Filter::Adaptive);
        let enc_err = |e: png::EncodingError| match e {
            png::EncodingError::IoError(io) => Error::Io(io),
            other => Error::Unsupported(other.to_string()),
        };
        let mut w = enc.write_header().map_err(enc_err)?;
        w.write_image_data(&self.rgb).map_err(enc_err)?;
        w.finish().map_err(enc_err)
    }
}

/// True when a colour is light by the one-pixel-per-cell rule (Rec.601 luminance at least 50%,
/// as [`crate::format::png::read`] reads): the rule `--cells pixel` applies to pictures of every
/// format.
///
/// ```
/// use mazegraph::picture::raster::light;
/// assert!(light([128, 128, 128]) && !light([127, 127, 127]));
/// ```
pub fn light(p: [u8; 3]) -> bool {
    let [r, g, b] = p.map(u32::from);
    2 * (299 * r + 587 * g + 114 * b) >= 255_000
}
