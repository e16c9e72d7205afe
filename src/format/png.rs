//! PNG images (`.png`), 2-D: one pixel per cell, dark pixels are walls and light pixels paths.
//!
//! **Reading** accepts every PNG colour type and bit depth: grayscale (1, 2, 4, 8, 16 bits),
//! palette (1, 2, 4, 8 bits), RGB, grayscale + alpha and RGBA (8 or 16 bits), interlaced
//! (Adam7) or not. A pixel is a wall when its luminance is below 50%, with Rec.601 luma
//! `Y = 0.299 R + 0.587 G + 0.114 B` compared as `2 Y < max` (so 8-bit gray 127 is wall and 128
//! is path; a 2-bit gray pixel is wall at 0 and 1). Details:
//!
//! - palette images use the luminance of the palette entry; an index past the end of the
//!   palette is read as black (wall), and a `tRNS` longer than the palette is ignored, as
//!   other decoders do;
//! - transparency (an alpha channel, or a `tRNS` chunk for palette, gray and RGB images) is
//!   composited over **white**: a fully transparent pixel is path;
//! - 16-bit samples are read by their high byte (a `tRNS` colour key is compared on all 16
//!   bits, as the PNG specification says);
//! - gamma, colour-profile and text chunks are ignored: the threshold applies to stored values.
//!
//! The grid's size is checked against [`ReadOptions::limits`] from the header alone, before
//! anything is allocated or decoded. Rows are decoded one by one straight into the grid's
//! bit words; no image-sized buffer exists besides the grid (1 bit per cell). 1-bit images —
//! the usual maze picture, black and white — are packed a machine word at a time without
//! expanding pixels to bytes. A truncated or corrupt file is [`Error::Corrupt`] with the
//! decoder's message; no input makes the reader panic.
//!
//! **Writing** produces a 1-bit grayscale image (black wall, white path), deflated at zlib
//! level 1 with no row filter. Measured on the 4001×4001 perfect-maze image perfect4k (encode
//! only, best of 5): the `png` crate's `Fast` stores 1-bit maze rows uncompressed (its fast
//! deflater finds no matches: 2.0 MB in 5 ms), `Balanced` gives 1.8 MB in 68 ms (adaptive
//! filter) or 1.2 MB in 127 ms (no filter), and level 1 with no filter gives 1.28 MB in 17 ms:
//! within 8% of the best size at a seventh of its time.
//!
//! PNG holds only the grid: the writer refuses mazes that are not 2-D or that have portals
//! ([`Error::Unsupported`]), and explicit terminals are not stored — on reading, the terminals
//! are derived from the openings on the border (first and last in row-major order; see
//! [`Maze::terminals`]).
//!
//! ```
//! use mazegraph::{format::png, Maze};
//! let maze = Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
//! let mut bytes = Vec::new();
//! png::write(&maze, &mut bytes).unwrap();
//! let back = png::read(&bytes, &Default::default()).unwrap();
//! assert_eq!(back.grid(), maze.grid());
//! ```
// Reader code: no unwrap, expect or unchecked indexing that file input could reach. Sites
// that index by the reader's own invariants allow it locally and say why.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::ReadOptions;
use crate::error::{Error, Result};
use crate::grid::{load_bits, or_bits, Grid, Limits, Shape};
use crate::maze::Maze;
use png::{BitDepth, ColorType, Decoder, DecodingError, EncodingError};
use std::io::{Cursor, Write};

const NAME: &str = "png";

/// Bits in a grid word (a `FixedBitSet` block).
const B: usize = usize::BITS as usize;
/// Bytes in a grid word.
const WORD_BYTES: usize = B / 8;

/// The luma of white in thousandths: `299 R + 587 G + 114 B` for R = G = B = 255.
const WHITE: u32 = 255_000;

/// The writer's deflate level: zlib level 1, with no row filter (see the module docs for the
/// measurements behind this choice).
const DEFLATE: png::DeflateCompression = png::DeflateCompression::Level(1);

