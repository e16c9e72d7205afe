//! Animated pictures (a GIF or an APNG of two frames or more): which frame is the maze.
//!
//! An animation whose frames are all alike is one picture, read as such. Frames that differ
//! (a maze drawn step by step, its solution traced, a title card) are not guessed between:
//! the first frame may be an empty grid and the last a solved maze, and a wrong frame read
//! without a word is a wrong maze. Such an animation is refused, naming how many frames it has
//! and how to choose one ([`Frame`]: `--frame N` or `--frame last` on the command line); the
//! frame chosen is then read, and said ([`super::Picture::frame`]).
//!
//! Frames are decoded one at a time by the `image` crate (composited over the ones before, as
//! a viewer shows them); only the first and the chosen one are kept.
//!
//! Complexity: O(frames × pixels); memory three frames.

use super::raster::Raster;
use crate::error::{Error, Result};
use crate::grid::Limits;

/// Which frame of an animated picture is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Frame {
    /// The picture, if all its frames are alike; an animation whose frames differ is refused
    /// (the default).
    #[default]
    Alike,
    /// The frame of this number, counted from 1.
    Number(usize),
    /// The last frame.
    Last,
}

impl std::str::FromStr for Frame {
    type Err = String;
    /// `N` (from 1), `first` or `last`.
    ///
    /// ```
    /// use mazegraph::picture::Frame;
    /// assert_eq!("last".parse::<Frame>(), Ok(Frame::Last));
    /// assert_eq!("first".parse::<Frame>(), Ok(Frame::Number(1)));
    /// assert_eq!("3".parse::<Frame>(), Ok(Frame::Number(3)));
    /// assert!("0".parse::<Frame>().is_err());
    /// ```
    fn from_str(s: &str) -> std::result::Result<Frame, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "last" => Ok(Frame::Last),
            "first" => Ok(Frame::Number(1)),
            n => match n.parse::<usize>() {
                Ok(k) if k >= 1 => Ok(Frame::Number(k)),
                _ => Err(format!(
                    "{s:?}: expected a frame number from 1, first or last"
                )),
            },
        }
    }
}

/// The frame read of an animation.
#[derive(Clone, Debug)]
pub struct Chosen {
    /// Its pixels, transparency over white.
    pub raster: Raster,
    /// Its number, from 1.
    pub number: usize,
    /// The animation's frames.
    pub count: usize,
    /// True when all the frames are alike.
    pub alike: bool,
}

/// The frame of `bytes` that `frame` asks for, when `bytes` is an animated GIF or APNG of two
/// frames or more, or a GIF of one frame (decoded once here rather than again as a still
/// picture: the same pixels, with `count` 1); `None` for any other picture (read as a still
/// picture), unless `frame` asks for a frame past its first.
///
/// Errors: [`Error::Ambiguous`] for an animation whose frames differ when `frame` is
/// [`Frame::Alike`]; [`Error::InvalidArgument`] for a frame number past the last;
/// [`Error::TooLarge`] or [`Error::OverBudget`] from the header; [`Error::Corrupt`] when a
/// frame cannot be decoded.
pub fn choose(bytes: &[u8], limits: &Limits, frame: Frame) -> Result<Option<Chosen>> {
    let chosen = animation(bytes, limits, frame)?;
    match (&chosen, frame) {
        (None, Frame::Number(k)) if k > 1 => Err(Error::InvalidArgument(format!(
            "--frame {k}: the picture has one frame"
        ))),
        _ => Ok(chosen),
    }
}

/// [`choose`] without the `pictures` feature: every picture is still.
#[cfg(not(feature = "pictures"))]
fn animation(_bytes: &[u8], _limits: &Limits, _frame: Frame) -> Result<Option<Chosen>> {
    Ok(None)
}

