//! A line maze's own outline, where it is not the lattice's rectangle: blank corners cut out of
//! the maze (a notch for a "Start" or "Finish" label, a stepped outline) are outside it.
//!
//! The lattice found is the maze's bounding box. Where the maze's outline steps in, the box
//! holds paper that is no part of the maze: rooms with no walls and no posts, reached from the
//! box's edge where its frame is missing. Inside a maze every post has ink (in a perfect maze
//! each post touches a wall: four rooms around a post with no wall would make a cycle), so:
//!
//! - a **seed** is a room one of whose corner posts lies on the box's edge, blank (no ink at
//!   all), with no wall read on the edge either side of it: the frame is missing there for
//!   two segments or more, not a single entrance (and not a post the lattice missed while the
//!   frame beside it was read, as where a photo's perspective bends the lines off the lattice);
//! - from the seeds, the outside grows into the rooms beside with at least one blank corner
//!   post, whatever lies between (a label written across the blank area reads as walls);
//! - rooms it walls in (apart from the maze, fewer than it has) are outside too: a label
//!   written across the blank area hides its posts;
//! - it is kept only when one of its rooms is blank all round (its four corner posts blank): a
//!   blank area, not an entrance's corner; when it holds at most half the rooms; and when the
//!   maze still reaches every side of the box (a blank strip along a whole side is a margin the
//!   box was drawn too wide over);
//! - the ink it holds is none of the maze's: verification counts it as unexplained;
//! - its rooms, the doors between them and to the box's edge, and its blank posts become wall;
//!   a door from the outside into the maze stays as read (an entrance in the stepped frame).
//!
//! Complexity: O(cells).

use crate::grid::Grid;

