//! Any bytes read as a game (`game.json`): an error or a well-formed game, never a
//! panic, hang or huge allocation.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mazegraph::game::format::GameFormat;

fuzz_target!(|data: &[u8]| {
    mazegraph_fuzz::read_game(GameFormat::Json, data);
});
