"""Small helpers the engine's tests share."""

from __future__ import annotations

from pyengine import Board


def cells_of(board: Board) -> str:
    """A board in the reference's notation (tests/reference.py): nine
    characters, X, O or '.', row by row, with no separators."""
    return str(board).replace("/", "")
