//! A book's page as SVG, in points (the page's size in `pt`, its user units points): the same
//! marks as the PDF. The text names DejaVu Sans, falling back to the viewer's sans-serif (an
//! SVG page embeds no font).

use super::{Align, Mark, Page};
use crate::error::Result;
use crate::palette::hex;
use std::fmt::Write as _;
use std::io::Write;

/// Writes `page` as SVG.
///
/// Complexity: O(marks) time.
///
/// ```
/// use mazegraph::book::{svg, Mark, Page};
/// let page = Page { size: [100.0, 50.0], marks: vec![Mark::Rects { rects: vec![[1.0, 2.0, 3.0, 4.0]], colour: [0, 0, 0] }] };
/// let mut out = Vec::new();
/// svg::write(&page, &mut out).unwrap();
/// let s = String::from_utf8(out).unwrap();
/// assert!(s.contains(r#"width="100pt""#) && s.contains("M1 2h3v4h-3z"));
/// ```
pub fn write(page: &Page, out: &mut dyn Write) -> Result<()> {
    let [w, h] = page.size;
    let mut s = String::with_capacity(1 << 16);
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}pt\" height=\"{h}pt\" viewBox=\"0 0 {w} {h}\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>"
    );
    let n = |v: f64| {
        let r = (v * 100.0).round() / 100.0;
        if r == 0.0 {
            0.0
        } else {
            r
        }
    };
    for m in &page.marks {
        match m {
            Mark::Rects { rects, colour } => {
                let _ = write!(s, "<path fill=\"{}\" d=\"", hex(*colour));
                for q in rects {
                    let _ = write!(
                        s,
                        "M{} {}h{}v{}h{}z",
                        n(q[0]),
                        n(q[1]),
                        n(q[2]),
                        n(q[3]),
                        n(-q[2])
                    );
                }
                s.push_str("\"/>\n");
            }
            Mark::Lines {
                lines,
                width,
                colour,
            } => {
                let _ = write!(
                    s,
                    "<path fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"",
                    hex(*colour),
                    n(*width)
                );
                for l in lines {
                    for (i, p) in l.iter().enumerate() {
                        let _ = write!(
                            s,
                            "{}{} {}",
                            if i == 0 { 'M' } else { 'L' },
                            n(p[0]),
                            n(p[1])
                        );
                    }
                    if l.len() == 1 {
                        s.push_str("h0");
                    }
                }
                s.push_str("\"/>\n");
            }
            Mark::Disc {
                centre,
                radius,
                colour,
            } => {
                let _ = writeln!(
                    s,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>",
                    n(centre[0]),
                    n(centre[1]),
                    n(*radius),
                    hex(*colour)
                );
            }
            Mark::Text {
                at,
                size,
                text,
                align,
            } => {
                let anchor = match align {
                    Align::Left => "start",
                    Align::Centre => "middle",
                };
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"{}\" text-anchor=\"{anchor}\">{}</text>",
                    n(at[0]),
                    n(at[1]),
                    n(*size),
                    escape(text)
                );
            }
        }
        if s.len() > 1 << 16 {
            out.write_all(s.as_bytes())?;
            s.clear();
        }
    }
    s.push_str("</svg>\n");
    out.write_all(s.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// `text` with XML's special characters escaped (and control characters, which XML 1.0
/// cannot hold, dropped).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\"\u{7}"), "a&lt;b &amp; &quot;c&quot;");
        let page = Page {
            size: [10.0, 10.0],
            marks: vec![Mark::Text {
                at: [1.0, 2.0],
                size: 3.0,
                text: "<Mazes>".into(),
                align: Align::Centre,
            }],
        };
        let mut out = Vec::new();
        write(&page, &mut out).unwrap();
        let s = String::from_utf8(out).unwrap();
        assert!(s.contains(">&lt;Mazes&gt;</text>"), "{s}");
        assert!(s.contains("text-anchor=\"middle\""));
    }
}
