//! The memory budget of a command (`--max-memory`): its default from the machine, and the
//! estimates commands make from their input before they allocate.
//!
//! Each command's estimate is bytes per cell of the maze it works on, measured as the peak
//! resident memory of the command on a 4001×4001 maze divided by its cells (BENCHMARKS.md,
//! "Memory"), rounded up with a margin.

use mazegraph::format::Item;

pub use mazegraph::io::default_max_memory;

/// Parses `4G`, `512M`, `1.5GiB`, `100000` (bytes; K, M, G, T are powers of 1024).
pub fn parse_bytes(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let x: f64 = num
        .parse()
        .map_err(|_| format!("{s:?} is not a size like 4G or 512M"))?;
    let shift = match unit
        .trim()
        .to_ascii_uppercase()
        .trim_end_matches("IB")
        .trim_end_matches('B')
    {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("{s:?}: the unit is one of K, M, G, T")),
    };
    let bytes = x * (1u64 << shift) as f64;
    if !(bytes.is_finite() && bytes >= 1.0 && bytes < u64::MAX as f64) {
        return Err(format!("{s:?} is not a size like 4G or 512M"));
    }
    Ok(bytes as u64)
}

pub use mazegraph::io::Work;

/// Refuses `work` on `item` when its estimate is over the budget in `limits`.
pub fn check(item: &Item, work: Work, limits: &mazegraph::grid::Limits) -> mazegraph::Result<()> {
    let units = match item {
        Item::Maze(m) => m.shape().len() as u64,
        // A graph already in memory: what is built from it scales with its vertices and edges.
        Item::Graph(g) => (g.vertex_count() as u64).saturating_add(g.edge_count() as u64),
    };
    let what = match item {
        Item::Maze(m) => format!("a {} maze", shape_text(m.shape().dims())),
        Item::Graph(g) => format!("a graph of {} vertices", g.vertex_count()),
    };
    work.check(units, &what, limits)
}

fn shape_text(dims: &[usize]) -> String {
    dims.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join("×")
}

/// The most pixels per cell the default scale gives (a maze of a few cells is not drawn huge).
pub const MAX_AUTO_SCALE: usize = 40;

/// Pixels per cell for a picture about 640 pixels across, given its sides in cells (or in
/// pixels at scale 1): 15 for a 41×31 maze, 1 from 640 cells up, never more than
/// [`MAX_AUTO_SCALE`]. A thin maze runs longer, up to 1600 pixels, so that its short side gets
/// 200 (room for the legend): 19 for 81×7. The one default scale of `solve`, `render`,
/// `attractor` and `pursuit` pictures.
pub fn auto_scale(width: usize, height: usize) -> usize {
    let (long, short) = (width.max(height).max(1), width.min(height).max(1));
    let thin = (200 / short).min(1600 / long);
    (640 / long).max(thin).clamp(1, MAX_AUTO_SCALE)
}

/// Refuses a picture of `width` × `height` pixels over `max` (`--max-cells`: a pixel counts
/// as a cell), before it is drawn.
pub fn check_pixels(width: u64, height: u64, max: u64) -> anyhow::Result<()> {
    let pixels = width.saturating_mul(height);
    if pixels > max {
        anyhow::bail!(
            "the picture would have {width}×{height} = {pixels} pixels, more than the limit of {max} (lower --scale, or raise --max-cells)"
        );
    }
    Ok(())
}

/// Refuses a 3-D print of `triangles` triangles before it is written: over `max_cells`
/// (`--max-cells`: a triangle counts as a cell), or when its STL would be larger than the
/// memory budget `max_bytes` (`--max-memory`), since a slicer loads the whole mesh: at 50
/// bytes a triangle, a print of 10⁹ triangles (47 GiB) is refused by default.
pub fn check_triangles(triangles: u64, max_cells: u64, max_bytes: u64) -> anyhow::Result<()> {
    let bytes = mazegraph::mesh::stl::size(triangles);
    if triangles > max_cells {
        anyhow::bail!(
            "the print would have {triangles} triangles ({} of STL), more than the limit of {max_cells} (print a smaller maze, or raise --max-cells)",
            mazegraph::error::human_bytes(bytes)
        );
    }
    let limits = mazegraph::grid::Limits {
        max_cells,
        max_bytes,
    };
    limits
        .check_bytes(
            &format!("a print of {triangles} triangles (a slicer loads it whole)"),
            bytes,
        )
        .map_err(anyhow::Error::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_scale_fits_640_pixels_and_gives_thin_mazes_room() {
        assert_eq!(auto_scale(41, 31), 15);
        assert_eq!(auto_scale(17, 13), 37);
        assert_eq!(auto_scale(5, 5), MAX_AUTO_SCALE);
        assert_eq!(auto_scale(100_001, 100_001), 1);
        // 81×7 cells: 19 pixels a cell, 1539×133 px (not 567×49, too narrow for the legend).
        assert_eq!(auto_scale(7, 81), 19);
        assert_eq!(auto_scale(3, 2001), 1);
    }

    #[test]
    fn a_billion_triangles_are_refused_by_default() {
        let memory = 16 << 30;
        let e = check_triangles(1_000_000_000, mazegraph::grid::DEFAULT_MAX_CELLS, memory)
            .unwrap_err()
            .to_string();
        assert!(e.contains("a print of 1000000000 triangles"), "{e}");
        assert!(e.contains("--max-memory"), "{e}");
        assert!(check_triangles(1_000_000, mazegraph::grid::DEFAULT_MAX_CELLS, memory).is_ok());
        assert!(check_triangles(1_000_001, 1_000_000, memory).is_err());
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_bytes("4G"), Ok(4 << 30));
        assert_eq!(parse_bytes("512m"), Ok(512 << 20));
        assert_eq!(parse_bytes("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_bytes("100000"), Ok(100000));
        assert!(parse_bytes("x").is_err());
        assert!(parse_bytes("4Q").is_err());
        assert!(parse_bytes("0").is_err());
        assert!(parse_bytes("1e30").is_err());
        assert!(parse_bytes("99999999999T").is_err());
    }

    #[test]
    fn the_default_is_some_of_the_machine() {
        let d = default_max_memory();
        assert!(d > 1 << 20);
    }
}
