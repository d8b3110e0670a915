"""What people read: the names of the cells and how a game ended, for them.

Every interface says these things (the command line, the page, the page drawn
before Python starts, the no-JavaScript editions), and a screen reader must hear
the same words from each, so they are written here once. The search explorer's
words (the algorithms' names, a step of a search in a sentence) are here too.

>>> cell_label(4, Player.X), cell_label(6, None, size=4)
('Centre, X', 'Row 2, column 3, empty')
>>> end_message(Result.O_WON, Player.O), end_message(Result.O_WON, None)
('You win!', 'O wins!')
"""

from __future__ import annotations

from .analysis import Value
from .board import Player, Result
from .geometry import Cell

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from typing import Final

CELL_NAMES: Final = (
    "top left",
    "top",
    "top right",
    "left",
    "centre",
    "right",
    "bottom left",
    "bottom",
    "bottom right",
)
"""Where each cell is, as a person says it."""


def cell_name(cell: Cell, size: int = 3) -> str:
    """Where ``cell`` is, in lower case: ``'top left'`` for cell 0 of 3x3. On
    a bigger board, where words like "top" no longer say which cell, by row
    and column: ``'row 2, column 3'`` for cell 6 of 4x4."""
    if size == 3:
        return CELL_NAMES[cell]
    row, column = divmod(cell, size)
    return f"row {row + 1}, column {column + 1}"


def cell_label(cell: Cell, mark: Player | None, hint: str | None = None, size: int = 3) -> str:
    """A cell's accessible name: where it is, what is on it, and any hint."""
    name = cell_name(cell, size)
    label = f"{name[0].upper()}{name[1:]}, {mark.value if mark else 'empty'}"
    return f"{label}, {hint}" if hint else label


def outcome_for(result: Result, player: Player) -> Value | None:
    """How a finished game ended for ``player``; None while it goes on."""
    if result is Result.ONGOING:
        return None
    if result is Result.DRAW:
        return Value.DRAW
    return Value.WIN if result.winner is player else Value.LOSS


def hint_text(value: Value, plies: int) -> str:
    """A move's outcome under perfect play, short enough for a cell: ``'win in 3'``, ``'draw'``."""
    return "draw" if value is Value.DRAW else f"{value.value} in {plies}"


_END_FOR_PERSON: Final = {Value.WIN: "You win!", Value.LOSS: "You lose.", Value.DRAW: "Draw!"}


def end_message(result: Result, person: Player | None) -> str:
    """The banner at the end of a game: from ``person``'s side when one person
    plays the bot, else naming the winner. Empty while the game goes on."""
    if result is Result.ONGOING:
        return ""
    if person is not None or result is Result.DRAW:
        outcome = outcome_for(result, person or Player.X)
        assert outcome is not None
        return _END_FOR_PERSON[outcome]
    return f"{result.winner} wins!"
