"""Long work runs without the GIL: another thread runs Python code meanwhile.

No clock is read: with a switch interval of 1000 s the worker thread gives up the GIL only
where it blocks or where mazegraph releases it. The worker repeats the call until the main
thread has run (at most 2000 times); the main thread, once the worker has started, can run
only when the worker gives up the GIL. If the calls held it, the main thread would run only
after the worker's last call (and `done` was set); since they release it, the main thread runs
during one of them (the first, unless the worker takes the GIL back before the main thread is
scheduled).
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
    state = {"done": False, "main ran": False}

    def work():
        started.set()
        for _ in range(2000):
            CALLS[name](tmp_path)
            if state["main ran"]:
                break
        state["done"] = True

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    try:
        worker = threading.Thread(target=work)
        worker.start()
        started.wait()
        state["main ran"] = True
        seen_done = state["done"]
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert state["done"]
    assert not seen_done, f"{name} held the GIL until it returned"
