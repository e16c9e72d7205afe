//! The PNG format: round trips, every colour type and bit depth, transparency, interlacing,
//! and bad input. Images are made here, with the `png` crate's encoder or by hand.

use mazegraph::format::{png as mpng, Format, Item, ReadOptions};
use mazegraph::grid::{Grid, Limits, Shape};
use mazegraph::{Error, Maze};
use png::{BitDepth, ColorType};
use proptest::prelude::*;

/// Encodes an image with the `png` crate.
fn encode(
    (w, h): (u32, u32),
    color: ColorType,
    depth: BitDepth,
    palette: Option<&[u8]>,
    trns: Option<&[u8]>,
    data: &[u8],
) -> Vec<u8> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_color(color);
    enc.set_depth(depth);
    if let Some(p) = palette {
        enc.set_palette(p.to_vec());
    }
    if let Some(t) = trns {
        enc.set_trns(t.to_vec());
    }
    let mut writer = enc.write_header().unwrap();
    writer.write_image_data(data).unwrap();
    writer.finish().unwrap();
    out
}

/// The path cells of a read image, as a string of `#` and `.` rows joined by `|`.
fn cells(maze: &Maze) -> String {
    let dims = maze.shape().dims();
    let (h, w) = (dims[0], dims[1]);
    let mut s = String::new();
    for y in 0..h {
        if y > 0 {
            s.push('|');
        }
        for x in 0..w {
            s.push(if maze.grid().is_path(y * w + x) {
                '.'
            } else {
                '#'
            });
        }
    }
    s
}

fn read(bytes: &[u8]) -> Maze {
    mpng::read(bytes, &ReadOptions::default()).unwrap()
}

/// An independent decoder: the `png` crate expands every image to 8-bit gray/RGB(A), then
/// each pixel is thresholded in floating point (alpha over white, luma < 50% is wall).
fn reference(bytes: &[u8]) -> Vec<bool> {
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = dec.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let ch = info.color_type.samples();
    buf[..info.buffer_size()]
        .chunks(ch)
        .map(|px| {
            let (l, a) = match ch {
                1 => (px[0] as f64, 255.0),
                2 => (px[0] as f64, px[1] as f64),
                3 => (luma(px), 255.0),
                _ => (luma(px), px[3] as f64),
            };
            let c = (l * a + 255.0 * (255.0 - a)) / 255.0;
            c * 2.0 >= 255.0 - 1e-9
        })
        .collect()
}

fn luma(px: &[u8]) -> f64 {
    0.299 * px[0] as f64 + 0.587 * px[1] as f64 + 0.114 * px[2] as f64
}

fn path_bits(maze: &Maze) -> Vec<bool> {
    (0..maze.grid().len())
        .map(|i| maze.grid().is_path(i))
        .collect()
}

// ---------------------------------------------------------------- hand-built PNG files

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// zlib stream of stored (uncompressed) deflate blocks.
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = if data.is_empty() {
        vec![&[]]
    } else {
        data.chunks(65535).collect()
    };
    for (k, block) in blocks.iter().enumerate() {
        out.push((k + 1 == blocks.len()) as u8);
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &x in data {
        a = (a + x as u32) % 65521;
        b = (b + a) % 65521;
    }
    out.extend_from_slice(&((b << 16) | a).to_be_bytes());
    out
}

/// A PNG file from raw (already filtered) scanlines; `extra` chunks go before IDAT.
fn raw_png(
    (w, h): (u32, u32),
    color: u8,
    depth: u8,
    interlace: u8,
    extra: &[(&[u8; 4], &[u8])],
    scanlines: &[u8],
) -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[depth, color, 0, 0, interlace]);
    chunk(&mut out, b"IHDR", &ihdr);
    for (kind, data) in extra {
        chunk(&mut out, kind, data);
    }
    chunk(&mut out, b"IDAT", &zlib_stored(scanlines));
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Adam7 scanlines (filter 0) of a `bits`-per-pixel (1 or 8) gray image given by `px`.
fn adam7_scanlines(w: usize, h: usize, bits: usize, px: impl Fn(usize, usize) -> u8) -> Vec<u8> {
    const PASSES: [(usize, usize, usize, usize); 7] = [
        (0, 8, 0, 8),
        (4, 8, 0, 8),
        (0, 4, 4, 8),
        (2, 4, 0, 4),
        (0, 2, 2, 4),
        (1, 2, 0, 2),
        (0, 1, 1, 2),
    ];
    let mut out = Vec::new();
    for (xo, xs, yo, ys) in PASSES {
        let xs_: Vec<usize> = (xo..w).step_by(xs).collect();
        if xs_.is_empty() {
            continue;
        }
        for y in (yo..h).step_by(ys) {
            out.push(0);
            let mut row = vec![0u8; (xs_.len() * bits).div_ceil(8)];
            for (k, &x) in xs_.iter().enumerate() {
                if bits == 8 {
                    row[k] = px(y, x);
                } else {
                    row[k / 8] |= (px(y, x) & 1) << (7 - k % 8);
                }
            }
            out.extend_from_slice(&row);
        }
    }
    out
}

