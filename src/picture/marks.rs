//! Start and goal marks: two small dots of distinct colours painted in two rooms of a maze
//! picture, as solved pictures and puzzle pages show the entrance and the exit.
//!
//! Every room whose middle holds at least 30% mark pixels (colours off the wall–passage line,
//! see [`super::tone`]) gets the mean colour of those pixels; rooms are grouped by colour
//! (within 60 of each other, of 441 from black to white). A solution line covers many rooms;
//! a terminal mark covers one or two. With exactly two such small groups, they are the
//! terminals: the greener one (or, with no green, the first in reading order) is the start.
//!
//! Complexity: O(pixels in the rooms' middles).

use super::lattice::Lattice;
use super::raster::Raster;
use super::sample::window;
use super::tone::{Tones, MARK};

/// A group of rooms sharing a mark colour.
struct Group {
    colour: [f64; 3],
    rooms: Vec<usize>,
}

/// The start and goal rooms (flat cell indices of the lattice's grid) marked in the picture,
/// or why not.
pub fn terminals(
    raster: &Raster,
    tones: &Tones,
    lattice: &Lattice,
) -> Result<(usize, usize), String> {
    let cols = lattice.cols.len();
    let w = raster.width;
    let mut groups: Vec<Group> = Vec::new();
    for (r, &(y0, y1)) in lattice.rows.iter().enumerate().skip(1).step_by(2) {
        for (c, &(x0, x1)) in lattice.cols.iter().enumerate().skip(1).step_by(2) {
            let (ya, yb, _) = window(y0, y1, (0.0, raster.height as f64), false);
            let (xa, xb, _) = window(x0, x1, (0.0, w as f64), false);
            let (mut n, mut marked, mut sum) = (0usize, 0usize, [0f64; 3]);
            for y in ya..yb.min(raster.height) {
                for x in xa..xb.min(w) {
                    n += 1;
                    if tones.tone.get(y * w + x) == Some(&MARK) {
                        marked += 1;
                        let p = raster.pixel(x, y);
                        for k in 0..3 {
                            sum[k] += f64::from(p[k]);
                        }
                    }
                }
            }
            if n == 0 || marked * 10 < n * 3 {
                continue;
            }
            let colour = sum.map(|v| v / marked as f64);
            let cell = r * cols + c;
            let near = groups.iter_mut().find(|g| {
                (0..3)
                    .map(|k| (g.colour[k] - colour[k]).powi(2))
                    .sum::<f64>()
                    <= 60.0 * 60.0
            });
            match near {
                Some(g) => g.rooms.push(cell),
                None => groups.push(Group {
                    colour,
                    rooms: vec![cell],
                }),
            }
        }
    }
    let small: Vec<&Group> = groups.iter().filter(|g| g.rooms.len() <= 2).collect();
    let [a, b] = small.as_slice() else {
        return Err(format!(
            "found {} small colour marks in the rooms, not two (a start and a goal of distinct colours)",
            small.len()
        ));
    };
    // Greenness: green above the mean of red and blue.
    let green = |g: &Group| g.colour[1] - (g.colour[0] + g.colour[2]) / 2.0;
    let (start, goal) = if (green(a) - green(b)).abs() > 40.0 {
        if green(a) > green(b) {
            (a, b)
        } else {
            (b, a)
        }
    } else {
        (a, b)
    };
    Ok((start.rooms[0], goal.rooms[0]))
}
