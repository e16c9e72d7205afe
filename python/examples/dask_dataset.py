"""A maze dataset written by a Dask cluster: the job is split into seed ranges of whole
shards, and each worker writes its own shards with ``mazegraph.dataset`` into one directory.
The files are the very ones a single ``mazegraph.dataset`` call (or ``mazegraph dataset``)
writes for the same seeds: shard k holds the mazes of seeds ``seed + k * shard_rows`` on.

    python python/examples/dask_dataset.py mazes --count 200000 --workers 2

On a real cluster, give ``Client`` the scheduler's address instead of a ``LocalCluster`` and
a directory every worker can write (a shared file system); or write each part locally and
copy the shards together afterwards, their names do not collide. (Unfiltered datasets only:
with ``difficulty=`` a seed range yields an unknown number of rows.)
"""

import argparse
import math

import mazegraph


def parts(count, seed=0, shard_rows=100_000, n_parts=1):
    """The seed ranges of a job, as keyword arguments of ``mazegraph.dataset``: ``n_parts``
    runs of whole shards (the last may be shorter)."""
    shards = math.ceil(count / shard_rows)
    per = math.ceil(shards / max(1, n_parts))
    for first_shard in range(0, shards, per):
        first_row = first_shard * shard_rows
        yield {
            "seed": seed + first_row,
            "count": min(per * shard_rows, count - first_row),
            "first_shard": first_shard,
            "shard_rows": shard_rows,
        }


def write_part(path, size, algorithm, part):
    """One worker's share: its seed range, written as its shards."""
    return mazegraph.dataset(path, size=size, algorithm=algorithm, **part)


def run(client, path, count, size=(10, 10), algorithm="backtracker", seed=0, shard_rows=100_000, n_parts=None):
    """Writes the dataset on ``client``'s workers (one part per worker thread unless
    ``n_parts``); returns the shards written, in order."""
    if n_parts is None:
        n_parts = sum(client.nthreads().values())
    futures = [
        client.submit(write_part, str(path), tuple(size), algorithm, part, pure=False)
        for part in parts(count, seed, shard_rows, n_parts)
    ]
    return [shard for summary in client.gather(futures) for shard in summary["shards"]]


def main():
    from dask.distributed import Client, LocalCluster

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", help="the directory of the shards")
    ap.add_argument("--count", type=int, default=100_000)
    ap.add_argument("--size", default="10x10")
    ap.add_argument("--algorithm", default="backtracker")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--shard-rows", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    size = tuple(int(x) for x in a.size.split("x"))
    with LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True) as cluster, Client(cluster) as client:
        shards = run(client, a.path, a.count, size, a.algorithm, a.seed, a.shard_rows)
    print(f"{len(shards)} shards in {a.path}")


if __name__ == "__main__":
    main()
