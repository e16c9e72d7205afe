//! The first byte picks an input and an output format; the rest is read, converted, written
//! and read back, and must come back equal.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    mazegraph_fuzz::roundtrip(data);
});
