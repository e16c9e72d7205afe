//! Pictures of the wolf and the sheep ([`arena`](super::arena)): the sheep's fate from every
//! cell (a PNG) and a play of both strategies (an animated PNG).
//!
//! They are maze pictures ([`render::Picture`]) in the colours of every mazegraph picture
//! ([`palette`]): the wolf's attractor is blue as every attractor is, shaded by
//! rank — here the moves until the capture, darkest where the sheep is caught soonest — and the
//! cells where the sheep escapes stay white, as cells outside an attractor do. The wolf is a
//! dark brown mark and the sheep a pink one, colours of their own ([`palette::WOLF`],
//! [`palette::SHEEP`]): not the goal's red and the start's green, which mean places. A legend
//! strip under the maze names them (on the slice background, so that the white of "safe"
//! shows).
//!
//! ```
//! use mazegraph::game::arena::{Piece, Pursuit, Rules};
//! use mazegraph::game::arena_picture::{fate_png, Style};
//! use mazegraph::grid::Limits;
//! use mazegraph::Maze;
//! let maze = Maze::from_text_rows(&["#####", "#...#", "#.#.#", "#...#", "##.##"]).unwrap();
//! let p = Pursuit::solve(&maze, Rules::default(), &Limits::default()).unwrap();
//! let wolf = maze.shape().index(&[1, 1]).unwrap();
//! let mut png = Vec::new();
//! fate_png(&maze, &p, wolf, Piece::Wolf, &Style::default(), &mut png).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

use super::arena::{Piece, Play, Pursuit};
use crate::error::{Error, Result};
use crate::legend::{Entry, Legend, Swatch};
use crate::maze::Maze;
use crate::palette;
use crate::render::{self, Overlay, Picture, RenderOptions};
use std::io::Write;

/// Palette index of the wolf's mark ([`palette::WOLF`]), after the picture palette and its
/// shades ([`render::rgb`]).
pub const WOLF: u8 = render::SHADE + render::SHADES;
/// Palette index of the sheep's mark ([`palette::SHEEP`]).
pub const SHEEP: u8 = WOLF + 1;

/// The most moves an animation shows.
pub const MAX_FRAMES: usize = 400;

/// How to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Pixels per cell side (at least 1).
    pub scale: usize,
    /// A legend strip under the maze.
    pub legend: bool,
    /// Hundredths of a second each move of an animation shows.
    pub delay: u16,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            scale: 8,
            legend: true,
            delay: 25,
        }
    }
}

/// The sheep's fate from every path cell when the wolf stands on `wolf` (a flat cell index)
/// and `turn` moves first, as a PNG: cells where the wolf catches the sheep shaded by the
/// moves until the capture ([`Pursuit::capture_time`]), cells where it escapes white, the
/// wolf a dark brown mark.
///
/// Complexity: O(P + pixels) time, O(P + width) memory.
/// Errors: `wolf` off the path cells, `maze` not the pursuit's maze, output errors.
pub fn fate_png(
    maze: &Maze,
    pursuit: &Pursuit,
    wolf: usize,
    turn: Piece,
    style: &Style,
    out: &mut dyn Write,
) -> Result<()> {
    check_maze(maze, pursuit)?;
    let fate = pursuit.fate(wolf, turn)?;
    let caught: Vec<(usize, u32)> = fate.iter().filter_map(|&(c, r)| Some((c, r?))).collect();
    let safe = fate.len() - caught.len();
    let top = caught.iter().map(|e| e.1).max().unwrap_or(0);
    let picture = Picture::new(
        maze,
        &RenderOptions {
            scale: style.scale.max(1),
            overlays: vec![Overlay::ranks(caught)],
        },
    )?;
    let legend = style
        .legend
        .then(|| Legend::new(fate_entries(top, safe), picture.width()));
    let canvas = Canvas::new(
        &picture,
        style.scale.max(1),
        legend.as_ref().map_or(0, Legend::height),
    );
    let mut enc = canvas.encoder(out);
    if let Some(l) = &legend {
        enc.add_text_chunk(
            crate::legend::PNG_KEYWORD.to_string(),
            l.height().to_string(),
        )
        .map_err(png_error)?;
    }
    let mut writer = enc.write_header().map_err(png_error)?;
    let mut stream = writer.stream_writer_with_size(1 << 20).map_err(png_error)?;
    let marks = [(wolf, WOLF)];
    let mut buf = vec![render::BACKGROUND; canvas.width];
    picture.for_each_row(|y, row| {
        buf.copy_from_slice(row);
        canvas.mark_row(&picture, y, &marks, &mut buf);
        stream.write_all(&buf)?;
        Ok(())
    })?;
    if let Some(l) = &legend {
        for ly in 0..l.height() {
            l.row(ly, &mut buf, render::BACKGROUND, render::WALL);
            stream.write_all(&buf)?;
        }
    }
    stream.finish().map_err(png_error)?;
    Ok(())
}