/// [`choose`] for an animation of two frames or more, else `None`.
#[cfg(feature = "pictures")]
fn animation(bytes: &[u8], limits: &Limits, frame: Frame) -> Result<Option<Chosen>> {
    use image::{AnimationDecoder, ImageDecoder};
    let corrupt = |message: String| Error::Corrupt {
        format: "picture",
        message,
    };
    let cursor = std::io::Cursor::new(bytes);
    let gif = bytes.starts_with(b"GIF8");
    let (size, frames) = if gif {
        let mut d = image::codecs::gif::GifDecoder::new(cursor)
            .map_err(|e| corrupt(format!("gif: {e}")))?;
        let size = d.dimensions();
        d.set_limits(frame_limits(size))
            .map_err(|e| corrupt(format!("gif: {e}")))?;
        (size, d.into_frames())
    } else if bytes.starts_with(b"\x89PNG") && has_animation_chunk(bytes) {
        let mut d = image::codecs::png::PngDecoder::new(cursor)
            .map_err(|e| corrupt(format!("png: {e}")))?;
        if !d.is_apng().unwrap_or(false) {
            return Ok(None);
        }
        let size = d.dimensions();
        d.set_limits(frame_limits(size))
            .map_err(|e| corrupt(format!("png: {e}")))?;
        let a = d.apng().map_err(|e| corrupt(format!("png: {e}")))?;
        (size, a.into_frames())
    } else {
        return Ok(None);
    };
    let (width, height) = (size.0 as usize, size.1 as usize);
    crate::grid::Shape::with_limits(vec![height, width], limits)?;
    super::decode::check_budget(width, height, limits)?;
    limits.check_bytes(
        &format!("decoding the frames of this {width}×{height} animation"),
        (width as u64)
            .saturating_mul(height as u64)
            .saturating_mul(16),
    )?;
    let (mut first, mut kept) = (None::<image::RgbaImage>, None::<(usize, image::RgbaImage)>);
    let (mut count, mut alike) = (0usize, true);
    for f in frames {
        crate::stop::check();
        let buf = f.map_err(|e| corrupt(e.to_string()))?.into_buffer();
        if buf.dimensions() != size {
            return Err(corrupt("a frame is not the size of the picture".into()));
        }
        count += 1;
        let wanted = match frame {
            Frame::Alike => count == 1,
            Frame::Number(k) => count == k,
            Frame::Last => true,
        };
        match &first {
            None => first = Some(buf.clone()),
            Some(f) => alike &= *f == buf,
        }
        if wanted {
            kept = Some((count, buf));
        }
    }
    let rgb = |buf: image::RgbaImage| Raster {
        width,
        height,
        rgb: super::decode::rgb_over_white(buf.as_raw()),
    };
    if count < 2 {
        // A still picture; a GIF's one frame is that picture, decoded already.
        return Ok(kept.filter(|_| gif).map(|(number, buf)| Chosen {
            raster: rgb(buf),
            number,
            count,
            alike: true,
        }));
    }
    if !alike && frame == Frame::Alike {
        return Err(Error::Ambiguous(format!(
            "an animation of {count} frames that differ (a maze drawn or solved step by step?): \
             read one with --frame N (1 to {count}) or --frame last"
        )));
    }
    let Some((number, buf)) = kept else {
        return Err(Error::InvalidArgument(match frame {
            Frame::Number(k) => format!("--frame {k}: the animation has {count} frames"),
            _ => "the animation's frame could not be read".into(),
        }));
    };
    Ok(Some(Chosen {
        raster: rgb(buf),
        number,
        count,
        alike,
    }))
}

/// The `image` crate's limits for decoding the frames of a `size` picture: a few frames'
/// buffers and a margin.
#[cfg(feature = "pictures")]
fn frame_limits(size: (u32, u32)) -> image::Limits {
    let mut lim = image::Limits::default();
    lim.max_alloc = Some(
        u64::from(size.0)
            .saturating_mul(u64::from(size.1))
            .saturating_mul(16)
            .saturating_add(1 << 26),
    );
    lim
}

