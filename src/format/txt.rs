//! The text grid format (`.txt`), 2-D.
//!
//! ```text
//! #S#######
//! #...#...#
//! #.#.#.#.#
//! #.#...#.G
//! #########
//!
//! + (1, 3) -> (1, 5)
//! ```
//!
//! `#` is a wall; `.` or a space is a path; `S` and `G` are path cells marking the start and
//! the goal (at most one each). Rows shorter than the longest are padded with path (editors
//! strip trailing spaces).
//!
//! **maze-dataset's ASCII** (`as_ascii()`) reads too: `E` (its *end*) is the goal, as `G` is,
//! and `X` (its solution, drawn on the rooms and the passages between them) is a path cell:
//! the drawn solution is not kept (`solve` finds it again). A file uses `G` or `E`, not both
//! (refused with one line). Its rooms are the odd cells of the grid: room `(r, c)` of its
//! lattice is cell `(2r + 1, 2c + 1)` here, so a path of `k` steps between rooms is `2k` steps
//! between cells.
//!
//! ```text
//! #######
//! #SXX  #
//! ###X###
//! #  XXE#
//! #######
//! ```
//! **The `+--+` drawing** of many maze programs and books reads too (`+` at the corners, `-`
//! and `|` for walls, spaces open, `S` and `G` inside a room for the terminals; see
//! [`parse`]'s helper for the details): room `(r, c)` is cell `(2r + 1, 2c + 1)`, as in the
//! `#` drawing of the same maze.
//!
//! ```text
//! +  +--+
//! |     |
//! +--+  +
//! ```
//!
//! After the grid, lines `+ (r, c) -> (r, c)` add portals (`→` is
//! accepted for `->`); blank lines and lines starting with `;` are ignored there.
//!
//! The writer uses `#` and `.`, writes `S`/`G` only for explicit terminals, and one portal line
//! per portal after a blank line.
// Reader code: no unwrap, expect or unchecked indexing that file input could reach. Sites
// that index by the reader's own invariants allow it locally and say why.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::{parse_tuple, ReadOptions};
use crate::error::{Error, Result};
use crate::grid::{Grid, Shape};
use crate::maze::Maze;
use std::io::Write;

const NAME: &str = "txt";

/// Parses a text grid.
///
/// ```
/// use mazegraph::format::txt;
/// let m = txt::parse("#S#\n#.#\n#G#\n", &Default::default()).unwrap();
/// assert_eq!(m.explicit_start(), Some(1));
/// ```
pub fn parse(text: &str, opts: &ReadOptions) -> Result<Maze> {
    let lines: Vec<&str> = text.lines().collect();
    // Blank lines before the grid are skipped, as those after it are (a blank line would
    // otherwise be a row of path: spaces are path); line numbers stay the file's.
    let skip = lines.iter().take_while(|l| l.trim().is_empty()).count();
    parse_lines(lines.get(skip..).unwrap_or_default(), opts).map_err(|e| match e {
        Error::Parse {
            format,
            line,
            message,
        } if line > 0 => Error::Parse {
            format,
            line: line + skip,
            message,
        },
        e => e,
    })
}