/// A play ([`Pursuit::play`]) as an animated PNG (APNG: browsers and most viewers play it;
/// others show its first frame): one frame per move, the wolf a dark brown mark and the sheep a
/// pink one on the plain maze, the legend counting the moves and saying how the play ends.
/// At most [`MAX_FRAMES`] moves are shown; the last frame stays four times as long.
///
/// Complexity: O(frames · pixels) time, two frames of memory.
/// Errors: `maze` not the pursuit's maze, a picture too large, output errors.
pub fn play_apng(
    maze: &Maze,
    pursuit: &Pursuit,
    play: &Play,
    style: &Style,
    out: &mut dyn Write,
) -> Result<()> {
    check_maze(maze, pursuit)?;
    let frames = &play.positions[..play.positions.len().min(MAX_FRAMES + 1)];
    if frames.is_empty() {
        return Err(Error::Unsupported("a play without positions".into()));
    }
    let picture = Picture::new(
        maze,
        &RenderOptions {
            scale: style.scale.max(1),
            overlays: Vec::new(),
        },
    )?;
    let n = frames.len() - 1;
    let ending = ending(play);
    let digits = n.to_string().len();
    let legend_at = |k: usize| {
        style
            .legend
            .then(|| play_legend(&[], k, n, digits, &ending, picture.width()))
    };
    let legend_h = (0..=n)
        .filter_map(|k| legend_at(k).map(|l| l.height()))
        .max()
        .unwrap_or(0);
    let canvas = Canvas::new(&picture, style.scale.max(1), legend_h);
    let size = canvas.width.checked_mul(canvas.height).ok_or_else(|| {
        Error::Unsupported("the animation's frames would be too large".to_string())
    })?;
    // The maze once, then each frame from it.
    let mut base = crate::grid::try_filled(size, render::BACKGROUND)?;
    picture.for_each_row(|y, row| {
        base[y * canvas.width..(y + 1) * canvas.width].copy_from_slice(row);
        Ok(())
    })?;
    let mut enc = canvas.encoder(out);
    enc.set_animated(frames.len() as u32, 0)
        .map_err(png_error)?;
    let mut writer = enc.write_header().map_err(png_error)?;
    let mut frame = base.clone();
    let maze_rows = picture.height();
    for (k, pos) in frames.iter().enumerate() {
        crate::stop::check();
        frame.copy_from_slice(&base);
        let marks = [(pos.sheep, SHEEP), (pos.wolf, WOLF)];
        for y in 0..maze_rows {
            let row = &mut frame[y * canvas.width..(y + 1) * canvas.width];
            canvas.mark_row(&picture, y, &marks, row);
        }
        if let Some(l) = legend_at(k) {
            for ly in 0..l.height() {
                let y = maze_rows + ly;
                l.row(
                    ly,
                    &mut frame[y * canvas.width..(y + 1) * canvas.width],
                    render::BACKGROUND,
                    render::WALL,
                );
            }
        }
        write_frame(&mut writer, &frame, k == n, style)?;
    }
    writer.finish().map_err(png_error)?;
    Ok(())
}