/// Reads a PNG image as a maze: each pixel is a cell, dark (luminance < 50%) is wall, light is
/// path. No terminals are set: [`Maze::terminals`] derives them from the border openings. Every
/// row is read: this is the plain one-pixel-per-cell reading, with no regard for what the
/// picture's text chunks say ([`crate::picture::read`] weighs those).
///
/// Complexity: O(width × height) time for inflating and unfiltering the pixel data, with
/// 1-bit images placed in the grid a word (64 cells) at a time; memory is the grid (1 bit per
/// cell) plus one decoded row.
///
/// Errors: [`Error::TooLarge`] when the header's width × height exceeds `opts.limits` (checked
/// before decoding), [`Error::Corrupt`] for anything that is not a complete, valid PNG.
///
/// ```
/// use mazegraph::format::{png, ReadOptions};
/// use mazegraph::grid::Limits;
/// // A 3x2 1-bit grayscale image: row 0 = wall path wall, row 1 = path path path.
/// let mut bytes = Vec::new();
/// let mut enc = ::png::Encoder::new(&mut bytes, 3, 2);
/// enc.set_color(::png::ColorType::Grayscale);
/// enc.set_depth(::png::BitDepth::One);
/// let mut w = enc.write_header().unwrap();
/// w.write_image_data(&[0b0100_0000, 0b1110_0000]).unwrap();
/// w.finish().unwrap();
/// let maze = png::read(&bytes, &ReadOptions::default()).unwrap();
/// assert_eq!(maze.grid().paths().collect::<Vec<_>>(), vec![1, 3, 4, 5]);
/// // Too many cells for the limits: refused from the header alone.
/// let small = ReadOptions { limits: Limits::cells(5), ..Default::default() };
/// assert!(png::read(&bytes, &small).is_err());
/// ```
pub fn read(bytes: &[u8], opts: &ReadOptions) -> Result<Maze> {
    decode_bits(bytes, usize::MAX, &opts.limits).map(Maze::new)
}

/// A PNG's width and height, from its header chunk alone (nothing after it is read).
///
/// Errors: [`Error::Corrupt`] when the bytes are not a PNG or its header is invalid.
pub fn size(bytes: &[u8]) -> Result<(usize, usize)> {
    check_signature(bytes)?;
    let mut decoder = Decoder::new(Cursor::new(bytes));
    let info = decoder.read_header_info().map_err(decoding)?;
    Ok((info.width as usize, info.height as usize))
}

/// What a PNG's header and the chunks before its image data say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Pixels across.
    pub width: usize,
    /// Pixels down.
    pub height: usize,
    /// True when every pixel can only be black or white: 1-bit grayscale, or a palette of pure
    /// black and white entries, with no transparency.
    pub bilevel: bool,
    /// True for an Adam7-interlaced image.
    pub interlaced: bool,
    /// The uncompressed text chunks (`tEXt`) before the image data, as (keyword, text).
    pub text: Vec<(String, String)>,
}

/// Reads a PNG's header and the chunks before its image data; decodes no pixel.
///
/// Errors: [`Error::Corrupt`] when the bytes are not a PNG, or its header or palette are
/// invalid (the same checks, in the same words, as decoding).
///
/// ```
/// use mazegraph::{format::png, Maze};
/// let mut bytes = Vec::new();
/// png::write(&Maze::from_text_rows(&["#.#"]).unwrap(), &mut bytes).unwrap();
/// let h = png::header(&bytes).unwrap();
/// assert_eq!((h.width, h.height, h.bilevel), (3, 1, true));
/// assert!(h.text.contains(&(png::PIXEL_CELLS.0.into(), png::PIXEL_CELLS.1.into())));
/// ```
pub fn header(bytes: &[u8]) -> Result<Header> {
    check_signature(bytes)?;
    let reader = Decoder::new(Cursor::new(bytes))
        .read_info()
        .map_err(decoding)?;
    let info = reader.info();
    Pixels::new(
        info.color_type,
        info.bit_depth,
        info.palette.as_deref(),
        info.trns.as_deref(),
    )?;
    let bilevel = info.trns.is_none()
        && match info.color_type {
            ColorType::Grayscale => info.bit_depth == BitDepth::One,
            ColorType::Indexed => info
                .palette
                .as_deref()
                .is_some_and(|p| p.chunks(3).all(|c| c == [0, 0, 0] || c == [255, 255, 255])),
            _ => false,
        };
    Ok(Header {
        width: info.width as usize,
        height: info.height as usize,
        bilevel,
        interlaced: info.interlaced,
        text: info
            .uncompressed_latin1_text
            .iter()
            .map(|t| (t.keyword.clone(), t.text.clone()))
            .collect(),
    })
}

