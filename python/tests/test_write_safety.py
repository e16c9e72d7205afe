"""Maze.write and Solution.write write files as `mazegraph -o` does (mazegraph::files):
devices and FIFOs in place, symbolic links and modes kept, no `.mazegraph-*` temporary left
(after a normal write, an error, SIGTERM or SIGKILL), Ctrl-C before the commit leaves the old
content, and errors name the user's path as the CLI does.

The signal tests run a child Python process writing a big maze, stop it (SIGSTOP) while its
output's temporary is open, and then send the signal: no timing is asserted, every wait is
bounded. Python installs no signal cleanup (Ctrl-C stays Python's), so with named temporaries
(MAZEGRAPH_NO_O_TMPFILE, as on a file system without O_TMPFILE) only Ctrl-C is tested: SIGTERM
or SIGKILL may leave a named temporary there, by design.
"""

import os
import signal
import stat
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import mazegraph
from conftest import DATA, cli_error

SEED = DATA / "seed.txt"

#: The child: generates a big maze, then writes it to argv[1] (old content kept on Ctrl-C).
CHILD = textwrap.dedent(
    """
    import resource, signal, sys
    import mazegraph
    size, limit = int(sys.argv[2]), int(sys.argv[3])
    maze = mazegraph.generate(size=(size, size), seed=1)
    if limit:
        # Writing past `limit` bytes fails (EFBIG) instead of killing the process.
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    try:
        maze.write(sys.argv[1])
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        sys.exit(3)
    except mazegraph.MazeError as e:
        print(f"error: {e}", flush=True)
        sys.exit(4)
    print("written", flush=True)
    """
)


def listing(directory):
    return sorted(os.listdir(directory))


def start_child(target, size, *, named=False, limit=0):
    env = dict(os.environ)
    env.pop("MAZEGRAPH_NO_O_TMPFILE", None)
    if named:
        env["MAZEGRAPH_NO_O_TMPFILE"] = "1"

    def default_signals():
        # The child starts with the default actions, whatever this test inherited (a
        # background job has SIGINT ignored, and Python then installs no Ctrl-C handler).
        for s in (signal.SIGINT, signal.SIGTERM):
            signal.signal(s, signal.SIG_DFL)

    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(target), str(size), str(limit)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_signals,
    )


def temporary_open(pid, directory):
    """Whether process `pid` has a temporary open in `directory`: an O_TMPFILE (shown as
    `DIR/#INODE (deleted)`) or a `.mazegraph-*` file."""
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return False
    for fd in fds:
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if os.path.dirname(target) != str(directory):
            continue
        name = os.path.basename(target)
        if name.startswith(".mazegraph-") or target.endswith(" (deleted)"):
            return True
    return False


