"""Reads a directory of shards of tiled mazes written by `mazegraph dataset --tiling` with
pyarrow and pandas; checks the columns against what a maze on a tiling holds.

Usage: check_tiled_dataset.py DIR EXPECTED_ROWS FIRST_SEED TILING ROOMS
Prints one line per reader and a JSON line with the first row's open walls as room pairs;
exits 1 on any difference.
"""

import json
import sys

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

directory, rows, first_seed, tiling, rooms = (
    sys.argv[1],
    int(sys.argv[2]),
    int(sys.argv[3]),
    sys.argv[4],
    int(sys.argv[5]),
)

table = pq.read_table(directory)
assert table.num_rows == rows, (table.num_rows, rows)
schema = table.schema
assert schema.field("seed").type == pa.uint64()
assert schema.field("tiling").type == pa.string()
assert schema.field("edges").type.value_type == pa.int32()
assert table.column("grid").null_count == rows, "no grid on a tiling"
assert table.column("tokens").null_count == rows, "no tokens on a tiling"
meta = json.loads(pq.read_schema(f"{directory}/part-00000.parquet").metadata[b"mazegraph"])
assert meta["tiling"] == tiling and len(meta["labels"]) == rooms, "every room's label"
print(f"pyarrow {pa.__version__}: {table.num_rows} rows, {table.num_columns} columns")

df = pd.read_parquet(directory).sort_values("seed").reset_index(drop=True)
assert list(df.seed) == list(range(first_seed, first_seed + rows)), "seeds in order"
for r in df.itertuples():
    assert r.tiling == tiling and r.rooms == rooms and r.path_cells == rooms
    edges = np.asarray(r.edges).reshape(-1, 2)
    assert len(edges) == rooms - 1, "a perfect maze: rooms - 1 open walls"
    assert edges.min() >= 0 and edges.max() < rooms
    walls = {frozenset(map(int, e)) for e in edges}
    assert len(walls) == len(edges), "each wall once"
    sol = [int(v) for v in r.solution]
    assert sol[0] == r.start and sol[-1] == r.goal and len(sol) == r.solution_length + 1
    assert all(frozenset(p) in walls for p in zip(sol, sol[1:])), "steps through open walls"
print(f"pandas {pd.__version__}: {len(df)} rows checked")

print(json.dumps({"first": df.iloc[0].edges.tolist()}))