/// Decodes the first `rows` rows of a PNG (all of them when `rows` is its height or more) one
/// bit a pixel, light (luminance at least 50%, transparency over white) as path: the grid of a
/// maze drawn one pixel per cell. An interlaced image is decoded whole.
///
/// Complexity: O(width × height); memory the grid (1 bit a pixel) and one decoded row.
///
/// Errors: [`Error::TooLarge`] when `width × rows` exceeds `limits`, from the header, before
/// anything is allocated; [`Error::Corrupt`] for anything that is not a complete, valid PNG.
pub fn decode_bits(bytes: &[u8], rows: usize, limits: &Limits) -> Result<Grid> {
    check_signature(bytes)?;
    let mut decoder = Decoder::new(Cursor::new(bytes));
    let (width, full_height) = {
        let info = decoder.read_header_info().map_err(decoding)?;
        (info.width as usize, info.height as usize)
    };
    // Refuse oversized images before the decoder or the grid allocates anything.
    Shape::with_limits(vec![full_height, width], limits)?;
    let mut reader = decoder.read_info().map_err(decoding)?;
    let info = reader.info();
    let interlaced = info.interlaced;
    let height = if interlaced {
        full_height
    } else {
        rows.min(full_height)
    };
    let shape = Shape::with_limits(vec![height, width], limits)?;
    let pixels = Pixels::new(
        info.color_type,
        info.bit_depth,
        info.palette.as_deref(),
        info.trns.as_deref(),
    )?;
    let mut grid = Grid::walls(shape);
    let mut row_bits = vec![0usize; width.div_ceil(B)];
    if interlaced {
        read_adam7(
            &mut reader,
            &pixels,
            &mut grid,
            &mut row_bits,
            width,
            height,
        )?;
    } else {
        let blocks = grid.bits_mut().as_mut_slice();
        for y in 0..full_height {
            let row = reader
                .next_row()
                .map_err(decoding)?
                .ok_or_else(|| image_ends_early(y))?;
            if y < height {
                pixels.pack(row.data(), &mut row_bits);
                or_bits(blocks, y * width, &row_bits, 0, width);
            }
        }
    }
    reader.finish().map_err(decoding)?;
    Ok(grid)
}

/// Decodes a PNG to RGB, 8 bits a sample (16-bit samples keep their high byte; transparency
/// composited over white): `(width, height, 3 × width × height bytes, row-major)`.
///
/// Complexity: O(width × height); memory 3 bytes a pixel plus one decoded frame.
///
/// Errors: [`Error::TooLarge`] when width × height exceeds `limits` (from the header, before
/// decoding), [`Error::Corrupt`] for anything that is not a complete, valid PNG.
pub fn decode_rgb(bytes: &[u8], limits: &Limits) -> Result<(usize, usize, Vec<u8>)> {
    let head = header(bytes)?;
    Shape::with_limits(vec![head.height, head.width], limits)?;
    let mut decoder = Decoder::new(Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let (width, height) = (head.width, head.height);
    let mut reader = decoder.read_info().map_err(decoding)?;
    let (color, _) = reader.output_color_type();
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| corrupt("the image is too large to decode"))?;
    let mut frame = vec![0u8; size];
    reader.next_frame(&mut frame).map_err(decoding)?;
    let channels = color.samples();
    let mut rgb = Vec::with_capacity(width * height * 3);
    for px in frame.chunks_exact(channels).take(width * height) {
        let p: [u8; 3] = match *px {
            [g] => [g; 3],
            [g, a] => [over_white(g, a); 3],
            [r, g, b] => [r, g, b],
            [r, g, b, a] => [over_white(r, a), over_white(g, a), over_white(b, a)],
            _ => [0; 3],
        };
        rgb.extend_from_slice(&p);
    }
    if rgb.len() != width * height * 3 {
        return Err(image_ends_early(rgb.len() / 3 / width.max(1)));
    }
    Ok((width, height, rgb))
}

/// A sample with alpha `a`, composited over white (rounded to nearest).
pub fn over_white(c: u8, a: u8) -> u8 {
    let (c, a) = (u32::from(c), u32::from(a));
    ((c * a + 255 * (255 - a) + 127) / 255) as u8
}

/// Checks that `bytes` are not empty and start with the PNG signature.
pub fn check_signature(bytes: &[u8]) -> Result<()> {
    if bytes.is_empty() {
        return Err(corrupt("the file is empty"));
    }
    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    if !bytes.starts_with(&SIGNATURE) {
        return Err(corrupt("not a PNG file (no PNG signature)"));
    }
    Ok(())
}

/// The text chunk (keyword, text) by which a PNG that [`write()`] made says that it is drawn one
/// pixel per cell. [`crate::picture::read`] takes it as a proposal: a grid of noise it wrote
/// round-trips, a picture scaled since does not read at one pixel per cell.
pub const PIXEL_CELLS: (&str, &str) = ("mazegraph", "one pixel per cell");

