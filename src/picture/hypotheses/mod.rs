//! Stage 5, **lattice hypotheses**: where a maze's cells might lie, proposed by several
//! finders. None is believed until [`super::verify`] has checked that the maze it reads
//! explains the picture; the finders may be wrong, and often are on pictures they were not made
//! for.
//!
//! - [`edges`]: straight, evenly spaced edges (lines and blocks drawn by programs, printed
//!   pages, screenshots, straightened photos); it also proposes one pixel per cell when edges
//!   lie at most pixel boundaries;
//! - [`blocks`]: a grid of equal square blocks, each a cell (grid worlds, tiles, block mazes
//!   scaled by a fraction), both polarities;
//! - [`lines`]: wall lines as ridges of ink (thin, grey, blurred or wobbling lines: scaled
//!   screenshots, hairlines, photos, pens), each polarity;
//! - the lattice our own writers declared in the picture's text chunks (squares of so many
//!   pixels), checked square by square ([`super::read`]).
//!
//! Complexity: each finder's own (O(pixels) for [`edges`]).

pub mod blocks;
pub mod edges;
pub mod lines;

use super::lattice::Lattice;
use super::tones::Tones;
use super::Cells;

/// Why no lattice was found: a sentence for the user.
pub type Failure = String;

/// Which finder proposed a lattice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finder {
    /// Straight, evenly spaced edges ([`edges`]).
    Edges,
    /// Ridges of ink ([`lines`]).
    Lines,
    /// A grid of square blocks ([`blocks`]).
    Blocks,
    /// One pixel per cell.
    Pixel,
    /// The cell squares the picture's text chunk declares.
    Declared,
}

/// A proposed lattice.
#[derive(Clone, Debug)]
pub struct Hypothesis {
    /// Who proposed it.
    pub finder: Finder,
    /// Where the cells would lie.
    pub lattice: Lattice,
}

impl Hypothesis {
    /// True for a line maze: walls drawn as lines thinner than the passages (under three
    /// quarters of them each way). A line maze's posts are walls whether or not ink shows
    /// there: a post that no wall touches is not drawn.
    pub fn line(&self) -> bool {
        let l = &self.lattice;
        if l.pixel || l.blocks {
            return false;
        }
        let thin = |s: &[(f64, f64)]| {
            let (wall, pass) = Lattice::widths(s);
            wall < 0.75 * pass
        };
        thin(&l.rows) && thin(&l.cols)
    }
}

/// The lattices the finders propose for a view's tones `t` (`width × height`, bands of a third
/// colour `margins` set apart), and why the others found none.
pub fn propose(
    t: &Tones,
    width: usize,
    height: usize,
    cells: Cells,
    margins: [usize; 4],
) -> (Vec<Hypothesis>, Vec<Failure>) {
    let mut out = Vec::new();
    let mut failures = Vec::new();
    let clock = std::time::Instant::now();
    let prof = edges::profiles(t, width, height);
    match edges::find_on(t, &prof, width, height, cells, margins) {
        Ok(lattice) => {
            let finder = if lattice.pixel {
                Finder::Pixel
            } else {
                Finder::Edges
            };
            let lattice = edges::grow_into_wall(t, lattice);
            out.push(Hypothesis { finder, lattice });
        }
        Err(why) => failures.push(why),
    }
    trace!("edges in {:?}", clock.elapsed());
    // A tiny picture may be a grid of one cell per pixel whatever its edges say.
    let tiny = width.max(height) <= super::TINY;
    if cells == Cells::Auto && tiny && !out.iter().any(|h| h.lattice.pixel) {
        out.push(Hypothesis {
            finder: Finder::Pixel,
            lattice: Lattice::pixel(width, height),
        });
    }
    if cells == Cells::Auto {
        for found in blocks::find_on(t, &prof, width, height, margins) {
            match found {
                Ok(lattice) => out.push(Hypothesis {
                    finder: Finder::Blocks,
                    lattice,
                }),
                Err(why) => failures.push(why),
            }
        }
        trace!("blocks in {:?}", clock.elapsed());
        for dark in [true, false] {
            match lines::find(t, width, height, dark) {
                Ok(lattice) => out.push(Hypothesis {
                    finder: Finder::Lines,
                    lattice,
                }),
                Err(why) => failures.push(why),
            }
            trace!("lines ({dark}) in {:?}", clock.elapsed());
        }
    }
    (out, failures)
}
