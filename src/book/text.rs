//! The book's text: glyphs and widths of the embedded font (DejaVu Sans), read with ttf-parser.

use crate::error::{Error, Result};

/// The embedded font, parsed.
pub(crate) struct Font {
    face: ttf_parser::Face<'static>,
}

impl Font {
    /// The embedded font.
    pub(crate) fn load() -> Result<Font> {
        let face = ttf_parser::Face::parse(crate::fonts::DEJAVU_SANS, 0)
            .map_err(|e| Error::Unsupported(format!("the embedded font: {e}")))?;
        Ok(Font { face })
    }

    /// The font file's bytes.
    pub(crate) fn data(&self) -> &'static [u8] {
        crate::fonts::DEJAVU_SANS
    }

    /// Font units per em.
    pub(crate) fn units(&self) -> f64 {
        f64::from(self.face.units_per_em())
    }

    /// The glyph of `c` (the font's missing glyph, 0, when it has none).
    pub(crate) fn glyph(&self, c: char) -> u16 {
        self.face.glyph_index(c).map_or(0, |g| g.0)
    }

    /// The advance of glyph `g`, in font units.
    pub(crate) fn advance(&self, g: u16) -> f64 {
        f64::from(
            self.face
                .glyph_hor_advance(ttf_parser::GlyphId(g))
                .unwrap_or(0),
        )
    }

    /// The width of `text` at `size` points.
    pub(crate) fn width(&self, text: &str, size: f64) -> f64 {
        let units: f64 = text.chars().map(|c| self.advance(self.glyph(c))).sum();
        units * size / self.units()
    }

    /// Ascender, descender (negative), cap height, in font units; and the font's box.
    pub(crate) fn metrics(&self) -> (f64, f64, f64, [f64; 4]) {
        let b = self.face.global_bounding_box();
        (
            f64::from(self.face.ascender()),
            f64::from(self.face.descender()),
            self.face
                .capital_height()
                .map_or(0.7 * self.units(), f64::from),
            [
                f64::from(b.x_min),
                f64::from(b.y_min),
                f64::from(b.x_max),
                f64::from(b.y_max),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_add_up() {
        let f = Font::load().unwrap();
        assert!(f.glyph('A') != 0);
        let (a, b) = (f.width("A", 10.0), f.width("AA", 10.0));
        assert!(a > 5.0 && a < 10.0, "{a}");
        assert!((b - 2.0 * a).abs() < 1e-9);
        assert_eq!(f.width("", 12.0), 0.0);
    }
}
