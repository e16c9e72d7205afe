//! The font the library embeds, once for every user: DejaVu Sans (fonts-dejavu-core 2.37,
//! `assets/fonts/`, Bitstream Vera licence, which allows embedding and redistribution), for
//! the experiment's chart and the puzzle book's text.

/// DejaVu Sans, the TrueType file.
pub(crate) static DEJAVU_SANS: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