// ---------------------------------------------------------------- round trips

fn maze_from_bits(h: usize, w: usize, bits: &[bool]) -> Maze {
    let mut grid = Grid::walls(Shape::new(vec![h, w]).unwrap());
    for (i, &b) in bits.iter().enumerate() {
        grid.set_path(i, b);
    }
    Maze::new(grid)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn round_trip_random_grids(
        (h, w, bits) in (1usize..24, 1usize..200)
            .prop_flat_map(|(h, w)| (Just(h), Just(w), proptest::collection::vec(any::<bool>(), h * w)))
    ) {
        let maze = maze_from_bits(h, w, &bits);
        let mut bytes = Vec::new();
        mpng::write(&maze, &mut bytes).unwrap();
        let back = read(&bytes);
        prop_assert_eq!(back.grid(), maze.grid());
        // The file is a standard 1-bit grayscale image that another decoder reads the same.
        prop_assert_eq!(reference(&bytes), bits);
    }

    #[test]
    fn every_colour_type_agrees_with_the_reference(
        (kind, w, h, data, pal, pal_n, key) in (0usize..14, 1u32..70, 1u32..6).prop_flat_map(|(kind, w, h)| {
            let (color, depth) = KINDS[kind];
            let row = (color.samples() * depth as usize * w as usize).div_ceil(8);
            (
                Just(kind), Just(w), Just(h),
                proptest::collection::vec(any::<u8>(), row * h as usize),
                proptest::collection::vec(any::<u8>(), 768),
                1usize..=256,
                proptest::option::of(proptest::collection::vec(any::<u8>(), 6)),
            )
        })
    ) {
        let (color, depth) = KINDS[kind];
        let mut data = data;
        // Palettes have an entry for every index (an index past the end is tested apart).
        let palette: Option<Vec<u8>> = (color == ColorType::Indexed).then(|| {
            let n = if depth == BitDepth::Eight { pal_n } else { 1 << (depth as u32) };
            if depth == BitDepth::Eight {
                for b in data.iter_mut() {
                    *b = (*b as usize % n) as u8;
                }
            }
            pal[..n * 3].to_vec()
        });
        // A colour key for gray and RGB (values masked to the bit depth), per-entry alpha for
        // palettes.
        let trns: Option<Vec<u8>> = key.map(|k| match color {
            ColorType::Grayscale => {
                let max = (1u32 << (depth as u32)) - 1;
                let v = (u16::from_be_bytes([k[0], k[1]]) as u32 & max) as u16;
                v.to_be_bytes().to_vec()
            }
            ColorType::Rgb if depth == BitDepth::Eight => vec![0, k[0], 0, k[1], 0, k[2]],
            ColorType::Rgb => k.clone(),
            _ => k.clone(),
        }).filter(|_| matches!(color, ColorType::Grayscale | ColorType::Rgb | ColorType::Indexed));
        let bytes = encode((w, h), color, depth, palette.as_deref(), trns.as_deref(), &data);
        let maze = read(&bytes);
        prop_assert_eq!(maze.shape().dims(), &[h as usize, w as usize]);
        prop_assert_eq!(path_bits(&maze), reference(&bytes), "{:?} {:?}", color, depth);
    }
}

