//! The experiment's chart, drawn with plotters: one horizontal bar per generator for its
//! mean solution length, longest at the top, with a black error bar of ±1 standard deviation
//! and a grey one from the shortest to the longest solution, its dot at the median.
//! Imperfect generators are drawn in orange.
//!
//! Text uses DejaVu Sans, embedded in the library (`assets/fonts/`, Bitstream Vera
//! licence), so no system font is needed. The PNG is drawn into memory and encoded with the
//! png crate.

use super::Report;
use crate::error::{Error, Result};
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};
use std::io::Write;
use std::sync::Once;

/// DejaVu Sans (fonts-dejavu-core 2.37).
static FONT: &[u8] = crate::fonts::DEJAVU_SANS;
/// The family the chart asks plotters for (the embedded font is registered under it); SVG
/// viewers draw the text with their own sans-serif font.
const FAMILY: &str = "sans-serif";

fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The embedded font is valid; if it were not, drawing text reports the error.
        let _ = register_font(FAMILY, FontStyle::Normal, FONT);
    });
}

/// The chart's size in pixels for `rows` generators.
fn size(rows: usize) -> (u32, u32) {
    (900, 110 + 34 * rows.max(1) as u32)
}

fn draw_err<E: std::error::Error + Send + Sync>(e: DrawingAreaErrorKind<E>) -> Error {
    Error::Io(std::io::Error::other(format!("chart: {e}")))
}

const BAR: RGBColor = RGBColor(70, 130, 180);
const IMPERFECT: RGBColor = RGBColor(230, 145, 56);
const RANGE: RGBColor = RGBColor(140, 140, 140);

fn draw<DB: DrawingBackend>(
    report: &Report,
    root: DrawingArea<DB, plotters::coord::Shift>,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    register();
    root.fill(&WHITE).map_err(draw_err)?;
    // Generators with a solution length, shortest mean first (at the bottom).
    let mut rows: Vec<(&str, bool, &super::Summary)> = report
        .rows
        .iter()
        .filter_map(|r| {
            r.solution_length
                .as_ref()
                .map(|s| (r.algorithm.as_str(), r.perfect, s))
        })
        .collect();
    rows.sort_by(|a, b| a.2.mean.total_cmp(&b.2.mean));
    let n = rows.len();
    let xmax = rows
        .iter()
        .map(|r| r.2.max.max(r.2.mean + r.2.stdev))
        .fold(1.0f64, f64::max)
        * 1.05;
    let names: Vec<String> = rows
        .iter()
        .map(|r| {
            if r.1 {
                r.0.to_string()
            } else {
                format!("{} (imperfect)", r.0)
            }
        })
        .collect();
    let caption = format!(
        "Solution length of {} mazes of {} rooms per generator",
        report.runs,
        report.size()
    );
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, (FAMILY, 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(230)
        .build_cartesian_2d(0f64..xmax, (0..n.max(1) - 1).into_segmented())
        .map_err(draw_err)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n.max(1))
        .y_label_style((FAMILY, 14))
        .x_label_style((FAMILY, 13))
        .x_label_formatter(&|v| format!("{v:.0}"))
        .x_desc("steps from entrance to exit: mean ± 1 sd (black), min, median, max (grey)")
        .axis_desc_style((FAMILY, 14))
        .y_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
                names.get(*i).cloned().unwrap_or_default()
            }
            SegmentValue::Last => String::new(),
        })
        .draw()
        .map_err(draw_err)?;
    chart
        .draw_series(rows.iter().enumerate().map(|(i, r)| {
            let colour = if r.1 { BAR } else { IMPERFECT };
            let mut bar = Rectangle::new(
                [
                    (0.0, SegmentValue::Exact(i)),
                    (r.2.mean, SegmentValue::Exact(i + 1)),
                ],
                colour.filled(),
            );
            bar.set_margin(5, 5, 0, 0);
            bar
        }))
        .map_err(draw_err)?;
    chart
        .draw_series(rows.iter().enumerate().map(|(i, r)| {
            ErrorBar::new_horizontal(
                SegmentValue::CenterOf(i),
                (r.2.mean - r.2.stdev).max(0.0),
                r.2.mean,
                r.2.mean + r.2.stdev,
                BLACK.stroke_width(2),
                12,
            )
        }))
        .map_err(draw_err)?;
    chart
        .draw_series(rows.iter().enumerate().map(|(i, r)| {
            ErrorBar::new_horizontal(
                SegmentValue::CenterOf(i),
                r.2.min,
                r.2.median,
                r.2.max,
                RANGE.stroke_width(1),
                6,
            )
        }))
        .map_err(draw_err)?;
    root.present().map_err(draw_err)?;
    Ok(())
}

/// The chart as SVG text.
///
/// ```
/// use mazegraph::experiment::{run, Config};
/// use mazegraph::generate::Algorithm;
/// let mut c = Config::new(vec![5, 5], 3);
/// c.algorithms = vec![Algorithm::Backtracker, Algorithm::Kruskal];
/// let svg = run(&c).unwrap().chart_svg().unwrap();
/// assert!(svg.starts_with("<svg") && svg.contains("backtracker"));
/// ```
pub fn svg(report: &Report) -> Result<String> {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size(report.rows.len())).into_drawing_area();
        draw(report, root)?;
    }
    Ok(text)
}

/// The chart as an 8-bit RGB PNG written to `out`.
///
/// ```
/// use mazegraph::experiment::{run, Config};
/// use mazegraph::generate::Algorithm;
/// let mut c = Config::new(vec![5, 5], 3);
/// c.algorithms = vec![Algorithm::Prim];
/// let mut png = Vec::new();
/// run(&c).unwrap().write_chart_png(&mut png).unwrap();
/// assert_eq!(&png[1..4], b"PNG");
/// ```
pub fn write_png(report: &Report, out: &mut dyn Write) -> Result<()> {
    let (w, h) = size(report.rows.len());
    let mut pixels = vec![0u8; w as usize * h as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, (w, h)).into_drawing_area();
        draw(report, root)?;
    }
    let png_err = crate::error::png_writing;
    let mut enc = png::Encoder::new(out, w, h);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header().map_err(png_err)?;
    writer.write_image_data(&pixels).map_err(png_err)?;
    writer.finish().map_err(png_err)?;
    Ok(())
}
