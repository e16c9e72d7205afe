//! A solution given in advance (seed 001: "one could specify the path completely, and an
//! algorithm would complete it into a spanning tree, for instance with the depth-first
//! walk"): a designer draws the way through, the generator builds the maze around it.
//!
//! The path is a list of rooms, from the entrance room to the exit room, each beside the one
//! before (their coordinates differ by 1 along one axis), none twice. Its rooms and the walls
//! between them are carved first; then a generator that can grow from a given tree
//! ([`carve_from`]) attaches every other room to it. The result is a spanning tree that
//! contains the path, so the path is the one route between its two ends: dead-end filling
//! keeps exactly it. The maze opens at the path's end rooms when they lie on the border of the
//! box (above or below along axis 0 first, then along the next axes); an end room inside the
//! box becomes an explicit terminal (a `S` or `G` in a text maze).
//!
//! The path comes as a list of rooms ([`read_rooms`]: `r,c` a line) or drawn in a text maze
//! ([`read_drawn_path`]: what `solve --to txt` writes, so a maze can be rebuilt around the
//! solution of another). Room coordinates are those of the maze made: room `(r, c)` is cell
//! `(2r+1, 2c+1)`; with a shape they count in the shape's box as [`Lattice::from_mask`] crops
//! it, and every room of the path must lie in the shape.
//!
//! ```
//! use mazegraph::generate::{generate_with_solution, rng_from_seed, Algorithm, Lattice, Options};
//! use mazegraph::solve::{solve, Method};
//! let lattice = Lattice::new(&[4, 4], &Default::default()).unwrap();
//! // Down the left side, along the bottom: an L.
//! let path = [[0, 0], [1, 0], [2, 0], [3, 0], [3, 1], [3, 2], [3, 3]].map(|r| r.to_vec());
//! let opts = Options::new(Algorithm::Backtracker);
//! let maze = generate_with_solution(&lattice, &path, &opts, &mut rng_from_seed(1)).unwrap();
//! assert!(lattice.is_perfect(maze.grid()));
//! // 7 rooms, 6 walls between them, 2 openings.
//! assert_eq!(solve(&maze, Method::DeadEnd).unwrap().length, Some(14));
//! ```

use super::lattice::Lattice;
use super::{carve_from, Algorithm, Options};
use crate::error::{Error, Result};
use crate::grid::fmt_coords;
use crate::maze::Maze;
use fixedbitset::FixedBitSet;
use rand::Rng;

/// Rooms read from a text, one per line, with the line each came from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoomList {
    /// The rooms' coordinates, in order.
    pub rooms: Vec<Vec<usize>>,
    /// The 1-based line of each room.
    pub lines: Vec<usize>,
}

impl RoomList {
    /// The smallest box of rooms that holds every room of the list: one more than the largest
    /// coordinate along each axis (the axes of the first room; empty for an empty list).
    pub fn bounding_size(&self) -> Vec<usize> {
        let n = self.rooms.first().map_or(0, Vec::len);
        (0..n)
            .map(|k| {
                self.rooms
                    .iter()
                    .filter_map(|r| r.get(k))
                    .max()
                    .map_or(1, |&x| x.saturating_add(1))
            })
            .collect()
    }
}

/// Reads a list of rooms: one room a line, its coordinates separated by commas (`3,4`, or
/// `(3, 4)` as the seed writes tuples; `r,c,d,…` in n-D); blank lines and `#` comments are
/// skipped. Errors are [`Error::Parse`] with format `solution` and the line.
///
/// Complexity: O(text).
///
/// ```
/// use mazegraph::generate::read_rooms;
/// let list = read_rooms("# entrance\n0,0\n\n(0, 1)  # then right\n1,1\n").unwrap();
/// assert_eq!(list.rooms, vec![vec![0, 0], vec![0, 1], vec![1, 1]]);
/// assert_eq!(list.lines, vec![2, 4, 5]);
/// assert!(read_rooms("0,0\n0;1\n").unwrap_err().to_string().starts_with("line 2: "));
/// ```
pub fn read_rooms(text: &str) -> Result<RoomList> {
    let mut list = RoomList::default();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = || {
            Error::parse(
                "solution",
                i + 1,
                format!(
                    "expected a room like 3,4 (whole numbers separated by commas), found {line:?}"
                ),
            )
        };
        let inner = match line.strip_prefix('(') {
            Some(rest) => rest.strip_suffix(')').ok_or_else(bad)?,
            None => line,
        };
        let inner = inner.trim().trim_end_matches(',');
        let coords = inner
            .split(',')
            .map(|x| x.trim().parse::<usize>())
            .collect::<std::result::Result<Vec<_>, _>>()
            .map_err(|_| bad())?;
        list.rooms.push(coords);
        list.lines.push(i + 1);
    }
    Ok(list)
}

