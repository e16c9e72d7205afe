"""The wolf and the sheep: mazegraph.pursuit, as `mazegraph pursuit` plays them."""

import struct
import zlib

import pytest

import mazegraph
from conftest import cli_error

# A loop around a pillar with a dead end below it.
RING = "#####\n#...#\n#.#.#\n#...#\n##.##\n"


@pytest.fixture
def ring():
    return mazegraph.parse(RING, "txt")


def png_size(data):
    assert data[1:4] == b"PNG"
    return struct.unpack(">II", data[16:24])


def test_the_winner_and_the_moves(ring):
    p = mazegraph.pursuit(ring, wolf=(3, 3), sheep=(4, 2))
    assert p.winner == "wolf"
    assert p.moves == 3
    assert p.start == ((3, 3), (4, 2), "wolf")
    assert p.positions == 2 * 9 * 9
    assert p.wolf_wins(wolf=(3, 3), sheep=(4, 2))
    assert not p.wolf_wins((1, 1), (3, 3))
    assert p.capture_time((1, 1), (3, 3)) is None
    assert p.capture_time((3, 3), (4, 2), first="sheep") == 4
    assert p.capture_time("3,3", "4,2") == 3
    assert "winner='wolf'" in repr(p)


def test_the_strategies_play_out_their_promise(ring):
    p = mazegraph.pursuit(ring, wolf=(3, 3), sheep=(4, 2))
    # The wolf steps to the dead end's mouth.
    assert p.best_move((3, 3), (4, 2)) == ((3, 2), (4, 2))
    play = p.play()
    assert play[0] == ((3, 3), (4, 2))
    assert len(play) - 1 == p.moves
    assert play[-1][0] == play[-1][1]
    escape = mazegraph.pursuit(ring, wolf=(1, 1), sheep=(3, 3))
    assert escape.winner == "sheep" and escape.moves is None
    assert all(w != s for w, s in escape.play())
    assert p.best_move((2, 1), (2, 1)) is None  # caught: no move


def test_fate_and_its_pictures(ring):
    p = mazegraph.pursuit(ring, wolf=(3, 1), sheep=(1, 3))
    fate = p.fate()
    assert len(fate) == 9
    assert fate[(3, 1)] == 0
    assert fate[(1, 3)] is None
    assert fate[(4, 2)] == 3
    assert p.fate(wolf=(1, 1))[(4, 2)] is None
    png = p.fate_png(scale=10, legend=False)
    assert png_size(png) == (50, 50)
    w, h = png_size(p.fate_png(scale=10))
    assert w == 50 and h > 50
    anim = p.play_png(scale=4)
    assert b"acTL" in anim  # an animated PNG


def test_rules_and_defaults():
    maze = mazegraph.generate("kruskal", (4, 4), seed=3)
    # Defaults: the wolf on the start, the sheep on the goal; a tree is the wolf's.
    p = mazegraph.pursuit(maze)
    assert p.start[0] == maze.start and p.start[1] == maze.goal
    assert p.winner == "wolf"
    assert p.wolf_wins_count == p.positions
    q = mazegraph.pursuit(maze, passes="none", first="sheep")
    assert "passes='none'" in repr(q)


def test_errors_are_maze_errors_with_the_cli_message(ring, tmp_path):
    with pytest.raises(mazegraph.MazeError) as e:
        mazegraph.pursuit(ring, wolf=(0, 0), sheep=(3, 3))
    assert str(e.value) == "the wolf cannot stand on (0, 0): it is a wall"
    path = tmp_path / "ring.txt"
    path.write_text(RING)
    cli = cli_error("pursuit", path, "--wolf", "0,0", "--sheep", "3,3")
    if cli is not None:
        assert cli == str(e.value)
    with pytest.raises(mazegraph.MazeError, match="outside the maze"):
        mazegraph.pursuit(ring, wolf=(1, 1), sheep=(9, 9))
    with pytest.raises(mazegraph.MazeError, match="is not a piece"):
        mazegraph.pursuit(ring, wolf=(1, 1), sheep=(3, 3), first="goat")
    with pytest.raises(mazegraph.MazeError, match="both, wolf, sheep or none"):
        mazegraph.pursuit(ring, wolf=(1, 1), sheep=(3, 3), passes="all")
    with pytest.raises(mazegraph.MazeTypeError):
        mazegraph.pursuit("not a maze")
    with pytest.raises(mazegraph.MazeTypeError):
        mazegraph.pursuit(ring, wolf=1.5, sheep=(3, 3))
    with pytest.raises(mazegraph.MazeError, match="no start and goal"):
        mazegraph.pursuit(ring)
    with pytest.raises(mazegraph.MazeError, match="memory budget"):
        mazegraph.pursuit(ring, wolf=(1, 1), sheep=(3, 3), max_memory=1000)


def test_the_animation_has_a_frame_per_move(ring):
    p = mazegraph.pursuit(ring, wolf=(3, 3), sheep=(4, 2))
    anim = p.play_png(scale=4)
    # acTL: the frame count follows the chunk type.
    k = anim.index(b"acTL")
    frames = struct.unpack(">I", anim[k + 4 : k + 8])[0]
    assert frames == len(p.play())
    assert zlib.crc32(anim[k : k + 12]) == struct.unpack(">I", anim[k + 12 : k + 16])[0]