/// The fate picture's legend entries: the wolf, the shades of the moves until the capture
/// (at most `top`), and "sheep safe" when `safe` cells escape.
fn fate_entries(top: u32, safe: usize) -> Vec<Entry> {
    let mut entries = vec![
        Entry::new(Swatch::Colour(WOLF), "wolf"),
        Entry::new(
            render::shades_swatch(top),
            format!("sheep caught in 0 to {top} moves"),
        ),
    ];
    if safe > 0 {
        entries.push(Entry::new(Swatch::Colour(render::OPEN), "sheep safe"));
    }
    entries
}

/// The RGB colour of a palette index of these pictures: the maze pictures' ([`render::rgb`]),
/// then the wolf's and the sheep's.
fn colour_of(index: u8) -> palette::Rgb {
    match index {
        WOLF => palette::WOLF,
        SHEEP => palette::SHEEP,
        i => render::rgb(i),
    }
}

/// The room of a tiled maze where a piece stands on `cell` (a position's `wolf` or `sheep`,
/// in an arena built on the maze's graph, [`crate::tiling::TiledMaze::to_graph`]).
fn room_of(rooms: &[u32], pursuit: &Pursuit, cell: usize) -> Result<u32> {
    pursuit
        .arena()
        .vertex_of(cell)
        .and_then(|v| rooms.get(v as usize).copied())
        .ok_or_else(|| Error::InvalidMaze("the piece is not in this maze".into()))
}

/// [`fate_png`] for a tiled maze, drawn in its own geometry at `scale` pixels a room: the
/// pursuit's arena must be built on the maze's graph ([`Arena::on_graph`](super::arena::Arena::on_graph)
/// of [`crate::tiling::TiledMaze::to_graph`]). Rooms where the wolf catches the sheep are
/// shaded by the moves until the capture, the others white; the start and goal keep their
/// discs.
///
/// Complexity: O(rooms + pixels).
pub fn fate_tiled_png(
    maze: &crate::tiling::TiledMaze,
    pursuit: &Pursuit,
    wolf: usize,
    turn: Piece,
    scale: f64,
    legend: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let rooms = check_tiled(maze, pursuit)?;
    let fate = pursuit.fate(wolf, turn)?;
    let mut caught = Vec::with_capacity(fate.len());
    for &(cell, moves) in &fate {
        if let Some(m) = moves {
            caught.push((room_of(&rooms, pursuit, cell)?, m));
        }
    }
    let safe = fate.len() - caught.len();
    let top = caught.iter().map(|e| e.1).max().unwrap_or(0);
    let mut picture = crate::tiling::draw::TiledPicture::new(maze, scale, None)
        .ranks(&caught)
        .mark(room_of(&rooms, pursuit, wolf)?, palette::WOLF);
    if legend {
        let mut entries = picture.legend_entries();
        entries.extend(fate_entries(top, safe));
        let (w, h) = picture.size();
        picture = picture.with_legend(Legend::fitted(entries, w, h), colour_of);
    }
    picture.write_png(out)
}