/// Reads a solution drawn in a 2-D text maze, as `mazegraph solve --to txt` writes one: `o`
/// marks the cells of the path, `S` its start and `G` its end (on the frame or on a room);
/// every other character is ignored, so only the path is read, not the maze around it. The
/// path is followed from `S` to `G` through marked cells side by side, and its rooms (the
/// cells at odd coordinates) are listed in that order, each with its line. Also returns the
/// text's size in rooms, `((rows − 1) / 2, (columns − 1) / 2)`.
///
/// Errors ([`Error::Parse`], format `solution`, with the line): no `S` or no `G`, or more
/// than one; a path that forks, stops before `G` or runs into itself.
///
/// Complexity: O(characters) time and bits.
///
/// ```
/// use mazegraph::generate::solution::read_drawn_path;
/// let drawn = "#S###\n#o..#\n#o#.#\n#ooG#\n#####";
/// let (size, list) = read_drawn_path(drawn).unwrap();
/// assert_eq!(size, vec![2, 2]);
/// assert_eq!(list.rooms, vec![vec![0, 0], vec![1, 0], vec![1, 1]]);
/// assert_eq!(list.lines, vec![2, 4, 4]);
/// ```
pub fn read_drawn_path(text: &str) -> Result<(Vec<usize>, RoomList)> {
    let rows: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
    let h = rows.len();
    let w = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    let at = |r: usize, c: usize| rows.get(r).and_then(|row| row.get(c)).copied();
    let find = |ch: u8| -> Result<(usize, usize)> {
        let mut found = None;
        for (r, row) in rows.iter().enumerate() {
            for (c, &b) in row.iter().enumerate() {
                if b == ch {
                    if found.is_some() {
                        return Err(Error::parse(
                            "solution",
                            r + 1,
                            format!(
                                "a second {:?}: a drawn path has one S and one G",
                                ch as char
                            ),
                        ));
                    }
                    found = Some((r, c));
                }
            }
        }
        found.ok_or_else(|| {
            Error::parse(
                "solution",
                0,
                format!(
                    "no {:?}: a drawn path goes from S to G through cells marked o",
                    ch as char
                ),
            )
        })
    };
    let (start, goal) = (find(b'S')?, find(b'G')?);
    let marked = |r: usize, c: usize| matches!(at(r, c), Some(b'o' | b'S' | b'G'));
    let mut seen = FixedBitSet::with_capacity(h * w);
    let mut list = RoomList::default();
    let (mut prev, mut cur) = (None, start);
    loop {
        let (r, c) = cur;
        seen.insert(r * w + c);
        if r % 2 == 1 && c % 2 == 1 {
            list.rooms.push(vec![(r - 1) / 2, (c - 1) / 2]);
            list.lines.push(r + 1);
        }
        if cur == goal {
            break;
        }
        let mut next = Vec::with_capacity(4);
        let candidates = [
            r.checked_sub(1).map(|r| (r, c)),
            Some((r + 1, c)),
            c.checked_sub(1).map(|c| (r, c)),
            Some((r, c + 1)),
        ];
        for (nr, nc) in candidates.into_iter().flatten() {
            if marked(nr, nc) && Some((nr, nc)) != prev {
                next.push((nr, nc));
            }
        }
        let here = format!("column {}", c + 1);
        let (nr, nc) = match next.as_slice() {
            [one] => *one,
            [] => {
                return Err(Error::parse(
                    "solution",
                    r + 1,
                    format!("the drawn path stops at {here} before reaching G"),
                ))
            }
            _ => {
                return Err(Error::parse(
                    "solution",
                    r + 1,
                    format!("the drawn path forks at {here}: draw one way from S to G"),
                ))
            }
        };
        if seen.contains(nr * w + nc) {
            return Err(Error::parse(
                "solution",
                nr + 1,
                format!("the drawn path runs into itself at column {}", nc + 1),
            ));
        }
        prev = Some(cur);
        cur = (nr, nc);
    }
    Ok((vec![h.saturating_sub(1) / 2, w.saturating_sub(1) / 2], list))
}

