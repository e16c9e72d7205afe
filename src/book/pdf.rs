//! A book's pages as one PDF, written with pdf-writer: every mark a vector path (walls filled
//! or stroked, discs as four Bézier arcs), the streams compressed, the text in DejaVu Sans
//! embedded as a subset (a TrueType CID font, glyph ids as character codes, with a
//! `ToUnicode` map so that the text can be searched and copied).

use super::text::Font;
use super::{Align, Mark, Page};
use crate::error::{Error, Result};
use crate::palette::Rgb;
use pdf_writer::types::{
    CidFontType, FontFlags, LineCapStyle, LineJoinStyle, SystemInfo, UnicodeCmap,
};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use std::collections::BTreeMap;
use std::io::Write;

/// The font's resource name on every page.
const FONT: Name<'static> = Name(b"F1");

/// Writes `pages` as a PDF titled `title`.
///
/// Complexity: O(marks + glyphs of the font) time and memory (the PDF is built in memory,
/// then written).
pub fn write(pages: &[Page], title: &str, out: &mut dyn Write) -> Result<()> {
    let bytes = to_bytes(pages, title)?;
    out.write_all(&bytes)?;
    out.flush()?;
    Ok(())
}

/// Refuses a title with characters the embedded font (DejaVu Sans) has no glyph for: they
/// would print as empty boxes (the SVG pages leave the font to the viewer and need no such
/// check).
///
/// ```
/// use mazegraph::book::pdf::check_title;
/// assert!(check_title("Rainy day — ünïcødé").is_ok());
/// assert!(check_title("迷路").unwrap_err().to_string().contains("迷"));
/// ```
pub fn check_title(title: &str) -> Result<()> {
    let font = Font::load()?;
    let mut missing: Vec<char> = title
        .chars()
        .filter(|&c| !c.is_whitespace() && font.glyph(c) == 0)
        .collect();
    missing.sort_unstable();
    missing.dedup();
    if missing.is_empty() {
        return Ok(());
    }
    let list: String = missing
        .iter()
        .map(|c| format!(" {c} (U+{:04X})", *c as u32))
        .collect();
    Err(Error::InvalidArgument(format!(
        "the title has characters the book's font (DejaVu Sans) has no glyph for:{list}; they \
         would print as empty boxes: leave them out, or write the pages as SVG"
    )))
}

/// The PDF's bytes.
fn to_bytes(pages: &[Page], title: &str) -> Result<Vec<u8>> {
    check_title(title)?;
    let font = Font::load()?;
    // Every character of the book's text, by glyph.
    let mut glyphs: BTreeMap<u16, char> = BTreeMap::new();
    for p in pages {
        for m in &p.marks {
            if let Mark::Text { text, .. } = m {
                for c in text.chars() {
                    glyphs.entry(font.glyph(c)).or_insert(c);
                }
            }
        }
    }
    let mut pdf = Pdf::new();
    let mut next = 1;
    let mut id = || {
        let r = Ref::new(next);
        next += 1;
        r
    };
    let (catalog, tree, info) = (id(), id(), id());
    let font_ids = (!glyphs.is_empty()).then(|| [id(), id(), id(), id(), id()]);
    let page_ids: Vec<(Ref, Ref)> = pages.iter().map(|_| (id(), id())).collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_ids.iter().map(|p| p.0))
        .count(pages.len() as i32);
    let mut doc = pdf.document_info(info);
    doc.title(TextStr(title)).producer(TextStr("mazegraph"));
    doc.finish();
    if let Some(ids) = font_ids {
        embed(&mut pdf, &font, &glyphs, ids)?;
    }
    for (page, &(page_id, content_id)) in pages.iter().zip(&page_ids) {
        crate::stop::check();
        let mut p = pdf.page(page_id);
        p.media_box(Rect::new(
            0.0,
            0.0,
            page.size[0] as f32,
            page.size[1] as f32,
        ))
        .parent(tree)
        .contents(content_id);
        if let Some(ids) = font_ids {
            p.resources().fonts().pair(FONT, ids[0]);
        }
        p.finish();
        let content = content(page, &font);
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&content, 6);
        pdf.stream(content_id, &packed).filter(Filter::FlateDecode);
    }
    Ok(pdf.finish())
}

