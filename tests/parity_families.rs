//! Oink's lower-bound families (games made by the generators Oink ships, committed in
//! tests/games/oink-families/; its README says how): `solve-game` with the default method
//! solves each, its solution passes `solve-game --check`, and tangle learning finds the same
//! winners. Every run is bounded by a watchdog (a run past it is killed and the test fails);
//! nothing is asserted about time otherwise. The README marks the games on which priority
//! promotion alone takes more than a few seconds.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

mod common;
use common::*;

/// How long one `solve-game` may run before it is killed and the test fails.
const WATCHDOG: Duration = Duration::from_secs(60);

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/oink-families")
}

/// The family of a committed game: its name up to the last `-`.
fn family_of(p: &Path) -> String {
    let stem = p.file_stem().unwrap().to_string_lossy();
    stem.rsplit_once('-').map_or(&*stem, |(f, _)| f).to_string()
}

/// The committed games, sorted by name.
fn games() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = fs::read_dir(folder())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pg"))
        .collect();
    out.sort();
    out
}

/// Winner per vertex of a paritysol file (`vertex winner [move];`).
fn winners(sol: &Path) -> Vec<(u64, u8)> {
    let text = fs::read_to_string(sol).unwrap();
    let mut out: Vec<(u64, u8)> = text
        .split(';')
        .map(str::split_whitespace)
        .filter_map(|mut w| {
            let v = w.next()?;
            if v == "paritysol" {
                return None;
            }
            Some((v.parse().unwrap(), w.next()?.parse().unwrap()))
        })
        .collect();
    out.sort_unstable();
    out
}

/// Runs `mazegraph ARGS` under the watchdog; `Err` says what went wrong.
fn run(args: &[&str]) -> Result<(), String> {
    let out = mg().args(args).timeout(WATCHDOG).output().unwrap();
    if out.status.success() {
        return Ok(());
    }
    Err(match out.status.code() {
        None => format!("`mazegraph {}` killed after {WATCHDOG:?}", args.join(" ")),
        Some(c) => format!(
            "`mazegraph {}` exited with {c}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ),
    })
}

/// Solves `game` with the default method and checks the solution; solves it with tangle
/// learning and with recursive tangle learning (and checks that solution too) and compares the
/// winners.
fn solve_check_compare(game: &Path) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    let (g, def) = (s(game), dir.path().join("d.sol"));
    run(&["solve-game", g, "-q", "-o", s(&def)])?;
    run(&["solve-game", g, "-q", "--check", s(&def)])?;
    let a = winners(&def);
    for method in ["tangle", "rtl"] {
        let sol = dir.path().join(format!("{method}.sol"));
        run(&["solve-game", g, "-q", "--method", method, "-o", s(&sol)])?;
        run(&["solve-game", g, "-q", "--check", s(&sol)])?;
        let b = winners(&sol);
        if a.is_empty() || a != b {
            return Err(format!(
                "the default's winners ({} vertices) differ from {method}'s ({})",
                a.len(),
                b.len()
            ));
        }
    }
    Ok(())
}

/// Every committed game of `family`, all of them tried before the test fails.
fn family(family: &str) {
    let games: Vec<PathBuf> = games()
        .into_iter()
        .filter(|p| family_of(p) == family)
        .collect();
    assert!(!games.is_empty(), "no committed game of {family}");
    let failures: Vec<String> = games
        .iter()
        .filter_map(|g| {
            let name = g.file_name().unwrap().to_string_lossy().to_string();
            solve_check_compare(g).err().map(|e| format!("{name}: {e}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_committed_game_belongs_to_a_tested_family() {
    let games = games();
    assert!(games.len() >= 2 * FAMILIES.len());
    for g in &games {
        assert!(
            FAMILIES.contains(&family_of(g).as_str()),
            "{} belongs to no family of this test",
            g.display()
        );
    }
    let readme = fs::read_to_string(folder().join("README.md")).unwrap();
    for g in &games {
        let name = g.file_name().unwrap().to_string_lossy();
        assert!(readme.contains(&*name), "the README does not list {name}");
    }
    assert!(folder().join("LICENSE.oink").is_file());
}

/// Priority promotion alone (the portfolio's other half) on the families it solves fast:
/// checked, and the same winners as the default.
#[test]
fn priority_promotion_alone_on_its_families() {
    let ours: Vec<PathBuf> = games()
        .into_iter()
        .filter(|p| {
            [
                "tc",
                "tc+",
                "counter_qpt",
                "counter_rob",
                "rngame",
                "stgame",
            ]
            .contains(&family_of(p).as_str())
        })
        .collect();
    assert!(ours.len() >= 12, "{ours:?}");
    let failures: Vec<String> = ours
        .into_iter()
        .filter_map(|game| {
            let dir = tempfile::tempdir().unwrap();
            let (g, def, pp) = (
                s(&game),
                dir.path().join("d.sol"),
                dir.path().join("pp.sol"),
            );
            let answer = run(&["solve-game", g, "-q", "-o", s(&def)])
                .and_then(|()| run(&["solve-game", g, "-q", "--method", "pp", "-o", s(&pp)]))
                .and_then(|()| run(&["solve-game", g, "-q", "--check", s(&pp)]))
                .and_then(|()| {
                    let (a, b) = (winners(&def), winners(&pp));
                    if a.is_empty() || a != b {
                        Err("priority promotion's winners differ from the default's".to_string())
                    } else {
                        Ok(())
                    }
                });
            answer.err().map(|e| format!("{}: {e}", game.display()))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

macro_rules! families {
    ($($test:ident => $name:literal),* $(,)?) => {
        /// The families, as the committed files' names begin (`FAMILY-N.pg`).
        const FAMILIES: &[&str] = &[$($name),*];
        $(
            #[test]
            fn $test() {
                family($name);
            }
        )*
    };
}

families! {
    counter_core => "counter_core",
    counter_dp => "counter_dp",
    counter_m => "counter_m",
    counter_ortl => "counter_ortl",
    counter_qpt => "counter_qpt",
    counter_rob => "counter_rob",
    counter_rr => "counter_rr",
    counter_symsi => "counter_symsi",
    rngame => "rngame",
    stgame => "stgame",
    tc => "tc",
    tc_plus => "tc+",
}
