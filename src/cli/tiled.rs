//! Tiled mazes (hexagons, triangles, rings, octagons) on the command line: telling a tiled
//! maze JSON input by its content, and its pictures. `stats`, `convert` and `equal` read a
//! tiled maze as its graph through the format registry; `render` and `solve` draw it in its
//! own geometry through this module.

use super::io::{display_name, located, Expect, Output};
use super::Global;
use anyhow::{bail, Result};
use mazegraph::convert::Terminal;
use mazegraph::format::Format;
use mazegraph::legend::{Entry, Legend, Swatch};
use mazegraph::render::PictureFormat;
use mazegraph::tiling::draw::{picture_size, TiledPicture};
use mazegraph::tiling::{TiledMaze, Tiles, Tiling};
use std::path::Path;

/// The tiled maze in `path`, when it is tiled maze JSON (a `.json` file, or `--from json`,
/// whose first telling key is `"tiling"`) or a tiled maze's PNG written by mazegraph (read
/// back from its pixels); `None` for any other input, which the command reads as usual.
pub fn read(path: &Path, from: Option<Format>, global: &Global) -> Result<Option<TiledMaze>> {
    let name = path.to_string_lossy().to_ascii_lowercase();
    let format = match from {
        Some(f) => f,
        None if name.ends_with(".graph.json") || name.ends_with(".game.json") => return Ok(None),
        None if name.ends_with(".json") => Format::Json,
        None if name.ends_with(".png") => Format::Png,
        None => return Ok(None),
    };
    if !matches!(format, Format::Json | Format::Png) || path == Path::new("-") {
        return Ok(None);
    }
    if format == Format::Png && !has_tiling_chunk(path) {
        // Any other picture: not read twice (the square-grid path stays as fast as it was).
        return Ok(None);
    }
    let opts = global.read_options();
    let expect = if format == Format::Png {
        Expect::of(Format::Png)
    } else {
        Expect::Text("json")
    };
    let (bytes, stopped) = super::io::read_input(path, expect, &opts.limits)?;
    if stopped.is_some() {
        // Not text: the command's own reader says what is wrong.
        return Ok(None);
    }
    mazegraph::format::read_tiled(&bytes, &opts).map_err(|e| located(path, e))
}

/// True when the first 64 KiB of the file hold the text chunk a tiled maze's PNG carries (it
/// comes before the image data).
fn has_tiling_chunk(path: &Path) -> bool {
    use std::io::Read;
    let mut head = Vec::with_capacity(1 << 16);
    let read = std::fs::File::open(path).and_then(|f| f.take(1 << 16).read_to_end(&mut head));
    let key = format!("tEXt{}", mazegraph::format::tiled::PNG_KEY);
    read.is_ok() && head.windows(key.len()).any(|w| w == key.as_bytes())
}

/// The picture format an output path names, if any (`.png`, `.svg`).
pub fn picture_format(path: &Path) -> Option<PictureFormat> {
    PictureFormat::from_name(&path.extension()?.to_string_lossy()).ok()
}

/// Pixels per room for a picture about 640 pixels across (at most 40, at least 1).
pub fn auto_scale(tiling: &Tiling) -> f64 {
    let [lo, hi] = tiling.bounds();
    let across = (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1.0);
    (640.0 / across).floor().clamp(1.0, 40.0)
}

/// The scale of a picture of `tiling` (`--scale`, or about 640 pixels across), its size
/// checked against `--max-cells` (a pixel counts as a cell) and, for PNG, its memory against
/// the budget: before the maze is made or drawn.
pub fn picture_scale(
    tiling: &Tiling,
    scale: Option<u16>,
    format: PictureFormat,
    global: &Global,
) -> Result<f64> {
    let scale = scale.map_or_else(|| auto_scale(tiling), f64::from);
    let (w, h) = picture_size(tiling, scale);
    super::budget::check_pixels(w as u64, h as u64, global.max_cells)?;
    if format == PictureFormat::Png {
        // Three bytes a pixel of colour and one of coverage, held while drawing.
        let bytes = (w as u64).saturating_mul(h as u64).saturating_mul(4);
        global
            .read_options()
            .limits
            .check_bytes(&format!("a {w}×{h} picture"), bytes)?;
    }
    Ok(scale)
}