const KINDS: [(ColorType, BitDepth); 14] = [
    (ColorType::Grayscale, BitDepth::One),
    (ColorType::Grayscale, BitDepth::Two),
    (ColorType::Grayscale, BitDepth::Four),
    (ColorType::Grayscale, BitDepth::Eight),
    (ColorType::Grayscale, BitDepth::Sixteen),
    (ColorType::Indexed, BitDepth::One),
    (ColorType::Indexed, BitDepth::Two),
    (ColorType::Indexed, BitDepth::Four),
    (ColorType::Indexed, BitDepth::Eight),
    (ColorType::Rgb, BitDepth::Eight),
    (ColorType::Rgb, BitDepth::Sixteen),
    (ColorType::GrayscaleAlpha, BitDepth::Eight),
    (ColorType::GrayscaleAlpha, BitDepth::Sixteen),
    (ColorType::Rgba, BitDepth::Eight),
];

#[test]
fn round_trip_keeps_the_derived_terminals() {
    let maze = Maze::from_text_rows(&["#S###", "#...#", "###G#"]).unwrap();
    let mut bytes = Vec::new();
    mpng::write(&maze, &mut bytes).unwrap();
    let back = read(&bytes);
    assert_eq!(back.grid(), maze.grid());
    assert_eq!(back.explicit_start(), None);
    assert_eq!(back.terminals(), maze.terminals());
}

#[test]
fn round_trip_through_the_registry() {
    let maze = Maze::from_text_rows(&["#.#####", "#.....#", "#####.#"]).unwrap();
    let f = Format::from_path(std::path::Path::new("maze.PNG")).unwrap();
    assert_eq!(f, Format::Png);
    let mut bytes = Vec::new();
    f.write_maze(&maze, &mut bytes).unwrap();
    match f.read(&bytes, &ReadOptions::default()).unwrap() {
        Item::Maze(m) => assert_eq!(m.grid(), maze.grid()),
        other => panic!("expected a maze, got {other:?}"),
    }
}

#[test]
fn widths_around_word_boundaries() {
    for w in [1, 7, 8, 9, 63, 64, 65, 127, 128, 129, 200] {
        let h = 3;
        let bits: Vec<bool> = (0..w * h).map(|i| (i * 7 + i / 3) % 5 < 2).collect();
        let maze = maze_from_bits(h, w, &bits);
        let mut bytes = Vec::new();
        mpng::write(&maze, &mut bytes).unwrap();
        assert_eq!(read(&bytes).grid(), maze.grid(), "width {w}");
    }
}

// ---------------------------------------------------------------- colour types, exact values

#[test]
fn gray_depths() {
    // 1-bit: 0 wall, 1 path.
    let b = encode(
        (4, 1),
        ColorType::Grayscale,
        BitDepth::One,
        None,
        None,
        &[0b1010_0000],
    );
    assert_eq!(cells(&read(&b)), ".#.#");
    // 2-bit: 0, 1 walls; 2, 3 paths.
    let b = encode(
        (4, 1),
        ColorType::Grayscale,
        BitDepth::Two,
        None,
        None,
        &[0b00_01_10_11],
    );
    assert_eq!(cells(&read(&b)), "##..");
    // 4-bit: 7 wall, 8 path.
    let b = encode(
        (2, 1),
        ColorType::Grayscale,
        BitDepth::Four,
        None,
        None,
        &[0x78],
    );
    assert_eq!(cells(&read(&b)), "#.");
    // 8-bit: 127 wall, 128 path.
    let b = encode(
        (3, 1),
        ColorType::Grayscale,
        BitDepth::Eight,
        None,
        None,
        &[127, 128, 255],
    );
    assert_eq!(cells(&read(&b)), "#..");
    // 16-bit: the high byte decides.
    let b = encode(
        (2, 1),
        ColorType::Grayscale,
        BitDepth::Sixteen,
        None,
        None,
        &[0x7f, 0xff, 0x80, 0x00],
    );
    assert_eq!(cells(&read(&b)), "#.");
}

