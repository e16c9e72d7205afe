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
update=0
notebooks=()
for arg in "$@"; do
  case "$arg" in
    --update) update=1 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    -*) echo "notebooks.sh: unknown option $arg" >&2; exit 2 ;;
    *) notebooks+=("$arg") ;;
  esac
done
if [ ${#notebooks[@]} -eq 0 ]; then
  notebooks=(notebooks/*.ipynb)
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

export EVCXR_TMPDIR=${EVCXR_TMPDIR:-$root/target/notebooks/evcxr}
mkdir -p "$EVCXR_TMPDIR"
timeout=${NOTEBOOK_CELL_TIMEOUT:-900}
# nbconvert starts each kernel in the notebook's own directory: `:dep mazegraph = { path =
# ".." }` is the checkout.
common=(nbconvert --to notebook --execute
  --ExecutePreprocessor.kernel_name=rust
  --ExecutePreprocessor.timeout="$timeout"
  --ExecutePreprocessor.record_timing=False)
if [ "$update" = 0 ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
fi
for nb in "${notebooks[@]}"; do
  start=$(date +%s)
  if [ "$update" = 1 ]; then
    "$jupyter" "${common[@]}" --inplace "$nb" 2>"$EVCXR_TMPDIR/nbconvert.log" || {
      cat "$EVCXR_TMPDIR/nbconvert.log" >&2; exit 1; }
  else
    "$jupyter" "${common[@]}" --output-dir "$tmp" "$nb" 2>"$EVCXR_TMPDIR/nbconvert.log" || {
      cat "$EVCXR_TMPDIR/nbconvert.log" >&2; exit 1; }
  fi
  echo "notebooks.sh: $nb ran in $(( $(date +%s) - start )) s"
done
