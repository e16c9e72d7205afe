#!/usr/bin/env bash
# The main job on the bundled data: converts every maze and graph in data/ to every format,
# into out/ (override with OUT=dir), and checks each conversion is equal to its source.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out}
echo "demo: building mazegraph (release: a few minutes the first time, on 2 cores about 8)"
cargo build --release
MG="${CARGO_TARGET_DIR:-target}/release/mazegraph"
mkdir -p "$OUT"
formats="png txt json adj graph.json dot graphml gml edges"
echo "demo: converting every maze and graph in data/ to every format ($formats), into $OUT/"
n=0
cannot=()
for f in data/*.png data/*.txt data/*.json data/*.adj; do
  base=$(basename "$f"); base=${base%%.*}
  for to in $formats; do
    dest="$OUT/$base.$to"
    if "$MG" convert "$f" -o "$dest" --quiet 2>"$OUT/err.log"; then
      "$MG" equal "$f" "$dest" --quiet
      n=$((n + 1))
    else
      # Some formats cannot hold some mazes (a picture holds 2 axes, an edge list no
      # isolated cell): mazegraph refuses them with one line, which is what we show.
      cannot+=("$f -> $to: $(sed 's/^mazegraph: error: //' "$OUT/err.log")")
    fi
  done
done
rm -f "$OUT/err.log"
echo "demo: $n conversions written to $OUT/, each equal to its source"
if [ ${#cannot[@]} -gt 0 ]; then
  echo "demo: ${#cannot[@]} conversions cannot be made, as expected, and are refused in one line:"
  printf '  %s\n' "${cannot[@]}"
fi

# Solve every maze in data/ by dead-end filling (pictures and JSON), then all at once in parallel.
for f in data/*.png data/*.txt data/*.json; do
  base=$(basename "$f"); base=${base%%.*}
  case "$f" in *.png) ext=png ;; *) ext=json ;; esac
  "$MG" solve "$f" -o "$OUT/$base.solved.$ext" --quiet
done
"$MG" solve data/*.png data/*.txt data/*.json -j 2

# Games: the maze's orientation and its attractor (the set of shortest solutions), and a parity game.
"$MG" attractor data/perfect15x20.png --to png -o "$OUT/perfect15x20.attractor.png" --quiet
"$MG" attractor data/cube.json --to json -o "$OUT/cube.attractor.json" --quiet
"$MG" solve-game data/game.pg -o "$OUT/game.sol" --quiet
"$MG" solve-game data/game.pg --check "$OUT/game.sol" --quiet
# The parity game in the other game formats; the maze's reachability game as a .pg for Oink.
"$MG" convert data/game.pg -o "$OUT/game.game.json" --quiet
"$MG" convert data/game.pg -o "$OUT/game.game.dot" --quiet
"$MG" convert data/perfect15x20.png -o "$OUT/perfect15x20.pg" --quiet
"$MG" solve-game "$OUT/perfect15x20.pg" --quiet >/dev/null
echo "demo: attractors, the parity game solved and converted, the maze's game, into $OUT/"

# Pictures: scaled, with the solution and the filled dead ends; a 3-D maze as slices.
"$MG" render data/perfect15x20.png -o "$OUT/perfect15x20.render.png" --scale 8 --overlay filled,solution
"$MG" render data/portals.txt -o "$OUT/portals.render.svg" --scale 12 --overlay solution,portals
"$MG" render data/cube.json -o "$OUT/cube.render.png" --overlay solution   # about 640 px across
"$MG" render data/perfect15x20.png -o "$OUT/perfect15x20.attractor.render.png" --scale 8 --overlay attractor
echo "demo: pictures rendered into $OUT/"

# Graph pictures through Graphviz (skipped when it is not installed).
if command -v dot >/dev/null; then
  "$MG" draw data/perfect15x20.png -o "$OUT/perfect15x20.junctions.svg" --junctions
  "$MG" draw data/seed.adj -o "$OUT/seed.graph.png"
  "$MG" draw data/game.pg -o "$OUT/game.pdf"
  echo "demo: Graphviz drawings into $OUT/"
else
  echo "demo: Graphviz is not installed; skipping mazegraph draw"
fi
# A gamebook from the perfect maze: numbered sections, choices, endings.
"$MG" gamebook data/perfect15x20.png -o "$OUT/perfect15x20.book.md" --seed 1 --quiet
echo "demo: gamebook written to $OUT/perfect15x20.book.md"
# Statistics: a maze's class and figures, its tree view, and the seeds' experiment (small).
"$MG" stats data/perfect15x20.png --tree "$OUT/perfect15x20.tree.dot" -o "$OUT/perfect15x20.stats.json"
"$MG" experiment --size 20x20 --runs 20 -o "$OUT/experiment.md" --chart "$OUT/experiment.svg" --quiet
echo "demo: stats, tree view and a 20x20 experiment written to $OUT/"
