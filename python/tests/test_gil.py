"""Long work runs without the GIL: another thread runs Python code meanwhile.

No clock is read: with a switch interval of 1000 s the worker thread gives up the GIL only
where it blocks or where mazegraph releases it. The main thread waits for the worker to start;
if the call held the GIL, the main thread would run again only once the call had returned (and
`done` was set); since it releases it, the main thread runs while the call is still going.
"""

import sys
import threading

import pytest

import mazegraph
from conftest import DATA

MAZE = mazegraph.generate("kruskal", (60, 60), seed=1)

CALLS = {
    "read": lambda tmp: mazegraph.read(DATA / "perfect15x20.png"),
    "generate": lambda tmp: mazegraph.generate("wilson", (40, 40), seed=2),
    "solve": lambda tmp: MAZE.solve(),
    "stats": lambda tmp: MAZE.stats(),
    "write": lambda tmp: MAZE.write(tmp / "m.png"),
    "to_networkx": lambda tmp: MAZE.to_networkx(junctions=True),
    "svg": lambda tmp: MAZE.svg(),
    "png": lambda tmp: MAZE.solve().maze.png(scale=4),
}


@pytest.mark.parametrize("name", list(CALLS))
def test_long_work_releases_the_gil(tmp_path, name):
    started = threading.Event()
    state = {"done": False}

    def work():
        started.set()
        CALLS[name](tmp_path)
        state["done"] = True

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    try:
        worker = threading.Thread(target=work)
        worker.start()
        started.wait()
        seen_done = state["done"]
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert state["done"]
    assert not seen_done, f"{name} held the GIL until it returned"
