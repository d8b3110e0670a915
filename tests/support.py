"""Small helpers that more than one test module uses."""

from __future__ import annotations

import functools
import subprocess
import sys

from pyengine import Board, Player
from pyengine.teaching.search import Event, Kind
from pyengine.teaching.stepwords import Convention


def cells_of(board: Board) -> str:
    """A board in the reference's notation (tests/reference.py): nine
    characters, X, O or '.', row by row, with no separators."""
    return str(board).replace("/", "")


FACT_KEYS = [
    "games",
    "x_wins",
    "o_wins",
    "draws",
    "positions",
    "terminal_positions",
    "positions_up_to_symmetry",
    "terminal_positions_up_to_symmetry",
    "tree_nodes",
]
"""The documented keys of Facts.as_dict() and `stats --json`, in their order."""


# -- the command line ---------------------------------------------------------


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The real thing: a fresh interpreter running ``python -m pyengine``."""
    return subprocess.run(
        [sys.executable, "-m", "pyengine", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def assert_one_line_error(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in lines[0], lines[0]


# -- the search's events, as the drawn tree states them ----------------------


def key(path: tuple[int, ...]) -> str:
    return ",".join(map(str, path))


def mover(board: Board, path: tuple[int, ...]) -> Player:
    """Who played the last move of ``path`` from ``board`` (the root: its side to move)."""
    before = board.ply + len(path) - 1 if path else board.ply
    return Player.X if before % 2 == 0 else Player.O


def expected_values(steps: list[Event], number: int, board: Board, convention: Convention) -> dict[str, int]:
    """Each node's value known after ``number`` steps, computed from the events
    here: a finished game or a table hit from the event that finds it (seen
    from the player who moved into it), any other node from the UP event
    that backs it up, the root from DONE; stated for ``convention``."""
    found: dict[str, int] = {}
    for event in steps[:number]:
        if event.kind in (Kind.LEAF, Kind.HIT) and event.path:
            assert event.value is not None
            found[key(event.path)] = -event.value
        elif event.kind is Kind.UP:
            assert event.value is not None and event.move is not None
            found[key((*event.path, event.move))] = event.value
        elif event.kind is Kind.DONE:
            assert event.value is not None
            found[""] = event.value
    stated = {}
    for name, value in found.items():
        path = tuple(int(cell) for cell in name.split(",")) if name else ()
        flip = convention is Convention.MAXMIN and mover(board, path) is Player.O
        stated[name] = -value if flip else value
    return stated


@functools.cache
def checker_forms() -> list[dict[str, object]]:
    """Each form's probes as the checker page sends them to its worker
    (site/py/checker_page.py), made once."""
    import checker_messages as messages  # site/py, on the tests' path (tests/conftest.py)

    from pyengine.grading.probes import Form, probes

    return messages.forms({form: messages.wires_text(map(messages.wire_text, probes(form))) for form in Form})
