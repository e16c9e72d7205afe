//! The first byte picks an input and an output game format; the rest is read, written and
//! read back, and must come back as the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    mazegraph_fuzz::roundtrip_game(data);
});
