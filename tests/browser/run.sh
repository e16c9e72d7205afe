#!/usr/bin/env bash
# The playground's browser test: headless Chromium (the system's) against `mazegraph serve`.
# Installs what it needs (chromium with apt-get, playwright-core with npm ci) and skips with a
# message when it cannot; then builds the binary and runs playground.test.js.
# Screenshots: tests/browser/artefacts/ (or $SCREENSHOTS).
set -euo pipefail
cd "$(dirname "$0")"
browser=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$browser" ]; then
  (apt-get update -qq && apt-get install -y -qq chromium >/dev/null 2>&1) || true
fi
if [ ! -x "$browser" ]; then
  echo "chromium could not be installed: the playground's browser test is skipped"
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  (apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null 2>&1) || true
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "node and npm could not be installed: the playground's browser test is skipped"
  exit 0
fi
npm ci --no-audit --no-fund --silent
cargo build --quiet --bin mazegraph
target=${CARGO_TARGET_DIR:-../../target}
CHROMIUM="$browser" node playground.test.js "$target/debug/mazegraph"
