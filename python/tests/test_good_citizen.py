"""The package as a good citizen of a Python process: sizes checked before memory is taken,
objects shared between threads, Ctrl-C stopping long calls. No clock is asserted on: the
calls that must be quick are bounded by a watchdog (the subprocess's timeout)."""

import resource
import signal
import subprocess
import sys
import threading

import pytest

import mazegraph


def peak_rss_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


@pytest.mark.parametrize(
    "shape,kwargs,message",
    [
        ((10**6, 10**6), {}, r"raise it with max_cells="),
        ((60000, 60000), {"max_memory": 1 << 20}, r"raise it with max_memory="),
    ],
)
def test_from_numpy_checks_the_shape_before_reading_cells(shape, kwargs, message):
    np = pytest.importorskip("numpy")
    giant = np.broadcast_to(np.uint8(1), shape)  # no memory: one value, strides of 0
    before = peak_rss_mib()
    with pytest.raises(mazegraph.MazeError, match=message):
        mazegraph.from_numpy(giant, **kwargs)
    assert peak_rss_mib() - before < 64, "from_numpy copied the array before refusing it"


@pytest.mark.parametrize("rooms", [(800, 800), (1, 400_000), (3, 4, 30_000)])
def test_from_numpy_reads_large_arrays_in_pieces(rooms):
    """Over a million cells, a row over a million cells, three axes: the same maze back."""
    pytest.importorskip("numpy")
    maze = mazegraph.generate("backtracker", rooms, seed=3)
    again = mazegraph.from_numpy(maze.to_numpy())
    assert again == maze


def test_from_networkx_counts_before_building():
    class Huge:
        """Says it is huge; building from it would take forever."""

        def number_of_nodes(self):
            return 10**12

        def number_of_edges(self):
            return 10**12

        def nodes(self):
            raise AssertionError("nodes were read before the counts were checked")

    with pytest.raises(mazegraph.MazeError, match=r"raise it with max_cells="):
        mazegraph.from_networkx(Huge())


def test_generate_checks_the_size_before_carving():
    with pytest.raises(mazegraph.MazeError, match=r"raise it with max_cells="):
        mazegraph.generate("kruskal", (10**6, 10**6))
    with pytest.raises(mazegraph.MazeError, match=r"raise it with max_cells="):
        mazegraph.generate("kruskal", (10**5, 10**5), shape="ellipse")


def test_one_maze_shared_by_threads():
    """Solving, measuring, drawing and setting terminals at once, from eight threads: each
    call runs or waits, none raises, and the answers are those of one thread."""
    maze = mazegraph.generate("kruskal", (60, 60), seed=5)
    expected = (maze.solve().length, maze.stats()["cells"], maze.png(scale=2))
    start, goal = maze.start, maze.goal
    errors, answers = [], []
    barrier = threading.Barrier(8)

    def work(k):
        try:
            barrier.wait()
            for _ in range(6):
                if k == 0:
                    maze.start = start  # a write while the others read
                    maze.goal = goal
                answers.append((maze.solve().length, maze.stats()["cells"], maze.png(scale=2)))
                maze.solve().write  # noqa: B018 (a Solution's maze is the shared one)
        except BaseException as e:  # noqa: BLE001 (any exception fails the test)
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(answers) == 48 and all(a == expected for a in answers)


def test_one_game_shared_by_threads(tmp_path):
    path = tmp_path / "g.pg"
    path.write_text("parity 3;\n0 1 0 1,2;\n1 2 1 2;\n2 0 0 0,3;\n3 3 1 1;\n")
    game = mazegraph.read_game(path)
    expected = game.solve().winners
    errors, answers = [], []

    def work():
        try:
            for _ in range(20):
                answers.append(game.solve().winners)
                len(game.attractor(0, target=[0]))
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and all(a == expected for a in answers)


#: Calls that take far longer than the test's timeout (tens of seconds to minutes).
LONG_CALLS = {
    "generate": "mazegraph.generate('aldous-broder', (6000, 6000), seed=1)",
    "solve": "m = mazegraph.generate('backtracker', (1500, 1500), seed=1)\n"
    "print('made', flush=True)\n"
    "for _ in range(10**6): m.solve('tremaux'); m.stats()",
    # The shape's mask and its largest part first (seconds with no room carved yet).
    "shaped": "mazegraph.generate('backtracker', (12000, 12000), seed=1, shape='ellipse')",
    # An arena of 10⁸ positions, built a wolf's row at a time.
    "pursuit": "m = mazegraph.generate('kruskal', (60, 60), seed=1)\n"
    "print('made', flush=True)\n"
    "mazegraph.pursuit(m, (1, 1), (3, 3))",
}


@pytest.mark.parametrize("name", list(LONG_CALLS))
def test_ctrl_c_stops_a_long_call(name):
    """A child process in a long call gets SIGINT (Ctrl-C) and ends with KeyboardInterrupt
    well before the call would have returned; the timeout fails the test if it does not."""
    body = LONG_CALLS[name]
    code = f"import mazegraph\nprint('started', flush=True)\n{body}\nprint('returned', flush=True)\n"
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "started"
        if "made" in body:
            assert child.stdout.readline().strip() == "made"
        # Into the call (the signal is polled every 50 ms while it runs).
        threading.Event().wait(0.5)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=5)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert "returned" not in out
    assert child.returncode != 0
    assert err.rstrip().endswith("KeyboardInterrupt"), err
