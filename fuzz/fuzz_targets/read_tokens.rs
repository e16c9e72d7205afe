//! Any bytes read as `tokens` (maze-dataset's tokens): an error or a well-formed item, never a
//! panic, hang or huge allocation.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mazegraph::format::Format;

fuzz_target!(|data: &[u8]| {
    mazegraph_fuzz::read(Format::Tokens, data);
});
