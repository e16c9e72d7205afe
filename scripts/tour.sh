#!/usr/bin/env bash
# Runs the README's short tour exactly as written, from the clone's root (CI runs it): every
# output goes into tour/ (ignored by git), and the working tree must be as clean afterwards as
# before. Needs Graphviz for its one `neato` line.
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
echo "tour: ran as written, $(find tour -type f | wc -l) files in tour/"
