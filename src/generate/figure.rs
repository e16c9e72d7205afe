//! The built-in shapes by name ([`Figure`]), and the one way every front end (the command
//! line, the playground's API, the Python package) turns a shape, a size and transforms into
//! the rooms to carve: [`shaped_lattice`] (and [`transformed_lattice`] with linear maps), which
//! check every box along the way against the limits from the sizes alone, before any of it is
//! made.
//!
//! ```
//! use mazegraph::generate::{shaped_lattice, Figure};
//! use mazegraph::grid::Limits;
//! let diamond = shaped_lattice(Figure::Diamond, &[9, 9], None, &Limits::default()).unwrap();
//! assert_eq!(diamond.room_count(), 41);
//! // 60000×60000 rooms are 14.4 billion cells: refused at once, nothing built.
//! let big = shaped_lattice(Figure::Ellipse, &[60000, 60000], None, &Limits::default());
//! assert!(big.unwrap_err().to_string().contains("14400240001 cells"));
//! ```

#[cfg(feature = "transform")]
use super::Transform;
use super::{Lattice, Mask};
use crate::error::{Error, Result};
use crate::grid::Limits;

/// Share of the distance between two turns of a spiral that its band of rooms takes.
pub const SPIRAL_BAND: f64 = 0.6;

/// A built-in shape of rooms, inscribed in the box of the maze's size ([`Figure::describe`]
/// says what each is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // Figure::describe documents each
pub enum Figure {
    Box,
    Diamond,
    Ellipse,
    Triangle,
    Spiral,
    DoubleSpiral,
}

impl Figure {
    /// Every figure, in the order the front ends list them.
    pub const ALL: [Figure; 6] = [
        Figure::Box,
        Figure::Diamond,
        Figure::Ellipse,
        Figure::Triangle,
        Figure::Spiral,
        Figure::DoubleSpiral,
    ];

    /// The figure's name: `box`, `diamond`, `ellipse`, `triangle`, `spiral`, `double-spiral`.
    pub fn name(self) -> &'static str {
        match self {
            Figure::Box => "box",
            Figure::Diamond => "diamond",
            Figure::Ellipse => "ellipse",
            Figure::Triangle => "triangle",
            Figure::Spiral => "spiral",
            Figure::DoubleSpiral => "double-spiral",
        }
    }

    /// The figure named `name` ([`Figure::name`]; `_` may stand for `-`).
    ///
    /// ```
    /// use mazegraph::generate::Figure;
    /// assert_eq!(Figure::from_name("double_spiral").unwrap(), Figure::DoubleSpiral);
    /// assert!(Figure::from_name("star").unwrap_err().to_string().contains("ellipse"));
    /// ```
    pub fn from_name(name: &str) -> Result<Figure> {
        let wanted = name.trim().to_ascii_lowercase().replace('_', "-");
        Figure::ALL
            .into_iter()
            .find(|f| f.name() == wanted)
            .ok_or_else(|| {
                let names: Vec<&str> = Figure::ALL.iter().map(|f| f.name()).collect();
                Error::Unsupported(format!(
                    "shape {name:?}: expected one of {}",
                    names.join(", ")
                ))
            })
    }

    /// One line on what the figure is, for a command's help.
    pub fn describe(self) -> &'static str {
        match self {
            Figure::Box => "The whole box.",
            Figure::Diamond => "The diamond inscribed in the box (n-D: the L1 ball).",
            Figure::Ellipse => "The ellipse inscribed in the box (n-D: the L2 ball).",
            Figure::Triangle => {
                "Apex at the middle of the first row, base on the last row (n-D: a pyramid)."
            }
            Figure::Spiral => "An Archimedean spiral band winding out from the centre (2-D).",
            Figure::DoubleSpiral => {
                "Two spiral arms joined at the centre: in along one, out along the other (2-D)."
            }
        }
    }

    /// Whether the figure takes a number of turns (the spirals).
    pub fn has_turns(self) -> bool {
        self.arms() > 0
    }

    /// Arms of a spiral figure; 0 for the others.
    fn arms(self) -> usize {
        match self {
            Figure::Spiral => 1,
            Figure::DoubleSpiral => 2,
            _ => 0,
        }
    }

    /// The turns a spiral figure makes in a box of `dims` rooms when none are asked for: a
    /// band about 4 rooms wide, at least one turn.
    pub fn default_turns(self, dims: &[usize]) -> f64 {
        let radius = dims.iter().copied().min().unwrap_or(1) as f64 / 2.0;
        (radius / (7.0 * self.arms().max(1) as f64)).max(1.0)
    }

    /// The mask of this figure over `dims` rooms, refused by [`Mask::check_size`] before it
    /// is made. `turns` is for the spirals (default [`Figure::default_turns`]); it is refused
    /// for the other figures, and for a spiral it is more than 0 and at most one turn per
    /// room of the box's radius.
    ///
    /// Complexity: O(rooms of the box).
    pub fn mask(self, dims: &[usize], turns: Option<f64>, limits: &Limits) -> Result<Mask> {
        let arms = self.arms();
        if arms == 0 && turns.is_some() {
            return Err(Error::InvalidMaze(format!(
                "turns apply to the spiral shapes, not to a {}",
                self.name()
            )));
        }
        Mask::check_size(dims, limits)?;
        match self {
            Figure::Box => Mask::full(dims),
            Figure::Diamond => Mask::diamond(dims),
            Figure::Ellipse => Mask::ellipse(dims),
            Figure::Triangle => Mask::triangle(dims),
            Figure::Spiral | Figure::DoubleSpiral => {
                let turns = turns.unwrap_or_else(|| self.default_turns(dims));
                // More turns than rooms of radius leave bands thinner than a room.
                let radius = (dims.iter().copied().min().unwrap_or(1) / 2).max(1);
                if !(turns.is_finite() && turns > 0.0 && turns <= radius as f64) {
                    return Err(Error::InvalidMaze(format!(
                        "a spiral of {radius} rooms' radius has room for more than 0 and at most {radius} turns, not {}",
                        short_number(turns)
                    )));
                }
                Mask::spiral_arms(dims, turns, SPIRAL_BAND, arms)
            }
        }
    }
}