/// The picture of `maze` with `path` over it, its scale `--scale` or about 640 pixels
/// across, its size and memory checked first ([`picture_scale`]); [`write_picture`] writes it.
pub fn picture<'a>(
    maze: &'a TiledMaze,
    path: Option<&'a [u32]>,
    scale: Option<u16>,
    format: PictureFormat,
    global: &Global,
) -> Result<TiledPicture<'a>> {
    let scale = picture_scale(maze.tiling(), scale, format, global)?;
    Ok(TiledPicture::new(maze, scale, path))
}

/// Writes `picture` to `output` as `format`.
pub fn write_picture(picture: &TiledPicture, format: PictureFormat, output: &Output) -> Result<()> {
    match format {
        PictureFormat::Png => output.write_with(true, |w| picture.write_png(w)),
        PictureFormat::Svg => output.write_with(false, |w| picture.write_svg(w)),
    }
}

/// `picture` with a legend of `entries` under it (the start, the goal and the path first),
/// in the colours of every maze picture ([`mazegraph::render::rgb`]).
pub fn with_legend(picture: TiledPicture, entries: Vec<Entry>) -> TiledPicture {
    let mut all = picture.legend_entries();
    all.extend(entries);
    let (w, h) = picture.size();
    let legend = Legend::fitted(all, w, h);
    picture.with_legend(legend, mazegraph::render::rgb)
}

/// `picture` with the rooms dead-end filling fills grey and those it keeps off `path` light
/// yellow, as square pictures draw the `filled` overlay; the legend entries for them.
pub fn dead_ends<'a>(
    picture: TiledPicture<'a>,
    maze: &TiledMaze,
    path: Option<&[u32]>,
) -> (TiledPicture<'a>, Vec<Entry>) {
    use mazegraph::palette::{FILLED, KEPT};
    use mazegraph::render;
    let kept = mazegraph::tiling::overlay::kept(maze);
    let mut on_path = fixedbitset::FixedBitSet::with_capacity(kept.len());
    on_path.extend(path.unwrap_or(&[]).iter().map(|&r| r as usize));
    let mut picture = picture;
    let (mut filled, mut off) = (false, false);
    for room in 0..maze.tiling().room_count() as u32 {
        let r = room as usize;
        if !kept.contains(r) {
            picture = picture.fill(room, FILLED);
            filled = true;
        } else if !on_path.contains(r) {
            picture = picture.fill(room, KEPT);
            off = true;
        }
    }
    let mut entries = Vec::new();
    if filled {
        entries.push(Entry::new(
            Swatch::Colour(render::FILLED),
            "dead ends filled",
        ));
    }
    if off {
        entries.push(Entry::new(
            Swatch::Colour(render::KEPT),
            "kept off the path",
        ));
    }
    (picture, entries)
}

/// The legend entry of the attractor's shades, ranks 0 to `top` named by `what`.
pub fn shades_entry(top: u32, what: &str) -> Entry {
    Entry::new(
        mazegraph::render::shades_swatch(top),
        format!("{what}, 0 to {top}"),
    )
}

/// Sets the terminals given on the command line (`--start`, `--goal`): rooms by their
/// labels (`R,C`, `room:R,C`: the same for a tiled maze, whose labels are its rooms).
pub fn set_terminals(
    maze: &mut TiledMaze,
    input: &Path,
    start: Option<&Terminal>,
    goal: Option<&Terminal>,
) -> Result<()> {
    use mazegraph::tiling::Tiles;
    let room = |t: Option<&Terminal>, flag: &str, default: u32| -> Result<u32> {
        let Some(t) = t else { return Ok(default) };
        let label = match t {
            Terminal::Coords(c) | Terminal::Room(c) => c,
            Terminal::Name(n) => bail!(
                "{}: {flag} {n:?}: a tiled maze's rooms are named by their coordinates, e.g. 0,1",
                display_name(input)
            ),
        };
        maze.tiling().room(label).ok_or_else(|| {
            anyhow::anyhow!(
                "{}: {flag} {}: no such room in the {} tiling of size {}",
                display_name(input),
                mazegraph::grid::fmt_coords(label),
                maze.tiling().name(),
                maze.tiling().size_text()
            )
        })
    };
    let s = room(start, "--start", maze.start())?;
    let g = room(goal, "--goal", maze.goal())?;
    maze.set_terminals(s, g)?;
    Ok(())
}
