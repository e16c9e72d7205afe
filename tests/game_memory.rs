//! Zielonka's algorithm in O(V) memory at any depth of its recursion (issue 25): a game with as
//! many priorities as vertices, where each level of the recursion takes one vertex out, used to
//! hold a list of the rest at every level (O(V²): 290 MB at 8000 vertices). Alone in its test
//! binary, so that the children's peak resident memory (`getrusage(RUSAGE_CHILDREN)`) is this
//! one run's.

use assert_cmd::Command;

/// Vertex i: priority 2i (all even: player 0 wins everywhere and no level loses anything, so
/// the recursion goes one level a vertex), a self-loop and an edge down to i − 1.
fn deep_game(n: usize) -> String {
    let mut text = format!("parity {};\n", n - 1);
    for i in 0..n {
        let down = if i > 0 {
            format!(",{}", i - 1)
        } else {
            String::new()
        };
        text.push_str(&format!("{i} {} {} {i}{down};\n", 2 * i, i % 2));
    }
    text
}

#[test]
fn zielonka_holds_one_array_whatever_the_depth() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("deep.pg");
    std::fs::write(&game, deep_game(4000)).unwrap();
    let out = Command::cargo_bin("mazegraph")
        .unwrap()
        .args(["solve-game", "--method", "zielonka", "-q"])
        .arg(&game)
        .timeout(std::time::Duration::from_secs(300))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains("player 0 wins 4000 of 4000 vertices"),
        "{said}"
    );
    // SAFETY: getrusage fills the struct it is given.
    let peak_kib = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage), 0);
        usage.ru_maxrss
    };
    // The lists of the old recursion alone were 4000²·8 bytes (128 MB); the game, the
    // solver's arrays and the program take a few MB.
    assert!(peak_kib < 48 * 1024, "peak {peak_kib} KiB");
}