/// [`parse`] on the lines from the first one not blank.
fn parse_lines(lines: &[&str], opts: &ReadOptions) -> Result<Maze> {
    if let Some(maze) = parse_box_lines(lines, opts)? {
        return Ok(maze);
    }
    let portal_start = lines
        .iter()
        .position(|l| l.trim_start().starts_with('+'))
        .unwrap_or(lines.len());
    let mut rows = lines.get(..portal_start).unwrap_or_default();
    while let Some((last, rest)) = rows.split_last() {
        if last.trim().is_empty() {
            rows = rest;
        } else {
            break;
        }
    }
    if rows.is_empty() {
        return Err(Error::parse(NAME, 1, "no grid rows"));
    }
    let height = rows.len();
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    if width == 0 {
        return Err(Error::parse(NAME, 1, "no grid rows"));
    }
    let shape = Shape::with_limits(vec![height, width], &opts.limits)?;
    let mut grid = Grid::walls(shape);
    let (mut start, mut goal) = (None, None);
    // The letter that marked the goal: `G` (ours) or `E` (maze-dataset's).
    let mut goal_mark: Option<char> = None;
    let (mut has_wall, mut has_x) = (false, false);
    for (r, row) in rows.iter().enumerate() {
        let mut c = 0;
        for ch in row.chars() {
            let i = r * width + c;
            match ch {
                '#' => has_wall = true,
                'X' => {
                    has_x = true;
                    grid.set_path(i, true);
                }
                '.' | ' ' => grid.set_path(i, true),
                'S' | 'G' | 'E' => {
                    grid.set_path(i, true);
                    if ch != 'S' {
                        match goal_mark {
                            Some(m) if m != ch => {
                                return Err(Error::parse(
                                    NAME,
                                    r + 1,
                                    format!(
                                        "'{ch}' at column {} but '{m}' marks the goal already: \
                                         use 'G' (ours) or 'E' (maze-dataset's), not both",
                                        c + 1
                                    ),
                                ));
                            }
                            _ => goal_mark = Some(ch),
                        }
                    }
                    let slot = if ch == 'S' { &mut start } else { &mut goal };
                    if slot.is_some() {
                        return Err(Error::parse(
                            NAME,
                            r + 1,
                            format!("a second '{ch}' at column {}", c + 1),
                        ));
                    }
                    *slot = Some(i);
                }
                other => {
                    return Err(Error::parse(
                        NAME,
                        r + 1,
                        format!(
                            "unexpected character {other:?} at column {} ('#' is wall, '.' or space is path, 'S'/'G' are terminals; \
                             maze-dataset's 'E' and 'X' read too)",
                            c + 1
                        ),
                    ))
                }
            }
            c += 1;
        }
        for c in c..width {
            grid.set_path(r * width + c, true);
        }
    }
    if has_x && !has_wall {
        return Err(Error::parse(
            NAME,
            1,
            "'X' cells but no '#' wall anywhere: '#' is the wall here ('X' is maze-dataset's \
             solution mark, a path); write the walls as '#'",
        ));
    }
    let mut maze = Maze::new(grid);
    maze.set_terminals(start, goal)?;
    for (k, line) in lines.iter().enumerate().skip(portal_start) {
        let t = line.trim();
        if t.is_empty() || t.starts_with(';') {
            continue;
        }
        let (a, b) = parse_portal(t).ok_or_else(|| {
            Error::parse(
                NAME,
                k + 1,
                format!("expected a portal line '+ (r, c) -> (r, c)', found {t:?}"),
            )
        })?;
        let shape = maze.shape().clone();
        let idx = |p: &[i64]| {
            shape.index_signed(p).ok_or_else(|| {
                Error::parse(
                    NAME,
                    k + 1,
                    format!(
                        "portal end {} is outside the {height}x{width} grid",
                        crate::grid::fmt_coords(p)
                    ),
                )
            })
        };
        let (ia, ib) = (idx(&a)?, idx(&b)?);
        maze.add_portal(ia, ib)
            .map_err(|e| Error::parse(NAME, k + 1, e.to_string()))?;
    }
    Ok(maze)
}