/// [`play_apng`] for a tiled maze, drawn in its own geometry at `scale` pixels a room (the
/// arena built on the maze's graph, as for [`fate_tiled_png`]): one frame a move, the wolf a
/// dark brown disc and the sheep a pink one.
///
/// Complexity: O(pixels + frames · (pixels + discs)), two frames of memory.
pub fn play_tiled_apng(
    maze: &crate::tiling::TiledMaze,
    pursuit: &Pursuit,
    play: &Play,
    scale: f64,
    style: &Style,
    out: &mut dyn Write,
) -> Result<()> {
    let rooms = check_tiled(maze, pursuit)?;
    let frames = &play.positions[..play.positions.len().min(MAX_FRAMES + 1)];
    if frames.is_empty() {
        return Err(Error::Unsupported("a play without positions".into()));
    }
    let n = frames.len() - 1;
    let ending = ending(play);
    let digits = n.to_string().len();
    let picture = crate::tiling::draw::TiledPicture::new(maze, scale, None);
    let (w, maze_rows) = picture.size();
    // The start and goal keep their discs in a tiled maze's picture: the legend names them.
    let lead = picture.legend_entries();
    let legend_at = |k: usize| {
        style
            .legend
            .then(|| play_legend(&lead, k, n, digits, &ending, w))
    };
    let legend_h = (0..=n)
        .filter_map(|k| legend_at(k).map(|l| l.height()))
        .max()
        .unwrap_or(0);
    let h = maze_rows + legend_h;
    let mut base = picture.raster();
    base.resize(w * h * 3, 0);
    let mut enc = png::Encoder::new(out, w as u32, h as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    enc.set_animated(frames.len() as u32, 0)
        .map_err(png_error)?;
    let mut writer = enc.write_header().map_err(png_error)?;
    let mut frame = base.clone();
    let mut row = vec![0u8; w];
    for (k, pos) in frames.iter().enumerate() {
        crate::stop::check();
        frame.copy_from_slice(&base);
        let marks = [
            (room_of(&rooms, pursuit, pos.sheep)?, palette::SHEEP),
            (room_of(&rooms, pursuit, pos.wolf)?, palette::WOLF),
        ];
        picture.paint_marks(&mut frame, &marks);
        if let Some(l) = legend_at(k) {
            for ly in 0..legend_h {
                l.row(ly, &mut row, render::BACKGROUND, render::WALL);
                let y = maze_rows + ly;
                for (px, &i) in frame[y * w * 3..(y + 1) * w * 3]
                    .chunks_exact_mut(3)
                    .zip(&row)
                {
                    px.copy_from_slice(&colour_of(i));
                }
            }
        }
        write_frame(&mut writer, &frame, k == n, style)?;
    }
    writer.finish().map_err(png_error)?;
    Ok(())
}

/// Writes one frame of a play's animation: the last one stays four times as long.
fn write_frame<W: Write>(
    writer: &mut png::Writer<W>,
    frame: &[u8],
    last: bool,
    style: &Style,
) -> Result<()> {
    let delay = if last {
        style.delay.saturating_mul(4)
    } else {
        style.delay
    };
    writer.set_frame_delay(delay, 100).map_err(png_error)?;
    writer.write_image_data(frame).map_err(png_error)
}

/// The legend of frame `k` of `n` of a play: the pieces, the move and how the play ends.
fn play_legend(
    lead: &[Entry],
    k: usize,
    n: usize,
    digits: usize,
    ending: &str,
    width: usize,
) -> Legend {
    Legend::new(
        [
            lead,
            &[
                Entry::new(Swatch::Colour(WOLF), "wolf"),
                Entry::new(Swatch::Colour(SHEEP), "sheep"),
                Entry::new(
                    Swatch::Colours(Vec::new()),
                    format!("move {k:>digits$} of {n}: {ending}"),
                ),
            ],
        ]
        .concat(),
        width,
    )
}

/// How a play ends, in the legend's words.
fn ending(play: &Play) -> String {
    match (play.caught, play.repeats_from) {
        (true, _) => "the wolf catches the sheep".to_string(),
        (false, Some(k)) => format!("the sheep escapes (back to move {k})"),
        (false, None) => "cut short".to_string(),
    }
}

/// The room of each vertex of the pursuit's graph, when the pursuit was solved on `maze`'s
/// graph.
fn check_tiled(maze: &crate::tiling::TiledMaze, pursuit: &Pursuit) -> Result<Vec<u32>> {
    use crate::tiling::Tiles;
    let graph = pursuit.arena().graph();
    let rooms = maze.graph_rooms();
    let same = graph.vertex_count() == rooms.len()
        && rooms.iter().enumerate().all(|(v, &r)| {
            graph.label(v as u32) == crate::graph::Label::Coord(maze.tiling().label(r))
        });
    if !same {
        return Err(Error::InvalidMaze(
            "the pursuit was not solved on this maze".to_string(),
        ));
    }
    Ok(rooms)
}

/// A picture's rows with room for a legend, and the pieces' marks.
struct Canvas {
    width: usize,
    height: usize,
    scale: usize,
}

impl Canvas {
    fn new(picture: &Picture, scale: usize, legend_rows: usize) -> Canvas {
        Canvas {
            width: picture.width(),
            height: picture.height() + legend_rows,
            scale,
        }
    }

    /// An 8-bit indexed PNG encoder with every palette colour (plain, portals, shades, then
    /// the wolf and the sheep).
    fn encoder<'w>(&self, out: &'w mut dyn Write) -> png::Encoder<'w, &'w mut dyn Write> {
        let mut enc = png::Encoder::new(out, self.width as u32, self.height as u32);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        let colours: Vec<u8> = (0..render::SHADE + render::SHADES)
            .map(render::rgb)
            .chain([palette::WOLF, palette::SHEEP])
            .flatten()
            .collect();
        enc.set_palette(colours);
        enc.set_compression(png::Compression::Fast);
        enc
    }

    /// Paints the marks (cell, colour) that cross pixel row `y`: a disc around the cell over
    /// the path cells it covers ([`render::Disc`], as the start and goal are marked), so that
    /// a piece shows at any size; where the cell is as big as such a disc, a square inset by a
    /// quarter of its side.
    fn mark_row(&self, picture: &Picture, y: usize, marks: &[(usize, u8)], row: &mut [u8]) {
        let s = self.scale;
        let m = if s >= 3 { (s / 4).max(1) } else { 0 };
        let clip = (0, 0, picture.width(), picture.height());
        for &(cell, colour) in marks {
            let (x0, y0) = picture.cell_origin(cell);
            if let Some(disc) = render::Disc::around((x0, y0), s, clip) {
                for x in disc.span(y).into_iter().flatten() {
                    if let Some(px) = row.get_mut(x).filter(|px| **px != render::WALL) {
                        *px = colour;
                    }
                }
            } else if y >= y0 + m && y < y0 + s - m {
                if let Some(px) = row.get_mut(x0 + m..x0 + s - m) {
                    px.fill(colour);
                }
            }
        }
    }
}

