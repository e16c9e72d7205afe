"""mazegraph.dataset writes what `mazegraph dataset` writes; its errors are the CLI's."""

import pytest

from conftest import cli_error

import mazegraph


def test_the_shards_are_the_clis(tmp_path):
    import os
    import subprocess

    summary = mazegraph.dataset(tmp_path / "py", count=30, size=(5, 6), seed=9, shard_rows=16)
    assert summary["rows"] == 30 and summary["seeds_tried"] == 30 and summary["grader"] is None
    assert [s.rsplit("/", 1)[1] for s in summary["shards"]] == ["part-00000.parquet", "part-00001.parquet"]
    assert summary["bytes"] == sum(os.path.getsize(s) for s in summary["shards"])
    binary = os.environ.get("MAZEGRAPH_CLI")
    if binary:
        cli = tmp_path / "cli"
        args = ["dataset", "-q", "-o", cli, "-n", "30", "--size", "5x6", "--seed", "9", "--shard-rows", "16"]
        subprocess.run([binary, *map(str, args)], check=True)
        for s in summary["shards"]:
            name = s.rsplit("/", 1)[1]
            assert (cli / name).read_bytes() == (tmp_path / "py" / name).read_bytes()


def test_read_back_with_pyarrow(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet", reason="needs pyarrow")
    summary = mazegraph.dataset(tmp_path, count=20, size="4x4", difficulty="hard")
    assert summary["seeds_tried"] > 20
    easy_up_to, hard_from = summary["grader"]
    table = pq.read_table(tmp_path)
    assert table.num_rows == 20
    assert min(table.column("difficulty").to_pylist()) >= hard_from > easy_up_to
    # Each maze is the one generate makes from its seed.
    seed = table.column("seed")[0].as_py()
    maze = mazegraph.generate("backtracker", (4, 4), seed=seed)
    assert table.column("solution_length")[0].as_py() == maze.solve().length


def test_bad_arguments_are_the_clis_errors(tmp_path):
    with pytest.raises(mazegraph.MazeError) as e:
        mazegraph.dataset(tmp_path / "d", count=10**12)
    want = cli_error("dataset", "-o", tmp_path / "d", "-n", 10**12)
    if want is not None:
        assert str(e.value) == want
    assert "on disk" in str(e.value)
    with pytest.raises(mazegraph.MazeError, match="unknown difficulty"):
        mazegraph.dataset(tmp_path / "d", count=3, difficulty="extreme")
    with pytest.raises(mazegraph.MazeError, match="count: -1 is out of range"):
        mazegraph.dataset(tmp_path / "d", count=-1)
    with pytest.raises(mazegraph.MazeTypeError):
        mazegraph.dataset(tmp_path / "d", count="many")
    assert not (tmp_path / "d").exists()