/// Reads a maze drawn with `+`, `-` and `|` (the drawing of many maze programs and books):
/// `+` at every corner, `-` runs for the walls along rows (as wide as a room), `|` for the
/// walls along columns, spaces for open walls and rooms, `S` and `G` anywhere inside a room for
/// the start and the goal. Room `(r, c)` is cell
/// `(2r + 1, 2c + 1)` of the grid read, as in the `#` drawing of the same maze. `None` when the
/// text is not such a drawing (its first line is not corners and runs of `-` or spaces, or a
/// line holds any other character); an error when it is one but uneven.
///
/// ```
/// use mazegraph::format::txt;
/// let m = txt::parse("+  +--+\n|     |\n+--+  +\n", &Default::default()).unwrap();
/// let mut out = Vec::new();
/// txt::write(&m, &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "#.###\n#...#\n###.#\n");
/// ```
fn parse_box_lines(lines: &[&str], opts: &ReadOptions) -> Result<Option<Maze>> {
    let mut lines: Vec<&str> = lines.iter().map(|l| l.trim_end()).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let Some(first) = lines.first() else {
        return Ok(None);
    };
    let drawing = |l: &str| {
        l.chars()
            .all(|c| matches!(c, '+' | '-' | '|' | ' ' | 'S' | 'G'))
    };
    if !first.starts_with('+') || !first.contains('-') || !lines.iter().all(|l| drawing(l)) {
        return Ok(None);
    }
    // The corners' columns, from the first line: evenly spaced.
    let corners: Vec<usize> = first
        .chars()
        .enumerate()
        .filter(|&(_, c)| c == '+')
        .map(|(i, _)| i)
        .collect();
    let step = match corners.as_slice() {
        [a, b, ..] => b - a,
        _ => {
            return Err(Error::parse(
                NAME,
                1,
                "a '+' drawing needs two corners or more",
            ))
        }
    };
    if step < 2
        || corners
            .windows(2)
            .any(|w| w.last() != w.first().map(|a| a + step).as_ref())
    {
        return Err(Error::parse(
            NAME,
            1,
            "the corners '+' of the first line are not evenly spaced",
        ));
    }
    // Lines of corners, and the lines of rooms between them (one or more each).
    let corner_lines: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with('+'))
        .map(|(i, _)| i)
        .collect();
    if corner_lines.len() < 2 || corner_lines.first() != Some(&0) {
        return Err(Error::parse(
            NAME,
            1,
            "a '+' drawing needs two lines of corners or more",
        ));
    }
    let (rooms_h, rooms_w) = (corner_lines.len() - 1, corners.len() - 1);
    let shape = Shape::with_limits(vec![2 * rooms_h + 1, 2 * rooms_w + 1], &opts.limits)?;
    let width = 2 * rooms_w + 1;
    let mut grid = Grid::walls(shape);
    let (mut start, mut goal) = (None, None);
    // The drawing is ASCII (checked above): a byte is a column.
    let at = |l: &str, x: usize| l.as_bytes().get(x).copied().unwrap_or(b' ');
    for (k, &y) in corner_lines.iter().enumerate() {
        let line = lines.get(y).copied().unwrap_or_default();
        if line.len() > corners.len().saturating_sub(1) * step + 1 {
            return Err(Error::parse(
                NAME,
                y + 1,
                "a line runs past the last corner",
            ));
        }
        // The walls along this line of corners: open where the run is blank.
        for j in 0..rooms_w {
            let mid = corners.get(j).copied().unwrap_or(0) + step / 2;
            if at(line, mid) == b' ' {
                grid.set_path(2 * k * width + 2 * j + 1, true);
            }
        }
        // The rooms below, and the walls between them: from the first room line.
        if k + 1 < corner_lines.len() {
            let room_line = lines.get(y + 1).copied().unwrap_or_default();
            if room_line.starts_with('+') || room_line.contains('-') {
                return Err(Error::parse(
                    NAME,
                    y + 2,
                    "expected a line of rooms and '|' walls between two lines of corners",
                ));
            }
            let row = 2 * k + 1;
            for j in 0..=rooms_w {
                let x = corners.get(j).copied().unwrap_or(0);
                if at(room_line, x) == b' ' {
                    grid.set_path(row * width + 2 * j, true);
                }
                if j < rooms_w {
                    grid.set_path(row * width + 2 * j + 1, true);
                }
            }
            // `S` and `G` written inside a room (on any of its lines) mark the terminals.
            let below = corner_lines.get(k + 1).copied().unwrap_or(y + 1);
            for (dy, line) in lines.iter().enumerate().take(below).skip(y + 1) {
                for (x, ch) in line.bytes().enumerate() {
                    if !matches!(ch, b'S' | b'G') {
                        continue;
                    }
                    let first = corners.first().copied().unwrap_or(0);
                    let off = x.saturating_sub(first);
                    if x < first || off % step == 0 || off / step >= rooms_w {
                        return Err(Error::parse(
                            NAME,
                            dy + 1,
                            format!("'{}' at column {} is not inside a room", ch as char, x + 1),
                        ));
                    }
                    let slot = if ch == b'S' { &mut start } else { &mut goal };
                    if slot.is_some() {
                        return Err(Error::parse(
                            NAME,
                            dy + 1,
                            format!("a second '{}' at column {}", ch as char, x + 1),
                        ));
                    }
                    *slot = Some(row * width + 2 * (off / step) + 1);
                }
            }
        }
    }
    let mut maze = Maze::new(grid);
    maze.set_terminals(start, goal)?;
    Ok(Some(maze))
}

fn parse_portal(t: &str) -> Option<(Vec<i64>, Vec<i64>)> {
    let rest = t.strip_prefix('+')?;
    let (a, rest) = parse_tuple(rest)?;
    let rest = rest.trim_start();
    let rest = rest.strip_prefix("->").or_else(|| rest.strip_prefix('→'))?;
    let (b, rest) = parse_tuple(rest)?;
    if !rest.trim().is_empty() || a.len() != 2 || b.len() != 2 {
        return None;
    }
    Some((a, b))
}

