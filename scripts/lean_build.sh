#!/usr/bin/env bash
# What a library user pays to depend on mazegraph: a one-file program that reads a PNG maze
# and solves it, depending on this checkout by path, built from scratch (a fresh target
# directory, debug) with mazegraph's default features and with `default-features = false`.
# Prints, for each, the packages compiled, the normal and build dependencies `cargo tree`
# lists, and the wall-clock build time; then runs the program on data/perfect15x20.png.
#
# Usage: bash scripts/lean_build.sh [lean|default]...   (both by default)
# Everything is built under a temporary directory, removed at the end. The crates must be in
# cargo's registry cache or reachable (crates.io). Timings depend on the machine and its load.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(lean default)

echo "| mazegraph dependency | packages compiled | cargo tree (normal + build) | clean debug build |"
echo "|---|---|---|---|"
for case in "${cases[@]}"; do
  case "$case" in
    lean) dep="{ path = \"$repo\", default-features = false }" ;;
    default) dep="{ path = \"$repo\" }" ;;
    *) echo "unknown case $case (lean or default)" >&2; exit 2 ;;
  esac
  app="$work/$case"
  mkdir -p "$app/src"
  cat >"$app/Cargo.toml" <<EOF
[package]
name = "solve-png"
version = "0.1.0"
edition = "2021"

[dependencies]
mazegraph = $dep
EOF
  cat >"$app/src/main.rs" <<'EOF'
use mazegraph::solve::{solve, Method};
use mazegraph::Maze;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: solve-png MAZE.png")?;
    let maze = Maze::open(&path)?;
    let solution = solve(&maze, Method::DeadEnd)?;
    println!("{path}: a path of {:?} steps", solution.length);
    Ok(())
}
EOF
  # The same dependency versions as mazegraph's own lock file.
  cp "$repo/Cargo.lock" "$app/Cargo.lock"
  export CARGO_TARGET_DIR="$app/target"
  tree=$(cd "$app" && cargo tree -e normal,build --prefix none |
    sed 's/ (\*)//; s/ (proc-macro)//; s/ (.*)$//' | sort -u | grep -vc '^solve-png ')
  start=$(date +%s.%N)
  log=$(cd "$app" && cargo build 2>&1) || { echo "$log" >&2; exit 1; }
  end=$(date +%s.%N)
  compiled=$(echo "$log" | grep -E '^ *Compiling ' | grep -vc ' solve-png ')
  secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.0f", b - a }')
  echo "| $case: \`mazegraph = $(echo "$dep" | sed "s|$repo|..|")\` | $compiled | $tree | ${secs} s |"
  "$CARGO_TARGET_DIR/debug/solve-png" "$repo/data/perfect15x20.png" >&2
  rm -rf "$CARGO_TARGET_DIR"
done
