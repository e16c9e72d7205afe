"""Reads a directory of shards written by `mazegraph dataset` with pyarrow, pandas and (when
installed) polars and Hugging Face `datasets`; checks the columns against what the maze holds.

Usage: check_dataset.py DIR EXPECTED_ROWS FIRST_SEED ROOMS_R ROOMS_C
Prints one line per reader and a JSON line with the first row's grid as text rows; exits 1
on any difference.
"""

import json
import sys

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

directory, rows, first_seed, rr, rc = sys.argv[1], *map(int, sys.argv[2:6])
shape = [2 * rr + 1, 2 * rc + 1]

table = pq.read_table(directory)
assert table.num_rows == rows, (table.num_rows, rows)
assert table.schema.field("seed").type == pa.uint64()
assert table.schema.field("solution").type.value_type == pa.int32()
print(f"pyarrow {pa.__version__}: {table.num_rows} rows, {table.num_columns} columns")

df = pd.read_parquet(directory).sort_values("seed").reset_index(drop=True)
assert list(df.seed) == list(range(first_seed, first_seed + rows)), "seeds in order"
for r in df.itertuples():
    assert list(r.shape) == shape
    cells = np.unpackbits(np.frombuffer(r.grid, dtype=np.uint8))[: shape[0] * shape[1]]
    assert cells.sum() == r.path_cells, "path cells"
    sol = np.asarray(r.solution)
    assert sol[0] == r.start and sol[-1] == r.goal and len(sol) == r.solution_length + 1
    assert cells[sol].all(), "the solution runs on path cells"
    # Each step moves to a neighbouring cell.
    d = np.abs(np.diff(sol))
    assert set(d.tolist()) <= {1, shape[1]}, "steps between neighbours"
    rooms_on_path = sum(1 for c in sol if (c // shape[1]) % 2 == 1 and (c % shape[1]) % 2 == 1)
    assert r.tokens.count("<-->") == rr * rc - 1, "a perfect maze's passages"
    assert len(r.tokens.split("<PATH_START>")[1].split()) - 1 == rooms_on_path
print(f"pandas {pd.__version__}: {len(df)} rows checked")

try:
    import polars as pl
except ImportError:
    print("polars not installed: skipped")
else:
    p = pl.read_parquet(f"{directory}/*.parquet")
    assert p.height == rows and p.schema["seed"] == pl.UInt64
    print(f"polars {pl.__version__}: {p.height} rows")

try:
    import datasets
except ImportError:
    print("datasets not installed: skipped")
else:
    ds = datasets.load_dataset("parquet", data_dir=directory, split="train")
    assert ds.num_rows == rows
    print(f"datasets {datasets.__version__}: {ds.num_rows} rows")

first = df.iloc[0]
cells = np.unpackbits(np.frombuffer(first.grid, dtype=np.uint8))[: shape[0] * shape[1]]
text = ["".join(".#"[1 - v] for v in row) for row in cells.reshape(shape)]
print(json.dumps({"first": text}))