/// Walls in the cells of `grid` (a line maze's sampled grid, `rows × cols` cells, rooms at odd
/// coordinates) that lie outside the maze's outline, as the module says, given `blank`: which
/// posts have no ink of their own (a flag a cell; only posts' are read).
/// Returns the cells found outside, now all wall, and the entrances (none when the maze fills
/// its box).
///
/// ```
/// use mazegraph::picture::outline;
/// use mazegraph::Maze;
/// // A 4×4-room maze whose top-left 2×2 rooms are a blank notch: no frame, no posts there;
/// // its way in is the door at row 3, column 4.
/// let rows = [
///     "....#####",
///     "....#...#",
///     "....#.#.#",
///     "........#",
///     "#####.#.#",
///     "#.....#.#",
///     "#.###.#.#",
///     "#...#...#",
///     "#########",
/// ];
/// let maze = Maze::from_text_rows(&rows).unwrap();
/// let mut grid = maze.grid().clone();
/// let blank: Vec<bool> = (0..grid.shape().len()).map(|i| grid.is_path(i)).collect();
/// let found = outline::outside(&mut grid, 9, 9, &blank);
/// assert_eq!(found.cells.len(), 16);
/// assert_eq!(found.entrances, vec![3 * 9 + 4]);
/// assert!(!grid.is_path(9 + 1));
/// assert!(grid.is_path(3 * 9 + 4)); // the way in from the notch stays open
/// ```
pub fn outside(grid: &mut Grid, rows: usize, cols: usize, blank: &[bool]) -> Outline {
    let none = Outline::default();
    if rows < 5
        || cols < 5
        || rows.is_multiple_of(2)
        || cols.is_multiple_of(2)
        || blank.len() != rows * cols
    {
        return none;
    }
    let at = |i: usize, j: usize| i * cols + j;
    let edge = |i: usize, j: usize| i == 0 || j == 0 || i + 1 == rows || j + 1 == cols;
    let corners = |i: usize, j: usize| {
        [
            (i - 1, j - 1),
            (i - 1, j + 1),
            (i + 1, j - 1),
            (i + 1, j + 1),
        ]
    };
    let blank_corners = |i: usize, j: usize| {
        corners(i, j)
            .into_iter()
            .filter(|&(a, b)| blank[at(a, b)])
            .count()
    };
    let mut out = vec![false; rows * cols];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    // A post on the box's edge where the frame is missing: blank, and no wall read on the
    // edge either side of it (a post the lattice missed, with the frame read beside it, is
    // none).
    let frame_missing_at = |a: usize, b: usize| {
        edge(a, b)
            && blank[at(a, b)]
            && [
                (a.wrapping_sub(1), b),
                (a + 1, b),
                (a, b.wrapping_sub(1)),
                (a, b + 1),
            ]
            .into_iter()
            .filter(|&(x, y)| x < rows && y < cols && edge(x, y))
            .all(|(x, y)| grid.is_path(at(x, y)))
    };
    for i in (1..rows).step_by(2) {
        for j in (1..cols).step_by(2) {
            let seed = corners(i, j)
                .into_iter()
                .any(|(a, b)| frame_missing_at(a, b));
            if seed {
                out[at(i, j)] = true;
                stack.push((i, j));
            }
        }
    }
    while let Some((i, j)) = stack.pop() {
        for (ni, nj) in rooms_beside(i, j, rows, cols) {
            if !out[at(ni, nj)] && blank_corners(ni, nj) > 0 {
                out[at(ni, nj)] = true;
                stack.push((ni, nj));
            }
        }
    }
    fill_holes(&mut out, rows, cols);
    let rooms: Vec<(usize, usize)> = (1..rows)
        .step_by(2)
        .flat_map(|i| (1..cols).step_by(2).map(move |j| (i, j)))
        .filter(|&(i, j)| out[at(i, j)])
        .collect();
    let total_rooms = (rows / 2) * (cols / 2);
    if !rooms.iter().any(|&(i, j)| blank_corners(i, j) == 4) || 2 * rooms.len() > total_rooms {
        return none;
    }
    // The maze reaches every side of its box (a blank strip along a whole side is a margin
    // the box was drawn too wide over, not an outline stepping in).
    let touches = |side: &dyn Fn(usize) -> (usize, usize), n: usize| {
        (0..n).any(|k| {
            let (i, j) = side(k);
            !out[at(i, j)]
        })
    };
    let (h, w) = (rows / 2, cols / 2);
    if !touches(&|k| (1, 2 * k + 1), w)
        || !touches(&|k| (rows - 2, 2 * k + 1), w)
        || !touches(&|k| (2 * k + 1, 1), h)
        || !touches(&|k| (2 * k + 1, cols - 2), h)
    {
        return none;
    }
    let (mut walled, mut entrances) = (Vec::new(), Vec::new());
    let mut wall = |grid: &mut Grid, k: usize| {
        grid.set_path(k, false);
        walled.push(k);
    };
    for &(i, j) in &rooms {
        wall(grid, at(i, j));
        // Doors to another outside room or to the box's edge; blank corner posts.
        for (di, dj, ni, nj) in [
            (i - 1, j, i.wrapping_sub(2), j),
            (i + 1, j, i + 2, j),
            (i, j - 1, i, j.wrapping_sub(2)),
            (i, j + 1, i, j + 2),
        ] {
            let beyond = ni >= rows || nj >= cols;
            if beyond || out[at(ni, nj)] {
                wall(grid, at(di, dj));
            } else if grid.is_path(at(di, dj)) {
                entrances.push(at(di, dj));
            }
        }
        for (a, b) in corners(i, j) {
            if blank[at(a, b)] {
                wall(grid, at(a, b));
            }
        }
    }
    walled.sort_unstable();
    walled.dedup();
    entrances.sort_unstable();
    Outline {
        cells: walled,
        entrances,
    }
}

/// What [`outside`] found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outline {
    /// The cells outside the maze's outline (flat indices, in order), now all wall.
    pub cells: Vec<usize>,
    /// The doors from outside into the maze (flat indices, in order): its entrances, where its
    /// outline steps in.
    pub entrances: Vec<usize>,
}

/// The rooms beside room `(i, j)` of a `rows × cols` grid, up, down, left and right.
fn rooms_beside(
    i: usize,
    j: usize,
    rows: usize,
    cols: usize,
) -> impl Iterator<Item = (usize, usize)> {
    [
        (i >= 3).then(|| (i - 2, j)),
        (i + 3 < rows).then(|| (i + 2, j)),
        (j >= 3).then(|| (i, j - 2)),
        (j + 3 < cols).then(|| (i, j + 2)),
    ]
    .into_iter()
    .flatten()
}

