"""The game review: where a finished game gave value away, and what was better.

Chess sites call this a game review. Walking a game from its start, every
move made by a side under review is solved: the value of the position before
it (for the side to move) against the value of the move played. A move whose
value is below the position's gave value away (a win became a draw or a
loss, or a draw became a loss); the first such move is where the game was
lost or drawn. Only the value counts, not the distance: a slower win is still
a win.

>>> start = Board.empty()
>>> mistake = first_mistake(start, (4, 1, 0, 8, 2), (Player.O,))
>>> mistake.ply, mistake.cell, mistake.before.value, mistake.played.value
(1, 1, <Value.DRAW: 'draw'>, <Value.LOSS: 'loss'>)
>>> tuple(move.cell for move in mistake.better)
(0, 2, 6, 8)
>>> first_mistake(start, (8, 4, 7, 6, 2, 5, 3, 1, 0), (Player.X, Player.O)) is None
True
"""

from __future__ import annotations

from .analysis import Analysis, MoveAnalysis
from .board import Board, Player
from .geometry import Cell
from .records import Record
from .solver import analyze

TYPE_CHECKING = False  # see board.py
if TYPE_CHECKING:
    from collections.abc import Collection, Iterable, Iterator


class MoveReview(Record):
    """One move of a game, solved from the position before it."""

    ply: int
    """The move's index in the game: 0 for the first move."""
    cell: Cell
    """The cell played."""
    before: Analysis
    """The position before the move, solved: its value is the mover's under perfect play."""
    played: MoveAnalysis
    """The move played, as that analysis values it (for the mover)."""

    @property
    def gave_away(self) -> bool:
        """Whether the move's value is below the position's: a win let go, or a draw."""
        assert self.before.value is not None  # a move was made, so the game went on
        return self.played.value.rank < self.before.value.rank

    @property
    def better(self) -> tuple[MoveAnalysis, ...]:
        """The moves worth more than the one played, best first (then in cell order)."""
        worth = self.played.value.rank
        better = [move for move in self.before.moves if move.value.rank > worth]
        best = set(self.before.best)
        return tuple(sorted(better, key=lambda move: (-move.value.rank, move.cell not in best, move.cell)))


def review(start: Board, moves: Iterable[Cell], sides: Collection[Player]) -> Iterator[MoveReview]:
    """Each move of the game from ``start`` made by one of ``sides``, solved,
    in the order played. Lazy: one position is solved per move taken, so a
    page can spread a 4x4 game's review over several tasks.

    Raises IllegalMoveError, before solving anything, if ``moves`` is not a
    game the rules allow from ``start``.
    """
    boards = [start]
    cells = tuple(moves)
    for cell in cells:
        boards.append(boards[-1].play(cell))  # raises on an illegal move, before any work
    return _reviews(boards, cells, frozenset(sides))


def _reviews(boards: list[Board], cells: tuple[Cell, ...], sides: frozenset[Player]) -> Iterator[MoveReview]:
    for ply, cell in enumerate(cells):
        board = boards[ply]
        if board.to_move in sides:
            before = analyze(board)
            yield MoveReview(ply=ply, cell=cell, before=before, played=before.move(cell))


def first_mistake(start: Board, moves: Iterable[Cell], sides: Collection[Player]) -> MoveReview | None:
    """The first move by one of ``sides`` that gave value away, or None if
    none did: every move kept the value its position had."""
    return next((move for move in review(start, moves, sides) if move.gave_away), None)


__all__ = ["MoveReview", "first_mistake", "review"]
