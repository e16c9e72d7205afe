//! Legends: what each colour of a maze picture means, laid out in a strip under it.
//!
//! A [`Legend`] is a list of [`Entry`]s — a swatch (one palette colour, several, or a band of
//! shades) and a short text — placed left to right and wrapped to the picture's width. The
//! picture writers ([`render::Picture`](crate::render::Picture)) draw it row by row in PNG, as
//! an 8×8 bitmap font scaled to the picture, and as `<rect>` and `<text>` in SVG.
//!
//! ```
//! use mazegraph::legend::{Entry, Legend, Swatch};
//! let legend = Legend::new(
//!     vec![
//!         Entry::new(Swatch::Colour(5), "start"),
//!         Entry::new(Swatch::Colour(6), "goal"),
//!     ],
//!     400,
//! );
//! assert!(legend.height() > 0);
//! let mut row = vec![0u8; 400];
//! legend.row(legend.height() / 2, &mut row, 7, 0);
//! assert!(row.contains(&5) && row.contains(&6)); // both swatches cross the middle row
//! ```

use font8x8::{UnicodeFonts, BASIC_FONTS};
use std::io::{self, Write};

/// Keyword of the PNG `tEXt` chunk in which the picture writers record the legend strip's
/// height in rows: the PNG reader leaves those rows out, so a picture with its legend reads back
/// as its maze.
pub const PNG_KEYWORD: &str = "mazegraph legend rows";

/// Pictures narrower than this many pixels get no legend: beside a swatch, not even three
/// letters of the small text would fit, and a strip of swatches without words names nothing.
pub const MIN_WIDTH: usize = 48;

/// The legend strip's height recorded in a PNG's text chunks ([`PNG_KEYWORD`]), when it is a
/// number below the picture's `height` (anything else is ignored).
///
/// ```
/// use mazegraph::legend::{legend_rows, PNG_KEYWORD};
/// let chunk = |t: &str| png::text_metadata::TEXtChunk::new(PNG_KEYWORD, t);
/// assert_eq!(legend_rows(&[chunk("24")], 100), 24);
/// assert_eq!(legend_rows(&[chunk("100")], 100), 0);
/// assert_eq!(legend_rows(&[chunk("x")], 100), 0);
/// ```
pub fn legend_rows(chunks: &[png::text_metadata::TEXtChunk], height: usize) -> usize {
    chunks
        .iter()
        .find(|c| c.keyword == PNG_KEYWORD)
        .and_then(|c| c.text.trim().parse::<usize>().ok())
        .filter(|&rows| rows < height)
        .unwrap_or(0)
}

/// The coloured part of an entry, in palette indices of the picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swatch {
    /// One colour.
    Colour(u8),
    /// A few colours side by side (e.g. portal pairs).
    Colours(Vec<u8>),
    /// A band of consecutive palette indices, `from` on the left to `to` on the right.
    Shades {
        /// The leftmost index.
        from: u8,
        /// The rightmost index.
        to: u8,
    },
}

/// One line item: a swatch and what it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The colours.
    pub swatch: Swatch,
    /// Their meaning (ASCII; other characters are drawn blank in PNG).
    pub text: String,
}

impl Entry {
    /// An entry.
    pub fn new(swatch: Swatch, text: impl Into<String>) -> Entry {
        Entry {
            swatch,
            text: text.into(),
        }
    }
}

/// Entries laid out for a picture `width` pixels wide.
#[derive(Clone, Debug)]
pub struct Legend {
    entries: Vec<Entry>,
    /// (x, y) of each entry's top-left corner.
    placed: Vec<(usize, usize)>,
    /// Each entry's text in lines (one, unless it is wider than the picture).
    lines: Vec<Vec<String>>,
    /// Pixels per font pixel.
    k: usize,
    height: usize,
}

