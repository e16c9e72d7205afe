//! Any bytes read as a JPEG, BMP, GIF or WebP maze picture (the first byte picks which): an
//! error or a well-formed maze, never a panic, hang or huge allocation.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mazegraph::format::Format;

fuzz_target!(|data: &[u8]| {
    let [sel, rest @ ..] = data else { return };
    let formats = [Format::Jpeg, Format::Bmp, Format::Gif, Format::Webp];
    mazegraph_fuzz::read(formats[(sel & 3) as usize], rest);
});