/// Keyword of the PNG text chunk in which the maze picture writers (`render`, `solve -o`)
/// record the side of a cell's square in pixels, when the picture is one maze drawn from its
/// top-left corner, every cell (wall or passage) a square of that side, above an optional
/// legend strip ([`crate::legend::PNG_KEYWORD`]). [`crate::picture::read`] takes that lattice
/// as one proposal among others and keeps it only when the pixels bear it out (a picture
/// cropped or scaled since, its chunks kept, is read as any other).
pub const CELL_PIXELS_KEYWORD: &str = "mazegraph cell pixels";

/// Keyword of the PNG text chunk beside [`CELL_PIXELS_KEYWORD`] in which the same writers record
/// the maze's cells, `ROWSxCOLS`: a picture cropped or scaled since, its chunks kept, no longer
/// has that many squares, and its declaration is not taken.
pub const CELLS_KEYWORD: &str = "mazegraph cells";

/// True when the PNG carries [`PIXEL_CELLS`] before its image data.
///
/// ```
/// use mazegraph::{format::png, Maze};
/// let mut bytes = Vec::new();
/// png::write(&Maze::from_text_rows(&["#.#"]).unwrap(), &mut bytes).unwrap();
/// assert!(png::declares_pixel_cells(&bytes));
/// ```
pub fn declares_pixel_cells(bytes: &[u8]) -> bool {
    header(bytes).is_ok_and(|h| {
        h.text
            .iter()
            .any(|(k, t)| k == PIXEL_CELLS.0 && t == PIXEL_CELLS.1)
    })
}

/// Reads the seven passes of an Adam7-interlaced image, scattering each pass row's pixels to
/// their cells.
fn read_adam7<R: std::io::BufRead + std::io::Seek>(
    reader: &mut png::Reader<R>,
    pixels: &Pixels,
    grid: &mut Grid,
    row_bits: &mut [usize],
    width: usize,
    height: usize,
) -> Result<()> {
    // (x offset, x step, y offset, y step) of each pass.
    const PASSES: [(usize, usize, usize, usize); 7] = [
        (0, 8, 0, 8),
        (4, 8, 0, 8),
        (0, 4, 4, 8),
        (2, 4, 0, 4),
        (0, 2, 2, 4),
        (1, 2, 0, 2),
        (0, 1, 1, 2),
    ];
    let len = grid.len();
    let bits = grid.bits_mut();
    for (xo, xs, yo, ys) in PASSES {
        let samples = width.saturating_sub(xo).div_ceil(xs);
        let lines = height.saturating_sub(yo).div_ceil(ys);
        if samples == 0 {
            continue;
        }
        let words = samples.div_ceil(B).min(row_bits.len());
        for line in 0..lines {
            let y = yo + line * ys;
            let row = reader
                .next_row()
                .map_err(decoding)?
                .ok_or_else(|| image_ends_early(y))?;
            // `words` is at most `row_bits.len()`, so this is all of the pass's words.
            let pass_bits = row_bits.get_mut(..words).unwrap_or_default();
            pixels.pack(row.data(), pass_bits);
            for (wi, &word) in pass_bits.iter().enumerate() {
                let mut m = word;
                while m != 0 {
                    let k = wi * B + m.trailing_zeros() as usize;
                    m &= m - 1;
                    if k >= samples {
                        break;
                    }
                    let i = y * width + xo + k * xs;
                    if i < len {
                        bits.insert(i);
                    }
                }
            }
        }
    }
    Ok(())
}