#[test]
fn palette_depths_and_inverted_palette() {
    let bw = [0, 0, 0, 255, 255, 255];
    let wb = [255, 255, 255, 0, 0, 0];
    // 1-bit, 2 rows of 10 (not a multiple of 8).
    let data = [0b1100_1100, 0b1000_0000, 0b0011_0011, 0b0100_0000];
    let b = encode(
        (10, 2),
        ColorType::Indexed,
        BitDepth::One,
        Some(&bw),
        None,
        &data,
    );
    assert_eq!(cells(&read(&b)), "..##..##.#|##..##..#.");
    let b = encode(
        (10, 2),
        ColorType::Indexed,
        BitDepth::One,
        Some(&wb),
        None,
        &data,
    );
    assert_eq!(cells(&read(&b)), "##..##..#.|..##..##.#");
    // 2-bit with 4 colours: black, dark red, light green, white.
    let pal4 = [0, 0, 0, 200, 0, 0, 0, 255, 0, 255, 255, 255];
    let b = encode(
        (4, 1),
        ColorType::Indexed,
        BitDepth::Two,
        Some(&pal4),
        None,
        &[0b00_01_10_11],
    );
    assert_eq!(cells(&read(&b)), "##..");
    // 4-bit, 8-bit.
    let b = encode(
        (2, 1),
        ColorType::Indexed,
        BitDepth::Four,
        Some(&pal4),
        None,
        &[0x32],
    );
    assert_eq!(cells(&read(&b)), "..");
    let b = encode(
        (4, 1),
        ColorType::Indexed,
        BitDepth::Eight,
        Some(&pal4),
        None,
        &[3, 1, 0, 2],
    );
    assert_eq!(cells(&read(&b)), ".##.");
}

#[test]
fn palette_index_past_the_end_is_wall() {
    // Index 2 with a 2-entry white palette: hand-built, as encoders refuse it.
    let pal = [255u8; 6];
    let b = raw_png((3, 1), 3, 8, 0, &[(b"PLTE", &pal)], &[0, 0, 2, 1]);
    assert_eq!(cells(&read(&b)), ".#.");
}

#[test]
fn trns_longer_than_the_palette_is_ignored() {
    // Two black entries, three alpha values: invalid, so every pixel stays opaque black.
    let pal = [0u8; 6];
    let trns = [255u8, 0, 0];
    let b = raw_png(
        (2, 1),
        3,
        8,
        0,
        &[(b"PLTE", &pal), (b"tRNS", &trns)],
        &[0, 0, 1],
    );
    assert_eq!(cells(&read(&b)), "##");
    assert_eq!(path_bits(&read(&b)), reference(&b));
    // The same alpha values on a three-entry palette apply.
    let pal = [0u8; 9];
    let b = raw_png(
        (2, 1),
        3,
        8,
        0,
        &[(b"PLTE", &pal), (b"tRNS", &trns)],
        &[0, 0, 1],
    );
    assert_eq!(cells(&read(&b)), "#.");
}

#[test]
fn rgb_uses_rec601_luma() {
    // Pure green (0.587) is light, pure red (0.299) and blue are dark; mid gray splits at 128.
    let data = [
        0, 255, 0, 255, 0, 0, 0, 0, 255, 128, 128, 128, 127, 127, 127,
    ];
    let b = encode((5, 1), ColorType::Rgb, BitDepth::Eight, None, None, &data);
    assert_eq!(cells(&read(&b)), ".##.#");
    let data16: Vec<u8> = data.iter().flat_map(|&v| [v, 0x55]).collect();
    let b = encode(
        (5, 1),
        ColorType::Rgb,
        BitDepth::Sixteen,
        None,
        None,
        &data16,
    );
    assert_eq!(cells(&read(&b)), ".##.#");
}

#[test]
fn alpha_is_composited_over_white() {
    // RGBA: opaque black, transparent black, half-transparent black (a = 127 and 128), opaque
    // white.
    let data = [
        0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 127, 0, 0, 0, 128, 255, 255, 255, 255,
    ];
    let b = encode((5, 1), ColorType::Rgba, BitDepth::Eight, None, None, &data);
    assert_eq!(cells(&read(&b)), "#..#.");
    let data16: Vec<u8> = data.iter().flat_map(|&v| [v, v]).collect();
    let b = encode(
        (5, 1),
        ColorType::Rgba,
        BitDepth::Sixteen,
        None,
        None,
        &data16,
    );
    assert_eq!(cells(&read(&b)), "#..#.");
    // Gray + alpha.
    let ga = [0, 255, 0, 0, 255, 255, 100, 250];
    let b = encode(
        (4, 1),
        ColorType::GrayscaleAlpha,
        BitDepth::Eight,
        None,
        None,
        &ga,
    );
    assert_eq!(cells(&read(&b)), "#..#");
    let ga16: Vec<u8> = ga.iter().flat_map(|&v| [v, 0]).collect();
    let b = encode(
        (4, 1),
        ColorType::GrayscaleAlpha,
        BitDepth::Sixteen,
        None,
        None,
        &ga16,
    );
    assert_eq!(cells(&read(&b)), "#..#");
}