/// What is wrong with a solution path; `room` is the 0-based index of the first bad room
/// (messages count rooms from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    /// Fewer than two rooms.
    #[error("a solution path needs at least 2 rooms, from the entrance to the exit; this one has {rooms}")]
    TooShort {
        /// Rooms given.
        rooms: usize,
    },
    /// A room with the wrong number of coordinates.
    #[error("room {} of the path, {}, has {} coordinate{}, but the maze has {}", .room + 1, fmt_coords(.coords), .coords.len(), if .coords.len() == 1 { "" } else { "s" }, crate::grid::axes(*.axes))]
    Axes {
        /// Index of the room.
        room: usize,
        /// Its coordinates.
        coords: Vec<usize>,
        /// The maze's axes.
        axes: usize,
    },
    /// A room outside the box of rooms.
    #[error("room {} of the path, {}, is outside the maze's {} rooms", .room + 1, fmt_coords(.coords), .size.iter().map(usize::to_string).collect::<Vec<_>>().join("×"))]
    Outside {
        /// Index of the room.
        room: usize,
        /// Its coordinates.
        coords: Vec<usize>,
        /// Rooms per axis.
        size: Vec<usize>,
    },
    /// A room of the box that the shape leaves out.
    #[error("room {} of the path, {}, is outside the shape", .room + 1, fmt_coords(.coords))]
    OffShape {
        /// Index of the room.
        room: usize,
        /// Its coordinates.
        coords: Vec<usize>,
    },
    /// A room that is not beside the one before it.
    #[error("room {} of the path, {}, is not beside room {}, {}: consecutive rooms differ by 1 along one axis", .room + 1, fmt_coords(.coords), .room, fmt_coords(.previous))]
    NotAdjacent {
        /// Index of the room.
        room: usize,
        /// Its coordinates.
        coords: Vec<usize>,
        /// The coordinates of the room before it.
        previous: Vec<usize>,
    },
    /// A room the path already went through.
    #[error("room {} of the path, {}, is room {} again: a solution goes through each room once", .room + 1, fmt_coords(.coords), .first + 1)]
    Repeated {
        /// Index of the room.
        room: usize,
        /// Its coordinates.
        coords: Vec<usize>,
        /// Index of its first visit.
        first: usize,
    },
}

impl PathError {
    /// The 0-based index of the room at fault (`None` for a path too short).
    pub fn room(&self) -> Option<usize> {
        match self {
            PathError::TooShort { .. } => None,
            PathError::Axes { room, .. }
            | PathError::Outside { room, .. }
            | PathError::OffShape { room, .. }
            | PathError::NotAdjacent { room, .. }
            | PathError::Repeated { room, .. } => Some(*room),
        }
    }
}

impl From<PathError> for Error {
    fn from(e: PathError) -> Error {
        Error::InvalidMaze(e.to_string())
    }
}