/// Writes a 2-D maze as a 1-bit grayscale PNG: black wall, white path. Explicit terminals are
/// not stored (a reader derives them from the openings).
///
/// Complexity: O(width × height / 64) to pack the rows, plus the compression, which is linear
/// in the packed size (width × height / 8 bytes, held in memory while compressing).
///
/// Errors: [`Error::Unsupported`] for a maze that is not 2-D, has portals, or has a side longer
/// than PNG's 2³¹ − 1 pixels; [`Error::Io`] when `out` fails.
///
/// ```
/// use mazegraph::{format::png, Maze};
/// let maze = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
/// let mut bytes = Vec::new();
/// png::write(&maze, &mut bytes).unwrap();
/// assert!(bytes.starts_with(b"\x89PNG"));
/// ```
pub fn write(maze: &Maze, out: &mut dyn Write) -> Result<()> {
    let dims = maze.shape().dims();
    let &[height, width] = dims else {
        return Err(Error::Unsupported(format!(
            "png holds 2-D mazes; this one has {} (use json)",
            crate::grid::axes(dims.len())
        )));
    };
    if !maze.portals().is_empty() {
        return Err(Error::Unsupported(
            "png cannot hold portals; use txt or json".into(),
        ));
    }
    let side = |n: usize| {
        u32::try_from(n)
            .ok()
            .filter(|&n| n <= i32::MAX as u32)
            .ok_or_else(|| {
                Error::Unsupported(format!(
                    "png images have at most 2^31-1 rows and columns; this maze has {height}x{width} cells (use json)"
                ))
            })
    };
    let (w, h) = (side(width)?, side(height)?);
    let row_bytes = width.div_ceil(8);
    let mut data = vec![0u8; row_bytes * height];
    let blocks = maze.grid().bits().as_slice();
    for (y, row) in data.chunks_exact_mut(row_bytes).enumerate() {
        pack_png_row(blocks, y * width, width, row);
    }
    let mut encoder = png::Encoder::new(out, w, h);
    encoder.set_color(ColorType::Grayscale);
    encoder.set_depth(BitDepth::One);
    encoder.set_deflate_compression(DEFLATE);
    encoder.set_filter(png::Filter::NoFilter);
    encoder
        .add_text_chunk(PIXEL_CELLS.0.into(), PIXEL_CELLS.1.into())
        .map_err(encoding)?;
    let mut writer = encoder.write_header().map_err(encoding)?;
    writer.write_image_data(&data).map_err(encoding)?;
    writer.finish().map_err(encoding)
}

/// How the samples of one image row become path bits.
#[derive(Clone, Debug)]
enum Pixels {
    /// 1-bit gray or palette: path bits are `(sample bits & keep) ^ flip`.
    Bits1 { keep: usize, flip: usize },
    /// 2-, 4- or 8-bit gray or palette: each byte holds `per_byte` samples, and `table[byte]`
    /// has their path bits, first sample in bit 0.
    Table {
        per_byte: usize,
        table: Box<[u8; 256]>,
    },
    /// 16-bit gray, with an optional transparent value.
    Gray16 { trns: Option<[u8; 2]> },
    /// Gray and alpha, 8 bits.
    GrayAlpha8,
    /// Gray and alpha, 16 bits.
    GrayAlpha16,
    /// RGB, 8 bits, with an optional transparent colour.
    Rgb8 { trns: Option<[u8; 3]> },
    /// RGB, 16 bits, with an optional transparent colour.
    Rgb16 { trns: Option<[u8; 6]> },
    /// RGBA, 8 bits.
    Rgba8,
    /// RGBA, 16 bits.
    Rgba16,
}