impl Legend {
    /// Lays `entries` out in lines no wider than `width`. Text is 16 pixels high when the
    /// widest entry fits at that size, else 8; an entry still wider than the picture has its
    /// text wrapped beside its swatch at spaces (a word longer than the room is clipped). A
    /// picture narrower than [`MIN_WIDTH`] has no legend (height 0).
    ///
    /// Complexity: O(entries + text).
    pub fn new(entries: Vec<Entry>, width: usize) -> Legend {
        let widest = entries
            .iter()
            .map(|e| Self::entry_width(e, 2))
            .max()
            .unwrap_or(0);
        let k = if widest + 24 <= width { 2 } else { 1 };
        Self::laid_out(entries, width, k)
    }

    /// [`Legend::new`] for a picture whose drawing (the maze, its slices) is `body` pixels
    /// high: the legend never dominates it. Text 16 pixels high only while the strip stays
    /// under half the drawing's height, else 8.
    ///
    /// ```
    /// use mazegraph::legend::{Entry, Legend, Swatch};
    /// let entries = || vec![Entry::new(Swatch::Colour(1), "start"), Entry::new(Swatch::Colour(2), "goal")];
    /// let tall = Legend::fitted(entries(), 400, 400);
    /// let low = Legend::fitted(entries(), 400, 40);
    /// assert!(low.height() < tall.height());
    /// ```
    pub fn fitted(entries: Vec<Entry>, width: usize, body: usize) -> Legend {
        let big = Self::new(entries, width);
        if big.k == 1 || 2 * big.height <= body {
            return big;
        }
        Self::laid_out(big.entries, width, 1)
    }

    /// The layout with text `k` pixels a font pixel; no legend at all (no entries, height 0)
    /// on a picture narrower than [`MIN_WIDTH`].
    fn laid_out(entries: Vec<Entry>, width: usize, k: usize) -> Legend {
        if width < MIN_WIDTH {
            return Legend {
                entries: Vec::new(),
                placed: Vec::new(),
                lines: Vec::new(),
                k,
                height: 0,
            };
        }
        let pad = 6 * k;
        let line = 12 * k;
        let mut placed = Vec::with_capacity(entries.len());
        let mut lines = Vec::with_capacity(entries.len());
        // The current line of entries: where the next goes, and its height in text lines.
        let (mut x, mut y, mut tall) = (pad, pad, 1);
        for e in &entries {
            let w = Self::entry_width(e, k);
            if x > pad && x + w + pad > width {
                x = pad;
                y += tall * line;
                tall = 1;
            }
            let text = if x + w + pad > width {
                let room = width.saturating_sub(x + pad + Self::swatch_width(&e.swatch, k) + 4 * k);
                wrap(&e.text, (room / (8 * k)).max(1))
            } else {
                vec![e.text.clone()]
            };
            tall = tall.max(text.len());
            placed.push((x, y));
            lines.push(text);
            x += w + 16 * k;
        }
        let height = if entries.is_empty() {
            0
        } else {
            y + tall * line + pad / 2
        };
        Legend {
            entries,
            placed,
            lines,
            k,
            height,
        }
    }

    /// Height of the strip in pixels (0 without entries).
    pub fn height(&self) -> usize {
        self.height
    }

