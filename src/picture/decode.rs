//! Stage 1, **decode**: the bytes of a picture to its pixels, with the limits checked once,
//! from the header, before anything is allocated; and what our own writers declared in the
//! picture's text chunks, kept as hints that later stages weigh against the pixels.
//!
//! - A PNG whose pixels can only be black or white (1-bit gray, a black-and-white palette) is
//!   decoded straight into a bit grid, one bit a pixel ([`Pixels::Bits`]): the usual picture of
//!   a maze drawn one pixel per cell, read at the cost of inflating it. So is any PNG when one
//!   pixel per cell is asked for ([`super::Cells::Pixel`]: light, luminance at least 50%, is
//!   path).
//! - Any other picture (PNG, JPEG, BMP, GIF, WebP) is decoded to 8-bit RGB, transparency
//!   composited over white ([`Pixels::Rgb`]); of an animated GIF or PNG, the frame
//!   [`super::frames`] chooses.
//! - Our writers' text chunks ([`Declared`]): the picture is one pixel per cell, its cells are
//!   squares of so many pixels, a legend strip of so many rows lies under the maze. The legend
//!   strip is left out here only when its first row is one light colour and the row above it
//!   is not (a picture cropped or scaled since keeps chunks that no longer fit it); the other
//!   two are proposals only ([`super::hypotheses`]).
//!
//! This stage calls the decoders ([`crate::format::png`]'s, the `image` crate's) and nothing
//! that reads a maze.
//!
//! Complexity: O(width × height); memory one bit a pixel for [`Pixels::Bits`], three bytes a
//! pixel for [`Pixels::Rgb`].

use super::frames::Frame;
use super::raster::Raster;
use super::Cells;
use crate::error::{Error, Result};
use crate::format::png as png_codec;
use crate::grid::{Grid, Limits, Shape};

/// What our own writers said of a picture in its text chunks. Hints, not facts: a picture
/// edited since may keep chunks that no longer describe it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declared {
    /// The picture says it is drawn one pixel per cell ([`png_codec::PIXEL_CELLS`]).
    pub pixel_cells: bool,
    /// The side, in pixels, of the squares the picture says its cells are
    /// ([`png_codec::CELL_PIXELS_KEYWORD`]), from 1 to 4096.
    pub cell_pixels: Option<usize>,
    /// The maze's cells, rows and columns, the picture says it holds
    /// ([`png_codec::CELLS_KEYWORD`]); older pictures say none.
    pub cells: Option<(usize, usize)>,
    /// The legend rows under the maze that were left out ([`crate::legend::PNG_KEYWORD`]), when
    /// the pixels bear the chunk out; 0 otherwise.
    pub legend_rows: usize,
}

/// A picture's pixels.
#[derive(Clone, Debug)]
pub enum Pixels {
    /// One bit a pixel, set where the pixel is light (path): a black-and-white PNG, or any PNG
    /// read one pixel per cell.
    Bits(Grid),
    /// 8-bit RGB.
    Rgb(Raster),
}

/// A decoded picture.
#[derive(Clone, Debug)]
pub struct Decoded {
    /// The pixels (without a legend strip left out).
    pub pixels: Pixels,
    /// What the picture's text chunks declare.
    pub declared: Declared,
    /// Of an animation whose frames differ: the frame read (from 1) and the frames.
    pub frame: Option<(usize, usize)>,
}

impl Decoded {
    /// Width and height in pixels.
    pub fn size(&self) -> (usize, usize) {
        match &self.pixels {
            Pixels::Bits(g) => {
                let d = g.shape().dims();
                (
                    d.get(1).copied().unwrap_or(0),
                    d.first().copied().unwrap_or(0),
                )
            }
            Pixels::Rgb(r) => (r.width, r.height),
        }
    }

    /// The pixels as RGB (bits become black and white).
    pub fn into_raster(self) -> Raster {
        match self.pixels {
            Pixels::Rgb(r) => r,
            Pixels::Bits(g) => {
                let (w, h) = {
                    let d = g.shape().dims();
                    (
                        d.get(1).copied().unwrap_or(0),
                        d.first().copied().unwrap_or(0),
                    )
                };
                let mut rgb = Vec::with_capacity(3 * w * h);
                for i in 0..w * h {
                    let v = if g.is_path(i) { 255 } else { 0 };
                    rgb.extend_from_slice(&[v; 3]);
                }
                Raster {
                    width: w,
                    height: h,
                    rgb,
                }
            }
        }
    }
}