/// The room cells of a solution path in `lattice`, checked: at least two rooms, each inside
/// the box and the shape, each beside the one before, none twice. The error names the first
/// bad room.
///
/// Complexity: O(rooms of the path · axes) time, one bit per cell.
///
/// ```
/// use mazegraph::generate::{solution::path_cells, Lattice, PathError};
/// let lat = Lattice::new(&[3, 3], &Default::default()).unwrap();
/// assert_eq!(path_cells(&lat, &[vec![0, 0], vec![0, 1]]).unwrap(), vec![8, 10]);
/// let e = path_cells(&lat, &[vec![0, 0], vec![1, 1]]).unwrap_err();
/// assert!(matches!(e, PathError::NotAdjacent { room: 1, .. }));
/// ```
pub fn path_cells(lattice: &Lattice, rooms: &[Vec<usize>]) -> Result<Vec<usize>, PathError> {
    if rooms.len() < 2 {
        return Err(PathError::TooShort { rooms: rooms.len() });
    }
    let dims = lattice.rooms().dims();
    let cells = lattice.cells();
    let mut seen = FixedBitSet::with_capacity(cells.len());
    let mut out: Vec<usize> = Vec::with_capacity(rooms.len());
    for (i, room) in rooms.iter().enumerate() {
        if room.len() != dims.len() {
            return Err(PathError::Axes {
                room: i,
                coords: room.clone(),
                axes: dims.len(),
            });
        }
        if room.iter().zip(dims).any(|(&x, &d)| x >= d) {
            return Err(PathError::Outside {
                room: i,
                coords: room.clone(),
                size: dims.to_vec(),
            });
        }
        let c: usize = room
            .iter()
            .zip(cells.strides())
            .map(|(&x, &s)| (2 * x + 1) * s)
            .sum();
        if !lattice.is_room(c) {
            return Err(PathError::OffShape {
                room: i,
                coords: room.clone(),
            });
        }
        if i > 0 {
            let prev = &rooms[i - 1];
            let steps: usize = room.iter().zip(prev).map(|(&a, &b)| a.abs_diff(b)).sum();
            if steps != 1 {
                return Err(PathError::NotAdjacent {
                    room: i,
                    coords: room.clone(),
                    previous: prev.clone(),
                });
            }
        }
        if seen.put(c) {
            let first = out.iter().position(|&x| x == c).unwrap_or(0);
            return Err(PathError::Repeated {
                room: i,
                coords: room.clone(),
                first,
            });
        }
        out.push(c);
    }
    Ok(out)
}

/// Generates a perfect maze of `lattice` whose solution is exactly `rooms` (see the module
/// docs): the path is carved, `opts.algorithm` grows the rest of the maze from it, and the
/// maze opens at the path's ends.
///
/// Fails when the path is not a simple chain of neighbouring rooms of the lattice (the
/// message names the first bad room; [`path_cells`] gives it typed), when the algorithm cannot
/// grow from a given tree (the message names those that can: [`Algorithm::GROW_FROM_TREE`]),
/// or when `opts` asks for loops or a braid (they would open other routes).
///
/// Complexity: that of the algorithm, plus O(cells) to open the terminals.
pub fn generate_with_solution(
    lattice: &Lattice,
    rooms: &[Vec<usize>],
    opts: &Options,
    rng: &mut impl Rng,
) -> Result<Maze> {
    check_options(opts)?;
    let cells = path_cells(lattice, rooms)?;
    let mut tree = lattice.walls();
    for pair in cells.windows(2) {
        Lattice::open(&mut tree, pair[0], pair[1]);
    }
    let mut grid = carve_from(opts.algorithm, lattice, tree, rng)?;
    let (first, last) = (cells[0], cells[cells.len() - 1]);
    let start_door = border_door(lattice, first, false);
    let goal_door = border_door(lattice, last, true);
    for door in [start_door, goal_door].into_iter().flatten() {
        grid.set_path(door, true);
    }
    let mut maze = Maze::new(grid);
    match (start_door, goal_door) {
        // The default terminals (first and last openings) are already right.
        (Some(s), Some(g)) if s < g => {}
        (s, g) => maze.set_terminals(Some(s.unwrap_or(first)), Some(g.unwrap_or(last)))?,
    }
    Ok(maze)
}