impl Pixels {
    fn new(
        color: ColorType,
        depth: BitDepth,
        palette: Option<&[u8]>,
        trns: Option<&[u8]>,
    ) -> Result<Pixels> {
        let bits = depth as u8;
        let pixels = match (color, depth) {
            (ColorType::Grayscale | ColorType::Indexed, BitDepth::Sixteen) => {
                if color == ColorType::Indexed {
                    return Err(corrupt("palette images cannot have 16-bit samples"));
                }
                Pixels::Gray16 {
                    trns: trns.and_then(|t| t.get(..2)?.try_into().ok()),
                }
            }
            (ColorType::Grayscale | ColorType::Indexed, _) => {
                // Path or wall for each sample value.
                let max = (1u32 << bits) - 1;
                let mut light = [false; 256];
                if color == ColorType::Indexed {
                    let palette =
                        palette.ok_or_else(|| corrupt("palette image without a palette"))?;
                    // PNG requires whole entries; the png crate's own palette expansion
                    // (used for pictures read at their own scale) panics on a partial one.
                    if !palette.len().is_multiple_of(3) || palette.is_empty() {
                        return Err(corrupt(
                            "the palette (PLTE) is not a whole number of RGB entries",
                        ));
                    }
                    // A tRNS with more entries than the palette is invalid and, as other
                    // decoders do, ignored.
                    let trns = trns.filter(|t| t.len() <= palette.len() / 3);
                    for (v, rgb) in palette.chunks_exact(3).take(256).enumerate() {
                        if let (Some(l), Some(&[r, g, b])) = (light.get_mut(v), rgb.get(..3)) {
                            let alpha = trns.and_then(|t| t.get(v).copied()).unwrap_or(255);
                            *l = light_over_white(luma(r, g, b), alpha);
                        }
                    }
                } else {
                    // The decoder keeps a sub-16-bit gray key as one byte; the file has two.
                    let key = trns.and_then(|t| match *t {
                        [v] => Some(u32::from(v)),
                        [hi, lo, ..] => Some(u32::from(u16::from_be_bytes([hi, lo]))),
                        [] => None,
                    });
                    for v in 0..=max {
                        if let Some(l) = light.get_mut(v as usize) {
                            *l = 2 * v >= max || key == Some(v);
                        }
                    }
                }
                if bits == 1 {
                    let all = |b: bool| if b { !0usize } else { 0 };
                    // A set sample bit gives light[1], a clear one light[0].
                    let (l0, l1) = (light[0], light[1]);
                    Pixels::Bits1 {
                        keep: all(l0 != l1),
                        flip: all(l0),
                    }
                } else {
                    let per_byte = 8 / bits as usize;
                    let mask = max as u8;
                    let mut table = Box::new([0u8; 256]);
                    for (byte, out) in table.iter_mut().enumerate() {
                        for j in 0..per_byte {
                            let v = ((byte as u8) >> (8 - bits as usize * (j + 1))) & mask;
                            if light.get(v as usize).copied().unwrap_or(false) {
                                *out |= 1 << j;
                            }
                        }
                    }
                    Pixels::Table { per_byte, table }
                }
            }
            (ColorType::GrayscaleAlpha, BitDepth::Eight) => Pixels::GrayAlpha8,
            (ColorType::GrayscaleAlpha, _) => Pixels::GrayAlpha16,
            (ColorType::Rgb, BitDepth::Eight) => Pixels::Rgb8 {
                // The decoder keeps an 8-bit colour key as three bytes; the file has three
                // 16-bit values.
                trns: trns.and_then(|t| match *t {
                    [r, g, b] => Some([r, g, b]),
                    [0, r, 0, g, 0, b] => Some([r, g, b]),
                    _ => None,
                }),
            },
            (ColorType::Rgb, _) => Pixels::Rgb16 {
                trns: trns.and_then(|t| t.get(..6)?.try_into().ok()),
            },
            (ColorType::Rgba, BitDepth::Eight) => Pixels::Rgba8,
            (ColorType::Rgba, _) => Pixels::Rgba16,
        };
        Ok(pixels)
    }

    /// Packs the path bits of the row `data` into `out`, pixel `x` in bit `x % B` of word
    /// `x / B`. Bits past the row's last pixel are unspecified (the caller masks them).
    fn pack(&self, data: &[u8], out: &mut [usize]) {
        out.fill(0);
        match self {
            Pixels::Bits1 { keep, flip } => {
                for (w, chunk) in out.iter_mut().zip(data.chunks(WORD_BYTES)) {
                    let raw = match <[u8; WORD_BYTES]>::try_from(chunk) {
                        Ok(full) => full,
                        Err(_) => {
                            let mut buf = [0u8; WORD_BYTES];
                            for (d, &s) in buf.iter_mut().zip(chunk) {
                                *d = s;
                            }
                            buf
                        }
                    };
                    // PNG packs pixels most significant bit first: after a big-endian load,
                    // reversing the word puts pixel 0 in bit 0.
                    *w = (usize::from_be_bytes(raw).reverse_bits() & keep) ^ flip;
                }
            }
            Pixels::Table { per_byte, table } => {
                let k = *per_byte;
                for (w, chunk) in out.iter_mut().zip(data.chunks(B / k)) {
                    let mut acc = 0usize;
                    for (j, &b) in chunk.iter().enumerate() {
                        // A byte indexes a table of 256 entries: cannot fail.
                        #[allow(clippy::indexing_slicing)]
                        let bits = table[b as usize] as usize;
                        acc |= bits << (j * k);
                    }
                    *w = acc;
                }
            }
            Pixels::Gray16 { trns } => pack_pixels::<2>(data, out, |&[hi, lo]| {
                trns == &Some([hi, lo]) || 2 * u32::from(hi) >= 255
            }),
            Pixels::GrayAlpha8 => pack_pixels::<2>(data, out, |&[g, a]| {
                light_over_white(1000 * u32::from(g), a)
            }),
            Pixels::GrayAlpha16 => pack_pixels::<4>(data, out, |&[g, _, a, _]| {
                light_over_white(1000 * u32::from(g), a)
            }),
            Pixels::Rgb8 { trns } => pack_pixels::<3>(data, out, |&[r, g, b]| {
                trns == &Some([r, g, b]) || light(luma(r, g, b))
            }),
            Pixels::Rgb16 { trns } => pack_pixels::<6>(data, out, |px| {
                let &[r, _, g, _, b, _] = px;
                trns.as_ref() == Some(px) || light(luma(r, g, b))
            }),
            Pixels::Rgba8 => pack_pixels::<4>(data, out, |&[r, g, b, a]| {
                light_over_white(luma(r, g, b), a)
            }),
            Pixels::Rgba16 => pack_pixels::<8>(data, out, |&[r, _, g, _, b, _, a, _]| {
                light_over_white(luma(r, g, b), a)
            }),
        }
    }
}