/// Decodes a picture (PNG, JPEG, BMP, GIF, WebP; the format is read from the bytes). A
/// black-and-white PNG, or any PNG with `cells` = [`Cells::Pixel`], becomes bits; anything else
/// RGB; of an animation, the frame `frame` names ([`super::frames::choose`]). See the module's
/// documentation.
///
/// Errors: [`Error::TooLarge`] or [`Error::OverBudget`] from the header when the picture is
/// larger than `limits` allow (pixels against the cell limit; for RGB, [`BYTES_PER_PIXEL`]
/// against the memory budget); [`Error::Corrupt`] for files no decoder accepts;
/// [`Error::Unsupported`] for JPEG, BMP, GIF or WebP without the `pictures` feature; an
/// animation's errors ([`super::frames::choose`]).
///
/// ```
/// use mazegraph::picture::{decode, Cells};
/// let maze = mazegraph::Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
/// let mut png = Vec::new();
/// mazegraph::format::png::write(&maze, &mut png).unwrap();
/// let d = decode::decode(&png, &Default::default(), Cells::Auto, Default::default()).unwrap();
/// assert!(matches!(d.pixels, decode::Pixels::Bits(_)));
/// assert!(d.declared.pixel_cells);
/// ```
pub fn decode(bytes: &[u8], limits: &Limits, cells: Cells, frame: Frame) -> Result<Decoded> {
    if let Some(c) = super::frames::choose(bytes, limits, frame)? {
        return Ok(Decoded {
            pixels: Pixels::Rgb(c.raster),
            declared: Declared::default(),
            frame: (!c.alike).then_some((c.number, c.count)),
        });
    }
    if bytes.starts_with(b"\x89PNG") || bytes.is_empty() {
        return decode_png(bytes, limits, Some(cells));
    }
    let raster = decode_other(bytes, limits)?;
    Ok(Decoded {
        pixels: Pixels::Rgb(raster),
        declared: Declared::default(),
        frame: None,
    })
}

/// Decodes a picture to RGB whatever its pixels (a black-and-white PNG too), the legend strip
/// left out as [`decode`] leaves it out: the picture on which results are drawn back (of an
/// animation, the frame `frame` names, as it was read).
///
/// Errors: as [`decode`]'s.
pub fn raster(bytes: &[u8], limits: &Limits, frame: Frame) -> Result<Raster> {
    if let Some(c) = super::frames::choose(bytes, limits, frame)? {
        return Ok(c.raster);
    }
    if bytes.starts_with(b"\x89PNG") || bytes.is_empty() {
        return decode_png(bytes, limits, None).map(Decoded::into_raster);
    }
    decode_other(bytes, limits)
}

/// Decodes a PNG: bits when it is black and white or `cells` is one pixel per cell, else RGB
/// (always RGB when `cells` is `None`).
fn decode_png(bytes: &[u8], limits: &Limits, cells: Option<Cells>) -> Result<Decoded> {
    let (w, h) = png_codec::size(bytes)?;
    Shape::with_limits(vec![h, w], limits)?;
    let head = png_codec::header(bytes)?;
    let text = |key: &str| {
        head.text
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, t)| t.trim().to_string())
    };
    let mut declared = Declared {
        pixel_cells: head
            .text
            .iter()
            .any(|(k, t)| k == png_codec::PIXEL_CELLS.0 && t == png_codec::PIXEL_CELLS.1),
        cell_pixels: text(png_codec::CELL_PIXELS_KEYWORD)
            .and_then(|t| t.parse::<usize>().ok())
            .filter(|s| (1..=4096).contains(s)),
        cells: text(png_codec::CELLS_KEYWORD).and_then(|t| {
            let (r, c) = t.split_once('x')?;
            Some((r.parse().ok()?, c.parse().ok()?))
        }),
        legend_rows: 0,
    };
    // Rows our writers say are a legend strip (they never interlace).
    let legend = if head.interlaced {
        0
    } else {
        text(crate::legend::PNG_KEYWORD)
            .and_then(|t| t.parse::<usize>().ok())
            .filter(|&rows| rows > 0 && rows < h)
            .unwrap_or(0)
    };
    if cells == Some(Cells::Pixel) || (cells == Some(Cells::Auto) && head.bilevel) {
        let mut grid = png_codec::decode_bits(bytes, h, limits)?;
        if legend > 0 && bits_legend_fits(&grid, w, h, legend) {
            grid = first_rows(&grid, w, h - legend)?;
            declared.legend_rows = legend;
        }
        return Ok(Decoded {
            pixels: Pixels::Bits(grid),
            declared,
            frame: None,
        });
    }
    check_budget(w, h, limits)?;
    let (width, height, mut rgb) = png_codec::decode_rgb(bytes, limits)?;
    let mut raster = Raster {
        width,
        height,
        rgb: Vec::new(),
    };
    if legend > 0 && rgb_legend_fits(&rgb, width, height, legend) {
        rgb.truncate(3 * width * (height - legend));
        raster.height = height - legend;
        declared.legend_rows = legend;
    }
    raster.rgb = rgb;
    Ok(Decoded {
        pixels: Pixels::Rgb(raster),
        declared,
        frame: None,
    })
}

