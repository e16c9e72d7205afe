#!/usr/bin/env bash
# Runs the README's short tour exactly as written, from the clone's root (CI runs it): every
# output goes into tour/ (ignored by git), and the working tree must be as clean afterwards as
# before, and what it leaves must be pictures a person can look at (checked at the end). Needs
# Graphviz for its one `neato` line.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "tour: building mazegraph (release)"
cargo build --release --quiet
script=$(mktemp)
trap 'rm -f "$script"' EXIT
awk '/^## A short tour/{f=1} f&&/^```sh/{g=1;next} g&&/^```/{exit} g{print}' README.md >"$script"
before=$(git status --porcelain)
# The tour's first line is an alias, as a reader types it: a script needs expand_aliases.
bash -O expand_aliases -e "$script" >/dev/null
after=$(git status --porcelain)
if [ "$before" != "$after" ]; then
  echo "tour: the tour left files in the repository:" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  exit 1
fi
# What the tour leaves is for a person to look at: every PNG at least 200 pixels across (but
# for a tiny maze at one pixel per cell, the convention maze pictures follow: at most 40×40
# pixels), and no file over 10 MB.
bad=0
while IFS= read -r -d '' f; do
  size=$(wc -c <"$f")
  if [ "$size" -gt $((10 * 1024 * 1024)) ]; then
    echo "tour: $f is $size bytes, over 10 MB" >&2
    bad=1
  fi
  case "$f" in
    *.png)
      # Width and height: the big-endian words at bytes 16 and 20 of the PNG header.
      read -r width height < <(od -An -tu1 -j16 -N8 "$f" |
        awk '{print $1*16777216 + $2*65536 + $3*256 + $4, $5*16777216 + $6*65536 + $7*256 + $8}')
      if [ "$width" -lt 200 ] && [ $((width * height)) -gt $((40 * 40)) ]; then
        echo "tour: $f is ${width}×${height} pixels, a thumbnail: draw it with render" >&2
        bad=1
      fi
      ;;
  esac
done < <(find tour -type f -print0)
if [ "$bad" -ne 0 ]; then
  exit 1
fi
echo "tour: ran as written, $(find tour -type f | wc -l) files in tour/"