/// Packs the path bits of `N`-byte pixels, `is_path` deciding each.
#[inline]
fn pack_pixels<const N: usize>(data: &[u8], out: &mut [usize], is_path: impl Fn(&[u8; N]) -> bool) {
    for (w, chunk) in out.iter_mut().zip(data.chunks(B * N)) {
        let mut acc = 0usize;
        for (j, px) in chunk.chunks_exact(N).enumerate() {
            if let Ok(px) = <&[u8; N]>::try_from(px) {
                acc |= (is_path(px) as usize) << j;
            }
        }
        *w = acc;
    }
}

/// Rec.601 luma in thousandths (0 ..= [`WHITE`]).
#[inline]
fn luma(r: u8, g: u8, b: u8) -> u32 {
    299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)
}

/// True when a luma (thousandths) is at least 50%.
#[inline]
fn light(luma: u32) -> bool {
    2 * luma >= WHITE
}

/// True when a colour of this luma with this alpha, composited over white, is at least 50%
/// light. Exact integer arithmetic: `luma·a + white·(255 − a) ≥ white·255 / 2`.
#[inline]
fn light_over_white(luma: u32, alpha: u8) -> bool {
    let a = u32::from(alpha);
    2 * (luma * a + WHITE * (255 - a)) >= WHITE * 255
}

/// Packs `width` grid bits starting at bit `at` into a 1-bit PNG row (most significant bit
/// first; `out.len()` is `width.div_ceil(8)`), padding bits cleared.
pub(crate) fn pack_png_row(blocks: &[usize], at: usize, width: usize, out: &mut [u8]) {
    for (i, chunk) in out.chunks_mut(WORD_BYTES).enumerate() {
        let left = width - i * B;
        let mut word = load_bits(blocks, at + i * B);
        if left < B {
            word &= (1usize << left) - 1;
        }
        let bytes = word.reverse_bits().to_be_bytes();
        for (o, b) in chunk.iter_mut().zip(bytes) {
            *o = b;
        }
    }
}

fn corrupt(message: impl Into<String>) -> Error {
    Error::Corrupt {
        format: NAME,
        message: message.into(),
    }
}

fn image_ends_early(row: usize) -> Error {
    corrupt(format!("the image data ends before row {row}"))
}

fn decoding(e: DecodingError) -> Error {
    match e {
        DecodingError::IoError(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
            corrupt(format!("the file is truncated ({io})"))
        }
        DecodingError::LimitsExceeded => corrupt(
            "the image's rows are too wide for the PNG decoder's memory limit (64 MiB per buffer)",
        ),
        other => corrupt(readable_chunk(&other.to_string())),
    }
}

/// The decoder names chunks by their `Debug` form (`while decoding ChunkType { type: IHDR,
/// critical: true, … } chunk.`): say `in the IHDR chunk` instead.
fn readable_chunk(msg: &str) -> String {
    const HEAD: &str = " while decoding ChunkType { type: ";
    let Some(at) = msg.find(HEAD) else {
        return msg.to_string();
    };
    let rest = msg.get(at + HEAD.len()..).unwrap_or_default();
    let (Some(comma), Some(close)) = (rest.find(','), rest.find("} chunk")) else {
        return msg.to_string();
    };
    let kind = rest.get(..comma).unwrap_or_default();
    let tail = rest.get(close + "} chunk".len()..).unwrap_or_default();
    format!(
        "{} in the {kind} chunk{tail}",
        msg.get(..at).unwrap_or_default()
    )
}