/// True when the strip of the last `legend` rows looks like our legend strip: its first row one
/// colour, light, and the row above it (the maze's last) not all of that colour.
fn rgb_legend_fits(rgb: &[u8], w: usize, h: usize, legend: usize) -> bool {
    let row = |y: usize| rgb.get(3 * w * y..3 * w * (y + 1)).unwrap_or_default();
    let (strip, above) = (row(h - legend), row(h - legend - 1));
    let Some(first) = strip.get(..3) else {
        return false;
    };
    let uniform = |r: &[u8]| r.chunks_exact(3).all(|p| p == first);
    let light = first.iter().map(|&v| u32::from(v)).sum::<u32>() >= 3 * 160;
    light && uniform(strip) && !uniform(above)
}

/// [`rgb_legend_fits`] for a picture read as bits: the strip's first row all light, the row
/// above it not.
fn bits_legend_fits(grid: &Grid, w: usize, h: usize, legend: usize) -> bool {
    let all_light = |y: usize| (y * w..(y + 1) * w).all(|i| grid.is_path(i));
    all_light(h - legend) && !all_light(h - legend - 1)
}

/// The first `rows` rows of a `w`-wide grid.
fn first_rows(grid: &Grid, w: usize, rows: usize) -> Result<Grid> {
    let shape = Shape::new(vec![rows, w])?;
    let mut out = Grid::walls(shape);
    let n = rows * w;
    crate::grid::or_bits(
        out.bits_mut().as_mut_slice(),
        0,
        grid.bits().as_slice(),
        0,
        n,
    );
    Ok(out)
}

/// Bytes a picture costs to read a maze from, per pixel: the decoded RGB (3), the tone map
/// (1), the edge profiles, the hypotheses' sampling and the grid (under 2), measured at 4.2
/// with a margin.
pub const BYTES_PER_PIXEL: u64 = 6;

/// Checks the memory budget for reading a maze from a `width` × `height` picture, from its
/// header, before decoding it.
pub fn check_budget(width: usize, height: usize, limits: &Limits) -> Result<()> {
    let pixels = (width as u64).saturating_mul(height as u64);
    limits.check_bytes(
        &format!("reading this {width}×{height} picture"),
        pixels.saturating_mul(BYTES_PER_PIXEL),
    )
}

/// The bytes reading a maze from the picture `bytes` will cost (as the reader counts
/// them), from its header alone; `None` when the header names no picture this build reads (the
/// reader then refuses it). A server reserves this before decoding an upload.
///
/// ```
/// let mut png = Vec::new();
/// let maze = mazegraph::Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
/// mazegraph::format::Format::Png.write_maze(&maze, &mut png).unwrap();
/// assert_eq!(mazegraph::picture::reading_bytes(&png), Some(3 * 2 * 6));
/// assert_eq!(mazegraph::picture::reading_bytes(b"not a picture"), None);
/// ```
pub fn reading_bytes(bytes: &[u8]) -> Option<u64> {
    let (w, h) = dimensions(bytes)?;
    Some(
        u64::from(w)
            .saturating_mul(u64::from(h))
            .saturating_mul(BYTES_PER_PIXEL),
    )
}

/// A picture's width and height, from its header.
fn dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        let (w, h) = png_codec::size(bytes).ok()?;
        return Some((u32::try_from(w).ok()?, u32::try_from(h).ok()?));
    }
    #[cfg(feature = "pictures")]
    {
        image::ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .ok()?
            .into_dimensions()
            .ok()
    }
    #[cfg(not(feature = "pictures"))]
    None
}

/// JPEG, BMP, GIF and WebP need the `pictures` feature.
#[cfg(not(feature = "pictures"))]
fn decode_other(_bytes: &[u8], _limits: &Limits) -> Result<Raster> {
    Err(Error::Unsupported(
        "reading JPEG, BMP, GIF or WebP pictures needs mazegraph's `pictures` feature".into(),
    ))
}