#[test]
fn trns_makes_colours_transparent() {
    // Palette: black opaque, black transparent.
    let pal = [0, 0, 0, 0, 0, 0];
    let b = encode(
        (2, 1),
        ColorType::Indexed,
        BitDepth::One,
        Some(&pal),
        Some(&[255, 0]),
        &[0x40],
    );
    assert_eq!(cells(&read(&b)), "#.");
    // Gray key 0 (8-bit): black pixels are transparent, gray 10 stays wall.
    let b = encode(
        (2, 1),
        ColorType::Grayscale,
        BitDepth::Eight,
        None,
        Some(&[0, 0]),
        &[0, 10],
    );
    assert_eq!(cells(&read(&b)), ".#");
    // RGB key (1, 2, 3).
    let b = encode(
        (2, 1),
        ColorType::Rgb,
        BitDepth::Eight,
        None,
        Some(&[0, 1, 0, 2, 0, 3]),
        &[1, 2, 3, 1, 2, 4],
    );
    assert_eq!(cells(&read(&b)), ".#");
    // 16-bit gray key compares all 16 bits.
    let b = encode(
        (2, 1),
        ColorType::Grayscale,
        BitDepth::Sixteen,
        None,
        Some(&[0, 7]),
        &[0, 7, 0, 8],
    );
    assert_eq!(cells(&read(&b)), ".#");
}

