#!/usr/bin/env python3
"""mazegraph's own pictures read back: generate a maze, write its solution or an overlay as a
PNG (`solve -o`, `render --overlay`), read the picture back and compare it with the maze
(`mazegraph equal`), for several generators, sizes (thin ones too), seeds and scales.

Each picture is read twice: as written (the PNG declares its cells, "mazegraph cell pixels"),
and without that declaration (the text chunk removed, as an editor or a converter would drop
it), so that the lattice is found as in any other picture. A reading is "exact" (the same
maze), "refused" (one error line, exit 2) or "wrong" (another maze, exit 0: the worst outcome).

Usage (from the repository's root, after `cargo build --release`):

  scripts/roundtrip_pictures.py                      # the table (about 2 minutes on 2 cores)
  scripts/roundtrip_pictures.py --quick              # fewer seeds
  scripts/roundtrip_pictures.py --fail-on-wrong      # exit 1 when any reading is wrong

Needs only Python's standard library.
"""

import argparse
import os
import struct
import subprocess
import sys
import tempfile

ALGORITHMS = ["backtracker", "kruskal", "prim", "eller"]
SIZES = ["12x16", "5x5", "20x7", "7x33", "3x40", "40x3", "40x40", "10x1", "1x10"]
WRITERS = {
    "solve -o": lambda m, out, scale: ["solve", m, "-o", out, "-q"] + scale,
    "render --overlay solution,filled": lambda m, out, scale: [
        "render", m, "-o", out, "-q", "--overlay", "solution,filled"] + scale,
}
SCALES = [[], ["--scale", "1"], ["--scale", "3"], ["--scale", "8"]]


def without_declaration(data: bytes) -> bytes:
    """The PNG without its "mazegraph cell pixels" text chunk (other chunks as they are)."""
    out, at = bytearray(data[:8]), 8
    while at + 12 <= len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        chunk = data[at:at + 12 + length]
        if not (chunk[4:8] == b"tEXt" and chunk[8:].startswith(b"mazegraph cell pixels\0")):
            out += chunk
        at += 12 + length
    return bytes(out)


def verdict(mg, maze, picture):
    r = subprocess.run([mg, "equal", maze, picture, "-q"], capture_output=True, text=True)
    return {0: "exact", 1: "wrong"}.get(r.returncode, "refused")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mazegraph", default="target/release/mazegraph")
    ap.add_argument("--quick", action="store_true", help="3 seeds instead of 8")
    ap.add_argument("--fail-on-wrong", action="store_true")
    args = ap.parse_args()
    seeds = range(1, 4 if args.quick else 9)
    tally = {}
    wrong = []
    with tempfile.TemporaryDirectory() as tmp:
        maze, pic, bare = (os.path.join(tmp, n) for n in ("m.png", "p.png", "bare.png"))
        for algorithm in ALGORITHMS:
            for size in SIZES:
                for seed in seeds:
                    subprocess.run([args.mazegraph, "generate", "-a", algorithm, "--size", size,
                                    "--seed", str(seed), "-o", maze, "-q"], check=True)
                    for writer, command in WRITERS.items():
                        for scale in SCALES:
                            subprocess.run([args.mazegraph] + command(maze, pic, scale),
                                           check=True)
                            with open(pic, "rb") as f:
                                data = f.read()
                            with open(bare, "wb") as f:
                                f.write(without_declaration(data))
                            for mode, path in (("as written", pic), ("without the declaration", bare)):
                                v = verdict(args.mazegraph, maze, path)
                                row = tally.setdefault((writer, mode), {"exact": 0, "refused": 0, "wrong": 0})
                                row[v] += 1
                                if v == "wrong":
                                    wrong.append(f"{writer} {' '.join(scale)} {mode}: "
                                                 f"-a {algorithm} --size {size} --seed {seed}")
    print("| writer | read | pictures | exact | refused | wrong |")
    print("|---|---|---:|---:|---:|---:|")
    for (writer, mode), row in tally.items():
        n = sum(row.values())
        print(f"| `{writer}` | {mode} | {n} | {row['exact']} | {row['refused']} | {row['wrong']} |")
    for w in wrong:
        print(f"WRONG: {w}", file=sys.stderr)
    if args.fail_on_wrong and wrong:
        sys.exit(1)


if __name__ == "__main__":
    main()