def stopped(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("T", "t")
    except OSError:
        return False


def stop_mid_write(child, directory):
    """Stops the child (SIGSTOP) while its output's temporary is open, before the rename:
    True once done, False when it finished first. Bounded by a minute."""
    deadline = time.monotonic() + 60
    while child.poll() is None and time.monotonic() < deadline:
        if not temporary_open(child.pid, directory):
            time.sleep(0.0005)
            continue
        os.kill(child.pid, signal.SIGSTOP)
        while child.poll() is None and not stopped(child.pid) and time.monotonic() < deadline:
            time.sleep(0.001)
        if temporary_open(child.pid, directory):
            return True
        os.kill(child.pid, signal.SIGCONT)
    return False


def signalled_mid_write(tmp_path, sig, *, named=False):
    """Writes a big maze over `out.adj` (old content "old") in a child, and sends `sig` while
    the temporary is open; the child's exit code and output. Bigger mazes are tried until one
    is caught writing (a fast machine may finish a small one first)."""
    target = tmp_path / "out.adj"
    target.write_text("old")
    for size in (700, 1400, 2800):
        child = start_child(target, size, named=named)
        try:
            caught = stop_mid_write(child, tmp_path)
            if caught:
                os.kill(child.pid, sig)
                os.kill(child.pid, signal.SIGCONT)
            out, err = child.communicate(timeout=300)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        if caught:
            return child.returncode, out, err
        assert child.returncode == 0, err
        target.write_text("old")
    pytest.fail("the child was never caught writing")


@pytest.mark.parametrize("named", [False, True], ids=["O_TMPFILE", "named"])
def test_ctrl_c_while_writing_leaves_the_old_file(tmp_path, named):
    code, out, err = signalled_mid_write(tmp_path, signal.SIGINT, named=named)
    assert (code, out) == (3, "interrupted\n"), err
    assert (tmp_path / "out.adj").read_text() == "old"
    assert listing(tmp_path) == ["out.adj"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_killed_write_leaves_no_temporary(tmp_path, sig):
    code, _, err = signalled_mid_write(tmp_path, sig)
    assert code == -sig, err
    assert (tmp_path / "out.adj").read_text() == "old"
    assert listing(tmp_path) == ["out.adj"]


@pytest.mark.parametrize("named", [False, True], ids=["O_TMPFILE", "named"])
def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, named):
    # The file size limit makes the write fail half way (EFBIG), also as root.
    target = tmp_path / "out.adj"
    target.write_text("old")
    child = start_child(target, 200, named=named, limit=100_000)
    out, err = child.communicate(timeout=300)
    assert child.returncode == 4, (out, err)
    assert out.startswith(f"error: cannot write {target}: "), out
    assert ".mazegraph-" not in out
    assert target.read_text() == "old"
    assert listing(tmp_path) == ["out.adj"]


def test_a_normal_write_leaves_no_temporary_and_the_new_file(tmp_path):
    maze = mazegraph.read(SEED)
    maze.write(tmp_path / "m.txt")
    maze.solve().write(tmp_path / "s.png")
    assert listing(tmp_path) == ["m.txt", "s.png"]
    assert mazegraph.read(tmp_path / "m.txt") == maze
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(os.stat(tmp_path / "m.txt").st_mode) == 0o666 & ~umask


def test_the_mode_of_a_replaced_file_is_kept(tmp_path):
    target = tmp_path / "m.txt"
    target.write_text("old")
    target.chmod(0o640)
    mazegraph.read(SEED).write(target)
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640
    assert target.read_text() == SEED.read_text()


def test_a_symbolic_link_stays_a_link(tmp_path):
    (tmp_path / "real.txt").write_text("old")
    (tmp_path / "real.txt").chmod(0o600)
    link = tmp_path / "link.txt"
    link.symlink_to("real.txt")
    maze = mazegraph.read(SEED)
    maze.write(link)
    assert link.is_symlink() and os.readlink(link) == "real.txt"
    assert (tmp_path / "real.txt").read_text() == SEED.read_text()
    assert stat.S_IMODE(os.stat(tmp_path / "real.txt").st_mode) == 0o600
    assert listing(tmp_path) == ["link.txt", "real.txt"]


def null_device(tmp_path):
    """A null device to write to: as root a private one (mknod), so that a regression cannot
    replace the machine's /dev/null; else /dev/null itself (nothing can replace it then)."""
    if os.geteuid() != 0:
        return "/dev/null"
    path = tmp_path / "null"
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        with open(path, "wb"):
            pass
    except OSError as e:
        pytest.skip(f"no private device here: {e}")
    return path


def test_a_device_is_written_in_place(tmp_path):
    null = null_device(tmp_path)
    before = os.stat(null)
    maze = mazegraph.read(SEED)
    maze.write(null, format="txt")
    maze.solve().write(null, format="png")
    after = os.stat(null)
    assert stat.S_ISCHR(after.st_mode)
    assert (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)
    assert not [n for n in os.listdir(os.path.dirname(null)) if n.startswith(".mazegraph-")]


def test_a_fifo_gets_the_content_and_stays_a_fifo(tmp_path):
    maze = mazegraph.read(SEED)
    maze.write(tmp_path / "expected.adj")
    fifo = tmp_path / "out.adj"
    os.mkfifo(fifo)
    got = []

    def read():
        with open(fifo, "rb") as f:
            got.append(f.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    maze.write(fifo)
    # Checked before joining: a FIFO renamed over would leave the reader blocked for ever.
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    reader.join(timeout=60)
    assert got == [(tmp_path / "expected.adj").read_bytes()]
    assert listing(tmp_path) == ["expected.adj", "out.adj"]


def test_errors_name_the_users_path_as_the_cli_does(tmp_path):
    maze = mazegraph.read(SEED)
    (tmp_path / "dangling.txt").symlink_to("nowhere/else.txt")
    cases = [tmp_path, tmp_path / "dangling.txt", tmp_path / "missing" / "m.txt"]
    for path in cases:
        with pytest.raises(mazegraph.MazeError) as e:
            maze.write(path, format="txt")
        message = str(e.value)
        # The path, or for a new file its directory (where the file cannot be made).
        assert str(tmp_path) in message and ".mazegraph-" not in message, message
        expected = cli_error("convert", SEED, "--to", "txt", "-o", path)
        if expected is not None:
            assert message == expected
    assert listing(tmp_path) == ["dangling.txt"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only directory")
def test_a_read_only_directory_leaves_no_temporary(tmp_path):
    (tmp_path / "m.txt").write_text("old")
    tmp_path.chmod(0o555)
    try:
        with pytest.raises(mazegraph.MazeError) as e:
            mazegraph.read(SEED).write(tmp_path / "m.txt")
    finally:
        tmp_path.chmod(0o755)
    assert str(e.value).startswith(f"cannot create a file in {tmp_path}: ")
    assert listing(tmp_path) == ["m.txt"]
    assert (tmp_path / "m.txt").read_text() == "old"
