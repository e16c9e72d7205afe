"""scripts/bench_tilings.py: its arguments, what it says it found or skipped, and one small
measurement through mazegraph's Python package (no network, no other library needed)."""

import importlib.util

import pytest

from conftest import ROOT


def load():
    spec = importlib.util.spec_from_file_location("bench_tilings", ROOT / "scripts" / "bench_tilings.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bad_arguments_are_refused(capsys):
    bench = load()
    for args in (["--tilings", "square"], ["--algorithms", "eller"], ["--makers", "knossos"],
                 ["--runs", "0"]):
        with pytest.raises(SystemExit) as e:
            bench.parse(args)
        assert e.value.code == 2
    assert "unknown maker: knossos" in capsys.readouterr().err
    a = bench.parse(["--makers", "cli,python,pymaze", "--tilings", "theta"])
    assert a.makers == ["mazegraph (CLI)", "mazegraph (Python)", "pymaze"]
    assert a.tilings == ["theta"]


def test_it_says_what_it_found_and_skips_the_rest(capsys):
    bench = load()
    bench.main(["--list", "--bin", "/nonexistent/mazegraph"])
    out = capsys.readouterr().out
    assert "mazegraph CLI: skipped, no executable /nonexistent/mazegraph" in out
    assert "found: mazegraph (Python)" in out  # this interpreter runs the tests
    for lib in bench.LIBRARIES:
        assert (f"found: {lib} " in out) != (f"skipped: {lib}: not installed here" in out), lib
    for name in bench.NOT_HERE:
        assert f"not benchmarked: {name}: " in out


def test_one_measurement(capsys):
    bench = load()
    bench.main(["--quick", "--tilings", "theta", "--algorithms", "backtracker", "--runs", "1",
                "--makers", "python", "--bin", "/nonexistent/mazegraph"])
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("| theta | 50 | backtracker |"))
    cells = [c.strip() for c in row.split("|")[1:-1]]
    assert cells[3] == "mazegraph (Python)"
    assert cells[4] == "5,599"  # the rooms of 50 rings
    assert int(cells[8]) > 0  # a path was found