    /// The entries, in order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    fn swatch_width(s: &Swatch, k: usize) -> usize {
        match s {
            Swatch::Colour(_) => 8 * k,
            Swatch::Colours(c) => 10 * k * c.len().max(1) - 2 * k,
            Swatch::Shades { .. } => 48 * k,
        }
    }

    fn entry_width(e: &Entry, k: usize) -> usize {
        Self::swatch_width(&e.swatch, k) + 4 * k + 8 * k * e.text.chars().count()
    }

    /// Fills `row` (the strip's row `y`, one palette index a pixel) with `background`, the
    /// swatches and the text in `ink`.
    ///
    /// Complexity: O(row width + entries).
    pub fn row(&self, y: usize, row: &mut [u8], background: u8, ink: u8) {
        row.fill(background);
        let k = self.k;
        for ((e, &(x0, y0)), lines) in self.entries.iter().zip(&self.placed).zip(&self.lines) {
            // Text line `li` of the entry, its font row `gy`.
            let (li, dy) = match y.checked_sub(y0) {
                Some(d) => (d / (12 * k), d % (12 * k)),
                None => continue,
            };
            if li >= lines.len() || dy >= 8 * k {
                continue;
            }
            let gy = dy / k;
            let sw = Self::swatch_width(&e.swatch, k);
            let tx = x0 + sw + 4 * k;
            if li > 0 {
                if let Some(rest) = row.get_mut(tx..) {
                    text_row(rest, &lines[li], gy, k, ink);
                }
                continue;
            }
            let sw = Self::swatch_width(&e.swatch, k);
            let mut put = |x: usize, v: u8| {
                if let Some(p) = row.get_mut(x) {
                    *p = v;
                }
            };
            match &e.swatch {
                Swatch::Colour(c) => (0..sw).for_each(|dx| put(x0 + dx, *c)),
                Swatch::Colours(cs) => {
                    for (j, &c) in cs.iter().enumerate() {
                        (0..8 * k).for_each(|dx| put(x0 + 10 * k * j + dx, c));
                    }
                }
                Swatch::Shades { from, to } => {
                    let (a, b) = (usize::from(*from), usize::from(*to));
                    for dx in 0..sw {
                        let i = if b >= a {
                            a + (b - a) * dx / (sw - 1)
                        } else {
                            a - (a - b) * dx / (sw - 1)
                        };
                        put(x0 + dx, i as u8);
                    }
                }
            }
            if let Some(rest) = row.get_mut(tx..) {
                text_row(rest, &lines[0], gy, k, ink);
            }
        }
    }

    /// Writes the strip as SVG elements, its top at `top`; `hex` names a palette index's
    /// colour.
    pub fn write_svg(
        &self,
        out: &mut dyn Write,
        top: usize,
        hex: &dyn Fn(u8) -> String,
        ink: u8,
    ) -> io::Result<()> {
        let k = self.k;
        for ((e, &(x0, y0)), lines) in self.entries.iter().zip(&self.placed).zip(&self.lines) {
            let y = top + y0;
            let sw = Self::swatch_width(&e.swatch, k);
            let side = 8 * k;
            match &e.swatch {
                Swatch::Colour(c) => writeln!(
                    out,
                    r#"<rect x="{x0}" y="{y}" width="{side}" height="{side}" fill="{}"/>"#,
                    hex(*c)
                )?,
                Swatch::Colours(cs) => {
                    for (j, &c) in cs.iter().enumerate() {
                        writeln!(
                            out,
                            r#"<rect x="{}" y="{y}" width="{side}" height="{side}" fill="{}"/>"#,
                            x0 + 10 * k * j,
                            hex(c)
                        )?;
                    }
                }
                Swatch::Shades { from, to } => {
                    // Eight steps are enough for the eye.
                    let (a, b) = (i32::from(*from), i32::from(*to));
                    for j in 0..8 {
                        let i = a + (b - a) * j / 7;
                        writeln!(
                            out,
                            r#"<rect x="{}" y="{y}" width="{}" height="{side}" fill="{}"/>"#,
                            x0 + sw * j as usize / 8,
                            sw / 8 + 1,
                            hex(i as u8)
                        )?;
                    }
                }
            }
            for (li, text) in lines.iter().enumerate() {
                writeln!(
                    out,
                    r#"<text x="{}" y="{}" font-family="monospace" font-size="{}" fill="{}">{}</text>"#,
                    x0 + sw + 4 * k,
                    y + 12 * k * li + 7 * k,
                    10 * k,
                    hex(ink),
                    escape(text)
                )?;
            }
        }
        Ok(())
    }
}

/// `text` in lines of at most `chars` characters, broken at spaces; a word longer than a line
/// keeps a line of its own (and is clipped there, as a one-word entry is).
fn wrap(text: &str, chars: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in text.split(' ') {
        let (used, len) = (cur.chars().count(), word.chars().count());
        if used > 0 && used + 1 + len <= chars {
            cur.push(' ');
            cur.push_str(word);
            continue;
        }
        if used > 0 {
            lines.push(std::mem::take(&mut cur));
        }
        cur = word.to_string();
    }
    lines.push(cur);
    lines
}

