//! Any bytes read as a generator mask (`mazegraph generate --mask FILE.png`): an error or a
//! mask, never a panic, hang or huge allocation.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    mazegraph_fuzz::read_mask(data);
});
