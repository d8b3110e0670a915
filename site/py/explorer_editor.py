"""The explorer's position editor, without the DOM: the cells of the form
that a click cycles through X, O and empty, read from and written to the
notation, and moved between with the arrow keys (tests/test_search_view.py)."""

from __future__ import annotations

import math

from pyengine.words import cell_name

MARK_CYCLE = {"": "X", "X": "O", "O": ""}
"""What a click on one of the form's cells makes of its mark: empty, X, O, empty."""


def notation_marks(text: str) -> list[str] | None:
    """The marks ("X", "O" or "") the notation names, cell by cell, read as
    Board.parse reads them; None when it names no 9 or 16 cells. Impossible
    positions are read too: the editor shows what was typed, the search says why."""
    cells = text.strip().replace("/", "")
    if len(cells) not in (9, 16) or any(char.upper() not in "XO.-_" for char in cells):
        return None
    return [char.upper() if char.upper() in "XO" else "" for char in cells]


def notation(marks: list[str]) -> str:
    """The notation of the editor's marks, rows separated by '/'."""
    size = math.isqrt(len(marks))
    chars = [mark or "." for mark in marks]
    return "/".join("".join(chars[row * size : (row + 1) * size]) for row in range(size))


EDITOR_MOVES = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}
"""The arrow keys among the form's cells: (rows, columns) to move."""


def editor_neighbour(cell: int, size: int, key: str) -> int | None:
    """The cell an arrow key moves to from ``cell`` (it stops at the edges);
    None for any other key."""
    move = EDITOR_MOVES.get(key)
    if move is None:
        return None
    row = min(size - 1, max(0, cell // size + move[0]))
    column = min(size - 1, max(0, cell % size + move[1]))
    return row * size + column


def editor_cell_label(cell: int, size: int, mark: str) -> str:
    """An editor cell's accessible name: where it is, what it holds, what a click does."""
    return f"{cell_name(cell, size)}: {mark or 'empty'}; click for {MARK_CYCLE[mark] or 'empty'}"
