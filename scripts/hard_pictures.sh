#!/usr/bin/env bash
# The hard-picture corpus, end to end (CI runs it): installs what scripts/make_hard_pictures.py
# needs (Chromium, poppler's pdftoppm and a font with apt-get; numpy, OpenCV, Pillow and
# reportlab, pinned, in .ci/hpvenv), builds mazegraph (release), writes the 177 pictures into
# target/hard-pictures/ and scores them with scripts/score_pictures.py --fail-on-wrong: the run
# fails when a picture is read as a wrong maze (exit 0 with the wrong graph), a non-maze is read
# as one, or a reading crashes or hangs. Refusals are counted, not failures. Skips with a note
# when the tools cannot be installed. About 3 minutes on 2 cores once built.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
if [ ${#need[@]} -gt 0 ]; then
  (apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null 2>&1) || true
fi
if ! command -v chromium >/dev/null 2>&1 || ! command -v pdftoppm >/dev/null 2>&1; then
  echo "hard pictures: chromium or pdftoppm could not be installed; skipped"
  exit 0
fi
venv=.ci/hpvenv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/pip" install --quiet --disable-pip-version-check numpy==2.4.6 \
  opencv-python-headless==5.0.0.93 Pillow==13.0.0 reportlab==5.1.0; then
  echo "hard pictures: the Python packages could not be installed; skipped"
  exit 0
fi
cargo build --release --quiet
"$venv/bin/python" scripts/make_hard_pictures.py --out target/hard-pictures --jobs 2
python3 scripts/score_pictures.py --dir target/hard-pictures --jobs 2 --fail-on-wrong
