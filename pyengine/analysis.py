"""What the solver answers, and the one way a back-end's scores become an answer.

A back-end scores positions for one board shape: the 3x3 table (table.py),
which knows every position, or the search (alphabeta.py), for boards too big
to tabulate. Both fold the value and the distance to the end into one int,
from the side to move, so that comparing scores prefers the fastest win and
the slowest loss; ``cells`` is the board's number of cells::

    win in n plies   ->  cells + 1 - n   (cells = win with this move)
    draw             ->  0
    loss in n plies  ->  n - (cells + 1)

``Backend`` is what both offer; ``from_scores`` turns their scores into the
typed results below, the same way for every size.
"""

from __future__ import annotations

from enum import Enum

from .board import Board, moves_to_choose
from .errors import INCOMPLETE, IllegalMoveError
from .geometry import Cell, Mask
from .records import Protocol, Record

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Iterable
    from random import Random
    from typing import Final

INFINITY: Final = 1 << 10
"""Beyond any score: an open end of a search window."""


class Value(Enum):
    """What a position is worth to the side about to move, under perfect play;
    also how a game ended for one side (its outcome).

    >>> sorted(Value, key=lambda value: value.rank), Value.LOSS.reward
    ([<Value.LOSS: 'loss'>, <Value.DRAW: 'draw'>, <Value.WIN: 'win'>], -1.0)
    """

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"

    @property
    def rank(self) -> int:
        """How a side orders the values, the one ranking of outcomes: any win (2)
        over a draw (1) over any loss (0)."""
        return 2 if self is Value.WIN else 1 if self is Value.DRAW else 0

    @property
    def reward(self) -> float:
        """What a game ending in this value pays the side, as learners count it:
        +1.0 a win, 0.0 a draw, -1.0 a loss."""
        return float(self.rank - 1)


class MoveAnalysis(Record):
    """One legal move and where it leads under perfect play.

    ``value`` is for the player making the move; ``plies`` counts from the
    position before it, this move included, to the end of the game.
    """

    cell: Cell
    value: Value
    plies: int


class Analysis(Record):
    """A position solved: its value for the side to move and every move's.

    For a finished game ``value`` is None, ``plies`` 0 and there are no moves.
    """

    board: Board
    value: Value | None
    """Win, draw or loss for the side to move; None when the game is over."""
    plies: int
    """Moves left until the end under perfect play by both sides."""
    moves: tuple[MoveAnalysis, ...]
    """Each legal move, in cell order."""
    best: tuple[Cell, ...]
    """The moves perfect play chooses among: best value, fastest win, slowest loss."""

    def move(self, cell: Cell) -> MoveAnalysis:
        """The analysis of one legal move; IllegalMoveError for any other cell,
        as ``analyze_move`` says."""
        for move in self.moves:
            if move.cell == cell:
                return move
        raise not_a_move(self.board, cell)

    def __repr__(self) -> str:
        # The moves are left out: nine of them drown the rest.
        return f"Analysis(board={self.board!r}, value={self.value!r}, plies={self.plies}, best={self.best})"


def not_a_move(board: Board, cell: object) -> IllegalMoveError:
    """The error for a cell that is not one of ``board``'s legal moves, with the reason."""
    try:
        board.play(cell)  # type: ignore[arg-type]  # finds the reason: off the board, taken, or over
    except IllegalMoveError as error:
        return IllegalMoveError(f"cell {cell!r} is not a legal move in {board}: {error}", cell, error.reason)
    raise AssertionError(f"cell {cell!r} is legal in {board}")  # callers ask only for illegal ones


def value_and_plies(score: int, empties: int, cells: int) -> tuple[Value, int]:
    """A score read back: the value for the side to move and the plies to the end."""
    if score > 0:
        return Value.WIN, cells + 1 - score
    if score < 0:
        return Value.LOSS, cells + 1 + score
    return Value.DRAW, empties  # a drawn game ends only when the board is full


def from_scores(board: Board, scored: list[tuple[Cell, int]], cells: int) -> Analysis:
    """The Analysis of a live ``board`` from every legal move's score."""
    empties = len(board.legal_moves)
    top = max(score for _, score in scored)
    moves = tuple(MoveAnalysis(cell, *value_and_plies(score, empties, cells)) for cell, score in scored)
    value, plies = value_and_plies(top, empties, cells)
    best = tuple(cell for cell, score in scored if score == top)
    return Analysis(board=board, value=value, plies=plies, moves=moves, best=best)


def finished(board: Board) -> Analysis:
    """The Analysis of a game that is over: no value, no moves."""
    return Analysis(board=board, value=None, plies=0, moves=(), best=())


def summarize(board: Board, moves: Iterable[MoveAnalysis]) -> Analysis:
    """The Analysis made of every legal move's: the best value, the fastest
    win or slowest loss, and the moves that reach it. IllegalMoveError unless
    the moves are each legal move of ``board`` once.

    >>> from pyengine import analyze_move
    >>> board = Board.parse("XX./OO./...")
    >>> summarize(board, [analyze_move(board, c) for c in board.legal_moves]).best
    (2,)
    """
    ordered = tuple(sorted(moves, key=lambda move: move.cell))
    if [move.cell for move in ordered] != list(board.legal_moves):
        raise IllegalMoveError(f"a summary needs every legal move of {board}, once", None, INCOMPLETE)
    if not ordered:
        return finished(board)
    top = max(_preference(move) for move in ordered)
    best = tuple(move.cell for move in ordered if _preference(move) == top)
    first = next(move for move in ordered if move.cell == best[0])
    return Analysis(board=board, value=first.value, plies=first.plies, moves=ordered, best=best)


def _preference(move: MoveAnalysis) -> tuple[int, int]:
    """How perfect play ranks a move: by its value's rank; then the fastest win,
    the slowest loss."""
    value = move.value
    return value.rank, -move.plies if value is Value.WIN else move.plies if value is Value.LOSS else 0


class Backend(Protocol):
    """What a back-end of the solver offers for one board shape: exact scores.

    ``score`` and ``move_score`` are exact when the answer falls inside the
    window (alpha, beta), and otherwise a bound on the side it fell; a
    back-end that knows every score exactly may ignore the window.
    """

    cells: int
    """The shape's number of cells: scores count the distance from it."""

    def score(self, me: Mask, them: Mask, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        """The score of a live position for the side to move, who holds ``me``."""
        raise NotImplementedError

    def move_score(self, me: Mask, them: Mask, bit: int, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        """The score, for the mover, of playing ``bit`` from a live position."""
        raise NotImplementedError

    def clear(self) -> None:
        """Forget everything remembered: the next question starts afresh."""
        raise NotImplementedError

    def best_moves(self, board: Board) -> tuple[Cell, ...]:
        """The cells perfect play chooses among on a live ``board``."""
        me, them = board.turn_masks
        scored = [(cell, self.move_score(me, them, 1 << cell)) for cell in board.legal_moves]
        top = max(score for _, score in scored)
        return tuple(cell for cell, score in scored if score == top)

    def perfect_move(self, board: Board, rng: Random) -> Cell:
        """A move perfect play chooses, at random among the best (``rng``
        draws only when there is a choice); IllegalMoveError once the game is over."""
        moves_to_choose(board)  # IllegalMoveError once the game is over
        best = self.best_moves(board)
        return best[0] if len(best) == 1 else rng.choice(best)