/// Writes a 2-D maze as a text grid.
pub fn write(maze: &Maze, out: &mut dyn Write) -> Result<()> {
    let shape = maze.shape();
    let &[h, w] = shape.dims() else {
        return Err(Error::Unsupported(format!(
            "txt holds 2-D mazes; this one has {} (use json)",
            crate::grid::axes(shape.ndim())
        )));
    };
    let grid = maze.grid();
    let words = grid.bits().as_slice();
    let marks = [(maze.explicit_start(), b'S'), (maze.explicit_goal(), b'G')];
    // Rows go out in chunks of about 64 KiB; the terminals are patched in after each row.
    let mut buf = Vec::with_capacity((w + 1).max(1 << 16) + w + 1);
    for r in 0..h {
        let row = r * w;
        let start = buf.len();
        // Eight cells at a time through a table of their 256 spellings.
        let mut c = 0;
        while c + 8 <= w {
            #[allow(clippy::indexing_slicing)] // bits8 is below 256, SPELL's length
            buf.extend_from_slice(&SPELL[bits8(words, row + c)]);
            c += 8;
        }
        buf.extend((row + c..row + w).map(|i| if grid.is_path(i) { b'.' } else { b'#' }));
        for (cell, mark) in marks {
            if let Some(c) = cell.filter(|c| (row..row + w).contains(c)) {
                if let Some(b) = buf.get_mut(start + c - row) {
                    *b = mark;
                }
            }
        }
        buf.push(b'\n');
        if buf.len() >= 1 << 16 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)?;
    if !maze.portals().is_empty() {
        out.write_all(b"\n")?;
        for &(a, b) in maze.portals() {
            writeln!(out, "+ {} -> {}", shape.fmt_index(a), shape.fmt_index(b))?;
        }
    }
    Ok(())
}

/// The eight characters of eight cells, by their path bits (bit 0 the first cell).
#[allow(clippy::indexing_slicing)] // v < 256 and k < 8: the table's bounds
const SPELL: [[u8; 8]; 256] = {
    let mut t = [[b'#'; 8]; 256];
    let mut v = 0;
    while v < 256 {
        let mut k = 0;
        while k < 8 {
            if v >> k & 1 == 1 {
                t[v][k] = b'.';
            }
            k += 1;
        }
        v += 1;
    }
    t
};