/// Rooms of `out` (a flag per cell; rooms at odd coordinates of a `rows × cols` grid) also
/// outside: those of every group of rooms beside each other, not outside, but the largest
/// (the maze), when it is smaller than the outside: a label written across the blank area,
/// whose ink hides its posts.
fn fill_holes(out: &mut [bool], rows: usize, cols: usize) {
    let at = |i: usize, j: usize| i * cols + j;
    let outside = (1..rows)
        .step_by(2)
        .flat_map(|i| (1..cols).step_by(2).map(move |j| (i, j)))
        .filter(|&(i, j)| out[at(i, j)])
        .count();
    let mut seen = vec![false; rows * cols];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in (1..rows).step_by(2) {
        for j in (1..cols).step_by(2) {
            if out[at(i, j)] || seen[at(i, j)] {
                continue;
            }
            seen[at(i, j)] = true;
            let (mut group, mut stack) = (Vec::new(), vec![(i, j)]);
            while let Some((a, b)) = stack.pop() {
                group.push(at(a, b));
                for (c, d) in rooms_beside(a, b, rows, cols) {
                    if !out[at(c, d)] && !seen[at(c, d)] {
                        seen[at(c, d)] = true;
                        stack.push((c, d));
                    }
                }
            }
            groups.push(group);
        }
    }
    let largest = (0..groups.len()).max_by_key(|&g| groups[g].len());
    for (g, group) in groups.iter().enumerate() {
        if Some(g) != largest && group.len() < outside {
            for &k in group {
                out[k] = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Maze;

    fn grid_of(rows: &[&str]) -> (Grid, Vec<bool>) {
        let maze = Maze::from_text_rows(rows).unwrap();
        let grid = maze.grid().clone();
        let blank = (0..grid.shape().len()).map(|i| grid.is_path(i)).collect();
        (grid, blank)
    }

    #[test]
    fn a_maze_that_fills_its_box_is_left_alone() {
        let rows = [
            "#.#####", "#.....#", "#####.#", "#.....#", "#.###.#", "#...#.#", "#####.#",
        ];
        let (mut g, blank) = grid_of(&rows);
        let before = g.clone();
        assert_eq!(outside(&mut g, 7, 7, &blank), Outline::default());
        assert_eq!(g, before);
    }

    #[test]
    fn an_entrance_is_not_a_notch() {
        // One frame segment missing, its posts drawn: the room behind it is the maze's.
        let rows = [
            "###.###", "#.....#", "#.###.#", "#.#...#", "#.#.###", "#.....#", "#######",
        ];
        let (mut g, blank) = grid_of(&rows);
        assert_eq!(outside(&mut g, 7, 7, &blank), Outline::default());
    }

    #[test]
    fn blank_posts_beside_a_frame_read_as_wall_are_no_notch() {
        // The doc example's 4×4-room maze with its notch filled in: the frame and every wall
        // read, but the posts of the top-left corner blank, as where a photo's perspective
        // bends the lines off the lattice there. The frame is not missing: no outside.
        let rows = [
            "#########",
            "#.......#",
            "#.#####.#",
            "#.#.....#",
            "#####.#.#",
            "#.....#.#",
            "#.###.#.#",
            "#...#...#",
            "#########",
        ];
        let (mut g, _) = grid_of(&rows);
        let mut blank = vec![false; 81];
        for (i, j) in [(0, 0), (0, 2), (2, 0), (2, 2)] {
            blank[i * 9 + j] = true;
        }
        let before = g.clone();
        assert_eq!(outside(&mut g, 9, 9, &blank), Outline::default());
        assert_eq!(g, before);
        // The same blank posts with the frame missing beside them: the notch is outside.
        for k in [1, 2, 3, 9, 18, 27] {
            g.set_path(k, true);
        }
        let found = outside(&mut g, 9, 9, &blank);
        assert!(found.cells.contains(&(9 + 1)), "{found:?}");
    }
}
