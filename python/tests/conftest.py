"""Shared fixtures of the Python package's tests (run after `pip install .`)."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "data"

#: The repository's mazes (data/ ships with the repository; nothing here reads files outside it).
MAZES = ["perfect15x20.png", "seed.txt", "portals.txt", "cube.json", "seed.adj"]


@pytest.fixture
def data():
    return DATA


def cli_error(*args):
    """The error line the command-line tool prints for `mazegraph ARGS`, without its
    'mazegraph: error: ' prefix, its flags named as the package's keywords (`--max-cells` as
    `max_cells=`, as the package says it); None when MAZEGRAPH_CLI (the binary's path) is not
    set."""
    from mazegraph import _native

    binary = os.environ.get("MAZEGRAPH_CLI")
    if not binary:
        return None
    run = subprocess.run([binary, "--quiet", *map(str, args)], capture_output=True, text=True)
    assert run.returncode == 2, run
    line = run.stderr.strip().splitlines()[-1]
    prefix = "mazegraph: error: "
    assert line.startswith(prefix), line
    return _native._pythonic(line[len(prefix):])