/// The eight bits of `words` from bit `p` (bits past the end read as 0), bit 0 first.
#[inline]
fn bits8(words: &[usize], p: usize) -> usize {
    const B: usize = usize::BITS as usize;
    let (k, sh) = (p / B, p % B);
    let lo = words.get(k).map_or(0, |w| w >> sh);
    let hi = if sh > B - 8 {
        words.get(k + 1).map_or(0, |w| w << (B - sh))
    } else {
        0
    };
    (lo | hi) & 0xff
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn blank_lines_before_the_grid_are_skipped() {
        let plain = "#.###\n#...#\n###.#\n";
        for lead in ["\n", "\n\n", "   \n\t\n", "\r\n"] {
            let text = format!("{lead}{plain}");
            assert_eq!(roundtrip(&text), plain, "{lead:?}");
        }
        let drawing = "+  +--+\n|     |\n+--+  +\n";
        assert_eq!(roundtrip(&format!("\n\n{drawing}")), roundtrip(drawing));
        // Lines are still counted from the top of the file.
        let e = parse("\n\n#.#\n#x#\n", &ReadOptions::default()).unwrap_err();
        assert!(matches!(e, Error::Parse { line: 4, .. }), "{e:?}");
    }

    #[test]
    fn letters_in_a_plus_drawing_mark_the_terminals() {
        let text = "+--+--+--+\n|S    |  |\n+--+  +  +\n|    G   |\n+--+--+--+\n";
        let m = parse(text, &ReadOptions::default()).unwrap();
        assert_eq!(m.terminals(), Some((8, 24))); // rooms (0, 0) and (1, 1) of a 5x7 grid
        let plain = text.replace(['S', 'G'], " ");
        assert_eq!(
            m.grid(),
            parse(&plain, &ReadOptions::default()).unwrap().grid()
        );
        for (bad, why) in [
            ("+--+--+\nS  |  |\n+--+--+\n", "not inside a room"),
            ("+--+--+\n|S |S |\n+--+--+\n", "a second 'S'"),
        ] {
            let e = parse(bad, &ReadOptions::default()).unwrap_err();
            assert!(e.to_string().contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn plus_drawings_read_as_their_hash_drawing() {
        // Three cells a room (Mazes for Programmers), and two (many generators).
        let wide = "+   +---+---+\n|   |       |\n+   +   +---+\n|           |\n+---+---+   +\n";
        assert_eq!(
            roundtrip(wide),
            "#.#####\n#.#...#\n#.#.###\n#.....#\n#####.#\n"
        );
        let narrow = "+  +--+--+\n|  |     |\n+  +  +--+\n|        |\n+--+--+  +\n";
        assert_eq!(roundtrip(narrow), roundtrip(wide));
        // Uneven corners, a room line missing: one line saying so.
        let e = parse("+--+---+\n|  |   |\n+--+---+\n", &ReadOptions::default()).unwrap_err();
        assert!(e.to_string().contains("not evenly spaced"), "{e}");
        let e = parse("+--+\n+--+\n", &ReadOptions::default()).unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
    }

    #[test]
    fn x_without_any_wall_is_refused() {
        let e = parse("X XXX\nX   X\nXXX X\n", &ReadOptions::default()).unwrap_err();
        assert!(e.to_string().contains("no '#' wall"), "{e}");
        // maze-dataset's solution marks among '#' walls still read as path.
        assert_eq!(roundtrip("#SXX#\n###X#\n#..E#\n"), "#S..#\n###.#\n#..G#\n");
    }

    fn roundtrip(text: &str) -> String {
        let m = parse(text, &ReadOptions::default()).unwrap();
        let mut out = Vec::new();
        write(&m, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn grid_terminals_and_portals_roundtrip() {
        let t = "#S###\n#...#\n###G#\n\n+ (1, 1) -> (1, 3)\n";
        assert_eq!(roundtrip(t), t);
    }

    #[test]
    fn spaces_and_short_rows_are_path() {
        assert_eq!(roundtrip("# #\n#"), "#.#\n#..\n");
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse("###\n#x#\n", &ReadOptions::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: unexpected character 'x' at column 2 ('#' is wall, '.' or space is path, 'S'/'G' are terminals; maze-dataset's 'E' and 'X' read too)"
        );
        let e = parse("#.#\n\n+ (0, 1) -> (5, 5)\n", &ReadOptions::default()).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 3: portal end (5, 5) is outside"),
            "{e}"
        );
        let e = parse("#.#\n\n+ (0, 1) -> (0, 0)\n", &ReadOptions::default()).unwrap_err();
        assert!(e.to_string().contains("is a wall"), "{e}");
        let e = parse("#.#\n\n+ (0, 1) => (0, 0)\n", &ReadOptions::default()).unwrap_err();
        assert!(
            e.to_string().starts_with("line 3: expected a portal line"),
            "{e}"
        );
        assert!(parse("", &ReadOptions::default()).is_err());
        assert!(parse("SS", &ReadOptions::default()).is_err());
    }

    #[test]
    fn seed_notation_without_spaces_and_arrow() {
        let m = parse("#...#\n\n+ (0,1) → (0,3)\n", &ReadOptions::default()).unwrap();
        assert_eq!(m.portals(), &[(1, 3)]);
    }

    /// maze-dataset's `as_ascii()` of a 2x3 lattice, no trailing newline.
    const MD: &str = "#######\n#SXX  #\n###X###\n#  XXE#\n#######";

    #[test]
    fn maze_dataset_ascii_reads_e_as_goal_and_x_as_path() {
        let m = parse(MD, &ReadOptions::default()).unwrap();
        assert_eq!(m.shape().dims(), &[5, 7]);
        // Rooms (0, 0) and (1, 2) of the lattice are cells (1, 1) and (3, 5).
        assert_eq!(m.explicit_start(), Some(7 + 1));
        assert_eq!(m.explicit_goal(), Some(3 * 7 + 5));
        // X is path: the marked solution is not kept, the writer gives '.'.
        assert_eq!(
            roundtrip(MD),
            "#######\n#S....#\n###.###\n#....G#\n#######\n"
        );
    }

    #[test]
    fn maze_dataset_solution_is_twice_as_long_here() {
        // The lattice path (0,0) (0,1) (1,1) (1,2) has 3 steps (4 rooms); between cells it has
        // 2 * 3 = 6 steps (7 cells: the rooms and the passages between them).
        let m = parse(MD, &ReadOptions::default()).unwrap();
        let sol = crate::solve::solve(&m, crate::solve::Method::Bfs).unwrap();
        let (lattice_steps, lattice_cells) = (3, 4);
        assert_eq!(sol.length, Some(2 * lattice_steps));
        assert_eq!(sol.path.unwrap().len(), 2 * lattice_cells - 1);
    }

    #[test]
    fn g_and_e_are_one_goal_each_not_both() {
        let o = ReadOptions::default();
        assert!(parse("#S.G#", &o).is_ok());
        assert!(parse("#S.E#", &o).is_ok());
        let e = parse("#S.G#\n#E..#", &o).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: 'E' at column 2 but 'G' marks the goal already: use 'G' (ours) or 'E' (maze-dataset's), not both"
        );
        let e = parse("#E.E#", &o).unwrap_err();
        assert_eq!(e.to_string(), "line 1: a second 'E' at column 4");
    }
}
