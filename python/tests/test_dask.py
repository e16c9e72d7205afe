"""A dataset job on a Dask LocalCluster (worker processes) writes the shards one process
writes for the same seeds (python/examples/dask_dataset.py, the README's "Datasets")."""

import importlib.util

import pytest

from conftest import ROOT

import mazegraph


def example():
    spec = importlib.util.spec_from_file_location("dask_dataset", ROOT / "python" / "examples" / "dask_dataset.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_parts_cover_the_seeds_in_whole_shards():
    parts = list(example().parts(1050, seed=7, shard_rows=100, n_parts=3))
    assert [p["first_shard"] for p in parts] == [0, 4, 8]
    assert [p["seed"] for p in parts] == [7, 407, 807]
    assert sum(p["count"] for p in parts) == 1050


def test_a_dask_job_writes_the_shards_of_one_process(tmp_path):
    pytest.importorskip("dask", reason="needs dask (CI installs it)")
    distributed = pytest.importorskip("distributed", reason="needs dask.distributed (CI installs it)")
    one, many = tmp_path / "one", tmp_path / "many"
    summary = mazegraph.dataset(one, count=500, size=(6, 8), algorithm="kruskal", seed=3, shard_rows=120)
    assert summary["rows"] == 500 and len(summary["shards"]) == 5
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        shards = example().run(client, many, 500, (6, 8), "kruskal", seed=3, shard_rows=120, n_parts=3)
        # The workers are other processes: they ran the package there.
        pids = client.run(lambda: __import__("os").getpid())
    assert len(set(pids.values())) == 2
    assert [p.rsplit("/", 1)[1] for p in shards] == [f"part-0000{k}.parquet" for k in range(5)]
    for k in range(5):
        name = f"part-0000{k}.parquet"
        assert (one / name).read_bytes() == (many / name).read_bytes(), name