/// The drawing operators of one page. PDF's y axis points up: every y is taken from the
/// page's height.
fn content(page: &Page, font: &Font) -> Vec<u8> {
    let h = page.size[1];
    // Hundredths of a point (0.0035 mm) are plenty, and keep the streams short.
    let x = |v: f64| ((v * 100.0).round() / 100.0) as f32;
    let y = |v: f64| x(h - v);
    let rgb = |c: Rgb| {
        (
            f32::from(c[0]) / 255.0,
            f32::from(c[1]) / 255.0,
            f32::from(c[2]) / 255.0,
        )
    };
    let mut c = Content::new();
    for m in &page.marks {
        match m {
            Mark::Rects { rects, colour } => {
                let (r, g, b) = rgb(*colour);
                c.set_fill_rgb(r, g, b);
                for q in rects {
                    c.rect(x(q[0]), y(q[1] + q[3]), x(q[2]), x(q[3]));
                }
                // One fill for all: abutting rectangles show no seam.
                c.fill_nonzero();
            }
            Mark::Lines {
                lines,
                width,
                colour,
            } => {
                let (r, g, b) = rgb(*colour);
                c.set_stroke_rgb(r, g, b)
                    .set_line_width(x(*width))
                    .set_line_cap(LineCapStyle::RoundCap)
                    .set_line_join(LineJoinStyle::RoundJoin);
                for l in lines {
                    let Some((first, rest)) = l.split_first() else {
                        continue;
                    };
                    c.move_to(x(first[0]), y(first[1]));
                    if rest.is_empty() {
                        // A dot: a zero-length segment, drawn by its round caps.
                        c.line_to(x(first[0]), y(first[1]));
                    }
                    for p in rest {
                        c.line_to(x(p[0]), y(p[1]));
                    }
                }
                c.stroke();
            }
            Mark::Disc {
                centre,
                radius,
                colour,
            } => {
                let (r, g, b) = rgb(*colour);
                c.set_fill_rgb(r, g, b);
                // Four quarter arcs, each a cubic Bézier (control points at 0.5523 radius).
                let (cx, cy, rr) = (centre[0], h - centre[1], *radius);
                let k = 0.552_284_75 * rr;
                let f = x;
                c.move_to(f(cx + rr), f(cy));
                c.cubic_to(
                    f(cx + rr),
                    f(cy + k),
                    f(cx + k),
                    f(cy + rr),
                    f(cx),
                    f(cy + rr),
                );
                c.cubic_to(
                    f(cx - k),
                    f(cy + rr),
                    f(cx - rr),
                    f(cy + k),
                    f(cx - rr),
                    f(cy),
                );
                c.cubic_to(
                    f(cx - rr),
                    f(cy - k),
                    f(cx - k),
                    f(cy - rr),
                    f(cx),
                    f(cy - rr),
                );
                c.cubic_to(
                    f(cx + k),
                    f(cy - rr),
                    f(cx + rr),
                    f(cy - k),
                    f(cx + rr),
                    f(cy),
                );
                c.close_path();
                c.fill_nonzero();
            }
            Mark::Text {
                at,
                size,
                text,
                align,
            } => {
                let left = match align {
                    Align::Left => at[0],
                    Align::Centre => at[0] - font.width(text, *size) / 2.0,
                };
                let codes: Vec<u8> = text
                    .chars()
                    .flat_map(|ch| font.glyph(ch).to_be_bytes())
                    .collect();
                c.set_fill_rgb(0.0, 0.0, 0.0)
                    .begin_text()
                    .set_font(FONT, *size as f32)
                    .next_line(x(left), y(at[1]))
                    .show(Str(&codes))
                    .end_text();
            }
        }
    }
    c.finish().into_vec()
}