/// Draws row `gy` (0..8) of `text` in the 8×8 font, each font pixel `k` pixels wide, into
/// `row` from its start (clipped), in palette index `ink`.
///
/// ```
/// let mut row = vec![0u8; 16];
/// mazegraph::legend::text_row(&mut row, "T", 0, 2, 1); // the bar of the T
/// assert!(row[..12].contains(&1));
/// ```
pub fn text_row(row: &mut [u8], text: &str, gy: usize, k: usize, ink: u8) {
    for (j, ch) in text.chars().enumerate() {
        let bits = BASIC_FONTS.get(ch).map_or(0, |g| g[gy.min(7)]);
        for gx in 0..8 {
            if bits & (1 << gx) != 0 {
                for d in 0..k {
                    if let Some(p) = row.get_mut(8 * k * j + gx * k + d) {
                        *p = ink;
                    }
                }
            }
        }
    }
}

/// Text for SVG: `&`, `<` and `>` escaped.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries() -> Vec<Entry> {
        vec![
            Entry::new(Swatch::Colour(5), "start"),
            Entry::new(Swatch::Colour(6), "goal"),
            Entry::new(
                Swatch::Shades { from: 16, to: 215 },
                "steps to the goal: 0 to 9",
            ),
        ]
    }

    #[test]
    fn entries_wrap_to_the_width() {
        let wide = Legend::new(entries(), 1000);
        let narrow = Legend::new(entries(), 200);
        assert_eq!(wide.placed.iter().map(|p| p.1).max(), Some(12));
        assert!(narrow.placed.iter().map(|p| p.1).max() > Some(6));
        assert!(narrow.height() > 12 + 6);
        assert_eq!(Legend::new(Vec::new(), 100).height(), 0);
    }

    #[test]
    fn an_entry_wider_than_the_picture_is_wrapped_inside_it() {
        assert_eq!(
            wrap("steps to the goal, 0 to 9", 12),
            ["steps to the", "goal, 0 to 9"]
        );
        assert_eq!(wrap("abcdefgh", 3), ["abcdefgh"]);
        assert_eq!(wrap("a bcdefgh i", 3), ["a", "bcdefgh", "i"]);
        assert_eq!(wrap("", 3), [""]);
        // 176 pixels: the shades' entry needs three lines beside its 48-pixel swatch.
        let l = Legend::new(entries(), 176);
        assert_eq!(l.k, 1);
        let shades = &l.lines[2];
        assert!(shades.len() > 1 && shades.concat().replace(' ', "") == "stepstothegoal:0to9");
        let mut ink_past = 0;
        for y in 0..l.height() {
            let mut row = vec![0u8; 400];
            l.row(y, &mut row, 7, 1);
            ink_past += row[176..].iter().filter(|&&p| p != 7).count();
        }
        assert_eq!(ink_past, 0, "nothing drawn past the picture's width");
        let mut svg = Vec::new();
        l.write_svg(&mut svg, 0, &|i| format!("#{i:06x}"), 0)
            .unwrap();
        assert_eq!(
            String::from_utf8(svg).unwrap().matches("<text").count(),
            2 + shades.len()
        );
    }

    #[test]
    fn text_and_shades_are_drawn() {
        let l = Legend::new(entries(), 1000);
        let mut ink = 0;
        let mut shades = std::collections::BTreeSet::new();
        for y in 0..l.height() {
            let mut row = vec![0u8; 1000];
            l.row(y, &mut row, 7, 1);
            ink += row.iter().filter(|&&p| p == 1).count();
            shades.extend(row.iter().copied().filter(|&p| p >= 16));
        }
        assert!(ink > 100, "text is drawn");
        assert!(shades.contains(&16) && shades.contains(&215) && shades.len() > 40);
    }

    #[test]
    fn svg_has_a_text_per_entry() {
        let l = Legend::new(entries(), 1000);
        let mut out = Vec::new();
        l.write_svg(&mut out, 100, &|i| format!("#{i:06x}"), 0)
            .unwrap();
        let svg = String::from_utf8(out).unwrap();
        assert_eq!(svg.matches("<text").count(), 3);
        assert!(svg.contains(">steps to the goal: 0 to 9</text>"));
    }
}
