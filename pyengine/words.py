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

from enum import Enum

from .analysis import Value
from .board import Board, Player, Result
from .choices import Choice
from .geometry import Cell
from .search import INFINITY, Algorithm, Event, Kind, Order

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from typing import Final

CELL_NAMES: Final = (
    "top left", "top", "top right",
    "left", "centre", "right",
    "bottom left", "bottom", "bottom right",
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


# -- the searches (search.py) in words ---------------------------------------------

ALGORITHM_NAMES: Final = {
    Algorithm.MINIMAX: "Minimax",
    Algorithm.ALPHABETA: "Alpha-beta",
    Algorithm.MEMO: "Memoised minimax",
}
"""What each algorithm is called on the page (its choice and its race row)."""

ORDER_NAMES: Final = {
    Order.CELLS: "cell order",
    Order.CCE: "centre, corners, edges",
    Order.ENGINE: "the engine's order",
}
"""What each move order is called on the page."""



class Convention(Choice, Enum, noun="convention"):
    """Whose point of view a search's values are stated from.

    The search computes every value for the side to move (negamax: one rule
    for both sides, the sign flipped on the way up). Classrooms and most
    textbooks state the same values from X's side instead: X is MAX and wants
    them high, O is MIN and wants them low, and alpha is MAX's best so far,
    beta MIN's. The numbers are the same up to a sign at O's positions.
    """

    NEGAMAX = "negamax"
    """Each value for the side to move at its position; the window is that side's."""
    MAXMIN = "maxmin"
    """Each value from X's side; alpha is MAX's (X's) bound, beta MIN's (O's)."""


def stated(value: int, side: Player, convention: Convention) -> int:
    """A value the search gives for ``side``, as ``convention`` states it.

    >>> stated(1, Player.O, Convention.MAXMIN), stated(1, Player.O, Convention.NEGAMAX)
    (-1, 1)
    """
    return -value if convention is Convention.MAXMIN and side is Player.O else value


def stated_window(alpha: int, beta: int, side: Player, convention: Convention) -> tuple[int, int]:
    """The alpha-beta window ``(alpha, beta)`` the search keeps for ``side``, as
    ``convention`` states it. From X's side, O's window ``(a, b)`` is
    ``(-b, -a)``: O's lower bound on its own value is an upper bound on X's.

    >>> stated_window(-1, 2, Player.O, Convention.MAXMIN)
    (-2, 1)
    """
    if convention is Convention.MAXMIN and side is Player.O:
        return -beta, -alpha
    return alpha, beta


def signed(value: int) -> str:
    """A value or a window's end as the page shows it: +1, 0, or -1 and the
    infinities with a true minus sign (U+2212) and the infinity sign."""
    if value >= INFINITY:
        return "+\u221e"
    if value <= -INFINITY:
        return "\u2212\u221e"
    return f"+{value}" if value > 0 else "0" if value == 0 else f"\u2212{-value}"


def path_words(board: Board, path: tuple[Cell, ...]) -> str:
    """The moves from the root, as a person reads them: ``'X centre, O top left'``."""
    if not path:
        return "the root (the position searched)"
    # Who played the first move: count back from the position's own side to move.
    sides = []
    side = Player.X if (board.ply - len(path)) % 2 == 0 else Player.O
    for _ in path:
        sides.append(side)
        side = side.other
    return ", ".join(f"{who} {cell_name(cell, board.size)}" for who, cell in zip(sides, path, strict=True))


def board_words(board: Board) -> str:
    """A position in words, for a screen reader: the marks, and who moves."""
    parts = []
    for player in (Player.X, Player.O):
        cells = [cell_name(c, board.size) for c in range(board.geometry.cells) if board[c] is player]
        parts.append(f"{player} on {', '.join(cells)}" if cells else f"no {player}")
    if board.is_over:
        end = board.result.summary
        return f"{'; '.join(parts)}. The game is over: {end}."
    return f"{'; '.join(parts)}. {board.to_move} to move."


def describe(event: Event, algorithm: Algorithm) -> str:
    """One step in a sentence: what happened, and why it matters."""
    board, kind = event.board, event.kind
    side = board.to_move
    window = (
        f", window ({signed(event.alpha)}, {signed(event.beta)})" if algorithm is Algorithm.ALPHABETA else ""
    )
    if kind is Kind.ENTER:
        where = "the root" if not event.path else f"after {path_words(board, event.path)}"
        if board.is_over:
            return f"Enter {where}: the game is over."
        return f"Enter {where}: {side} to move{window}."
    if kind is Kind.LEAF:
        value = signed(event.value or 0)
        if board.result is Result.DRAW:
            return "A finished game: a draw, worth 0."
        loser = board.winner.other if board.winner else None
        return f"A finished game: {board.result.summary}, worth {value} to {loser}, who would move next."
    size = board.size
    best = f"{cell_name(event.best, size)}" if event.best is not None else "none"
    if kind is Kind.UP:
        assert event.move is not None and event.value is not None
        return (f"Back at {side}'s turn: {cell_name(event.move, size)} is worth {signed(event.value)} to {side}; "
                f"best so far: {best}{window}.")
    if kind is Kind.CUTOFF:
        skipped = ", ".join(cell_name(c, size) for c in event.skipped)
        return (f"Cut-off: \u03b1 {signed(event.alpha)} \u2265 \u03b2 {signed(event.beta)}. The opponent, one "
                f"move up, already has a choice at least as good, so it will never let the game reach this "
                f"position: {skipped} {'is' if len(event.skipped) == 1 else 'are'} not searched.")
    if kind is Kind.HIT:
        return f"Seen before: the table says this position is worth {signed(event.value or 0)} to {side}."
    return (f"Done: the position is worth {signed(event.value or 0)} to {side}"
            + (f"; best move {best}." if event.best is not None else "."))