/// Embeds the font, cut to `glyphs`, as a Type 0 font of one CID font (CIDs are glyph ids):
/// `ids` are the Type 0 font, the CID font, its descriptor, the font file and the Unicode map.
fn embed(pdf: &mut Pdf, font: &Font, glyphs: &BTreeMap<u16, char>, ids: [Ref; 5]) -> Result<()> {
    let [type0, cid, descriptor, file, cmap] = ids;
    // Glyph 0 (the missing glyph) is always kept.
    let keep: Vec<u16> = std::iter::once(0).chain(glyphs.keys().copied()).collect();
    let subset = subsetter::subset(font.data(), 0, subsetter::Profile::pdf(&keep))
        .map_err(|e| Error::Unsupported(format!("cannot cut the embedded font: {e}")))?;
    // A subset's name starts with six capitals that name the subset.
    let tag: String = {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for g in &keep {
            h = (h ^ u64::from(*g)).wrapping_mul(0x100_0000_01b3);
        }
        (0..6)
            .map(|i| (b'A' + ((h >> (5 * i)) % 26) as u8) as char)
            .collect()
    };
    let name = format!("{tag}+DejaVuSans");
    let base = Name(name.as_bytes());
    let scale = 1000.0 / font.units();
    let system = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    pdf.type0_font(type0)
        .base_font(base)
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(cmap);
    let mut c = pdf.cid_font(cid);
    c.subtype(CidFontType::Type2)
        .base_font(base)
        .system_info(system)
        .font_descriptor(descriptor)
        .default_width(0.0)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    {
        let mut w = c.widths();
        for &g in &keep {
            w.consecutive(g, [(font.advance(g) * scale) as f32]);
        }
    }
    c.finish();
    let (ascent, descent, cap, bbox) = font.metrics();
    let s = |v: f64| (v * scale) as f32;
    pdf.font_descriptor(descriptor)
        .name(base)
        .flags(FontFlags::NON_SYMBOLIC)
        .bbox(Rect::new(s(bbox[0]), s(bbox[1]), s(bbox[2]), s(bbox[3])))
        .italic_angle(0.0)
        .ascent(s(ascent))
        .descent(s(descent))
        .cap_height(s(cap))
        .stem_v(80.0)
        .font_file2(file);
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(&subset, 6);
    pdf.stream(file, &packed)
        .filter(Filter::FlateDecode)
        .pair(Name(b"Length1"), subset.len() as i32);
    let mut map = UnicodeCmap::new(Name(b"Custom"), system);
    for (&g, &ch) in glyphs {
        map.pair(g, ch);
    }
    let map = map.finish();
    pdf.cmap(cmap, &map);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(text: &str) -> Page {
        Page {
            size: [200.0, 100.0],
            marks: vec![
                Mark::Rects {
                    rects: vec![[10.0, 10.0, 20.0, 5.0]],
                    colour: [0, 0, 0],
                },
                Mark::Disc {
                    centre: [50.0, 50.0],
                    radius: 3.0,
                    colour: crate::palette::START,
                },
                Mark::Text {
                    at: [100.0, 90.0],
                    size: 10.0,
                    text: text.into(),
                    align: Align::Centre,
                },
            ],
        }
    }

    #[test]
    fn a_page_is_a_pdf_with_its_font_embedded() {
        let pdf = to_bytes(&[page("Maze 1")], "T").unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("/FontFile2"));
        assert!(text.contains("+DejaVuSans"));
        assert!(text.contains("/Count 1"));
        // A subset: far smaller than the font's 760 kB.
        assert!(pdf.len() < 120_000, "{}", pdf.len());
    }

    #[test]
    fn the_content_draws_rectangles_in_pdf_coordinates() {
        let font = Font::load().unwrap();
        let c = String::from_utf8(content(&page("x"), &font)).unwrap();
        // The rectangle at y 10..15 from the top of a 100-point page: 85 from the bottom.
        assert!(c.contains("10 85 20 5 re"), "{c}");
        assert!(c.contains("re\nf\n"), "{c}");
    }
}