/// True when a PNG has an animation control chunk (`acTL`) before its image data: an APNG.
/// O(chunks before the image data).
#[cfg(any(feature = "pictures", test))]
fn has_animation_chunk(bytes: &[u8]) -> bool {
    let mut at = 8usize;
    while let Some(head) = bytes.get(at..at + 8) {
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        match &head[4..8] {
            b"acTL" => return true,
            b"IDAT" | b"IEND" => return false,
            _ => {}
        }
        at = match at.checked_add(12).and_then(|a| a.checked_add(len)) {
            Some(a) => a,
            None => return false,
        };
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_apng_is_told_by_its_animation_chunk_before_its_data() {
        let chunk = |kind: &[u8; 4], data: &[u8]| {
            let mut c = (data.len() as u32).to_be_bytes().to_vec();
            c.extend_from_slice(kind);
            c.extend_from_slice(data);
            c.extend_from_slice(&[0; 4]);
            c
        };
        let png = |chunks: &[Vec<u8>]| {
            let mut b = b"\x89PNG\r\n\x1a\n".to_vec();
            for c in chunks {
                b.extend_from_slice(c);
            }
            b
        };
        let ihdr = chunk(b"IHDR", &[0; 13]);
        let actl = chunk(b"acTL", &[0, 0, 0, 2, 0, 0, 0, 0]);
        let idat = chunk(b"IDAT", &[1, 2, 3]);
        assert!(has_animation_chunk(&png(&[
            ihdr.clone(),
            actl.clone(),
            idat.clone()
        ])));
        assert!(!has_animation_chunk(&png(&[
            ihdr.clone(),
            idat.clone(),
            actl
        ])));
        assert!(!has_animation_chunk(&png(&[ihdr, idat])));
        // A length running past the end: no chunk.
        assert!(!has_animation_chunk(
            b"\x89PNG\r\n\x1a\n\xff\xff\xff\xffIHDR"
        ));
    }

    #[test]
    #[cfg(feature = "pictures")]
    fn a_gif_of_one_frame_is_decoded_once_with_the_pixels_of_a_still_picture() {
        // Red, white, black and a transparent pixel (over white once read).
        let mut img = image::RgbaImage::from_pixel(5, 3, image::Rgba([255, 0, 0, 255]));
        img.put_pixel(1, 0, image::Rgba([255, 255, 255, 255]));
        img.put_pixel(2, 1, image::Rgba([0, 0, 0, 255]));
        img.put_pixel(4, 2, image::Rgba([0, 0, 0, 0]));
        let mut bytes = Vec::new();
        image::codecs::gif::GifEncoder::new(&mut bytes)
            .encode_frames([image::Frame::new(img)])
            .unwrap();
        let limits = Limits::default();
        let c = choose(&bytes, &limits, Frame::Alike).unwrap().unwrap();
        assert_eq!((c.number, c.count, c.alike), (1, 1, true));
        let px = |x: usize, y: usize| &c.raster.rgb[3 * (5 * y + x)..3 * (5 * y + x) + 3];
        assert_eq!((c.raster.width, c.raster.height), (5, 3));
        assert_eq!(px(0, 0), [255, 0, 0]);
        assert_eq!(px(1, 0), [255, 255, 255]);
        assert_eq!(px(2, 1), [0, 0, 0]);
        assert_eq!(px(4, 2), [255, 255, 255]);
        // The same pixels as the still picture's decoder gives, and no frame to report.
        let d = super::super::decode::decode(&bytes, &limits, Default::default(), Frame::Alike)
            .unwrap();
        assert!(d.frame.is_none());
        let still = super::super::decode::decode_other(&bytes, &limits).unwrap();
        assert_eq!(d.into_raster().rgb, still.rgb);
        assert_eq!(c.raster.rgb, still.rgb);
        // A frame past the first is refused as before.
        let e = choose(&bytes, &limits, Frame::Number(2)).unwrap_err();
        assert!(e.to_string().contains("has one frame"), "{e}");
    }
}
