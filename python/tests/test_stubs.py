"""The type stubs (python/mazegraph/_native.pyi) match the module (mypy's stubtest)."""

import subprocess
import sys

import pytest


def test_the_stubs_match_the_module(tmp_path):
    pytest.importorskip("mypy", reason="stubtest needs mypy (CI installs it)")
    run = subprocess.run(  # in tmp_path: mypy's cache is not left in the tree
        [sys.executable, "-m", "mypy.stubtest", "mazegraph"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stdout + run.stderr