fn check_maze(maze: &Maze, pursuit: &Pursuit) -> Result<()> {
    let graph = pursuit.arena().graph();
    if graph.shape() != Some(maze.shape()) || graph.vertex_count() != maze.grid().count_paths() {
        return Err(Error::InvalidMaze(
            "the pursuit was not solved on this maze".to_string(),
        ));
    }
    Ok(())
}

fn png_error(e: png::EncodingError) -> Error {
    match e {
        png::EncodingError::IoError(io) => Error::Io(io),
        other => Error::Unsupported(format!("png: {other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::arena::{Position, Rules};
    use crate::grid::Limits;

    fn solved() -> (Maze, Pursuit) {
        let m = Maze::from_text_rows(&["#####", "#...#", "#.#.#", "#...#", "##.##"]).unwrap();
        let p = Pursuit::solve(&m, Rules::default(), &Limits::default()).unwrap();
        (m, p)
    }

    #[test]
    fn the_fate_picture_has_the_maze_and_a_legend() {
        let (m, p) = solved();
        let mut png = Vec::new();
        let style = Style {
            scale: 20,
            ..Style::default()
        };
        fate_png(&m, &p, 6, Piece::Wolf, &style, &mut png).unwrap();
        let dec = png::Decoder::new(std::io::Cursor::new(png));
        let reader = dec.read_info().unwrap();
        let info = reader.info();
        assert_eq!(info.width, 100);
        assert!(info.height > 100);
    }

    #[test]
    fn a_play_is_an_animation_of_its_moves() {
        let (m, p) = solved();
        let c = |r, col| m.shape().index(&[r, col]).unwrap();
        let start = Position {
            wolf: c(3, 3),
            sheep: c(4, 2),
            turn: Piece::Wolf,
        };
        let play = p.play(start, 100).unwrap();
        let mut png = Vec::new();
        play_apng(&m, &p, &play, &Style::default(), &mut png).unwrap();
        let dec = png::Decoder::new(std::io::Cursor::new(png));
        let reader = dec.read_info().unwrap();
        let frames = reader.info().animation_control.unwrap().num_frames;
        assert_eq!(frames as usize, play.positions.len());
    }

    #[test]
    fn another_maze_is_refused() {
        let (_, p) = solved();
        let other = Maze::from_text_rows(&["#...#"]).unwrap();
        let e = fate_png(
            &other,
            &p,
            1,
            Piece::Wolf,
            &Style::default(),
            &mut Vec::new(),
        );
        assert!(e.is_err());
    }
}
