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


def test_tiled_shards_are_the_clis_and_the_mazes_generate_makes(tmp_path):
    import json
    import os
    import subprocess

    summary = mazegraph.dataset(tmp_path / "py", count=5, size=4, tiling="sigma", seed=3, shard_rows=3)
    assert summary["rows"] == 5 and len(summary["shards"]) == 2
    binary = os.environ.get("MAZEGRAPH_CLI")
    if binary:
        cli = tmp_path / "cli"
        args = ["dataset", "-q", "-o", cli, "-n", "5", "--tiling", "sigma", "--size", "4", "--seed", "3", "--shard-rows", "3"]
        subprocess.run([binary, *map(str, args)], check=True)
        for s in summary["shards"]:
            name = s.rsplit("/", 1)[1]
            assert (cli / name).read_bytes() == (tmp_path / "py" / name).read_bytes()
    pq = pytest.importorskip("pyarrow.parquet", reason="needs pyarrow")
    table = pq.read_table(tmp_path / "py")
    row = table.slice(0, 1).to_pylist()[0]
    assert row["tiling"] == "sigma" and row["grid"] is None and row["tokens"] is None
    # Row 0 is the maze generate makes from seed 3: its open walls, its rooms' labels.
    maze = mazegraph.generate(size=4, seed=3, tiling="sigma")
    edges = row["edges"]
    got = {frozenset(edges[k : k + 2]) for k in range(0, len(edges), 2)}
    want = {frozenset((v, u)) for v, ns in enumerate(maze.neighbours()) for u, is_open in ns if is_open}
    assert got == want and len(edges) == 2 * (row["rooms"] - 1)
    meta = json.loads(pq.read_schema(summary["shards"][0]).metadata[b"mazegraph"])
    assert [tuple(label) for label in meta["labels"]] == [tuple(label) for label in maze.labels]
    assert row["solution_length"] == len(row["solution"]) - 1


def test_tiled_refusals_are_the_clis(tmp_path):
    with pytest.raises(mazegraph.MazeError, match="kruskal"):
        mazegraph.dataset(tmp_path / "d", count=3, size=(4, 4), tiling="weave", algorithm="prim")
    with pytest.raises(mazegraph.MazeError, match="pick="):
        mazegraph.dataset(tmp_path / "d", count=3, tiling="sigma", algorithm="growing-tree", pick="newest")
    assert mazegraph.dataset(tmp_path / "w", count=2, size=(3, 3), tiling="weave")["rows"] == 2
    assert not (tmp_path / "d").exists()

