#!/usr/bin/env python3
"""How soon long calls of the Python package stop on Ctrl-C: each runs in a child interpreter,
SIGINT is sent after --delay seconds, and the time from the signal to the child's exit by
KeyboardInterrupt is printed (issue 35: every long call within 0.5 s).

usage: scripts/bench_ctrlc.py [--python PY ...] [--delay S]

Each --python is an interpreter with the package installed (`pip install .`); give two to
compare builds side by side in one run. The recursive ladder is made with
scripts/parity_families.py in a temporary folder.
"""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def cases(ladder):
    return {
        "generate('backtracker', [12000, 12000], shape='ellipse')": [
            "m = mazegraph.generate('backtracker', [12000, 12000], seed=1, shape='ellipse')",
        ],
        "Zielonka on a recursive ladder of 3000 vertices": [
            f"g = mazegraph.read_game({ladder!r})",
            "g.solve(method='zielonka')",
        ],
        "pursuit on 60×60 rooms (10⁸ positions)": [
            "m = mazegraph.generate('kruskal', [60, 60], seed=1)",
            "mazegraph.pursuit(m, (1, 1), (3, 3))",
        ],
    }


def latency(python, lines, delay):
    body = "\n".join("    " + line for line in lines)
    code = (
        "import mazegraph\ntry:\n" + body + "\n    print('finished')\n"
        "except KeyboardInterrupt:\n    print('interrupted')\n"
    )
    child = subprocess.Popen([python, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    start = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=600)
    took = time.monotonic() - start
    said = out.strip() or err.strip().splitlines()[-1:]
    return f"{took:.3f} s" if said == "interrupted" else f"{said} ({took:.3f} s)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", action="append", help="an interpreter with mazegraph installed")
    ap.add_argument("--delay", type=float, default=2.0, help="seconds before SIGINT (default 2)")
    args = ap.parse_args()
    pythons = args.python or [sys.executable]
    with tempfile.TemporaryDirectory() as tmp:
        ladder = os.path.join(tmp, "ladder.pg")
        subprocess.run(
            [sys.executable, os.path.join(HERE, "parity_families.py"), "recursiveladder",
             "--vertices", "3000", "-o", ladder],
            check=True,
        )
        print("| call | " + " | ".join(f"`{p}`" for p in pythons) + " |")
        print("|---|" + "---:|" * len(pythons))
        for name, lines in cases(ladder).items():
            row = [latency(p, lines, args.delay) for p in pythons]
            print(f"| {name} | " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