/// Refuses what cannot keep a given solution the only one.
fn check_options(opts: &Options) -> Result<()> {
    if !Algorithm::GROW_FROM_TREE.contains(&opts.algorithm.name()) {
        return Err(Error::Unsupported(format!(
            "{} cannot grow a maze around a given solution; these can: {}",
            opts.algorithm.name(),
            Algorithm::GROW_FROM_TREE.join(", ")
        )));
    }
    if opts.loops > 0 || opts.braid {
        return Err(Error::Unsupported(
            "a maze around a given solution is perfect: loops or a braid would open other routes between its ends".into(),
        ));
    }
    Ok(())
}

/// The frame cell beside room cell `c`, if `c` is on the border of the box: along axis 0
/// first, then the next axes; on each axis the low side first, or the high side first when
/// `high_first` (so that a path from the first room to the last opens above and below, as
/// generated mazes do).
fn border_door(lattice: &Lattice, c: usize, high_first: bool) -> Option<usize> {
    let cells = lattice.cells();
    for (k, (&d, &s)) in cells.dims().iter().zip(cells.strides()).enumerate() {
        let x = cells.coord(c, k);
        let low = (x == 1).then(|| c - s);
        let high = (x + 2 == d).then(|| c + s);
        let door = if high_first {
            high.or(low)
        } else {
            low.or(high)
        };
        if door.is_some() {
            return door;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{rng_from_seed, Mask};
    use crate::grid::Limits;
    use crate::solve::{solve, Method};

    fn rooms(v: &[&[usize]]) -> Vec<Vec<usize>> {
        v.iter().map(|r| r.to_vec()).collect()
    }

    #[test]
    fn bad_paths_name_the_first_bad_room() {
        let lat = Lattice::new(&[3, 4], &Limits::default()).unwrap();
        let check = |p: &[&[usize]]| path_cells(&lat, &rooms(p)).unwrap_err();
        assert_eq!(check(&[&[0, 0]]), PathError::TooShort { rooms: 1 });
        let e = check(&[&[0, 0], &[0, 1, 0]]);
        assert_eq!(e.room(), Some(1));
        assert!(
            e.to_string()
                .contains("has 3 coordinates, but the maze has 2 axes"),
            "{e}"
        );
        let e = check(&[&[0, 0], &[0, 1], &[0, 2], &[0, 3], &[0, 4]]);
        assert_eq!(
            e.to_string(),
            "room 5 of the path, (0, 4), is outside the maze's 3×4 rooms"
        );
        let e = check(&[&[0, 0], &[1, 1]]);
        assert!(
            e.to_string()
                .starts_with("room 2 of the path, (1, 1), is not beside room 1, (0, 0)"),
            "{e}"
        );
        let e = check(&[&[0, 0], &[0, 1], &[1, 1], &[1, 0], &[0, 0]]);
        assert_eq!(
            e,
            PathError::Repeated {
                room: 4,
                coords: vec![0, 0],
                first: 0
            }
        );
        assert!(e.to_string().contains("is room 1 again"), "{e}");
        // Outside a shape: the diamond of 5×5 rooms has no corner.
        let diamond =
            Lattice::from_mask(&Mask::diamond(&[5, 5]).unwrap(), &Limits::default()).unwrap();
        let e = path_cells(&diamond, &rooms(&[&[0, 0], &[0, 1]])).unwrap_err();
        assert!(matches!(e, PathError::OffShape { room: 0, .. }), "{e}");
    }

    #[test]
    fn room_lists_parse_with_lines() {
        let list = read_rooms("0, 0\n# c\n(1,0)\n  2,0  # here\n(3,)\n").unwrap();
        assert_eq!(list.rooms, rooms(&[&[0, 0], &[1, 0], &[2, 0], &[3]]));
        assert_eq!(list.lines, vec![1, 3, 4, 5]);
        assert_eq!(list.bounding_size(), vec![4, 1]);
        for (text, line) in [("0,0\n0,x", 2), ("(0,0\n", 1), ("\n\n-1,0", 3), ("0,,1", 1)] {
            match read_rooms(text) {
                Err(Error::Parse { line: l, .. }) => assert_eq!(l, line, "{text:?}"),
                other => panic!("{text:?}: {other:?}"),
            }
        }
        assert_eq!(read_rooms("").unwrap().bounding_size(), Vec::<usize>::new());
    }

    #[test]
    fn drawn_paths_are_followed_or_refused_at_their_line() {
        // What `solve --to txt` writes: the path from S above room (0, 0) to G below room (2, 2).
        let drawn = "#S#####\n#o#...#\n#o#.###\n#ooooo#\n###.#o#\n#...#o#\n#####G#\n";
        let (size, list) = read_drawn_path(drawn).unwrap();
        assert_eq!(size, vec![3, 3]);
        assert_eq!(
            list.rooms,
            rooms(&[&[0, 0], &[1, 0], &[1, 1], &[1, 2], &[2, 2]])
        );
        assert_eq!(list.lines, vec![2, 4, 4, 4, 6]);
        let line = |text: &str| match read_drawn_path(text) {
            Err(Error::Parse { line, message, .. }) => (line, message),
            other => panic!("{other:?}"),
        };
        assert!(line("#o#\n#oG\n").1.contains("no 'S'"));
        assert_eq!(line("S#\nS#\nG#\n").0, 2);
        let (l, m) = line("Soo#\n#o##\n#ooG\n");
        assert!(l == 1 && m.contains("forks at column 2"), "{l} {m}");
        let (l, m) = line("So.G\n");
        assert!(l == 1 && m.contains("stops at column 2"), "{l} {m}");
    }

    #[test]
    fn terminals_follow_the_path_ends() {
        let lat = Lattice::new(&[4, 5], &Limits::default()).unwrap();
        let opts = Options::new(Algorithm::Wilson);
        // From the bottom-right room to the top-left one: openings below and above, and the
        // start is the bottom one, so the terminals are explicit.
        let back = rooms(&[
            &[3, 4],
            &[2, 4],
            &[1, 4],
            &[0, 4],
            &[0, 3],
            &[0, 2],
            &[0, 1],
            &[0, 0],
        ]);
        let m = generate_with_solution(&lat, &back, &opts, &mut rng_from_seed(2)).unwrap();
        let (s, g) = m.terminals().unwrap();
        assert_eq!(m.shape().coords(s), vec![8, 9]);
        assert_eq!(m.shape().coords(g), vec![0, 1]);
        let sol = solve(&m, Method::DeadEnd).unwrap();
        assert_eq!(sol.length, Some(16));
        // An end inside the box: an explicit terminal at its room.
        let inner = rooms(&[&[0, 2], &[1, 2], &[2, 2]]);
        let m = generate_with_solution(&lat, &inner, &opts, &mut rng_from_seed(2)).unwrap();
        assert_eq!(m.openings().len(), 1);
        let (s, g) = m.terminals().unwrap();
        assert_eq!(
            (m.shape().coords(s), m.shape().coords(g)),
            (vec![0, 5], vec![5, 5])
        );
        assert!(lat.is_perfect(m.grid()));
    }

    #[test]
    fn what_cannot_keep_the_path_is_refused() {
        let lat = Lattice::new(&[3, 3], &Limits::default()).unwrap();
        let p = rooms(&[&[0, 0], &[0, 1]]);
        let e = generate_with_solution(
            &lat,
            &p,
            &Options::new(Algorithm::Eller),
            &mut rng_from_seed(1),
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("eller cannot grow") && e.contains("hunt-and-kill"),
            "{e}"
        );
        let mut opts = Options::new(Algorithm::Prim);
        opts.loops = 2;
        let e = generate_with_solution(&lat, &p, &opts, &mut rng_from_seed(1)).unwrap_err();
        assert!(e.to_string().contains("perfect"), "{e}");
        let e = generate_with_solution(
            &lat,
            &p[..1],
            &Options::new(Algorithm::Prim),
            &mut rng_from_seed(1),
        )
        .unwrap_err();
        assert!(e.to_string().contains("at least 2 rooms"), "{e}");
    }
}