fn encoding(e: EncodingError) -> Error {
    match e {
        EncodingError::IoError(io) => Error::Io(io),
        other => Error::Io(std::io::Error::other(other.to_string())),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn chunk_names_are_readable() {
        assert_eq!(
            readable_chunk("CRC error: expected 0x1 have 0x2 while decoding ChunkType { type: IHDR, critical: true, private: false, reserved: false, safecopy: false } chunk."),
            "CRC error: expected 0x1 have 0x2 in the IHDR chunk."
        );
        assert_eq!(
            readable_chunk("Invalid bit depth 3."),
            "Invalid bit depth 3."
        );
        assert_eq!(
            readable_chunk(" while decoding ChunkType { type: "),
            " while decoding ChunkType { type: "
        );
    }

    #[test]
    fn luma_threshold_is_half() {
        assert!(!light(luma(127, 127, 127)));
        assert!(light(luma(128, 128, 128)));
        assert!(!light(luma(255, 0, 0)) && light(luma(0, 255, 0)));
        // Fully transparent black is white; opaque black stays black.
        assert!(light_over_white(0, 0));
        assert!(!light_over_white(0, 255));
        // Black at alpha 127 over white: 128/255 light.
        assert!(light_over_white(0, 127));
        assert!(!light_over_white(0, 128));
    }

    #[test]
    fn or_bits_and_load_bits_agree_at_every_alignment() {
        let src: Vec<usize> = vec![0x0123_4567_89ab_cdef_u64 as usize, !0, 0x5555];
        for at in [0, 1, 7, 63, 64, 65, 130] {
            for nbits in [1, 5, 64, 65, 129, 3 * B] {
                let mut dst = vec![0usize; (at + nbits).div_ceil(B) + 1];
                or_bits(&mut dst, at, &src, 0, nbits);
                for k in 0..nbits {
                    let want = src[k / B] >> (k % B) & 1;
                    let got = dst[(at + k) / B] >> ((at + k) % B) & 1;
                    assert_eq!(want, got, "at {at} nbits {nbits} bit {k}");
                }
                let total = dst.iter().map(|w| w.count_ones()).sum::<u32>();
                let want_total: u32 = (0..nbits).map(|k| (src[k / B] >> (k % B) & 1) as u32).sum();
                assert_eq!(total, want_total, "stray bits at {at} nbits {nbits}");
                if nbits >= B {
                    assert_eq!(load_bits(&dst, at), src[0]);
                }
            }
        }
    }

    #[test]
    fn or_bits_never_writes_past_dst() {
        let mut dst = vec![0usize; 1];
        or_bits(&mut dst, B - 4, &[!0, !0], 0, 2 * B);
        assert_eq!(dst[0], !0usize << (B - 4));
    }

    #[test]
    fn png_rows_are_msb_first_with_clear_padding() {
        // Bits 0, 2, 9 set; width 11 starting at grid bit 3.
        let blocks = [((1usize << 0) | (1 << 2) | (1 << 9)) << 3 | 0b111];
        let mut out = [0u8; 2];
        pack_png_row(&blocks, 3, 11, &mut out);
        assert_eq!(out, [0b1010_0000, 0b0100_0000]);
    }

    #[test]
    fn one_bit_palette_maps_each_way() {
        let black_white = [0, 0, 0, 255, 255, 255];
        let white_black = [255, 255, 255, 0, 0, 0];
        let row = [0b1000_0001u8];
        let mut out = [0usize];
        for (pal, want) in [(&black_white, 0b1000_0001), (&white_black, 0b0111_1110)] {
            let p = Pixels::new(ColorType::Indexed, BitDepth::One, Some(pal), None).unwrap();
            p.pack(&row, &mut out);
            assert_eq!(out[0] & 0xff, want);
        }
        // Two whites: everything is path; two blacks: nothing is.
        let p = Pixels::new(ColorType::Indexed, BitDepth::One, Some(&[255; 6]), None).unwrap();
        p.pack(&row, &mut out);
        assert_eq!(out[0] & 0xff, 0xff);
        let p = Pixels::new(ColorType::Indexed, BitDepth::One, Some(&[0; 6]), None).unwrap();
        p.pack(&row, &mut out);
        assert_eq!(out[0] & 0xff, 0);
    }

    #[test]
    fn short_palette_indices_are_walls() {
        // Palette of one white entry; index 1 is past its end.
        let p = Pixels::new(ColorType::Indexed, BitDepth::Two, Some(&[255; 3]), None).unwrap();
        let mut out = [0usize];
        p.pack(&[0b00_01_00_01], &mut out);
        assert_eq!(out[0] & 0xf, 0b0101);
    }

    #[test]
    fn two_bit_gray_threshold() {
        let p = Pixels::new(ColorType::Grayscale, BitDepth::Two, None, None).unwrap();
        let mut out = [0usize];
        p.pack(&[0b00_01_10_11], &mut out);
        assert_eq!(out[0] & 0xf, 0b1100);
    }
}