#[test]
fn interlaced_images() {
    for (w, h) in [(1, 1), (3, 2), (9, 9), (17, 5), (70, 13)] {
        let px = |y: usize, x: usize| ((x * 3 + y * 5 + x * y) % 7 < 3) as u8;
        let want: String = (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| if px(y, x) == 1 { '.' } else { '#' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|");
        let one = raw_png(
            (w as u32, h as u32),
            0,
            1,
            1,
            &[],
            &adam7_scanlines(w, h, 1, px),
        );
        assert_eq!(cells(&read(&one)), want, "1-bit {w}x{h}");
        assert_eq!(path_bits(&read(&one)), reference(&one));
        let eight = raw_png(
            (w as u32, h as u32),
            0,
            8,
            1,
            &[],
            &adam7_scanlines(w, h, 8, |y, x| px(y, x) * 200),
        );
        assert_eq!(cells(&read(&eight)), want, "8-bit {w}x{h}");
    }
}

// ---------------------------------------------------------------- bad input

fn small_png() -> Vec<u8> {
    let maze = maze_from_bits(20, 30, &(0..600).map(|i| i % 3 == 0).collect::<Vec<_>>());
    let mut bytes = Vec::new();
    mpng::write(&maze, &mut bytes).unwrap();
    bytes
}

fn is_corrupt(r: mazegraph::Result<Maze>) -> bool {
    matches!(r, Err(Error::Corrupt { format: "png", .. }))
}

#[test]
fn empty_and_garbage_input() {
    let opts = ReadOptions::default();
    assert!(is_corrupt(mpng::read(&[], &opts)));
    assert!(is_corrupt(mpng::read(b"#.#\n#.#\n", &opts)));
    assert!(is_corrupt(mpng::read(&[0x89, b'P', b'N', b'G'], &opts)));
    let mut garbage = b"\x89PNG\r\n\x1a\n".to_vec();
    garbage.extend((0..500u32).map(|i| (i * 7919 % 251) as u8));
    assert!(is_corrupt(mpng::read(&garbage, &opts)));
}

#[test]
fn every_truncation_is_an_error() {
    let bytes = small_png();
    for len in 0..bytes.len() {
        let r = mpng::read(&bytes[..len], &ReadOptions::default());
        assert!(is_corrupt(r), "truncated at {len} of {}", bytes.len());
    }
    assert!(mpng::read(&bytes, &ReadOptions::default()).is_ok());
}

#[test]
fn flipped_bytes_never_panic() {
    let bytes = small_png();
    let original = path_bits(&read(&bytes));
    // The tEXt chunk (ancillary): the png crate may skip a damaged one; the picture is intact.
    let text = bytes.windows(4).position(|w| w == b"tEXt").unwrap() - 4;
    let text_len = u32::from_be_bytes(bytes[text..text + 4].try_into().unwrap()) as usize;
    let ancillary = text..text + 12 + text_len;
    for i in 8..bytes.len() {
        for flip in [0x01, 0x80, 0xff] {
            let mut b = bytes.clone();
            b[i] ^= flip;
            // Any result but a panic; a flipped byte breaks a CRC, so it must be an error
            // (or, in the text chunk, the same maze).
            let r = mpng::read(&b, &ReadOptions::default());
            if ancillary.contains(&i) {
                if let Ok(m) = r {
                    assert_eq!(path_bits(&m), original, "byte {i}");
                }
            } else {
                assert!(is_corrupt(r), "byte {i}");
            }
        }
    }
}

#[test]
fn huge_header_is_refused_before_decoding() {
    // IHDR claims 10^6 x 10^6 pixels; there is no pixel data at all.
    let mut out = Vec::new();
    let enc = png::Encoder::new(&mut out, 1_000_000, 1_000_000);
    drop(enc.write_header().unwrap());
    match mpng::read(&out, &ReadOptions::default()) {
        Err(Error::TooLarge { cells, .. }) => assert_eq!(cells, 1_000_000_000_000),
        other => panic!("expected TooLarge, got {other:?}"),
    }
    // A tighter limit refuses a small image too.
    let small = ReadOptions {
        limits: Limits::cells(599),
        ..Default::default()
    };
    assert!(matches!(
        mpng::read(&small_png(), &small),
        Err(Error::TooLarge { cells: 600, .. })
    ));
}

#[test]
fn missing_iend_is_an_error() {
    let bytes = small_png();
    let cut = bytes.len() - 12; // IEND is the last 12 bytes
    assert_eq!(&bytes[cut + 4..cut + 8], b"IEND");
    assert!(is_corrupt(mpng::read(
        &bytes[..cut],
        &ReadOptions::default()
    )));
}

// ---------------------------------------------------------------- what the writer refuses

#[test]
fn writer_refuses_3d_and_portals() {
    let cube = Maze::new(Grid::walls(Shape::new(vec![3, 3, 3]).unwrap()));
    let err = mpng::write(&cube, &mut Vec::new()).unwrap_err();
    assert!(matches!(err, Error::Unsupported(_)));
    assert!(err.to_string().contains("3 axes"), "{err}");
    let line = Maze::new(Grid::walls(Shape::new(vec![5]).unwrap()));
    assert!(matches!(
        mpng::write(&line, &mut Vec::new()),
        Err(Error::Unsupported(_))
    ));
    let mut m = Maze::from_text_rows(&["#.#.#", "#.#.#"]).unwrap();
    m.add_portal(1, 3).unwrap();
    let err = mpng::write(&m, &mut Vec::new()).unwrap_err();
    assert!(matches!(err, Error::Unsupported(_)));
    assert!(err.to_string().contains("portals"), "{err}");
}

#[test]
fn writer_reports_io_errors() {
    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let m = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
    assert!(matches!(mpng::write(&m, &mut Full), Err(Error::Io(_))));
}

/// A grid that does not look like a maze drawn one pixel per cell (noise) still round-trips
/// through our own PNG: it says it is one pixel per cell (found by fuzzing the round trip).
#[test]
fn our_png_of_noise_reads_back_one_pixel_per_cell() {
    let (h, w) = (52, 9);
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let bits: Vec<bool> = (0..h * w)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            !x.is_multiple_of(3)
        })
        .collect();
    let maze = maze_from_bits(h, w, &bits);
    let mut bytes = Vec::new();
    mpng::write(&maze, &mut bytes).unwrap();
    assert!(mpng::declares_pixel_cells(&bytes));
    let Item::Maze(back) = Format::Png.read(&bytes, &ReadOptions::default()).unwrap() else {
        panic!("a maze")
    };
    assert_eq!(path_bits(&back), bits);
}