/// Decodes a JPEG, BMP, GIF or WebP picture with the `image` crate: transparency over white,
/// 16-bit samples by their high byte, a GIF's first frame (an animation's frames are chosen
/// before: [`super::frames`]).
#[cfg(feature = "pictures")]
pub(super) fn decode_other(bytes: &[u8], limits: &Limits) -> Result<Raster> {
    use image::{ImageDecoder, ImageReader};
    let corrupt = |message: String| Error::Corrupt {
        format: "picture",
        message,
    };
    let reader = ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| corrupt(e.to_string()))?;
    let Some(format) = reader.format() else {
        return Err(corrupt(
            "not a picture this build reads (PNG, JPEG, BMP, GIF, WebP)".into(),
        ));
    };
    let name = format.extensions_str().first().copied().unwrap_or("image");
    let mut decoder = reader.into_decoder().map_err(|e| corrupt(e.to_string()))?;
    let (w, h) = decoder.dimensions();
    let (width, height) = (w as usize, h as usize);
    // Pixels against the cell limit and the bytes reading costs against the budget, from the
    // header: nothing picture-sized is allocated before.
    Shape::with_limits(vec![height, width], limits)?;
    check_budget(width, height, limits)?;
    let mut lim = image::Limits::default();
    lim.max_alloc = Some(
        (width as u64)
            .saturating_mul(height as u64)
            .saturating_mul(8)
            .saturating_add(1 << 26),
    );
    decoder
        .set_limits(lim)
        .map_err(|e| corrupt(format!("{name}: {e}")))?;
    let img =
        image::DynamicImage::from_decoder(decoder).map_err(|e| corrupt(format!("{name}: {e}")))?;
    let rgb = match img {
        image::DynamicImage::ImageRgb8(buf) => buf.into_raw(),
        other => rgb_over_white(other.into_rgba8().as_raw()),
    };
    if rgb.len() != width * height * 3 {
        return Err(corrupt(format!(
            "{name}: the decoder gave a picture of the wrong size"
        )));
    }
    Ok(Raster { width, height, rgb })
}

/// RGBA samples as RGB, each pixel composited over white ([`png_codec::over_white`]).
/// O(pixels).
#[cfg(feature = "pictures")]
pub(super) fn rgb_over_white(rgba: &[u8]) -> Vec<u8> {
    let over = png_codec::over_white;
    let mut rgb = Vec::with_capacity(rgba.len() / 4 * 3);
    for p in rgba.chunks_exact(4) {
        if let &[r, g, b, a] = p {
            rgb.extend_from_slice(&[over(r, a), over(g, a), over(b, a)]);
        }
    }
    rgb
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png_with(r: &Raster, text: &[(&str, &str)]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut enc = ::png::Encoder::new(&mut out, r.width as u32, r.height as u32);
        enc.set_color(::png::ColorType::Rgb);
        for (k, t) in text {
            enc.add_text_chunk(k.to_string(), t.to_string()).unwrap();
        }
        let mut w = enc.write_header().unwrap();
        w.write_image_data(&r.rgb).unwrap();
        w.finish().unwrap();
        out
    }

    #[test]
    fn a_legend_strip_is_left_out_only_when_the_pixels_bear_it_out() {
        // 10 rows of "maze" (a black frame row at the bottom) over a 4-row white strip.
        let mut r = Raster::filled(8, 14, [255; 3]);
        r.fill_rect(0, 0, 8, 10, [0; 3]);
        r.fill_rect(2, 12, 5, 13, [200, 0, 0]);
        let png = png_with(&r, &[(crate::legend::PNG_KEYWORD, "4")]);
        let d = decode(&png, &Limits::default(), Cells::Auto, Frame::Alike).unwrap();
        assert_eq!(d.declared.legend_rows, 4);
        assert_eq!(d.size(), (8, 10));
        // Cropped: the legend cut off, the chunk kept; the strip's place is maze, kept whole.
        let cropped = r.crop(super::super::Region {
            x0: 0,
            y0: 0,
            x1: 8,
            y1: 10,
        });
        let png = png_with(&cropped, &[(crate::legend::PNG_KEYWORD, "4")]);
        let d = decode(&png, &Limits::default(), Cells::Auto, Frame::Alike).unwrap();
        assert_eq!((d.declared.legend_rows, d.size()), (0, (8, 10)));
    }

    #[test]
    fn over_budget_pictures_are_refused_from_the_header() {
        let r = Raster::filled(100, 100, [9, 9, 9]);
        let png = png_with(&r, &[]);
        let small = Limits {
            max_bytes: 1000,
            ..Limits::default()
        };
        assert!(matches!(
            decode(&png, &small, Cells::Auto, Frame::Alike),
            Err(Error::OverBudget { .. })
        ));
    }
}