/// A number as a person reads it: `1e300`, not three hundred digits.
fn short_number(x: f64) -> String {
    if x.is_finite() && x.abs() >= 1e6 {
        format!("{x:e}")
    } else {
        x.to_string()
    }
}

/// The rooms to carve: `figure` in a box of `dims` rooms (`turns` for a spiral, see
/// [`Figure::mask`]), checked against `limits` from the sizes alone ([`Mask::check_size`])
/// before anything is made; the whole box needs no mask at all.
///
/// Complexity: O(rooms of the box).
pub fn shaped_lattice(
    figure: Figure,
    dims: &[usize],
    turns: Option<f64>,
    limits: &Limits,
) -> Result<Lattice> {
    if figure == Figure::Box && turns.is_none() {
        return Lattice::new(dims, limits);
    }
    Lattice::from_mask(&figure.mask(dims, turns, limits)?, limits)
}

/// [`shaped_lattice`], then the mask mapped by each of `transforms` in order. Every box along
/// the way, the transforms' images included, is checked against `limits` from the sizes alone
/// ([`check_images`]) before the first mask is made.
///
/// Complexity: O(rooms of the largest box along the way · axes²).
#[cfg(feature = "transform")]
pub fn transformed_lattice(
    figure: Figure,
    dims: &[usize],
    turns: Option<f64>,
    transforms: &[Transform],
    limits: &Limits,
) -> Result<Lattice> {
    if transforms.is_empty() {
        return shaped_lattice(figure, dims, turns, limits);
    }
    check_images(dims, transforms, limits)?;
    let mut mask = figure.mask(dims, turns, limits)?;
    for t in transforms {
        mask = mask.transformed(t, limits)?;
    }
    Lattice::from_mask(&mask, limits)
}

/// Refuses, from the sizes alone, a mask over `dims` rooms mapped by `transforms` in order
/// when any box along the way is over `limits` ([`Mask::check_size`]).
#[cfg(feature = "transform")]
pub fn check_images(dims: &[usize], transforms: &[Transform], limits: &Limits) -> Result<()> {
    Mask::check_size(dims, limits)?;
    let mut image = dims.to_vec();
    for t in transforms {
        image = Mask::image_dims(&image, t, limits)?;
        Mask::check_size(&image, limits)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for f in Figure::ALL {
            assert_eq!(Figure::from_name(f.name()).unwrap(), f);
        }
        assert!(Figure::from_name("").is_err());
    }

    #[test]
    fn the_box_is_the_plain_lattice() {
        let l = Limits::default();
        let a = shaped_lattice(Figure::Box, &[5, 7], None, &l).unwrap();
        assert!(a.is_full());
        assert_eq!(a.room_count(), 35);
    }

    #[test]
    fn sizes_are_refused_before_anything_is_made() {
        let l = Limits::default();
        for f in Figure::ALL {
            let e = shaped_lattice(f, &[70000, 70000], None, &l).unwrap_err();
            assert!(matches!(e, Error::TooLarge { .. }), "{f:?}: {e}");
        }
        let small = Limits {
            max_bytes: 1 << 20,
            ..Limits::default()
        };
        let e = shaped_lattice(Figure::Ellipse, &[3000, 3000], None, &small).unwrap_err();
        assert!(matches!(e, Error::OverBudget { .. }), "{e}");
    }

    #[cfg(feature = "transform")]
    #[test]
    fn a_transform_is_refused_by_the_size_of_its_image() {
        let l = Limits::default();
        let grow = Transform::scale(&[40.0, 40.0]).unwrap();
        let e = transformed_lattice(Figure::Diamond, &[2000, 2000], None, &[grow], &l).unwrap_err();
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
        let turn = Transform::rotation(2, 0, 1, 30.0).unwrap();
        let ok = transformed_lattice(Figure::Box, &[10, 20], None, &[turn], &l).unwrap();
        assert!(ok.room_count() > 150);
    }

    #[test]
    fn turns_are_bounded_by_the_radius() {
        let l = Limits::default();
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, 21.0, 1e300] {
            let e = Figure::Spiral.mask(&[40, 40], Some(bad), &l).unwrap_err();
            let text = e.to_string();
            assert!(text.contains("at most 20 turns"), "{text}");
            assert!(text.len() < 120, "{text}");
        }
        assert!(Figure::Spiral.mask(&[40, 40], Some(20.0), &l).is_ok());
        assert!(Figure::Diamond.mask(&[40, 40], Some(2.0), &l).is_err());
    }
}
