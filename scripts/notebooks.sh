#!/usr/bin/env bash
# Executes the Jupyter notebooks in notebooks/ headless with the evcxr Rust kernel.
#
#   scripts/notebooks.sh                 check: run every cell of every notebook into a
#                                        temporary directory; fail on the first error; the
#                                        committed notebooks are not touched (what CI runs)
#   scripts/notebooks.sh --update        run them in place: rewrites the committed outputs
#   scripts/notebooks.sh [--update] notebooks/tour.ipynb …   only these notebooks
#
# Installs what is missing: nbconvert and nbclient in the venv .ci/venv, evcxr_jupyter
# (cargo install --locked, pinned below) and its kernel spec "rust". Environment:
#   NOTEBOOK_CELL_TIMEOUT  seconds a cell may take (default 900: the first cell builds
#                          mazegraph and its dependencies)
#   EVCXR_TMPDIR           where evcxr builds (default target/notebooks/evcxr, shared by the
#                          notebooks, which run one after the other, so mazegraph is built once)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

EVCXR_VERSION=0.22.0
usage() {
  cat <<'USAGE'
Usage: scripts/notebooks.sh [--update] [NOTEBOOK.ipynb ...]

Runs the Rust notebooks in notebooks/ headless with the evcxr Jupyter kernel, every cell in
order, and fails on the first error.

  (no option)   check: run them into a temporary directory; the committed notebooks are not
                touched (what CI runs)
  --update      run them in place, rewriting their committed outputs
  NOTEBOOK      only these notebooks (default: every notebook in notebooks/ with the Rust
                kernel; notebooks/python.ipynb is run by CI's Python step)
  -h, --help    print this and exit

Installs what is missing: nbconvert and nbclient in the venv .ci/venv, evcxr_jupyter
(cargo install --locked, version pinned in the script) and its kernel spec "rust".

Environment:
  NOTEBOOK_CELL_TIMEOUT  seconds a cell may take (default 900: the first cell builds
                         mazegraph and its dependencies)
  EVCXR_TMPDIR           where evcxr builds (default target/notebooks/evcxr)
USAGE
}
update=0
notebooks=()
for arg in "$@"; do
  case "$arg" in
    --update) update=1 ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "notebooks.sh: unknown option $arg (see scripts/notebooks.sh --help)" >&2; exit 2 ;;
    *) notebooks+=("$arg") ;;
  esac
done
if [ ${#notebooks[@]} -eq 0 ]; then
  # The evcxr notebooks; notebooks/python.ipynb (Python kernel) is run by .ci/run's Python step.
  for nb in notebooks/*.ipynb; do
    if grep -q '"name": "rust"' "$nb"; then notebooks+=("$nb"); fi
  done
fi

# Jupyter (nbconvert runs the notebooks; nbclient talks to the kernel).
venv=.ci/venv
if ! "$venv/bin/python" -c 'import nbconvert, nbclient' 2>/dev/null; then
  echo "notebooks.sh: installing nbconvert and nbclient in $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check nbconvert nbclient
fi
jupyter=$root/$venv/bin/jupyter

# The evcxr kernel.
cargo_bin=${CARGO_INSTALL_ROOT:-${CARGO_HOME:-$HOME/.cargo}}/bin
export PATH="$PATH:$cargo_bin"
if ! command -v evcxr_jupyter >/dev/null 2>&1; then
  echo "notebooks.sh: installing evcxr_jupyter $EVCXR_VERSION (cargo install, a few minutes)"
  cargo install evcxr_jupyter --version "$EVCXR_VERSION" --locked --quiet
fi
if ! "$jupyter" kernelspec list 2>/dev/null | grep -q '^ *rust '; then
  evcxr_jupyter --install >/dev/null
fi

# evcxr's type inference (rust-analyzer) reads the standard library's sources.
if [ ! -d "$(rustc --print sysroot)/lib/rustlib/src/rust/library" ]; then
  echo "notebooks.sh: note: rust-src is not installed (rustup component add rust-src);" \
    "evcxr infers the types of variables less well without it" >&2
fi

export EVCXR_TMPDIR=${EVCXR_TMPDIR:-$root/target/notebooks/evcxr}
mkdir -p "$EVCXR_TMPDIR"
# evcxr resolves the dependencies of its own crate afresh; our lock file pins them to the
# versions the test suite runs with.
cp Cargo.lock "$EVCXR_TMPDIR/Cargo.lock"
timeout=${NOTEBOOK_CELL_TIMEOUT:-900}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for nb in "${notebooks[@]}"; do
  start=$(date +%s)
  name=$(basename "$nb")
  # nbconvert starts the kernel in the notebook's own directory, so `:dep mazegraph = { path =
  # ".." }` is this checkout. Errors are recorded in the notebook (evcxr's error replies carry
  # no traceback for nbconvert to print), then reported below.
  if ! "$jupyter" nbconvert --to notebook --execute --allow-errors \
      --ExecutePreprocessor.kernel_name=rust \
      --ExecutePreprocessor.timeout="$timeout" \
      --ExecutePreprocessor.record_timing=False \
      --output-dir "$tmp" "$nb" 2>"$tmp/nbconvert.log"; then
    cat "$tmp/nbconvert.log" >&2
    echo "notebooks.sh: $nb: nbconvert failed (a cell timed out after ${timeout} s, or the kernel died)" >&2
    exit 1
  fi
  # Merge consecutive stream outputs (the kernel sends each line alone), then report errors.
  if ! "$root/$venv/bin/python" - "$tmp/$name" <<'PY'
import sys
import nbformat
path = sys.argv[1]
nb = nbformat.read(path, as_version=4)
errors = 0
for k, cell in enumerate(nb.cells):
    merged = []
    for out in cell.get("outputs", []):
        last = merged[-1] if merged else None
        if (out.output_type == "stream" and last is not None
                and last.output_type == "stream" and last.name == out.name):
            last.text += out.text
            continue
        merged.append(out)
        if out.output_type == "error":
            errors += 1
            first = (cell.source.strip().splitlines() or [""])[0]
            print(f"cell {k} ({first} ...): {out.ename}: {out.evalue}", file=sys.stderr)
    if cell.cell_type == "code":
        cell.outputs = merged
nbformat.write(nb, path)
sys.exit(1 if errors else 0)
PY
  then
    echo "notebooks.sh: $nb has errors" >&2
    status=1
    continue
  fi
  if [ "$update" = 1 ]; then
    cp "$tmp/$name" "$nb"
  fi
  echo "notebooks.sh: $nb ran in $(( $(date +%s) - start )) s"
done
exit $status
